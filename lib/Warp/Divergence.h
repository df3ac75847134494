//===- Divergence.h - Which lanes of a warp take which path -----*- C++ -*-===//
//
// For every thread-dependent branch of a kernel (and every loop whose trip
// count depends on the thread), under one launch configuration: the lanes of
// each enumerated warp that take each path, the warps that split, the paths
// per warp counted as CuMAPz eq. 7 counts them (2 where the warp's lanes
// split, else 1) and the branch efficiency n_warp / n_path.
//
// A branch is classified
//   - uniform:   no enumerated warp splits;
//   - tail:      the warps that split straddle a bound: every comparison that
//                splits them is an inequality over a value that grows with
//                the thread (no `%` of a thread index), and it splits at
//                most one warp per block and iteration, or more only in the
//                grid's last blocks (e.g. `i < n` with n not a multiple of
//                32, `tid < s`); a loop is tail when the lanes of each split
//                warp differ by at most one iteration;
//   - divergent: some warp splits otherwise (`tid % 2 == 0`,
//                `threadIdx.x == 0`, `tid % (2 * s) == 0`, `j < tid` loops);
//   - unknown:   the condition could not be evaluated per lane (it depends
//                on a value that differs between lanes and is not known).
//
// Warps are formed from the linear thread id as in WarpEnumerator; inside
// loops the first iterations of each enclosing loop are evaluated (the
// loop values WarpEnumerator uses). docs/checks/warp-divergence.md.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_WARP_DIVERGENCE_H
#define WARPLINT_WARP_DIVERGENCE_H

#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Warp/WarpEnumerator.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

enum class DivergenceClass { Uniform, Tail, Divergent, Unknown };
const char *toString(DivergenceClass C);

/// One warp execution that splits, as an example for a note.
struct SplitExample {
  std::array<int64_t, 3> BlockIdx{{0, 0, 0}};
  unsigned Warp = 0;
  std::map<std::string, int64_t> Iterations; ///< enclosing loops' values
  /// Bit l set: lane l reaches the branch (exists and passes its guards).
  uint32_t Reaching = 0;
  /// For a branch: bit l set when lane l takes it (condition true; for an
  /// early exit, leaves). For a loop: lanes doing the most iterations.
  uint32_t Taken = 0;
  /// For a loop: the fewest and most iterations among the reaching lanes.
  int64_t MinTrips = 0, MaxTrips = 0;
  bool Tail = false; ///< the split is at a bound
};

struct DivergenceResult {
  const BranchFacts *Branch = nullptr; ///< exactly one of Branch, Loop
  const LoopFacts *Loop = nullptr;
  DivergenceClass Class = DivergenceClass::Uniform;
  /// n_warp: warp executions (block, warp, evaluated iteration of the
  /// enclosing loops) in which at least one lane reaches the branch. Over
  /// the whole grid: exact when every block is enumerated (AllBlocks),
  /// else each representative block is weighted by the blocks it stands
  /// for.
  double Warps = 0;
  double SplitWarps = 0;
  double TailSplits = 0; ///< of SplitWarps, those at a bound
  /// Of SplitWarps, those where exactly one lane takes the branch (or, for
  /// an early exit, leaves): `if (tid == 0)`, `if (lane == 0)`. Branches
  /// only (not switches, not loops).
  double SingleLaneSplits = 0;
  /// Of SplitWarps, those where exactly one reaching lane does not take
  /// the branch (for a loop: runs fewer iterations than the others): when
  /// nothing runs on that lane's side, it is one idle lane, not a second
  /// path (`if (tid != last)`, a chunk clamped on the block's last thread).
  double OneIdleSplits = 0;
  /// n_path (eq. 7): 2 per split warp, 1 per other warp.
  double Paths = 0;
  std::optional<SplitExample> Example; ///< a divergent split if any, else a tail one
  /// Every warp of the example's block (in the example's iteration), in
  /// order: which lanes reach the branch and which take it (the warp maps).
  struct WarpLanes {
    unsigned Warp = 0;
    uint32_t Reaching = 0, Taken = 0;
  };
  std::vector<WarpLanes> ExampleBlock;
  std::vector<std::string> Assumptions;
  /// Why the branch could not be evaluated (Class Unknown).
  std::string Unknown;
  /// Enclosing-loop iteration values that were evaluated, per loop symbol.
  std::map<std::string, std::vector<int64_t>> IterationsEvaluated;
  bool AllBlocks = false; ///< every block of the grid was enumerated

