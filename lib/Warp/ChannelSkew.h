//===- ChannelSkew.h - Partition camping (CuMAPz eq. 4, 5) ------*- C++ -*-===//
//
// Which memory channel (partition) the blocks that run first ask for, for
// each global-memory reference of a kernel, and how skewed that is.
//
// Kim & Shrivastava, CuMAPz (ACM TECS), Sec. 5.4: successive channel-width
// regions of global memory map to successive channels; the blocks launched
// first run concurrently, so the first
//   n_blk_to_check = n_channels * MIN(max_blks, channel_width /
//                                     (bDim.X * elem_size))        (eq. 4)
// blocks are examined, and
//   ch_skew = max_n_block_per_ch / MAX(1, min_n_block_per_ch)       (eq. 5)
// over the channels they use, n_channels when they all use one channel.
//
// Only meaningful where addresses map linearly to partitions (compute
// capability 1.x); from 2.0 on NVIDIA hashes addresses over partitions
// (Ruetsch & Micikevicius, "Optimizing Matrix Transpose in CUDA", 2009).
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_WARP_CHANNELSKEW_H
#define WARPLINT_WARP_CHANNELSKEW_H

#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Warp/WarpEnumerator.h"
#include "Symbolic/Expr.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct ChannelParams {
  unsigned Channels = 8;     ///< n_channels
  unsigned WidthBytes = 256; ///< channel_width
};

/// One global reference's channel histogram over the blocks checked.
struct ReferenceSkew {
  /// Valid while the facts analysed live; Text and Loc stay.
  const AccessFacts *Access = nullptr;
  std::string Text;
  SourceLoc Loc;
  /// Blocks that touch each channel (a block whose warps touch two channels
  /// counts for both).
  std::vector<unsigned> BlocksPerChannel;
  unsigned MaxBlocks = 0;        ///< max_n_block_per_ch
  unsigned MinNonzeroBlocks = 0; ///< min_n_block_per_ch (nonzero)
  unsigned ChannelsUsed = 0;
  double Skew = 1; ///< eq. 5
  /// The busiest channel's blocks over the mean per channel (all channels,
  /// used or not): how much longer the busiest channel takes than an even
  /// spread would. 1 when even; n_channels when every block uses one.
  double Imbalance = 1;
  /// Channel of each checked block's first active lane (for notes), in
  /// launch order.
  std::vector<int> FirstChannelOfBlock;
  std::string Unanalysable; ///< why there is no histogram, when empty
};

struct ChannelSkewResult {
  /// False when the analysis does not apply; Skipped says why (fewer blocks
  /// than n_blk_to_check, no global reference).
  bool Analysed = false;
  std::string Skipped;
  ChannelParams Params;
  unsigned MaxBlocksPerSm = 0; ///< max_blks
  unsigned ElemSize = 0;       ///< the largest global element size
  unsigned BlocksToCheck = 0;  ///< eq. 4
  /// The blocks checked, in launch order (x fastest, then y, then z).
  std::vector<std::array<int64_t, 3>> Blocks;
  std::vector<ReferenceSkew> Refs;
  /// The kernel's ch_skew: the largest of its references' (the camped
  /// reference holds the sweep back).
  double Skew = 1;
  const AccessFacts *Worst = nullptr;
  std::string WorstText; ///< the worst reference as written
  std::vector<std::string> Assumptions;
};

/// eq. 4, rounded up and at least 1 (a block wider than a channel spans
/// several).
unsigned blocksToCheck(const ChannelParams &P, unsigned MaxBlocksPerSm,
                       int64_t BlockDimX, unsigned ElemSize);

/// eq. 5 over a histogram: n_channels when only one channel is used.
double channelSkew(const std::vector<unsigned> &BlocksPerChannel,
                   unsigned MaxOut, unsigned MinNonzeroOut, unsigned Used);

/// Blocks per SM for eq. 4's max_blks: the thread, warp and block limits
/// of the compute capability (registers and shared memory are left out
/// here; the occupancy model refines this).
struct GpuModel;
unsigned campingBlocksPerSm(const GpuModel &G, const LaunchConfig &L);

/// \p ConcurrentBlocks, when not 0, replaces eq. 4's n_blk_to_check: the
/// blocks taken to run together (warplint's model: one round of the whole
/// GPU, SMs x resident blocks per SM).
ChannelSkewResult analyzeChannelSkew(const KernelFacts &K,
                                     const LaunchConfig &L,
                                     const ChannelParams &P,
                                     unsigned MaxBlocksPerSm,
                                     const EnumerationOptions &O = {},
                                     unsigned ConcurrentBlocks = 0);

/// The facts rewritten as diagonal block reordering would make them
/// (CuMAPz Sec. 6.1 after Ruetsch & Micikevicius): every blockIdx.x / .y
/// replaced. Square grids: blockIdx_x = (blockIdx.x + blockIdx.y) %
/// gridDim.x, blockIdx_y = blockIdx.x. Rectangular grids: bid = blockIdx.x
/// + gridDim.x * blockIdx.y; blockIdx_y = bid % gridDim.y; blockIdx_x =
/// (bid / gridDim.y + blockIdx_y) % gridDim.x.
enum class DiagonalMapping { Square, General };
KernelFacts diagonalReordering(const KernelFacts &K, DiagonalMapping M);
/// The declarations the fix inserts, one per line, in the given mapping.
std::vector<std::string> diagonalDeclarations(DiagonalMapping M);

} // namespace warplint

#endif
