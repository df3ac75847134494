//===- FactsText.cpp ------------------------------------------------------===//
#include "Report/FactsText.h"

#include <fmt/format.h>

namespace warplint {

static std::string where(const SourceLoc &L) {
  return fmt::format("{}:{}:{}", L.File, L.Line, L.Column);
}

static std::string dim3Text(const std::optional<Dim3Value> &D) {
  if (!D)
    return "?";
  return fmt::format("({}, {}, {})", D->X.str(), D->Y.str(), D->Z.str());
}

std::string renderFactsText(const FileFacts &F) {
  std::string Out;
  auto W = [&](auto &&...A) { Out += fmt::format(A...); };
  if (F.Kernels.empty())
    W("{}: no kernels\n", F.File);
  for (const KernelFacts &K : F.Kernels) {
    W("{}: kernel '{}'\n", where(K.Loc), K.Name);
    if (K.Bounds)
      W("  __launch_bounds__({})\n", K.Bounds->MaxThreadsPerBlock);
    for (const LaunchSiteFacts &L : K.LaunchSites)
      W("  launched at {} in '{}': grid {} block {}{}\n", where(L.Loc), L.Caller,
        dim3Text(L.Grid), dim3Text(L.Block),
        L.Unusable.empty() ? "" : " (not used: " + L.Unusable + ")");
    for (const SharedBufferFacts &S : K.SharedBuffers) {
      std::string Dims;
      for (const auto &D : S.Dims)
        Dims += D ? fmt::format("[{}]", *D) : std::string("[]");
      W("  __shared__ {} {}{} ({} bytes per element{})\n", S.ElementType,
        S.Name, Dims, S.ElementSize, S.Dynamic ? ", dynamic" : "");
    }
    for (const LoopFacts &L : K.Loops) {
      W("  loop at {}: {} '{}'", where(L.Loc), L.Kind, L.Var);
      if (L.Start && L.Bound)
        W(" from {} while {} {}", L.Start->str(), L.Comparison, L.Bound->str());
      if (L.Step)
        W(" step {}", L.Step->str());
      W(", trip count {}\n", L.TripCount ? L.TripCount->str() : "unknown");
    }
    for (const AccessFacts &A : K.Accesses) {
      const char *RW = A.IsAtomic                  ? "atomic"
                       : A.IsRead && A.IsWrite ? "read-write"
                       : A.IsWrite                 ? "write"
                                                   : "read";
      W("  {}: {} {} of '{}' ({} bytes): index {}{}\n", where(A.Loc),
        toString(A.Space), RW, A.Base, A.ElementSize, A.Index.str(),
        A.Guards.empty() ? "" : " (under a branch)");
    }
    for (const BarrierFacts &B : K.Barriers)
      W("  {}: {}\n", where(B.Loc), B.Name);
    for (const BranchFacts &B : K.Branches)
      if (B.ThreadDependent)
        W("  {}: thread-dependent {} on {}\n", where(B.Loc), toString(B.Kind),
          B.Condition.str());
    for (const UnknownFacts &U : K.Unknowns)
      W("  {}: unknown: {}\n", where(U.Loc), U.Reason);
  }
  for (const UnknownFacts &U : F.Unknowns)
    W("{}: unknown: {}\n", where(U.Loc), U.Reason);
  for (const UnknownFacts &M : F.MissingIncludes)
    W("{}: '{}' was not found; the file was analysed without it\n",
      where(M.Loc), M.Reason);
  for (const FileFacts::Skip &S : F.Skipped)
    W("{}: kernel '{}' not analysed: {}\n", where(S.Loc), S.Kernel, S.Reason);
  return Out;
}

} // namespace warplint
