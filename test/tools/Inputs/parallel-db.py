"""A project whose compile database has an entry per directory with
relative paths (as Bear, compiledb and Makefile projects write them), and
runs of warplint over it at several -j, compared byte for byte.

  parallel-db.py make DIR N      write the project (N files) under DIR
  parallel-db.py cmake DIR       add a CMakeLists.txt building them with
                                 warplint as the CUDA compiler launcher
  parallel-db.py compare DIR WARPLINT FORMAT RUNS J...
      runs `WARPLINT -p DIR` from DIR/run with --format=FORMAT (the report
      to --output=report.FORMAT, a relative path) RUNS times at each -j,
      and prints one line per run; exits 1 on any difference from the
      first run, or when the report is not in DIR/run.

Every file includes "cfg.h" from its own include directory, and each
cfg.h gives another stride: a file parsed in another entry's directory
reads another cfg.h (or none) and its findings change.
"""
import json
import os
import re
import subprocess
import sys


def make(root, n):
    os.makedirs(root, exist_ok=True)
    entries = []
    for i in range(n):
        pdir = os.path.join(root, "p%d" % i)
        os.makedirs(os.path.join(pdir, "build"), exist_ok=True)
        os.makedirs(os.path.join(pdir, "inc"), exist_ok=True)
        with open(os.path.join(pdir, "inc", "cfg.h"), "w") as f:
            f.write("#define STRIDE %d\n#define WIDTH %d\n" % (i + 2, 1024 * (i + 1)))
        body = (
            '#include "cfg.h"\n'
            "__global__ void k%d(float *out, const float *in, int n) {\n"
            "  int t = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "  __shared__ float s[32][32];\n"
            "  s[threadIdx.x][threadIdx.y] = in[t * STRIDE];\n"
            "  __syncthreads();\n"
            "  if (t < n) out[t * WIDTH] = s[threadIdx.y][threadIdx.x];\n"
            "}\n"
            "void launch%d(float *o, const float *i, int n) {\n"
            "  dim3 b(32, 8);\n"
            "  k%d<<<(n + 255) / 256, b>>>(o, i, n);\n"
            "}\n" % (i, i, i))
        if i == n // 2:
            # One file that does not parse: its error is reported in its
            # place, and the others are still analysed.
            body += "int broken = undeclared_value;\n"
        with open(os.path.join(pdir, "k%d.cu" % i), "w") as f:
            f.write(body)
        entries.append({
            "directory": os.path.join(pdir, "build"),
            "file": "../k%d.cu" % i,
            "arguments": ["nvcc", "-I../inc", "-arch=sm_80", "-c", "../k%d.cu" % i,
                          "-o", "k%d.o" % i],
        })
    with open(os.path.join(root, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)


def cmake(root):
    """A CMake project over the sources make() wrote: one object library,
    each source with its own include directory, warplint as the launcher
    (no result cache: every step is analysed)."""
    n = len([d for d in os.listdir(root) if re.fullmatch(r"p[0-9]+", d)])
    # The file that does not parse would stop the build: left out.
    srcs = ["p%d/k%d.cu" % (i, i) for i in range(n) if i != n // 2]
    with open(os.path.join(root, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.18)\n"
                "project(par LANGUAGES CXX CUDA)\n"
                "find_package(warplint REQUIRED)\n"
                "add_library(kernels OBJECT %s)\n" % " ".join(srcs))
        for s in srcs:
            f.write("set_source_files_properties(%s PROPERTIES INCLUDE_DIRECTORIES "
                    "${CMAKE_CURRENT_SOURCE_DIR}/%s/inc)\n" % (s, s.split("/")[0]))
        f.write("warplint_enable(kernels ARGS --no-cache)\n")


def run_once(root, warplint, fmt, jobs):
    run_dir = os.path.join(root, "run")
    os.makedirs(run_dir, exist_ok=True)
    report = os.path.join(run_dir, "report." + fmt)
    if os.path.exists(report):
        os.remove(report)
    cmd = [warplint, "-p", "..", "-j", str(jobs)]
    if fmt != "text":
        cmd += ["--format=" + fmt, "--output=report." + fmt]
    p = subprocess.run(cmd, cwd=run_dir, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    # The run's duration is the one thing that may differ.
    out = re.sub(rb"; [0-9.]+ s\n", b"; TIME s\n", p.stdout)
    rep = b""
    if fmt != "text":
        if not os.path.exists(report):
            return None, "no report in %s" % run_dir
        with open(report, "rb") as f:
            rep = f.read()
    stray = [os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs
             if f.startswith("report.") and d != run_dir]
    if stray:
        return None, "report written elsewhere: %s" % stray
    return (p.returncode, out, p.stderr, rep), ""


def compare(root, warplint, fmt, runs, jobs):
    first = None
    bad = 0
    for j in jobs:
        for r in range(runs):
            got, why = run_once(root, warplint, fmt, j)
            if got is None:
                print("-j %d run %d: %s" % (j, r + 1, why))
                bad += 1
                continue
            if first is None:
                first = got
            same = got == first
            findings = got[1].count(b"warning:") + got[3].count(b'"check"')
            print("-j %d run %d: exit %d, %d bytes out, %d bytes err, %d bytes "
                  "report, %s" % (j, r + 1, got[0], len(got[1]), len(got[2]),
                                  len(got[3]), "same" if same else "DIFFERENT"))
            if not same:
                bad += 1
    print("%s: %d runs differ" % (fmt, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "cmake":
        cmake(sys.argv[2])
    else:
        sys.exit(compare(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]),
                         [int(j) for j in sys.argv[6:]]))
