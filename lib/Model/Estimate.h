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
#include "Model/Occupancy.h"
#include "Model/PtxasUsage.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace warplint {

/// Occupancy as the estimators need it.
struct OccupancySummary {
  unsigned BlocksPerSm = 0;
  unsigned WarpsPerSm = 0;
  double Occupancy = 0; ///< 0..1
  std::string Limiter;  ///< "warps", "blocks", "registers", "shared memory"
  std::string Origin;   ///< how it was computed, for the notes
  /// The registers per thread it was computed with, where they come from
  /// ("option", "ptxas", "maxrregcount", "launch_bounds", "default") and a
  /// phrase for notes.
  unsigned RegistersPerThread = 0;
  std::string RegistersSource;
  std::string RegistersOrigin;
  /// Shared memory per block: static (the __shared__ buffers, or ptxas)
  /// plus dynamic (the launch's third <<<>>> argument).
  uint64_t StaticSharedBytes = 0;
  uint64_t DynamicSharedBytes = 0;
  uint64_t SharedBytesPerBlock = 0;
  /// Every figure of the occupancy calculator (Model/Occupancy.h).
  OccupancyResult Detail;
  /// What had to be assumed (registers, shared memory, carveout).
  std::vector<std::string> Assumptions;
};

struct EstimateOptions {
  AnalysisOptions Analysis;
  /// Model channel skew on GPUs whose partitions are address-hashed.
  bool ChannelSkewOnHashed = false;
  /// Registers per thread given by the user: overrides every other source.
  std::optional<unsigned> RegistersPerThread;
  /// The -maxrregcount of the file's compile command
  /// (CompileFacts::MaxRegCount).
  std::optional<unsigned> MaxRegCount;
  /// cudaFuncAttributePreferredSharedMemoryCarveout in percent (7.0+).
  std::optional<unsigned> CarveoutPercent;
  /// ptxas -v usage of the file's kernels, when the user asked for it
  /// (parsePtxasVerbose, runPtxasUsage): registers and static shared
  /// memory then come from it.
  std::vector<PtxasFunctionUsage> Ptxas;
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

/// The occupancy of \p K launched as \p L on \p Arch by the occupancy
/// calculator's rules (Model/Occupancy.h), with the registers per thread
/// chosen by chooseRegistersPerThread() and the shared memory of the
/// kernel's buffers and the launch.
OccupancySummary kernelOccupancy(const KernelFacts &K, const LaunchConfig &L,
                                 const ArchSpec &Arch, const EstimateOptions &O);

std::vector<KernelEstimate> estimateKernel(const KernelFacts &K,
                                           const std::vector<LaunchConfig> &Configs,
                                           const ArchSpec &Arch,
                                           const GpuModel &Gpu,
                                           const EstimateOptions &O);

llvm::json::Value toJSON(const KernelEstimate &E);
llvm::json::Value toJSON(const OccupancySummary &S);
llvm::json::Value toJSON(const CuMAPzEstimate &E);

} // namespace warplint

#endif
