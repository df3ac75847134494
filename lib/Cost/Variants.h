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

#include <map>
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
///  - threadIdx.x and threadIdx.y exchanged, with the block's extents;
///  - two or four elements per thread as one vector access (Vectorize.h);
///  - global buffers staged through shared memory (Staging.h);
///  - where \p ReadOnlyCacheBytes says the GPU has a read-only path that
///    plain loads do not take (3.5-6.x), each pointer parameter the kernel
///    only reads declared `const __restrict__`, and all of them together.
std::vector<KernelVariant> kernelVariants(const KernelFacts &K,
                                          const LaunchConfig &L0,
                                          const GpuModel &Gpu,
                                          unsigned ReadOnlyCacheBytes = 0,
                                          const std::map<std::string, int64_t>
                                              *Assumed = nullptr);

} // namespace warplint

#endif
