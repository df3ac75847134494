//===- Analyses.h - Coalescing and bank-conflict findings -------*- C++ -*-===//
//
// From kernel facts and launch configurations to findings: numbers, the
// access they concern, why, and a fix where one is recognisable. No text
// for diagnostics beyond the explanatory phrases; the checks format them.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_WARP_ANALYSES_H
#define WARPLINT_WARP_ANALYSES_H

#include "Facts/ArchSpec.h"
#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Warp/MemoryModels.h"
#include "Warp/WarpEnumerator.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// What the analyses need to know of a GPU until the architecture database
/// (arch/*.yaml) exists: its compute capability and memory families.
struct GpuModel {
  std::string Sm; ///< "sm_13"
  /// The GPU, when it came from an architecture file: "NVIDIA Tesla C1060
  /// (GT200)"; empty for the bare sm_XX stand-in.
  std::string Name;
  int Major = 8, Minor = 0;
  CoalescingFamily Loads = CoalescingFamily::L2Sectors;
  CoalescingFamily Stores = CoalescingFamily::L2Sectors;
  BankModel Banks;
  /// Global-memory partitions (channels) and their width in bytes; 0 when
  /// unknown. PartitionsHashed: addresses are spread over partitions by a
  /// hash (2.0 on), so partition camping is not predictable from them.
  unsigned Partitions = 0, PartitionWidth = 0;
  bool PartitionsHashed = true;
  /// "compute capability 1.3 (half-warp coalescing into 32/64/128-byte
  /// segments)"
  std::string describe() const;
};

/// The built-in stand-in for sm_10 ... sm_90(a). std::nullopt and \p Error
/// set for a name that is not an sm_XX architecture.
std::optional<GpuModel> gpuModelFor(const std::string &Sm, std::string &Error);

/// The same families from an architecture file: coalescing by compute
/// capability (as gpuModelFor), banks from smem_banks, smem_bank_width_bytes
/// and bank_conflict_scope. On 3.x, 8-byte banks are used in the default
/// 4-byte mode (KeplerWordPairs) unless \p KeplerEightByteMode. For a GPU
/// that stands for its own sm_XX this equals gpuModelFor(A.sm()).
GpuModel gpuModelFromArch(const ArchSpec &A, bool KeplerEightByteMode = false);

struct AnalysisOptions {
  EnumerationOptions Enum;
  /// Warn when a request needs more than this many times the ideal number
  /// of sectors (transactions on 1.x).
  double MinFactor = 1.5;
  /// Also warn, below MinFactor, on an access inside a loop whose requests
  /// need on average at least this many sectors (1.x: transactions) more
  /// than the ideal, Nsight Compute's "excessive sectors" (a copy at an
  /// offset: 5 for 4). On GPUs with caches (2.x and later) not for an
  /// access with a neighbour on the same buffer less than a line away (a
  /// stencil's in[i-1], in[i+1]), whose extra sector the neighbour reads
  /// anyway; 1.x has no cache, and pays. 0 turns the rule off.
  double MinExcessInLoop = 1.0;
  /// Warn on bank conflicts of at least this degree.
  unsigned MinWays = 2;
};

struct CoalescingFinding {
  const AccessFacts *Access = nullptr;
  LaunchConfig Config;
  CoalescingFamily Family = CoalescingFamily::L2Sectors;
  /// The worst request pattern, the request that has it, and which warp
  /// of which block asked (for the warp maps, lib/Report/WarpMap.h).
  CoalescingResult Worst;
  WarpRequest WorstRequest;
  unsigned WorstWarp = 0;
  std::array<int64_t, 3> WorstBlock{{0, 0, 0}};
  /// Worst.Sectors / Worst.IdealSectors (1.x: transactions).
  double Factor = 1;
  /// Share of the enumerated requests that exceed the factor.
  double Share = 1;
  /// Sectors (1.x: transactions) above the ideal, per request: in the worst
  /// request, and the mean over the enumerated requests.
  unsigned ExcessWorst = 0;
  double ExcessMean = 0;
  /// Reported by the excess rule (MinExcessInLoop), below MinFactor.
  bool ByExcess = false;
  /// Why: e.g. "adjacent lanes are 4096 elements (16384 bytes) apart: the
  /// index changes by 'height' per threadIdx.x".
  std::string Why;
  /// A recognisable fix, or "".
  std::string Fix;
  std::vector<std::string> Assumptions;
};

std::vector<CoalescingFinding>
findUncoalescedAccesses(const KernelFacts &K,
                        const std::vector<LaunchConfig> &Configs,
                        const GpuModel &Gpu, const AnalysisOptions &Opts);

struct BankConflictFinding {
  const AccessFacts *Access = nullptr;
  const SharedBufferFacts *Buffer = nullptr;
  LaunchConfig Config;
  BankConflictResult Worst;
  /// The request that has it, and which warp of which block asked.
  WarpRequest WorstRequest;
  unsigned WorstWarp = 0;
  std::array<int64_t, 3> WorstBlock{{0, 0, 0}};
  /// Why, e.g. "the 16 lanes of each half-warp hit bank 0" or "lanes that
  /// differ in threadIdx.x are 32 words apart".
  std::string Why;
  /// Why without the bank's number: what accesses of one cause share.
  std::string Cause;
  /// The padded innermost dimension as the user would write it
  /// ("BLKDIM + 1"), when padding by one element makes every access to the
  /// buffer conflict-free and none depends on the old layout.
  std::optional<std::string> Padding;
  /// With Padding: the worst warp's request on the padded buffer.
  std::optional<WarpRequest> PaddedRequest;
  /// Why padding is not offered as a fix, when it is not.
  std::string NoPaddingBecause;
  std::vector<std::string> Assumptions;
};

std::vector<BankConflictFinding>
findBankConflicts(const KernelFacts &K, const std::vector<LaunchConfig> &Configs,
                  const GpuModel &Gpu, const AnalysisOptions &Opts);

} // namespace warplint

#endif
