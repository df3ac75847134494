#!/usr/bin/env python3
"""warplint's per-access request width against the vector width nvcc emits.

    python3 bench/vector-width.py [FILE.cu] [--warplint BIN]
        [--nvcc /usr/local/cuda/bin/nvcc | --ptx FILE.ptx] [--arch sm_80]

For every kernel of FILE.cu (default: bench/Inputs/vector-width.cu), the
global and shared loads and stores of nvcc's PTX (`nvcc --ptx -arch=ARCH`),
each with its width in bytes (`ld.global.v2.f32` is one 8-byte load,
`ld.global.v4.u8` one 4-byte load), are compared with warplint's accesses
(`warplint --dump-facts`: the memory space, load or store, and the element
size of each access, after the merging of field accesses described in
docs/checks/uncoalesced-access.md, "Vector accesses"). A kernel matches when
the two multisets of (space, load/store, bytes) are equal. PTX that nvcc
emits for reasons of its own (a load repeated because a store in between may
alias) shows as a mismatch: read the table.

With --ptx the PTX is read from a file (one nvcc wrote earlier; the lit test
test/tools/vector-width.test uses the PTX committed next to the kernels), so
no CUDA toolkit is needed. Exit status 1 when a kernel does not match.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

TYPE_BYTES = {"8": 1, "16": 2, "32": 4, "64": 8, "128": 16}
OP_RE = re.compile(r"^\s*(ld|st)\.(global|shared)((?:\.[a-z0-9]+)*)\s")
ENTRY_RE = re.compile(r"^\.(?:visible\s+)?\.entry\s+([A-Za-z0-9_$]+)")


def ptx_accesses(text):
    """{mangled kernel name: Counter of (space, 'ld'/'st', bytes)}."""
    out = collections.OrderedDict()
    cur = None
    for line in text.splitlines():
        m = ENTRY_RE.match(line)
        if m:
            cur = m.group(1)
            out[cur] = collections.Counter()
            continue
        m = OP_RE.match(line)
        if not m or cur is None:
            continue
        mods = [x for x in m.group(3).split(".") if x]
        vec = 1
        size = None
        for x in mods:
            if x in ("v2", "v4", "v8"):
                vec = int(x[1:])
            t = re.match(r"^[bsuf](8|16|32|64|128)$", x)
            if t:
                size = TYPE_BYTES[t.group(1)]
        if size is None:
            continue
        out[cur][(m.group(2), m.group(1), vec * size)] += 1
    return out


def plain_name(mangled):
    """_Z4f2xyPfPK6float2 -> f2xy; extern "C" names unchanged."""
    m = re.match(r"^_Z(\d+)(.*)$", mangled)
    if not m:
        return mangled
    n = int(m.group(1))
    return m.group(2)[:n]


def warplint_accesses(warplint, cu, arch):
    cmd = [warplint, "--dump-facts", cu, "--", "--cuda-gpu-arch=" + arch]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("vector-width: %s failed (%d):\n%s" % (" ".join(cmd), r.returncode, r.stderr))
    d = json.loads(r.stdout)
    out = collections.OrderedDict()
    for f in d["files"]:
        for k in f["kernels"]:
            c = collections.Counter()
            for a in k["accesses"]:
                if a.get("space") not in ("global", "shared"):
                    continue
                if a.get("read"):
                    c[(a["space"], "ld", a["element_size"])] += 1
                if a.get("write"):
                    c[(a["space"], "st", a["element_size"])] += 1
            out[k["name"]] = (c, [a.get("text", "") for a in k["accesses"]])
    return out


def fmt(counter):
    parts = []
    for (space, op, size), n in sorted(counter.items()):
        parts.append("%s%s.%s.%dB" % ("%dx " % n if n > 1 else "", op, space, size))
    return ", ".join(parts) or "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cu", nargs="?", default=os.path.join(HERE, "Inputs", "vector-width.cu"))
    ap.add_argument("--warplint", default=os.path.join(ROOT, "build", "bin", "warplint"))
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--ptx", help="read nvcc's PTX from this file instead of running nvcc")
    ap.add_argument("--arch", default="sm_80")
    args = ap.parse_args()

    if args.ptx:
        with open(args.ptx) as fh:
            ptx = fh.read()
        source = "PTX from %s" % args.ptx
    else:
        if not os.path.exists(args.nvcc):
            sys.exit("vector-width: no nvcc at %s (give --nvcc, or --ptx with a PTX file)" % args.nvcc)
        cmd = [args.nvcc, "--ptx", "-arch=" + args.arch, "-o", "-", args.cu]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("vector-width: %s failed:\n%s" % (" ".join(cmd), r.stderr))
        ptx = r.stdout
        ver = subprocess.run([args.nvcc, "--version"], capture_output=True, text=True).stdout
        rel = re.search(r"release [0-9.]+", ver)
        source = "%s (%s)" % (" ".join(cmd), rel.group(0) if rel else "nvcc")

    nv = {plain_name(k): v for k, v in ptx_accesses(ptx).items()}
    wl = warplint_accesses(args.warplint, args.cu, args.arch)
    print("# %s vs warplint --dump-facts, %s" % (source, os.path.basename(args.cu)))
    print()
    print("| kernel | nvcc PTX | warplint | match |")
    print("| --- | --- | --- | --- |")
    bad = 0
    for name, (c, _texts) in wl.items():
        p = nv.get(name)
        ok = p is not None and p == c
        bad += 0 if ok else 1
        print("| %s | %s | %s | %s |" % (name, fmt(p) if p is not None else "(not in PTX)", fmt(c), "yes" if ok else "NO"))
    print()
    print("matched %d of %d kernels" % (len(wl) - bad, len(wl)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
