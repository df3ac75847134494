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
#ifndef WARPLINT_COST_ESTIMATE_H
#define WARPLINT_COST_ESTIMATE_H

#include "Warp/Analyses.h"
#include "Facts/ArchSpec.h"
#include "Cost/CuMAPz.h"
#include "Cost/HongKim.h"
#include "Cost/InstructionCounts.h"
#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Cost/Occupancy.h"
#include "Ptx/PtxCounts.h"
#include "Ptx/PtxasUsage.h"

#include "llvm/Support/JSON.h"

#include <map>
#include <optional>
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
  /// Per-thread instruction counts given by the user for a kernel (by
  /// name), as a paper gives them: they replace the counts warplint derives
  /// (Model/InstructionCounts.h) in the cycle model.
  std::map<std::string, HongKimKernelCounts> GivenCounts;
  /// Count instructions from the file's PTX (nvcc --ptx) instead of the
  /// source: the kernels of that PTX. CountsFromPtx with no entry for a
  /// kernel falls back to the source counts, said in an assumption.
  bool CountsFromPtx = false;
  /// The paper models' source counts as written (every operation of every
  /// iteration: --counts-from=source-as-written) instead of as the compiler
  /// leaves them (Cost/CompiledShape.h).
  bool CountsAsWritten = false;
  std::vector<PtxKernel> Ptx;
  /// Which cycle model: "auto" (warplint's own, Cost/WarplintModel.h),
  /// "paper" (the published model defaultVariant picks for the GPU),
  /// "warplint", "hong-kim", "wang-lou", "cgpredict", "mdm". The base
  /// Hong–Kim result is always computed.
  std::string Model = "auto";
  /// Round the Hong–Kim intermediates as the paper's Table 2 prints them.
  bool PaperRounding = false;
};

/// The cycle estimate of one kernel launch (docs/models/hong-kim.md).
struct CycleEstimate {
  /// Where the counts come from: "derived" or "given".
  std::string CountsSource;
  HongKimKernelCounts Counts;
  /// The derived counts in full (classes, guarded share, per access);
  /// present when derived. Access pointers are cleared.
  std::optional<InstructionCounts> Derived;
  HongKimResult HongKim;
  /// The model asked for or chosen, why, and its total.
  VariantChoice Model;
  std::string ModelNote; ///< why another model was used, if any
  double TotalCycles = 0;
  double TimeSeconds = 0;
  /// What bounds the kernel in the model whose total is shown ("DRAM
  /// bandwidth", "memory (eq. 23)", ...), and that model's terms in one
  /// sentence: every surface says the same.
  std::string Bound;
  std::string Breakdown;
  /// What the chosen model (beyond the base Hong–Kim run) assumed.
  std::vector<std::string> ModelAssumptions;
  /// Hong–Kim's extensions, when computed.
  std::optional<llvm::json::Value> Extension;
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
  CycleEstimate Cycles;
  std::vector<std::string> Assumptions;
  /// A launch in a host loop (Config.Iterations): the loop's time for the
  /// kernel, its trip count times the mean of the iterations estimated
  /// (hostLoopTotals).
  struct LoopTotal {
    SourceLoc Loop;
    unsigned Trips = 0;
    unsigned Estimated = 0; ///< iterations estimated (first, middle, last)
    double TimeSeconds = 0;
  };
  std::optional<LoopTotal> HostLoop;
};

/// Fills KernelEstimate::HostLoop of the estimates of launches in host
/// loops: those of one kernel, GPU and innermost loop (at the same
/// iterations of the loops around it) are that loop's samples.
void hostLoopTotals(std::vector<KernelEstimate> &Estimates);

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

/// Reads one per-kernel count specification, 'kernel: comp=27 coal=0
/// uncoal=6 sync=6' (optionally uncoal_per_mw=, coal_per_mw=, load_bytes=;
/// numbers >= 0), into \p To. False with \p Error saying what is wrong.
bool parseGivenCounts(llvm::StringRef Spec,
                      std::map<std::string, HongKimKernelCounts> &To,
                      std::string &Error);

/// The Hong–Kim cycle estimate (and the chosen extension) of K under L,
/// with the occupancy already computed in Occ.
/// \p Channels: CuMAPz's channel histogram of the launch (partition
/// camping, for warplint's model), or null.
CycleEstimate estimateCycles(const KernelFacts &K, const LaunchConfig &L,
                             const ArchSpec &Arch, const GpuModel &Gpu,
                             const OccupancySummary &Occ,
                             const EstimateOptions &O,
                             const ChannelSkewResult *Channels = nullptr);

llvm::json::Value toJSON(const KernelEstimate &E);
llvm::json::Value toJSON(const OccupancySummary &S);
llvm::json::Value toJSON(const CuMAPzEstimate &E);

} // namespace warplint

#endif
