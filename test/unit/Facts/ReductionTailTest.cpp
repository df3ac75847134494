//===- ReductionTailTest.cpp - a parallel reduction's warp tail -----------===//
#include "Facts/ReductionTail.h"

#include <gtest/gtest.h>

using namespace warplint;

TEST(ReductionTailTest, ShufflesAddsAndOneAtomicPerWarp) {
  KernelFacts K;
  BranchFacts Guard; // the port's own `if (i < N)`
  Guard.Id = 3;
  K.Branches.push_back(Guard);
  SourceLoc Loc{"f.c", 7, 3};
  std::vector<std::string> Notes =
      appendSumReductionTail(K, "s", 8, /*Floating=*/true, Loc);
  // Two notes for a double: the reduction, and that atomicAdd on double
  // is native only from compute capability 6.0.
  ASSERT_EQ(Notes.size(), 2u);
  EXPECT_NE(Notes[0].find("5 shuffles"), std::string::npos);
  EXPECT_NE(Notes[1].find("atomicCAS loop"), std::string::npos);
  // Shuffles: 5 steps x 2 words for a double; 5 double adds.
  unsigned Shfl = 0, Adds = 0;
  for (const OpFacts &O : K.Ops) {
    if (O.Kind == OpKind::Math && O.Name == "__shfl_down_sync")
      Shfl += O.Count;
    if (O.Kind == OpKind::Add && O.Type == OpType::Double)
      Adds += O.Count;
  }
  EXPECT_EQ(Shfl, 10u);
  EXPECT_EQ(Adds, 5u);
  // The lane-0 branch gets a fresh id; the one store (a RED) is under it.
  ASSERT_EQ(K.Branches.size(), 2u);
  EXPECT_EQ(K.Branches[1].Id, 4u);
  EXPECT_TRUE(K.Branches[1].ThreadDependent);
  ASSERT_EQ(K.Accesses.size(), 1u);
  const AccessFacts &A = K.Accesses[0];
  EXPECT_EQ(A.Space, MemorySpace::Global);
  EXPECT_EQ(A.Base, "s");
  EXPECT_TRUE(A.IsWrite);
  EXPECT_FALSE(A.IsRead);
  EXPECT_EQ(A.ElementSize, 8u);
  ASSERT_EQ(A.Guards.size(), 1u);
  EXPECT_EQ(A.Guards[0].Branch, 4u);
  // The guard holds for lane 0 and 32 of a 256-thread block, not lane 1.
  auto Lane = [&](int64_t Tx) {
    return K.Branches[1].Condition.evaluate(
        {{"threadIdx.x", Tx}, {"threadIdx.y", 0}, {"threadIdx.z", 0},
         {"blockDim.x", 256}, {"blockDim.y", 1}});
  };
  EXPECT_EQ(Lane(0), std::optional<int64_t>(1));
  EXPECT_EQ(Lane(32), std::optional<int64_t>(1));
  EXPECT_EQ(Lane(1), std::optional<int64_t>(0));
}
