//===- HongKimArchTest.cpp - arch/hongkim_example.yaml against the paper --===//
//
// The Sec. 3.6 machine of Hong & Kim ISCA'09 as shipped in arch/, checked
// value by value against the paper, then Table 2 from it.
//
//===----------------------------------------------------------------------===//
#include "Arch/ArchDatabase.h"
#include "Cost/HongKim.h"

#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

TEST(HongKimArchTest, ExampleMachineIsThePapers) {
  auto A = loadArchFile(WARPLINT_ARCH_SOURCE_DIR "/hongkim_example.yaml");
  ASSERT_TRUE(bool(A)) << llvm::toString(A.takeError());
  EXPECT_EQ(A->SmCount, 16u);                 // Sec. 3.6: 16 SM processors
  EXPECT_DOUBLE_EQ(A->CoreClockMHz, 1000);    // Sec. 3.6: 1GHz
  EXPECT_DOUBLE_EQ(A->DramBandwidthGBs, 80);  // Sec. 3.6: 80GB/s
  EXPECT_DOUBLE_EQ(A->HkMemLd, 420);          // Table 2: Mem_LD
  EXPECT_DOUBLE_EQ(A->HkDepartureDelUncoal, 10); // Table 2
  EXPECT_DOUBLE_EQ(A->HkDepartureDelCoal, 4);    // Table 6 (FX5600)
  EXPECT_DOUBLE_EQ(A->HkIssueCycles, 4);         // Table 1
  EXPECT_EQ(A->WarpSize, 32u);                   // Table 1
  EXPECT_EQ(A->MaxBlocksPerSm, 8u);              // footnote 9

  // Table 2's counts and occupancy as the paper gives them.
  HongKimKernelCounts C;
  C.Comp = 27;
  C.UncoalMem = 6;
  C.Synch = 6;
  C.UncoalPerMw = 32;
  HongKimLaunch L;
  L.ThreadsPerBlock = 128;
  L.Blocks = 80;
  L.ActiveBlocksPerSM = 5;
  HongKimInput In = hongKimInputFrom(*A, C, L);
  EXPECT_TRUE(In.Assumptions.empty());
  In.PaperRounding = true;
  HongKimResult R = hongKim(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.ExecCyclesApp, 38450);
  EXPECT_DOUBLE_EQ(R.SynchCost, 12288);
  EXPECT_DOUBLE_EQ(R.ExecCyclesWithSynch, 50738);
  EXPECT_EQ(defaultVariant(*A).Variant, HongKimVariant::Base);
}

} // namespace
