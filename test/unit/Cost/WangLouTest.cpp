//===- WangLouTest.cpp - Wang–Lou eq. 20-22 on hand-computed inputs -------===//
#include "Cost/WangLou.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

/// 1 GHz, 16 SMs, all accesses coalesced.
HongKimInput machine() {
  HongKimInput In;
  In.FreqGHz = 1;
  In.MemBandwidthGBs = 80;
  In.MemLd = 420;
  In.DepartureDelCoal = 4;
  In.DepartureDelUncoal = 10;
  In.ActiveSMs = 16;
  In.ThreadsPerBlock = 128;
  return In;
}

TEST(WangLouTest, EquationTwentyOneMemoryBound) {
  // Mem_LD 400, Departure_del_coal 100: MWP_Without_BW_full = 4; 1000 GB/s:
  // MWP_peak_BW = 1000 / (128/400 x 16) = 195.3125; N = 16 -> MWP = 4.
  // Comp_cycles = 4 x (30 + 2) = 128, Mem_cycles = 2 x 400 = 800,
  // CWP = (800 + 128)/128 = 7.25 >= MWP: Hong-Kim eq. 23.
  WangLouInput In;
  In.Base = machine();
  In.Base.MemLd = 400;
  In.Base.DepartureDelCoal = 100;
  In.Base.MemBandwidthGBs = 1000;
  In.Base.ActiveBlocksPerSM = 4;
  In.Base.ActiveWarpsPerSM = 16;
  In.Base.Blocks = 64; // #Rep = 64 / (4 x 16) = 1
  In.Base.CompInsts = 30;
  In.Base.CoalMemInsts = 2;
  In.MemL2CacheHit = 40; // a tenth of the miss latency (Wang-Lou Sec. 2.4)
  In.FirstCompPeriodInsts = 10;
  WangLouResult R = wangLou(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.Base.Mwp, 4);
  EXPECT_DOUBLE_EQ(R.Base.Cwp, 7.25);
  EXPECT_EQ(R.Case, HongKimCase::Eq23);
  // Hong-Kim: 800 x 16/4 + 128/2 x (4 - 1) = 3200 + 192.
  EXPECT_DOUBLE_EQ(R.Base.ExecCyclesApp, 3392);
  // #Cache_hit_mem = max(16/4 - 1, 0) = 3; ratio 40/400 = 0.1;
  // (800 + 800 x 0.1 x 3 + 64 x 3) x 1 = 800 + 240 + 192.
  EXPECT_DOUBLE_EQ(R.HitMissRatio, 0.1);
  EXPECT_DOUBLE_EQ(R.CacheHitMem, 3);
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 1232);
  EXPECT_DOUBLE_EQ(R.ExecCyclesWithSynch, 1232);
}

TEST(WangLouTest, EquationTwentyNotEnoughWarps) {
  // N = 2, one coalesced load, 9 computation instructions: MWP = CWP = 2
  // (HongKimTest.CaseTwentyTwoNotEnoughWarps), Mem_cycles 420,
  // Comp_cycles 40.
  WangLouInput In;
  In.Base = machine();
  In.Base.ThreadsPerBlock = 64;
  In.Base.ActiveBlocksPerSM = 1;
  In.Base.ActiveWarpsPerSM = 2;
  In.Base.Blocks = 16;
  In.Base.CompInsts = 9;
  In.Base.CoalMemInsts = 1;
  In.MemL2CacheHit = 42;
  In.FirstCompPeriodInsts = 5;
  WangLouResult R = wangLou(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_EQ(R.Case, HongKimCase::Eq22);
  // First = 420 + 40 = 460; Last = 5 x 4 x (2 - 1) + 420 x 42/420 = 62.
  EXPECT_DOUBLE_EQ(R.FirstWarpCycles, 460);
  EXPECT_DOUBLE_EQ(R.LastWarpCycles, 62);
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 460);
}

TEST(WangLouTest, EquationTwentyTwoComputationBound) {
  // N = 8, 69 computation instructions, one coalesced load, #Rep = 2: MWP 8,
  // CWP 2.5, Hong-Kim eq. 24 (HongKimTest.CaseTwentyFourComputationBound).
  WangLouInput In;
  In.Base = machine();
  In.Base.ActiveBlocksPerSM = 2;
  In.Base.ActiveWarpsPerSM = 8;
  In.Base.Blocks = 64;
  In.Base.CompInsts = 69;
  In.Base.CoalMemInsts = 1;
  In.MemL2CacheHit = 42;
  In.FirstCompPeriodInsts = 30;
  WangLouResult R = wangLou(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_EQ(R.Case, HongKimCase::Eq24);
  // First = Mem_L + Comp_cycles = 420 + 280 = 700;
  // Last = 30 x 4 x 8 + 420 x 0.1 = 960 + 42 = 1002; max x #Rep 2.
  EXPECT_DOUBLE_EQ(R.FirstWarpCycles, 700);
  EXPECT_DOUBLE_EQ(R.LastWarpCycles, 1002);
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 2004);
}

TEST(WangLouTest, SynchronizationIsHongKims) {
  // Table 2 (HongKimTest): Synch_cost 12300 exactly; Wang-Lou eq. 21 with
  // a hit latency of 420 (ratio 1) gives Mem_cycles x N/MWP again:
  // 4380 + 4380 x (20/2.28125 - 1) + 22 x 1.28125 = 38428.1875.
  WangLouInput In;
  In.Base = machine();
  In.Base.ActiveBlocksPerSM = 5;
  In.Base.ActiveWarpsPerSM = 20;
  In.Base.Blocks = 80;
  In.Base.CompInsts = 27;
  In.Base.UncoalMemInsts = 6;
  In.Base.SynchInsts = 6;
  In.MemL2CacheHit = 420;
  WangLouResult R = wangLou(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 38428.1875);
  EXPECT_DOUBLE_EQ(R.SynchCost, 12300);
  In.AddSynchCost = false;
  R = wangLou(In);
  EXPECT_DOUBLE_EQ(R.SynchCost, 0);
  EXPECT_DOUBLE_EQ(R.ExecCyclesWithSynch, 38428.1875);
  In.MemL2CacheHit = 0;
  EXPECT_FALSE(wangLou(In).Ok);
  EXPECT_TRUE(toJSON(wangLou(In)).getAsObject()->get("error"));
}

} // namespace
