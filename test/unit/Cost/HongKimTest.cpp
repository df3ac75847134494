//===- HongKimTest.cpp - Hong–Kim ISCA'09 eq. (1)-(27) ---------------------===//
//
// Table 2 of the paper reproduced from its parameters, every intermediate;
// then one kernel for each of the cases (22), (23), (24), computed by hand.
//
//===----------------------------------------------------------------------===//
#include "Cost/HongKim.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace warplint;

namespace {

/// Hong–Kim Table 2: the tiled matrix multiply of Fig. 12 launched
/// <<<80, 128>>> on the Sec. 3.6 machine (80 GB/s, 1 GHz, 16 SMs).
HongKimInput table2Input() {
  HongKimInput In;
  In.ThreadsPerWarp = 32;      // Table 1
  In.IssueCycles = 4;          // Table 1
  In.FreqGHz = 1;              // Sec. 3.6
  In.MemBandwidthGBs = 80;     // Sec. 3.6
  In.MemLd = 420;              // Table 2
  In.DepartureDelUncoal = 10;  // Table 2
  In.DepartureDelCoal = 4;     // not in Table 2 (no coalesced access); Table 6
  In.ThreadsPerBlock = 128;    // Table 2
  In.Blocks = 80;              // Table 2
  In.ActiveBlocksPerSM = 5;    // Table 2
  In.ActiveSMs = 16;           // Table 2
  In.ActiveWarpsPerSM = 20;    // Table 2: 128/32 x 5
  In.CompInsts = 27;           // Table 2
  In.UncoalMemInsts = 6;       // Table 2
  In.CoalMemInsts = 0;         // Table 2
  In.SynchInsts = 6;           // Table 2: 2 x 3
  In.CoalPerMw = 1;            // Table 2
  In.UncoalPerMw = 32;         // Table 2
  In.LoadBytesPerWarp = 128;   // Table 2: 4B x 32
  return In;
}

TEST(HongKimTest, Table2AsPrintedWithThePapersRounding) {
  HongKimInput In = table2Input();
  In.PaperRounding = true;
  HongKimResult R = hongKim(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  // Every row of Table 2, with the value the paper prints.
  EXPECT_DOUBLE_EQ(R.DepartureDelay, 320);  // 32 x 10
  EXPECT_DOUBLE_EQ(R.MemL, 730);            // 420 + (32 - 1) x 10
  EXPECT_DOUBLE_EQ(R.MemLUncoal, 730);
  EXPECT_DOUBLE_EQ(R.MwpWithoutBwFull, 2.28); // 730/320
  EXPECT_DOUBLE_EQ(R.BwPerWarpGBs, 0.175);    // 1G x 128B / 730
  EXPECT_DOUBLE_EQ(R.MwpPeakBw, 28.57);       // 80 / (0.175 x 16)
  EXPECT_DOUBLE_EQ(R.Mwp, 2.28);              // MIN(2.28, 28.57, 20)
  EXPECT_DOUBLE_EQ(R.CompCycles, 132);        // 4 x (27 + 6)
  EXPECT_DOUBLE_EQ(R.MemCycles, 4380);        // 730 x 6
  EXPECT_DOUBLE_EQ(R.CwpFull, 34.18);         // (4380 + 132)/132
  EXPECT_DOUBLE_EQ(R.Cwp, 20);                // MIN(34.18, 20)
  EXPECT_DOUBLE_EQ(R.Rep, 1);                 // 80 / (16 x 5)
  EXPECT_EQ(R.Case, HongKimCase::Eq23);       // "CWP is greater than MWP"
  // 4380 x 20/2.28 + 132/6 x (2.28 - 1) = 38421.05 + 28.16 = 38449.2;
  // Table 2 prints 38450.
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 38450);
  EXPECT_DOUBLE_EQ(R.SynchCost, 12288);        // 320 x (2.28 - 1) x 6 x 5
  EXPECT_DOUBLE_EQ(R.ExecCyclesWithSynch, 50738); // 38450 + 12288
  EXPECT_TRUE(R.MemoryBound);
}

TEST(HongKimTest, Table2ExactArithmetic) {
  HongKimResult R = hongKim(table2Input());
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.WeightUncoal, 1);
  EXPECT_DOUBLE_EQ(R.WeightCoal, 0);
  EXPECT_DOUBLE_EQ(R.MemLCoal, 420);
  EXPECT_DOUBLE_EQ(R.MwpWithoutBwFull, 2.28125);  // 730/320
  EXPECT_DOUBLE_EQ(R.MwpWithoutBw, 2.28125);
  EXPECT_DOUBLE_EQ(R.BwPerWarpGBs, 128.0 / 730);
  // 80 / (128/730 x 16) = 58400/2048
  EXPECT_DOUBLE_EQ(R.MwpPeakBw, 28.515625);
  EXPECT_DOUBLE_EQ(R.Mwp, 2.28125);
  EXPECT_DOUBLE_EQ(R.CwpFull, 4512.0 / 132);
  EXPECT_DOUBLE_EQ(R.CompP, 22);                  // 132/6
  EXPECT_EQ(R.Case, HongKimCase::Eq23);
  // 4380 x 20/2.28125 = 87600 x 320/730 = 38400; 22 x 1.28125 = 28.1875.
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 38428.1875);
  EXPECT_DOUBLE_EQ(R.SynchDelayPerInst, 410);     // 320 x 1.28125
  EXPECT_DOUBLE_EQ(R.SynchCost, 12300);           // 410 x 6 x 5 x 1
  EXPECT_DOUBLE_EQ(R.ExecCyclesWithSynch, 50728.1875);
  // Within 0.02% of the printed 50738: the difference is the rounding of
  // MWP to 2.28.
  EXPECT_NEAR(R.ExecCyclesWithSynch, 50738, 50738 * 2e-4);
  // eq. 25: 33 insts x 4 warps per block x 80/16 blocks per SM = 660.
  EXPECT_DOUBLE_EQ(R.Cpi, 38428.1875 / 660);
  EXPECT_DOUBLE_EQ(R.CpiWithSynch, 50728.1875 / 660);
  EXPECT_DOUBLE_EQ(R.TimeSeconds, 50728.1875e-9); // 1 GHz
}

