//===- Findings.cpp -------------------------------------------------------===//
#include "Report/Findings.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"

namespace warplint {

const std::vector<CheckInfo> &checkCatalog() {
  static const std::vector<CheckInfo> Catalog = {
      {"warplint-bank-conflict",
       "n-way shared-memory bank conflicts, with the [N] -> [N + 1] padding "
       "fix-it"},
      {"warplint-kernel-cost",
       "(off unless enabled) a kernel whose estimated cycles or time (Hong-Kim "
       "model or its extension for the GPU) exceed a configured budget"},
      {"warplint-partition-camping",
       "global accesses of the first blocks camp on few memory partitions "
       "(channel skew), with the diagonal block reordering fix-it"},
      {"warplint-uncoalesced-access",
       "global-memory accesses that move more transactions or sectors than "
       "the bytes they use need"},
      {"warplint-warp-divergence",
       "branches and loops whose lanes split inside warps in the body of the "
       "work, with the fraction of warps that split and the paths per warp "
       "(CuMAPz eq. 7)"},
  };
  return Catalog;
}

namespace {
struct Pattern {
  const char *Check;
  const char *Regex;
  std::vector<const char *> Names; ///< one per capture group
};
} // namespace

std::map<std::string, double> findingNumbers(const std::string &Check,
                                             const std::string &Message) {
  // The message formats of checks/*.cpp; test/unit/Report keeps them in
  // step.
  static const Pattern Patterns[] = {
      {"warplint-bank-conflict", "^([0-9]+)-way bank conflict", {"ways"}},
      {"warplint-uncoalesced-access",
       "needs ([0-9]+) transactions? for the ([0-9]+) half-warps of a warp "
       "request \\(ideal ([0-9]+)\\); ([0-9]+)% of fetched bytes are used",
       {"transactions", "requests", "ideal", "used_percent"}},
      {"warplint-uncoalesced-access",
       "touches ([0-9]+) sectors? in ([0-9]+) lines? per warp request \\(ideal "
       "([0-9]+)\\); ([0-9]+)% of fetched bytes are used",
       {"sectors", "lines", "ideal", "used_percent"}},
      {"warplint-partition-camping",
       "the first ([0-9]+) blocks to run put .* on ([0-9]+) of ([0-9]+) "
       "memory channels \\(ch_skew ([0-9.]+)\\)",
       {"blocks_checked", "channels_used", "channels", "ch_skew"}},
      {"warplint-kernel-cost",
       "costs an estimated ([0-9]+) cycles", {"cycles"}},
      {"warplint-warp-divergence",
       "([0-9.]+)% of warps split \\(([0-9.]+) paths per warp\\)",
       {"split_percent", "paths"}},
  };
  std::map<std::string, double> R;
  for (const Pattern &P : Patterns) {
    if (Check != P.Check)
      continue;
    llvm::SmallVector<llvm::StringRef, 8> M;
    if (!llvm::Regex(P.Regex).match(Message, &M))
      continue;
    for (size_t I = 0; I < P.Names.size() && I + 1 < M.size(); ++I) {
      double V;
      if (!M[I + 1].getAsDouble(V))
        R[P.Names[I]] = V;
    }
    // Nsight Compute's "excessive sectors" of the worst request.
    if (R.count("sectors") && R.count("ideal"))
      R["excess_sectors"] = R["sectors"] - R["ideal"];
    else if (R.count("transactions") && R.count("ideal"))
      R["excess_transactions"] = R["transactions"] - R["ideal"];
    break;
  }
  return R;
}

} // namespace warplint
