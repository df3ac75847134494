//===- Analyses.cpp - Coalescing and bank-conflict findings ---------------===//
#include "Warp/Analyses.h"
#include "Warp/CoalescingAdvice.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace warplint {

using namespace advice;

std::string GpuModel::describe() const {
  std::string CC = "compute capability " + std::to_string(Major) + "." +
                   std::to_string(Minor);
  switch (Loads) {
  case CoalescingFamily::CC1_0:
    return CC + " (half-warp coalescing, strict in-order rule; 16 banks)";
  case CoalescingFamily::CC1_2:
    return CC + " (half-warp coalescing into 32/64/128-byte segments; 16 "
                "banks)";
  case CoalescingFamily::CachedL1:
    return CC + " (loads cached in L1 in 128-byte lines, stores in 32-byte "
                "sectors; 32 banks)";
  case CoalescingFamily::L2Sectors:
    return CC + " (32-byte sectors; 32 banks" +
           (Banks.BankWidth == 8 ? " of 8 bytes" : "") + ")";
  }
  return CC;
}

/// CUDA C Programming Guide, Compute Capabilities, Global Memory: 1.0/1.1
/// and 1.2/1.3 coalesce per half-warp; 2.x caches loads in L1 with 128-byte
/// lines; from 3.x on, global loads go to L2 (or the unified L1/texture
/// cache) in 32-byte sectors.
static void setCoalescingFamilies(GpuModel &G) {
  G.Loads = G.Stores = CoalescingFamily::L2Sectors;
  if (G.Major == 1)
    G.Loads = G.Stores =
        G.Minor < 2 ? CoalescingFamily::CC1_0 : CoalescingFamily::CC1_2;
  else if (G.Major == 2)
    G.Loads = CoalescingFamily::CachedL1, G.Stores = CoalescingFamily::L2Sectors;
}

std::optional<GpuModel> gpuModelFor(const std::string &Sm, std::string &Error) {
  std::string Digits;
  if (Sm.rfind("sm_", 0) == 0)
    for (size_t I = 3; I < Sm.size() && std::isdigit((unsigned char)Sm[I]); ++I)
      Digits += Sm[I];
  if (Digits.size() < 2 || Digits.size() > 3) {
    Error = "'" + Sm + "' is not a GPU architecture of the form sm_XY";
    return std::nullopt;
  }
  GpuModel G;
  G.Sm = Sm;
  G.Major = std::stoi(Digits.substr(0, Digits.size() - 1));
  G.Minor = Digits.back() - '0';
  if (G.Major < 1 || G.Major > 12) {
    Error = "'" + Sm + "' names no known compute capability";
    return std::nullopt;
  }
  setCoalescingFamilies(G);
  G.Banks = bankModelFor(G.Major, G.Minor);
  // Ruetsch & Micikevicius, "Optimizing Matrix Transpose in CUDA" (2009),
  // pp. 16-17: global memory is divided into 6 partitions (8-series GPUs)
  // or 8 partitions (10-series) of 256 bytes; from 2.0 on addresses are
  // hashed over the partitions.
  if (G.Major == 1) {
    G.PartitionsHashed = false;
    G.PartitionWidth = 256;
    G.Partitions = G.Minor < 2 ? 6 : 8;
  }
  return G;
}

