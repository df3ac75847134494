//===- Variants.h - Other ways to write a kernel -----------------*- C++ -*-===//
//
// CuMAPz's design-space exploration (Sec. 6) on warplint's facts: variants
// of a kernel made by changing its facts, not its text, each of which the
// estimators can price. Pure: no Clang header. docs/explore.md.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_VARIANTS_H
#define WARPLINT_COST_VARIANTS_H

#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Warp/Analyses.h"

#include <string>
#include <vector>

namespace warplint {

struct KernelVariant {
  std::string Name;   ///< "block 16x16", "pad tile", ...
  std::string Change; ///< what to write differently, for people
  KernelFacts K;
  LaunchConfig L;
};

/// The kernel as written (first), then:
///  - other block shapes covering the same threads, as many as the GPU
///    admits per block, when the kernel indexes through blockDim and has no
///    statically sized shared buffer (a hard-coded tile would change what
///    it computes);
///  - each two-dimensional shared buffer padded by one element in its
///    innermost dimension, when every access indexes every dimension;
///  - diagonal block order, where memory partitions are not hashed (1.x)
///    and the grid has rows;
///  - threadIdx.x and threadIdx.y exchanged, with the block's extents.
std::vector<KernelVariant> kernelVariants(const KernelFacts &K,
                                          const LaunchConfig &L0,
                                          const GpuModel &Gpu);

} // namespace warplint

#endif
