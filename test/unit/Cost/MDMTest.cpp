//===- MDMTest.cpp - MDM eq. 1-10: MSHR batching and queueing by hand -----===//
#include "Cost/MDM.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

/// f = 1 GHz and 128-byte blocks: B^NoC = 128 GB/s gives a NoC service of
/// 1 x 128/128 = 1 cycle (eq. 7); B^DRAM = 64 GB/s and an LLC miss rate of
/// 0.5 give 1 x 0.5 x 128/64 = 1 cycle (eq. 8). 32 MSHRs, W = 8 warps,
/// L^MinLLC = 100, L^MinDRAM = 200.
MdmInput machine(double SMs) {
  MdmInput In;
  In.W = 8;
  In.Mshrs = 32;
  In.SMs = SMs;
  In.FreqGHz = 1;
  In.BlockBytes = 128;
  In.NocBandwidthGBs = 128;
  In.DramBandwidthGBs = 64;
  In.LMinLlc = 100;
  In.LMinDram = 200;
  return In;
}

/// A divergent load: 16 read misses and 2 write misses per warp.
MdmInterval divergent() { return {20, 50, 16, 2, 0.5}; }
/// A coalesced load: one read miss per warp.
MdmInterval coalesced() { return {10, 30, 1, 0, 0.5}; }