GpuModel gpuModelFromArch(const ArchSpec &A, bool KeplerEightByteMode) {
  GpuModel G;
  G.Sm = A.sm();
  G.Name = A.Name;
  G.Major = A.Major;
  G.Minor = A.Minor;
  setCoalescingFamilies(G);
  // The banks as the file gives them (docs/arch.md): count, width and the
  // lanes served together (CUDA C Programming Guide, Compute Capabilities,
  // Shared Memory).
  G.Banks.Banks = A.SmemBanks;
  G.Banks.HalfWarp = A.BankConflictScope == BankScope::HalfWarp;
  G.Banks.BankWidth = A.SmemBankWidthBytes;
  G.Banks.KeplerWordPairs = false;
  if (A.Major == 3 && A.SmemBankWidthBytes == 8 && !KeplerEightByteMode) {
    // 3.x banks are 8 bytes wide; in the default 4-byte mode successive
    // 32-bit words go to successive banks and words i and i+32 of one
    // 64-word segment share a bank without conflict (CGPredict Sec. 2.5;
    // the same model as bankModelFor).
    G.Banks.BankWidth = 4;
    G.Banks.KeplerWordPairs = true;
  }
  G.Partitions = A.MemPartitions;
  G.PartitionWidth = A.PartitionWidthBytes;
  G.PartitionsHashed = A.PartitionsHashed;
  return G;
}


namespace {

struct WorstCoalescing {
  AccessEnumeration E;
  size_t Worst = 0; ///< index into E.Samples
  CoalescingResult R;
  double Factor = 0;
  double Share = 1;
  double ExcessMean = 0;
  double ExcessShare = 0; ///< share of the requests with any excess
};

unsigned excessOf(const CoalescingResult &R, CoalescingFamily F) {
  const bool Half = F == CoalescingFamily::CC1_0 || F == CoalescingFamily::CC1_2;
  const unsigned Got = Half ? R.Transactions : R.Sectors;
  const unsigned Ideal = Half ? R.IdealTransactions : R.IdealSectors;
  return Got > Ideal ? Got - Ideal : 0;
}

/// \p E as a part that is not constant and a constant added to it.
std::pair<sym::Expr, int64_t> splitConstant(const sym::Expr &E) {
  if (std::optional<int64_t> C = E.asConst())
    return {sym::Expr(0), *C};
  if (E.op() == sym::Op::Add)
    for (const sym::Expr &T : E.operands())
      if (std::optional<int64_t> C = T.asConst())
        return {sym::Expr::sub(E, T), *C};
  return {E, 0};
}

bool hasSelects(const sym::Expr &E) {
  std::vector<sym::Expr> Conds;
  E.collectSelectConditions(Conds);
  return !Conds.empty();
}

/// What hasNeighbour compares, found in one pass: by buffer, loops and the
/// offset's part that is not constant, the constants, sorted; by buffer and
/// loops, the accesses (with a selection in their offset).
struct NeighbourIndex {
  using Key = std::tuple<MemorySpace, std::string, std::vector<unsigned>>;
  std::map<std::pair<Key, sym::Expr>, std::vector<int64_t>> Offsets;
  std::map<Key, std::vector<const AccessFacts *>> All, WithSelects;