/// A coalesced kernel on the Sec. 3.6 machine; the tests vary it.
HongKimInput coalescedInput() {
  HongKimInput In = table2Input();
  In.DepartureDelCoal = 4;
  In.UncoalMemInsts = 0;
  In.CoalMemInsts = 1;
  In.SynchInsts = 0;
  return In;
}

TEST(HongKimTest, CaseTwentyTwoNotEnoughWarps) {
  // One block of 64 threads per SM: N = 2.
  HongKimInput In = coalescedInput();
  In.ThreadsPerBlock = 64;
  In.ActiveBlocksPerSM = 1;
  In.ActiveWarpsPerSM = 2;
  In.Blocks = 16;
  In.CompInsts = 9;
  HongKimResult R = hongKim(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  // Mem_L = 420, Departure_delay = 4, MWP_Without_BW_full = 105 -> 2;
  // BW_per_warp = 128/420 GB/s, MWP_peak_BW = 80 x 420/(128 x 16)
  // = 16.40625; MWP = MIN(2, 16.40625, 2) = 2 = N.
  EXPECT_DOUBLE_EQ(R.MwpWithoutBwFull, 105);
  EXPECT_DOUBLE_EQ(R.MwpPeakBw, 16.40625);
  EXPECT_DOUBLE_EQ(R.Mwp, 2);
  // Comp_cycles = 4 x 10 = 40, Mem_cycles = 420, CWP_full = 460/40 = 11.5
  // -> CWP = 2 = N.
  EXPECT_DOUBLE_EQ(R.CompCycles, 40);
  EXPECT_DOUBLE_EQ(R.CwpFull, 11.5);
  EXPECT_DOUBLE_EQ(R.Cwp, 2);
  EXPECT_EQ(R.Case, HongKimCase::Eq22);
  // (420 + 40 + 40/1 x (2 - 1)) x #Rep, #Rep = 16/(1 x 16) = 1.
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 500);
  EXPECT_DOUBLE_EQ(R.ExecCyclesWithSynch, 500);
  // CPI = 500 / (10 x 64/32 x 16/16) = 25.
  EXPECT_DOUBLE_EQ(R.Cpi, 25);
}

