#!/usr/bin/env python3
"""Instructions per thread or warp: warplint's counts against the PTX's.

    counts.py [--warplint build/bin/warplint] [--arch sm_80] [FILE.cu ...]

For every kernel launch of the validation families (or the files given),
three counts of the instructions one thread (one warp) runs over a launch:

  source   the per-thread counts of docs/models/instruction-counts.md, as
           the paper models take them (every operation of the source,
           both sides of every branch, no unrolling);
  model    warplint's model's issued instructions per warp
           (docs/models/warplint.md: warp level, small constant loops
           unrolled, integer division as its software sequence);
  ptx      the counts of nvcc's PTX for the same kernel, with the trip
           counts applied (`--counts-from=ptx`; needs nvcc, e.g.
           /usr/local/cuda/bin on PATH or --cuda-path).

and the ratios source/ptx and model/ptx, as a Markdown table. Standard
library only.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def estimate(warplint, path, arch, extra):
    cmd = [warplint, "--estimate", "--format=json", f"--arch={arch}"] + extra + [path, "--"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    try:
        return json.loads(p.stdout).get("kernels", [])
    except json.JSONDecodeError:
        sys.exit(f"counts.py: no JSON from {' '.join(cmd)}:\n{p.stderr}")


def total(k):
    c = k["hong_kim"]["counts"]
    return c["comp_insts"] + c["coal_mem_insts"] + c["uncoal_mem_insts"], c["source"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warplint", default=os.path.join(HERE, "..", "build", "bin", "warplint"))
    ap.add_argument("--arch", default="sm_80")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args(argv)
    files = a.files or sorted(glob.glob(os.path.join(HERE, "*", "*.cu")))
    files = [f for f in files if os.sep + "harness" + os.sep not in f]
    print("| file | kernel | source | model | ptx | source/ptx | model/ptx |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    rs, rm = [], []
    for f in files:
        src = estimate(a.warplint, f, a.arch, ["--model=warplint"])
        ptx = estimate(a.warplint, f, a.arch, ["--model=warplint", "--counts-from=ptx"])
        seen = set()
        for ks, kp in zip(src, ptx):
            if ks["kernel"] in seen:
                continue
            seen.add(ks["kernel"])
            s, _ = total(ks)
            p, how = total(kp)
            ext = ks["hong_kim"].get("extension", {})
            m = ext.get("per_warp", {}).get("issue_instructions")
            if how != "ptx" or not p:
                print(f"| {os.path.relpath(f, HERE)} | {ks['kernel']} | {s:.0f} | "
                      f"{'-' if m is None else f'{m:.0f}'} | (no PTX count) | | |")
                continue
            rs.append(s / p)
            if m is not None:
                rm.append(m / p)
            print(f"| {os.path.relpath(f, HERE)} | {ks['kernel']} | {s:.0f} | "
                  f"{'-' if m is None else f'{m:.0f}'} | {p:.0f} | {s / p:.2f} | "
                  f"{'-' if m is None else f'{m / p:.2f}'} |")
    if rs:
        print(f"| **median** | | | | | **{statistics.median(rs):.2f}** | "
              f"**{statistics.median(rm):.2f}** |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
