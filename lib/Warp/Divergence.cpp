//===- Divergence.cpp - Which lanes of a warp take which path -------------===//
#include "Warp/Divergence.h"

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

const LoopFacts *loopById(const KernelFacts &K, unsigned Id) {
  for (const LoopFacts &L : K.Loops)
    if (L.Id == Id)
      return &L;
  return nullptr;
}

const LoopFacts *loopBySymbol(const KernelFacts &K, const std::string &Sym) {
  for (const LoopFacts &L : K.Loops)
    if (L.IterSymbol == Sym)
      return &L;
  return nullptr;
}

const BranchFacts *branchById(const KernelFacts &K, unsigned Id) {
  for (const BranchFacts &B : K.Branches)
    if (B.Id == Id)
      return &B;
  return nullptr;
}

void addOnce(std::vector<std::string> &V, const std::string &S) {
  if (std::find(V.begin(), V.end(), S) == V.end())
    V.push_back(S);
}

/// What is evaluated per lane: the guards a lane must pass, and the loops
/// around it (a lane whose thread-dependent loop has ended is not there).
struct Scope {
  std::vector<const sym::Expr *> Exprs; ///< whose symbols need values
  std::vector<const LoopFacts *> Loops; ///< enclosing, outermost first
  std::vector<std::pair<const BranchFacts *, bool>> Guards;
  /// The loop analysed itself: its own symbol takes no enumerated values.
  const LoopFacts *Self = nullptr;
};

Scope scopeOf(const KernelFacts &K, const std::vector<unsigned> &LoopIds,
              const std::vector<GuardRef> &Guards) {
  Scope S;
  for (unsigned Id : LoopIds)
    if (const LoopFacts *L = loopById(K, Id))
      S.Loops.push_back(L);
  for (const GuardRef &G : Guards)
    if (const BranchFacts *B = branchById(K, G.Branch)) {
      S.Guards.push_back({B, G.Taken});
      S.Exprs.push_back(&B->Condition);
    }
  return S;
}

/// The lane-by-lane walk over the enumerated warp executions of a scope.
class WarpWalk {
public:
  WarpWalk(const KernelFacts &K, const LaunchConfig &L,
           const DivergenceOptions &O)
      : K(K), L(L), O(O) {}

  std::vector<std::string> Assumptions;
  std::map<std::string, int64_t> Chosen;
  std::map<std::string, std::vector<int64_t>> LoopVals;
  bool AllBlocks = false;
  bool GuardUnknown = false;

