"""clangd-nvcc.test's client: opens a file of a CMake + nvcc project through
warplint-clangd (or clangd alone, --plain) and prints clangd's diagnostics
and whether completion inside the kernel offers CUDA's and the header's
names, one fact per line, for FileCheck."""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client  # noqa: E402

# Our options, then "--" and the server's command line.
split = sys.argv.index("--")
server = sys.argv[split + 1:]
ap = argparse.ArgumentParser()
ap.add_argument("--root", required=True)
ap.add_argument("--file", required=True)
ap.add_argument("--stderr", required=True)
ap.add_argument("--env", action="append", default=[])
a = ap.parse_args(sys.argv[1:split])

env = dict(os.environ)
for kv in a.env:
    k, v = kv.split("=", 1)
    env[k] = v
c = Client(server, a.stderr, cwd=a.root, env=env)
try:
    c.initialize("file://" + a.root)
    uri = "file://" + a.file
    text = open(a.file).read()
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "cuda", "version": 1, "text": text}})
    _, m = c.diagnostics_after(
        uri, lambda d: True, timeout=120)
    # clangd's diagnostics (warplint's have source "warplint").
    for d in m["params"]["diagnostics"]:
        if d.get("source") != "warplint":
            print("clangd diagnostic:", d["message"].splitlines()[0])
    print("clangd diagnostics done")
    # Completion at the start of the kernel's body line: "dim" and
    # "HAL" typed there.
    lines = text.split("\n")
    row = next(i for i, l in enumerate(lines) if "threadIdx.x" in l)
    for prefix in os.environ.get("PREFIXES", "dim HAL").split():
        edited = lines[:row] + ["  " + prefix] + lines[row + 1:]
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"text": "\n".join(edited)}]})
        # Names from headers come from clangd's index of the preamble,
        # built after the first parse: asked again for a while.
        deadline = time.monotonic() + float(os.environ.get("WAIT_S", "20"))
        while True:
            r = c.request("textDocument/completion", {
                "textDocument": {"uri": uri},
                "position": {"line": row, "character": 2 + len(prefix)}},
                timeout=120)
            items = r["result"]["items"] if isinstance(r.get("result"), dict) \
                else (r.get("result") or [])
            names = sorted({i["label"].strip() for i in items})
            if any(n.startswith(prefix) for n in names) or \
                    time.monotonic() > deadline:
                break
            time.sleep(0.5)
        print(("completion %s: " % prefix + " ".join(
            n for n in names if n.startswith(prefix))).rstrip())
    c.close()
finally:
    c.kill()
