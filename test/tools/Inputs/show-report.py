"""Prints a warplint JSON report one fact per line, for FileCheck."""
import json
import sys

d = json.load(open(sys.argv[1]))
print("schema", d["schema_version"], "tool", d["tool"]["name"])
for x in d["diagnostics"]:
    nums = " ".join("%s=%g" % (k, v) for k, v in sorted(x["numbers"].items()))
    print(x["check"], "%d:%d" % (x["line"], x["column"]), x["level"], nums)
    for n in x["notes"]:
        print("note", "%d:%d" % (n["line"], n["column"]), n["message"])
    for f in x["fixes"]:
        print("fix", "%d:%d-%d:%d" % (f["line"], f["column"], f["end_line"], f["end_column"]),
              repr(f["replacement"]))
for k in d["kernels"]:
    print("kernel", k["kernel"], "grid", k["launch"]["grid"], "block", k["launch"]["block"],
          "mpe" if "mpe" in k["cumapz"] else "")
for e in d["errors"]:
    print("error", e["file"], e["message"])
