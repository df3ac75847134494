"""Drives warplint-clangd (in front of the real clangd) through one scenario
and prints what the editor would see, for FileCheck.

  clangd-session.py --proxy P --clangd C --src SRC --work DIR SCENARIO

Scenarios: diagnostics (open, both sets of diagnostics, the code action,
the fix applied by didChange), restart (clangd killed mid-session),
lifecycle (a malformed message, shutdown/exit, end of input, SIGTERM).
"""
import argparse
import os
import shutil
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_client  # noqa: E402
from lsp_client import Client, LspError  # noqa: E402

p = argparse.ArgumentParser()
p.add_argument("--proxy", required=True)
p.add_argument("--clangd", required=True)
p.add_argument("--src", required=True)
p.add_argument("--work", required=True)
p.add_argument("scenario")
args = p.parse_args()

# A hang anywhere fails the test instead of blocking it.
signal.alarm(300)

work = os.path.abspath(args.work)
os.makedirs(work, exist_ok=True)
kernel = os.path.join(work, "kernel.cu")
shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                         "clangd", "kernel.cu"), kernel)
# The compile flags clangd and warplint both read (compile_flags.txt, found
# next to the file): CUDA with warplint's built-in header, no toolkit.
with open(os.path.join(work, "compile_flags.txt"), "w") as f:
    f.write("\n".join([
        "-xcuda", "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib",
        "--cuda-path=/nonexistent", "-isystem",
        os.path.join(args.src, "lib", "Frontend", "cuda-include"),
        "-include", "__warplint_cuda.h"]) + "\n")
uri = "file://" + kernel
text = open(kernel).read()


def start():
    return Client([args.proxy, "--clangd=" + args.clangd,
                   "--background-index=false", "--log=error"],
                  os.path.join(work, "stderr-%s.log" % args.scenario),
                  cwd=work)


def by_source(diags, source):
    return [d for d in diags if d.get("source") == source]


def show(diags):
    for d in sorted(diags, key=lambda d: (d["range"]["start"]["line"],
                                          d.get("source", ""))):
        s = d["range"]["start"]
        e = d["range"]["end"]
        print("diag %s %d:%d-%d:%d severity=%d code=%s: %s" % (
            d.get("source"), s["line"], s["character"], e["line"],
            e["character"], d.get("severity", 0), d.get("code"),
            d["message"]))
        if d.get("source") == "warplint" and "codeDescription" in d:
            print("  link %s" % d["codeDescription"]["href"])
            for r in d.get("relatedInformation", []):
                rs = r["location"]["range"]["start"]
                print("  related %d:%d %s" % (rs["line"], rs["character"],
                                              r["message"]))


def has_both(diags):
    return (any("undeclaredCount" in d["message"]
                for d in by_source(diags, "clang"))
            and any(d.get("code") == "warplint-bank-conflict"
                    for d in by_source(diags, "warplint")))


def open_kernel(c):
    c.initialize("file://" + work)
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "cuda", "version": 1, "text": text}})
    return c.diagnostics_after(uri, has_both)


def scenario_diagnostics():
    c = start()
    try:
        _, msg = open_kernel(c)
        print("both arrived")
        show(msg["params"]["diagnostics"])
        warp = [d for d in msg["params"]["diagnostics"]
                if d.get("code") == "warplint-bank-conflict"][0]
        # The editor asks for the actions at the diagnostic's start.
        pos = warp["range"]["start"]
        r = c.request("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": {"start": pos, "end": pos},
            "context": {"diagnostics": [warp]}})
        fixes = [a for a in r["result"] if a.get("kind") == "quickfix"
                 and any(d.get("source") == "warplint"
                         for d in a.get("diagnostics", []))]
        for a in fixes:
            print("action %s preferred=%s" % (a["title"], a.get("isPreferred")))
            for u, edits in a["edit"]["changes"].items():
                for e in edits:
                    s, t = e["range"]["start"], e["range"]["end"]
                    print("  edit %s %d:%d-%d:%d -> '%s'" % (
                        "same-file" if u == uri else u, s["line"],
                        s["character"], t["line"], t["character"],
                        e["newText"]))
        # An action away from the finding (line 0) offers no warplint fix.
        r0 = c.request("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0},
                      "end": {"line": 0, "character": 0}},
            "context": {"diagnostics": []}})
        print("actions on line 0 from warplint: %d" % len(
            [a for a in r0["result"] if "warplint" in a.get("title", "")]))
        # Apply the fix as the editor does: the edit, sent as an
        # incremental change.
        edits = fixes[0]["edit"]["changes"][uri]
        mark = len(c.notifications)
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": e["range"], "text": e["newText"]}
                               for e in edits]})
        _, after = c.diagnostics_after(
            uri, lambda ds: not by_source(ds, "warplint")
            and by_source(ds, "clang"), start=mark)
        fixed = lsp_client.apply_edits(text, edits)
        print("fixed line: %s" % fixed.split("\n")[3].strip())
        print("after the fix:")
        show(after["params"]["diagnostics"])
        print("exit code %d" % c.close())
    finally:
        c.kill()


