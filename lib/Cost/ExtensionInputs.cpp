//===- ExtensionInputs.cpp - Kernel inputs of CGPredict and MDM ------------===//
#include "Cost/ExtensionInputs.h"

#include "Cost/HongKim.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <sstream>

namespace warplint {

namespace {

void addOnce(std::vector<std::string> &V, const std::string &S) {
  if (std::find(V.begin(), V.end(), S) == V.end())
    V.push_back(S);
}

std::string fmtNum(double X) {
  std::ostringstream OS;
  OS << X;
  return OS.str();
}

const LoopFacts *findLoop(const KernelFacts &K, unsigned Id) {
  for (const LoopFacts &L : K.Loops)
    if (L.Id == Id)
      return &L;
  return nullptr;
}

/// Where a fact stands in program order: its outermost call site, then its
/// own position.
std::array<unsigned, 4> orderKey(const SourceLoc &Loc, const CallChain &C) {
  const SourceLoc &Outer = C.empty() ? Loc : C.front();
  return {Outer.Line, Outer.Column, Loc.Line, Loc.Column};
}

/// The values of the launch and of the scalar parameters that the loops'
/// bounds mention, for running the loops; threadIdx and blockIdx are those
/// of thread 0 of block 0.
std::map<std::string, int64_t>
loopEnvironment(const KernelFacts &K, const LaunchConfig &L,
                const EnumerationOptions &E,
                std::vector<std::string> &Assumptions) {
  std::map<std::string, int64_t> Fixed;
  for (int D = 0; D < 3; ++D) {
    const char C = "xyz"[D];
    Fixed[std::string("blockDim.") + C] = L.Block[D];
    Fixed[std::string("gridDim.") + C] = L.Grid[D];
    Fixed[std::string("threadIdx.") + C] = 0;
    Fixed[std::string("blockIdx.") + C] = 0;
  }
  std::map<std::string, sym::Expr> Syms;
  for (const LoopFacts &Lp : K.Loops)
    for (const auto *X : {&Lp.Start, &Lp.Bound, &Lp.TripCount, &Lp.Next})
      if (*X)
        (*X)->collectSymbols(Syms);
  for (const auto &[Name, S] : Syms) {
    if (S.symbolKind() != sym::SymbolKind::Param)
      continue;
    auto AIt = E.Assumptions.find(Name);
    if (AIt != E.Assumptions.end() && AIt->second.Equal) {
      Fixed[Name] = *AIt->second.Equal;
    } else if (auto It = L.Args.find(Name); It != L.Args.end()) {
      Fixed[Name] = It->second;
    } else {
      int64_t V = E.DefaultParamValue;
      if (AIt != E.Assumptions.end())
        V = AIt->second.pick(V, E.Variant).value_or(V);
      Fixed[Name] = V;
      addOnce(Assumptions, "'" + sym::displayName(Name) + "' = " + std::to_string(V) +
                               " in the loop bounds of the L2 trace (its "
                               "value is not known)");
    }
  }
  return Fixed;
}

/// One access executed with its loops' symbols at given values.
struct Occurrence {
  unsigned Access;
  std::map<std::string, int64_t> LoopValues;
};

/// Program order with loops unrolled (at most Cap iterations each).
class Unroller {
public:
  Unroller(const KernelFacts &K, const std::vector<bool> &Traced,
           const std::map<std::string, int64_t> &Env)
      : K(K), Env(Env) {
    // The items of each level: accesses by their innermost loop, loops by
    // their parent. Level "none" is the kernel body.
    for (unsigned I = 0; I < K.Accesses.size(); ++I)
      if (Traced[I]) {
        const AccessFacts &A = K.Accesses[I];
        int Parent = A.Loops.empty() ? -1 : int(A.Loops.back());
        std::array<unsigned, 4> Key = orderKey(A.Loc, A.Calls);
        // A store comes after the loads of its line: `A[i] = A[i] + B[i]`
        // writes its left side (the earlier column) once the right side
        // is read.
        if (A.IsWrite && !A.IsRead) {
          if (A.Calls.empty())
            Key[1] = ~0u;
          Key[3] = ~0u;
        }
        Items[Parent].push_back({Key, false, I});
      }
    // A loop is walked only when a traced access is inside it.
    std::set<unsigned> Holding;
    for (unsigned I = 0; I < K.Accesses.size(); ++I)
      if (Traced[I])
        for (unsigned L : K.Accesses[I].Loops)
          Holding.insert(L);
    for (const LoopFacts &Lp : K.Loops) {
      if (!Holding.count(Lp.Id))
        continue;
      int Parent = Lp.Parent ? int(*Lp.Parent) : -1;
      Items[Parent].push_back({orderKey(Lp.Loc, Lp.Calls), true, Lp.Id});
    }
    for (auto &[P, V] : Items)
      std::stable_sort(V.begin(), V.end(), [](const Item &X, const Item &Y) {
        return X.Key < Y.Key;
      });
  }

