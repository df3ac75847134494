#!/usr/bin/env python3
"""The launch warplint analyses against the launch that ran (docs/validation.md).

    launch-truth.py --samples CUDA_SAMPLES_DIR --db BUILD_DIR
        [--measured ../shared/measured/h200-cuda-samples] [--arch h200]
        [--warplint build/bin/warplint] [--json OUT.json]

For every kernel of the measured cuda-samples programs (kernels.csv: the
grid, block and time of each kernel's first launch on an H200), runs
`warplint --estimate --format=json` on the program's files from a compile
database of NVIDIA cuda-samples (CMake + nvcc, the commit named in the
measurements' README) and compares:

- the grid and block warplint analysed with the measured ones: "exact" when
  all six numbers agree and none of them was assumed (a default grid or
  block dimension that happens to match is not exact);
- each kernel's class, read from the sources by hand (the table below): "the
  source determines it", or "depends on run time" and on what;
- the default estimate (`hong_kim.time_s`, the model warplint selects for the
  GPU) against the measured time: the error factor max(p/m, m/p), its median
  and the share within 2x.

A kernel launched several times is compared at its first launch (the one
measured). Prints a Markdown table and the counts; standard library only.
"""
import argparse
import csv
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Program -> the files measured (as ../shared/measured/h200-cuda-samples/build.sh
# compiles them), relative to Samples/.
PROGRAMS = {
    "cs_vectorAdd": ["0_Introduction/vectorAdd/vectorAdd.cu"],
    "cs_matrixMul": ["0_Introduction/matrixMul/matrixMul.cu"],
    "cs_reduction": ["2_Concepts_and_Techniques/reduction/reduction.cpp",
                     "2_Concepts_and_Techniques/reduction/reduction_kernel.cu"],
    "cs_scalarProd": ["2_Concepts_and_Techniques/scalarProd/scalarProd.cu"],
    "cs_histogram": ["2_Concepts_and_Techniques/histogram/histogram256.cu",
                     "2_Concepts_and_Techniques/histogram/histogram64.cu",
                     "2_Concepts_and_Techniques/histogram/main.cpp"],
    "cs_convSep": ["2_Concepts_and_Techniques/convolutionSeparable/convolutionSeparable.cu",
                   "2_Concepts_and_Techniques/convolutionSeparable/main.cpp"],
    "cs_sortNet": ["2_Concepts_and_Techniques/sortingNetworks/bitonicSort.cu",
                   "2_Concepts_and_Techniques/sortingNetworks/main.cpp"],
    "cs_tfReduction": ["2_Concepts_and_Techniques/threadFenceReduction/threadFenceReduction.cu"],
    "cs_scan": ["2_Concepts_and_Techniques/scan/scan.cu",
                "2_Concepts_and_Techniques/scan/main.cpp"],
    "cs_blackScholes": ["5_Domain_Specific/BlackScholes/BlackScholes.cu"],
    "cs_binomial": ["5_Domain_Specific/binomialOptions/binomialOptions.cpp",
                    "5_Domain_Specific/binomialOptions/binomialOptions_kernel.cu"],
    "cs_fwt": ["5_Domain_Specific/fastWalshTransform/fastWalshTransform.cu"],
    "cs_qrng": ["5_Domain_Specific/quasirandomGenerator/quasirandomGenerator.cpp",
                "5_Domain_Specific/quasirandomGenerator/quasirandomGenerator_kernel.cu"],
    "cs_sobol": ["5_Domain_Specific/SobolQRNG/sobol.cpp",
                 "5_Domain_Specific/SobolQRNG/sobol_gpu.cu"],
    "cs_transpose": ["6_Performance/transpose/transpose.cu"],
    "cs_alignedTypes": ["6_Performance/alignedTypes/alignedTypes.cu"],
    "cs_shflScan": ["2_Concepts_and_Techniques/shfl_scan/shfl_scan.cu"],
    "cs_fdtd3d": ["5_Domain_Specific/FDTD3d/src/FDTD3d.cpp",
                  "5_Domain_Specific/FDTD3d/src/FDTD3dGPU.cu"],
}

# (program, kernel) -> what the measured launch depends on beyond the source,
# read from the sources by hand; absent: the source determines it (the default
# problem size, no argument given, as the measurements ran).
RUNTIME = {
    ("cs_fdtd3d", "FiniteDifferencesKernel"):
        "cudaFuncGetAttributes: the block is capped by the kernel's "
        "maxThreadsPerBlock (its registers), and the volume by the "
        "device's memory (cudaGetDeviceProperties)",
}
# (program, kernel) -> the device properties the launch is computed from:
# determined by the source and the GPU analysed (its arch file gives them to
# the host code's cudaGetDeviceProperties), so counted with the source's.
GPU = {("cs_sobol", "sobolGPU_kernel"):
       "gridDim.x is 4 x the SM count (cudaGetDeviceProperties), rounded up "
       "to a power of two"}
# The transpose kernels' size is scaled by the GPU: the number of SMs times
# the cores per SM (cudaGetDeviceProperties, cuda-samples' _ConvertSMVer2Cores).
for _k in ("copy", "copySharedMem", "transposeNaive", "transposeCoalesced",
           "transposeNoBankConflicts", "transposeCoarseGrained",
           "transposeFineGrained", "transposeDiagonal"):
    GPU[("cs_transpose", _k)] = (
        "SMs x cores per SM (cudaGetDeviceProperties, _ConvertSMVer2Cores) "
        "scale the matrix")


def triple(text):
    return [int(v) for v in text.strip("() ").split(",")]


def analysed(args, prog):
    files = [os.path.join(args.samples, "Samples", f) for f in PROGRAMS[prog]]
    cmd = [args.warplint, "-p", args.db, "--estimate", "--format=json",
           "--arch=" + args.arch, "--quiet", "--parse-errors=report"] + files
    run = subprocess.run(cmd, capture_output=True, text=True)
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError:
        sys.stderr.write("%s: no JSON (exit %d)\n%s\n" % (prog, run.returncode, run.stderr[-2000:]))
        return {}
    out = {}
    for k in report.get("kernels", []):
        # The first entry of a kernel is its first launch in the source order.
        out.setdefault(k["kernel"].split("<")[0], []).append(k)
    return out


def targs(text):
    """A template argument list, normalised: 'int, 256U, true' and
    'int, 256, 1' compare equal."""
    if "<" not in text:
        return None
    inner = text[text.index("<") + 1:text.rindex(">")]
    norm = []
    for a in inner.split(","):
        a = a.strip().replace("unsigned int", "uint")
        a = {"true": "1", "false": "0"}.get(a, a)
        if a[:-1].isdigit() and a[-1] in "uU":
            a = a[:-1]
        norm.append(a)
    return norm


def pick(entries, signature):
    """The entry of the instantiation that ran (the signature's template
    arguments), else the first."""
    if not entries:
        return None
    want = targs(signature.split("(")[0])
    for k in entries:
        if want is not None and targs(k["kernel"]) == want:
            return k
    return entries[0]


def factor(p, m):
    return max(p / m, m / p) if p > 0 and m > 0 else float("inf")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", required=True)
    ap.add_argument("--db", required=True)
    ap.add_argument("--measured", default=os.path.join(ROOT, "..", "shared", "measured",
                                                     "h200-cuda-samples"))
    ap.add_argument("--arch", default="h200")
    ap.add_argument("--warplint", default=os.path.join(ROOT, "build", "bin", "warplint"))
    ap.add_argument("--json", help="write the table as JSON here")
    ap.add_argument("--before", help="a --json file of an earlier run: its "
                    "analysed launch and estimate are shown beside this one's")
    args = ap.parse_args()
    before = {}
    if args.before:
        with open(args.before) as f:
            before = {(t["prog"], t["kernel"]): t for t in json.load(f)}

    with open(os.path.join(args.measured, "kernels.csv")) as f:
        rows = list(csv.DictReader(f))
    cache, table = {}, []
    for r in rows:
        prog, kern = r["prog"], r["kernel"]
        if prog not in cache:
            cache[prog] = analysed(args, prog)
        k = pick(cache[prog].get(kern, []), r["signature"])
        mg, mb = triple(r["grid"]), triple(r["block"])
        ag = k["launch"]["grid"] if k else None
        ab = k["launch"]["block"] if k else None
        pred = k["hong_kim"]["time_s"] * 1e6 if k and "hong_kim" in k else 0.0
        meas = float(r["time_us"])
        dep = RUNTIME.get((prog, kern))
        # A launch whose shape warplint had to assume (a default grid or
        # block dimension) is not "exact" even where the guess matches.
        assumed = bool(k) and (
            any(a.startswith(("gridDim.", "blockDim.", "the default grid"))
                for a in k.get("assumptions", [])) or
            not k["launch"].get("origin", "").startswith("the launch at"))
        table.append({
            "prog": prog, "kernel": kern, "grid": mg, "block": mb,
            "analysed_grid": ag, "analysed_block": ab,
            "exact": ag == mg and ab == mb and not assumed,
            "assumed": assumed,
            "class": ("run time" if dep is not None else
                      "gpu" if (prog, kern) in GPU else "source"),
            "depends_on": dep or GPU.get((prog, kern), ""),
            "origin": k["launch"].get("origin", "") if k else "not analysed",
            "measured_us": meas, "estimate_us": pred,
            "factor": factor(pred, meas)})

    fmt = lambda v: "(%s)" % ", ".join(map(str, v)) if v else "-"
    short = lambda g, b: fmt(g) + " " + fmt(b)
    head = "| program | kernel | measured grid / block | analysed grid / block | exact | class | estimate / measured (us) |"
    if before:
        head = ("| program | kernel | measured grid / block | before: analysed | exact | "
                "after: analysed | exact | class | estimate before / after / measured (us) |")
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for t in table:
        cls = {"source": "source",
               "gpu": "source and the GPU: " + t["depends_on"],
               "run time": "run time: " + t["depends_on"]}[t["class"]]
        if before:
            b = before.get((t["prog"], t["kernel"]), {})
            print("| %s | %s | %s | %s | %s | %s | %s | %s | %.3g / %.3g / %.3g |" % (
                t["prog"][3:], t["kernel"], short(t["grid"], t["block"]),
                short(b.get("analysed_grid"), b.get("analysed_block")),
                "yes" if b.get("exact") else "**no**",
                short(t["analysed_grid"], t["analysed_block"]),
                "yes" if t["exact"] else "**no**", cls,
                b.get("estimate_us", 0.0), t["estimate_us"], t["measured_us"]))
        else:
            print("| %s | %s | %s | %s | %s | %s | %.3g / %.3g |" % (
                t["prog"][3:], t["kernel"], short(t["grid"], t["block"]),
                short(t["analysed_grid"], t["analysed_block"]),
                "yes" if t["exact"] else "**no**", cls,
                t["estimate_us"], t["measured_us"]))
    src = [t for t in table if t["class"] != "run time"]
    print()
    print("exact: %d of %d kernels; %d of the %d the source (and the GPU "
          "analysed) determines" % (
        sum(t["exact"] for t in table), len(table), sum(t["exact"] for t in src), len(src)))
    fs = [t["factor"] for t in table if t["factor"] != float("inf")]
    if fs:
        print("default estimate: median error factor %.2fx, %d of %d within 2x (%.0f%%)" % (
            statistics.median(fs), sum(f <= 2 for f in fs), len(fs),
            100.0 * sum(f <= 2 for f in fs) / len(fs)))
    if before:
        bsrc = [b for k, b in before.items() if RUNTIME.get(k) is None]
        bf = [b["factor"] for b in before.values() if b["factor"] != float("inf")]
        print("before: exact %d of %d kernels, %d of the %d the source (and the GPU "
              "analysed) determines; "
              "median error factor %.2fx, %d of %d within 2x" % (
                  sum(bool(b.get("exact")) for b in before.values()), len(before),
                  sum(bool(b.get("exact")) for b in bsrc), len(bsrc),
                  statistics.median(bf), sum(f <= 2 for f in bf), len(bf)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(table, f, indent=1)


if __name__ == "__main__":
    main()
