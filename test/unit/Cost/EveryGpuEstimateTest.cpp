//===- EveryGpuEstimateTest.cpp - every shipped GPU gets an estimate ------===//
//
// Each file of arch/ must give Hong–Kim's model what it cannot do without:
// a clock (Freq), a DRAM bandwidth (Mem_Bandwidth) and a memory latency
// (Mem_LD, from hk_mem_ld_cycles or lat_dram_cycles). The T4 lacked a DRAM
// latency and the B200 a clock; both now carry documented stand-ins
// (docs/arch.md, "Stand-ins").
//
//===----------------------------------------------------------------------===//
#include "Arch/ArchDatabase.h"
#include "Cost/HongKim.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace warplint;

namespace {

TEST(EveryGpuEstimateTest, EveryBuiltinGpuGetsAFiniteEstimate) {
  auto DB = ArchDatabase::builtin();
  ASSERT_TRUE(bool(DB)) << llvm::toString(DB.takeError());
  ASSERT_FALSE(DB->all().empty());
  HongKimKernelCounts C;
  C.Comp = 20;
  C.CoalMem = 2;
  C.UncoalMem = 1;
  HongKimLaunch L;
  L.ThreadsPerBlock = 256;
  L.Blocks = 1024;
  L.ActiveBlocksPerSM = 2;
  for (const ArchSpec *A : DB->all()) {
    SCOPED_TRACE(A->Id);
    EXPECT_GT(A->CoreClockMHz, 0);
    EXPECT_GT(A->DramBandwidthGBs, 0);
    EXPECT_TRUE(A->HkMemLd > 0 || A->LatDramCycles > 0);
    HongKimResult R = hongKim(hongKimInputFrom(*A, C, L));
    ASSERT_TRUE(R.Ok) << R.Error;
    EXPECT_TRUE(std::isfinite(R.TimeSeconds) && R.TimeSeconds > 0);
  }
}

} // namespace
