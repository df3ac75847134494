#!/usr/bin/env python3
"""Write a SYNTHETIC measurement CSV in the harness's format, for the tests
and the documentation of validation/compare.py. No GPU produced it: every
row says so (source = synthetic, gpu_name "SYNTHETIC (no GPU)").

    synthetic_csv.py OUT.csv [--cc 8.0] [--clock 1000] FAMILY/VARIANT=MS[:CHECK] ...

MS is the median time given on the command line (ms); CHECK is pass (the
default) or fail.
"""
import argparse
import csv
import shlex
import sys

COLUMNS = ["source", "family", "variant", "file", "problem", "warmup", "reps",
           "median_ms", "q1_ms", "q3_ms", "min_ms", "max_ms", "stdev_ms",
           "check", "checked", "max_error", "gpu_name", "cc", "sm_count",
           "sm_clock_mhz", "mem_clock_mhz", "mem_bus_bits", "driver_version",
           "runtime_version", "date", "host", "command"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--cc", default="8.0")
    ap.add_argument("--clock", default="1000")
    ap.add_argument("rows", nargs="+")
    a = ap.parse_args()
    cmd = "synthetic_csv.py " + " ".join(shlex.quote(x) for x in sys.argv[1:])
    with open(a.out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(COLUMNS)
        for spec in a.rows:
            name, _, value = spec.partition("=")
            family, _, variant = name.partition("/")
            ms, _, check = value.partition(":")
            w.writerow(["synthetic", family, variant, "", "synthetic", 0, 0,
                        ms, ms, ms, ms, ms, 0, check or "pass", 0, 0,
                        "SYNTHETIC (no GPU)", a.cc, 0, a.clock, 0, 0, "", "",
                        "", "", cmd])


if __name__ == "__main__":
    main()
