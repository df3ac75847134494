//===- InvariantUpdatesTest.cpp - loop-invariant updates in a ported kernel ===//
//
// Facts/InvariantUpdates.h on hand-written facts: GEMM's thread after the
// port (x = j, y = i; the k loop in the thread), as the interpreter records
// it: C[i][j] read and written in every iteration of k.
//
//===----------------------------------------------------------------------===//
#include "Facts/InvariantUpdates.h"

#include <gtest/gtest.h>

#include <array>

using namespace warplint;
using namespace warplint::sym;

namespace {

Expr iter(const std::string &N) {
  return Expr::symbol(N, SymbolKind::LoopIter);
}
Expr tid(const std::string &N) {
  return Expr::symbol(N, SymbolKind::ThreadIdx, true);
}

LoopFacts loopFact(unsigned Id, const std::string &Var,
                   std::optional<unsigned> Parent) {
  LoopFacts L;
  L.Id = Id;
  L.Var = Var;
  L.IterSymbol = Var;
  L.Affine = true;
  L.Parent = Parent;
  L.TripCount = Expr(64);
  return L;
}

AccessFacts access(const std::string &Base, Expr Index, bool Read, bool Write,
                   std::vector<unsigned> Loops) {
  AccessFacts A;
  A.Space = MemorySpace::Global;
  A.Base = Base;
  A.Index = Index;
  A.IsRead = Read;
  A.IsWrite = Write;
  A.ElementSize = 4;
  A.Loops = std::move(Loops);
  A.Text = Base + "[..]";
  A.Loc = {"g.c", 7, 9};
  return A;
}

/// C[i][j] += A[i][k] * B[k][j] with i = ty, j = tx, 64 x 64 floats; the k
/// loop is loop 0.
KernelFacts gemmThread() {
  KernelFacts K;
  K.Loops.push_back(loopFact(0, "k", std::nullopt));
  Expr I = tid("ty"), J = tid("tx"), Kk = iter("k");
  K.Accesses.push_back(access("A", I * 64 + Kk, true, false, {0}));
  K.Accesses.push_back(access("B", Kk * 64 + J, true, false, {0}));
  K.Accesses.push_back(access("C", I * 64 + J, true, true, {0}));
  return K;
}

/// (reads, writes) of \p Base inside loop 0 and outside any loop.
std::array<int, 4> census(const KernelFacts &K, const std::string &Base) {
  std::array<int, 4> N{{0, 0, 0, 0}};
  for (const AccessFacts &A : K.Accesses)
    if (A.Base == Base) {
      int Off = A.Loops.empty() ? 2 : 0;
      N[Off] += A.IsRead;
      N[Off + 1] += A.IsWrite;
    }
  return N;
}

TEST(InvariantUpdates, RestrictKeepsTheAccumulatorInARegister) {
  KernelFacts K = gemmThread();
  std::vector<std::string> Notes =
      keepInvariantUpdates(K, PortAliasing::Restrict);
  // C: no access left in the loop; one read and one write outside it.
  EXPECT_EQ(census(K, "C"), (std::array<int, 4>{{0, 0, 1, 1}}));
  // A and B stay in the loop.
  EXPECT_EQ(census(K, "A"), (std::array<int, 4>{{1, 0, 0, 0}}));
  EXPECT_EQ(census(K, "B"), (std::array<int, 4>{{1, 0, 0, 0}}));
  ASSERT_EQ(Notes.size(), 1u);
  EXPECT_NE(Notes[0].find("register"), std::string::npos) << Notes[0];
  EXPECT_NE(Notes[0].find("'k'"), std::string::npos) << Notes[0];
}

TEST(InvariantUpdates, MayAliasForwardsTheLoadAndKeepsTheStore) {
  KernelFacts K = gemmThread();
  std::vector<std::string> Notes =
      keepInvariantUpdates(K, PortAliasing::MayAlias);
  // C: the store in the loop, one load before it.
  EXPECT_EQ(census(K, "C"), (std::array<int, 4>{{0, 1, 1, 0}}));
  EXPECT_EQ(census(K, "A"), (std::array<int, 4>{{1, 0, 0, 0}}));
  ASSERT_EQ(Notes.size(), 1u);
  EXPECT_NE(Notes[0].find("forwarded"), std::string::npos) << Notes[0];
}

TEST(InvariantUpdates, AnIndexThatMovesWithTheLoopStays) {
  // C[i][k] += ...: a different element every iteration.
  KernelFacts K = gemmThread();
  K.Accesses[2].Index = tid("ty") * 64 + iter("k");
  for (PortAliasing Mode : {PortAliasing::Restrict, PortAliasing::MayAlias}) {
    KernelFacts Copy = K;
    EXPECT_TRUE(keepInvariantUpdates(Copy, Mode).empty());
    EXPECT_EQ(census(Copy, "C"), (std::array<int, 4>{{1, 1, 0, 0}}));
  }
}

TEST(InvariantUpdates, AnIndexKnownOnlyAtRunTimeStays) {
  KernelFacts K = gemmThread();
  K.Accesses[2].Index =
      tid("ty") * 64 + Expr::symbol("idx[k]", SymbolKind::Unknown);
  EXPECT_TRUE(keepInvariantUpdates(K, PortAliasing::Restrict).empty());
}

TEST(InvariantUpdates, AnotherAccessToTheArrayInTheLoopBlocksTheRegister) {
  // C[i][j] += C[k][j] * B[k][j]: C[k][j] may be C[i][j] (k == i).
  KernelFacts K = gemmThread();
  K.Accesses.push_back(
      access("C", iter("k") * 64 + tid("tx"), true, false, {0}));
  KernelFacts R = K;
  EXPECT_TRUE(keepInvariantUpdates(R, PortAliasing::Restrict).empty());
  // The load of C[i][j] is still forwarded: the only store in the loop is
  // to C[i][j] itself.
  KernelFacts M = K;
  EXPECT_EQ(keepInvariantUpdates(M, PortAliasing::MayAlias).size(), 1u);
}

TEST(InvariantUpdates, AnotherStoreInTheLoopBlocksForwarding) {
  // Plain pointers: a store to D in the loop may change C[i][j].
  KernelFacts K = gemmThread();
  K.Accesses.push_back(
      access("D", iter("k") * 64 + tid("tx"), false, true, {0}));
  KernelFacts M = K;
  EXPECT_TRUE(keepInvariantUpdates(M, PortAliasing::MayAlias).empty());
  // Distinct arrays that do not overlap: C still stays in a register.
  KernelFacts R = K;
  EXPECT_EQ(keepInvariantUpdates(R, PortAliasing::Restrict).size(), 1u);
  EXPECT_EQ(census(R, "C"), (std::array<int, 4>{{0, 0, 1, 1}}));
}

TEST(InvariantUpdates, AConditionalUpdateStays) {
  // if (k < 10) inside k: the update does not run in every iteration.
  KernelFacts K = gemmThread();
  BranchFacts B;
  B.Id = 3;
  B.Kind = BranchKind::If;
  B.Loops = {0};
  B.Condition = Expr::lt(Expr::symbol("k", SymbolKind::LoopIter), Expr(10));
  K.Branches.push_back(B);
  K.Accesses[2].Guards.push_back({3, true});
  KernelFacts R = K, M = K;
  EXPECT_TRUE(keepInvariantUpdates(R, PortAliasing::Restrict).empty());
  EXPECT_TRUE(keepInvariantUpdates(M, PortAliasing::MayAlias).empty());
  // A condition fixed over k (a thread's own guard, j < 96, where an
  // interchanged j runs inside k): the update runs in every iteration or
  // in none, and leaves the loop.
  K.Branches.back().Condition =
      Expr::lt(Expr::symbol("threadIdx.x", SymbolKind::ThreadIdx), Expr(96));
  R = K;
  EXPECT_EQ(keepInvariantUpdates(R, PortAliasing::Restrict).size(), 1u);
}

TEST(InvariantUpdates, MovesOutOfEveryLoopWhereItIsInvariant) {
  // for k1: for k2: C[i][j] += A[k1][k2]: out of k2, then out of k1.
  KernelFacts K;
  K.Loops.push_back(loopFact(0, "k1", std::nullopt));
  K.Loops.push_back(loopFact(1, "k2", 0u));
  K.Accesses.push_back(
      access("A", iter("k1") * 64 + iter("k2"), true, false, {0, 1}));
  K.Accesses.push_back(
      access("C", tid("ty") * 64 + tid("tx"), true, true, {0, 1}));
  std::vector<std::string> Notes =
      keepInvariantUpdates(K, PortAliasing::Restrict);
  EXPECT_EQ(Notes.size(), 2u);
  EXPECT_TRUE(K.Accesses[1].Loops.empty());
  EXPECT_EQ(K.Accesses[0].Loops, (std::vector<unsigned>{0, 1}));
}

TEST(InvariantUpdates, AnAtomicOrSharedUpdateStays) {
  KernelFacts K = gemmThread();
  K.Accesses[2].IsAtomic = true;
  EXPECT_TRUE(keepInvariantUpdates(K, PortAliasing::Restrict).empty());
  KernelFacts S = gemmThread();
  S.Accesses[2].Space = MemorySpace::Shared;
  EXPECT_TRUE(keepInvariantUpdates(S, PortAliasing::Restrict).empty());
}

} // namespace