  explicit NeighbourIndex(const KernelFacts &K) {
    for (const AccessFacts &B : K.Accesses) {
      Key BK{B.Space, B.Base, B.Loops};
      auto [V, C] = splitConstant(B.ByteOffset);
      Offsets[{BK, V}].push_back(C);
      All[BK].push_back(&B);
      if (hasSelects(B.ByteOffset))
        WithSelects[BK].push_back(&B);
    }
    for (auto &[_, Cs] : Offsets)
      std::sort(Cs.begin(), Cs.end());
  }
};

/// Another access to the same buffer at a constant distance of less than a
/// line, in the same loops (a stencil's neighbour): it reads the sector
/// this one's misalignment adds.
bool hasNeighbour(const NeighbourIndex &Index, const AccessFacts &A) {
  NeighbourIndex::Key AK{A.Space, A.Base, A.Loops};
  auto [V, C] = splitConstant(A.ByteOffset);
  auto It = Index.Offsets.find({AK, V});
  if (It != Index.Offsets.end())
    for (auto I = std::lower_bound(It->second.begin(), It->second.end(), C - 127);
         I != It->second.end() && *I < C + 128; ++I)
      if (*I != C)
        return true;
  // Clamped neighbours (`W = i == 0 ? c : c - 1`, `E = i == nx - 1 ? c :
  // c + 1`), from a selection in either offset: near when the selections
  // all go one way, as they do for all but the lanes at the edge.
  const auto &Candidates = hasSelects(A.ByteOffset) ? Index.All : Index.WithSelects;
  auto CIt = Candidates.find(AK);
  if (CIt == Candidates.end())
    return false;
  for (const AccessFacts *BP : CIt->second) {
    if (BP == &A)
      continue;
    const sym::Expr Diff = sym::Expr::sub(BP->ByteOffset, A.ByteOffset);
    std::vector<sym::Expr> Conds;
    Diff.collectSelectConditions(Conds);
    if (Conds.empty() || Conds.size() > 4)
      continue;
    for (bool Way : {false, true}) {
      std::map<sym::Expr, bool> Decided;
      for (const sym::Expr &Cond : Conds)
        Decided[Cond] = Way;
      std::optional<int64_t> D = Diff.decideSelects(Decided).asConst();
      if (D && *D != 0 && std::llabs(*D) < 128)
        return true;
    }
  }
  return false;
}

std::optional<WorstCoalescing> worstCoalescing(const KernelFacts &K,
                                               const AccessFacts &A,
                                               const LaunchConfig &L,
                                               CoalescingFamily F,
                                               const AnalysisOptions &Opts,
                                               const EnumerationOptions &EO) {
  WorstCoalescing W;
  W.E = enumerateAccess(K, A, L, EO);
  if (!W.E.Unanalysable.empty() || W.E.Samples.empty())
    return std::nullopt;
  unsigned Bad = 0, Total = 0, WithExcess = 0;
  double Excess = 0;
  for (size_t I = 0; I < W.E.Samples.size(); ++I) {
    const WarpSample &S = W.E.Samples[I];
    CoalescingResult CR = analyzeCoalescing(S.Req, F);
    double Fa = factorOf(CR, F);
    Total += S.Weight;
    Excess += double(S.Weight) * excessOf(CR, F);
    WithExcess += excessOf(CR, F) ? S.Weight : 0;
    if (Fa > Opts.MinFactor)
      Bad += S.Weight;
    if (I == 0 || Fa > W.Factor) {
      W.Worst = I;
      W.R = CR;
      W.Factor = Fa;
    }
  }
  W.Share = Total ? double(Bad) / Total : 1.0;
  W.ExcessMean = Total ? Excess / Total : 0.0;
  W.ExcessShare = Total ? double(WithExcess) / Total : 1.0;
  return W;
}

/// When a result used chosen values for unknowns, says whether it holds for
/// another admitted value too, replacing the plain "'n' = 4096" sentences.
void checkRobustness(std::vector<std::string> &Assumptions,
                     const std::map<std::string, int64_t> &Chosen0,
                     const std::map<std::string, int64_t> &Chosen1, bool Same,
                     const std::string &OtherResult) {
  for (const auto &[Name, V0] : Chosen0) {
    auto It = Chosen1.find(Name);
    if (It == Chosen1.end() || It->second == V0)
      continue;
    std::string Prefix = "'" + sym::displayName(Name) + "' = " + std::to_string(V0) + " (";
    for (std::string &S : Assumptions) {
      if (S.rfind(Prefix, 0) != 0)
        continue;
      if (Same)
        S = "nothing about '" + sym::displayName(Name) + "', whose value is not known here: " +
            "the result is the same for " + Name + " = " + std::to_string(V0) +
            " and " + Name + " = " + std::to_string(It->second);
      else
        S += "; with " + Name + " = " + std::to_string(It->second) +
             " instead: " + OtherResult;
    }
  }
}

} // namespace


