//===- Divergence.cpp - Which lanes of a warp take which path -------------===//
#include "Warp/Divergence.h"

#include "Warp/WarpWalk.h"

#include <algorithm>
#include <functional>
#include <set>

namespace warplint {

const char *toString(DivergenceClass C) {
  switch (C) {
  case DivergenceClass::Uniform:
    return "uniform";
  case DivergenceClass::Tail:
    return "tail";
  case DivergenceClass::Divergent:
    return "divergent";
  case DivergenceClass::Unknown:
    return "unknown";
  }
  return "unknown";
}

uint32_t existingLanes(int64_t ThreadsPerBlock, unsigned Warp) {
  int64_t N = std::clamp<int64_t>(ThreadsPerBlock - int64_t(Warp) * 32, 0, 32);
  return N == 32 ? 0xffffffffu : uint32_t((uint64_t(1) << N) - 1);
}

namespace {

using namespace detail;


/// Whether \p E holds a `%` whose dividend differs between threads.
bool hasThreadMod(const sym::Expr &E) {
  if (E.op() == sym::Op::Mod && E.operands()[0].isThreadDependent())
    return true;
  if (E.op() == sym::Op::Const || E.op() == sym::Op::Sym)
    return false;
  for (const sym::Expr &X : E.operands())
    if (hasThreadMod(X))
      return true;
  return false;
}

/// The comparisons (or plain values) a condition is made of, through
/// &&, || and !.
void atomsOf(const sym::Expr &C, std::vector<sym::Expr> &Out) {
  switch (C.op()) {
  case sym::Op::And:
  case sym::Op::Or:
  case sym::Op::Not:
    for (const sym::Expr &X : C.operands())
      atomsOf(X, Out);
    return;
  default:
    if (C.isThreadDependent())
      Out.push_back(C);
  }
}

/// An inequality over a value that grows with the thread: the lanes on one
/// side of the bound go one way, the rest the other.
bool isBound(const sym::Expr &Atom) {
  return (Atom.op() == sym::Op::Lt || Atom.op() == sym::Op::Le) &&
         !hasThreadMod(Atom);
}

int rank(DivergenceClass C) {
  switch (C) {
  case DivergenceClass::Uniform:
    return 0;
  case DivergenceClass::Tail:
    return 1;
  case DivergenceClass::Divergent:
    return 2;
  case DivergenceClass::Unknown:
    return -1;
  }
  return -1;
}


/// The scope of branch \p B or loop \p Lp (exactly one is set): its
/// enclosing loops, outermost first, its guards, and the expressions whose
/// symbols need values.
Scope scopeFor(const KernelFacts &K, const BranchFacts *B, const LoopFacts *Lp) {
  std::vector<unsigned> LoopIds;
  std::vector<GuardRef> Guards;
  if (B) {
    LoopIds = B->Loops;
    Guards = B->Guards;
  } else {
    for (auto P = Lp->Parent; P;) {
      LoopIds.insert(LoopIds.begin(), *P);
      const LoopFacts *Up = loopById(K, *P);
      P = Up ? Up->Parent : std::nullopt;
    }
    Guards = Lp->Guards;
  }
  Scope S = scopeOf(K, LoopIds, Guards);
  S.Self = Lp;
  if (B)
    S.Exprs.push_back(&B->Condition);
  else
    for (const auto *E : {&Lp->Start, &Lp->Bound, &Lp->TripCount, &Lp->Next})
      if (*E)
        S.Exprs.push_back(&**E);
  return S;
}

/// Why the condition (or trip count) cannot be evaluated at all: it depends
/// on an unknown value nobody gave; "" when it can be.
std::string unknownDependence(const BranchFacts *B, const LoopFacts *Lp,
                              const DivergenceOptions &O) {
  std::map<std::string, sym::Expr> Syms;
  if (B)
    B->Condition.collectSymbols(Syms);
  else if (Lp->TripCount)
    Lp->TripCount->collectSymbols(Syms);
  for (const auto &[Name, E] : Syms)
    if (E.symbolKind() == sym::SymbolKind::Unknown &&
        !(O.Enum.Assumptions.count(Name) && O.Enum.Assumptions.at(Name).Equal))
      return E.symbolThreadDependent()
                 ? "it depends on '" + sym::displayName(Name) +
                       "', which differs between lanes and is not known"
                 : "it depends on '" + sym::displayName(Name) + "', whose value is not known";
  return "";
}

/// Classifies each warp execution of a branch's (or a loop's) walk and sums
/// them up: CuMAPz eq. 7's warps and paths, the split warps, which splits
/// are at a bound (tail), and an example.
class WarpClassifier {
public:
  WarpClassifier(WarpWalk &W, const BranchFacts *B, const LoopFacts *Lp,
                 DivergenceResult &R)
      : W(W), B(B), Lp(Lp), R(R) {
    if (B)
      atomsOf(B->Condition, Atoms);
  }

