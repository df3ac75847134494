# Prints, per kernel of a `warplint --estimate --format=json` report, the
# selected model, whether its total is positive and finite, and the
# extension's intermediates that estimate-models.test checks.
import json
import math
import sys

d = json.load(open(sys.argv[1]))
for k in d["kernels"]:
    h = k["hong_kim"]
    s = h["selected_model"]
    t = h["total_cycles"]
    ok = isinstance(t, (int, float)) and math.isfinite(t) and t > 0
    print("%s model=%s total_ok=%s" % (k["kernel"], s["name"], ok))
    if s["note"]:
        print("%s note=%s" % (k["kernel"], s["note"]))
    e = h.get("extension")
    if e is None:
        print("%s extension=none" % k["kernel"])
        continue
    print("%s extension=%s keys=%s" % (k["kernel"], e["model"], " ".join(sorted(
        x for x in e if x in ("cache_hit_mem", "hit_miss_ratio", "mem_l_coal",
                              "mem_l_uncoal", "departure_delay", "l2",
                              "intervals", "ipc", "kernel_cycles")))))
    if "l2" in e:
        c = e["l2"]["coalesced"]
        print("%s l2 coal warp_insts=%d references=%d misses=%d num_hit=%d"
              " no_dram_trans_coal=%g" % (k["kernel"], c["warp_insts"],
                                          c["references"], c["misses"],
                                          e["l2"]["num_hit"],
                                          e["no_dram_trans_coal"]))
    if "intervals" in e:
        print("%s mdm w=%g divergent=%s" % (k["kernel"], e["w"],
                                            e["memory_divergent"]))
        for i, x in enumerate(e["intervals"]):
            print("%s interval %d repeat=%g read_misses=%g batches=%g md=%s"
                  % (k["kernel"], i, x["repeat"], x["concurrent_read_misses"],
                     x["batches"], x["memory_divergent"]))
