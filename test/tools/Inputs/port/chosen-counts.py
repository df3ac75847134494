"""Prints the chosen mapping of each kernel of a `warplint --port
--format=json` report: its name, its global memory instruction counts per
thread (coalesced, broadcast, uncoalesced) and its assumptions that say
what the compiler keeps in a register or forwards (port-accumulators.test)."""
import json
import sys

report = json.load(open(sys.argv[1]))
for kernel in report["kernels"]:
    for m in kernel["mappings"]:
        if not m["chosen"]:
            continue
        d = m["estimate"]["hong_kim"]["counts"]["derived"]
        print("chosen %s: coalesced %d broadcast %d uncoalesced %d" %
              (m["mapping"], d["global_coalesced"], d["global_broadcast"],
               d["global_uncoalesced"]))
        for a in m["estimate"]["assumptions"]:
            if "register" in a and "loop" in a or "forwarded" in a:
                print("note: " + a)
print("total_seconds %.9g" % report["total_seconds"])
