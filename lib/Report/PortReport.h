//===- PortReport.h - What `warplint --port` prints -------------*- C++ -*-===//
//
// The prediction for a sequential C function ported to the GPU
// (docs/port.md): per kernel (a parallel loop nest), every legal mapping of
// its loops to threads ranked by predicted time, with the estimate's
// breakdown and CGPredict's insights (access class per array, arrays worth
// staging in shared memory); the loops left sequential and why; the total.
// Text (fmt) and JSON (llvm::json).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_REPORT_PORTREPORT_H
#define WARPLINT_REPORT_PORTREPORT_H

#include "Cost/Estimate.h"
#include "Cost/PortInsights.h"

#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// A tiled nest mapped with shared memory (CGPredict Sec. 3.6).
struct PortedTiling {
  int64_t Tile = 0;
  std::vector<std::string> BlockLoops; ///< blockIdx.x's loop first
  struct Phase {
    unsigned Line = 0;
    std::vector<std::string> ThreadLoops; ///< threadIdx.x's loop first
    bool BarrierAfter = false;
    std::string BarrierWhy;
  };
  std::vector<Phase> Phases;
  struct Buffer {
    std::string Name, ElementType;
    std::vector<int64_t> Dims;
    int64_t Bytes = 0;
  };
  std::vector<Buffer> Shared;
  int64_t SharedBytesPerBlock = 0;
  unsigned Barriers = 0;          ///< in the kernel's text
  double BarriersPerThread = 0;   ///< executed
  double SharedAccessesPerThread = 0;
  double BankConflictDegree = 1;
  /// The shared access with the worst bank conflicts when above 1-way: its
  /// text, line, degree, and the buffer to pad ("" when none).
  std::string WorstConflictText, WorstConflictBuffer;
  unsigned WorstConflictLine = 0;
  double WorstConflictWays = 1;
};

struct PortedMapping {
  std::string Name; ///< "x=j y=i"
  /// Whether it is the mapping --port-map asked for (or, without it, the
  /// fastest).
  bool Chosen = false;
  KernelEstimate Estimate;
  double SecondsPerLaunch = 0;
  double Seconds = 0; ///< per launch x launches
  /// This mapping's launches (fewer than the kernel's when it runs host
  /// loops in the thread), and the host loops it still launches from,
  /// "t (500 iterations)".
  int64_t Launches = 1;
  std::vector<std::string> HostLoops;
  std::vector<ArrayAccessClass> Arrays;
  std::vector<SharedCandidate> Shared;
  std::optional<PortedTiling> Tiling;
  /// The other aliasing rule (docs/port.md, "Accumulators"): by default,
  /// what plain pointers that may overlap cost, kept only when they leave
  /// uncoalesced stores in a loop; with --port-may-alias, what __restrict__
  /// pointers save. Seconds per launch x launches; the accesses concerned.
  std::optional<double> OtherAliasSeconds;
  bool OtherIsMayAlias = true;
  std::vector<std::string> OtherAliasAccesses;
};

struct PortedKernel {
  std::string Name;
  SourceLoc Loc;
  std::string Loop;                   ///< the root loop's variable
  /// For a copy made by loop distribution: which statements of the loop's
  /// body it runs, "lines 78-80"; "" otherwise.
  std::string Part;
  std::vector<std::string> HostLoops; ///< "t (500 iterations)"
  int64_t Launches = 1;
  std::vector<PortedMapping> Mappings; ///< fastest first
  /// Why no mapping could be estimated (the trip counts are unknown);
  /// "" when Mappings holds them.
  std::string Problem;
};

struct SequentialLoop {
  std::string Loop;
  SourceLoc Loc;
  std::string Why;
};

struct PortReport {
  std::string File, Function;
  SourceLoc FunctionLoc;
  std::string Gpu, Model;
  /// Why this model when --model did not say; "" otherwise.
  std::string ModelNote;
  std::vector<PortedKernel> Kernels;
  /// Loops in no kernel and around none: left to the CPU, not estimated.
  std::vector<SequentialLoop> LeftSequential;
  /// Loops around kernels whose iterations are not known ("the 'while'
  /// loop at line 6"): the total is for one iteration of each.
  std::vector<std::string> UncountedLoops;
  /// Loops that stay sequential inside or around the kernels, with why.
  std::vector<SequentialLoop> NotParallel;
  /// Loops split into several by loop distribution, and how (Why: "into 3
  /// loops, its statements at lines 77; 78-80; 81-82").
  std::vector<SequentialLoop> Distributed;
  /// The chosen mappings' times, summed.
  double TotalSeconds = 0;
};

llvm::json::Value toJSON(const PortReport &R);
std::string renderPortText(const PortReport &R);

} // namespace warplint

#endif
