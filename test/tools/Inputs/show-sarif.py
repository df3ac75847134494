"""Prints a SARIF log's rules and results one fact per line, for FileCheck."""
import json
import sys

run = json.load(open(sys.argv[1]))["runs"][0]


def where(loc):
    p = loc["physicalLocation"]
    r = p.get("region", {})
    return "%s %d:%d" % (p["artifactLocation"]["uri"], r.get("startLine", 0), r.get("startColumn", 0))


for r in run["tool"]["driver"]["rules"]:
    print("rule", r["id"], r.get("helpUri", ""))
for res in run["results"]:
    loc = res["locations"][0]["physicalLocation"]
    print("result", res["ruleId"], res["level"], loc["artifactLocation"]["uri"],
          loc["artifactLocation"].get("uriBaseId", ""),
          "%d:%d" % (loc["region"]["startLine"], loc["region"]["startColumn"]))
    for rel in res.get("relatedLocations", []):
        print("related", where(rel), rel["message"]["text"])
    for fix in res.get("fixes", []):
        for ch in fix["artifactChanges"]:
            for rep in ch["replacements"]:
                d = rep["deletedRegion"]
                print("fix", ch["artifactLocation"]["uri"],
                      "%d:%d-%d:%d" % (d["startLine"], d["startColumn"], d["endLine"], d["endColumn"]),
                      repr(rep["insertedContent"]["text"]))
