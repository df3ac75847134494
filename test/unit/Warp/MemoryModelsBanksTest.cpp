//===- MemoryModelsBanksTest.cpp - Shared memory bank conflicts -----------===//
//
// lib/Warp/MemoryModels' bank conflict model; coalescing is
// MemoryModelsTest.cpp. Every expected number is worked out by hand in the
// comment beside it. Notation: lane L (0..31); hw0 = lanes 0..15, hw1 =
// lanes 16..31. Floats are 4 bytes, doubles 8, float4 16.
//
//===----------------------------------------------------------------------===//
#include "Warp/MemoryModels.h"

#include <gtest/gtest.h>

#include "MemoryModelsTestHelpers.h"

using namespace warplint;

namespace {

//===----------------------------------------------------------------------===//
// Shared memory bank conflicts
//===----------------------------------------------------------------------===//

const BankModel CC13 = bankModelFor(1, 3);
const BankModel CC20 = bankModelFor(2, 0);
const BankModel CC35 = bankModelFor(3, 5);        // 4-byte mode
const BankModel CC35x8 = bankModelFor(3, 5, true); // 8-byte mode
const BankModel CC70 = bankModelFor(7, 0);

void checkBanks(const WarpRequest &R, const BankModel &M, unsigned Ways,
                unsigned Phases, unsigned Wavefronts) {
  BankConflictResult B = analyzeBankConflicts(R, M);
  EXPECT_EQ(B.Ways, Ways);
  EXPECT_EQ(B.Phases, Phases);
  EXPECT_EQ(B.Wavefronts, Wavefronts);
}

TEST(MemoryModelsBanks, ModelsPerComputeCapability) {
  EXPECT_EQ(CC13.Banks, 16u);
  EXPECT_EQ(CC13.BankWidth, 4u);
  EXPECT_TRUE(CC13.HalfWarp);
  EXPECT_EQ(CC20.Banks, 32u);
  EXPECT_EQ(CC20.BankWidth, 4u);
  EXPECT_FALSE(CC20.HalfWarp);
  EXPECT_FALSE(CC20.KeplerWordPairs);
  EXPECT_EQ(CC35.BankWidth, 4u);
  EXPECT_TRUE(CC35.KeplerWordPairs);
  EXPECT_EQ(CC35x8.BankWidth, 8u);
  EXPECT_FALSE(CC35x8.KeplerWordPairs);
  EXPECT_EQ(CC70.Banks, 32u);
  EXPECT_EQ(CC70.BankWidth, 4u);
  EXPECT_FALSE(CC70.KeplerWordPairs);
  // The 8-byte flag only means something on 3.x.
  EXPECT_EQ(bankModelFor(5, 2, true).BankWidth, 4u);
  EXPECT_EQ(bankModelFor(1, 0, true).Banks, 16u);
}

TEST(MemoryModelsBanks, FloatUnitStride) {
  // s[tid]: word L -> bank L % 32 on 2.0: all distinct, 1 phase.
  checkBanks(strided(4, 1), CC20, 1, 1, 1);
  // 1.3: half-warp words 0..15 / 16..31 -> banks 0..15 each: 1-way, 2
  // phases, 2 wavefronts.
  checkBanks(strided(4, 1), CC13, 1, 2, 2);
  checkBanks(strided(4, 1), CC70, 1, 1, 1);
}

TEST(MemoryModelsBanks, FloatStride2) {
  // s[2*tid]: words 2L = 0..62; bank 2L % 32: lanes L and L+16 share bank
  // 2L (words 2L, 2L+32) -> 2-way on 2.0, worst bank 0.
  BankConflictResult B = analyzeBankConflicts(strided(4, 2), CC20);
  EXPECT_EQ(B.Ways, 2u);
  EXPECT_EQ(B.Wavefronts, 2u);
  EXPECT_EQ(B.WorstPhaseBank, 0u);
  // 1.3: hw0 words 0..30 even -> bank 2L % 16: L and L+8 collide -> 2-way;
  // 2 phases x 2 = 4 wavefronts.
  checkBanks(strided(4, 2), CC13, 2, 2, 4);
  // 3.x 4-byte mode: words 2L and 2L+32 lie in the same 64-word segment
  // (all words < 64) -> served together -> 1-way.
  checkBanks(strided(4, 2), CC35, 1, 1, 1);
  // 3.x 8-byte mode: address 8L -> 8-byte word L -> bank L: 1-way (one float
  // per 8-byte word, 32 distinct banks).
  checkBanks(strided(4, 2), CC35x8, 1, 1, 1);
  // 8-byte mode, unit stride: address 4L -> 8-byte word L/2: lanes 2k, 2k+1
  // share a word, 16 words in banks 0..15 -> 1-way.
  checkBanks(strided(4, 1), CC35x8, 1, 1, 1);
}

TEST(MemoryModelsBanks, FloatStride32And33) {
  // s[32*tid]: word 32L -> bank 0 for all 32 lanes, 32 distinct words.
  BankConflictResult B = analyzeBankConflicts(strided(4, 32), CC20);
  EXPECT_EQ(B.Ways, 32u);
  EXPECT_EQ(B.Phases, 1u);
  EXPECT_EQ(B.Wavefronts, 32u);
  EXPECT_EQ(B.WorstPhaseBank, 0u);
  // 1.3: per half-warp 16 words in bank 0 -> 16-way, 2 x 16 = 32.
  checkBanks(strided(4, 32), CC13, 16, 2, 32);
  // 3.x 4-byte mode: word 32L is in 64-word segment L/2 -> 16 segments in
  // bank 0 -> 16-way.
  checkBanks(strided(4, 32), CC35, 16, 1, 16);
  // 3.x 8-byte mode: address 128L -> 8-byte word 16L -> bank 0 (L even) or
  // 16 (L odd), 16 distinct words each -> 16-way.
  checkBanks(strided(4, 32), CC35x8, 16, 1, 16);
  // s[33*tid]: bank 33L % 32 = L -> 1-way; 1.3: 33L % 16 = L % 16 -> 1-way.
  checkBanks(strided(4, 33), CC20, 1, 1, 1);
  checkBanks(strided(4, 33), CC13, 1, 2, 2);
  // Only lanes 0..3 of s[32*tid] active: 4 words in bank 0 -> 4-way.
  checkBanks(strided(4, 32, 0, 4), CC20, 4, 1, 4);
}

/// float s[16][Pitch]; blockDim = (16, 16); read s[tx][ty]: lane L of warp 0
/// has tx = L % 16, ty = L / 16, address (tx * Pitch + ty) * 4.
WarpRequest columnTile(int64_t Pitch) {
  WarpRequest R;
  for (unsigned L = 0; L < 32; ++L)
    R.Lane[L] = (int64_t(L % 16) * Pitch + int64_t(L / 16)) * 4;
  return R;
}

TEST(MemoryModelsBanks, ColumnWiseTile16x16) {
  // CuMAPz Sec. 5.5: s[tx][ty] on a 16x16 float tile is 16-way on 1.3.
  // hw0 (ty=0): words 16tx -> bank 0, 16 words; hw1 (ty=1): words 16tx+1 ->
  // bank 1, 16 words. 16-way, 2 phases, 32 wavefronts.
  BankConflictResult B13 = analyzeBankConflicts(columnTile(16), CC13);
  EXPECT_EQ(B13.Ways, 16u);
  EXPECT_EQ(B13.Phases, 2u);
  EXPECT_EQ(B13.Wavefronts, 32u);
  EXPECT_EQ(B13.WorstPhaseBank, 0u);
  // 2.0: one phase holds both rows ty=0,1: word 16tx+ty, bank (16tx+ty) % 32
  // = ty (tx even) or 16+ty (tx odd). Banks 0, 16, 1, 17 each get 8 words
  // -> 8-way, 8 wavefronts.
  checkBanks(columnTile(16), CC20, 8, 1, 8);
  // Padded to s[16][17] (CuMAPz Sec. 5.5): 1.3: bank (17tx+ty) % 16 =
  // (tx+ty) % 16 -> distinct per half-warp -> 1-way.
  checkBanks(columnTile(17), CC13, 1, 2, 2);
  // 2.0 with the 17 pitch: ty=0 banks 17tx % 32 = {0,2,..,14} (tx even) and
  // {17,19,..,31} (tx odd); ty=1 adds one: {1,3,..,15} and {18,..,30, 32%32
  // = 0}. Bank 0 gets words 0 (tx=0,ty=0) and 256 (tx=15,ty=1) -> 2-way.
  BankConflictResult B20 = analyzeBankConflicts(columnTile(17), CC20);
  EXPECT_EQ(B20.Ways, 2u);
  EXPECT_EQ(B20.WorstPhaseBank, 0u);
}

TEST(MemoryModelsBanks, BroadcastOfOneWord) {
  // s[0] read by every lane: one word -> 1-way.
  checkBanks(strided(4, 0), CC20, 1, 1, 1);
  checkBanks(strided(4, 0), CC13, 1, 2, 2);
  // Different bytes of one word (char s[tid] on 2.0: words L/4 = 0..7 in
  // banks 0..7) -> 1-way.
  checkBanks(strided(1, 1), CC20, 1, 1, 1);
  // Half the lanes on word 0, the others on word 32 (same bank 0) -> 2-way.
  WarpRequest R;
  for (unsigned L = 0; L < 32; ++L)
    R.Lane[L] = L < 16 ? 0 : 128;
  checkBanks(R, CC20, 2, 1, 2);
  // The same on 1.3: each half-warp sees a single word -> 1-way per phase.
  checkBanks(R, CC13, 1, 2, 2);
}

TEST(MemoryModelsBanks, DoubleConsecutive) {
  // double s[tid]: lane L covers 4-byte words 2L, 2L+1.
  // 2.0: half-warp phases; 16 lanes x 2 words = words 0..31 (then 32..63)
  // -> one per bank -> 1-way, 2 phases, 2 wavefronts.
  checkBanks(strided(8, 1), CC20, 1, 2, 2);
  // 3.x 8-byte mode: one phase; 8-byte word L in bank L -> 1-way.
  checkBanks(strided(8, 1), CC35x8, 1, 1, 1);
  // 1.3: half-warp words 0..31 over 16 banks -> 2 per bank -> 2-way (the
  // Guide's 1.x double example); 2 phases x 2 = 4.
  checkBanks(strided(8, 1), CC13, 2, 2, 4);
  // double s[2*tid] on 2.0: lane L at words 4L, 4L+1; a half-warp covers
  // words 0..61 -> banks (4L) % 32 and +1: L and L+8 collide -> 2-way per
  // phase, 2 phases -> 4 wavefronts.
  checkBanks(strided(8, 2), CC20, 2, 2, 4);
}

TEST(MemoryModelsBanks, Float4Consecutive) {
  // float4 s[tid] on 2.0: quarter-warp phases; 8 lanes x 4 words = 32
  // distinct banks -> 1-way, 4 phases, 4 wavefronts.
  checkBanks(strided(16, 1), CC20, 1, 4, 4);
  checkBanks(strided(16, 1), CC70, 1, 4, 4);
  // 3.x 8-byte mode: 16-byte accesses per half-warp: 16 lanes x 2 8-byte
  // words = 32 banks -> 1-way, 2 phases.
  checkBanks(strided(16, 1), CC35x8, 1, 2, 2);
  // Only lanes 0..7 active: one quarter-warp -> 1 phase.
  checkBanks(strided(16, 1, 0, 8), CC20, 1, 1, 1);
}

TEST(MemoryModelsBanks, KeplerWordPairsFromCGPredict) {
  // CGPredict Sec. 2.5, Fig. 4 (4-byte mode on Kepler):
  auto TwoLanes = [](int64_t WordA, int64_t WordB) {
    WarpRequest R;
    R.Lane[0] = 4 * WordA;
    R.Lane[1] = 4 * WordB;
    return R;
  };
  // [59] and [91]: bank 27, 64-word segments 0 and 1 -> conflict, 2-way.
  checkBanks(TwoLanes(59, 91), CC35, 2, 1, 2);
  // [1] and [33]: bank 1, same 64-word segment -> no conflict.
  checkBanks(TwoLanes(1, 33), CC35, 1, 1, 1);
  // [96] and [35]: banks 0 and 3 -> no conflict.
  checkBanks(TwoLanes(96, 35), CC35, 1, 1, 1);
  // On 2.0 [1] and [33] are two words in bank 1 -> 2-way.
  checkBanks(TwoLanes(1, 33), CC20, 2, 1, 2);
}

TEST(MemoryModelsBanks, InactiveAndNegative) {
  // No active lane: nothing issued.
  BankConflictResult None = analyzeBankConflicts(WarpRequest{}, CC20);
  EXPECT_EQ(None.Ways, 1u);
  EXPECT_EQ(None.Phases, 0u);
  EXPECT_EQ(None.Wavefronts, 0u);
  // 1.3 with only hw1 active (s[tid], lanes 16..31): one phase.
  WarpRequest Upper;
  for (unsigned L = 16; L < 32; ++L)
    Upper.Lane[L] = 4 * int64_t(L);
  checkBanks(Upper, CC13, 1, 1, 1);
  // Negative offsets: lane L at word -32(L+1) -> bank 0 (floor modulo), 32
  // distinct words -> 32-way.
  WarpRequest Neg;
  for (unsigned L = 0; L < 32; ++L)
    Neg.Lane[L] = -128 * (int64_t(L) + 1);
  BankConflictResult B = analyzeBankConflicts(Neg, CC20);
  EXPECT_EQ(B.Ways, 32u);
  EXPECT_EQ(B.WorstPhaseBank, 0u);
  // Lane L at word -(L+1) -> banks 31..0, all distinct -> 1-way.
  checkBanks(strided(4, -1, -1), CC20, 1, 1, 1);
}

} // namespace
