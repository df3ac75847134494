//===- PortInsightsTest.cpp - access classes and shared-memory advice -----===//
#include "Cost/PortInsights.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

AccessFacts read(const std::string &Base, Expr Index, std::vector<unsigned> Loops) {
  AccessFacts A;
  A.Space = MemorySpace::Global;
  A.Base = Base;
  A.Index = Index;
  A.IsRead = true;
  A.ElementSize = 4;
  A.Loops = std::move(Loops);
  A.Text = Base + "[...]";
  return A;
}

TEST(PortInsightsTest, GemmRowMajorMapping) {
  // i = blockIdx.y*32 + threadIdx.y, j = blockIdx.x*32 + threadIdx.x, k a
  // loop of 64: A[i][k], B[k][j] read in the loop, C[i][j] outside it.
  Expr I = blockIdx('y') * blockDim('y') + threadIdx('y');
  Expr J = blockIdx('x') * blockDim('x') + threadIdx('x');
  Expr K = Expr::symbol("k", SymbolKind::LoopIter);
  KernelFacts F;
  F.Accesses = {read("A", I * 64 + K, {0}), read("B", K * 64 + J, {0}),
                read("C", I * 64 + J, {})};
  InstructionCounts IC;
  IC.Accesses.resize(3);
  IC.Accesses[0].Class = AccessClass::Broadcast;
  IC.Accesses[1].Class = AccessClass::Coalesced;
  IC.Accesses[2].Class = AccessClass::Coalesced;
  for (AccessCount &A : IC.Accesses)
    A.PerThread = 64;
  IC.Accesses[2].PerThread = 1;
  std::vector<ArrayAccessClass> C = arrayClasses(F, IC);
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0].Array, "A");
  EXPECT_EQ(C[0].Class, "constant");
  EXPECT_EQ(C[1].Class, "coalesced");

  LaunchConfig L;
  L.Block = {32, 32, 1};
  std::vector<SharedCandidate> S = sharedCandidates(F, L, IC);
  // A is shared by the 32 threads of a row, B by those of a column; C is
  // read outside any loop: not a candidate.
  ASSERT_EQ(S.size(), 2u);
  EXPECT_EQ(S[0].ThreadsSharing, 32);
  EXPECT_EQ(S[1].ThreadsSharing, 32);
  EXPECT_DOUBLE_EQ(S[0].ReadsPerThread, 64);
  // With a 1-D block along x, B's element is read by one thread only.
  L.Block = {256, 1, 1};
  S = sharedCandidates(F, L, IC);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Array, "A");
  EXPECT_EQ(S[0].ThreadsSharing, 256);
}

TEST(PortInsightsTest, SyrkNamesBothReadsAndTheUncoalescedOne) {
  // SYRK with x=j, y=i: A[i][k] is shared by a row of the block
  // (broadcast), A[j][k] by a column (uncoalesced: one row of A per
  // lane). Staging A serves both; the advice names both, and says that the
  // tile loads replace the uncoalesced one.
  Expr I = blockIdx('y') * blockDim('y') + threadIdx('y');
  Expr J = blockIdx('x') * blockDim('x') + threadIdx('x');
  Expr K = Expr::symbol("k", SymbolKind::LoopIter);
  KernelFacts F;
  F.Accesses = {read("A", I * 64 + K, {0}), read("A", J * 64 + K, {0}),
                read("A", I * 64 + K, {0})};
  F.Accesses[0].Text = F.Accesses[2].Text = "A[i][k]";
  F.Accesses[1].Text = "A[j][k]";
  InstructionCounts IC;
  IC.Accesses.resize(3);
  IC.Accesses[0].Class = IC.Accesses[2].Class = AccessClass::Broadcast;
  IC.Accesses[1].Class = AccessClass::Uncoalesced;
  for (AccessCount &A : IC.Accesses)
    A.PerThread = 64;
  LaunchConfig L;
  L.Block = {32, 32, 1};
  std::vector<SharedCandidate> S = sharedCandidates(F, L, IC);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "A[i][k], A[j][k]");
  EXPECT_DOUBLE_EQ(S[0].ReadsPerThread, 192);
  ASSERT_EQ(S[0].Uncoalesced.size(), 1u);
  EXPECT_EQ(S[0].Uncoalesced[0], "A[j][k]");
}

TEST(PortInsightsTest, MixedClassesOfOneArray) {
  KernelFacts F;
  Expr X = threadIdx('x');
  F.Accesses = {read("a", X, {}), read("a", X * 32, {})};
  InstructionCounts IC;
  IC.Accesses.resize(2);
  IC.Accesses[0].Class = AccessClass::Coalesced;
  IC.Accesses[1].Class = AccessClass::Uncoalesced;
  std::vector<ArrayAccessClass> C = arrayClasses(F, IC);
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].Class, "mixed");
  EXPECT_EQ(C[0].Accesses, 2u);
}

} // namespace

TEST(PortInsightsTest, AnIndexLoadedPerThreadSharesNothingKnown) {
  // data[idx[i] + k] with i = threadIdx.x: idx[i] is a value that differs
  // between threads, though the index names no threadIdx. Which threads
  // read one element is not known: no advice. The same read through a
  // value every thread shares (idx[0] + k) is shared by the block.
  Expr K = Expr::symbol("k", SymbolKind::LoopIter);
  Expr PerThread = Expr::symbol("idx[i]", SymbolKind::Unknown, true);
  Expr Uniform = Expr::symbol("idx[0]", SymbolKind::Unknown, false);
  KernelFacts F;
  F.Accesses = {read("data", PerThread + K, {0})};
  InstructionCounts IC;
  IC.Accesses.resize(1);
  IC.Accesses[0].Class = AccessClass::Unclassified;
  IC.Accesses[0].PerThread = 64;
  LaunchConfig L;
  L.Block = {256, 1, 1};
  EXPECT_TRUE(sharedCandidates(F, L, IC).empty());
  F.Accesses[0].Index = Uniform + K;
  std::vector<SharedCandidate> S = sharedCandidates(F, L, IC);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].ThreadsSharing, 256);
}