  /// Evaluations per lane besides the scope's guards and loops.
  unsigned evaluationsPerLane() const { return unsigned(1 + Atoms.size()); }

  /// One warp execution; false stops the walk (the class is Unknown).
  bool visit(sym::Bindings &V, const std::array<int64_t, 3> &Block,
             unsigned Warp, const std::map<std::string, int64_t> &T,
             double Wt) {
    Lanes X;
    if (!evaluateLanes(V, Warp, X))
      return false;
    // Every warp of the first blocks (and iterations), for the example's
    // block: bounded, a few blocks of a few dozen warps.
    // A loop's lanes all do the same count unless the warp splits, and
    // then the lanes with the most are marked below.
    DivergenceResult::WarpLanes *Kept = nullptr;
    {
      auto Key = std::make_pair(Block, T);
      auto It = Seen.find(Key);
      if (It == Seen.end() && Seen.size() < 16)
        It = Seen.emplace(Key, std::vector<DivergenceResult::WarpLanes>()).first;
      if (It != Seen.end() && It->second.size() < 64) {
        It->second.push_back({Warp, X.Reaching, B ? X.Taken : X.Reaching});
        Kept = &It->second.back();
      }
    }
    if (!X.Reaching)
      return true;
    R.Warps += Wt;
    if (X.NOutcomes < 2) {
      R.Paths += Wt;
      return true;
    }
    R.SplitWarps += Wt;
    if (B)
      atomsOfSplit(V, Warp, X);
    if (B && B->Kind != BranchKind::Switch &&
        __builtin_popcount(X.Taken & X.Reaching) == 1)
      R.SingleLaneSplits += Wt;
    // eq. 7 counts 2 for a split warp; a switch counts its distinct cases.
    R.Paths += Wt * (B && B->Kind == BranchKind::Switch ? double(X.NOutcomes)
                                                        : 2.0);
    SplitExample E;
    E.BlockIdx = Block;
    E.Warp = Warp;
    E.Iterations = T;
    E.Reaching = X.Reaching;
    E.Taken = X.Taken;
    E.MinTrips = B ? 0 : X.MinT;
    E.MaxTrips = B ? 0 : X.MaxT;
    E.Tail = isTailSplit(V, Warp, X, E.Taken);
    if (Kept)
      Kept->Taken = E.Taken;
    if ((!B || B->Kind != BranchKind::Switch) &&
        __builtin_popcount(X.Reaching & ~E.Taken) == 1)
      R.OneIdleSplits += Wt;
    if (E.Tail) {
      R.TailSplits += Wt;
      // A bound that splits several warps of one block in one iteration
      // repeats inside the block (a halo test on threadIdx.x with blocks
      // narrower than a warp): decided after the walk.
      BoundGroup &G = Groups[{Block, T}];
      if (G.N++ == 0)
        G.First = E;
      G.W += Wt;
    } else {
      AnyDivergent = true;
    }
    if (!R.Example || (!E.Tail && !SawDivergent)) {
      R.Example = E;
      SawDivergent = SawDivergent || !E.Tail;
    }
    return true;
  }

