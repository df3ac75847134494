//===- Vectorize.h - Several consecutive elements per thread ----*- C++ -*-===//
//
// The explorer's vector-width variant (docs/explore.md): every thread moves
// V consecutive elements (float2/float4, double2) with one V-wide access
// instead of one, and the grid has V times fewer columns of threads.
//
// It applies where it is a mechanical rewrite: every global access is
// indexed by the thread's x position (blockIdx.x * blockDim.x +
// threadIdx.x, coefficient 1) plus terms whose coefficients and constant
// are multiples of V (so every vector is aligned to its size: row pitches
// and offsets divisible by V), with 4- or 8-byte elements and at most 16
// bytes per vector; the kernel has no shared memory and no atomics; the
// grid's x extent is a multiple of V. Branch conditions on the x position
// are rewritten the same way (a bound n becomes n / V, rounded down).
// Arithmetic on floating-point values is counted V times per thread.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_VECTORIZE_H
#define WARPLINT_COST_VECTORIZE_H

#include "Cost/Variants.h"

#include <map>
#include <optional>
#include <string>

namespace warplint {

/// The kernel with \p Width consecutive elements per thread, or
/// std::nullopt with \p WhyNot.
std::optional<KernelVariant> vectorize(const KernelFacts &K, const LaunchConfig &L,
                                       unsigned Width, std::string &WhyNot);

/// Values of scalar parameters that the launch does not give, as the
/// estimate assumes them (the enumerator's choice; docs/explore.md).
using AssumedValues = std::map<std::string, int64_t>;

/// \p E with the launch's known values (blockDim, the scalar arguments)
/// substituted, and the assumed ones of \p Assumed.
sym::Expr withLaunchValues(const sym::Expr &E, const LaunchConfig &L,
                           const AssumedValues *Assumed = nullptr);

} // namespace warplint

#endif
