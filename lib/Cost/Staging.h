//===- Staging.h - Global buffers staged through shared memory --*- C++ -*-===//
//
// Two rewrites of a kernel's facts that put a shared tile between the
// threads and global memory, for the explorer (docs/explore.md):
//
//  - stageReads: CuMAPz's data fetch (Sec. 3-5, Fig. 1-2). A read-only
//    global buffer read through several references that differ by
//    constants (a stencil's neighbours): one reference is loaded once per
//    thread into a block-shaped shared buffer, then a barrier, and every
//    other reference reads the shared buffer where its element was loaded
//    by a thread of the same block, global memory otherwise (the halo,
//    under a branch on threadIdx). The buffer's layout: row-wise
//    (s[threadIdx.y][threadIdx.x]), column-wise (s[threadIdx.x]
//    [threadIdx.y]) or column-wise padded by one element.
//  - stageStore: the transpose tile (Ruetsch & Micikevicius). A global
//    store whose lanes are strided (threadIdx.x's coefficient is not 1)
//    but whose threadIdx.y and loop terms walk consecutive elements: each
//    thread writes its value into tile[u][threadIdx.x], a barrier, then
//    the block writes the same elements with the roles exchanged, reading
//    tile[threadIdx.x][u], so that threadIdx.x walks consecutive
//    addresses. The tile is unpadded; the explorer's padding variant
//    applies to it as to any shared buffer.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_STAGING_H
#define WARPLINT_COST_STAGING_H

#include "Cost/Variants.h"
#include "Cost/Vectorize.h"

#include <optional>
#include <string>

namespace warplint {

enum class TileLayout { Row, Column, PaddedColumn };

/// Reference \p Fetch (its position among the buffer's reads, in access
/// order) of global buffer \p Buffer staged in a shared buffer of layout
/// \p Layout. std::nullopt with \p WhyNot when the rewrite does not apply.
/// \p Assumed: values of scalar parameters the launch does not give, as the
/// estimate assumes them; a variant that relies on one says so.
std::optional<KernelVariant> stageReads(const KernelFacts &K, const LaunchConfig &L,
                                        const std::string &Buffer, unsigned Fetch,
                                        TileLayout Layout, std::string &WhyNot,
                                        const AssumedValues *Assumed = nullptr);

/// Global store number \p Access (an index into K.Accesses) staged through
/// a tile. std::nullopt with \p WhyNot when the rewrite does not apply.
std::optional<KernelVariant> stageStore(const KernelFacts &K, const LaunchConfig &L,
                                        unsigned Access, std::string &WhyNot,
                                        const AssumedValues *Assumed = nullptr);

/// Every staging the kernel admits: each read-only buffer with two or more
/// references, each reference fetched, in each layout; each strided store.
std::vector<KernelVariant> stagingVariants(const KernelFacts &K,
                                           const LaunchConfig &L,
                                           const AssumedValues *Assumed = nullptr);

} // namespace warplint

#endif