TEST(HongKimTest, CaseTwentyFourComputationBound) {
  // Two blocks of 128 threads per SM: N = 8; 64 blocks: #Rep = 2.
  HongKimInput In = coalescedInput();
  In.ActiveBlocksPerSM = 2;
  In.ActiveWarpsPerSM = 8;
  In.Blocks = 64;
  In.CompInsts = 69;
  HongKimResult R = hongKim(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  // MWP = MIN(MIN(105, 8), 16.40625, 8) = 8.
  EXPECT_DOUBLE_EQ(R.Mwp, 8);
  // Comp_cycles = 4 x 70 = 280 <= Mem_cycles = 420;
  // CWP_full = 700/280 = 2.5 < MWP.
  EXPECT_DOUBLE_EQ(R.CompCycles, 280);
  EXPECT_DOUBLE_EQ(R.MemCycles, 420);
  EXPECT_DOUBLE_EQ(R.Cwp, 2.5);
  EXPECT_DOUBLE_EQ(R.Rep, 2);
  EXPECT_EQ(R.Case, HongKimCase::Eq24);
  EXPECT_FALSE(R.MemoryBound);
  // (Mem_L + Comp_cycles x N) x #Rep = (420 + 280 x 8) x 2.
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 5320);
}

// Sec. 3.2.2, Case 5 (Fig. 7): Comp_cycles > Mem_cycles. The paper gives
// its total as "the same as that of Case 4": N computation periods plus one
// memory waiting period, eq. (3), the form of (24). Printed, (23) lists
// "Comp_cycles > Mem_cycles" among its conditions; taken literally that
// gives less than N x Comp_cycles, the computation of N warps issued one
// after another.
TEST(HongKimTest, CaseFiveComputeLongerThanMemoryWithMwpAboveCwp) {
  HongKimInput In = coalescedInput();
  In.ActiveBlocksPerSM = 2;
  In.ActiveWarpsPerSM = 8;
  In.Blocks = 32;
  In.CompInsts = 199;
  HongKimResult R = hongKim(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  // Comp_cycles = 4 x 200 = 800 > 420; CWP_full = 1220/800 = 1.525 < 8.
  EXPECT_DOUBLE_EQ(R.CompCycles, 800);
  EXPECT_DOUBLE_EQ(R.Cwp, 1.525);
  EXPECT_DOUBLE_EQ(R.Mwp, 8);
  EXPECT_EQ(R.Case, HongKimCase::Eq24);
  EXPECT_TRUE(R.ComputeDominates);
  EXPECT_STREQ(boundOf(R), "compute");
  // (420 + 800 x 8) x 1 = 6820, not (23)'s 420 x 8/8 + 800 x 7 = 6020,
  // which is below N x Comp_cycles = 6400.
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 6820);
  EXPECT_GE(R.ExecCyclesApp, R.N * R.CompCycles * R.Rep);
}