  /// Binds every uniform symbol the scope needs. Returns "" or why the
  /// scope cannot be evaluated.
  std::string prepare(Scope &S) {
    // Symbols of the expressions and of the loops.
    std::map<std::string, sym::Expr> Syms;
    for (const sym::Expr *E : S.Exprs)
      E->collectSymbols(Syms);
    std::set<const LoopFacts *> Loops(S.Loops.begin(), S.Loops.end());
    for (const auto &[Name, E] : Syms)
      if (E.symbolKind() == sym::SymbolKind::LoopIter ||
          E.symbolKind() == sym::SymbolKind::LoopVar)
        if (const LoopFacts *Lp = loopBySymbol(K, Name))
          if (Lp != S.Self && Loops.insert(Lp).second)
            S.Loops.push_back(Lp);
    std::map<std::string, sym::Expr> LoopSyms;
    for (const LoopFacts *Lp : S.Loops)
      for (const auto *E : {&Lp->Start, &Lp->Bound, &Lp->TripCount, &Lp->Next})
        if (*E)
          (*E)->collectSymbols(LoopSyms);
    Syms.insert(LoopSyms.begin(), LoopSyms.end());

    for (int D = 0; D < 3; ++D) {
      Fixed[std::string("blockDim.") + "xyz"[D]] = L.Block[D];
      Fixed[std::string("gridDim.") + "xyz"[D]] = L.Grid[D];
    }
    for (const auto &[Name, E] : Syms) {
      switch (E.symbolKind()) {
      case sym::SymbolKind::Param: {
        auto AIt = O.Enum.Assumptions.find(Name);
        const sym::Assumption *A =
            AIt == O.Enum.Assumptions.end() ? nullptr : &AIt->second;
        if (A && A->Equal) {
          Fixed[Name] = *A->Equal;
          addOnce(Assumptions,
                  "'" + Name + "' = " + std::to_string(*A->Equal) + " (as given)");
        } else if (auto It = L.Args.find(Name); It != L.Args.end()) {
          Fixed[Name] = It->second;
        } else {
          sym::Assumption None;
          auto V = (A ? *A : None).pick(O.Enum.DefaultParamValue, O.Enum.Variant);
          if (!V)
            return "the assumptions about '" + Name + "' admit no value (" +
                   (A ? A->str(Name) : std::string()) + ")";
          Fixed[Name] = *V;
          Chosen[Name] = *V;
          addOnce(Assumptions,
                  "'" + Name + "' = " + std::to_string(*V) +
                      (A ? " (its value is not known here; it meets the "
                           "assumption " + A->str(Name) + ")"
                         : " (its value is not known here; give it with a "
                           "`// warplint: assume " + Name + " == N` annotation)"));
        }
        break;
      }
      case sym::SymbolKind::Unknown: {
        auto It = O.Enum.Assumptions.find(Name);
        if (!E.symbolThreadDependent() && It != O.Enum.Assumptions.end() &&
            It->second.Equal) {
          Fixed[Name] = *It->second.Equal;
          break;
        }
        // A uniform unknown only matters where it is used: a guard or a
        // loop bound that does not evaluate is reported where it is.
        break;
      }
      default:
        break;
      }
    }
    // The enclosing loops' values.
    for (const LoopFacts *Lp : S.Loops) {
      std::string Why;
      auto Vals = loopSymbolValues(*Lp, Fixed, O.Enum.MaxIterationsPerLoop, Why);
      if (!Vals)
        return Why;
      LoopVals[Lp->IterSymbol] = *Vals;
    }
    Tuples.assign(1, {});
    for (const auto &[Name, Vals] : LoopVals) {
      std::vector<std::map<std::string, int64_t>> Next;
      for (const auto &T : Tuples)
        for (int64_t V : Vals) {
          if (Next.size() >= O.Enum.MaxIterationTuples)
            break;
          auto N = T;
          N[Name] = V;
          Next.push_back(std::move(N));
        }
      Tuples = std::move(Next);
    }
    Sc = &S;
    chooseBlocks();
    return "";
  }

  using Visit = std::function<bool(std::map<std::string, int64_t> &V,
                                   const std::array<int64_t, 3> &Block,
                                   unsigned Warp,
                                   const std::map<std::string, int64_t> &T,
                                   double Weight)>;
  /// Calls \p F for every warp execution; stops when it returns false.
  void walk(const Visit &F) {
    const int64_t Warps = (L.threadsPerBlock() + 31) / 32;
    for (size_t B = 0; B < Blocks.size(); ++B)
      for (const auto &T : Tuples)
        for (int64_t W = 0; W < Warps; ++W) {
          std::map<std::string, int64_t> V = Fixed;
          for (const auto &[N, X] : T)
            V[N] = X;
          const auto &Block = Blocks[B];
          V["blockIdx.x"] = Block[0];
          V["blockIdx.y"] = Block[1];
          V["blockIdx.z"] = Block[2];
          if (!F(V, Block, unsigned(W), T, Weights[B]))
            return;
        }
  }

  /// Sets the thread index of lane \p Lane of warp \p W; false when the lane
  /// does not exist (the partial last warp).
  bool setLane(std::map<std::string, int64_t> &V, unsigned W,
               unsigned Lane) const {
    int64_t Tid = int64_t(W) * 32 + Lane;
    if (Tid >= L.threadsPerBlock())
      return false;
    V["threadIdx.x"] = Tid % L.Block[0];
    V["threadIdx.y"] = (Tid / L.Block[0]) % L.Block[1];
    V["threadIdx.z"] = Tid / (L.Block[0] * L.Block[1]);
    return true;
  }

  /// Whether the lane set in \p V reaches the scope: it passes the guards
  /// (an unevaluable guard counts as passed, stated) and its
  /// thread-dependent enclosing loops still run.
  bool reaches(const std::map<std::string, int64_t> &V) {
    for (const auto &[B, Taken] : Sc->Guards) {
      auto C = B->Condition.evaluate(V);
      if (!C) {
        GuardUnknown = true;
        continue;
      }
      if ((*C != 0) != Taken)
        return false;
    }
    for (const LoopFacts *Lp : Sc->Loops) {
      if (!Lp->ThreadDependentTripCount || !Lp->TripCount)
        continue;
      auto It = V.find(Lp->IterSymbol);
      if (It == V.end() || !(Lp->Affine || !Lp->Next))
        continue;
      auto Trip = Lp->TripCount->evaluate(V);
      if (Trip && It->second >= *Trip)
        return false;
    }
    return true;
  }

