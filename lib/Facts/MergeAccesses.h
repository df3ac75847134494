//===- MergeAccesses.h - Field accesses nvcc emits as one vector access -*- C++ -*-===//
//
// `p[i].x + p[i].y` on a float2 is one `ld.global.v2.f32` in nvcc's PTX, the
// four bytes of a uchar4 one `ld.global.v4.u8`: nvcc merges accesses to the
// fields of one aligned element into one vector access, when the element's
// alignment allows a vector of the width the fields span. An array of
// structs aligned to 4 bytes (struct { float x, y, z; }) is read field by
// field. This pass groups the field accesses the compiler merges, so that
// the analyses see the requests the GPU sees. The rule, checked against
// `nvcc --ptx` (CUDA 13, sm_80), is in docs/checks/uncoalesced-access.md,
// "Vector accesses".
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FACTS_MERGEACCESSES_H
#define WARPLINT_FACTS_MERGEACCESSES_H

#include "Facts/KernelFacts.h"

namespace warplint {

/// Merges, in \p K's accesses, the groups of field accesses nvcc emits as
/// one vector access. Two accesses belong to one group when they are both
/// loads or both stores (not atomic), in the same memory space, based on
/// the same buffer, under the same loops, guards and calls, and address
/// the same element (their byte offsets differ by the difference of their
/// field offsets). Merging hoists later loads to the first and sinks
/// earlier stores to the last, so an access in between that writes a later
/// load's bytes (or touches an earlier store's), or that may alias, ends
/// the group. Loads: the fields' narrowest naturally aligned window of 2,
/// 4, 8 or 16 bytes no wider than the element's alignment (UsedBytes the
/// bytes the fields cover). Stores: the widest aligned windows the fields
/// fill exactly. MergedFrom holds the fields' texts; indices in ValueFrom
/// are updated. Returns the number of accesses removed.
unsigned mergeVectorAccesses(KernelFacts &K);

/// Whether two accesses run in the same context: the same loops, guards
/// and call chain (the call sites' positions).
bool sameAccessContext(const AccessFacts &A, const AccessFacts &B);

} // namespace warplint

#endif
