//===- CompiledShape.h - Loops and addresses as the compiler leaves them -*- C++ -*-===//
//
// What nvcc does to a kernel's loops and address arithmetic, for counting
// instructions as the compiler would (docs/models/instruction-counts.md,
// "As the compiler leaves them"):
//  - a loop with a constant trip count is fully unrolled under `#pragma
//    unroll`, or without a pragma up to FullUnrollTrips iterations (nvcc
//    13.0 unrolls the 32-iteration loops of validation/matmul/bpg_v100.cu
//    completely); its integer index arithmetic folds into constants or is
//    hoisted, its compare, increment and branch disappear;
//  - without a pragma, a longer constant loop is fully unrolled when its
//    iterations and its iterations times its body's operations are at most
//    FullUnrollMaxTrips, else partly: by the largest power of two that
//    divides the trip count and keeps the unrolled body within
//    UnrollBodyBudget operations. Seen in nvcc 13.0's PTX (-arch=sm_90) of
//    `for (k = 0; k < T; ++k)` loops: a 1-FMA body fully unrolled at T =
//    48, 64 and 100, unrolled 64 times at T = 256 and 8 times at T = 1000;
//    a 4-FMA body 16 times at T = 256 and 8 times at T = 1000; a 16-FMA
//    body 4 times at T = 256 and at T = 100; a load-and-add body fully at
//    T = 64 and 16 times at T = 256;
//  - `#pragma unroll N` runs the loop's compare, increment and branch once
//    per N iterations; `#pragma unroll 1` keeps the loop;
//  - address arithmetic in a loop that is not unrolled is strength-reduced:
//    one add per iteration for a subscript that changes with the loop, none
//    for one that does not.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_COMPILEDSHAPE_H
#define WARPLINT_COST_COMPILEDSHAPE_H

#include "Cost/InstructionCounts.h"
#include "Facts/KernelFacts.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace warplint {

/// Loops with a constant trip count up to this many iterations are taken as
/// fully unrolled when no pragma says otherwise.
constexpr int64_t FullUnrollTrips = 32;
/// Without a pragma, longer constant loops with at most this many
/// iterations, and iterations times body operations, are fully unrolled.
constexpr int64_t FullUnrollMaxTrips = 128;
/// The operations an implicitly unrolled body holds at most.
constexpr int64_t UnrollBodyBudget = 64;

class CompiledShape {
public:
  explicit CompiledShape(const KernelFacts &K);

  /// Instructions of one execution of \p Op as the compiler leaves them
  /// under \p M (0 when folded away). \p Why as instructionsFor's.
  double opInstructions(const OpFacts &Op, const InstructionMapping &M,
                        std::string *Why = nullptr);
  /// The back-edge branch of loop \p LoopId per iteration (0 unrolled).
  double loopBranch(unsigned LoopId, const InstructionMapping &M) const;
  bool unrolled(unsigned LoopId) const { return Unrolled.count(LoopId) > 0; }

  /// One sentence per rule that changed a count, for the notes.
  std::vector<std::string> notes() const;

private:
  const KernelFacts &K;
  std::set<unsigned> Unrolled;
  std::map<unsigned, unsigned> Partial;
  bool Pragmas = false, Implicit = false;
  bool Folded = false, StrengthReduced = false;

  bool inUnrolled(const std::vector<unsigned> &Loops) const;
  /// Source operations and accesses of the loop's own body.
  int64_t bodyOps(const LoopFacts &Lp) const;
  double controlShare(unsigned LoopId) const;
  std::optional<double> addressCost(const OpFacts &Op) const;
};

} // namespace warplint

#endif
