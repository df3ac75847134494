"""Time of warplint on kernels that were once super-linear (issue 41's
bad-input battery), for one or two binaries side by side: the median of
RUNS runs per case and, with two binaries, the ratio.

  python3 bench/bounded-work.py [--runs N] WARPLINT [OLD_WARPLINT]

Cases: `--estimate` on 6 nested grid-stride loops (the L2 trace unrolled
every loop up to 16 times), 4,000 misaligned stores in one loop (the
uncoalesced check's neighbour search compared every pair), 32,000 strided
stores in one kernel (its merging of findings did). Goals: every case's
time grows with the kernel's size, not with a power of it
(test/tools/bounded-work.test holds the bounds).
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time


def nest(d):
    v = "ijklmopq"
    s = "__global__ void k(float *a, int n) {\n"
    for x in range(d):
        s += "  " * (x + 1) + "for (int %s = threadIdx.x; %s < n; %s += blockDim.x)\n" % (v[x], v[x], v[x])
    s += "  " * (d + 1) + "a[" + " + ".join(v[:d]) + "] += 1.0f;\n}\n"
    return s + "void h(float *a) { k<<<1, 256>>>(a, 4096); }\n"


def loop(n):
    s = "__global__ void k(float *a, int m) {\n  int t = blockIdx.x * blockDim.x + threadIdx.x;\n  for (int j = 0; j < m; ++j) {\n"
    s += "".join("    a[t + j * 1048576 + %d] = %d.0f;\n" % (i * 64 + 1, i) for i in range(n))
    return s + "  }\n}\n"


def stores(n):
    s = "__global__ void k(float *a) {\n  int t = blockIdx.x * blockDim.x + threadIdx.x;\n"
    s += "".join("  a[t * %d + %d] = %d.0f;\n" % (i % 7 + 2, i, i) for i in range(n))
    return s + "}\n"


CASES = [("--estimate, 6 nested grid-stride loops", "--estimate", nest(6)),
         ("4,000 misaligned stores in a loop", "--quiet", loop(4000)),
         ("32,000 strided stores", "--quiet", stores(32000))]


def median_time(binary, flag, path, runs):
    ts = []
    for _ in range(runs):
        t = time.monotonic()
        subprocess.run([binary, flag, path, "--"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        ts.append(time.monotonic() - t)
    return statistics.median(ts)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("binaries", nargs="+")
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as d:
        print("| case | " + " | ".join(os.path.basename(os.path.dirname(os.path.dirname(b))) or b
                                      for b in a.binaries) +
              (" | ratio |" if len(a.binaries) == 2 else " |"))
        for name, flag, text in CASES:
            path = os.path.join(d, "k.cu")
            with open(path, "w") as f:
                f.write(text)
            ms = [median_time(b, flag, path, a.runs) for b in a.binaries]
            row = "| %s | %s |" % (name, " | ".join("%.2f s" % m for m in ms))
            if len(ms) == 2:
                row += " %.1fx |" % (ms[1] / ms[0])
            print(row)


if __name__ == "__main__":
    main()
