//===- ChannelSkewTest.cpp - CuMAPz eq. 4 and 5 on hand-computed cases ----===//
#include "Warp/ChannelSkew.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

const Expr Tx = threadIdx('x'), Ty = threadIdx('y');
const Expr Bx = blockIdx('x'), By = blockIdx('y');

AccessFacts global(Expr Index, bool Write) {
  AccessFacts A;
  A.Space = MemorySpace::Global;
  A.Base = Write ? "out" : "in";
  A.IsRead = !Write;
  A.IsWrite = Write;
  A.ElementSize = 4;
  A.Index = Index;
  A.ByteOffset = Index * Expr(4);
  A.Text = Write ? "out[...]" : "in[...]";
  return A;
}

LaunchConfig launch(std::array<int64_t, 3> Grid, std::array<int64_t, 3> Block) {
  LaunchConfig L;
  L.Grid = Grid;
  L.Block = Block;
  return L;
}

// Tesla C1060: 8 channels of 256 bytes (CuMAPz Sec. 5.4).
const ChannelParams C1060{8, 256};

TEST(ChannelSkewTest, BlocksToCheckIsEquationFour) {
  // 8 * MIN(4, 256 / (32 * 4) = 2) = 16.
  EXPECT_EQ(blocksToCheck(C1060, 4, 32, 4), 16u);
  // 8 * MIN(3, 256 / (16 * 4) = 4) = 24.
  EXPECT_EQ(blocksToCheck(C1060, 3, 16, 4), 24u);
  // A 128-wide block spans two channels: 8 * 0.5 = 4.
  EXPECT_EQ(blocksToCheck(C1060, 8, 128, 4), 4u);
}

TEST(ChannelSkewTest, EquationFiveAndTheOneChannelCase) {
  EXPECT_DOUBLE_EQ(channelSkew({2, 2, 2, 2, 2, 2, 2, 2}, 2, 2, 8), 1.0);
  EXPECT_DOUBLE_EQ(channelSkew({3, 1, 0, 0, 0, 0, 0, 0}, 3, 1, 2), 3.0);
  // All blocks on one channel: n_channels.
  EXPECT_DOUBLE_EQ(channelSkew({16, 0, 0, 0, 0, 0, 0, 0}, 16, 16, 1), 8.0);
}

// The coalesced transpose of Ruetsch & Micikevicius on a 2048 x 2048 float
// matrix, 32 x 8 blocks, grid 64 x 64; the first 16 blocks are (0..15, 0).
//   read  in[(by*32 + ty)*2048 + bx*32 + tx]: byte (by*32+ty)*8192 +
//         bx*128 + 4*tx; 8192 is a multiple of 8*256, so the channel is
//         floor(bx*128 / 256) % 8 = bx/2: two blocks on each channel.
//   write out[(bx*32 + ty)*2048 + by*32 + tx]: byte (bx*32+ty)*8192 +
//         4*tx < 128: every block on channel 0.
KernelFacts transposeFacts() {
  KernelFacts K;
  K.Name = "transposeCoalesced";
  K.Accesses.push_back(global((By * 32 + Ty) * 2048 + Bx * 32 + Tx, false));
  K.Accesses.push_back(global((Bx * 32 + Ty) * 2048 + By * 32 + Tx, true));
  return K;
}

TEST(ChannelSkewTest, CoalescedTransposeCampsOnTheWrite) {
  KernelFacts K = transposeFacts();
  auto R = analyzeChannelSkew(K, launch({64, 64, 1}, {32, 8, 1}), C1060, 4);
  ASSERT_TRUE(R.Analysed) << R.Skipped;
  EXPECT_EQ(R.BlocksToCheck, 16u);
  ASSERT_EQ(R.Refs.size(), 2u);
  EXPECT_EQ(R.Refs[0].BlocksPerChannel,
            (std::vector<unsigned>{2, 2, 2, 2, 2, 2, 2, 2}));
  EXPECT_DOUBLE_EQ(R.Refs[0].Skew, 1.0);
  EXPECT_EQ(R.Refs[1].ChannelsUsed, 1u);
  EXPECT_EQ(R.Refs[1].BlocksPerChannel[0], 16u);
  EXPECT_DOUBLE_EQ(R.Refs[1].Skew, 8.0);
  EXPECT_DOUBLE_EQ(R.Skew, 8.0);
  EXPECT_EQ(R.Worst, &K.Accesses[1]);
}

TEST(ChannelSkewTest, DiagonalReorderingSpreadsTheTranspose) {
  // blockIdx_x = (bx + by) % 64 = bx and blockIdx_y = bx for by = 0: the
  // write's byte is (bx*32+ty)*8192 + bx*128 + 4*tx, channel bx/2.
  KernelFacts D = diagonalReordering(transposeFacts(), DiagonalMapping::Square);
  auto R = analyzeChannelSkew(D, launch({64, 64, 1}, {32, 8, 1}), C1060, 4);
  ASSERT_TRUE(R.Analysed);
  EXPECT_EQ(R.Refs[1].BlocksPerChannel,
            (std::vector<unsigned>{2, 2, 2, 2, 2, 2, 2, 2}));
  EXPECT_DOUBLE_EQ(R.Skew, 1.0);
}