std::vector<CoalescingFinding>
findUncoalescedAccesses(const KernelFacts &K,
                        const std::vector<LaunchConfig> &Configs,
                        const GpuModel &Gpu, const AnalysisOptions &Opts) {
  std::vector<CoalescingFinding> R;
  std::set<std::tuple<const AccessFacts *, unsigned, unsigned>> Seen;
  std::optional<NeighbourIndex> Index;
  auto Neighbours = [&]() -> const NeighbourIndex & {
    if (!Index)
      Index.emplace(K);
    return *Index;
  };
  for (const LaunchConfig &L : Configs)
    for (const AccessFacts &A : K.Accesses) {
      if (A.Space != MemorySpace::Global || A.IsAtomic || !A.ElementSize)
        continue;
      CoalescingFamily F = A.IsRead ? Gpu.Loads : Gpu.Stores;
      auto W = worstCoalescing(K, A, L, F, Opts, Opts.Enum);
      if (!W)
        continue;
      const bool ByExcess = W->Factor <= Opts.MinFactor &&
                            Opts.MinExcessInLoop > 0 && !A.Loops.empty() &&
                            W->ExcessMean >= Opts.MinExcessInLoop &&
                            (F == CoalescingFamily::CC1_0 ||
                             F == CoalescingFamily::CC1_2 ||
                             !hasNeighbour(Neighbours(), A));
      if (W->Factor <= Opts.MinFactor && !ByExcess)
        continue;
      // Excess sectors of a warp whose alignment rests on a value taken as
      // 0 (`frame[d_Row[p] - 25 + row]`): another value may align it.
      if (ByExcess && W->E.UnknownOffset)
        continue;
      // Under a branch on data (keys[i] == key) the lanes that get here are
      // not known: all 32 were assumed. When one lane alone would not be
      // reported, the verdict rests on that guess: no warning.
      if (W->E.UnknownGuard) {
        const WarpRequest &Worst = W->E.Samples[W->Worst].Req;
        WarpRequest One = Worst;
        bool Kept = false;
        for (auto &Addr : One.Lane) {
          if (Addr && !Kept)
            Kept = true;
          else
            Addr.reset();
        }
        if (factorOf(analyzeCoalescing(One, F), F) <= Opts.MinFactor)
          continue;
      }
      CoalescingFinding Fd;
      Fd.ByExcess = ByExcess;
      Fd.ExcessWorst = excessOf(W->R, F);
      Fd.ExcessMean = W->ExcessMean;
      Fd.Access = &A;
      Fd.Config = L;
      Fd.Family = F;
      Fd.Worst = W->R;
      Fd.WorstRequest = W->E.Samples[W->Worst].Req;
      Fd.WorstWarp = W->E.Samples[W->Worst].Warp;
      Fd.WorstBlock = W->E.Samples[W->Worst].BlockIdx;
      Fd.Factor = W->Factor;
      Fd.Share = ByExcess ? W->ExcessShare : W->Share;
      Fd.Assumptions = W->E.Assumptions;
      if (!W->E.Chosen.empty()) {
        EnumerationOptions Other = Opts.Enum;
        Other.Variant = 1;
        auto W1 = worstCoalescing(K, A, L, F, Opts, Other);
        if (W1) {
          bool Same = W1->R.Sectors == W->R.Sectors &&
                      W1->R.Transactions == W->R.Transactions;
          checkRobustness(Fd.Assumptions, W->E.Chosen, W1->E.Chosen, Same,
                          std::to_string(W1->R.Sectors) + " sectors in " +
                              std::to_string(W1->R.Transactions) +
                              " transactions");
        }
      }
      // The explanation evaluates the stride with the values the
      // enumeration used (a value chosen so that the access is reached).
      EnumerationOptions Used = Opts.Enum;
      for (const auto &[N, V] : W->E.Chosen)
        Used.Assumptions[N].Equal = V;
      explainStride(A, L, Used, W->E.Samples[W->Worst], Fd.Why, Fd.Fix);
      if (Fd.Fix.rfind("swap the roles", 0) == 0)
        checkSwapHelps(K, A, L, Gpu, Opts, Fd.Fix);
      // The same access with the same numbers under another launch adds
      // nothing (a set: a kernel may have many accesses).
      if (Seen.insert({&A, W->R.Sectors, W->R.Transactions}).second)
        R.push_back(std::move(Fd));
    }
  return R;
}

