//===- CuMAPz.cpp - The CuMAPz memory performance estimate ----------------===//
#include "Cost/CuMAPz.h"

#include "Warp/Divergence.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace warplint {

double latencyHiding(double OccupancyPercent, unsigned NShmLoad) {
  // CuMAPz eq. 2.
  return std::min(OccupancyPercent, 50.0) / 50.0 *
         std::sqrt(double(std::max(1u, NShmLoad)));
}

double sharedMemoryEfficiency(double NHalfWarp, unsigned NBuffer,
                              double NBkConflict) {
  // CuMAPz eq. 6; "when n_bk_conflict is zero, shm_eff is set to one".
  if (NBkConflict <= 0)
    return 1;
  return NHalfWarp * NBuffer / NBkConflict;
}

double memoryPerformanceEstimate(double DataReuse, double LatHiding,
                                 double BwUtil, double ChSkew,
                                 double BranchEff, double ShmEff) {
  // CuMAPz eq. 8.
  return DataReuse * LatHiding * (BwUtil / ChSkew) * BranchEff *
         std::sqrt(ShmEff);
}

static void addOnce(std::vector<std::string> &V, const std::string &S) {
  if (std::find(V.begin(), V.end(), S) == V.end())
    V.push_back(S);
}

double dynamicCount(const KernelFacts &K, const AccessFacts &A,
                    const LaunchConfig &L, const EnumerationOptions &O,
                    std::vector<std::string> &Assumptions) {
  double N = 1;
  for (unsigned Id : A.Loops) {
    const LoopFacts *Loop = nullptr;
    for (const LoopFacts &Lp : K.Loops)
      if (Lp.Id == Id)
        Loop = &Lp;
    if (!Loop)
      continue;
    std::optional<int64_t> Trip;
    if (Loop->TripCount) {
      Trip = Loop->TripCount->evaluate([&](const sym::Expr &S)
                                           -> std::optional<int64_t> {
        const std::string &Name = S.name();
        char D = Name.empty() ? 'x' : Name.back();
        int Dim = D >= 'x' && D <= 'z' ? D - 'x' : 0;
        switch (S.symbolKind()) {
        case sym::SymbolKind::BlockDim:
          return L.Block[Dim];
        case sym::SymbolKind::GridDim:
          return L.Grid[Dim];
        case sym::SymbolKind::ThreadIdx:
        case sym::SymbolKind::BlockIdx:
          return 0; // thread 0 of block 0, said below
        case sym::SymbolKind::Param: {
          auto AIt = O.Assumptions.find(Name);
          if (AIt != O.Assumptions.end() && AIt->second.Equal)
            return *AIt->second.Equal;
          if (auto It = L.Args.find(Name); It != L.Args.end())
            return It->second;
          addOnce(Assumptions, "'" + sym::displayName(Name) + "' = " +
                                   std::to_string(O.DefaultParamValue) +
                                   " in the trip count of the loop at line " +
                                   std::to_string(Loop->Loc.Line));
          return O.DefaultParamValue;
        }
        default:
          return std::nullopt;
        }
      });
      if (Trip && Loop->ThreadDependentTripCount)
        addOnce(Assumptions, "the loop at line " +
                                 std::to_string(Loop->Loc.Line) +
                                 " runs as often for every thread as for "
                                 "thread 0 of block 0");
    }
    if (!Loop->TripCount) {
      std::map<std::string, int64_t> Known;
      for (const auto &[N, A] : O.Assumptions)
        if (A.Equal)
          Known[N] = *A.Equal;
      std::string Why;
      Trip = steppedTripCount(*Loop, L, Known, Why);
    }
    if (!Trip || *Trip < 0) {
      addOnce(Assumptions, "the loop at line " +
                               std::to_string(Loop->Loc.Line) +
                               " counted once (its trip count is not known)");
      continue;
    }
    N *= double(*Trip);
  }
  return N;
}

namespace {
/// Per-warp averages of one access over the enumerated warps.
struct AccessStats {
  double Warps = 0;          ///< enumerated warps
  double BytesRequested = 0; ///< sums over the enumerated warps
  double BytesFetched = 0;
  double Conflicts = 0; ///< n_bk_conflict over the enumerated warps
  double Requests = 0;  ///< shared-memory phases over the enumerated warps
  bool Ok = false;
};
} // namespace

static AccessStats statsOf(const KernelFacts &K, const AccessFacts &A,
                           const LaunchConfig &L, const CuMAPzInputs &In,
                           std::vector<std::string> &Assumptions,
                           std::vector<std::string> &Unanalysable) {
  AccessStats S;
  AccessEnumeration E = enumerateAccess(K, A, L, In.Enum);
  for (const std::string &X : E.Assumptions)
    addOnce(Assumptions, X);
  if (!E.Unanalysable.empty()) {
    Unanalysable.push_back("'" + A.Text + "' (line " +
                           std::to_string(A.Loc.Line) +
                           "): " + E.Unanalysable);
    return S;
  }
  S.Ok = true;
  S.Warps = E.WarpsEnumerated;
  for (const WarpSample &W : E.Samples) {
    if (A.Space == MemorySpace::Global) {
      CoalescingFamily F = A.IsWrite && !A.IsRead ? In.Gpu.Stores : In.Gpu.Loads;
      CoalescingResult C = analyzeCoalescing(W.Req, F);
      S.BytesRequested += W.Weight * double(C.BytesRequested);
      S.BytesFetched += W.Weight * double(C.BytesFetched);
    } else if (A.Space == MemorySpace::Shared) {
      BankConflictResult B = analyzeBankConflicts(W.Req, In.Gpu.Banks);
      // n_bk_conflict_r^w: the accesses the request is serialised into,
      // summed over its phases (a conflict-free half-warp counts 1, a
      // K-way one K); Requests: the phases themselves (eq. 6, see
      // docs/models/cumapz.md).
      S.Conflicts += W.Weight * double(B.Wavefronts);
      S.Requests += W.Weight * double(B.Phases);
      S.BytesRequested += W.Weight * double(activeLaneCount(W.Req)) *
                          double(W.Req.AccessSize);
    }
  }
  return S;
}