  /// After the walk. Tail means the split is at an edge: one straddling
  /// warp per block (and iteration), or splits only in the grid's last
  /// blocks, where a bound on the global index falls. A bound that splits
  /// several warps of an inner block is crossed inside every row:
  /// divergent; and then the same repeated crossing in the edge blocks is
  /// divergent too.
  void settle(const LaunchConfig &L) {
    settleClass(L);
    if (R.Example) {
      auto It = Seen.find(std::make_pair(R.Example->BlockIdx, R.Example->Iterations));
      if (It != Seen.end())
        R.ExampleBlock = It->second;
    }
  }

private:
  void settleClass(const LaunchConfig &L) {
    // Blocks of one warp have no full warps beside the straddling one: a
    // split of the warp of every inner block of a grid is every warp's
    // (lud's 32-thread blocks with `threadIdx.x < 16` roles), not a tail.
    // (A bound that moves with a loop, nw's wavefront `tx <= m` or a
    // reduction's `tid < s`, stays a tail; so does a grid-stride loop's
    // count.)
    const bool MovesWithALoop =
        B && (B->Condition.mentions(sym::SymbolKind::LoopIter) ||
              B->Condition.mentions(sym::SymbolKind::LoopVar));
    const unsigned Straddling =
        B && L.threadsPerBlock() <= 32 &&
                L.Grid[0] * L.Grid[1] * L.Grid[2] > 1 && !MovesWithALoop
            ? 0
            : 1;
    // A bound on the global index falls in the grid's last blocks (i < n)
    // or its first (i > 0, the low edge of a stencil). A loop whose lanes
    // differ by at most one iteration costs one partial iteration per warp
    // however many of a block's warps it splits (a warp-stride loop over
    // each row): no repeated crossing.
    // (The first blocks are an edge only for a condition on the global
    // index: one on threadIdx alone splits every block alike.)
    const bool Global =
        B && B->Condition.mentions(sym::SymbolKind::BlockIdx);
    bool Repeats = false;
    for (const auto &[Key, G] : Groups) {
      bool Edge = false;
      for (int D = 0; D < 3; ++D)
        Edge = Edge || (L.Grid[D] > 1 && (Key.first[D] == L.Grid[D] - 1 ||
                                          (Global && Key.first[D] == 0)));
      Repeats = Repeats || (B && G.N > Straddling && !Edge);
    }
    if (Repeats)
      for (auto &[Key, G] : Groups) {
        if (G.N <= Straddling)
          continue;
        AnyDivergent = true;
        R.TailSplits -= G.W;
        if (!SawDivergent) {
          G.First.Tail = false;
          R.Example = G.First;
          SawDivergent = true;
        }
      }
    if (R.Class == DivergenceClass::Unknown)
      return;
    if (R.SplitWarps == 0)
      R.Class = DivergenceClass::Uniform;
    else if (!AnyDivergent)
      R.Class = DivergenceClass::Tail;
    else
      R.Class = DivergenceClass::Divergent;
  }

  std::map<std::pair<std::array<int64_t, 3>, std::map<std::string, int64_t>>,
           std::vector<DivergenceResult::WarpLanes>>
      Seen;

  /// What the lanes of one warp execution did. No allocation per warp: the
  /// outcomes are at most 32 values, an atom's values a 0/1 bit pair.
  struct Lanes {
    uint32_t Reaching = 0, Taken = 0;
    int64_t Outcomes[32];
    unsigned NOutcomes = 0;
    int64_t MinT = INT64_MAX, MaxT = INT64_MIN;
    /// Per atom: bit 0 set when some lane saw it false, bit 1 when true.
    std::vector<uint8_t> AtomSeen;
    void addOutcome(int64_t X) {
      for (unsigned I = 0; I < NOutcomes; ++I)
        if (Outcomes[I] == X)
          return;
      Outcomes[NOutcomes++] = X;
    }
  };