namespace {

/// The worst bank-conflict degree of \p A under every configuration.
BankConflictResult worstConflict(const KernelFacts &K, const AccessFacts &A,
                                 const std::vector<LaunchConfig> &Configs,
                                 const GpuModel &Gpu,
                                 const AnalysisOptions &Opts) {
  BankConflictResult Worst;
  for (const LaunchConfig &L : Configs) {
    AccessEnumeration E = enumerateAccess(K, A, L, Opts.Enum);
    for (const WarpSample &S : E.Samples) {
      BankConflictResult B = analyzeBankConflicts(S.Req, Gpu.Banks);
      if (B.Ways > Worst.Ways)
        Worst = B;
    }
  }
  return Worst;
}

/// Whether padding the innermost dimension by one element makes every
/// access to \p Buf conflict-free; if not, why.
/// \p A (which indexes every dimension) on a buffer of dimensions \p Dims.
AccessFacts withDims(const AccessFacts &A, const std::vector<int64_t> &Dims) {
  sym::Expr Flat(0);
  for (size_t I = 0; I < Dims.size(); ++I)
    Flat = Flat * sym::Expr(Dims[I]) + A.Subscripts[I];
  AccessFacts P = A;
  P.Index = Flat;
  P.ByteOffset = Flat * sym::Expr(A.ElementSize);
  return P;
}

std::optional<std::string> paddingFix(const KernelFacts &K,
                                      const SharedBufferFacts &Buf,
                                      const std::vector<LaunchConfig> &Configs,
                                      const GpuModel &Gpu,
                                      const AnalysisOptions &Opts,
                                      std::string &WhyNot) {
  if (Buf.Dynamic || Buf.Record || Buf.Dims.size() < 2) {
    WhyNot = Buf.Dynamic  ? "the buffer's size is set at launch"
             : Buf.Record ? "the buffer is a struct: pad its member array "
                            "in the struct's declaration"
                          : "the buffer has a single dimension";
    return std::nullopt;
  }
  std::vector<int64_t> Dims;
  for (const auto &D : Buf.Dims) {
    if (!D) {
      WhyNot = "a dimension of the buffer is not known";
      return std::nullopt;
    }
    Dims.push_back(*D);
  }
  Dims.back() += 1;
  for (const AccessFacts &A : K.Accesses) {
    if (A.Space != MemorySpace::Shared || A.Base != Buf.Name)
      continue;
    if (A.Subscripts.size() != Dims.size()) {
      WhyNot = "'" + A.Text + "' (line " + std::to_string(A.Loc.Line) +
               ") does not index every dimension, so it depends on the "
               "layout";
      return std::nullopt;
    }
    AccessFacts P = withDims(A, Dims);
    BankConflictResult B = worstConflict(K, P, Configs, Gpu, Opts);
    if (B.Ways > 1) {
      WhyNot = "with the padding, '" + A.Text + "' (line " +
               std::to_string(A.Loc.Line) + ") would still be " +
               std::to_string(B.Ways) + "-way";
      return std::nullopt;
    }
  }
  const std::string &Text = Buf.DimTexts.empty() ? "" : Buf.DimTexts.back();
  if (Text.empty())
    return std::to_string(Dims.back());
  // Keep what the user wrote: [BLKDIM] -> [BLKDIM + 1].
  return Text + " + 1";
}

/// A pitch the host passes in (a parameter that is a thread index's
/// coefficient in \p A's index: `tile[ty * pitch + tx]`): the smallest
/// larger pitch, in steps of one bank word, under which re-analysis finds
/// no access to the buffer in conflict, said as advice; "" when none is
/// found within one round of the banks.
std::string pitchFix(const KernelFacts &K, const AccessFacts &A,
                     const LaunchConfig &L, const GpuModel &Gpu,
                     const AnalysisOptions &Opts,
                     const std::map<std::string, int64_t> &V) {
  if (!A.ElementSize || Gpu.Banks.BankWidth % A.ElementSize)
    return "";
  const int64_t Step = int64_t(Gpu.Banks.BankWidth / A.ElementSize);
  for (const char *Sym : {"threadIdx.y", "threadIdx.x"}) {
    std::string Name;
    auto C = coefficient(A.Index, Sym, V, &Name);
    auto P = V.find(Name);
    if (!C || P == V.end() || Name.find('.') != std::string::npos ||
        *C != P->second || *C <= 0)
      continue;
    for (int64_t Words = 1; Words <= int64_t(Gpu.Banks.Banks); ++Words) {
      AnalysisOptions O = Opts;
      O.Enum.Assumptions[Name].Equal = P->second + Words * Step;
      bool Clean = true;
      for (const AccessFacts &B : K.Accesses) {
        if (B.Space != MemorySpace::Shared || B.Base != A.Base ||
            !B.Index.mentions(Name))
          continue;
        AccessEnumeration E = enumerateAccess(K, B, L, O.Enum);
        for (const WarpSample &S : E.Samples)
          Clean = Clean && analyzeBankConflicts(S.Req, Gpu.Banks).Ways <= 1;
        if (!Clean || E.Samples.empty() || !E.Unanalysable.empty()) {
          Clean = false;
          break;
        }
      }
      if (Clean)
        return "; with '" + sym::displayName(Name) + "' = " +
               std::to_string(P->second + Words * Step) + " instead of " +
               std::to_string(P->second) +
               " (set where the kernel is launched) re-analysis finds no "
               "conflict on '" + A.Base + "'";
    }
  }
  return "";
}

} // namespace

