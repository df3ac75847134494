#!/usr/bin/env python3
"""CGPredict's Table 4 with warplint --port: for each of the 15 PolyBench
kernels (the sequential C in this folder, written from the PolyBench
descriptions), warplint's predicted GPU time on the Jetson TK1 against the
times CGPredict publishes.

Source of the published numbers: Wang, Zhong & Mitra, "CGPredict: Embedded
GPU Performance Estimation from Single-Threaded Applications", ACM TECS 2017,
Table 4 (shared/papers/004_*.txt): "Actual Time (ms)" measured on the Jetson
TK1 and CGPredict's "Estimated Time (ms)".

usage: table.py WARPLINT [--model=cgpredict] [--json]
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from compare import spearman  # noqa: E402  (validation/compare.py)

# name, file, function, extra options, paper actual ms, paper estimated ms
KERNELS = [
    ("2DCONV", "2dconv.c", "conv2d", [], 29.52, 28.01),
    ("2MM", "2mm.c", "mm2", [], 16294.07, 15518.11),
    ("3DCONV", "3dconv.c", "conv3d", ["--port-map=x=k,y=j"], 84.54, 68.30),
    ("3MM", "3mm.c", "mm3", [], 5990.76, 5819.73),
    ("ATAX", "atax.c", "atax", [], 201.70, 193.04),
    ("BICG", "bicg.c", "bicg", [], 237.69, 199.22),
    ("CORR", "corr.c", "corr", ["--port-independent=j1"], 3071.66, 2678.05),
    ("COVAR", "covar.c", "covar", ["--port-independent=j1"], 3073.58, 3465.71),
    ("FDTD-2D", "fdtd2d.c", "fdtd2d", [], 1492.23, 1243.21),
    ("GEMM", "gemm.c", "gemm", [], 249.16, 242.53),
    ("GESUMMV", "gesummv.c", "gesummv", [], 680.85, 769.69),
    ("GRAMSCHM", "gramschmidt.c", "gramschmidt", [], 43.79, 45.58),
    ("MVT", "mvt.c", "mvt", [], 215.96, 193.04),
    ("SYR2K", "syr2k.c", "syr2k", [], 5430.54, 5204.73),
    ("SYRK", "syrk.c", "syrk", [], 2762.50, 2605.45),
]


def main():
    warplint = sys.argv[1]
    model = next((a for a in sys.argv[2:] if a.startswith("--model=")),
                 "--model=cgpredict")
    extra = [a for a in sys.argv[2:] if a == "--port-restrict"]
    rows = []
    for name, f, fn, opts, actual, estimated in KERNELS:
        cmd = [warplint, "--port=" + fn, os.path.join(HERE, f),
               "--arch=jetson_tk1", model, "--format=json"] + extra + opts + ["--"]
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit("%s: warplint failed (%d): %s" % (name, out.returncode,
                                                       out.stderr))
        report = json.loads(out.stdout)
        ms = report["total_seconds"] * 1e3
        maps = ", ".join(m["mapping"] for k in report["kernels"]
                         for m in k["mappings"] if m["chosen"])
        rows.append((name, estimated, actual, ms, maps))
    if "--json" in sys.argv:
        print(json.dumps([dict(zip(("kernel", "paper_estimated_ms",
                                    "paper_actual_ms", "warplint_ms",
                                    "mappings"), r)) for r in rows], indent=1))
        return
    print("| kernel | paper estimate (ms) | paper measured (ms) | warplint (ms) "
          "| error vs measured | mappings |")
    print("|---|---:|---:|---:|---:|---|")
    errors = []
    for name, est, act, ms, maps in rows:
        err = (ms - act) / act * 100
        errors.append(abs(err))
        print("| %s | %.2f | %.2f | %.2f | %+.1f %% | %s |" % (name, est, act,
                                                            ms, err, maps))
    print()
    print("mean absolute error: %.1f %%" % (sum(errors) / len(errors)))
    print("Spearman (warplint vs measured): %.3f" %
          spearman([r[3] for r in rows], [r[2] for r in rows]))
    print("Spearman (paper estimate vs measured): %.3f" %
          spearman([r[1] for r in rows], [r[2] for r in rows]))


if __name__ == "__main__":
    main()
