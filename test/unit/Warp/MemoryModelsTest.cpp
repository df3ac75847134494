//===- MemoryModelsTest.cpp - lib/Warp/MemoryModels unit tests -----------===//
//
// Global memory coalescing; the shared memory banks are
// MemoryModelsBanksTest.cpp.
//
// Every expected number is worked out by hand in the comment beside it.
// Notation: lane L (0..31); hw0 = lanes 0..15, hw1 = lanes 16..31; a
// "sector" is a 32-byte aligned block, a "line" a 128-byte aligned block;
// [a,b) is a byte range. Floats are 4 bytes, doubles 8, float4 16.
//
//===----------------------------------------------------------------------===//
#include "Warp/MemoryModels.h"

#include <gtest/gtest.h>

#include "MemoryModelsTestHelpers.h"

using namespace warplint;

namespace {

using CF = CoalescingFamily;

struct Expect {
  unsigned Requests, Transactions, Sectors;
  uint64_t BytesRequested, BytesFetched;
};

void check(const WarpRequest &R, CF F, Expect E) {
  SCOPED_TRACE(toString(F));
  CoalescingResult C = analyzeCoalescing(R, F);
  EXPECT_EQ(C.Requests, E.Requests);
  EXPECT_EQ(C.Transactions, E.Transactions);
  EXPECT_EQ(C.Sectors, E.Sectors);
  EXPECT_EQ(C.BytesRequested, E.BytesRequested);
  EXPECT_EQ(C.BytesFetched, E.BytesFetched);
}

void checkIdeal(const WarpRequest &R, CF F, unsigned IdealT,
                unsigned IdealS) {
  SCOPED_TRACE(toString(F));
  CoalescingResult C = analyzeCoalescing(R, F);
  EXPECT_EQ(C.IdealTransactions, IdealT);
  EXPECT_EQ(C.IdealSectors, IdealS);
}

//===----------------------------------------------------------------------===//
// Unit-stride float copies, aligned and offset
//===----------------------------------------------------------------------===//

TEST(MemoryModelsCoalescing, UnitStrideFloatAligned) {
  // out[tid] = in[tid]: lane L at 4L, bytes [0,128), 128 bytes requested.
  WarpRequest R = strided(4, 1);
  // 1.0: hw0 base 0 (64-aligned), lane k at 0+4k -> one 64 B; hw1 base 64
  // likewise. 2 x 64 = 128 B; sectors of [0,128) = 4.
  check(R, CF::CC1_0, {2, 2, 4, 128, 128});
  // 1.2: hw0 [0,64) in segment [0,128): lower half -> 64 B; both 32 B halves
  // used -> stays 64. hw1 [64,128): upper half -> 64 B. 2 x 64 = 128 B.
  check(R, CF::CC1_2, {2, 2, 4, 128, 128});
  // L1: one 128 B line, 4 sectors, 128 B.
  check(R, CF::CachedL1, {1, 1, 4, 128, 128});
  // L2: sectors 0..3 = 4 -> 128 B; one line.
  check(R, CF::L2Sectors, {1, 1, 4, 128, 128});
  // Already ideal everywhere.
  checkIdeal(R, CF::CC1_0, 2, 4);
  checkIdeal(R, CF::CC1_2, 2, 4);
  checkIdeal(R, CF::CachedL1, 1, 4);
  checkIdeal(R, CF::L2Sectors, 1, 4);
}

TEST(MemoryModelsCoalescing, UnitStrideFloatOffsetOneElement) {
  // in[tid + 1]: lane L at 4 + 4L, bytes [4,132).
  WarpRequest R = strided(4, 1, 1);
  // 1.0: hw0 base = 4 - 0 = 4, not 64-aligned -> 16 x 32 B; hw1 base = 68
  // -> 16 x 32 B. 32 transactions, 1024 B; distinct sectors of [4,132):
  // 0..4 = 5.
  check(R, CF::CC1_0, {2, 32, 5, 128, 1024});
  // 1.2: hw0 [4,68) in [0,128), both halves used -> 128 B. hw1: lane 16 at
  // 68, segment [0,128) holds lanes 16..30 = [68,128): upper half -> [64,128)
  // 64 B, both 32 B halves used (68 < 96) -> 64 B. Lane 31 at 128: segment
  // [128,256), [128,132) -> 64 -> 32 B. 128 + 64 + 32 = 224 B, 3
  // transactions; sectors of [0,160) = 5.
  check(R, CF::CC1_2, {2, 3, 5, 128, 224});
  // L1: lines 0 and 1 -> 2 x 128 = 256 B, 8 sectors.
  check(R, CF::CachedL1, {1, 2, 8, 128, 256});
  // L2: sectors 0..4 = 5 -> 160 B; lines 0,1.
  check(R, CF::L2Sectors, {1, 2, 5, 128, 160});
  // Ideal (32 floats at [0,128)): 1.0 2 trans / 4 sectors, 1.2 2/4,
  // L1 1/4, L2 1/4.
  checkIdeal(R, CF::CC1_0, 2, 4);
  checkIdeal(R, CF::CC1_2, 2, 4);
  checkIdeal(R, CF::CachedL1, 1, 4);
  checkIdeal(R, CF::L2Sectors, 1, 4);
}

TEST(MemoryModelsCoalescing, UnitStrideFloatOffsetSixteenElements) {
  // in[tid + 16]: lane L at 64 + 4L, bytes [64,192).
  WarpRequest R = strided(4, 1, 16);
  // 1.0: hw0 base 64 (64-aligned) -> 64 B; hw1 base 128 -> 64 B.
  check(R, CF::CC1_0, {2, 2, 4, 128, 128});
  // 1.2: hw0 [64,128): upper half of [0,128) -> 64 B; hw1 [128,192): lower
  // half of [128,256) -> 64 B. 128 B.
  check(R, CF::CC1_2, {2, 2, 4, 128, 128});
  // L1: straddles lines 0 and 1 -> 256 B, 8 sectors.
  check(R, CF::CachedL1, {1, 2, 8, 128, 256});
  // L2: sectors 2..5 = 4 -> 128 B, but 2 lines.
  check(R, CF::L2Sectors, {1, 2, 4, 128, 128});
  checkIdeal(R, CF::CachedL1, 1, 4);
  checkIdeal(R, CF::L2Sectors, 1, 4);
}

TEST(MemoryModelsCoalescing, UnitStrideFloatOffsetThirtyTwoElements) {
  // in[tid + 32]: lane L at 128 + 4L, bytes [128,256): aligned again.
  WarpRequest R = strided(4, 1, 32);
  // 1.0: bases 128 and 192, both 64-aligned -> 2 x 64 B.
  check(R, CF::CC1_0, {2, 2, 4, 128, 128});
  // 1.2: [128,192) and [192,256) -> lower / upper halves -> 2 x 64 B.
  check(R, CF::CC1_2, {2, 2, 4, 128, 128});
  // L1: line 1 only. L2: sectors 4..7.
  check(R, CF::CachedL1, {1, 1, 4, 128, 128});
  check(R, CF::L2Sectors, {1, 1, 4, 128, 128});
}

//===----------------------------------------------------------------------===//
// Strided float accesses
//===----------------------------------------------------------------------===//

TEST(MemoryModelsCoalescing, FloatStride2) {
  // in[2*tid]: lane L at 8L, addresses 0..248, 128 bytes requested.
  WarpRequest R = strided(4, 2);
  // 1.0: lane 1 at 8 != 0 + 4 -> uncoalesced, 32 x 32 B = 1024 B; sectors
  // touched: 8L/32 for L=0..31 -> 0..7 = 8.
  check(R, CF::CC1_0, {2, 32, 8, 128, 1024});
  // 1.2: hw0 0..120 in [0,128), spans both halves -> 128 B; hw1 128..248 in
  // [128,256) -> 128 B. 256 B, 8 sectors.
  check(R, CF::CC1_2, {2, 2, 8, 128, 256});
  // L1: lines 0,1 -> 256 B.
  check(R, CF::CachedL1, {1, 2, 8, 128, 256});
  // L2: 8 sectors -> 256 B, 2 lines.
  check(R, CF::L2Sectors, {1, 2, 8, 128, 256});
  EXPECT_DOUBLE_EQ(analyzeCoalescing(R, CF::L2Sectors).efficiency(), 0.5);
}

TEST(MemoryModelsCoalescing, FloatStride4) {
  // in[4*tid]: lane L at 16L, 0..496.
  WarpRequest R = strided(4, 4);
  // 1.0: uncoalesced, 32 x 32 B; two lanes per sector -> 16 sectors.
  check(R, CF::CC1_0, {2, 32, 16, 128, 1024});
  // 1.2: hw0 0..240: [0,128) lanes 0..7 (0..112, both halves) -> 128 B,
  // [128,256) lanes 8..15 -> 128 B; hw1 256..496 likewise 2 x 128 B.
  // 4 x 128 = 512 B, sectors of [0,512) = 16.
  check(R, CF::CC1_2, {2, 4, 16, 128, 512});
  // L1: lines 0..3 -> 512 B, 16 sectors.
  check(R, CF::CachedL1, {1, 4, 16, 128, 512});
  // L2: sector L/2 -> 16 sectors = 512 B; 4 lines.
  check(R, CF::L2Sectors, {1, 4, 16, 128, 512});
}

TEST(MemoryModelsCoalescing, FloatStride8) {
  // in[8*tid]: lane L at 32L, 0..992, one lane per sector.
  WarpRequest R = strided(4, 8);
  // 1.0: 32 x 32 B = 1024 B, 32 sectors.
  check(R, CF::CC1_0, {2, 32, 32, 128, 1024});
  // 1.2: 4 lanes per 128 B segment at offsets 0,32,64,96 -> both halves ->
  // 128 B each; 16 lanes -> 4 segments per half-warp, 8 in all = 1024 B.
  check(R, CF::CC1_2, {2, 8, 32, 128, 1024});
  // L1: lines 0..7 -> 1024 B, 32 sectors.
  check(R, CF::CachedL1, {1, 8, 32, 128, 1024});
  // L2: 32 sectors -> 1024 B, 8 lines.
  check(R, CF::L2Sectors, {1, 8, 32, 128, 1024});
}

TEST(MemoryModelsCoalescing, FloatStride16) {
  // in[16*tid]: lane L at 64L, 0..1984.
  WarpRequest R = strided(4, 16);
  // 1.0: 32 x 32 B = 1024 B, sectors 2L -> 32 distinct.
  check(R, CF::CC1_0, {2, 32, 32, 128, 1024});
  // 1.2: 2 lanes per 128 B segment, at offsets 0 and 64 -> both halves ->
  // 128 B. 16 segments x 128 = 2048 B; sectors of 16 whole lines = 64.
  check(R, CF::CC1_2, {2, 16, 64, 128, 2048});
  // L1: 16 lines -> 2048 B, 64 sectors.
  check(R, CF::CachedL1, {1, 16, 64, 128, 2048});
  // L2: 32 sectors -> 1024 B, 16 lines.
  check(R, CF::L2Sectors, {1, 16, 32, 128, 1024});
}

TEST(MemoryModelsCoalescing, FloatStride32) {
  // in[32*tid]: lane L at 128L, one lane per line.
  WarpRequest R = strided(4, 32);
  // 1.0: 32 x 32 B = 1024 B, 32 sectors.
  check(R, CF::CC1_0, {2, 32, 32, 128, 1024});
  // 1.2: each lane alone in its segment, [128L,128L+4): 128 -> lower half
  // 64 -> lower half 32 B. 32 x 32 = 1024 B.
  check(R, CF::CC1_2, {2, 32, 32, 128, 1024});
  // L1: 32 lines x 128 = 4096 B, 128 sectors.
  check(R, CF::CachedL1, {1, 32, 128, 128, 4096});
  // L2: 32 sectors -> 1024 B, 32 lines.
  check(R, CF::L2Sectors, {1, 32, 32, 128, 1024});
  // efficiency: 128 / 4096.
  EXPECT_DOUBLE_EQ(analyzeCoalescing(R, CF::CachedL1).efficiency(),
                   128.0 / 4096.0);
  // Ideal stays that of 32 contiguous floats: L1 1 line / 4 sectors.
  checkIdeal(R, CF::CachedL1, 1, 4);
  checkIdeal(R, CF::CC1_2, 2, 4);
}

//===----------------------------------------------------------------------===//
// Wider and narrower words
//===----------------------------------------------------------------------===//

TEST(MemoryModelsCoalescing, Float4Copy) {
  // float4 in[tid]: lane L at 16L, bytes [0,512).
  WarpRequest R = strided(16, 1);
  // 1.0: hw0 base 0 (128-aligned), lane k at 16k -> 2 x 128 B ([0,256));
  // hw1 base 256 -> 2 x 128 B. 4 transactions, 512 B, 16 sectors.
  check(R, CF::CC1_0, {2, 4, 16, 512, 512});
  // 1.2: 128 B segments; hw0 lanes 0..7 fill [0,128), 8..15 fill [128,256)
  // -> 2 x 128; hw1 likewise. 512 B.
  check(R, CF::CC1_2, {2, 4, 16, 512, 512});
  // 2.x: four quarter-warp requests of 128 B: 4 lines.
  check(R, CF::CachedL1, {4, 4, 16, 512, 512});
  // L2: 16 sectors -> 512 B, 4 lines, 4 requests.
  check(R, CF::L2Sectors, {4, 4, 16, 512, 512});
  checkIdeal(R, CF::CC1_0, 4, 16);
  checkIdeal(R, CF::L2Sectors, 4, 16);
}

TEST(MemoryModelsCoalescing, DoubleCopy) {
  // double in[tid]: lane L at 8L, bytes [0,256).
  WarpRequest R = strided(8, 1);
  // 1.0: hw0 base 0 (128-aligned) -> 128 B; hw1 base 128 -> 128 B.
  check(R, CF::CC1_0, {2, 2, 8, 256, 256});
  // 1.2: [0,128) and [128,256) each fully used -> 2 x 128 B.
  check(R, CF::CC1_2, {2, 2, 8, 256, 256});
  // 2.x: two half-warp requests; lines 0,1 -> 256 B.
  check(R, CF::CachedL1, {2, 2, 8, 256, 256});
  // L2: 8 sectors -> 256 B, 2 lines.
  check(R, CF::L2Sectors, {2, 2, 8, 256, 256});
}

TEST(MemoryModelsCoalescing, CharAndShortCopies) {
  // char in[tid]: lane L at byte L, [0,32).
  WarpRequest C = strided(1, 1);
  // 1.0: 1-byte words never coalesce -> 32 x 32 B = 1024 B; 1 sector.
  check(C, CF::CC1_0, {2, 32, 1, 32, 1024});
  // 1.2: 32 B segments for 1-byte words; hw0 [0,16) -> segment [0,32), 32 B
  // (no smaller size); hw1 [16,32) -> the same segment again, 32 B. 64 B.
  check(C, CF::CC1_2, {2, 2, 1, 32, 64});
  // L2: 1 sector, 32 B, 1 line.
  check(C, CF::L2Sectors, {1, 1, 1, 32, 32});
  // short in[tid]: lane L at 2L, [0,64).
  WarpRequest S = strided(2, 1);
  // 1.2: 64 B segments; hw0 [0,32) lower half -> 32 B; hw1 [32,64) upper
  // half -> 32 B. 64 B, 2 sectors.
  check(S, CF::CC1_2, {2, 2, 2, 64, 64});
  // L1: 1 line.
  check(S, CF::CachedL1, {1, 1, 4, 64, 128});
}

//===----------------------------------------------------------------------===//
// Broadcast, partial warps, permutations, odd cases
//===----------------------------------------------------------------------===//

TEST(MemoryModelsCoalescing, AllLanesSameAddress) {
  // in[0] read by every lane (CGPredict Sec. 3.3.2's "constant access").
  WarpRequest R = strided(4, 0);
  // 1.0: lane 1 at 0 != 0 + 4 -> uncoalesced: 32 x 32 B = 1024 B, 1 sector,
  // 4 bytes requested.
  check(R, CF::CC1_0, {2, 32, 1, 4, 1024});
  // 1.2: per half-warp one segment [0,128) using [0,4): 128 -> 64 -> 32 B.
  // 2 x 32 = 64 B.
  check(R, CF::CC1_2, {2, 2, 1, 4, 64});
  // L1: one line, 128 B. L2: one sector, 32 B.
  check(R, CF::CachedL1, {1, 1, 4, 4, 128});
  check(R, CF::L2Sectors, {1, 1, 1, 4, 32});
  // Ideal transactions: 32 contiguous floats (1.0: 2, L2: 1); ideal sectors
  // can't beat the actual single sector.
  checkIdeal(R, CF::CC1_0, 2, 1);
  checkIdeal(R, CF::L2Sectors, 1, 1);
}

TEST(MemoryModelsCoalescing, HalfActiveWarp) {
  // if (tid < 16) out[tid] = ...: lanes 0..15 at 4L, [0,64).
  WarpRequest R = strided(4, 1, 0, 16);
  // 1.0: only hw0 issues: base 0 -> one 64 B transaction. 1 request.
  check(R, CF::CC1_0, {1, 1, 2, 64, 64});
  // 1.2: [0,64) lower half of [0,128) -> 64 B.
  check(R, CF::CC1_2, {1, 1, 2, 64, 64});
  // L1: 1 line = 128 B (efficiency 0.5). L2: sectors 0,1 = 64 B.
  check(R, CF::CachedL1, {1, 1, 4, 64, 128});
  check(R, CF::L2Sectors, {1, 1, 2, 64, 64});
  checkIdeal(R, CF::L2Sectors, 1, 2);
  // Only lanes 16..31 active, at 64 + 4(L-16): still one request.
  WarpRequest Upper;
  for (unsigned L = 16; L < 32; ++L)
    Upper.Lane[L] = 4 * int64_t(L);
  check(Upper, CF::CC1_0, {1, 1, 2, 64, 64});
  // None active: nothing at all.
  check(WarpRequest{}, CF::CC1_2, {0, 0, 0, 0, 0});
  check(WarpRequest{}, CF::L2Sectors, {0, 0, 0, 0, 0});
}

TEST(MemoryModelsCoalescing, StrictRuleOfCC10) {
  // Lanes 0..15 read in[15 - tid]: lane L at 4(15-L), all inside [0,64).
  WarpRequest Rev;
  for (unsigned L = 0; L < 16; ++L)
    Rev.Lane[L] = 4 * (15 - int64_t(L));
  // 1.0: lane 0 at 60 -> base 60, misaligned -> 16 x 32 B = 512 B; sectors
  // of [0,64) = 2.
  check(Rev, CF::CC1_0, {1, 16, 2, 64, 512});
  // 1.2: any order in one segment: [0,64) -> one 64 B transaction.
  check(Rev, CF::CC1_2, {1, 1, 2, 64, 64});

  // Only lanes 14 and 15 swapped: base (from lane 0) is 0 and aligned, but
  // lane 14 reads word 15 -> still uncoalesced on 1.0: 16 x 32 B.
  WarpRequest Swap = strided(4, 1, 0, 16);
  Swap.Lane[14] = 60;
  Swap.Lane[15] = 56;
  check(Swap, CF::CC1_0, {1, 16, 2, 64, 512});
  check(Swap, CF::CC1_2, {1, 1, 2, 64, 64});

  // Inactive threads are allowed: even lanes only, lane L at 4L. hw0 base
  // 0, each active lane k at 4k -> one 64 B; hw1 base 64 -> one 64 B.
  // 16 lanes x 4 = 64 bytes requested of 128 fetched.
  WarpRequest Even;
  for (unsigned L = 0; L < 32; L += 2)
    Even.Lane[L] = 4 * int64_t(L);
  check(Even, CF::CC1_0, {2, 2, 4, 64, 128});
  // The first active lane need not be lane 0: lanes 1..15 at 4L -> base
  // 4 - 4 = 0 -> coalesced, one 64 B transaction.
  WarpRequest FromOne;
  for (unsigned L = 1; L < 16; ++L)
    FromOne.Lane[L] = 4 * int64_t(L);
  check(FromOne, CF::CC1_0, {1, 1, 2, 60, 64});
}

TEST(MemoryModelsCoalescing, UnalignedAccessStraddles) {
  // One lane, an 8-byte access at 124: bytes [124,132) cross the 128 B line.
  WarpRequest R;
  R.AccessSize = 8;
  R.Lane[0] = 124;
  // 1.0: base 124 not 128-aligned -> separate: 32 B segments 3 and 4 ->
  // 2 x 32 B.
  check(R, CF::CC1_0, {1, 2, 2, 8, 64});
  // 1.2: piece [124,128) in segment [0,128): upper half -> [64,128), upper
  // half -> [96,128) 32 B; piece [128,132) -> [128,160) 32 B.
  check(R, CF::CC1_2, {1, 2, 2, 8, 64});
  // L1: lines 0 and 1 -> 256 B. L2: sectors 3,4 -> 64 B, 2 lines.
  check(R, CF::CachedL1, {1, 2, 8, 8, 256});
  check(R, CF::L2Sectors, {1, 2, 2, 8, 64});
}

TEST(MemoryModelsCoalescing, RequestsSplitByWordSize) {
  // 2.x: 8-byte words -> one request per half-warp, 16-byte words -> one per
  // quarter-warp; only groups with an active lane count.
  // double, lanes 0..15 at 8L: one half-warp -> 1 request, 1 line.
  check(strided(8, 1, 0, 16), CF::CachedL1, {1, 1, 4, 128, 128});
  // float4, lanes 0..8 at 16L: quarter-warps 0 (lanes 0..7) and 1 (lane 8)
  // -> 2 requests; bytes [0,144) -> lines 0,1; sectors 0..4.
  check(strided(16, 1, 0, 9), CF::L2Sectors, {2, 2, 5, 144, 160});
}

TEST(MemoryModelsCoalescing, IdealWithFewLanesOnCC10) {
  // One lane reading a float4 at 0: it is "coalesced" (k = 0 at base 0,
  // 128-aligned), so 1.0 issues both 128 B transactions: 2, 8 sectors.
  WarpRequest R;
  R.AccessSize = 16;
  R.Lane[0] = 0;
  check(R, CF::CC1_0, {1, 2, 8, 16, 256});
  // The same lane at 32 would be uncoalesced: one 32 B transaction, one
  // sector -> ideal 1 / 1.
  checkIdeal(R, CF::CC1_0, 1, 1);
  // One float lane (lane 5) at 1000: base = 1000 - 5 * 4 = 980, 980 % 64 =
  // 20 -> uncoalesced: one 32 B transaction, sector 1000 / 32 = 31. Ideal:
  // 1 transaction, 1 sector (a packed lane at 0 would coalesce into 64 B =
  // 2 sectors, which is worse).
  WarpRequest F;
  F.Lane[5] = 1000;
  check(F, CF::CC1_0, {1, 1, 1, 4, 32});
  checkIdeal(F, CF::CC1_0, 1, 1);
}

TEST(MemoryModelsCoalescing, NegativeAddresses) {
  // Lane L at -128 + 4L: [-128,0) is line -1, sectors -4..-1.
  WarpRequest R = strided(4, 1, -32);
  check(R, CF::CachedL1, {1, 1, 4, 128, 128});
  check(R, CF::L2Sectors, {1, 1, 4, 128, 128});
  // 1.0: bases -128 and -64 are 64-aligned -> 2 x 64 B.
  check(R, CF::CC1_0, {2, 2, 4, 128, 128});
}

} // namespace

TEST(MemoryModelsTest, AVectorUsingHalfItsBytesHasTheIdealOfTheBytesUsed) {
  // .x and .z of a float4, one 16-byte load per lane: 512 bytes, 16
  // sectors; the 256 bytes used would fit in 8.
  warplint::WarpRequest R;
  R.AccessSize = 16;
  R.UsedBytes = 8;
  for (unsigned K = 0; K < warplint::WarpSize; ++K)
    R.Lane[K] = int64_t(16 * K);
  auto C = warplint::analyzeCoalescing(R, warplint::CoalescingFamily::L2Sectors);
  EXPECT_EQ(C.Sectors, 16u);
  EXPECT_EQ(C.IdealSectors, 8u);
  EXPECT_EQ(C.BytesRequested, 256u);
  EXPECT_DOUBLE_EQ(C.efficiency(), 0.5);
}