std::vector<BankConflictFinding>
findBankConflicts(const KernelFacts &K, const std::vector<LaunchConfig> &Configs,
                  const GpuModel &Gpu, const AnalysisOptions &Opts) {
  std::vector<BankConflictFinding> R;
  for (const LaunchConfig &L : Configs)
    for (const AccessFacts &A : K.Accesses) {
      if (A.Space != MemorySpace::Shared || !A.ElementSize)
        continue;
      AccessEnumeration E = enumerateAccess(K, A, L, Opts.Enum);
      if (!E.Unanalysable.empty() || E.Samples.empty())
        continue;
      BankConflictResult Worst;
      const WarpSample *WorstSample = &E.Samples.front();
      for (const WarpSample &S : E.Samples) {
        BankConflictResult B = analyzeBankConflicts(S.Req, Gpu.Banks);
        if (B.Ways > Worst.Ways) {
          Worst = B;
          WorstSample = &S;
        }
      }
      if (Worst.Ways < Opts.MinWays)
        continue;
      // A value taken for an unknown (a parameter, a value read at run
      // time) decides the degree when another admitted value gives another
      // one: no warning rests on that guess.
      if (!E.Chosen.empty()) {
        EnumerationOptions Other = Opts.Enum;
        Other.Variant = 1;
        AccessEnumeration E1 = enumerateAccess(K, A, L, Other);
        unsigned Ways1 = 0;
        for (const WarpSample &S : E1.Samples)
          Ways1 = std::max(Ways1, analyzeBankConflicts(S.Req, Gpu.Banks).Ways);
        if (!E1.Unanalysable.empty() || Ways1 != Worst.Ways)
          continue;
      }
      bool Dup = false;
      for (const BankConflictFinding &O : R)
        Dup |= O.Access == &A && O.Worst.Ways == Worst.Ways;
      if (Dup)
        continue;
      BankConflictFinding Fd;
      Fd.Access = &A;
      Fd.Config = L;
      Fd.Worst = Worst;
      Fd.WorstRequest = WorstSample->Req;
      Fd.WorstWarp = WorstSample->Warp;
      Fd.WorstBlock = WorstSample->BlockIdx;
      Fd.Assumptions = E.Assumptions;
      for (const SharedBufferFacts &B : K.SharedBuffers)
        if (B.Name == A.Base)
          Fd.Buffer = &B;
      unsigned PhaseLanes = Gpu.Banks.HalfWarp ? 16 : 32 / std::max(1u, Worst.Phases);
      if (Worst.Ways >= PhaseLanes)
        Fd.Why = std::string("the ") + std::to_string(PhaseLanes) +
                 " lanes of each " + (Gpu.Banks.HalfWarp ? "half-warp" : "warp") +
                 " hit one bank";
      else
        Fd.Why = std::to_string(Worst.Ways) + " lanes of a " +
                 (Gpu.Banks.HalfWarp ? "half-warp" : "warp") +
                 " hit bank " + std::to_string(Worst.WorstPhaseBank) +
                 " at different words";
      auto V = uniformValues(L, Opts.Enum, A.Index);
      auto Cx = coefficient(A.Index, "threadIdx.x", V);
      auto Cy = coefficient(A.Index, "threadIdx.y", V);
      const int64_t Width = int64_t(Gpu.Banks.BankWidth);
      const int64_t Lanes = Gpu.Banks.HalfWarp ? 16 : 32;
      std::optional<int64_t> RowWords;
      if (Cy)
        RowWords = *Cy * int64_t(A.ElementSize) / Width;
      if (Cx && *Cx * int64_t(A.ElementSize) <= Width && L.Block[0] < Lanes &&
          L.Block[1] > 1 && RowWords && *RowWords &&
          *RowWords % int64_t(Gpu.Banks.Banks) == 0) {
        // The lanes of one row are on distinct banks; the conflict is
        // between the rows of the block that share the warp.
        Fd.Why += ": the " +
                  std::to_string(std::min<int64_t>(Lanes / L.Block[0],
                                                   L.Block[1])) +
                  " rows of the block in each " +
                  (Gpu.Banks.HalfWarp ? "half-warp" : "warp") +
                  " (blockDim.x = " + std::to_string(L.Block[0]) + ") are " +
                  plural(*RowWords, "word", "words") + " apart, a multiple of " +
                  std::to_string(Gpu.Banks.Banks) + " banks";
      } else if (Cx && std::llabs(*Cx) > 1) {
        int64_t Words = *Cx * int64_t(A.ElementSize) / Width;
        Fd.Why += ": lanes that differ in threadIdx.x are " +
                  plural(Words, "word", "words") + " apart";
      }
      if (Fd.Buffer)
        Fd.Padding = paddingFix(K, *Fd.Buffer, Configs, Gpu, Opts,
                                Fd.NoPaddingBecause);
      // The same warp's request after the padding, for the maps.
      if (Fd.Padding) {
        std::vector<int64_t> Dims;
        for (const auto &D : Fd.Buffer->Dims)
          Dims.push_back(D.value_or(0));
        Dims.back() += 1;
        AccessEnumeration P = enumerateAccess(K, withDims(A, Dims), L, Opts.Enum);
        for (const WarpSample &S : P.Samples)
          if (!Fd.PaddedRequest || (S.Warp == Fd.WorstWarp &&
                                    S.BlockIdx == Fd.WorstBlock))
            Fd.PaddedRequest = S.Req;
      }
      if (!Fd.Padding && Fd.Buffer)
        Fd.NoPaddingBecause += pitchFix(K, A, L, Gpu, Opts, V);
      // The cause, the same for accesses that fall on different banks.
      Fd.Cause = Fd.Why;
      const std::string Bank = " hit bank " + std::to_string(Worst.WorstPhaseBank) + " ";
      if (size_t At = Fd.Cause.find(Bank); At != std::string::npos)
        Fd.Cause.replace(At, Bank.size(), " hit one bank ");
      R.push_back(std::move(Fd));
    }
  return R;
}

} // namespace warplint
