//===- ExtensionInputs.h - Kernel inputs of CGPredict and MDM ---*- C++ -*-===//
//
// What the Hong–Kim extensions need from a real kernel, derived from the
// kernel facts (docs/models/cgpredict.md and docs/models/mdm.md, "On real
// kernels"):
//
//  - buildCgTrace: CGPredict's memory trace (Sec. 3.2): the warps of the
//    first batches of concurrently resident thread blocks of one SM, each
//    global (and __constant__) warp memory instruction in program order with
//    loop iterations unrolled up to a cap, all warps of a batch executing an
//    instruction before the next (Fig. 6), blocks in order. cgPredictL2 runs
//    on it for the L2 hits of eq. 9-11.
//  - cgL2For: the L2 that trace meets (one SM's share of it on a GPU with
//    several SMs).
//  - deriveMdmInput: MDM's intervals (one per loop body and one for the code
//    outside loops), L1 misses per warp from the distinct cache lines of each
//    warp request, the uncontended cycles C, W, and the memory-divergence
//    test (more than 10 divergent loads per kilo-instruction).
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_EXTENSIONINPUTS_H
#define WARPLINT_COST_EXTENSIONINPUTS_H

#include "Facts/ArchSpec.h"
#include "Cost/CGPredict.h"
#include "Cost/InstructionCounts.h"
#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Cost/MDM.h"
#include "Warp/WarpEnumerator.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

// --- CGPredict's trace --------------------------------------------------------

struct CgTraceOptions {
  EnumerationOptions Enum;
  /// Batches of concurrently resident blocks (CGPredict Sec. 3.2 advises a
  /// trace of at least two).
  unsigned Batches = 2;
  /// Iterations of each loop unrolled into the trace, at most; lowered
  /// (16, 8, 4, 2, 1) until the trace holds at most MaxWarpInstructions.
  unsigned MaxIterationsPerLoop = 16;
  uint64_t MaxWarpInstructions = uint64_t(1) << 15;
  /// Array i (in the order of first appearance of AccessFacts::Base) starts
  /// at byte (i + 1) x RegionBytes: arrays never overlap.
  uint64_t RegionBytes = uint64_t(1) << 32;
};

struct CgTrace {
  /// The warp memory instructions in order, and the index in
  /// KernelFacts::Accesses each comes from.
  std::vector<CgAccess> Accesses;
  std::vector<unsigned> AccessIndex;
  unsigned Batches = 0;        ///< batches traced
  unsigned BlocksPerBatch = 0;
  unsigned WarpsTraced = 0;    ///< warps of the traced blocks
  unsigned IterationsPerLoop = 0; ///< the cap used
  /// Accesses (by index) left out: their requests could not be enumerated.
  std::vector<unsigned> Skipped;
  std::vector<std::string> Assumptions;
};

/// The CGPredict class of each access of K, from the classification of the
/// instruction counts (IC.Accesses, in the order of K.Accesses): coalesced
/// -> Coal, uncoalesced and global atomics -> Uncoal, broadcast (every lane
/// one address) and __constant__ memory -> Const; std::nullopt for accesses
/// that are not traced (shared, local, unclassified).
std::vector<std::optional<CgClass>> cgClassesOf(const KernelFacts &K,
                                                const InstructionCounts &IC);

/// The trace of the blocks 0 .. Batches x BlocksPerBatch - 1 (fewer when the
/// grid has fewer), \p BlocksPerBatch being the blocks resident on one SM.
CgTrace buildCgTrace(const KernelFacts &K, const LaunchConfig &L,
                     unsigned BlocksPerBatch,
                     const std::vector<std::optional<CgClass>> &Classes,
                     const CgTraceOptions &O = {});

/// Assumed L2 associativity where the architecture file gives none.
constexpr unsigned DefaultL2Associativity = 16;


struct CgL2Choice {
  bool Ok = false;
  std::string Why; ///< when not Ok
  CgCacheConfig Cache;
  std::vector<std::string> Assumptions;
};

/// The cache the one-SM trace meets: l2_size_bytes / sm_count (rounded down
/// to whole sets, at least one), l2_line_bytes (128 when unknown),
/// l2_assoc (DefaultL2Associativity when unknown). Not Ok without an L2.
CgL2Choice cgL2For(const ArchSpec &A);

/// Per access of \p K (its index in K.Accesses): the share of its lines that
/// hit in \p Cache on a trace of the \p BlocksPerSm blocks one SM runs
/// together (buildCgTrace, cgPredictL2). Empty, with \p Why, when the cache
/// model cannot run; the trace's assumptions are added to \p Assumptions.
std::map<unsigned, double> traceHitRates(const KernelFacts &K,
                                         const LaunchConfig &L,
                                         const GpuModel &Gpu,
                                         unsigned BlocksPerSm,
                                         const EnumerationOptions &Enum,
                                         const CgCacheConfig &Cache,
                                         std::vector<std::string> &Assumptions,
                                         std::string &Why);

/// Assumed L1 associativity (the file has no key for it): MDM's simulated
/// Pascal (Table III) has a 6-way L1; 4 is a common power-of-two figure
/// below it.
constexpr unsigned DefaultL1Associativity = 4;

/// The L1 the one-SM trace meets for MDM's L1 misses: l1_size_bytes,
/// l1_line_bytes (128 when unknown), DefaultL1Associativity. Not Ok without
/// an L1 size.
CgL2Choice cgL1For(const ArchSpec &A);

// --- MDM ------------------------------------------------------------------------

/// A global load is divergent when its warp request touches more than this
/// many cache lines (of MDM's BlockSize) on average: a coalesced warp of
/// 16-byte elements touches 4 lines of 128 bytes.
constexpr double MdmDivergentLinesPerLoad = 4;
/// MDM Sec. I: an application is memory-divergent with more than 10
/// divergent loads per kilo-instruction (DPKI).
constexpr double MdmDpkiThreshold = 10;

struct MdmDerivation {
  MdmInput In;
  /// Divergent load instructions per thread, and per 1000 instructions.
  double DivergentLoads = 0;
  double Dpki = 0;
  bool MemoryDivergent = false;
  /// Per interval: the loop chain it is the body of (empty: outside loops)
  /// and a label for the report.
  std::vector<std::string> IntervalLabels;
  std::vector<std::string> Assumptions;
};

/// MDM's input for K under L on A, from the counts IC (countInstructions
/// with \p IO), W = min(WarpsPerSm, the kernel's warps / SMs) and the LLC
/// miss rate (1, with an assumption, when not given).
MdmDerivation deriveMdmInput(const KernelFacts &K, const LaunchConfig &L,
                             const ArchSpec &A, const InstructionCounts &IC,
                             unsigned WarpsPerSm,
                             std::optional<double> LlcMissRate,
                             const InstructionCountOptions &IO = {});

} // namespace warplint

#endif