def scenario_restart():
    c = start()
    try:
        open_kernel(c)
        kids = lsp_client.children(c.proc.pid)
        print("clangd children before: %d" % len(kids))
        old = kids[0]
        mark = len(c.notifications)
        os.kill(old, signal.SIGKILL)
        _, log = c.wait_notification(
            lambda m: m.get("method") == "window/logMessage"
            and "restarting" in m["params"]["message"], start=mark)
        print("log: %s" % log["params"]["message"].replace(args.clangd,
                                                            "CLANGD"))
        # Diagnostics come back from the new clangd, warplint's kept.
        _, again = c.diagnostics_after(uri, has_both, start=mark)
        print("diagnostics again: clang=%d warplint=%d" % (
            len(by_source(again["params"]["diagnostics"], "clang")),
            len(by_source(again["params"]["diagnostics"], "warplint"))))
        kids = lsp_client.children(c.proc.pid)
        print("clangd children after: %d, new pid: %s" % (
            len(kids), kids[0] != old))
        # The new clangd answers requests (it was initialized again).
        r = c.request("textDocument/hover", {
            "textDocument": {"uri": uri},
            "position": {"line": 3, "character": 20}})
        print("hover after restart: %s" % ("tile" in json_text(r)))
        new = kids[0]
        print("exit code %d" % c.close())
        print("clangd alive after exit: %s" % lsp_client.alive(new))
    finally:
        c.kill()


def json_text(r):
    import json
    return json.dumps(r.get("result"))


def scenario_lifecycle():
    # 1. A malformed message is logged and dropped; the session goes on.
    c = start()
    try:
        c.initialize("file://" + work)
        mark = len(c.notifications)
        c.send_raw(b"Content-Length: 9\r\n\r\n{not json")
        _, log = c.wait_notification(
            lambda m: m.get("method") == "window/logMessage", start=mark)
        print("malformed: %s" % log["params"]["message"].split(":")[1].strip())
        r = c.request("workspace/symbol", {"query": "x"})
        print("answered after it: %s" % ("result" in r))
        # JSON nested 50,000 deep (100 KB): llvm::json's recursive parser
        # overflowed the stack on it and took clangd down with the proxy.
        mark = len(c.notifications)
        deep = b"[" * 50000 + b"]" * 50000
        c.send_raw(b"Content-Length: %d\r\n\r\n" % len(deep) + deep)
        _, log = c.wait_notification(
            lambda m: m.get("method") == "window/logMessage", start=mark)
        print("deep: %s" % log["params"]["message"].split(":", 1)[1].strip())
        r = c.request("workspace/symbol", {"query": "x"})
        print("answered after it: %s" % ("result" in r))
        kid = lsp_client.children(c.proc.pid)[0]
        print("exit code %d" % c.close())
        print("clangd alive: %s" % lsp_client.alive_after(kid))
    finally:
        c.kill()
    # 2. exit without shutdown: exit code 1 (LSP).
    c = start()
    try:
        c.initialize("file://" + work)
        kid = lsp_client.children(c.proc.pid)[0]
        c.notify("exit", None)
        print("exit without shutdown: code %d" % c.proc.wait(timeout=20))
        print("clangd alive: %s" % lsp_client.alive_after(kid))
    finally:
        c.kill()
    # 3. The editor goes away (end of input).
    c = start()
    try:
        c.initialize("file://" + work)
        kid = lsp_client.children(c.proc.pid)[0]
        c.proc.stdin.close()
        print("end of input: code %d" % c.proc.wait(timeout=20))
        print("clangd alive: %s" % lsp_client.alive_after(kid))
    finally:
        c.kill()
    # 4. SIGTERM.
    c = start()
    try:
        c.initialize("file://" + work)
        kid = lsp_client.children(c.proc.pid)[0]
        c.proc.send_signal(signal.SIGTERM)
        print("SIGTERM: code %d" % c.proc.wait(timeout=20))
        print("clangd alive: %s" % lsp_client.alive_after(kid))
    finally:
        c.kill()


