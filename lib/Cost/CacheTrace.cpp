//===- CacheTrace.cpp - Hit rates of a one-SM trace, and the L1 it meets ---===//
//
// traceHitRates, cgL1For and cgClassesOf (declared in
// Cost/ExtensionInputs.h): what warplint's model (L2 hits) and MDM's
// derivation (L1 misses) take from CGPredict's cache model.
//
//===----------------------------------------------------------------------===//
#include "Cost/ExtensionInputs.h"

#include <algorithm>

namespace warplint {

namespace {
void addOnce(std::vector<std::string> &V, const std::string &S) {
  if (std::find(V.begin(), V.end(), S) == V.end())
    V.push_back(S);
}
} // namespace

std::map<unsigned, double> traceHitRates(const KernelFacts &K,
                                         const LaunchConfig &L,
                                         const GpuModel &Gpu,
                                         unsigned BlocksPerSm,
                                         const EnumerationOptions &Enum,
                                         const CgCacheConfig &Cache,
                                         std::vector<std::string> &Assumptions,
                                         std::string &Why) {
  std::map<unsigned, double> Hit;
  InstructionCountOptions IO;
  IO.Enum = Enum;
  InstructionCounts IC = countInstructions(K, L, Gpu, IO);
  CgTraceOptions TO;
  TO.Enum = Enum;
  CgTrace T = buildCgTrace(K, L, std::max(1u, BlocksPerSm),
                           cgClassesOf(K, IC), TO);
  CgCacheResult R = cgPredictL2(T.Accesses, Cache);
  if (!R.Ok) {
    Why = R.Error;
    return Hit;
  }
  std::map<unsigned, std::pair<double, double>> RefMiss;
  for (size_t I = 0;
       I < T.AccessIndex.size() && I < R.ReferencesPerAccess.size(); ++I) {
    RefMiss[T.AccessIndex[I]].first += R.ReferencesPerAccess[I];
    RefMiss[T.AccessIndex[I]].second += R.MissesPerAccess[I];
  }
  for (const auto &[Index, RM] : RefMiss)
    if (Index < K.Accesses.size() && RM.first > 0)
      Hit[Index] = 1.0 - RM.second / RM.first;
  for (const std::string &S : T.Assumptions)
    addOnce(Assumptions, S);
  return Hit;
}

CgL2Choice cgL1For(const ArchSpec &A) {
  CgL2Choice C;
  const std::string G = A.Id.empty() ? A.Name : A.Id;
  if (A.L1Bytes == 0) {
    C.Why = "no L1 size is known for " + G + " (l1_size_bytes)";
    return C;
  }
  uint64_t Line = A.L1LineBytes;
  if (Line == 0 || (Line & (Line - 1)))
    Line = 128;
  const uint64_t Assoc = DefaultL1Associativity;
  C.Assumptions.push_back(
      "the L1 of " + G + " (" + std::to_string(A.L1Bytes) + " bytes, " +
      std::to_string(Line) + "-byte lines) is " + std::to_string(Assoc) +
      "-way set associative, LRU (no key gives its associativity)");
  uint64_t Sets = std::max<uint64_t>(1, A.L1Bytes / (Assoc * Line));
  C.Cache.SizeBytes = Sets * Assoc * Line;
  C.Cache.Associativity = Assoc;
  C.Cache.LineBytes = Line;
  C.Ok = true;
  return C;
}

std::vector<std::optional<CgClass>> cgClassesOf(const KernelFacts &K,
                                                const InstructionCounts &IC) {
  std::vector<std::optional<CgClass>> R(K.Accesses.size());
  for (unsigned I = 0; I < K.Accesses.size(); ++I) {
    const AccessFacts &A = K.Accesses[I];
    if (!A.ElementSize)
      continue;
    if (A.Space == MemorySpace::Constant) {
      R[I] = CgClass::Const;
      continue;
    }
    if (A.Space != MemorySpace::Global)
      continue;
    if (A.IsAtomic) {
      R[I] = CgClass::Uncoal;
      continue;
    }
    if (I >= IC.Accesses.size())
      continue;
    switch (IC.Accesses[I].Class) {
    case AccessClass::Coalesced: R[I] = CgClass::Coal; break;
    case AccessClass::Uncoalesced: R[I] = CgClass::Uncoal; break;
    case AccessClass::Broadcast: R[I] = CgClass::Const; break;
    case AccessClass::Unclassified: break;
    }
  }
  return R;
}

} // namespace warplint
