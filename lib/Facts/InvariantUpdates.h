//===- InvariantUpdates.h - Loop-invariant updates as a compiler keeps them -*- C++ -*-===//
//
// `warplint --port` (docs/port.md, "Accumulators"): a sequential C loop
// nest often accumulates into one array element inside a loop,
//
//   for (k = 0; k < N; k++)
//     C[i][j] += A[i][k] * B[k][j];
//
// The source reads and writes C[i][j] in every iteration, but the address
// does not change with k, and a compiler does not leave both accesses in
// the loop:
//  - MayAlias (the arrays of a direct CUDA port are plain pointers, as in
//    PolyBench/GPU): nvcc forwards each iteration's load from the previous
//    iteration's store (no other store in the loop can change the element),
//    so the load leaves the loop and the store stays in it. Seen in nvcc
//    13.0's PTX of such a kernel: per iteration two loads (A, B) and one
//    store (C), one load of C before the loop.
//  - Restrict (the port's pointers are `__restrict__`, or the arrays are
//    known not to overlap, as distinct C arrays are): the element lives in
//    a register, loaded before the loop and stored after it: per iteration
//    only A and B. Seen in nvcc's PTX with `__restrict__`; it is also the
//    count CGPredict's trace gives (Sec. 4.4.1: SYRK at 1024, 2048 memory
//    instructions per thread, two per iteration of its k loop).
//
// keepInvariantUpdates rewrites the facts of the ported kernel that way;
// each change is said in the returned notes. The CUDA path does not use it
// (a CUDA kernel's accesses are counted as written).
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FACTS_INVARIANTUPDATES_H
#define WARPLINT_FACTS_INVARIANTUPDATES_H

#include "Facts/KernelFacts.h"

#include <string>
#include <vector>

namespace warplint {

enum class PortAliasing {
  MayAlias, ///< plain pointers: loads forwarded, stores stay in the loop
  Restrict, ///< arrays do not overlap: the element is kept in a register
};

/// Rewrites \p K's global accesses whose element does not change with the
/// innermost loop around them (and is not known only through a value read
/// at run time), under \p A's rule (see above):
///  - MayAlias: a read of element E directly in loop L, not under a branch
///    inside L, moves out of L when every write under L writes E (same
///    array, same index). A read-modify-write access becomes a write in L
///    and a read outside it. Repeated outward while the rule holds.
///  - Restrict: every access to an array under L moves out of L when they
///    all are directly in L, not under a branch inside L, and at one index
///    that does not change with L. Repeated outward.
/// Returns one note per access moved ("'C[i][j]' (line 12): ..."), empty
/// when nothing changed.
std::vector<std::string> keepInvariantUpdates(KernelFacts &K, PortAliasing A);

} // namespace warplint

#endif
