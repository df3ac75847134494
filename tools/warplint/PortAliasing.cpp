//===- PortAliasing.cpp - The other aliasing rule of a port ---------------===//
#include "PortAliasing.h"

#include <algorithm>

namespace warplint {

/// The access texts of keepInvariantUpdates' notes ("'C[i][j]' (line 12):
/// ...").
static std::vector<std::string> notedAccesses(const std::vector<std::string> &N) {
  std::vector<std::string> R;
  for (const std::string &S : N) {
    if (S.size() < 2 || S[0] != '\'')
      continue;
    const size_t End = S.find("' (line ");
    if (End == std::string::npos)
      continue;
    std::string T = S.substr(1, End - 1);
    if (std::find(R.begin(), R.end(), T) == R.end())
      R.push_back(T);
  }
  return R;
}

std::optional<AliasAlternative>
otherAliasing(const KernelFacts &Unrewritten, PortAliasing Rule,
              const std::vector<std::string> &RuleNotes, const LaunchConfig &L,
              const ArchSpec &Arch, const GpuModel &Gpu,
              const EstimateOptions &EO) {
  const std::vector<std::string> Moved = notedAccesses(RuleNotes);
  if (Moved.empty())
    return std::nullopt;
  KernelFacts K = Unrewritten;
  const PortAliasing Other = Rule == PortAliasing::Restrict
                                 ? PortAliasing::MayAlias
                                 : PortAliasing::Restrict;
  keepInvariantUpdates(K, Other);
  std::vector<KernelEstimate> E = estimateKernel(K, {L}, Arch, Gpu, EO);
  if (E.empty() || !(E.front().Cycles.TimeSeconds > 0))
    return std::nullopt;
  AliasAlternative R;
  R.SecondsPerLaunch = E.front().Cycles.TimeSeconds;
  if (Other == PortAliasing::Restrict) {
    R.Accesses = Moved;
    return R;
  }
  // May alias: the stores Restrict took out of a loop that stay in it now,
  // uncoalesced ones only.
  if (!E.front().Cycles.Derived)
    return std::nullopt;
  // The counts follow K's accesses one to one (Access pointers are not
  // kept past the estimate).
  const std::vector<AccessCount> &Counts = E.front().Cycles.Derived->Accesses;
  if (Counts.size() != K.Accesses.size())
    return std::nullopt;
  for (size_t I = 0; I < Counts.size(); ++I) {
    const AccessFacts &A = K.Accesses[I];
    if (!A.IsWrite || A.Loops.empty() ||
        (Counts[I].Class != AccessClass::Uncoalesced &&
         Counts[I].Class != AccessClass::Unclassified) ||
        std::find(Moved.begin(), Moved.end(), A.Text) == Moved.end())
      continue;
    if (std::find(R.Accesses.begin(), R.Accesses.end(), A.Text) ==
        R.Accesses.end())
      R.Accesses.push_back(A.Text);
  }
  if (R.Accesses.empty())
    return std::nullopt;
  return R;
}

std::string overlapNote(const KernelFacts &K) {
  std::vector<std::string> Written, Others;
  auto Add = [](std::vector<std::string> &To, const std::string &B) {
    if (std::find(To.begin(), To.end(), B) == To.end())
      To.push_back(B);
  };
  for (const AccessFacts &A : K.Accesses)
    if ((A.Space == MemorySpace::Global || A.Space == MemorySpace::Unknown) &&
        !A.Base.empty() && A.IsWrite)
      Add(Written, A.Base);
  for (const AccessFacts &A : K.Accesses)
    if ((A.Space == MemorySpace::Global || A.Space == MemorySpace::Unknown) &&
        !A.Base.empty() &&
        std::find(Written.begin(), Written.end(), A.Base) == Written.end())
      Add(Others, A.Base);
  if (Written.empty() || (Written.size() < 2 && Others.empty()))
    return "";
  auto List = [](const std::vector<std::string> &V) {
    std::string S;
    for (size_t I = 0; I < V.size(); ++I)
      S += (I ? (I + 1 == V.size() ? " and '" : ", '") : "'") + V[I] + "'";
    return S;
  };
  std::string Note = List(Written) + (Written.size() == 1 ? ", which the "
                                                          "kernel writes, is"
                                                        : ", which the kernel "
                                                          "writes, are");
  Note += " taken not to overlap ";
  if (Written.size() > 1)
    Note += Others.empty() ? "one another" : "one another nor ";
  Note += List(Others);
  Note += ": C lets two pointers overlap, and the iterations are independent "
          "only if these do not (the port's rule for distinct arrays)";
  return Note;
}

} // namespace warplint