  /// Every split warp has one lane on the branch's path.
  bool singleLane() const {
    return SplitWarps > 0 && SingleLaneSplits >= SplitWarps;
  }
  /// Every split warp leaves one lane idle (OneIdleSplits).
  bool oneIdleLane() const {
    return SplitWarps > 0 && OneIdleSplits >= SplitWarps;
  }
  double splitFraction() const { return Warps ? double(SplitWarps) / Warps : 0; }
  double pathsPerWarp() const { return Warps ? Paths / Warps : 1; }
  /// eq. 7 for this branch alone: n_warp / n_path.
  double branchEfficiency() const { return Paths > 0 ? Warps / Paths : 1; }
};

struct DivergenceOptions {
  EnumerationOptions Enum;
  /// Warp executions enumerated per branch; every block when the grid
  /// fits, else the first blocks of each dimension and the last.
  unsigned MaxWarpExecutions = 1024;
  /// Work budget of one analyzeDivergence or kernelBranchEfficiency call
  /// (all branches of a kernel under one configuration), in lane
  /// evaluations of a condition, guard or trip count. The walk is bounded by
  /// the kernel's size times MaxWarpExecutions; this bounds that product
  /// too (deep if-chains, thousands of branches): a branch reached when it
  /// is spent is Unknown, with the reason, never a hang.
  uint64_t MaxLaneEvaluations = 20000000;
};

/// Every thread-dependent branch and loop with a thread-dependent trip
/// count of \p K under \p L, in the order of the facts (branches, then
/// loops). Where a value had to be chosen (a parameter nobody gave), a
/// second admitted value is tried too and the worse class is kept, with
/// both values stated.
std::vector<DivergenceResult> analyzeDivergence(const KernelFacts &K,
                                                const LaunchConfig &L,
                                                const DivergenceOptions &O = {});

/// The lanes (bit per lane) of warp \p Warp that exist in a block of
/// \p ThreadsPerBlock threads.
uint32_t existingLanes(int64_t ThreadsPerBlock, unsigned Warp);

/// CuMAPz eq. 7 over references: for each global, non-atomic reference r
/// and each enumerated warp execution, n_path_r^w = 2 when the warp's lanes
/// split on r (some execute it, some do not: its guards, or an enclosing
/// loop with a thread-dependent trip count), else 1.
struct ReferencePaths {
  const AccessFacts *Access = nullptr;
  double Warps = 0; ///< warp executions (weighted as in DivergenceResult)
  double Paths = 0;
  std::string Unknown; ///< non-empty: a guard could not be evaluated
};
struct KernelBranchEfficiency {
  std::vector<ReferencePaths> References;
  /// Per warp of the grid: NWarp counts each analysed reference once,
  /// NPath its mean n_path_r^w over the enumerated warp executions; both
  /// times the grid's warps give the paper's sums.
  double NWarp = 0, NPath = 0;
  double BranchEff = 1;
  std::vector<std::string> Assumptions;
};
KernelBranchEfficiency kernelBranchEfficiency(const KernelFacts &K,
                                              const LaunchConfig &L,
                                              const DivergenceOptions &O = {});

/// The share of a scope's warp executions in which at least one lane
/// executes code under \p Guards inside \p Loops (ids, outermost first):
/// the fraction of the warps that issue that code, the rest being skipped
/// whole (`if (tid < s)` with s < 32 leaves all but one warp out). Warp
/// executions as in DivergenceResult (blocks, warps, the evaluated
/// iterations of the loops). 1 with no guard and no thread-dependent loop.
/// A guard that cannot be evaluated counts as passed (an upper bound).
/// std::nullopt with \p Why when the scope's loops or parameters cannot be
/// evaluated or \p Budget (lane evaluations, decremented) runs out.
/// A loop whose trip count depends on the thread: the mean over its warp
/// executions (as warpExecutionShare's) of the largest trip count among the
/// lanes that reach it, what a warp runs (its lanes that finish early wait,
/// masked, for the longest), and the same for thread 0 of block 0's warp
/// \p LaneMean receives the mean over the reaching lanes (what a thread
/// runs on average). \p Outer: the ids of the enclosing loops, outermost
/// first. std::nullopt with \p Why when the trip count or the
/// scope cannot be evaluated.
std::optional<double> warpLongestTrips(const KernelFacts &K,
                                       const LaunchConfig &L,
                                       const LoopFacts &Loop,
                                       const std::vector<unsigned> &Outer,
                                       const DivergenceOptions &O,
                                       uint64_t &Budget, double &LaneMean,
                                       std::string &Why);

std::optional<double> warpExecutionShare(const KernelFacts &K,
                                         const LaunchConfig &L,
                                         const std::vector<unsigned> &Loops,
                                         const std::vector<GuardRef> &Guards,
                                         const DivergenceOptions &O,
                                         uint64_t &Budget, std::string &Why);

} // namespace warplint

#endif