TEST(ChannelSkewTest, DiagonalReorderingCanMakeItWorse) {
  // Rows of 480 floats, 15 blocks of 32 per row, one row per blockIdx.y:
  // grid 15 x 480. byte = by*1920 + bx*128 + 4*tx.
  // In launch order block b is (b % 15, b / 15): b = 0..14 on channels
  // bx/2 = 0,0,1,1,...,6,6,7 and b = 15 at byte 1920, channel 7: two
  // blocks on every channel, skew 1.
  // The general mapping: bid = b, blockIdx_y = b % 480 = b, blockIdx_x =
  // (b / 480 + b) % 15 = b % 15, so byte = b*1920 + (b % 15)*128, which is
  // b*2048 for b < 15 and 28800 (channel 112 % 8 = 0) for b = 15: all on
  // channel 0, skew 8.
  KernelFacts K;
  K.Accesses.push_back(global(By * 480 + Bx * 32 + Tx, true));
  LaunchConfig L = launch({15, 480, 1}, {32, 1, 1});
  auto Before = analyzeChannelSkew(K, L, C1060, 8);
  ASSERT_TRUE(Before.Analysed);
  EXPECT_DOUBLE_EQ(Before.Skew, 1.0);
  auto After = analyzeChannelSkew(
      diagonalReordering(K, DiagonalMapping::General), L, C1060, 8);
  ASSERT_TRUE(After.Analysed);
  EXPECT_EQ(After.Refs[0].ChannelsUsed, 1u);
  EXPECT_DOUBLE_EQ(After.Skew, 8.0);
}

TEST(ChannelSkewTest, TooFewBlocksSkipsTheAnalysis) {
  KernelFacts K = transposeFacts();
  auto R = analyzeChannelSkew(K, launch({4, 2, 1}, {32, 8, 1}), C1060, 4);
  EXPECT_FALSE(R.Analysed);
  EXPECT_NE(R.Skipped.find("8 blocks"), std::string::npos) << R.Skipped;
}

} // namespace

TEST(ChannelSkewTest, OneRoundOfTheGpuAndTheBusiestChannelOverTheMean) {
  // CuMAPz's stencil (noShared, 16x16 blocks, rows 64 KiB apart): a block
  // reads 64 bytes of each of its rows, all on one channel; block bx is on
  // channel bx / 4. Eq. 4's 16 blocks cover channels 0-3 only, 4 blocks
  // each: eq. 5 says 1, the busiest channel over the mean of all 8 says 2.
  KernelFacts K;
  K.Accesses.push_back(global((By * Expr(16) + Ty) * Expr(16384) + Bx * Expr(16) + Tx,
                              false));
  LaunchConfig L = launch({1024, 1024, 1}, {16, 16, 1});
  auto Eq4 = analyzeChannelSkew(K, L, C1060, 2);
  ASSERT_TRUE(Eq4.Analysed) << Eq4.Skipped;
  EXPECT_EQ(Eq4.BlocksToCheck, 16u);
  EXPECT_EQ(Eq4.Refs[0].BlocksPerChannel,
            (std::vector<unsigned>{4, 4, 4, 4, 0, 0, 0, 0}));
  EXPECT_DOUBLE_EQ(Eq4.Refs[0].Skew, 1.0);
  EXPECT_DOUBLE_EQ(Eq4.Refs[0].Imbalance, 2.0);
  // One round of a Tesla C1060: 30 SMs x 2 blocks = 60 blocks, channels
  // 0-6 with 8 blocks and channel 7 with 4 (blocks 56-59): 8 / (60 / 8).
  auto Round = analyzeChannelSkew(K, L, C1060, 2, {}, 60);
  ASSERT_TRUE(Round.Analysed) << Round.Skipped;
  EXPECT_EQ(Round.BlocksToCheck, 60u);
  EXPECT_EQ(Round.Refs[0].BlocksPerChannel,
            (std::vector<unsigned>{8, 8, 8, 8, 8, 8, 8, 4}));
  EXPECT_DOUBLE_EQ(Round.Refs[0].Imbalance, 8.0 / 7.5);
  // The transpose's camped write: every block on channel 0, 8 times the
  // even spread.
  KernelFacts T;
  T.Accesses.push_back(global((Bx * Expr(32) + Tx) * Expr(2048) + By * Expr(32) + Ty,
                              true));
  auto Camped = analyzeChannelSkew(T, launch({64, 64, 1}, {32, 8, 1}), C1060, 2, {}, 60);
  EXPECT_DOUBLE_EQ(Camped.Refs[0].Imbalance, 8.0);
}
