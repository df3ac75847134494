//===- GivenCountsTest.cpp - warplint --counts specifications -------------===//
#include "Cost/Estimate.h"

#include <gtest/gtest.h>

using namespace warplint;

// Hong-Kim Table 2's counts as --counts gives them.
TEST(GivenCountsTest, ReadsThePapersCounts) {
  std::map<std::string, HongKimKernelCounts> M;
  std::string Err;
  ASSERT_TRUE(parseGivenCounts(
      "MatrixMulKernel: comp=27 coal=0 uncoal=6 sync=6 uncoal_per_mw=16", M,
      Err))
      << Err;
  ASSERT_EQ(M.count("MatrixMulKernel"), 1u);
  const HongKimKernelCounts &C = M["MatrixMulKernel"];
  EXPECT_EQ(C.Comp, 27);
  EXPECT_EQ(C.CoalMem, 0);
  EXPECT_EQ(C.UncoalMem, 6);
  EXPECT_EQ(C.Synch, 6);
  EXPECT_EQ(C.UncoalPerMw, 16);
  EXPECT_EQ(C.CoalPerMw, 1);          // not given: the default
  EXPECT_EQ(C.LoadBytesPerWarp, 128); // not given: the default
}

TEST(GivenCountsTest, SaysWhatIsWrong) {
  std::map<std::string, HongKimKernelCounts> M;
  std::string Err;
  EXPECT_FALSE(parseGivenCounts("k comp=1", M, Err));
  EXPECT_EQ(Err, "expected 'kernel: comp=N coal=N uncoal=N sync=N'");
  EXPECT_FALSE(parseGivenCounts("k: comp=1 coal=0", M, Err));
  EXPECT_EQ(Err, "'uncoal=' is missing");
  EXPECT_FALSE(parseGivenCounts("k: comp=-1 coal=0 uncoal=0 sync=0", M, Err));
  EXPECT_EQ(Err, "'comp=-1' is not key=number (a number >= 0)");
  EXPECT_FALSE(parseGivenCounts("k: comp=1 coal=0 uncoal=0 sync=0 fma=3", M,
                                Err));
  EXPECT_EQ(Err, "unknown key 'fma' (comp, coal, uncoal, sync, uncoal_per_mw, "
                 "coal_per_mw, load_bytes)");
  EXPECT_TRUE(M.empty());
}

// A launch in a host loop: the loop's total is its trip count times the
// mean of the iterations estimated, per kernel, GPU and loop (and
// iteration of the loops around it); launches outside loops get none.
TEST(HostLoopTotalsTest, TripsTimesTheMeanOfTheSamples) {
  auto Make = [](std::string Kernel, double Seconds,
                 std::vector<HostIteration> It) {
    KernelEstimate E;
    E.File = "a.cu";
    E.Kernel = std::move(Kernel);
    E.ArchId = "h200";
    E.Cycles.TimeSeconds = Seconds;
    E.Config.Iterations = std::move(It);
    return E;
  };
  SourceLoc Inner{"a.cu", 20, 3}, Outer{"a.cu", 10, 1};
  std::vector<KernelEstimate> Es = {
      // Fan1 at iterations 0, 511 and 1022 of 1023.
      Make("Fan1", 3e-6, {{Inner, 0, 1023}}),
      Make("Fan1", 2e-6, {{Inner, 511, 1023}}),
      Make("Fan1", 1e-6, {{Inner, 1022, 1023}}),
      // Another kernel in the same loop: its own total.
      Make("Fan2", 4e-6, {{Inner, 0, 1023}}),
      // Nested: the inner loop's samples at one outer iteration.
      Make("k", 1e-6, {{Outer, 0, 4}, {Inner, 0, 8}}),
      Make("k", 3e-6, {{Outer, 0, 4}, {Inner, 7, 8}}),
      Make("k", 5e-6, {{Outer, 3, 4}, {Inner, 0, 8}}),
      Make("once", 1e-6, {})};
  hostLoopTotals(Es);
  ASSERT_TRUE(Es[0].HostLoop);
  EXPECT_EQ(Es[0].HostLoop->Trips, 1023u);
  EXPECT_EQ(Es[0].HostLoop->Estimated, 3u);
  EXPECT_DOUBLE_EQ(Es[0].HostLoop->TimeSeconds, 2e-6 * 1023);
  EXPECT_DOUBLE_EQ(Es[2].HostLoop->TimeSeconds, 2e-6 * 1023);
  EXPECT_DOUBLE_EQ(Es[3].HostLoop->TimeSeconds, 4e-6 * 1023);
  EXPECT_EQ(Es[3].HostLoop->Estimated, 1u);
  EXPECT_DOUBLE_EQ(Es[4].HostLoop->TimeSeconds, 2e-6 * 8);
  EXPECT_EQ(Es[4].HostLoop->Estimated, 2u);
  EXPECT_DOUBLE_EQ(Es[6].HostLoop->TimeSeconds, 5e-6 * 8);
  EXPECT_FALSE(Es[7].HostLoop);
}