  /// Which atoms of the condition split the warp: evaluated only for the
  /// warps that split (most do not), lane by lane again.
  void atomsOfSplit(sym::Bindings &V, unsigned Warp, Lanes &X) {
    X.AtomSeen.assign(Atoms.size(), 0);
    if (AtomProgs.size() != Atoms.size())
      for (const sym::Expr &A : Atoms)
        AtomProgs.emplace_back(A, V, sym::threadIndexNames());
    for (sym::Program &P : AtomProgs)
      P.prepare(V);
    for (unsigned Lane = 0; Lane < 32; ++Lane) {
      if (!(X.Reaching & (1u << Lane)) || !W.setLane(V, Warp, Lane))
        continue;
      for (size_t I = 0; I < Atoms.size(); ++I)
        if (auto A = AtomProgs[I].run(V))
          X.AtomSeen[I] |= *A != 0 ? 2 : 1;
    }
  }

  bool evaluateLanes(sym::Bindings &V, unsigned Warp, Lanes &X) {
    // The condition (or trip count) compiled against the walk's bindings
    // on the first visit; its lane-free part once per warp execution.
    if (!Compiled) {
      Compiled = true;
      if (B)
        Prog = sym::Program(B->Condition, V, sym::threadIndexNames());
      else if (Lp->TripCount)
        Prog = sym::Program(*Lp->TripCount, V, sym::threadIndexNames());
    }
    if (!Prog.empty())
      Prog.prepare(V);
    for (unsigned Lane = 0; Lane < 32; ++Lane) {
      if (!W.setLane(V, Warp, Lane) || !W.reaches(V))
        continue;
      X.Reaching |= 1u << Lane;
      std::optional<int64_t> Out;
      if (B) {
        Out = Prog.run(V);
        if (Out && B->Kind != BranchKind::Switch)
          Out = *Out != 0;
      } else {
        // laneTrips: the closed form when it evaluates, else stepped.
        if (!Prog.empty())
          if (auto T = Prog.run(V))
            Out = std::max<int64_t>(0, *T);
        if (!Out)
          Out = laneTrips(*Lp, V);
        if (Out) {
          X.MinT = std::min(X.MinT, *Out);
          X.MaxT = std::max(X.MaxT, *Out);
        }
      }
      if (!Out) {
        R.Class = DivergenceClass::Unknown;
        R.Unknown = std::string(B ? "the condition" : "the trip count") +
                    " does not evaluate for lane " + std::to_string(Lane) +
                    " of warp " + std::to_string(Warp);
        return false;
      }
      X.addOutcome(*Out);
      if (B ? *Out != 0 : false)
        X.Taken |= 1u << Lane;
    }
    return true;
  }

  /// Whether a split warp splits at a bound: every atom that splits it is
  /// an inequality on a growing value (a branch), or the lanes' trip
  /// counts differ by at most one (a loop; \p Taken then marks the lanes
  /// with the most trips).
  bool isTailSplit(sym::Bindings &V, unsigned Warp, const Lanes &X,
                   uint32_t &Taken) {
    if (B) {
      bool AnySplitting = false, Tail = true;
      for (size_t I = 0; I < Atoms.size(); ++I)
        if (X.AtomSeen[I] == 3) {
          AnySplitting = true;
          if (!isBound(Atoms[I]))
            Tail = false;
        }
      return Tail && AnySplitting && B->Kind != BranchKind::Switch;
    }
    for (unsigned Lane = 0; Lane < 32; ++Lane)
      if (X.Reaching >> Lane & 1) {
        W.setLane(V, Warp, Lane);
        if (auto T = laneTrips(*Lp, V); T && *T == X.MaxT)
          Taken |= 1u << Lane;
      }
    return X.MaxT - X.MinT <= 1;
  }

  struct BoundGroup {
    unsigned N = 0;
    double W = 0;
    SplitExample First;
  };