TEST(HongKimTest, CaseFiveAlsoWhenBandwidthBringsMwpBelowCwp) {
  // The same kernel on a 6.4 GB/s machine: MWP_peak_BW = 6.4 x 420 /
  // (128 x 16) = 1.3125 <= CWP = 1.525, so (23)'s first condition holds
  // too; Case 5 still applies: (23) would give 420 x 8/1.3125 + 800 x
  // 0.3125 = 2810, less than half of N x Comp_cycles.
  HongKimInput In = coalescedInput();
  In.MemBandwidthGBs = 6.4;
  In.ActiveBlocksPerSM = 2;
  In.ActiveWarpsPerSM = 8;
  In.Blocks = 64; // #Rep = 2
  In.CompInsts = 199;
  HongKimResult R = hongKim(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.Mwp, 1.3125);
  EXPECT_GE(R.Cwp, R.Mwp);
  EXPECT_EQ(R.Case, HongKimCase::Eq24);
  EXPECT_TRUE(R.ComputeDominates);
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, (420 + 800 * 8) * 2);
}

TEST(HongKimTest, EqualComputeAndMemoryIsNotCaseFive) {
  // Case 5 needs Comp_cycles *longer* than Mem_cycles: at 4 x 105 = 420
  // = Mem_cycles, with MWP 1.3125 <= CWP 2, (23) applies.
  HongKimInput In = coalescedInput();
  In.MemBandwidthGBs = 6.4;
  In.ActiveBlocksPerSM = 2;
  In.ActiveWarpsPerSM = 8;
  In.Blocks = 32;
  In.CompInsts = 104;
  HongKimResult R = hongKim(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.CompCycles, 420);
  EXPECT_DOUBLE_EQ(R.Cwp, 2);
  EXPECT_EQ(R.Case, HongKimCase::Eq23);
  EXPECT_FALSE(R.ComputeDominates);
  // 420 x 8/1.3125 + 420/1 x 0.3125 = 2560 + 131.25.
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 2691.25);
}

TEST(HongKimTest, NeverBelowTheComputationWhereItDominates) {
  // Across computation counts, bandwidths and warp counts: wherever
  // Comp_cycles > Mem_cycles the estimate is at least N x Comp_cycles x
  // #Rep.
  for (double Bw : {1.0, 6.4, 80.0})
    for (double Warps : {1.0, 2.0, 8.0, 20.0})
      for (double Comp : {0.0, 50.0, 104.0, 105.0, 199.0, 1000.0}) {
        HongKimInput In = coalescedInput();
        In.MemBandwidthGBs = Bw;
        In.ActiveWarpsPerSM = Warps;
        In.CompInsts = Comp;
        HongKimResult R = hongKim(In);
        ASSERT_TRUE(R.Ok) << R.Error;
        EXPECT_EQ(R.ComputeDominates,
                  R.CompCycles > R.MemCycles && R.Case != HongKimCase::Eq22);
        if (R.CompCycles > R.MemCycles)
          EXPECT_GE(R.ExecCyclesApp, R.N * R.CompCycles * R.Rep)
              << "bw " << Bw << " N " << Warps << " comp " << Comp;
      }
}

TEST(HongKimTest, BandwidthLimitsMwp) {
  // Table 2's kernel coalesced on a 10 GB/s machine: BW_per_warp =
  // 128/420 GB/s, MWP_peak_BW = 10 x 420/(128 x 16) = 2.05078125, below
  // MWP_Without_BW = MIN(105, 20) = 20.
  HongKimInput In = table2Input();
  In.MemBandwidthGBs = 10;
  In.UncoalMemInsts = 0;
  In.CoalMemInsts = 6;
  HongKimResult R = hongKim(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.MwpWithoutBw, 20);
  EXPECT_DOUBLE_EQ(R.MwpPeakBw, 2.05078125);
  EXPECT_DOUBLE_EQ(R.Mwp, 2.05078125);
  EXPECT_EQ(R.Case, HongKimCase::Eq23);
  // Mem_cycles = 420 x 6 = 2520; 2520 x 20/2.05078125 = 24576;
  // 132/6 x 1.05078125 = 23.1171875.
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 24576 + 23.1171875);
  // Synch: 4 x 1.05078125 x 6 x 5 = 126.09375.
  EXPECT_DOUBLE_EQ(R.SynchCost, 126.09375);
}

