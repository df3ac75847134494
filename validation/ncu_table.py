#!/usr/bin/env python3
"""Nsight Compute's counters per validation variant, as a Markdown table.

    ncu_table.py METRICS.csv HARNESS.csv

METRICS.csv is `ncu --csv --page raw --metrics ...` of
`warplint-validate --warmup 0 --reps 1` (bench/gpu-validate.sh writes both
files): every variant is launched twice (the checked launch, then the one
timed rep), in the order of HARNESS.csv, the harness's own CSV of that run.
The second launch of each variant is read. Columns:

  ld, st      global sectors per request (l1tex__t_sectors / t_requests,
              pipe_lsu, op_ld / op_st): 4 is a coalesced warp of floats
  sh ld, sh st shared-memory wavefronts per instruction (data_pipe_lsu
              wavefronts / smsp__inst_executed_op_shared_*): 1 is
              conflict-free, n an n-way conflict on average
  uniform %   smsp__sass_average_branch_targets_threads_uniform.pct
  thr/inst    active threads per executed instruction (32: no divergence)
  DRAM MB     bytes read + written at DRAM, 10^6

Kernel-wide averages over every access of the kind: a kernel with one
coalesced and one 32-sector access shows 18. Standard library only.
"""
import csv
import sys


def num(s):
    try:
        return float(s.replace(",", ""))
    except ValueError:
        return None


def ratio(a, b):
    return "%.2f" % (a / b) if a is not None and b else "-"


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    rows = list(csv.reader(open(argv[1], newline="")))
    heads = [i for i, r in enumerate(rows) if r and r[0] == "ID"]
    if not heads:
        print("%s: no 'ID' header: not `ncu --csv --page raw` output" % argv[1],
              file=sys.stderr)
        return 2
    head = rows[heads[0]]
    data = rows[heads[0] + 2:]  # the line after the header holds the units
    col = {n: i for i, n in enumerate(head)}
    variants = list(csv.DictReader(open(argv[2], newline="")))
    if len(data) != 2 * len(variants):
        print("%s: %d launches for the %d variants of %s (2 each expected)" % (
            argv[1], len(data), len(variants), argv[2]), file=sys.stderr)
        return 2

    def g(r, name):
        return num(r[col[name]]) if name in col else None

    p = "l1tex__t_%s_pipe_lsu_mem_global_op_%s.sum"
    w = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum"
    i = "smsp__inst_executed_op_shared_%s.sum"
    print("| family | variant | kernel | ld | st | sh ld | sh st | uniform % "
          "| thr/inst | DRAM MB |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for k, v in enumerate(variants):
        r = data[2 * k + 1]
        dram = (g(r, "dram__bytes_read.sum") or 0) + (g(r, "dram__bytes_write.sum") or 0)
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %.1f |" % (
            v["family"], v["variant"], r[col["Kernel Name"]].split("(")[0],
            ratio(g(r, p % ("sectors", "ld")), g(r, p % ("requests", "ld"))),
            ratio(g(r, p % ("sectors", "st")), g(r, p % ("requests", "st"))),
            ratio(g(r, w % "ld"), g(r, i % "ld")),
            ratio(g(r, w % "st"), g(r, i % "st")),
            "%.1f" % g(r, "smsp__sass_average_branch_targets_threads_uniform.pct"),
            "%.2f" % g(r, "smsp__thread_inst_executed_per_inst_executed.ratio"),
            dram / 1e6))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