  WarpWalk &W;
  const BranchFacts *B;
  const LoopFacts *Lp;
  DivergenceResult &R;
  std::vector<sym::Expr> Atoms;
  bool Compiled = false;
  sym::Program Prog;
  std::vector<sym::Program> AtomProgs; // the atoms, compiled on first use
  bool SawDivergent = false, AnyDivergent = false;
  std::map<std::pair<std::array<int64_t, 3>, std::map<std::string, int64_t>>,
           BoundGroup>
      Groups;
};

DivergenceResult analyzeOne(const KernelFacts &K, const BranchFacts *B,
                            const LoopFacts *Lp, const LaunchConfig &L,
                            const DivergenceOptions &O,
                            std::map<std::string, int64_t> &Chosen,
                            uint64_t &Budget) {
  DivergenceResult R;
  R.Branch = B;
  R.Loop = Lp;
  Scope S = scopeFor(K, B, Lp);
  if (std::string Why = unknownDependence(B, Lp, O); !Why.empty()) {
    R.Class = DivergenceClass::Unknown;
    R.Unknown = Why;
    return R;
  }
  WarpWalk W(K, L, O, Budget);
  WarpClassifier C(W, B, Lp, R);
  W.ExtraPerLane = C.evaluationsPerLane();
  if (std::string Why = W.prepare(S); !Why.empty()) {
    R.Class = DivergenceClass::Unknown;
    R.Unknown = Why;
    R.Assumptions = W.Assumptions;
    return R;
  }
  W.walk([&](sym::Bindings &V, const std::array<int64_t, 3> &Block,
             unsigned Warp, const std::map<std::string, int64_t> &T,
             double Wt) { return C.visit(V, Block, Warp, T, Wt); });
  W.finish();
  if (W.Exhausted) {
    R = DivergenceResult();
    R.Branch = B;
    R.Loop = Lp;
    R.Class = DivergenceClass::Unknown;
    R.Unknown = budgetSpent(O);
    return R;
  }
  C.settle(L);
  for (const std::string &A : W.Assumptions)
    addOnce(R.Assumptions, A);
  R.IterationsEvaluated = W.LoopVals;
  R.AllBlocks = W.AllBlocks;
  Chosen = W.Chosen;
  return R;
}

DivergenceResult analyzeWithVariants(const KernelFacts &K, const BranchFacts *B,
                                     const LoopFacts *Lp, const LaunchConfig &L,
                                     const DivergenceOptions &O,
                                     uint64_t &Budget) {
  std::map<std::string, int64_t> Chosen0, Chosen1;
  DivergenceResult R0 = analyzeOne(K, B, Lp, L, O, Chosen0, Budget);
  // Another value could only make a uniform or tail class worse; divergent
  // is the worst, so it is kept without a second walk.
  if (Chosen0.empty() || R0.Class == DivergenceClass::Unknown ||
      R0.Class == DivergenceClass::Divergent)
    return R0;
  // A value nobody gave decided the class: try another admitted one.
  DivergenceOptions O1 = O;
  O1.Enum.Variant = O.Enum.Variant + 1;
  DivergenceResult R1 = analyzeOne(K, B, Lp, L, O1, Chosen1, Budget);
  if (R1.Class == DivergenceClass::Unknown || rank(R1.Class) <= rank(R0.Class))
    return R0;
  std::string With;
  for (const auto &[Name, V] : Chosen0)
    With += (With.empty() ? "" : ", ") + ("'" + sym::displayName(Name) + "' = " + std::to_string(V));
  R1.Assumptions.push_back("with " + With + " it would be " +
                           toString(R0.Class) +
                           "; the value is not known, so the other is shown");
  return R1;
}

} // namespace

std::vector<DivergenceResult> analyzeDivergence(const KernelFacts &K,
                                                const LaunchConfig &L,
                                                const DivergenceOptions &O) {
  std::vector<DivergenceResult> R;
  uint64_t Budget = O.MaxLaneEvaluations;
  for (const BranchFacts &B : K.Branches)
    if (B.ThreadDependent)
      R.push_back(analyzeWithVariants(K, &B, nullptr, L, O, Budget));
  for (const LoopFacts &Lp : K.Loops)
    if (Lp.ThreadDependentTripCount)
      R.push_back(analyzeWithVariants(K, nullptr, &Lp, L, O, Budget));
  return R;
}


} // namespace warplint