TEST(MDMTest, MoreConcurrentMissesThanMshrsBatches) {
  MdmInput In = machine(8);
  In.Intervals = {divergent(), coalesced()};
  In.TotalWarps = 64;
  MdmResult R = mdm(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  ASSERT_EQ(R.Intervals.size(), 2u);
  const MdmIntervalResult &D = R.Intervals[0];
  // eq. 2: 16 x 8 = 128 concurrent read misses > 32 MSHRs.
  EXPECT_DOUBLE_EQ(D.ConcurrentReadMisses, 128);
  EXPECT_TRUE(D.MemoryDivergent);
  // eq. 3: min(128, 32) + 2 x 8 = 48.
  EXPECT_DOUBLE_EQ(D.M, 48);
  // eq. 4: 100 + 0.5 x 200 = 200. eq. 7, 8: 1 cycle each.
  EXPECT_DOUBLE_EQ(D.LNoContention, 200);
  EXPECT_DOUBLE_EQ(D.LNocService, 1);
  EXPECT_DOUBLE_EQ(D.LDramService, 1);
  // eq. 10: 1 x 48 x 8 = 384 > 100 + 200: saturated.
  EXPECT_TRUE(D.NocSaturated);
  // eq. 9, MD and saturated: 8 x 48 x 1 = 384, for the NoC and the DRAM.
  EXPECT_DOUBLE_EQ(D.SNoc, 384);
  EXPECT_DOUBLE_EQ(D.SDram, 384);
  // eq. 5: 200 + 384 + 384 = 968.
  EXPECT_DOUBLE_EQ(D.SMem, 968);
  // eq. 6: ceil(128/32) = 4 batches; (4 - 1) x 968 = 2904.
  EXPECT_DOUBLE_EQ(D.Batches, 4);
  EXPECT_DOUBLE_EQ(D.SMshr, 2904);
  // 50 + 2904 + 384 + 384.
  EXPECT_DOUBLE_EQ(D.Cycles, 3722);

  const MdmIntervalResult &C = R.Intervals[1];
  // 1 x 8 = 8 <= 32: not divergent, no MSHR stall. M = 8; 1 x 8 x 8 = 64
  // <= 300: not saturated; half the queue: 0.5 x 8 x 8 x 1 = 32 each.
  EXPECT_FALSE(C.MemoryDivergent);
  EXPECT_DOUBLE_EQ(C.M, 8);
  EXPECT_FALSE(C.NocSaturated);
  EXPECT_DOUBLE_EQ(C.SNoc, 32);
  EXPECT_DOUBLE_EQ(C.SDram, 32);
  EXPECT_DOUBLE_EQ(C.SMshr, 0);
  EXPECT_DOUBLE_EQ(C.Cycles, 94);

  // eq. 1: 8 x (20 + 10) / (3722 + 94) = 240/3816; IPC = 8 SMs x that.
  EXPECT_DOUBLE_EQ(R.Cycles, 3816);
  EXPECT_DOUBLE_EQ(R.IpcSm, 240.0 / 3816);
  EXPECT_DOUBLE_EQ(R.Ipc, 1920.0 / 3816);
  // 64 warps x 30 instructions / IPC = 3816 cycles: one round of 8 x 8.
  EXPECT_DOUBLE_EQ(R.KernelCycles, 3816);
  EXPECT_DOUBLE_EQ(R.TimeSeconds, 3816e-9);
}

TEST(MDMTest, DivergentButNocNotSaturatedHidesHalf) {
  // 4 SMs: 1 x 48 x 4 = 192 <= 300, so eq. 9 takes half the queue:
  // 0.5 x 4 x 48 x 1 = 96; S^Mem = 200 + 96 + 96 = 392; the batches still
  // stall: (4 - 1) x 392 = 1176.
  MdmInput In = machine(4);
  In.Intervals = {divergent()};
  MdmResult R = mdm(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  const MdmIntervalResult &D = R.Intervals[0];
  EXPECT_TRUE(D.MemoryDivergent);
  EXPECT_FALSE(D.NocSaturated);
  EXPECT_DOUBLE_EQ(D.SNoc, 96);
  EXPECT_DOUBLE_EQ(D.SMem, 392);
  EXPECT_DOUBLE_EQ(D.SMshr, 1176);
  EXPECT_DOUBLE_EQ(D.Cycles, 50 + 1176 + 96 + 96);
  EXPECT_DOUBLE_EQ(R.KernelCycles, 0); // TotalWarps not given
}

TEST(MDMTest, ChannelsDivideTheServiceLatency) {
  // eq. 8 over 4 channels of 16 GB/s: 1 x 0.5 x 128/16 / 4 = 1.
  MdmInput In = machine(8);
  In.DramBandwidthGBs = 16;
  In.DramChannels = 4;
  In.Intervals = {divergent()};
  MdmResult R = mdm(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.Intervals[0].LDramService, 1);
}

TEST(MDMTest, BadInputAndJson) {
  MdmInput In = machine(8);
  EXPECT_FALSE(mdm(In).Ok); // no interval
  In.Intervals = {divergent()};
  In.Mshrs = 0;
  EXPECT_FALSE(mdm(In).Ok);
  In.Mshrs = 32;
  llvm::json::Value V = toJSON(mdm(In));
  const llvm::json::Array *Is = V.getAsObject()->getArray("intervals");
  ASSERT_NE(Is, nullptr);
  EXPECT_EQ((*Is)[0].getAsObject()->getNumber("batches"), 4);
}

TEST(MDMTest, InputFromTheMdmMachine) {
  // MDM Table III: 28 SMs, 1.4 GHz, 128 MSHRs, 1050 GB/s NoC, 480 GB/s
  // DRAM over 24 controllers, LLC 120 and DRAM 220 cycles.
  ArchSpec A;
  A.Id = "mdm_pascal_sim";
  A.SmCount = 28;
  A.CoreClockMHz = 1400;
  A.L1Mshrs = 128;
  A.L1LineBytes = 128;
  A.NocBandwidthGBs = 1050;
  A.DramBandwidthGBs = 480;
  A.MemPartitions = 24;
  A.LatL2HitCycles = 120;
  A.LatDramCycles = 220;
  MdmInput In = mdmInputFrom(A);
  EXPECT_TRUE(In.Assumptions.empty());
  EXPECT_DOUBLE_EQ(In.DramBandwidthGBs, 20);
  In.W = 48;
  // A fully divergent load (32 misses per warp), all LLC misses.
  In.Intervals = {{10, 100, 32, 0, 1}};
  MdmResult R = mdm(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  const MdmIntervalResult &D = R.Intervals[0];
  // 32 x 48 = 1536 > 128: 12 batches; M = 128.
  EXPECT_DOUBLE_EQ(D.Batches, 12);
  // eq. 7: 1.4 x 128/1050; eq. 8: 1.4 x 128/20/24 = 0.37333.
  EXPECT_DOUBLE_EQ(D.LNocService, 1.4 * 128 / 1050);
  EXPECT_DOUBLE_EQ(D.LDramService, 1.4 * 128 / 20 / 24);
  // eq. 10: 179.2/1050 x 128 x 28 = 611.669 > 120 + 220.
  EXPECT_TRUE(D.NocSaturated);
  // eq. 9 (MD, saturated): 28 x 128 x 179.2/1050 = 611.669;
  // 28 x 128 x 179.2/480 = 1338.027.
  EXPECT_NEAR(D.SNoc, 611.669, 1e-3);
  EXPECT_NEAR(D.SDram, 1338.027, 1e-3);
  // eq. 5: 340 + 611.669 + 1338.027 = 2289.696; eq. 6: x (12 - 1).
  EXPECT_NEAR(D.SMem, 2289.696, 1e-3);
  EXPECT_NEAR(D.SMshr, 25186.656, 1e-2);
}

} // namespace

TEST(MDMTest, RepeatedIntervalCountsItsInstructionsAndCyclesEachTime) {
  // The divergent interval of MoreConcurrentMissesThanMshrsBatches takes
  // 50 + 2904 + 384 + 384 = 3722 cycles for 20 instructions; repeated 3
  // times: 3 x 3722 = 11166 cycles, 60 instructions, the same IPC.
  MdmInput In = machine(8);
  MdmInterval I = divergent();
  I.Repeat = 3;
  In.Intervals = {I};
  MdmResult R = mdm(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.Cycles, 11166);
  EXPECT_DOUBLE_EQ(R.Instructions, 60);
  EXPECT_DOUBLE_EQ(R.Intervals[0].Repeat, 3);
  // eq. 1: 8 x 60 / 11166.
  EXPECT_DOUBLE_EQ(R.IpcSm, 8.0 * 60 / 11166);
  I.Repeat = -1;
  In.Intervals = {I};
  EXPECT_FALSE(mdm(In).Ok);
}

TEST(MDMTest, WithoutNocBandwidthItsQueueingIsLeftOut) {
  // The divergent interval of the first test with no NoC: S^NoC = 0, the
  // NoC is never saturated, so eq. 9's share is 1/2 for the DRAM:
  // 0.5 x 8 SMs x M (48) x L^DRAMService (1) = 192.
  MdmInput In = machine(8);
  In.Intervals = {divergent()};
  In.NocBandwidthGBs = 0;
  MdmResult R = mdm(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  ASSERT_FALSE(R.Intervals.empty());
  const MdmIntervalResult &X = R.Intervals[0];
  EXPECT_DOUBLE_EQ(X.SNoc, 0);
  EXPECT_FALSE(X.NocSaturated);
  EXPECT_DOUBLE_EQ(X.M, 48);
  EXPECT_DOUBLE_EQ(X.SDram, 192);
  In.NocBandwidthGBs = -1;
  EXPECT_FALSE(mdm(In).Ok);
}