  void finish() {
    if (GuardUnknown)
      addOnce(Assumptions, "every lane passes the enclosing branches whose "
                           "conditions depend on unknown values");
  }

private:
  void chooseBlocks() {
    const int64_t Warps = (L.threadsPerBlock() + 31) / 32;
    const int64_t PerBlock = Warps * int64_t(std::max<size_t>(1, Tuples.size()));
    const int64_t All = L.Grid[0] * L.Grid[1] * L.Grid[2];
    Blocks.clear();
    if (All * PerBlock <= int64_t(O.MaxWarpExecutions)) {
      AllBlocks = true;
      for (int64_t Z = 0; Z < L.Grid[2]; ++Z)
        for (int64_t Y = 0; Y < L.Grid[1]; ++Y)
          for (int64_t X = 0; X < L.Grid[0]; ++X)
            Blocks.push_back({X, Y, Z});
      Weights.assign(Blocks.size(), 1.0);
      return;
    }
    // The first blocks of each dimension and the last one (where a bound
    // on the global index most often falls); every x block when that fits.
    // Weights make the sums estimate the whole grid: the first blocks stand
    // for every block but the last.
    auto pick = [](int64_t N, int64_t First) {
      std::vector<std::pair<int64_t, double>> R;
      const bool Last = N > First;
      const int64_t Firsts = std::min(N, First);
      for (int64_t I = 0; I < Firsts; ++I)
        R.push_back({I, Last ? double(N - 1) / double(Firsts) : 1.0});
      if (Last)
        R.push_back({N - 1, 1.0});
      return R;
    };
    auto Ys = pick(L.Grid[1], O.Enum.MaxBlocksY);
    std::vector<std::pair<int64_t, double>> Xs;
    if (L.Grid[0] * int64_t(Ys.size()) * PerBlock <= int64_t(O.MaxWarpExecutions))
      Xs = pick(L.Grid[0], L.Grid[0]);
    else
      Xs = pick(L.Grid[0], O.Enum.MaxBlocksX);
    // z: block 0 stands for every z block.
    for (const auto &[Y, WY] : Ys)
      for (const auto &[X, WX] : Xs) {
        Blocks.push_back({X, Y, 0});
        Weights.push_back(WX * WY * double(L.Grid[2]));
      }
  }

  const KernelFacts &K;
  const LaunchConfig &L;
  const DivergenceOptions &O;
  const Scope *Sc = nullptr;
  std::map<std::string, int64_t> Fixed;
  std::vector<std::map<std::string, int64_t>> Tuples;
  std::vector<std::array<int64_t, 3>> Blocks;
  std::vector<double> Weights; ///< blocks of the grid each one stands for
};

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

/// The trip count of loop \p Lp for the lane set in \p V.
std::optional<int64_t> laneTrips(const LoopFacts &Lp,
                                 const std::map<std::string, int64_t> &V) {
  if (Lp.TripCount)
    if (auto T = Lp.TripCount->evaluate(V))
      return std::max<int64_t>(0, *T);
  if (Lp.Next) {
    std::string Why;
    const unsigned Cap = 1u << 16;
    auto Vals = loopSymbolValues(Lp, V, Cap, Why);
    if (Vals && Vals->size() < Cap)
      return int64_t(Vals->size());
  }
  return std::nullopt;
}

