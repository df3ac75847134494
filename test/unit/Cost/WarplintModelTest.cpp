//===- WarplintModelTest.cpp - warplint's own cycle model ----------------===//
//
// The model on plain values; every expected number is worked out in the
// comments (docs/models/warplint.md has the equations).
//
//===----------------------------------------------------------------------===//
#include "Cost/WarplintModel.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

/// 10 SMs at 1 GHz, 10 GB/s (10 bytes per cycle for the GPU, 1 per SM),
/// 400-cycle DRAM latency, 4 cycles per warp instruction, 2 per shared
/// wavefront (a 1.x-like machine).
WarplintInput machine() {
  WarplintInput In;
  In.Machine.Sms = 10;
  In.Machine.ClockGHz = 1;
  In.Machine.DramGBs = 10;
  In.Machine.DramLatency = 400;
  In.Machine.IssueCycles = 4;
  In.Machine.SharedCyclesPerWavefront = 2;
  In.Launch.Blocks = 40;       // 4 per SM
  In.Launch.WarpsPerBlock = 4; // 16 warps per SM
  In.Launch.ActiveBlocksPerSm = 2; // 2 waves
  return In;
}

TEST(WarplintModelTest, DramBoundCopy) {
  // Per warp 10 instructions, 2 loads, 1024 bytes: issue 16 x 10 x 4 = 640;
  // DRAM 16 x 1024 / 1 = 16384; latency 2 waves x (2 x 400 + 40) = 1680.
  // DRAM bounds; per wave one warp's issue (40) is not hidden: 16384 + 2 x
  // 40 = 16464 cycles = 16.464 us.
  WarplintInput In = machine();
  In.Warp.IssueInsts = 10;
  In.Warp.GlobalLoads = 2;
  In.Warp.LoadLatencyCycles = 2 * 400;
  In.Warp.DramBytes = In.Warp.DramBytesUncamped = 1024;
  WarplintResult R = warplintModel(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_EQ(R.BlocksPerSm, 4);
  EXPECT_EQ(R.WarpsPerSm, 16);
  EXPECT_EQ(R.ResidentWarps, 8);
  EXPECT_EQ(R.Waves, 2);
  EXPECT_DOUBLE_EQ(R.IssueCycles, 640);
  EXPECT_DOUBLE_EQ(R.DramCycles, 16384);
  EXPECT_DOUBLE_EQ(R.ChainCycles, 840);
  EXPECT_DOUBLE_EQ(R.LatencyCycles, 1680);
  EXPECT_EQ(R.Bound, "DRAM bandwidth");
  EXPECT_DOUBLE_EQ(R.FillCycles, 40);
  EXPECT_DOUBLE_EQ(R.TotalCycles, 16464);
  EXPECT_NEAR(R.TimeSeconds, 16.464e-6, 1e-12);
  // 16 warps x 1024 bytes on each of 10 SMs in 16.464 us.
  EXPECT_NEAR(R.DramGBsUsed, 163840.0 / 16.464e-6 / 1e9, 1e-9);
}

TEST(WarplintModelTest, CampingSlowsTheDramBoundOnly) {
  // The same copy with every byte charged 8 times (a reference whose blocks
  // all use one of 8 partitions): DRAM 8 x 16384 = 131072 (+ 2 x 40).
  WarplintInput In = machine();
  In.Warp.IssueInsts = 10;
  In.Warp.GlobalLoads = 2;
  In.Warp.LoadLatencyCycles = 2 * 400;
  In.Warp.DramBytesUncamped = 1024;
  In.Warp.DramBytes = 8 * 1024;
  WarplintResult R = warplintModel(In);
  EXPECT_DOUBLE_EQ(R.TotalCycles, 131072 + 80);
  EXPECT_EQ(R.Bound, "DRAM bandwidth");
}

TEST(WarplintModelTest, BankConflictsChargeTheSharedPipeline) {
  // 100 instructions and 64 shared wavefronts per warp (32 accesses, each a
  // half-warp pair: 2 wavefronts, conflict-free): shared 16 x 64 x 2 =
  // 2048 < issue 16 x 100 x 4 = 6400: issue bounds, + 2 waves x (128
  // shared per warp) = 6656. A 16-way conflict makes the wavefronts 16
  // times as many: shared 32768 bounds, + 2 x 400 issue = 33568.
  WarplintInput In = machine();
  In.Warp.IssueInsts = 100;
  In.Warp.SharedWavefronts = 64;
  WarplintResult Free = warplintModel(In);
  EXPECT_EQ(Free.Bound, "issue");
  EXPECT_DOUBLE_EQ(Free.TotalCycles, 6400 + 2 * 128);
  In.Warp.SharedWavefronts = 64 * 16;
  WarplintResult Conflict = warplintModel(In);
  EXPECT_EQ(Conflict.Bound, "shared memory");
  EXPECT_DOUBLE_EQ(Conflict.SharedCycles, 32768);
  EXPECT_DOUBLE_EQ(Conflict.TotalCycles, 32768 + 2 * 400);
  EXPECT_GT(Conflict.TotalCycles, Free.TotalCycles);
}

TEST(WarplintModelTest, FewWarpsAreLatencyBound) {
  // One block of one warp on a 10-SM GPU: 1 SM busy, 1 wave. 8 dependent
  // loads: chain 8 x 400 + 20 x 4 = 3280 > issue 80 > DRAM 8 x 128 / 10
  // (one SM gets the whole bandwidth) = 102.4. Fill: DRAM 102.4.
  WarplintInput In = machine();
  In.Launch.Blocks = 1;
  In.Launch.WarpsPerBlock = 1;
  In.Warp.IssueInsts = 20;
  In.Warp.GlobalLoads = 8;
  In.Warp.LoadLatencyCycles = 8 * 400;
  In.Warp.DramBytes = In.Warp.DramBytesUncamped = 8 * 128;
  WarplintResult R = warplintModel(In);
  EXPECT_EQ(R.Bound, "latency");
  EXPECT_DOUBLE_EQ(R.ChainCycles, 3280);
  EXPECT_DOUBLE_EQ(R.DramCycles, 102.4);
  EXPECT_DOUBLE_EQ(R.TotalCycles, 3280 + 102.4);
}

TEST(WarplintModelTest, ScatteredRequestsChargeTheLoadStoreUnit) {
  // 4 requests per warp that hit in the cache (no DRAM byte), each touching
  // 32 lines: 16 warps x 128 transactions = 2048 cycles > issue 16 x 10 x 4
  // = 640; + 2 waves x 40 issue. Coalesced (1 line each): issue bounds.
  WarplintInput In = machine();
  In.Warp.IssueInsts = 10;
  In.Warp.Transactions = 4 * 32;
  WarplintResult R = warplintModel(In);
  EXPECT_EQ(R.Bound, "L1 transactions");
  EXPECT_DOUBLE_EQ(R.LsuCycles, 2048);
  EXPECT_DOUBLE_EQ(R.TotalCycles, 2048 + 2 * 40);
  In.Warp.Transactions = 4;
  EXPECT_EQ(warplintModel(In).Bound, "issue");
}

TEST(WarplintModelTest, BarriersWaitForTheBlocksWarps) {
  // 3 barriers in 4-warp blocks: each waits 3 issue slots (12 cycles).
  WarplintInput In = machine();
  In.Warp.IssueInsts = 10;
  In.Warp.Barriers = 3;
  WarplintResult R = warplintModel(In);
  EXPECT_DOUBLE_EQ(R.ChainCycles, 40 + 3 * 3 * 4);
}

TEST(WarplintModelTest, MissingFiguresAreErrors) {
  WarplintInput In = machine();
  In.Machine.DramGBs = 0;
  WarplintResult R = warplintModel(In);
  EXPECT_FALSE(R.Ok);
  EXPECT_NE(R.Error.find("bandwidth"), std::string::npos);
  In = machine();
  In.Launch.ActiveBlocksPerSm = 0;
  EXPECT_FALSE(warplintModel(In).Ok);
  In = machine();
  In.Launch.Blocks = 0;
  EXPECT_FALSE(warplintModel(In).Ok);
}

TEST(WarplintModelTest, JsonHoldsTheTerms) {
  WarplintInput In = machine();
  In.Warp.IssueInsts = 10;
  llvm::json::Value V = toJSON(warplintModel(In));
  const llvm::json::Object *O = V.getAsObject();
  ASSERT_TRUE(O);
  EXPECT_EQ(O->getString("bound"), "issue");
  EXPECT_EQ(O->getNumber("issue_cycles"), 640);
  EXPECT_TRUE(O->getNumber("time_s"));
}

} // namespace

