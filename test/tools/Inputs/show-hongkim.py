"""Prints the Hong-Kim figures of the first kernel of a warplint
--estimate --format=json report, one 'name value' per line, in Table 2's
order (used by hongkim-fig12.test)."""
import json
import sys

report = json.load(open(sys.argv[1]))
k = report["kernels"][0]
h = k["hong_kim"]
c = h["counts"]
print("blocks_per_sm", k["occupancy"]["blocks_per_sm"])
print("n", h["n"])
print("counts", c["source"], "comp", "%g" % c["comp_insts"],
      "coal", "%g" % c["coal_mem_insts"], "uncoal", "%g" % c["uncoal_mem_insts"],
      "sync", "%g" % c["synch_insts"], "uncoal_per_mw", "%g" % c["uncoal_per_mw"])
if "derived" in c:
    print("shared", "%g" % c["derived"]["shared"])
for key in ["departure_delay", "mem_l", "mwp_without_bw_full",
            "bw_per_warp_gbs", "mwp_peak_bw", "mwp", "comp_cycles",
            "mem_cycles", "cwp_full", "cwp", "rep", "case",
            "exec_cycles_app", "synch_cost", "total_cycles"]:
    v = h[key]
    print(key, v if isinstance(v, str) else "%.10g" % v)
print("model", h["selected_model"]["name"])
