//===- WarpWalk.h - The lane-by-lane walk of the divergence analyses -*- C++ -*-===//
//
// Internal to lib/Warp: the scope a branch or reference sits in (its guards
// and enclosing loops), and the walk over the enumerated warp executions
// of that scope, lane by lane, under a work budget. Used by the branch
// classification (Divergence.cpp) and CuMAPz eq. 7 (BranchEfficiency.cpp).
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_WARP_WARPWALK_H
#define WARPLINT_WARP_WARPWALK_H

#include "Symbolic/Bindings.h"
#include "Symbolic/Program.h"
#include "Warp/Divergence.h"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace warplint {
namespace detail {

/// Steps of a loop without a closed-form trip count followed per lane.
constexpr unsigned MaxSteppedTrips = 4096;

inline std::string budgetSpent(const DivergenceOptions &O) {
  return "not evaluated: the kernel's analysis budget (" +
         std::to_string(O.MaxLaneEvaluations) +
         " lane evaluations under this configuration) was spent on its "
         "other branches";
}

inline const LoopFacts *loopById(const KernelFacts &K, unsigned Id) {
  for (const LoopFacts &L : K.Loops)
    if (L.Id == Id)
      return &L;
  return nullptr;
}

inline const LoopFacts *loopBySymbol(const KernelFacts &K, const std::string &Sym) {
  for (const LoopFacts &L : K.Loops)
    if (L.IterSymbol == Sym)
      return &L;
  return nullptr;
}

inline const BranchFacts *branchById(const KernelFacts &K, unsigned Id) {
  for (const BranchFacts &B : K.Branches)
    if (B.Id == Id)
      return &B;
  return nullptr;
}

inline void addOnce(std::vector<std::string> &V, const std::string &S) {
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

inline Scope scopeOf(const KernelFacts &K, const std::vector<unsigned> &LoopIds,
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
           const DivergenceOptions &O, uint64_t &Budget)
      : K(K), L(L), O(O), Budget(Budget) {}

  std::vector<std::string> Assumptions;
  std::map<std::string, int64_t> Chosen;
  std::map<std::string, std::vector<int64_t>> LoopVals;
  bool AllBlocks = false;
  bool GuardUnknown = false;
  /// The budget ran out: the walk stopped before covering the scope.
  bool Exhausted = false;
  /// Lane evaluations per lane beyond the scope's guards and loops (the
  /// condition and its atoms, a trip count).
  unsigned ExtraPerLane = 1;

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
    // What the walk's outcome can depend on: a block index or loop
    // iteration no expression mentions gives the same lanes everywhere, so
    // walk() visits one representative and weighs it for all.
    for (int D = 0; D < 3; ++D)
      UsesBlockIdx = UsesBlockIdx ||
                     Syms.count(std::string("blockIdx.") + "xyz"[D]) > 0;
    Relevant.clear();
    for (const auto &[Name, E] : Syms)
      Relevant.insert(Name);
    GuardUniform.clear();
    for (const auto &G : S.Guards)
      GuardUniform.push_back(!G.first->Condition.isThreadDependent());
    UniformGuard.assign(S.Guards.size(), std::nullopt);
    for (const LoopFacts *Lp : S.Loops)
      if (Lp->ThreadDependentTripCount)
        Relevant.insert(Lp->IterSymbol);

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

  using Visit = std::function<bool(sym::Bindings &V,
                                   const std::array<int64_t, 3> &Block,
                                   unsigned Warp,
                                   const std::map<std::string, int64_t> &T,
                                   double Weight)>;
  /// Calls \p F for every warp execution; stops when it returns false.
  void walk(const Visit &F) {
    const int64_t Warps = (L.threadsPerBlock() + 31) / 32;
    // One set of bindings for the whole walk: each warp execution sets the
    // values that change (block, iterations, lanes) in their slots.
    sym::Bindings V(Fixed);
    const unsigned BlockSlot[3] = {V.slot("blockIdx.x"), V.slot("blockIdx.y"),
                                   V.slot("blockIdx.z")};
    for (int D = 0; D < 3; ++D)
      LaneSlot[D] = V.slot(std::string("threadIdx.") + "xyz"[D]);
    std::vector<std::vector<std::pair<unsigned, int64_t>>> TupleSlots;
    for (const auto &T : Tuples) {
      TupleSlots.emplace_back();
      for (const auto &[N, X] : T)
        TupleSlots.back().push_back({V.slot(N), X});
    }
    // The thread-dependent guards and trip counts, compiled: their
    // lane-free parts once per warp execution, the rest per lane.
    GuardProg.assign(Sc->Guards.size(), sym::Program());
    for (size_t I = 0; I < Sc->Guards.size(); ++I)
      if (!GuardUniform[I])
        GuardProg[I] = sym::Program(Sc->Guards[I].first->Condition, V,
                                    sym::threadIndexNames());
    TripProg.assign(Sc->Loops.size(), sym::Program());
    IterSlot.clear();
    for (const LoopFacts *Lp : Sc->Loops)
      IterSlot.push_back(V.slot(Lp->IterSymbol));
    for (size_t I = 0; I < Sc->Loops.size(); ++I)
      if (Sc->Loops[I]->ThreadDependentTripCount && Sc->Loops[I]->TripCount)
        TripProg[I] = sym::Program(*Sc->Loops[I]->TripCount, V, sym::threadIndexNames());
    const uint64_t PerWarp =
        32 * uint64_t(Sc->Guards.size() + Sc->Loops.size() + ExtraPerLane);
    // Blocks and iterations that cannot differ are visited once, weighted.
    std::vector<std::pair<size_t, double>> WalkBlocks;
    if (UsesBlockIdx || Blocks.empty()) {
      for (size_t B = 0; B < Blocks.size(); ++B)
        WalkBlocks.push_back({B, Weights[B]});
    } else {
      double All = 0;
      for (double W : Weights)
        All += W;
      WalkBlocks.push_back({0, All});
    }
    std::vector<std::pair<size_t, double>> WalkTuples;
    {
      std::map<std::map<std::string, int64_t>, size_t> Seen;
      for (size_t TI = 0; TI < Tuples.size(); ++TI) {
        std::map<std::string, int64_t> Key;
        for (const auto &[N, X] : Tuples[TI])
          if (Relevant.count(N))
            Key[N] = X;
        auto [It, New] = Seen.try_emplace(Key, WalkTuples.size());
        if (New)
          WalkTuples.push_back({TI, 1.0});
        else
          WalkTuples[It->second].second += 1.0;
      }
    }
    for (const auto &[B, BW] : WalkBlocks)
      for (const auto &[TI, TW] : WalkTuples)
        for (int64_t W = 0; W < Warps; ++W) {
          if (Budget < PerWarp) {
            Exhausted = true;
            return;
          }
          Budget -= PerWarp;
          for (const auto &[Slot, X] : TupleSlots[TI])
            V.set(Slot, X);
          const auto &Block = Blocks[B];
          for (int D = 0; D < 3; ++D)
            V.set(BlockSlot[D], Block[D]);
          for (size_t I = 0; I < Sc->Guards.size(); ++I)
            if (GuardUniform[I])
              UniformGuard[I] = V.evaluate(Sc->Guards[I].first->Condition);
            else
              GuardProg[I].prepare(V);
          for (sym::Program &P : TripProg)
            if (!P.empty())
              P.prepare(V);
          if (!F(V, Block, unsigned(W), Tuples[TI], BW * TW))
            return;
        }
  }

  /// Sets the thread index of lane \p Lane of warp \p W; false when the lane
  /// does not exist (the partial last warp).
  bool setLane(sym::Bindings &V, unsigned W, unsigned Lane) const {
    int64_t Tid = int64_t(W) * 32 + Lane;
    if (Tid >= L.threadsPerBlock())
      return false;
    V.set(LaneSlot[0], Tid % L.Block[0]);
    V.set(LaneSlot[1], (Tid / L.Block[0]) % L.Block[1]);
    V.set(LaneSlot[2], Tid / (L.Block[0] * L.Block[1]));
    return true;
  }

  /// Whether the lane set in \p V reaches the scope: it passes the guards
  /// (an unevaluable guard counts as passed, stated) and its
  /// thread-dependent enclosing loops still run.
  /// Whether the lane set in \p V still runs the scope's thread-dependent
  /// loops in the iteration walked (reaches() without the guards).
  bool withinLoops(const sym::Bindings &V) {
    for (size_t I = 0; I < Sc->Loops.size(); ++I) {
      const LoopFacts *Lp = Sc->Loops[I];
      if (!Lp->ThreadDependentTripCount || !Lp->TripCount)
        continue;
      auto Iter = V.get(IterSlot[I]);
      if (!Iter || !(Lp->Affine || !Lp->Next))
        continue;
      auto Trip = TripProg[I].run(V);
      if (Trip && *Iter >= *Trip)
        return false;
    }
    return true;
  }

  bool reaches(const sym::Bindings &V) {
    for (size_t I = 0; I < Sc->Guards.size(); ++I) {
      const auto &[B, Taken] = Sc->Guards[I];
      // A guard that is the same for every lane was evaluated once for the
      // warp execution (walk()); in the same order, so the outcome and the
      // unknown-guard note are those of evaluating it per lane.
      std::optional<int64_t> C =
          GuardUniform[I] ? UniformGuard[I] : GuardProg[I].run(V);
      if (!C) {
        GuardUnknown = true;
        continue;
      }
      if ((*C != 0) != Taken)
        return false;
    }
    return withinLoops(V);
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
    // In floating point: a grid of 2^31 - 1 x 65535 x 65535 blocks times
    // the warps of a block passes what int64_t holds.
    const double All = double(L.Grid[0]) * double(L.Grid[1]) * double(L.Grid[2]);
    Blocks.clear();
    if (All * double(PerBlock) <= double(O.MaxWarpExecutions)) {
      AllBlocks = true;
      for (int64_t Z = 0; Z < L.Grid[2]; ++Z)
        for (int64_t Y = 0; Y < L.Grid[1]; ++Y)
          for (int64_t X = 0; X < L.Grid[0]; ++X)
            Blocks.push_back({X, Y, Z});
      Weights.assign(Blocks.size(), 1.0);
      return;
    }
    // The first and the last block of each dimension (where a bound on
    // the global index, or a `blockIdx.x == 0` test, falls), each standing
    // for itself, and First - 1 consecutive blocks after the first standing
    // for all the interior ones; every x block when that fits. Weights make
    // the sums estimate the whole grid without letting the edge blocks'
    // own behaviour count for the interior.
    auto pick = [](int64_t N, int64_t First) {
      std::vector<std::pair<int64_t, double>> R;
      if (N <= First + 1) {
        for (int64_t I = 0; I < N; ++I)
          R.push_back({I, 1.0});
        return R;
      }
      const int64_t Inner = std::max<int64_t>(1, First - 1);
      R.push_back({0, 1.0});
      for (int64_t I = 1; I <= Inner; ++I)
        R.push_back({I, double(N - 2) / double(Inner)});
      R.push_back({N - 1, 1.0});
      return R;
    };
    auto Ys = pick(L.Grid[1], O.Enum.MaxBlocksY);
    // Every x block of those rows when that is a quarter of the budget or
    // less (2D grids' rows are short), else the first, some interior and
    // the last.
    std::vector<std::pair<int64_t, double>> Xs;
    if (double(L.Grid[0]) * double(Ys.size()) * double(PerBlock) <=
        double(O.MaxWarpExecutions / 4))
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
  uint64_t &Budget;
  const Scope *Sc = nullptr;
  std::map<std::string, int64_t> Fixed;
  std::vector<std::map<std::string, int64_t>> Tuples;
  std::vector<std::array<int64_t, 3>> Blocks;
  std::vector<double> Weights; ///< blocks of the grid each one stands for
  unsigned LaneSlot[3] = {0, 0, 0}; ///< threadIdx.x/y/z in walk()'s bindings
  bool UsesBlockIdx = false;         ///< some expression mentions blockIdx
  /// Per guard of the scope: the same for every lane of a warp execution
  /// (no thread-dependent symbol), and then its value for the current one.
  std::vector<char> GuardUniform;
  std::vector<std::optional<int64_t>> UniformGuard;
  /// Per guard and per loop of the scope: the thread-dependent condition
  /// or trip count compiled against walk()'s bindings (empty otherwise).
  std::vector<sym::Program> GuardProg, TripProg;
  std::vector<unsigned> IterSlot; ///< per loop of the scope
  std::set<std::string> Relevant;    ///< the symbols the outcome depends on
};

/// The trip count of loop \p Lp for the lane set in \p V.
inline std::optional<int64_t> laneTrips(const LoopFacts &Lp, const sym::Bindings &V) {
  if (Lp.TripCount)
    if (auto T = V.evaluate(*Lp.TripCount))
      return std::max<int64_t>(0, *T);
  if (Lp.Next) {
    // A loop without a closed-form trip count (a geometric one, s >>= 1)
    // is stepped, at most MaxSteppedTrips times per lane: work bounded by
    // a constant, not by the values. Geometric loops end within 64 steps.
    std::string Why;
    auto Vals = loopSymbolValues(Lp, V.toMap(), MaxSteppedTrips, Why);
    if (Vals && Vals->size() < MaxSteppedTrips)
      return int64_t(Vals->size());
  }
  return std::nullopt;
}

} // namespace detail
} // namespace warplint

#endif
