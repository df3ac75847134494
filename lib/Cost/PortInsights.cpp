//===- PortInsights.cpp - What a port of sequential loops should do -------===//
//
// See PortInsights.h.
//
//===----------------------------------------------------------------------===//
#include "Cost/PortInsights.h"

#include <algorithm>
#include <map>
#include <set>

namespace warplint {

/// CGPredict's names (Sec. 3.3.2): a broadcast is a "constant" access.
static std::string className(AccessClass C) {
  return C == AccessClass::Broadcast ? "constant" : toString(C);
}

std::vector<ArrayAccessClass> arrayClasses(const KernelFacts &K,
                                           const InstructionCounts &IC) {
  std::vector<ArrayAccessClass> R;
  std::map<std::string, size_t> Index;
  for (size_t I = 0; I < K.Accesses.size() && I < IC.Accesses.size(); ++I) {
    const AccessFacts &A = K.Accesses[I];
    if (A.Space != MemorySpace::Global || A.Base.empty())
      continue;
    std::string C = className(IC.Accesses[I].Class);
    auto [It, New] = Index.emplace(A.Base, R.size());
    if (New) {
      R.push_back({A.Base, C, 1});
      continue;
    }
    ArrayAccessClass &E = R[It->second];
    ++E.Accesses;
    if (E.Class != C)
      E.Class = "mixed";
  }
  return R;
}

std::vector<SharedCandidate> sharedCandidates(const KernelFacts &K,
                                              const LaunchConfig &L,
                                              const InstructionCounts &IC) {
  struct Found : SharedCandidate {
    std::set<std::string> Seen;
  };
  std::map<std::string, Found> ByArray;
  static const char Dims[] = {'x', 'y', 'z'};
  for (size_t I = 0; I < K.Accesses.size() && I < IC.Accesses.size(); ++I) {
    const AccessFacts &A = K.Accesses[I];
    if (A.Space != MemorySpace::Global || !A.IsRead || A.IsWrite ||
        A.Base.empty() || A.Loops.empty())
      continue;
    // A value that differs between threads other than their index
    // (`data[idx[i] + k]`, idx[i] loaded per thread) leaves unknown which
    // threads read one element: nothing is claimed.
    std::map<std::string, sym::Expr> Syms;
    A.Index.collectSymbols(Syms);
    if (std::any_of(Syms.begin(), Syms.end(), [](const auto &S) {
          return S.second.symbolKind() != sym::SymbolKind::ThreadIdx &&
                 S.second.symbolThreadDependent();
        }))
      continue;
    int64_t Sharing = 1;
    for (unsigned D = 0; D < 3; ++D)
      if (L.Block[D] > 1 && !A.Index.mentions(sym::threadIdx(Dims[D]).name()))
        Sharing *= L.Block[D];
    if (Sharing <= 1)
      continue;
    Found &C = ByArray[A.Base];
    C.Array = A.Base;
    C.ThreadsSharing = std::max(C.ThreadsSharing, Sharing);
    C.ReadsPerThread += IC.Accesses[I].PerThread;
    if (!C.Seen.insert(A.Text).second)
      continue;
    C.Text += (C.Text.empty() ? "" : ", ") + A.Text;
    if (IC.Accesses[I].Class == AccessClass::Uncoalesced)
      C.Uncoalesced.push_back(A.Text);
  }
  std::vector<SharedCandidate> R;
  for (auto &[Name, C] : ByArray)
    R.push_back(C);
  std::stable_sort(R.begin(), R.end(),
                   [](const SharedCandidate &A, const SharedCandidate &B) {
                     return A.ReadsPerThread > B.ReadsPerThread;
                   });
  return R;
}

} // namespace warplint
