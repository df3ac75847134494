#!/usr/bin/env python3
"""Run warplint on every .cu file under a directory, for each --arch given,
both the checks and --estimate; print 'ok <file> <arch>' or 'FAIL <file>
<arch> (exit N): <stderr>' and exit 1 if any failed. For
validation-files.test."""
import os
import subprocess
import sys


def main():
    warplint, root, archs = sys.argv[1], sys.argv[2], sys.argv[3:]
    files = sorted(os.path.relpath(os.path.join(d, f), root)
                   for d, _, fs in os.walk(root) for f in fs if f.endswith(".cu"))
    bad = 0
    for f in files:
        for arch in archs:
            for extra in ([], ["--estimate"]):
                cmd = [warplint, "--quiet", "--arch=" + arch] + extra + \
                      [os.path.join(root, f), "--"]
                p = subprocess.run(cmd, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE,
                                   universal_newlines=True)
                what = "%s %s%s" % (f, arch, " --estimate" if extra else "")
                if p.returncode != 0 or "error:" in p.stderr:
                    bad += 1
                    print("FAIL %s (exit %d): %s" % (what, p.returncode,
                                                     p.stderr.strip()))
                else:
                    print("ok %s" % what)
    print("analysed %d files" % len(files))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