def analysis_log(start_len, timeout=120):
    """The next "N finding(s) in ..." line about kernel.cu in
    warplint-clangd's stderr after
    byte offset start_len, with the work directory shown as WORK."""
    path = os.path.join(work, "stderr-%s.log" % args.scenario)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with open(path) as f:
            f.seek(start_len)
            for line in f.read().splitlines():
                if "finding(s) in" in line and "kernel.cu" in line:
                    line = line.replace(work, "WORK")
                    # Drop the times: "in W ms, C ms of CPU".
                    head, _, rest = line.partition(" in ")
                    return head + " " + rest[rest.index("("):]
        time.sleep(0.1)
    raise LspError("no analysis logged")


def log_size():
    return os.path.getsize(os.path.join(work, "stderr-%s.log" % args.scenario))


def scenario_config():
    # The compile command from build/compile_commands.json (no
    # compile_flags.txt), the checks from .clang-tidy.
    flags = open(os.path.join(work, "compile_flags.txt")).read().split()
    os.remove(os.path.join(work, "compile_flags.txt"))
    os.makedirs(os.path.join(work, "build"))
    import json
    with open(os.path.join(work, "build", "compile_commands.json"), "w") as f:
        json.dump([{"directory": work, "file": kernel,
                    "arguments": ["clang++"] + flags + ["-c", kernel]}], f)
    tidy = os.path.join(work, ".clang-tidy")
    with open(tidy, "w") as f:
        f.write("Checks: '-warplint-bank-conflict'\n")
    c = start()
    try:
        c.initialize("file://" + work)
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "cuda", "version": 1, "text": text}})
        print("off: %s" % analysis_log(0))
        _, m = c.diagnostics_after(uri, lambda ds: by_source(ds, "clang"))
        print("off: warplint diagnostics %d" % len(
            by_source(m["params"]["diagnostics"], "warplint")))
        # The editor opens .clang-tidy and turns the check on, unsaved; an
        # edit of the kernel is analysed with it.
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": "file://" + tidy, "languageId": "yaml", "version": 1,
            "text": "Checks: 'warplint-*'\n"}})
        mark = log_size()
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"text": text + "// edited\n"}]})
        print("on: %s" % analysis_log(mark))
        with open(os.path.join(work, "stderr-config.log")) as f:
            print("analyses of .clang-tidy: %d" % sum(
                ".clang-tidy: " in l and "finding(s)" in l for l in f))
        _, m = c.diagnostics_after(uri, lambda ds: by_source(ds, "warplint"))
        show(by_source(m["params"]["diagnostics"], "warplint"))
        # A configuration the command line refuses (an unknown GPU, then
        # YAML that does not parse): the kernel is not analysed, and one
        # error on its first line says why.
        for version, config, marker in (
                (2, "Checks: 'warplint-*'\nCheckOptions: {GpuArch: banana}\n", "banana"),
                (3, "Checks: [\n", "does not parse")):
            def problem(ds):
                return [d for d in by_source(ds, "warplint")
                        if d.get("severity") == 1 and marker in d["message"]]
            c.notify("textDocument/didChange", {
                "textDocument": {"uri": "file://" + tidy, "version": version},
                "contentChanges": [{"text": config}]})
            mark = len(c.notifications)
            c.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version + 1},
                "contentChanges": [{"text": text + "// edit %d\n" % version}]})
            _, m = c.diagnostics_after(uri, problem, start=mark)
            for d in problem(m["params"]["diagnostics"]):
                st = d["range"]["start"]
                print("config error %d:%d: %s" % (
                    st["line"], st["character"],
                    d["message"].splitlines()[0].replace(work, "WORK")))
        print("exit code %d" % c.close())
    finally:
        c.kill()