TEST(HongKimTest, MixedWeightsAndCeilRep) {
  // 1 coalesced + 3 uncoalesced (4 transactions each): weights 1/4, 3/4;
  // Mem_L_Uncoal = 420 + 3 x 10 = 450; Mem_L = 450 x 0.75 + 420 x 0.25
  // = 442.5; Departure_delay = 10 x 4 x 0.75 + 4 x 0.25 = 31.
  HongKimInput In = table2Input();
  In.CoalMemInsts = 1;
  In.UncoalMemInsts = 3;
  In.UncoalPerMw = 4;
  In.Blocks = 100; // 100 / 80 = 1.25 waves
  In.CeilRep = true;
  HongKimResult R = hongKim(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.WeightCoal, 0.25);
  EXPECT_DOUBLE_EQ(R.WeightUncoal, 0.75);
  EXPECT_DOUBLE_EQ(R.MemLUncoal, 450);
  EXPECT_DOUBLE_EQ(R.MemL, 442.5);
  EXPECT_DOUBLE_EQ(R.DepartureDelay, 31);
  EXPECT_DOUBLE_EQ(R.MemCycles, 450 * 3 + 420); // eq. 18
  EXPECT_DOUBLE_EQ(R.Rep, 2);                   // ceil(1.25)
  In.CeilRep = false;
  EXPECT_DOUBLE_EQ(hongKim(In).Rep, 1.25);      // as printed
}

TEST(HongKimTest, NoMemoryInstructions) {
  HongKimInput In = table2Input();
  In.UncoalMemInsts = 0;
  In.SynchInsts = 0;
  HongKimResult R = hongKim(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_EQ(R.Case, HongKimCase::NoMemory);
  // 4 x 27 cycles x 20 warps x 1.
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 2160);
  EXPECT_FALSE(R.Assumptions.empty());
}

TEST(HongKimTest, BadInputIsAnError) {
  HongKimInput In = table2Input();
  In.ActiveSMs = 0;
  HongKimResult R = hongKim(In);
  EXPECT_FALSE(R.Ok);
  EXPECT_NE(R.Error.find("#Active_SMs"), std::string::npos);
  In = table2Input();
  In.DepartureDelUncoal = 0;
  R = hongKim(In);
  EXPECT_FALSE(R.Ok);
  EXPECT_NE(R.Error.find("Departure_del_uncoal"), std::string::npos);
}

TEST(HongKimTest, JsonHoldsEveryIntermediate) {
  HongKimInput In = table2Input();
  In.PaperRounding = true;
  llvm::json::Value V = toJSON(hongKim(In));
  const llvm::json::Object *O = V.getAsObject();
  ASSERT_NE(O, nullptr);
  for (const char *K :
       {"mem_l_uncoal", "mem_l_coal", "mem_l", "departure_delay",
        "mwp_without_bw_full", "mwp_without_bw", "bw_per_warp_gbs",
        "mwp_peak_bw", "mwp", "cwp_full", "cwp", "mem_cycles", "comp_cycles",
        "rep", "case", "synch_cost", "exec_cycles_app",
        "exec_cycles_with_synch", "cpi", "time_s"})
    EXPECT_TRUE(O->get(K)) << K;
  EXPECT_EQ(O->getNumber("exec_cycles_with_synch"), 50738);
  EXPECT_EQ(O->getString("case"), "eq23");
}

// --- Machine parameters from an architecture ---------------------------------

