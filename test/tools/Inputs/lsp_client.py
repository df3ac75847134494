"""A small scripted LSP client for warplint-clangd's tests and benchmark.

Speaks the base protocol (Content-Length framed JSON-RPC) over a child
process's stdin/stdout. Every wait has a deadline: a hang fails the test
instead of blocking it.
"""
import json
import os
import queue
import subprocess
import threading
import time


class LspError(Exception):
    pass


def frame(obj):
    body = json.dumps(obj).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Client:
    def __init__(self, argv, stderr_path, cwd=None, env=None):
        self.stderr = open(stderr_path, "wb")
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=self.stderr, cwd=cwd, env=env)
        self.next_id = 1
        self.inbox = queue.Queue()
        self.notifications = []  # every notification, in order
        self.responses = {}
        # When each message came off the wire (time.monotonic()), by id()
        # of the parsed message: for benchmarks that time one message
        # against another.
        self.arrived = {}
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    # -- transport ---------------------------------------------------------
    def _read(self):
        out = self.proc.stdout
        while True:
            headers = b""
            while not headers.endswith(b"\r\n\r\n"):
                c = out.read(1)
                if not c:
                    self.inbox.put(None)
                    return
                headers += c
            length = None
            for line in headers.decode("ascii").split("\r\n"):
                if line.lower().startswith("content-length:"):
                    length = int(line.split(":", 1)[1])
            body = out.read(length)
            msg = json.loads(body)
            self.arrived[id(msg)] = time.monotonic()
            self.inbox.put(msg)

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, obj):
        self.send_raw(frame(obj))

    def _pump(self, deadline):
        """Takes one message off the wire; False when the stream ended."""
        left = deadline - time.monotonic()
        if left <= 0:
            raise LspError("timed out")
        try:
            msg = self.inbox.get(timeout=left)
        except queue.Empty:
            raise LspError("timed out")
        if msg is None:
            return False
        if "method" in msg and "id" in msg:
            # A request from the server: answer it (work-done progress,
            # configuration) so that it does not wait.
            self.send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
            self.notifications.append(msg)
        elif "method" in msg:
            self.notifications.append(msg)
        else:
            self.responses[json.dumps(msg.get("id"))] = msg
        return True

    # -- requests ----------------------------------------------------------
    def request_async(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   "params": params})
        return rid

    def wait_response(self, rid, timeout=60):
        deadline = time.monotonic() + timeout
        key = json.dumps(rid)
        while key not in self.responses:
            if not self._pump(deadline):
                raise LspError("the server closed its output while a "
                               "response to %r was awaited" % rid)
        return self.responses.pop(key)

    def request(self, method, params, timeout=60):
        return self.wait_response(self.request_async(method, params), timeout)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_notification(self, pred, timeout=60, start=0):
        """The first notification from index `start` on that satisfies
        `pred`; returns (index, message)."""
        deadline = time.monotonic() + timeout
        i = start
        while True:
            while i < len(self.notifications):
                if pred(self.notifications[i]):
                    return i, self.notifications[i]
                i += 1
            if not self._pump(deadline):
                raise LspError("the server closed its output")

    def diagnostics_after(self, uri, pred, timeout=60, start=0):
        """The first publishDiagnostics for `uri` (from `start`) whose list
        satisfies `pred`."""
        return self.wait_notification(
            lambda m: m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri and pred(m["params"]["diagnostics"]),
            timeout, start)

    # -- lifetime ----------------------------------------------------------
    def initialize(self, root_uri, capabilities=None):
        r = self.request("initialize", {
            "processId": os.getpid(), "rootUri": root_uri,
            "capabilities": capabilities or {
                "textDocument": {"publishDiagnostics": {
                    "relatedInformation": True,
                    "codeDescriptionSupport": True}}}})
        self.notify("initialized", {})
        return r

    def close(self, timeout=20):
        """shutdown + exit; returns the server's exit code."""
        self.request("shutdown", None, timeout)
        self.notify("exit", None)
        return self.proc.wait(timeout=timeout)

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def children(pid):
    """Process ids whose parent is `pid` (from /proc)."""
    kids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                stat = f.read()
        except OSError:
            continue
        # The command name is in parentheses and may hold spaces.
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == pid:
            kids.append(int(entry))
    return kids


def alive(pid):
    """True while `pid` exists and is not a zombie."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def alive_after(pid, seconds=15):
    """Whether `pid` is still alive after waiting up to `seconds` for it to
    end: a process told to exit takes a moment, longer on a loaded machine."""
    deadline = time.monotonic() + seconds
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive(pid)


def apply_edits(text, edits):
    """Applies LSP TextEdits (UTF-16 positions; ASCII text here) to text."""
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def off(p):
        return starts[p["line"]] + p["character"]
    for e in sorted(edits, key=lambda e: off(e["range"]["start"]),
                    reverse=True):
        b, end = off(e["range"]["start"]), off(e["range"]["end"])
        text = text[:b] + e["newText"] + text[end:]
    return text