def scenario_isolation():
    # Copies of the kernel whose analyses crash, never end and allocate
    # without bound (warplint-clangd's test fault injection), opened beside
    # the kernel itself, with budgets of 3 s and 1024 MB.
    docs = {}
    for name in ("crashme", "hangme", "hogme"):
        path = os.path.join(work, name + ".cu")
        shutil.copy(kernel, path)
        docs[name] = "file://" + path
    env = dict(os.environ, WARPLINT_CLANGD_TEST_FAULT=(
        "crash:crashme,hang:hangme,hog:hogme"))
    c = Client([args.proxy, "--clangd=" + args.clangd,
                "--background-index=false", "--log=error",
                "--warplint-timeout=3", "--warplint-memory-mb=1024"],
               os.path.join(work, "stderr-isolation.log"), cwd=work, env=env)
    try:
        c.initialize("file://" + work)
        for name, u in docs.items():
            c.notify("textDocument/didOpen", {"textDocument": {
                "uri": u, "languageId": "cuda", "version": 1, "text": text}})
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "cuda", "version": 1, "text": text}})

        def stopped(ds):
            return [d for d in by_source(ds, "warplint")
                    if d.get("severity") == 3]
        for name, u in docs.items():
            _, m = c.diagnostics_after(
                u, lambda ds: stopped(ds) and by_source(ds, "clang"))
            ds = m["params"]["diagnostics"]
            print("%s: clang=%d warplint=%d" % (
                name, len(by_source(ds, "clang")),
                len(by_source(ds, "warplint"))))
            show(stopped(ds))
        _, m = c.diagnostics_after(uri, has_both)
        ds = m["params"]["diagnostics"]
        print("kernel: clang=%d warplint=%d" % (
            len(by_source(ds, "clang")), len(by_source(ds, "warplint"))))
        # The analyses go on after the faults: an edit of the kernel is
        # analysed again.
        mark = len(c.notifications)
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"text": text + "// edited\n"}]})
        _, m = c.diagnostics_after(uri, has_both, start=mark)
        print("kernel after an edit: warplint=%d" % len(
            by_source(m["params"]["diagnostics"], "warplint")))
        kid = lsp_client.children(c.proc.pid)[0]
        print("clangd alive: %s" % lsp_client.alive(kid))
        print("exit code %d" % c.close())
    finally:
        c.kill()


def scenario_multi():
    # Four files of a compile database whose entries each run in their own
    # directory with relative paths (parallel-db.py's project), opened at
    # once: each file's warplint diagnostics are its own (its cfg.h's
    # stride), as the command line gives them.
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import importlib
    pdb = importlib.import_module("parallel-db")
    proj = os.path.join(work, "proj")
    pdb.make(proj, 4)
    c = start()
    try:
        c.initialize("file://" + proj)
        uris = []
        for i in range(4):
            if i == 2:
                continue  # the file that does not parse
            path = os.path.join(proj, "p%d" % i, "k%d.cu" % i)
            uris.append("file://" + path)
            c.notify("textDocument/didOpen", {"textDocument": {
                "uri": uris[-1], "languageId": "cuda", "version": 1,
                "text": open(path).read()}})
        for u in uris:
            _, m = c.diagnostics_after(
                u, lambda ds: len(by_source(ds, "warplint")) >= 3)
            for d in sorted(by_source(m["params"]["diagnostics"], "warplint"),
                            key=lambda d: (d["range"]["start"]["line"],
                                           d["range"]["start"]["character"],
                                           d["message"])):
                st = d["range"]["start"]
                print("%s %d:%d %s" % (u.rsplit("/", 1)[1], st["line"],
                                       st["character"], d["message"]))
                for r in d.get("relatedInformation", []):
                    if "adjacent lanes" in r["message"]:
                        print("  related %s" % r["message"])
        print("exit code %d" % c.close())
    finally:
        c.kill()


def scenario_nostart():
    # A clangd that is not there: the editor is answered and shown why
    # (an error), and the server ends with status 2 on exit. A
    # --compile-commands-dir that is not there: shown as a warning, and the
    # server goes on (as clangd does).
    for extra in (["--clangd=" + os.path.join(work, "no-clangd")],
                  ["--clangd=" + args.clangd,
                   "--compile-commands-dir=" + os.path.join(work, "no-build")]):
        c = Client([args.proxy] + extra,
                   os.path.join(work, "stderr-nostart.log"), cwd=work)
        try:
            r = c.initialize("file://" + work)
            print("initialize answered: %s" % ("result" in r))
            _, m = c.wait_notification(
                lambda m: m.get("method") == "window/showMessage", 30)
            print("showMessage type=%d: %s" % (
                m["params"]["type"], m["params"]["message"].replace(work, "WORK")))
            print("exit code %d" % c.close())
        finally:
            c.kill()


try:
    {"nostart": scenario_nostart, "diagnostics": scenario_diagnostics, "restart": scenario_restart,
     "lifecycle": scenario_lifecycle, "config": scenario_config,
     "isolation": scenario_isolation, "multi": scenario_multi}[args.scenario]()
except LspError as e:
    print("FAILED: %s" % e)
    sys.exit(1)
