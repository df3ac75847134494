//===- WarpEnumeratorTest.cpp - warps formed as CUDA forms them -----------===//
#include "Warp/WarpEnumerator.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

const Expr Tx = threadIdx('x'), Ty = threadIdx('y');
const Expr Bx = blockIdx('x'), Dx = blockDim('x');

AccessFacts access(Expr Index, unsigned Size = 4) {
  AccessFacts A;
  A.Space = MemorySpace::Global;
  A.Base = "p";
  A.IsRead = true;
  A.ElementSize = Size;
  A.Index = Index;
  A.ByteOffset = Index * Expr(Size);
  return A;
}

LaunchConfig launch(std::array<int64_t, 3> Grid, std::array<int64_t, 3> Block) {
  LaunchConfig L;
  L.Grid = Grid;
  L.Block = Block;
  return L;
}

TEST(WarpEnumeratorTest, NarrowBlocksPutSeveralRowsInOneWarp) {
  KernelFacts K;
  // s[ty][tx] with blockDim.x = 8: lane l is (tx, ty) = (l % 8, l / 8).
  AccessFacts A = access(Ty * 8 + Tx);
  auto E = enumerateAccess(K, A, launch({1, 1, 1}, {8, 8, 1}));
  ASSERT_TRUE(E.Unanalysable.empty());
  ASSERT_EQ(E.WarpsEnumerated, 2u);
  const WarpRequest &R = E.Samples[0].Req;
  for (int L = 0; L < 32; ++L) {
    ASSERT_TRUE(R.Lane[L].has_value());
    EXPECT_EQ(*R.Lane[L], 4 * L) << "lane " << L; // contiguous rows
  }
}

TEST(WarpEnumeratorTest, PartialLastWarp) {
  KernelFacts K;
  auto E = enumerateAccess(K, access(Tx), launch({1, 1, 1}, {48, 1, 1}));
  ASSERT_EQ(E.WarpsEnumerated, 2u);
  ASSERT_EQ(E.Samples.size(), 2u);
  unsigned Active = 0;
  for (const WarpSample &S : E.Samples)
    if (S.Warp == 1)
      Active = activeLaneCount(S.Req);
  EXPECT_EQ(Active, 16u);
}

TEST(WarpEnumeratorTest, GuardsDecideActiveLanes) {
  KernelFacts K;
  BranchFacts B;
  B.Id = 7;
  Expr I = Bx * Dx + Tx;
  Expr N = Expr::symbol("n", SymbolKind::Param);
  B.Condition = Expr::le(N, I); // if (n <= i) return;
  K.Branches.push_back(B);
  AccessFacts A = access(I);
  A.Guards.push_back({7, false});
  LaunchConfig L = launch({2, 1, 1}, {64, 1, 1});
  L.Args["n"] = 40; // a constant argument at the launch site
  auto E = enumerateAccess(K, A, L);
  // The launch's value is used, and said.
  ASSERT_EQ(E.Assumptions.size(), 1u);
  EXPECT_EQ(E.Assumptions[0], "'n' = 40 (its value at the launch)");
  EXPECT_TRUE(E.Chosen.empty());
  unsigned Lanes = 0;
  for (const WarpSample &S : E.Samples)
    Lanes += activeLaneCount(S.Req) * S.Weight;
  EXPECT_EQ(Lanes, 40u); // threads 0..39 of block 0 only
}

// if (i >= n - 1 - t) return; with n and t both at the default 4096 the
// bound is -1 and no thread reaches the access: t is tried again at 0 (the
// first value tried), where threads 0..63 of the launch's 64 do, and that
// choice is said. n = 4096 still gives a bound above every thread.
TEST(WarpEnumeratorTest, UnreachableUnderChosenValuesIsRetried) {
  KernelFacts K;
  BranchFacts B;
  B.Id = 3;
  Expr I = Bx * Dx + Tx;
  Expr N = Expr::symbol("n", SymbolKind::Param);
  Expr T = Expr::symbol("t", SymbolKind::Param);
  B.Condition = Expr::le(N - 1 - T, I);
  K.Branches.push_back(B);
  AccessFacts A = access(I);
  A.Guards.push_back({3, false});
  auto E = enumerateAccess(K, A, launch({1, 1, 1}, {64, 1, 1}));
  ASSERT_TRUE(E.Unanalysable.empty());
  ASSERT_FALSE(E.Samples.empty());
  EXPECT_EQ(E.Chosen.at("t"), 0);
  EXPECT_EQ(E.Chosen.at("n"), 4096);
  unsigned Lanes = 0;
  for (const WarpSample &S : E.Samples)
    Lanes += activeLaneCount(S.Req) * S.Weight;
  EXPECT_EQ(Lanes, 64u);
  bool Said = false;
  for (const std::string &S : E.Assumptions)
    Said |= S.find("'t' = 0 (its value is not known here; chosen so that the "
                   "access is reached: with 't' = 4096 no thread reaches "
                   "it") != std::string::npos;
  EXPECT_TRUE(Said);
  // A guard on a value the user gave is not second-guessed: with t == 4096
  // given, no thread reaches the access and none is enumerated.
  EnumerationOptions O;
  O.Assumptions["t"].Equal = 4096;
  O.Assumptions["n"].Equal = 4096;
  E = enumerateAccess(K, A, launch({1, 1, 1}, {64, 1, 1}), O);
  EXPECT_TRUE(E.Samples.empty());
  EXPECT_TRUE(E.Chosen.empty());
}