  /// Calls F for each occurrence in order; stops (returns false) when F
  /// does, or after \p MaxSteps loop iterations and occurrences in all
  /// (then Exhausted() holds). Cap: iterations per loop.
  bool run(unsigned Cap, const std::function<bool(const Occurrence &)> &F,
           std::vector<std::string> &Assumptions, uint64_t MaxSteps) {
    std::map<std::string, int64_t> Values;
    Steps = 0;
    StepBudget = MaxSteps;
    return level(-1, Cap, Values, F, Assumptions, 0);
  }
  bool exhausted() const { return Steps > StepBudget; }
  uint64_t steps() const { return Steps; }

private:
  struct Item {
    std::array<unsigned, 4> Key;
    bool IsLoop;
    unsigned Id;
  };
  const KernelFacts &K;
  const std::map<std::string, int64_t> &Env;
  std::map<int, std::vector<Item>> Items;
  uint64_t Steps = 0, StepBudget = 0;

  bool level(int Parent, unsigned Cap, std::map<std::string, int64_t> &Values,
             const std::function<bool(const Occurrence &)> &F,
             std::vector<std::string> &Assumptions, unsigned Depth) {
    auto It = Items.find(Parent);
    if (It == Items.end() || Depth > 32)
      return true;
    for (const Item &X : It->second) {
      if (++Steps > StepBudget)
        return false;
      if (!X.IsLoop) {
        if (!F(Occurrence{X.Id, Values}))
          return false;
        continue;
      }
      const LoopFacts *Lp = findLoop(K, X.Id);
      if (!Lp)
        continue;
      std::map<std::string, int64_t> Fixed = Env;
      for (const auto &[N, V] : Values)
        Fixed[N] = V;
      std::string Why;
      auto Vals = loopSymbolValues(*Lp, Fixed, Cap, Why);
      if (!Vals) {
        addOnce(Assumptions,
                "the loop at line " + std::to_string(Lp->Loc.Line) +
                    " runs once in the L2 trace (" + Why + ")");
        Vals = std::vector<int64_t>{Lp->Affine || !Lp->Start
                                        ? int64_t(0)
                                        : Lp->Start->evaluate(Fixed).value_or(0)};
      }
      for (int64_t V : *Vals) {
        if (++Steps > StepBudget)
          return false;
        if (!Lp->IterSymbol.empty())
          Values[Lp->IterSymbol] = V;
        if (!level(int(Lp->Id), Cap, Values, F, Assumptions, Depth + 1))
          return false;
      }
      if (!Lp->IterSymbol.empty())
        Values.erase(Lp->IterSymbol);
    }
    return true;
  }
};

} // namespace

CgTrace buildCgTrace(const KernelFacts &K, const LaunchConfig &L,
                     unsigned BlocksPerBatch,
                     const std::vector<std::optional<CgClass>> &Classes,
                     const CgTraceOptions &O) {
  CgTrace T;
  std::vector<bool> Traced(K.Accesses.size(), false);
  for (unsigned I = 0; I < K.Accesses.size() && I < Classes.size(); ++I)
    Traced[I] = Classes[I].has_value();
  const int64_t Blocks = L.Grid[0] * L.Grid[1] * L.Grid[2];
  const int64_t Threads = L.threadsPerBlock();
  if (Blocks <= 0 || Threads <= 0 || BlocksPerBatch == 0)
    return T;
  const int64_t WarpsPerBlock = (Threads + 31) / 32;
  T.BlocksPerBatch = BlocksPerBatch;
  T.Batches = unsigned(std::min<int64_t>(
      O.Batches, (Blocks + BlocksPerBatch - 1) / BlocksPerBatch));
  const int64_t TracedBlocks =
      std::min<int64_t>(Blocks, int64_t(T.Batches) * BlocksPerBatch);
  T.WarpsTraced = unsigned(TracedBlocks * WarpsPerBlock);

  std::map<std::string, int64_t> Env =
      loopEnvironment(K, L, O.Enum, T.Assumptions);
  Unroller U(K, Traced, Env);

  // The iteration cap: the largest of 16, 8, ... whose trace fits. Each
  // try stops as soon as it does not fit, and the walk of the loops has a
  // budget of its own (loops whose iterations reach no access, a deep
  // nest at a cap of 1): the work is bounded whatever the nest.
  std::vector<std::string> Scratch;
  const uint64_t PerWarp =
      std::max<uint64_t>(1, O.MaxWarpInstructions / std::max(1u, T.WarpsTraced));
  const uint64_t MaxSteps = 32 * std::max<uint64_t>(PerWarp, 1024);
  unsigned Cap = std::max(1u, O.MaxIterationsPerLoop);
  for (;; Cap /= 2) {
    uint64_t N = 0;
    bool Fits = U.run(Cap, [&](const Occurrence &) { return ++N <= PerWarp; },
                      Scratch, MaxSteps);
    if (Fits || Cap <= 1)
      break;
  }
  T.IterationsPerLoop = Cap;
  std::vector<Occurrence> Occs;
  U.run(Cap, [&](const Occurrence &X) { Occs.push_back(X); return true; },
        T.Assumptions, MaxSteps);
  if (U.exhausted())
    addOnce(T.Assumptions,
            "the L2 trace stops after " + std::to_string(MaxSteps) +
                " steps of its loops (" + std::to_string(Occs.size()) +
                " accesses per warp): the loop nest is too deep to walk at " +
                std::to_string(Cap) + " iteration(s) per loop");

  // Arrays in order of first appearance.
  std::map<std::string, uint64_t> Region;
  auto RegionOf = [&](const std::string &Base) {
    auto [It, New] = Region.insert({Base, Region.size() + 1});
    (void)New;
    return It->second * O.RegionBytes;
  };

  std::set<unsigned> SkippedSet;
  bool Truncated = false;
  for (unsigned B = 0; B < T.Batches && !Truncated; ++B) {
    EnumerationOptions E = O.Enum;
    E.ExplicitBlocks.clear();
    for (int64_t Lin = int64_t(B) * BlocksPerBatch;
         Lin < std::min<int64_t>(Blocks, int64_t(B + 1) * BlocksPerBatch);
         ++Lin)
      E.ExplicitBlocks.push_back({Lin % L.Grid[0],
                                  (Lin / L.Grid[0]) % L.Grid[1],
                                  Lin / (L.Grid[0] * L.Grid[1])});
    for (const Occurrence &X : Occs) {
      if (SkippedSet.count(X.Access))
        continue;
      const AccessFacts &A = K.Accesses[X.Access];
      E.LoopValues = X.LoopValues;
      AccessEnumeration R = enumerateAccess(K, A, L, E);
      for (const std::string &S : R.Assumptions)
        addOnce(T.Assumptions, S);
      if (!R.Unanalysable.empty()) {
        SkippedSet.insert(X.Access);
        addOnce(T.Assumptions,
                "'" + A.Text + "' (line " + std::to_string(A.Loc.Line) +
                    ") is left out of the L2 trace: " + R.Unanalysable);
        continue;
      }
      const uint64_t Base = RegionOf(A.Base);
      const unsigned Insts = A.IsRead && A.IsWrite && !A.IsAtomic ? 2 : 1;
      for (const WarpSample &S : R.Samples) {
        CgAccess Acc;
        Acc.Class = *Classes[X.Access];
        for (const auto &Lane : S.Req.Lane)
          if (Lane)
            Acc.Addresses.push_back(Base + uint64_t(*Lane));
        for (unsigned I = 0; I < Insts; ++I) {
          T.Accesses.push_back(Acc);
          T.AccessIndex.push_back(X.Access);
        }
      }
      if (T.Accesses.size() > 2 * O.MaxWarpInstructions) {
        Truncated = true;
        addOnce(T.Assumptions, "the L2 trace stops after " +
                                   std::to_string(T.Accesses.size()) +
                                   " warp memory instructions");
        break;
      }
    }
  }
  T.Skipped.assign(SkippedSet.begin(), SkippedSet.end());
  addOnce(T.Assumptions,
          "L2 hits (CGPredict eq. 9-11) from a trace of " +
              std::to_string(T.WarpsTraced) + " warps (" +
              std::to_string(TracedBlocks) + " thread blocks, " +
              std::to_string(T.Batches) + " batch" +
              (T.Batches == 1 ? "" : "es") + " of " +
              std::to_string(BlocksPerBatch) +
              " resident on one SM), loops unrolled at most " +
              std::to_string(Cap) + " iteration" + (Cap == 1 ? "" : "s") +
              " each, " + std::to_string(T.Accesses.size()) +
              " warp memory instructions; each array starts at its own "
              "4 GiB-aligned address");
  return T;
}

CgL2Choice cgL2For(const ArchSpec &A) {
  CgL2Choice C;
  const std::string G = A.Id.empty() ? A.Name : A.Id;
  if (A.L2Bytes == 0) {
    C.Why = "no L2 for global memory is known for " + G;
    return C;
  }
  uint64_t Line = A.L2LineBytes;
  if (Line == 0 || (Line & (Line - 1))) {
    Line = 128;
    C.Assumptions.push_back("L2 line of 128 bytes for " + G +
                            " (l2_line_bytes unknown)");
  }
  uint64_t Bytes = A.L2Bytes;
  const unsigned SMs = std::max(1u, A.SmCount);
  if (SMs > 1) {
    Bytes = A.L2Bytes / SMs;
    C.Assumptions.push_back(
        "the one-SM L2 trace meets 1/" + std::to_string(SMs) +
        " of the L2 (" + std::to_string(A.L2Bytes) +
        " bytes shared by the SMs)");
  }
  C.Cache.LineBytes = Line;
  if (A.PartitionsHashed) {
    // Hashed addresses spread the lines of a power-of-two stride over all
    // sets instead of crowding one (CGPredict's m mod K, Sec. 3.3.4): the
    // sets behave as one LRU of every line (CgCacheConfig::HashedSets).
    const uint64_t Lines = std::max<uint64_t>(1, Bytes / Line);
    C.Cache.SizeBytes = Lines * Line;
    C.Cache.Associativity = Lines;
    C.Cache.HashedSets = true;
    C.Assumptions.push_back(
        "the L2 is analysed as one LRU of its " + std::to_string(Lines) +
        " lines: " + G +
        " hashes addresses (partitions_hashed), so lines do not crowd "
        "one set as with CGPredict's line address modulo sets");
    C.Ok = true;
    return C;
  }
  uint64_t Assoc = A.L2Assoc;
  if (Assoc == 0) {
    Assoc = DefaultL2Associativity;
    C.Assumptions.push_back("the L2 of " + G + " is " +
                            std::to_string(Assoc) +
                            "-way set associative (l2_assoc unknown)");
  }
  uint64_t Sets = std::max<uint64_t>(1, Bytes / (Assoc * Line));
  C.Cache.SizeBytes = Sets * Assoc * Line;
  C.Cache.Associativity = Assoc;
  C.Assumptions.push_back("the L2 is LRU, set = line address modulo " +
                          std::to_string(Sets) + " sets");
  C.Ok = true;
  return C;
}

// --- MDM ------------------------------------------------------------------------

namespace {

/// Mean distinct lines of LineBytes per warp request of A (weighted over
/// the enumerated warps); std::nullopt when not enumerable.
std::optional<double> linesPerRequest(const KernelFacts &K,
                                      const AccessFacts &A,
                                      const LaunchConfig &L,
                                      const EnumerationOptions &E,
                                      double LineBytes,
                                      std::vector<std::string> &Assumptions) {
  AccessEnumeration R = enumerateAccess(K, A, L, E);
  for (const std::string &S : R.Assumptions)
    addOnce(Assumptions, S);
  if (!R.Unanalysable.empty() || R.Samples.empty())
    return std::nullopt;
  const int64_t Line = int64_t(LineBytes);
  double Sum = 0, W = 0;
  for (const WarpSample &S : R.Samples) {
    std::set<int64_t> Lines;
    for (const auto &Lane : S.Req.Lane)
      if (Lane) {
        int64_t Q = *Lane / Line;
        if (*Lane % Line < 0)
          --Q;
        // The element may straddle a line.
        int64_t Last = *Lane + int64_t(S.Req.AccessSize) - 1;
        int64_t QL = Last / Line - (Last % Line < 0 ? 1 : 0);
        for (int64_t X = Q; X <= QL; ++X)
          Lines.insert(X);
      }
    Sum += S.Weight * double(Lines.size());
    W += S.Weight;
  }
  return W > 0 ? Sum / W : 0;
}

std::string chainLabel(const KernelFacts &K, const std::vector<unsigned> &C) {
  if (C.empty())
    return "outside loops";
  const LoopFacts *Lp = findLoop(K, C.back());
  return "body of the loop at line " +
         std::to_string(Lp ? Lp->Loc.Line : 0);
}

} // namespace

MdmDerivation deriveMdmInput(const KernelFacts &K, const LaunchConfig &L,
                             const ArchSpec &A, const InstructionCounts &IC,
                             unsigned WarpsPerSm,
                             std::optional<double> LlcMissRate,
                             const InstructionCountOptions &IO) {
  MdmDerivation D;
  D.In = mdmInputFrom(A);
  const std::string G = A.Id.empty() ? A.Name : A.Id;
  if (A.L1LineBytes == 0)
    addOnce(D.Assumptions, "MDM BlockSize = 128 bytes for " + G +
                               " (l1_line_bytes unknown)");
  const double Blocks = double(L.Grid[0] * L.Grid[1] * L.Grid[2]);
  const double WarpsPerBlock = std::ceil(double(L.threadsPerBlock()) / 32);
  D.In.TotalWarps = Blocks * WarpsPerBlock;
  const double SMs = std::max(1.0, D.In.SMs);
  D.In.W = std::min<double>(WarpsPerSm, std::ceil(D.In.TotalWarps / SMs));
  if (D.In.W < WarpsPerSm)
    addOnce(D.Assumptions,
            "W = " + fmtNum(D.In.W) + " warps per SM: the kernel's " +
                fmtNum(D.In.TotalWarps) + " warps spread over " +
                fmtNum(SMs) + " SMs (fewer than the " +
                std::to_string(WarpsPerSm) + " the occupancy allows)");
  double Miss = 1;
  if (LlcMissRate) {
    Miss = std::clamp(*LlcMissRate, 0.0, 1.0);
  } else {
    addOnce(D.Assumptions, "LLC miss rate 1: every L1 miss also misses the "
                           "L2 (no L2 estimate)");
  }
  // L1 misses: the lines a warp request touches (MDM Sec. III-A) that miss
  // in an L1 trace of the blocks one SM runs together (CGPredict's
  // conflict-set cache model, eq. 9-11, on the L1's geometry): a
  // coalesced access whose neighbours the block's other warps just loaded
  // hits.
  std::map<unsigned, double> L1Miss;
  if (CgL2Choice L1 = cgL1For(A); L1.Ok) {
    const unsigned BlocksPerSm = unsigned(std::max(
        1.0, std::floor(double(WarpsPerSm) /
                        std::max(1.0, std::ceil(double(L.threadsPerBlock()) /
                                                32.0)))));
    std::string Why;
    std::vector<std::string> TraceAs;
    std::map<unsigned, double> Hit = traceHitRates(
        K, L, gpuModelFromArch(A), BlocksPerSm, IO.Enum, L1.Cache, TraceAs, Why);
    if (Why.empty()) {
      for (const auto &[Index, H] : Hit)
        L1Miss[Index] = 1.0 - H;
      for (const std::string &S : L1.Assumptions)
        addOnce(D.Assumptions, S);
      for (const std::string &S : TraceAs)
        addOnce(D.Assumptions, S);
      addOnce(D.Assumptions,
              "L1 misses: the distinct " + fmtNum(D.In.BlockBytes) +
                  "-byte lines a warp request touches (MDM Sec. III-A) "
                  "times the share that misses in an L1 trace of the "
                  "blocks one SM runs together (CGPredict eq. 9-11)");
    } else {
      addOnce(D.Assumptions, "every global warp request misses the L1 (" +
                                 Why + ")");
    }
  } else {
    addOnce(D.Assumptions,
            "every global warp request misses the L1 (" + L1.Why +
                "): its L1 misses are the distinct " +
                fmtNum(D.In.BlockBytes) +
                "-byte lines its lanes touch (MDM Sec. III-A)");
  }
  std::string Why;
  const double Issue = issueCyclesFor(A, Why);
  if (!Why.empty())
    addOnce(D.Assumptions, "issue cycles per warp instruction = " +
                               fmtNum(Issue) + " for " + G + ": " + Why);

  struct Region {
    double Insts = 0, MRead = 0, MWrite = 0, DivergentLoads = 0;
  };
  std::map<std::vector<unsigned>, Region> Regions;
  Regions[{}]; // the code outside loops, even if empty
  for (const OpFacts &Op : K.Ops)
    Regions[Op.Loops].Insts += instructionsFor(Op, IO.Map);
  for (const LoopFacts &Lp : K.Loops) {
    std::vector<unsigned> Chain{Lp.Id};
    for (std::optional<unsigned> P = Lp.Parent; P && Chain.size() < 64;) {
      Chain.insert(Chain.begin(), *P);
      const LoopFacts *PL = findLoop(K, *P);
      P = PL ? PL->Parent : std::nullopt;
    }
    Regions[Chain].Insts += IO.Map.LoopBranch;
  }
  for (const BarrierFacts &B : K.Barriers)
    Regions[B.Loops].Insts += 1;
  for (unsigned I = 0; I < K.Accesses.size(); ++I) {
    const AccessFacts &Acc = K.Accesses[I];
    const bool Rmw = Acc.IsRead && Acc.IsWrite && !Acc.IsAtomic;
    Region &R = Regions[Acc.Loops];
    R.Insts += Rmw ? 2 : 1;
    if (Acc.Space != MemorySpace::Global && Acc.Space != MemorySpace::Unknown)
      continue;
    std::optional<double> Lines;
    if (Acc.ElementSize && Acc.Space == MemorySpace::Global)
      Lines = linesPerRequest(K, Acc, L, IO.Enum, D.In.BlockBytes,
                              D.Assumptions);
    if (!Lines) {
      Lines = 32;
      addOnce(D.Assumptions, "'" + Acc.Text + "' (line " +
                                 std::to_string(Acc.Loc.Line) +
                                 ") touches 32 lines per warp request (its "
                                 "addresses are not known)");
    }
    if (Acc.IsRead && !Acc.IsAtomic) {
      auto M = L1Miss.find(I);
      const double Misses = *Lines * (M == L1Miss.end() ? 1.0 : M->second);
      R.MRead += Misses;
      if (Misses > MdmDivergentLinesPerLoad)
        R.DivergentLoads += 1;
    }
    if (Acc.IsWrite || Acc.IsAtomic)
      R.MWrite += *Lines;
  }

  const double LNoCont = D.In.LMinLlc + Miss * D.In.LMinDram;
  for (const auto &[Chain, R] : Regions) {
    double Repeat =
        Chain.empty() ? 1 : executionsPerThread(K, Chain, L, IO, D.Assumptions);
    if (Repeat <= 0 || (R.Insts <= 0 && !Chain.empty()))
      continue;
    MdmInterval I;
    I.Repeat = Repeat;
    I.Instructions = R.Insts;
    I.MRead = R.MRead;
    I.MWrite = R.MWrite;
    I.LlcMissRate = Miss;
    // GPUMech-like uncontended cycles: the SM issues the W warps' copies of
    // the interval, or one warp waits for its load, whichever is longer.
    const double IssueOne = R.Insts * Issue;
    I.C = std::max(D.In.W * IssueOne,
                   IssueOne + (R.MRead > 0 ? LNoCont : 0));
    D.In.Intervals.push_back(I);
    D.IntervalLabels.push_back(chainLabel(K, Chain));
    D.DivergentLoads += R.DivergentLoads * Repeat;
  }
  addOnce(D.Assumptions,
          "MDM intervals: one per loop body (repeated as often as the loop "
          "runs) and one for the code outside loops; C_i = max(W x "
          "instructions x issue cycles, instructions x issue cycles + "
          "L^NoContention when the interval loads)");
  const double Total = IC.Total > 0 ? IC.Total : 0;
  D.Dpki = Total > 0 ? 1000 * D.DivergentLoads / Total : 0;
  D.MemoryDivergent = D.Dpki > MdmDpkiThreshold;
  for (const std::string &S : D.Assumptions)
    addOnce(D.In.Assumptions, S);
  return D;
}

} // namespace warplint