TEST(WarplintModelTest, ManySmallBlocksAreBoundByTheirStarts) {
  // The copy of DramBoundCopy with blocks started 5000 cycles apart: 4
  // blocks per SM x 5000 = 20000 cycles, above DRAM's 16384. Block launch
  // bounds; per wave one warp's issue (40) and DRAM share (1024) are not
  // hidden: 20000 + 2 x 1064 = 22128.
  WarplintInput In = machine();
  In.Machine.BlockLaunchCycles = 5000;
  In.Warp.IssueInsts = 10;
  In.Warp.GlobalLoads = 2;
  In.Warp.LoadLatencyCycles = 2 * 400;
  In.Warp.DramBytes = In.Warp.DramBytesUncamped = 1024;
  WarplintResult R = warplintModel(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.BlockLaunchCycles, 20000);
  EXPECT_EQ(R.Bound, "block launch");
  EXPECT_DOUBLE_EQ(R.TotalCycles, 22128);
  // Unknown (0): no cost per block, DRAM bounds as before.
  In.Machine.BlockLaunchCycles = 0;
  R = warplintModel(In);
  EXPECT_EQ(R.Bound, "DRAM bandwidth");
  EXPECT_DOUBLE_EQ(R.BlockLaunchCycles, 0);
}

TEST(WarplintModelTest, DoublePrecisionChargesTheFp64Units) {
  // Per warp 100 instructions, 80 of them FP64 at 4 cycles each (8 results
  // per clock, Kepler GK20A's rate): FP64 16 x 80 x 4 = 5120 against issue
  // 16 x 100 x 4 = 6400 -> issue still bounds; at 8 cycles (4 per clock),
  // 10240 > 6400: the FP64 units bound, and the warp's issue (400) fills
  // each of the 2 waves: 10240 + 2 x 400 = 11040.
  WarplintInput In = machine();
  In.Warp.IssueInsts = 100;
  In.Warp.Fp64Insts = 80;
  In.Machine.Fp64CyclesPerWarpInst = 4;
  WarplintResult R = warplintModel(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.Fp64Cycles, 5120);
  EXPECT_EQ(R.Bound, "issue");
  In.Machine.Fp64CyclesPerWarpInst = 8;
  R = warplintModel(In);
  EXPECT_DOUBLE_EQ(R.Fp64Cycles, 10240);
  EXPECT_EQ(R.Bound, "FP64 units");
  EXPECT_DOUBLE_EQ(R.TotalCycles, 10240 + 2 * 400);
  // Not known (0): no FP64 bound.
  In.Machine.Fp64CyclesPerWarpInst = 0;
  EXPECT_DOUBLE_EQ(warplintModel(In).Fp64Cycles, 0);
}
