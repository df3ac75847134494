//===- BranchEfficiency.cpp - CuMAPz eq. 7 over a kernel's references ---===//
#include "Warp/Divergence.h"
#include "Warp/WarpWalk.h"

namespace warplint {

using namespace detail;

KernelBranchEfficiency kernelBranchEfficiency(const KernelFacts &K,
                                              const LaunchConfig &L,
                                              const DivergenceOptions &O) {
  KernelBranchEfficiency R;
  uint64_t Budget = O.MaxLaneEvaluations;
  for (const AccessFacts &A : K.Accesses) {
    if (A.Space != MemorySpace::Global || A.IsAtomic)
      continue;
    ReferencePaths P;
    P.Access = &A;
    Scope S = scopeOf(K, A.Loops, A.Guards);
    WarpWalk W(K, L, O, Budget);
    W.ExtraPerLane = 0;
    if (std::string Why = W.prepare(S); !Why.empty()) {
      P.Unknown = Why;
      addOnce(R.Assumptions, "'" + A.Text + "' (line " +
                                 std::to_string(A.Loc.Line) +
                                 ") counted as one path per warp: " + Why);
      R.References.push_back(P);
      continue;
    }
    const int64_t Threads = L.threadsPerBlock();
    W.walk([&](sym::Bindings &V, const std::array<int64_t, 3> &,
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
    if (W.Exhausted) {
      P = ReferencePaths();
      P.Access = &A;
      P.Unknown = budgetSpent(O);
      addOnce(R.Assumptions, "'" + A.Text + "' (line " +
                                 std::to_string(A.Loc.Line) +
                                 ") counted as one path per warp: " + P.Unknown);
      R.References.push_back(P);
      continue;
    }
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

std::optional<double> warpLongestTrips(const KernelFacts &K,
                                       const LaunchConfig &L,
                                       const LoopFacts &Loop,
                                       const std::vector<unsigned> &Outer,
                                       const DivergenceOptions &O,
                                       uint64_t &Budget, double &LaneMean,
                                       std::string &Why) {
  Why.clear();
  LaneMean = 0;
  if (!Loop.TripCount) {
    Why = "its trip count is not a closed form";
    return std::nullopt;
  }
  Scope S = scopeOf(K, Outer, Loop.Guards);
  S.Exprs.push_back(&*Loop.TripCount);
  S.Self = &Loop;
  WarpWalk W(K, L, O, Budget);
  if (std::string Not = W.prepare(S); !Not.empty()) {
    Why = Not;
    return std::nullopt;
  }
  double Warps = 0, MaxSum = 0, Lanes = 0, LaneSum = 0;
  bool Unknown = false;
  W.walk([&](sym::Bindings &V, const std::array<int64_t, 3> &, unsigned Warp,
             const std::map<std::string, int64_t> &, double Wt) {
    int64_t Max = 0;
    bool Any = false;
    for (unsigned Lane = 0; Lane < 32; ++Lane) {
      if (!W.setLane(V, Warp, Lane) || !W.reaches(V))
        continue;
      std::optional<int64_t> T = V.evaluate(*Loop.TripCount);
      if (!T) {
        Unknown = true;
        return false;
      }
      const int64_t Trips = std::max<int64_t>(0, *T);
      Max = Any ? std::max(Max, Trips) : Trips;
      Any = true;
      LaneSum += Wt * double(Trips);
      Lanes += Wt;
    }
    if (Any) {
      Warps += Wt;
      MaxSum += Wt * double(Max);
    }
    return true;
  });
  W.finish();
  if (Unknown) {
    Why = "its trip count does not evaluate for every lane";
    return std::nullopt;
  }
  if (W.Exhausted) {
    Why = budgetSpent(O);
    return std::nullopt;
  }
  if (Warps <= 0) {
    Why = "no lane reaches it";
    return std::nullopt;
  }
  LaneMean = Lanes > 0 ? LaneSum / Lanes : 0;
  return MaxSum / Warps;
}

std::optional<double> warpExecutionShare(const KernelFacts &K,
                                         const LaunchConfig &L,
                                         const std::vector<unsigned> &Loops,
                                         const std::vector<GuardRef> &Guards,
                                         const DivergenceOptions &O,
                                         uint64_t &Budget, std::string &Why) {
  Why.clear();
  Scope S = scopeOf(K, Loops, Guards);
  bool ThreadDependent = false;
  for (const auto &G : S.Guards)
    ThreadDependent |= G.first->Condition.isThreadDependent();
  for (const LoopFacts *Lp : S.Loops)
    ThreadDependent |= Lp->ThreadDependentTripCount;
  if (!ThreadDependent && S.Guards.empty())
    return 1.0;
  WarpWalk W(K, L, O, Budget);
  W.ExtraPerLane = 0;
  if (std::string Not = W.prepare(S); !Not.empty()) {
    Why = Not;
    return std::nullopt;
  }
  // The share among the iterations the warp runs: the counts take the
  // warp's longest lane's trip count already, so an iteration sampled past
  // every lane's end (a loop of one iteration per thread, walked for 8) is
  // not a warp execution that skips the code.
  double All = 0, Issued = 0;
  W.walk([&](sym::Bindings &V, const std::array<int64_t, 3> &, unsigned Warp,
             const std::map<std::string, int64_t> &, double Wt) {
    bool Any = false, Runs = false;
    for (unsigned Lane = 0; Lane < 32 && !Any; ++Lane) {
      if (!W.setLane(V, Warp, Lane))
        continue;
      Runs = Runs || W.withinLoops(V);
      Any = W.reaches(V);
    }
    if (!Runs)
      return true;
    All += Wt;
    if (Any)
      Issued += Wt;
    return true;
  });
  W.finish();
  if (W.Exhausted) {
    Why = budgetSpent(O);
    return std::nullopt;
  }
  // A guard that cannot be evaluated counts as passed (WarpWalk::reaches):
  // the share is then an upper bound.
  return All > 0 ? Issued / All : 1.0;
}

} // namespace warplint
