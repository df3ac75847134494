#!/usr/bin/env python3
"""The explorer's ranking against measured variants (docs/explore.md).

    explore-vs-measured.py --family stencil|transpose|blocksize|copy --arch ARCH
        (--published validation/published/measurements.csv --gpu 'Tesla C1060'
         | --results validation/results/h200-2026-11-26.csv)
        [--warplint build/bin/warplint] [-- extra compiler flags]

Runs `warplint --explore --format=json` on the family's starting kernel
(the stencil's noShared, the transpose's trNaive), names each variant the
explorer generated after the hand-written kernel of validation/ that makes
the same change, and compares the explorer's predicted times with the
measured times of those kernels: the pairs ordered alike (a pair tied on
one side counts 1/2), and whether the explorer's first choice among them
is the one measured fastest. Prints a Markdown table. Standard library only.
"""
import argparse
import csv
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# explorer variant -> (kernel in validation/, harness variant name)
FAMILIES = {
    "stencil": ("stencil/cumapz_stencil.cu", "noShared", {
        "as written": ("noShared", "no_shared"),
        **{"stage in ref %d %s" % (k + 1, lay): (
            "fetch%d%s" % (k, {"rows": "Row", "columns": "Col", "padded": "Pad"}[lay]),
            "fetch%d_%s" % (k, {"rows": "row", "columns": "col", "padded": "pad"}[lay]))
           for k in range(3) for lay in ("rows", "columns", "padded")},
        # Measured by the harness only (not in the paper).
        "block 32x8": ("", "no_shared_32x8"),
        "block 128x1": ("", "no_shared_128x1")}),
    "transpose": ("transpose/transpose.cu", "trNaive", {
        "as written": ("trNaive", "naive"),
        "stage out store": ("trTiled", "tiled"),
        "stage out store + pad": ("trPadded", "padded"),
        "stage out store + pad + diagonal": ("trDiagonal", "diagonal")}),
    # The harness launches bsSaxpy first with 32-thread blocks.
    "blocksize": ("blocksize/blocksize.cu", "bsSaxpy", {
        "as written": ("bsSaxpy", "saxpy_b32"),
        **{"block %dx1" % n: ("bsSaxpy", "saxpy_b%d" % n)
           for n in (64, 128, 256, 512, 1024)},
        "float2 per thread": ("", "saxpy2_b32"),
        "float4 per thread": ("", "saxpy4_b32")}),
    "copy": ("copy/copy.cu", "copyAligned", {
        "as written": ("", "aligned"),
        "float2 per thread": ("", "vec2"),
        "float4 per thread": ("", "vec4"),
        **{"block %dx1" % n: ("", "-") for n in (64, 128, 512)}}),
}


def measured(a, fam):
    out = {}
    if a.published:
        for r in csv.DictReader(open(a.published, newline="")):
            if r["gpu"] == a.gpu and r["family"].startswith(fam):
                v = float(r["value"])
                out[r["kernel"]] = v if r["unit"] == "ms" else 1.0 / v
    else:
        for r in csv.DictReader(open(a.results, newline="")):
            if r["family"] == fam:
                out[r["variant"]] = float(r["median_ms"])
    return out


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--family", required=True, choices=sorted(FAMILIES))
    ap.add_argument("--arch", required=True)
    ap.add_argument("--published")
    ap.add_argument("--gpu")
    ap.add_argument("--results")
    ap.add_argument("--warplint", default=os.path.join(ROOT, "build", "bin", "warplint"))
    ap.add_argument("flags", nargs="*")
    a = ap.parse_args(argv)
    if bool(a.published) == bool(a.results):
        ap.error("give --published (with --gpu) or --results")
    src, start, names = FAMILIES[a.family]
    p = subprocess.run([a.warplint, "--explore", "--format=json", "--arch=" + a.arch,
                        os.path.join(ROOT, "validation", src), "--"] + a.flags,
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.stderr.write(p.stderr)
        return 2
    kern = [k for k in json.loads(p.stdout)["kernels"] if k["kernel"] == start][0]
    meas = measured(a, a.family)
    key = 0 if a.published else 1
    rows = []
    for v in kern["variants"]:
        if v["variant"] in names and names[v["variant"]][key] in meas:
            rows.append((v["variant"], names[v["variant"]][key], v["rank"],
                         v["time_seconds"], meas[names[v["variant"]][key]]))
    agree = 0.0
    n = 0
    for i in range(len(rows)):
        for j in range(i + 1, len(rows)):
            dp = rows[i][3] - rows[j][3]
            dm = rows[i][4] - rows[j][4]
            n += 1
            if dp == 0 or dm == 0:
                agree += 0.5
            elif (dp < 0) == (dm < 0):
                agree += 1
    # Variants with the same estimate share the explorer's first place.
    low = min(r[3] for r in rows)
    best_pred = (" = ".join(r[1] for r in rows if r[3] <= low * (1 + 1e-9)),)
    best_meas = min(rows, key=lambda r: r[4])
    print("| explorer's variant | measured as | explorer rank (of %d) | predicted µs | measured |"
          % len(kern["variants"]))
    print("| --- | --- | --- | --- | --- |")
    for r in sorted(rows, key=lambda r: r[4]):
        print("| %s | %s | %d | %.4g | %.4g %s |" % (
            r[0], r[1], r[2], r[3] * 1e6, r[4], "ms" if a.results or a.family == "stencil"
            else "(1/GB/s)"))
    print()
    print("%s on %s: %d of the measured variants generated; pairs ordered alike "
          "%.3f (%.1f/%d); explorer's first among them: %s; measured fastest: %s"
          % (a.family, a.arch, len(rows), agree / n if n else 0, agree, n,
             best_pred[0], best_meas[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