TEST(HongKimTest, InputFromTheExampleMachine) {
  // What arch/hongkim_example.yaml holds (checked against the file by
  // HongKimArchTest in test/unit/Arch).
  ArchSpec A;
  A.Id = "hongkim_example";
  A.Major = 1;
  A.Minor = 0;
  A.SmCount = 16;
  A.CoreClockMHz = 1000;
  A.DramBandwidthGBs = 80;
  A.HkMemLd = 420;
  A.HkDepartureDelUncoal = 10;
  A.HkDepartureDelCoal = 4;
  A.HkIssueCycles = 4;
  HongKimKernelCounts C;
  C.Comp = 27;
  C.UncoalMem = 6;
  C.Synch = 6;
  HongKimLaunch L;
  L.ThreadsPerBlock = 128;
  L.Blocks = 80;
  L.ActiveBlocksPerSM = 5;
  HongKimInput In = hongKimInputFrom(A, C, L);
  EXPECT_TRUE(In.Assumptions.empty());
  EXPECT_DOUBLE_EQ(In.ActiveWarpsPerSM, 20); // 5 x 128/32
  EXPECT_DOUBLE_EQ(In.ActiveSMs, 16);        // min(16, 80)
  EXPECT_DOUBLE_EQ(In.FreqGHz, 1);
  In.PaperRounding = true;
  EXPECT_DOUBLE_EQ(hongKim(In).ExecCyclesWithSynch, 50738);
}

TEST(HongKimTest, InputFromAModernGpuStatesItsAssumptions) {
  ArchSpec A;
  A.Id = "a100";
  A.Major = 8;
  A.SmCount = 108;
  A.CoreClockMHz = 1410;
  A.DramBandwidthGBs = 1555;
  A.LatDramCycles = 552;
  HongKimKernelCounts C;
  C.Comp = 10;
  C.CoalMem = 2;
  HongKimLaunch L;
  L.ThreadsPerBlock = 256;
  L.Blocks = 50;
  L.ActiveBlocksPerSM = 8;
  HongKimInput In = hongKimInputFrom(A, C, L);
  EXPECT_DOUBLE_EQ(In.MemLd, 552);
  EXPECT_DOUBLE_EQ(In.DepartureDelCoal, 4);
  EXPECT_DOUBLE_EQ(In.DepartureDelUncoal, 40);
  EXPECT_DOUBLE_EQ(In.IssueCycles, 0.25);
  EXPECT_DOUBLE_EQ(In.ActiveSMs, 50);
  EXPECT_DOUBLE_EQ(In.ActiveWarpsPerSM, 64);
  // Mem_LD, both departure delays, Issue_cycles, #Active_SMs.
  EXPECT_EQ(In.Assumptions.size(), 5u);
  HongKimResult R = hongKim(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_EQ(R.Assumptions.size(), 5u);
}

TEST(HongKimTest, DefaultVariants) {
  ArchSpec G80;
  G80.Major = 1;
  EXPECT_EQ(defaultVariant(G80).Variant, HongKimVariant::Base);
  ArchSpec Tk1;
  Tk1.Major = 3;
  Tk1.Minor = 2;
  Tk1.L2Bytes = 131072;
  Tk1.LatL2HitCycles = 164;
  Tk1.LatDramCycles = 332;
  Tk1.CgDepartureDelL2 = 2;
  Tk1.CgDepartureDelDram = 10;
  EXPECT_EQ(defaultVariant(Tk1).Variant, HongKimVariant::CGPredict);
  ArchSpec V100;
  V100.Major = 7;
  V100.L2Bytes = 6 << 20;
  V100.LatL2HitCycles = 193;
  V100.LatDramCycles = 434;
  EXPECT_EQ(defaultVariant(V100).Variant, HongKimVariant::WangLouL2);
  // Memory-divergent, but no MSHR count: not MDM.
  EXPECT_EQ(defaultVariant(V100, true).Variant, HongKimVariant::WangLouL2);
  V100.L1Mshrs = 512;
  V100.NocBandwidthGBs = 2000;
  EXPECT_EQ(defaultVariant(V100, true).Variant, HongKimVariant::MDM);
  EXPECT_EQ(defaultVariant(V100, false).Variant, HongKimVariant::WangLouL2);
  EXPECT_EQ(parseHongKimVariant("cgpredict"), HongKimVariant::CGPredict);
  EXPECT_FALSE(parseHongKimVariant("nope"));
}

} // namespace
