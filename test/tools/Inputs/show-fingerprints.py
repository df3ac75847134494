"""Prints each SARIF log's root and, per result, where it is, its kernel and
its fingerprint, for FileCheck (sarif-fingerprints.test)."""
import json
import sys

for path in sys.argv[1:]:
    run = json.load(open(path))["runs"][0]
    print("root", run["originalUriBaseIds"]["SRCROOT"]["uri"])
    for res in run["results"]:
        loc = res["locations"][0]
        art = loc["physicalLocation"]["artifactLocation"]
        kernel = loc.get("logicalLocations", [{}])[0].get("fullyQualifiedName", "-")
        print(art["uri"], art.get("uriBaseId", "-"),
              loc["physicalLocation"]["region"]["startLine"], kernel,
              res["partialFingerprints"]["warplintFinding/v1"])
