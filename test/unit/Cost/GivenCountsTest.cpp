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
