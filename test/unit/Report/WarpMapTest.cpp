//===- WarpMapTest.cpp - The warp maps' numbers and drawings --------------===//
#include "Report/KernelIndex.h"
#include "Report/WarpMap.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {
/// Lane L at Base + L * Stride bytes, AccessSize bytes each.
WarpRequest strided(int64_t Stride, unsigned Size = 4, unsigned Active = 32) {
  WarpRequest R;
  R.AccessSize = Size;
  for (unsigned L = 0; L < Active; ++L)
    R.Lane[L] = int64_t(L) * Stride;
  return R;
}
} // namespace

TEST(WarpMapTest, TheNaiveTransposeStoreTouchesThirtyTwoLinesOneSectorEach) {
  // out[x * height + y], height = 4096 floats: lanes 16384 bytes apart.
  GlobalMap M = globalMap(strided(16384));
  EXPECT_EQ(M.Lines.size(), 32u);
  EXPECT_EQ(M.SectorsTouched, 32u);
  EXPECT_EQ(M.BytesUsed, 128u);
  EXPECT_EQ(M.BytesFetched, 1024u);
  for (const GlobalMap::Line &L : M.Lines) {
    ASSERT_EQ(L.Sectors.size(), 4u);
    EXPECT_EQ(L.Sectors[0].Lanes.size(), 1u);
    EXPECT_EQ(L.Sectors[0].BytesUsed, 4u);
    EXPECT_TRUE(L.Sectors[1].Lanes.empty());
  }
  std::string Svg = globalMapSvg(M, "out");
  EXPECT_NE(Svg.find("data-lines=\"32\""), std::string::npos);
  EXPECT_NE(Svg.find("data-sectors=\"32\""), std::string::npos);
  EXPECT_NE(Svg.find("data-bytes-fetched=\"1024\""), std::string::npos);
  std::string Text = globalMapText(M);
  EXPECT_NE(Text.find("32 lanes touch 32 lines and 32 sectors; 128 of 1024 "
                      "fetched bytes are used"),
            std::string::npos)
      << Text;
}

TEST(WarpMapTest, ACoalescedWarpFillsOneLine) {
  GlobalMap M = globalMap(strided(4));
  ASSERT_EQ(M.Lines.size(), 1u);
  EXPECT_EQ(M.SectorsTouched, 4u);
  EXPECT_EQ(M.BytesUsed, M.BytesFetched);
  EXPECT_EQ(M.Lines[0].Sectors[1].Lanes.front(), 8u);
  EXPECT_NE(globalMapText(M).find("lanes 8-15 (32 B)"), std::string::npos);
}

TEST(WarpMapTest, AnUnalignedWarpSpansTwoLines) {
  WarpRequest R = strided(4);
  for (auto &L : R.Lane)
    *L += 64;
  GlobalMap M = globalMap(R);
  EXPECT_EQ(M.Lines.size(), 2u);
  EXPECT_EQ(M.SectorsTouched, 4u);
}

TEST(WarpMapTest, ATileReadByColumnPutsAllLanesInOneBank) {
  // tile[threadIdx.x][0] of float tile[32][32]: words 0, 32, 64, ...
  SharedMap M = sharedMap(strided(32 * 4));
  EXPECT_EQ(M.ActiveLanes, 32u);
  EXPECT_EQ(M.BanksUsed, 1u);
  EXPECT_EQ(M.MaxWords, 32u);
  EXPECT_EQ(M.WordsPerBank[0], 32u);
  std::string Svg = sharedMapSvg(M, "tile");
  EXPECT_NE(Svg.find("data-ways=\"32\""), std::string::npos);
  EXPECT_NE(Svg.find("data-banks-used=\"1\""), std::string::npos);
}

TEST(WarpMapTest, PaddedToThirtyThreeOneLanePerBank) {
  SharedMap M = sharedMap(strided(33 * 4));
  EXPECT_EQ(M.BanksUsed, 32u);
  EXPECT_EQ(M.MaxWords, 1u);
  for (unsigned N : M.WordsPerBank)
    EXPECT_EQ(N, 1u);
  std::string Text = sharedMapText(M);
  EXPECT_NE(Text.find("32 lanes on 32 of 32 banks; the busiest bank (0) serves 1 "
                      "different word"),
            std::string::npos)
      << Text;
}

TEST(WarpMapTest, EightByteLanesTouchTwoBanksEach) {
  SharedMap M = sharedMap(strided(8, 8));
  EXPECT_EQ(M.Touches.size(), 64u);
  EXPECT_EQ(M.MaxWords, 2u); // words w and w + 32 share a bank
}

TEST(KernelIndexTest, InstantiationsOfOneTemplateShareItsName) {
  FileFacts F;
  KernelFacts A, B, C;
  A.Name = "scale<1>";
  B.Name = "scale<2>";
  C.Name = "other";
  AccessFacts Acc;
  Acc.Loc.File = "k.cu";
  Acc.Loc.Line = 3;
  Acc.Loc.Column = 5;
  A.Accesses.push_back(Acc);
  B.Accesses.push_back(Acc);
  AccessFacts Own = Acc;
  Own.Loc.Line = 9;
  C.Accesses.push_back(Own);
  F.Kernels = {A, B, C};
  KernelIndex I;
  I.add(F);
  EXPECT_EQ(I.at("k.cu", 3, 5), "scale");
  EXPECT_EQ(I.at("k.cu", 9, 5), "other");
  EXPECT_EQ(I.at("k.cu", 4, 1), "");
}

TEST(WarpMapTest, AnEvenOddBranchSplitsEveryWarpInHalves) {
  DivergenceMap M;
  for (unsigned W = 0; W < 8; ++W) // threadIdx.x % 2 == 0, 256 threads
    M.Warps.push_back({W, 0xffffffffu, 0x55555555u});
  M.Example = 0;
  EXPECT_EQ(M.taken(), 16u);
  EXPECT_EQ(M.notTaken(), 16u);
  EXPECT_EQ(M.splitWarps(), 8u);
  std::string Svg = divergenceMapSvg(M, "branch");
  EXPECT_NE(Svg.find("data-warps=\"8\" data-split-warps=\"8\" data-lanes=\"32\" "
                     "data-taken=\"16\" data-not-taken=\"16\""),
            std::string::npos);
  std::string Text = divergenceMapText(M);
  EXPECT_NE(Text.find("warp  0  #o#o#o#o"), std::string::npos) << Text;
}

TEST(WarpMapTest, AWarpWideBranchSplitsNoWarp) {
  DivergenceMap M;
  M.Warps = {{0, 0xffffffffu, 0xffffffffu}, {1, 0xffffffffu, 0}};
  EXPECT_EQ(M.splitWarps(), 0u);
}

TEST(WarpMapTest, CampedBlocksShareOneChannel) {
  CampingMap M;
  M.ChannelOfBlock = {0, 0, 0, 0, 1, 1, 1, 1};
  M.BlocksPerChannel = {4, 4, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(M.channelsUsed(), 2u);
  EXPECT_EQ(M.maxBlocks(), 4u);
  std::string Svg = campingMapSvg(M, "camping");
  EXPECT_NE(Svg.find("data-blocks=\"8\" data-channels=\"8\" "
                     "data-channels-used=\"2\" data-max-blocks=\"4\""),
            std::string::npos);
}