DivergenceResult analyzeOne(const KernelFacts &K, const BranchFacts *B,
                            const LoopFacts *Lp, const LaunchConfig &L,
                            const DivergenceOptions &O,
                            std::map<std::string, int64_t> &Chosen) {
  DivergenceResult R;
  R.Branch = B;
  R.Loop = Lp;
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
  // A condition over a value that differs between lanes and is unknown.
  {
    std::map<std::string, sym::Expr> Syms;
    if (B)
      B->Condition.collectSymbols(Syms);
    else if (Lp->TripCount)
      Lp->TripCount->collectSymbols(Syms);
    for (const auto &[Name, E] : Syms)
      if (E.symbolKind() == sym::SymbolKind::Unknown &&
          !(O.Enum.Assumptions.count(Name) &&
            O.Enum.Assumptions.at(Name).Equal)) {
        R.Class = DivergenceClass::Unknown;
        R.Unknown = E.symbolThreadDependent()
                        ? "it depends on '" + Name +
                              "', which differs between lanes and is not known"
                        : "it depends on '" + Name + "', whose value is not known";
        return R;
      }
  }
  WarpWalk W(K, L, O);
  if (std::string Why = W.prepare(S); !Why.empty()) {
    R.Class = DivergenceClass::Unknown;
    R.Unknown = Why;
    R.Assumptions = W.Assumptions;
    return R;
  }
  std::vector<sym::Expr> Atoms;
  if (B)
    atomsOf(B->Condition, Atoms);
  bool SawDivergent = false, AnyDivergent = false;
  struct BoundGroup {
    unsigned N = 0;
    double W = 0;
    SplitExample First;
  };
  std::map<std::pair<std::array<int64_t, 3>, std::map<std::string, int64_t>>,
           BoundGroup>
      Groups;
  W.walk([&](std::map<std::string, int64_t> &V,
             const std::array<int64_t, 3> &Block, unsigned Warp,
             const std::map<std::string, int64_t> &T, double Wt) {
    uint32_t Reaching = 0, Taken = 0;
    std::set<int64_t> Outcomes;
    int64_t MinT = INT64_MAX, MaxT = INT64_MIN;
    std::vector<std::set<int64_t>> AtomVals(Atoms.size());
    for (unsigned Lane = 0; Lane < 32; ++Lane) {
      if (!W.setLane(V, Warp, Lane) || !W.reaches(V))
        continue;
      Reaching |= 1u << Lane;
      std::optional<int64_t> X;
      if (B) {
        X = B->Condition.evaluate(V);
        if (X && B->Kind != BranchKind::Switch)
          X = *X != 0;
        for (size_t I = 0; I < Atoms.size(); ++I)
          if (auto A = Atoms[I].evaluate(V))
            AtomVals[I].insert(*A != 0);
      } else {
        X = laneTrips(*Lp, V);
        if (X) {
          MinT = std::min(MinT, *X);
          MaxT = std::max(MaxT, *X);
        }
      }
      if (!X) {
        R.Class = DivergenceClass::Unknown;
        R.Unknown = B ? "the condition does not evaluate for lane " +
                            std::to_string(Lane) + " of warp " +
                            std::to_string(Warp)
                      : "the trip count does not evaluate for lane " +
                            std::to_string(Lane) + " of warp " +
                            std::to_string(Warp);
        return false;
      }
      Outcomes.insert(*X);
      if (B ? *X != 0 : false)
        Taken |= 1u << Lane;
    }
    if (!Reaching)
      return true;
    R.Warps += Wt;
    if (Outcomes.size() < 2) {
      R.Paths += Wt;
      return true;
    }
    R.SplitWarps += Wt;
    // eq. 7 counts 2 for a split warp; a switch counts its distinct cases.
    R.Paths += Wt * (B && B->Kind == BranchKind::Switch ? double(Outcomes.size())
                                                        : 2.0);
    bool Tail;
    if (B) {
      bool AnySplitting = false;
      Tail = true;
      for (size_t I = 0; I < Atoms.size(); ++I)
        if (AtomVals[I].size() > 1) {
          AnySplitting = true;
          if (!isBound(Atoms[I]))
            Tail = false;
        }
      Tail = Tail && AnySplitting && B->Kind != BranchKind::Switch;
    } else {
      Tail = MaxT - MinT <= 1;
      for (unsigned Lane = 0; Lane < 32; ++Lane)
        if (Reaching >> Lane & 1) {
          W.setLane(V, Warp, Lane);
          if (auto X = laneTrips(*Lp, V); X && *X == MaxT)
            Taken |= 1u << Lane;
        }
    }
    SplitExample E;
    E.BlockIdx = Block;
    E.Warp = Warp;
    E.Iterations = T;
    E.Reaching = Reaching;
    E.Taken = Taken;
    E.MinTrips = B ? 0 : MinT;
    E.MaxTrips = B ? 0 : MaxT;
    E.Tail = Tail;
    if (Tail) {
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
    if (!R.Example || (!Tail && !SawDivergent)) {
      R.Example = E;
      SawDivergent = SawDivergent || !Tail;
    }
    return true;
  });
  W.finish();
  // Tail means the split is at an edge: one straddling warp per block (and
  // iteration), or splits only in the grid's last blocks, where a bound on
  // the global index falls. A bound that splits several warps of an inner
  // block is crossed inside every row: divergent.
  // When it happens in an inner block, the same repeated crossing in the
  // edge blocks is divergent too.
  bool Repeats = false;
  for (const auto &[Key, G] : Groups) {
    bool Edge = false;
    for (int D = 0; D < 3; ++D)
      Edge = Edge || (L.Grid[D] > 1 && Key.first[D] == L.Grid[D] - 1);
    Repeats = Repeats || (G.N > 1 && !Edge);
  }
  if (Repeats)
    for (auto &[Key, G] : Groups) {
      if (G.N <= 1)
        continue;
      AnyDivergent = true;
      R.TailSplits -= G.W;
      if (!SawDivergent) {
        G.First.Tail = false;
        R.Example = G.First;
        SawDivergent = true;
      }
    }
  for (const std::string &A : W.Assumptions)
    addOnce(R.Assumptions, A);
  R.IterationsEvaluated = W.LoopVals;
  R.AllBlocks = W.AllBlocks;
  Chosen = W.Chosen;
  if (R.Class == DivergenceClass::Unknown)
    return R;
  if (R.SplitWarps == 0)
    R.Class = DivergenceClass::Uniform;
  else if (!AnyDivergent)
    R.Class = DivergenceClass::Tail;
  else
    R.Class = DivergenceClass::Divergent;
  return R;
}

DivergenceResult analyzeWithVariants(const KernelFacts &K, const BranchFacts *B,
                                     const LoopFacts *Lp, const LaunchConfig &L,
                                     const DivergenceOptions &O) {
  std::map<std::string, int64_t> Chosen0, Chosen1;
  DivergenceResult R0 = analyzeOne(K, B, Lp, L, O, Chosen0);
  if (Chosen0.empty() || R0.Class == DivergenceClass::Unknown)
    return R0;
  // A value nobody gave decided the class: try another admitted one.
  DivergenceOptions O1 = O;
  O1.Enum.Variant = O.Enum.Variant + 1;
  DivergenceResult R1 = analyzeOne(K, B, Lp, L, O1, Chosen1);
  if (R1.Class == DivergenceClass::Unknown || rank(R1.Class) <= rank(R0.Class))
    return R0;
  std::string With;
  for (const auto &[Name, V] : Chosen0)
    With += (With.empty() ? "" : ", ") + ("'" + Name + "' = " + std::to_string(V));
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
  for (const BranchFacts &B : K.Branches)
    if (B.ThreadDependent)
      R.push_back(analyzeWithVariants(K, &B, nullptr, L, O));
  for (const LoopFacts &Lp : K.Loops)
    if (Lp.ThreadDependentTripCount)
      R.push_back(analyzeWithVariants(K, nullptr, &Lp, L, O));
  return R;
}

KernelBranchEfficiency kernelBranchEfficiency(const KernelFacts &K,
                                              const LaunchConfig &L,
                                              const DivergenceOptions &O) {
  KernelBranchEfficiency R;
  for (const AccessFacts &A : K.Accesses) {
    if (A.Space != MemorySpace::Global || A.IsAtomic)
      continue;
    ReferencePaths P;
    P.Access = &A;
    Scope S = scopeOf(K, A.Loops, A.Guards);
    WarpWalk W(K, L, O);
    if (std::string Why = W.prepare(S); !Why.empty()) {
      P.Unknown = Why;
      addOnce(R.Assumptions, "'" + A.Text + "' (line " +
                                 std::to_string(A.Loc.Line) +
                                 ") counted as one path per warp: " + Why);
      R.References.push_back(P);
      continue;
    }
    const int64_t Threads = L.threadsPerBlock();
    W.walk([&](std::map<std::string, int64_t> &V, const std::array<int64_t, 3> &,
               unsigned Warp, const std::map<std::string, int64_t> &,
               double Wt) {
      uint32_t Exec = 0;
      for (unsigned Lane = 0; Lane < 32; ++Lane)
        if (W.setLane(V, Warp, Lane) && W.reaches(V))
          Exec |= 1u << Lane;
      P.Warps += Wt;
      // Some lanes execute the reference and some do not: two paths.
      P.Paths += Wt * (Exec != 0 && Exec != existingLanes(Threads, Warp) ? 2 : 1);
      return true;
    });
    W.finish();
    for (const std::string &X : W.Assumptions)
      addOnce(R.Assumptions, X);
    R.References.push_back(P);
  }
  for (const ReferencePaths &P : R.References)
    if (P.Warps) {
      R.NWarp += 1;
      R.NPath += P.Paths / P.Warps;
    }
  R.BranchEff = R.NPath > 0 ? R.NWarp / R.NPath : 1;
  return R;
}

} // namespace warplint
