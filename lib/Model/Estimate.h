//===- Estimate.h - Per-kernel estimates for one GPU ------------*- C++ -*-===//
//
// Puts the estimators together for each kernel and launch configuration:
// occupancy, the CuMAPz memory performance estimate (and, as they land, the
// Hong–Kim cycle model and its extensions). What `warplint --estimate`
// prints, what the CI gate compares.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_MODEL_ESTIMATE_H
#define WARPLINT_MODEL_ESTIMATE_H

#include "Model/Analyses.h"
#include "Model/ArchSpec.h"
#include "Model/CuMAPz.h"
#include "Model/KernelFacts.h"
#include "Model/Launch.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace warplint {

/// Occupancy as the estimators need it.
struct OccupancySummary {
  unsigned BlocksPerSm = 0;
  unsigned WarpsPerSm = 0;
  double Occupancy = 0; ///< 0..1
  std::string Limiter;  ///< "warps", "blocks", "registers", ...
  std::string Origin;   ///< how it was computed, for the notes
};

struct EstimateOptions {
  AnalysisOptions Analysis;
  /// Model channel skew on GPUs whose partitions are address-hashed.
  bool ChannelSkewOnHashed = false;
};

struct KernelEstimate {
  std::string File; ///< set by the caller
  std::string Kernel;
  LaunchConfig Config;
  std::string Gpu;    ///< "sm_13"
  std::string ArchId; ///< "tesla_c1060"
  std::string ArchName;
  OccupancySummary Occupancy;
  CuMAPzEstimate CuMAPz;
  std::vector<std::string> Assumptions;
};

/// The stand-in occupancy until the occupancy calculator is wired: the
/// thread, warp and block limits of the compute capability only.
OccupancySummary threadLimitOccupancy(const GpuModel &G, const LaunchConfig &L);

std::vector<KernelEstimate> estimateKernel(const KernelFacts &K,
                                           const std::vector<LaunchConfig> &Configs,
                                           const ArchSpec &Arch,
                                           const GpuModel &Gpu,
                                           const EstimateOptions &O);

llvm::json::Value toJSON(const KernelEstimate &E);
llvm::json::Value toJSON(const CuMAPzEstimate &E);

} // namespace warplint

#endif
