"""Reads the DOM Chromium dumped of a warplint HTML report (after its script
ran) and prints what html-report.test asserts, one fact per line: the
kernel and finding rows, and per finding its warp maps with their numbers
and how many lane marks each draws. An access finding (uncoalesced, bank
conflict) without a map is printed as such."""
import sys
from html.parser import HTMLParser


class Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack = []
        self.kernel_rows = 0
        self.finding_rows = 0
        self.findings = []  # [id, check, [maps]]
        self.svg = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = a.get("class", "").split()
        self.stack.append((tag, a))
        ids = [x.get("id") for _, x in self.stack]
        if tag == "tr" and "kernel-table" in ids and any(t == "tbody" for t, _ in self.stack):
            self.kernel_rows += 1
        if tag == "tr" and "finding-table" in ids and any(t == "tbody" for t, _ in self.stack):
            self.finding_rows += 1
        if tag == "div" and "finding" in cls:
            check = [c for c in cls if c.startswith("warplint-")][0]
            self.findings.append([a["id"], check, []])
        if tag == "svg" and "warp-map" in cls:
            where = "after" if any("after" in x.get("class", "").split() for _, x in self.stack) else "before"
            self.svg = {"kind": cls[1], "where": where, "lanes": 0,
                        "attrs": {k[5:]: v for k, v in a.items() if k.startswith("data-")}}
            self.findings[-1][2].append(self.svg)
        if tag == "rect" and ("lane" in cls or "block" in cls) and self.svg is not None:
            self.svg["lanes"] += 1

    def handle_endtag(self, tag):
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag:
                break
        if tag == "svg":
            self.svg = None

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        self.handle_endtag(tag)


d = Dom()
d.feed(open(sys.argv[1], encoding="utf-8").read())
print("kernel rows", d.kernel_rows)
print("finding rows", d.finding_rows)
for fid, check, maps in d.findings:
    print("finding", fid, check, "maps", len(maps))
    for m in maps:
        keys = ["lanes", "lines", "sectors", "bytes-used", "bytes-fetched",
                "banks-used", "ways", "warps", "split-warps", "taken", "not-taken", "blocks",
                "channels-used", "max-blocks"]
        nums = " ".join("%s=%s" % (k, m["attrs"][k]) for k in keys if k in m["attrs"])
        print("  map", m["kind"], m["where"], nums, "marks=%d" % m["lanes"])
    if check in ("warplint-uncoalesced-access", "warplint-bank-conflict",
                 "warplint-warp-divergence", "warplint-partition-camping") and not maps:
        print("  missing map")
    # A map must show what its finding says: bytes fetched but not used
    # for an uncoalesced access, a bank serving several words for a
    # conflict (before its fix).
    for m in maps:
        a = m["attrs"]
        if check == "warplint-uncoalesced-access" and \
                int(a["bytes-used"]) >= int(a["bytes-fetched"]):
            print("  inconsistent map: every fetched byte is used")
        if check == "warplint-bank-conflict" and m["where"] == "before" and \
                int(a["ways"]) < 2:
            print("  inconsistent map: no bank serves two words")
        if check == "warplint-warp-divergence" and \
                (int(a["taken"]) == 0 or int(a["not-taken"]) == 0):
            print("  inconsistent map: the warp does not split")
        if check == "warplint-partition-camping" and m["where"] == "before" and \
                int(a["max-blocks"]) < 2:
            print("  inconsistent map: no channel serves two blocks")
        if m["kind"] in ("global", "divergence") and m["lanes"] != int(a["lanes"]):
            print("  inconsistent map: %d marks for %s lanes" % (m["lanes"], a["lanes"]))
