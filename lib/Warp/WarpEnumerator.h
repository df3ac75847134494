//===- WarpEnumerator.h - What each warp asks of memory ---------*- C++ -*-===//
//
// Turns one access of the kernel facts, under one launch configuration, into
// the distinct warp requests it makes: each lane's byte address and whether
// the lane is active, for warps formed from the linear thread id as CUDA
// forms them (x fastest; a warp may span several rows when blockDim.x < 32;
// the last warp of a block may be partial).
//
// The cost grows with the number of distinct patterns, never with the grid
// or the arrays: a few representative blocks are enumerated, and in loops a
// few iterations of each enclosing loop (an affine loop repeats its pattern
// with a shift, so its alignment classes repeat too).
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_WARP_WARPENUMERATOR_H
#define WARPLINT_WARP_WARPENUMERATOR_H

#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Warp/MemoryModels.h"
#include "Symbolic/Assumptions.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct EnumerationOptions {
  /// What the user asserts about unknowns (annotations, options). An
  /// equality wins over a launch-site argument.
  std::map<std::string, sym::Assumption> Assumptions;
  /// 0: each free unknown takes the admitted value nearest the default; 1:
  /// another admitted value, to see whether a result depends on it.
  unsigned Variant = 0;
  /// The value used for a scalar parameter nobody gave a value; always
  /// stated as an assumption.
  int64_t DefaultParamValue = 4096;
  unsigned MaxBlocksX = 4, MaxBlocksY = 2;
  /// Iterations tried of a loop whose effect on the address is not a
  /// fixed shift; an affine loop gets one per 256-byte alignment class
  /// (256 / gcd(shift, 256)), at most MaxAlignmentClasses.
  unsigned MaxIterationsPerLoop = 8;
  unsigned MaxAlignmentClasses = 64;
  unsigned MaxIterationTuples = 64;
  /// When non-empty: enumerate exactly these blocks (x, y, z) instead of
  /// the representative ones, keep every warp's request (no merging of
  /// equal patterns, absolute addresses) and only the first iteration of
  /// each loop: what the blocks ask for at the same moment (channel skew,
  /// CuMAPz Sec. 5.4).
  std::vector<std::array<int64_t, 3>> ExplicitBlocks;
  /// Loop symbols (LoopFacts::IterSymbol) that take exactly the value given
  /// here instead of being enumerated: one iteration of a trace
  /// (Model/ExtensionInputs.h).
  std::map<std::string, int64_t> LoopValues;
};

struct WarpSample {
  WarpRequest Req;
  unsigned Warp = 0; ///< the warp's index within its block
  std::array<int64_t, 3> BlockIdx{{0, 0, 0}};
  std::map<std::string, int64_t> Iterations; ///< loop symbols' values
  unsigned Weight = 1; ///< enumerated warps with this same pattern
};

struct AccessEnumeration {
  /// The distinct requests, most frequent first.
  std::vector<WarpSample> Samples;
  /// What was assumed to get them, one sentence each.
  std::vector<std::string> Assumptions;
  /// Non-empty when no request could be enumerated, with the reason (the
  /// index depends on a value that differs between lanes and is unknown).
  std::string Unanalysable;
  unsigned WarpsEnumerated = 0;
  /// Unknowns that took a chosen value (not given, not at the launch), with
  /// the value.
  std::map<std::string, int64_t> Chosen;
  /// A branch around the access has a condition on values not known here
  /// (loaded data, a call's result): every lane was taken to pass it.
  bool UnknownGuard = false;
  /// A value the address adds that is not known (the same for the whole
  /// warp) was taken as 0: where the requests fall against sector and line
  /// boundaries is then not known.
  bool UnknownOffset = false;
  /// The branches around the access (BranchFacts::Id) whose required
  /// outcome no enumerated lane met: what made the access unreachable.
  std::vector<unsigned> UnmetGuards;
};

/// The values a loop's symbol takes in the enumeration: iteration numbers
/// 0, 1, ... for an affine loop (or one without an update expression), at
/// most \p Max and no more than its trip count when that evaluates; the
/// induction variable's successive values for a non-affine one (run from
/// its start while the comparison with its bound holds, at most \p Max).
/// std::nullopt, with \p Why, when its start or bound does not evaluate
/// with \p Fixed.
std::optional<std::vector<int64_t>>
loopSymbolValues(const LoopFacts &L, const std::map<std::string, int64_t> &Fixed,
                 unsigned Max, std::string &Why);

/// The trip count of a loop with no closed form (a geometric one: `for (s =
/// blockDim.x / 2; s > 0; s >>= 1)`, `for (s = 1; s < blockDim.x; s *= 2)`)
/// once the launch fixes its start and bound: its update stepped on plain
/// numbers, at most 4096 times. Uses \p L's block and grid sizes and
/// arguments, and \p Known for other symbols. std::nullopt when the loop
/// has no update expression, when a value it needs is not known (said in
/// \p Why), or when it runs longer than 4096 steps.
std::optional<int64_t> steppedTripCount(const LoopFacts &Lp, const LaunchConfig &L,
                                        const std::map<std::string, int64_t> &Known,
                                        std::string &Why);

AccessEnumeration enumerateAccess(const KernelFacts &K, const AccessFacts &A,
                                  const LaunchConfig &L,
                                  const EnumerationOptions &O = {});

} // namespace warplint

#endif