TEST(WarpEnumeratorTest, UnknownParameterIsAnAssumptionNotASilentGuess) {
  KernelFacts K;
  Expr W = Expr::symbol("width", SymbolKind::Param);
  auto E = enumerateAccess(K, access(Tx * W), launch({1, 1, 1}, {32, 1, 1}));
  ASSERT_EQ(E.Assumptions.size(), 1u);
  EXPECT_NE(E.Assumptions[0].find("'width' = 4096"), std::string::npos);
  EXPECT_EQ(*E.Samples[0].Req.Lane[1], 4 * 4096);
  // A value the user gives is used and said.
  EnumerationOptions O;
  O.Assumptions["width"].Equal = 3;
  E = enumerateAccess(K, access(Tx * W), launch({1, 1, 1}, {32, 1, 1}), O);
  EXPECT_EQ(*E.Samples[0].Req.Lane[1], 12);
  EXPECT_NE(E.Assumptions[0].find("as given"), std::string::npos);
}

TEST(WarpEnumeratorTest, ThreadDependentUnknownIsNotEnumerated) {
  KernelFacts K;
  Expr Loaded = Expr::symbol("idx[threadIdx.x]", SymbolKind::Unknown, true);
  auto E = enumerateAccess(K, access(Loaded), launch({1, 1, 1}, {32, 1, 1}));
  EXPECT_TRUE(E.Samples.empty());
  EXPECT_NE(E.Unanalysable.find("idx[threadIdx.x]"), std::string::npos);
}

TEST(WarpEnumeratorTest, LoopIterationsAndAlignmentClasses) {
  KernelFacts K;
  LoopFacts L;
  L.Id = 0;
  L.IterSymbol = "j.iter";
  L.Affine = true;
  L.TripCount = Expr(4);
  K.Loops.push_back(L);
  Expr J = Expr::symbol("j.iter", SymbolKind::LoopIter);
  // in[(ty + 8j) * 32 + tx] with 32x8 blocks: every warp reads one full,
  // aligned 128-byte row.
  AccessFacts A = access((Ty + J * 8) * 32 + Tx);
  A.Loops = {0};
  auto E = enumerateAccess(K, A, launch({1, 1, 1}, {32, 8, 1}));
  // Each iteration shifts the address by 8 rows = 1024 bytes, a multiple
  // of 256: one alignment class, so one iteration is enumerated. The warps'
  // rows start 128 bytes apart: two patterns modulo 256 bytes.
  EXPECT_EQ(E.WarpsEnumerated, 8u);
  ASSERT_EQ(E.Samples.size(), 2u);
  EXPECT_EQ(E.Samples[0].Weight + E.Samples[1].Weight, 8u);
  // A shift of one float per iteration: 64 alignment classes modulo 256
  // bytes, but the loop runs only 4 iterations.
  AccessFacts B = access(J * 1 + Tx);
  B.Loops = {0};
  E = enumerateAccess(K, B, launch({1, 1, 1}, {32, 1, 1}));
  EXPECT_EQ(E.Samples.size(), 4u);
  // With 100 iterations all 64 classes are seen, and no more.
  K.Loops[0].TripCount = Expr(100);
  E = enumerateAccess(K, B, launch({1, 1, 1}, {32, 1, 1}));
  EXPECT_EQ(E.WarpsEnumerated, 64u);
  EXPECT_EQ(E.Samples.size(), 64u);
  // A shift of 96 bytes: 256 / gcd(96, 256) = 8 classes.
  AccessFacts C = access(J * 24 + Tx);
  C.Loops = {0};
  E = enumerateAccess(K, C, launch({1, 1, 1}, {32, 1, 1}));
  EXPECT_EQ(E.WarpsEnumerated, 8u);
}

TEST(WarpEnumeratorTest, NonAffineLoopVariableRunsItsUpdate) {
  KernelFacts K;
  LoopFacts L;
  L.IterSymbol = "s";
  Expr S = Expr::symbol("s", SymbolKind::LoopVar);
  L.Start = Dx / 2;
  L.Bound = Expr(0);
  L.Comparison = ">";
  L.Next = S / 2;
  K.Loops.push_back(L);
  auto E = enumerateAccess(K, access(Tx + S), launch({1, 1, 1}, {32, 1, 1}));
  // s = 16, 8, 4, 2, 1: five distinct shifts.
  EXPECT_EQ(E.WarpsEnumerated, 5u);
}

TEST(WarpEnumeratorTest, CostDoesNotGrowWithTheGrid) {
  KernelFacts K;
  AccessFacts A = access(Bx * Dx + Tx);
  auto Small = enumerateAccess(K, A, launch({64, 64, 1}, {256, 1, 1}));
  auto Huge = enumerateAccess(K, A, launch({65536, 65535, 1}, {256, 1, 1}));
  EXPECT_EQ(Small.WarpsEnumerated, Huge.WarpsEnumerated);
  EXPECT_EQ(Small.Samples.size(), Huge.Samples.size());
}

} // namespace
