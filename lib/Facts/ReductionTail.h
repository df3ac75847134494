//===- ReductionTail.h - What a parallel reduction adds to a port -*- C++ -*-===//
//
// `warplint --port` (docs/port.md, "Reductions"): a loop whose only
// carried value is a sum into a scalar (`s += a[i] * b[i]`) runs on a GPU
// as a parallel reduction. Each thread computes its iterations' terms into
// a private partial sum (the loop mapped to threads as any other); then
// the warp adds its 32 partial sums with log2(32) = 5 shuffles
// (__shfl_down_sync, compute capability 3.0 on), and lane 0 of each warp
// adds the warp's sum to the result with one atomicAdd. That is the common
// hand-written reduction (one atomic per warp); a block-wide tree in
// shared memory would spend fewer atomics and more barriers.
//
// appendSumReductionTail adds those operations to the kernel's facts, after
// the mapped loops, so every model counts them.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FACTS_REDUCTIONTAIL_H
#define WARPLINT_FACTS_REDUCTIONTAIL_H

#include "Facts/KernelFacts.h"

#include <string>
#include <vector>

namespace warplint {

/// The sum into \p Var (\p Bytes wide, floating point when \p Floating),
/// combined per warp: 5 shuffles (two per step for 8 bytes) and adds for
/// every thread, then, under `lane == 0`, one atomic add to \p Var at
/// \p Loc (its result unused: a RED, recorded as a one-lane store, not an
/// atomic the warp waits for). Returns the assumptions to state.
std::vector<std::string> appendSumReductionTail(KernelFacts &K,
                                                const std::string &Var,
                                                unsigned Bytes, bool Floating,
                                                const SourceLoc &Loc);

} // namespace warplint

#endif