CuMAPzEstimate estimateCuMAPz(const KernelFacts &K, const LaunchConfig &L,
                              const CuMAPzInputs &In) {
  CuMAPzEstimate R;
  const int64_t Threads = L.threadsPerBlock();
  const double WarpsPerBlock = double((Threads + 31) / 32);
  R.TotalWarps = WarpsPerBlock * double(L.Grid[0] * L.Grid[1] * L.Grid[2]);

  // Buffers holding fetched data: the targets of global-to-shared copies.
  std::set<std::string> FetchedBuffers;
  std::set<unsigned> FetchLoads;
  for (const AccessFacts &A : K.Accesses)
    if (A.Space == MemorySpace::Shared && A.IsWrite && A.ValueFrom &&
        *A.ValueFrom < K.Accesses.size() &&
        K.Accesses[*A.ValueFrom].Space == MemorySpace::Global) {
      FetchedBuffers.insert(A.Base);
      FetchLoads.insert(*A.ValueFrom);
    }
  R.FetchRefs = unsigned(FetchLoads.size());
  std::set<std::string> Buffers;
  for (const SharedBufferFacts &B : K.SharedBuffers)
    Buffers.insert(B.Name);
  for (const AccessFacts &A : K.Accesses)
    if (A.Space == MemorySpace::Shared)
      Buffers.insert(A.Base);
  R.NBuffer = unsigned(Buffers.size());

  for (size_t I = 0; I < K.Accesses.size(); ++I) {
    const AccessFacts &A = K.Accesses[I];
    if (A.IsAtomic || (A.Space != MemorySpace::Global &&
                       A.Space != MemorySpace::Shared))
      continue;
    AccessStats S = statsOf(K, A, L, In, R.Assumptions, R.Unanalysable);
    if (!S.Ok || S.Warps == 0)
      continue;
    // Per-warp averages scaled to the grid and the dynamic count.
    const double Scale =
        R.TotalWarps * dynamicCount(K, A, L, In.Enum, R.Assumptions) / S.Warps;
    if (A.Space == MemorySpace::Global) {
      R.BytesAccess += S.BytesRequested * Scale;
      R.BytesTr += S.BytesFetched * Scale;
      if (FetchLoads.count(unsigned(I)))
        R.BytesBuffered += S.BytesFetched * Scale;
    } else {
      R.NBkConflict += S.Conflicts * Scale;
      R.SharedRequests += S.Requests * Scale;
      if (A.IsRead && FetchedBuffers.count(A.Base))
        R.BytesShmem += S.BytesRequested * Scale;
    }
  }

  // eq. 1.
  if (R.BytesBuffered > 0)
    R.DataReuse = R.BytesShmem / R.BytesBuffered;
  else
    addOnce(R.Assumptions, "no global-to-shared copy: data_reuse (eq. 1) "
                           "taken as 1");
  // eq. 2.
  R.OccupancyPercent = In.Occupancy * 100.0;
  R.NShmLoad = R.FetchRefs;
  R.LatHiding = latencyHiding(R.OccupancyPercent, R.NShmLoad);
  if (!In.OccupancyOrigin.empty())
    addOnce(R.Assumptions, "occupancy " +
                               std::to_string(int(R.OccupancyPercent + 0.5)) +
                               "% (" + In.OccupancyOrigin + ")");
  // eq. 3.
  R.BwUtil = R.BytesTr > 0 ? R.BytesAccess / R.BytesTr : 1;
  // eq. 4-5.
  R.ChSkewModelled = In.ModelChannelSkew;
  if (In.ModelChannelSkew) {
    R.Channels = analyzeChannelSkew(K, L, In.Channels, In.MaxBlocksPerSm,
                                    In.Enum);
    if (R.Channels.Analysed)
      R.ChSkew = R.Channels.Skew;
  }
  // eq. 6. n_half_warp: the groups of lanes the banks serve together.
  R.NHalfWarp = R.TotalWarps * (In.Gpu.Banks.HalfWarp ? 2.0 : 1.0);
  R.ShmEff = R.NBkConflict > 0 ? R.SharedRequests / R.NBkConflict : 1;
  // eq. 7.
  if (In.BranchEff) {
    R.BranchEff = *In.BranchEff;
    R.BranchEffOrigin = In.BranchEffOrigin;
  } else {
    // n_path_r^w per global reference and warp, from the lanes the
    // divergence analysis evaluates (lib/Warp/Divergence.h).
    DivergenceOptions DO;
    DO.Enum = In.Enum;
    KernelBranchEfficiency B = kernelBranchEfficiency(K, L, DO);
    R.NWarp = B.NWarp * R.TotalWarps;
    R.NPath = B.NPath * R.TotalWarps;
    R.BranchEff = B.BranchEff;
    R.BranchEffOrigin = "eq. 7 over the global references: a warp counts two "
                        "paths for a reference when some of its lanes execute "
                        "it and some do not (divergence analysis)";
    for (const std::string &A : B.Assumptions)
      addOnce(R.Assumptions, A);
  }
  R.MPE = memoryPerformanceEstimate(R.DataReuse, R.LatHiding, R.BwUtil,
                                    R.ChSkew, R.BranchEff, R.ShmEff);
  return R;
}

} // namespace warplint
