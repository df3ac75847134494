//===- CuMAPz.h - The CuMAPz memory performance estimate --------*- C++ -*-===//
//
// Kim & Shrivastava, "Memory Performance Estimation of CUDA Programs"
// (CuMAPz, ACM TECS), Sec. 5.1-5.7: data reuse (eq. 1), latency hiding
// (eq. 2), bandwidth utilization (eq. 3), channel skew (eq. 4, 5),
// shared-memory efficiency (eq. 6), branch efficiency (eq. 7) and their
// product, the memory performance estimate MPE (eq. 8). Larger is better;
// MPE only compares variants of one kernel (Sec. 8).
//
// Every term is kept with the sums behind it: users compare variants term
// by term, as the paper's Fig. 7-10 do. docs/models/cumapz.md says how each
// sum is taken from the kernel facts.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_CUMAPZ_H
#define WARPLINT_COST_CUMAPZ_H

#include "Warp/Analyses.h"
#include "Warp/ChannelSkew.h"
#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct CuMAPzInputs {
  GpuModel Gpu;
  ChannelParams Channels;
  /// Whether eq. 4-5 apply: addresses map linearly onto partitions
  /// (compute capability 1.x), or the user asked for the model anyway.
  bool ModelChannelSkew = false;
  /// Occupancy as a fraction (0..1], and where it came from.
  double Occupancy = 1;
  std::string OccupancyOrigin;
  /// max_blks of eq. 4: blocks per SM for this kernel.
  unsigned MaxBlocksPerSm = 8;
  /// branch_eff (eq. 7) given by the caller; when not given it is computed
  /// by kernelBranchEfficiency (lib/Warp/Divergence.h).
  std::optional<double> BranchEff;
  std::string BranchEffOrigin;
  EnumerationOptions Enum;
};

struct CuMAPzEstimate {
  // eq. 1 ------------------------------------------------------------------
  double BytesShmem = 0;    ///< read from buffers that hold fetched data
  double BytesBuffered = 0; ///< transferred by the data fetch references
  unsigned FetchRefs = 0;   ///< global-to-shared copies
  double DataReuse = 1;
  // eq. 2 ------------------------------------------------------------------
  double OccupancyPercent = 100;
  unsigned NShmLoad = 0; ///< data fetch references (at least 1 in eq. 2)
  double LatHiding = 1;
  // eq. 3 ------------------------------------------------------------------
  double BytesAccess = 0, BytesTr = 0;
  double BwUtil = 1;
  // eq. 4-5 ----------------------------------------------------------------
  bool ChSkewModelled = false;
  ChannelSkewResult Channels;
  double ChSkew = 1;
  // eq. 6 ------------------------------------------------------------------
  double NHalfWarp = 0; ///< half-warps (warps where banks serve a warp)
  unsigned NBuffer = 0;
  /// The shared-memory requests, one per half-warp (phase) and reference
  /// execution: what n_half_warp * n_buffer counts when every buffer is
  /// accessed once per half-warp.
  double SharedRequests = 0;
  /// The accesses those requests are serialised into (a K-way conflict
  /// counts K, a conflict-free request 1).
  double NBkConflict = 0;
  /// SharedRequests / NBkConflict: the reciprocal of the mean degree.
  double ShmEff = 1;
  // eq. 7 ------------------------------------------------------------------
  double NWarp = 0, NPath = 0;
  double BranchEff = 1;
  std::string BranchEffOrigin;
  // eq. 8 ------------------------------------------------------------------
  double MPE = 0;
  /// Sums are over every warp of the grid: per-warp averages over the
  /// enumerated warps times the grid's warps and each reference's dynamic
  /// count per thread (the trip counts of its loops).
  double TotalWarps = 0;
  std::vector<std::string> Assumptions;
  /// References that could not be enumerated (left out of the sums).
  std::vector<std::string> Unanalysable;
};

CuMAPzEstimate estimateCuMAPz(const KernelFacts &K, const LaunchConfig &L,
                              const CuMAPzInputs &In);

/// eq. 2 alone: MIN(occupancy%, 50) / 50 * sqrt(n_shm_load).
double latencyHiding(double OccupancyPercent, unsigned NShmLoad);
/// eq. 6 alone: n_half_warp * n_buffer / n_bk_conflict, 1 when there is no
/// conflict.
double sharedMemoryEfficiency(double NHalfWarp, unsigned NBuffer,
                              double NBkConflict);
/// eq. 8 alone.
double memoryPerformanceEstimate(double DataReuse, double LatHiding,
                                 double BwUtil, double ChSkew,
                                 double BranchEff, double ShmEff);

/// How many times one thread executes an access: the product of its loops'
/// trip counts under \p L (unknown trip counts count once, said in
/// \p Assumptions).
double dynamicCount(const KernelFacts &K, const AccessFacts &A,
                    const LaunchConfig &L, const EnumerationOptions &O,
                    std::vector<std::string> &Assumptions);

} // namespace warplint

#endif
