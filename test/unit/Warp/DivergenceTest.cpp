//===- DivergenceTest.cpp - branch classification on hand-built facts -----===//
//
// Every expected count is worked out in the comment above it: warps are
// formed from the linear thread id, 32 lanes each; eq. 7 (CuMAPz) counts 2
// paths for a warp whose lanes split, else 1.
//
//===----------------------------------------------------------------------===//
#include "Warp/Divergence.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

const Expr Tx = threadIdx('x'), Ty = threadIdx('y'), Bx = blockIdx('x'),
           Dx = blockDim('x');

LaunchConfig launch(std::array<int64_t, 3> Grid, std::array<int64_t, 3> Block) {
  LaunchConfig L;
  L.Grid = Grid;
  L.Block = Block;
  return L;
}

BranchFacts branch(unsigned Id, Expr Cond) {
  BranchFacts B;
  B.Id = Id;
  B.Condition = Cond;
  B.ThreadDependent = Cond.isThreadDependent();
  B.Text = Cond.str();
  return B;
}

DivergenceResult only(const KernelFacts &K, const LaunchConfig &L,
                      const DivergenceOptions &O = {}) {
  auto R = analyzeDivergence(K, L, O);
  EXPECT_EQ(R.size(), 1u);
  return R.empty() ? DivergenceResult{} : R[0];
}

Expr n() { return Expr::symbol("n", SymbolKind::Param); }

} // namespace

TEST(DivergenceTest, ExistingLanes) {
  EXPECT_EQ(existingLanes(256, 0), 0xffffffffu);
  // 48 threads: warp 1 holds threads 32..47, lanes 0..15.
  EXPECT_EQ(existingLanes(48, 1), 0xffffu);
  EXPECT_EQ(existingLanes(48, 2), 0u);
}

TEST(DivergenceTest, OddEvenLanesSplitEveryWarp) {
  // if (tid % 2 == 0), block 256, grid 2: 16 warps, each with 16 even and
  // 16 odd lanes: 16 split, 32 paths, branch_eff 16/32.
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::eq(Tx % Expr(2), Expr(0))));
  auto R = only(K, launch({2, 1, 1}, {256, 1, 1}));
  EXPECT_EQ(R.Class, DivergenceClass::Divergent);
  EXPECT_EQ(R.Warps, 16u);
  EXPECT_EQ(R.SplitWarps, 16u);
  EXPECT_DOUBLE_EQ(R.Paths, 32.0);
  EXPECT_DOUBLE_EQ(R.pathsPerWarp(), 2.0);
  EXPECT_DOUBLE_EQ(R.branchEfficiency(), 0.5);
  ASSERT_TRUE(R.Example);
  EXPECT_EQ(R.Example->Taken, 0x55555555u); // lanes 0, 2, 4, ...
}

TEST(DivergenceTest, ThreadZeroSplitsTheFirstWarpOfEachBlock) {
  // if (threadIdx.x == 0), block 256 (8 warps), grid 4: warp 0 of each of
  // the 4 blocks splits (lane 0 alone): 4 of 32 warps, 36 paths.
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::eq(Tx, Expr(0))));
  auto R = only(K, launch({4, 1, 1}, {256, 1, 1}));
  EXPECT_EQ(R.Class, DivergenceClass::Divergent);
  EXPECT_EQ(R.Warps, 32u);
  EXPECT_EQ(R.SplitWarps, 4u);
  EXPECT_DOUBLE_EQ(R.Paths, 36.0);
  EXPECT_DOUBLE_EQ(R.splitFraction(), 0.125);
  ASSERT_TRUE(R.Example);
  EXPECT_EQ(R.Example->Warp, 0u);
  EXPECT_EQ(R.Example->Taken, 1u);
  EXPECT_EQ(R.Example->Reaching, 0xffffffffu);
}

TEST(DivergenceTest, BoundSplitsOnlyTheStraddlingWarp) {
  // if (i < n), i = blockIdx.x*256 + tid, n = 1000, grid 4 (1024 threads):
  // 1000 = 31*32 + 8: warp 31 of the grid (block 3, warp 7) has lanes 0..7
  // below n. 1 of 32 warps splits, at a bound: tail.
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::lt(Bx * Dx + Tx, n())));
  DivergenceOptions O;
  O.Enum.Assumptions["n"].Equal = 1000;
  auto R = only(K, launch({4, 1, 1}, {256, 1, 1}), O);
  EXPECT_EQ(R.Class, DivergenceClass::Tail);
  EXPECT_EQ(R.Warps, 32u);
  EXPECT_EQ(R.SplitWarps, 1u);
  EXPECT_EQ(R.TailSplits, 1u);
  ASSERT_TRUE(R.Example);
  EXPECT_EQ(R.Example->BlockIdx[0], 3);
  EXPECT_EQ(R.Example->Warp, 7u);
  EXPECT_EQ(R.Example->Taken, 0xffu);
  // n = 1024, a multiple of 32: nothing splits.
  O.Enum.Assumptions["n"].Equal = 1024;
  EXPECT_EQ(only(K, launch({4, 1, 1}, {256, 1, 1}), O).Class,
            DivergenceClass::Uniform);
}

TEST(DivergenceTest, UnknownBoundTriesASecondValue) {
  // n unknown: the default 4096 is a multiple of 32 (uniform); the second
  // admitted value, 4096 + 7 = 4103, puts a bound inside warp 128 of the
  // grid (block 16 of 64 with 256 threads, every x block enumerated): tail,
  // and both values are stated.
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::lt(Bx * Dx + Tx, n())));
  auto R = only(K, launch({64, 1, 1}, {256, 1, 1}));
  EXPECT_EQ(R.Class, DivergenceClass::Tail);
  EXPECT_EQ(R.SplitWarps, 1u);
  bool Said4103 = false, Said4096 = false;
  for (const std::string &A : R.Assumptions) {
    Said4103 |= A.find("'n' = 4103") != std::string::npos;
    Said4096 |= A.find("'n' = 4096 it would be uniform") != std::string::npos;
  }
  EXPECT_TRUE(Said4103);
  EXPECT_TRUE(Said4096);
}

TEST(DivergenceTest, WarpUniformOnThreadIdxYWith32WideBlocks) {
  // Block (32, 8): each warp is one row (one threadIdx.y), so
  // if (threadIdx.y == 0) and if (blockIdx.x == 1) never split.
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::eq(Ty, Expr(0))));
  auto R = only(K, launch({2, 1, 1}, {32, 8, 1}));
  EXPECT_EQ(R.Class, DivergenceClass::Uniform);
  EXPECT_EQ(R.Warps, 16u);
  EXPECT_EQ(R.SplitWarps, 0u);
  EXPECT_DOUBLE_EQ(R.branchEfficiency(), 1.0);
  // With 16-wide blocks a warp holds two rows: threadIdx.y == 0 splits
  // warp 0 (rows 0 and 1) of each block: 2 of 16 warps.
  auto R16 = only(K, launch({2, 1, 1}, {16, 16, 1}));
  EXPECT_EQ(R16.Class, DivergenceClass::Divergent);
  EXPECT_EQ(R16.SplitWarps, 2u);
}

TEST(DivergenceTest, CuMAPzFig2HaloBranches) {
  // CuMAPz Fig. 2, BLKDIM 16: if (threadIdx.x == 0) and
  // if (threadIdx.x == blockDim.x - 1). A warp holds two rows of 16, so
  // lanes 0 and 16 (resp. 15 and 31) take each branch in every warp: 8 of 8
  // warps split per block, 2 paths each, branch_eff 8/16 (eq. 7).
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::eq(Tx, Expr(0))));
  K.Branches.push_back(branch(1, Expr::eq(Tx, Dx - Expr(1))));
  auto R = analyzeDivergence(K, launch({1, 1, 1}, {16, 16, 1}));
  ASSERT_EQ(R.size(), 2u);
  for (const DivergenceResult &D : R) {
    EXPECT_EQ(D.Class, DivergenceClass::Divergent);
    EXPECT_EQ(D.Warps, 8u);
    EXPECT_EQ(D.SplitWarps, 8u);
    EXPECT_DOUBLE_EQ(D.Paths, 16.0);
    EXPECT_DOUBLE_EQ(D.branchEfficiency(), 0.5);
  }
  EXPECT_EQ(R[0].Example->Taken, (1u << 0) | (1u << 16));
  EXPECT_EQ(R[1].Example->Taken, (1u << 15) | (1u << 31));
}

namespace {
/// for (s = Start; s Cmp Bound; s = Next) with s a LoopVar.
LoopFacts nonAffineLoop(unsigned Id, const std::string &Var, Expr Start,
                        std::string Cmp, Expr Bound, Expr Next) {
  LoopFacts L;
  L.Id = Id;
  L.Kind = "for";
  L.Var = Var;
  L.IterSymbol = Var;
  L.Start = Start;
  L.Comparison = std::move(Cmp);
  L.Bound = Bound;
  L.Next = Next;
  return L;
}
} // namespace

TEST(DivergenceTest, InterleavedReductionDiverges) {
  // for (s = 1; s < blockDim.x; s *= 2) if (tid % (2*s) == 0), block 256:
  // s = 1, 2, 4, 8, 16: every warp has both kinds of lanes: 8 splits each;
  // s = 32: tid % 64 == 0 holds for lane 0 of warps 0, 2, 4, 6: 4 splits;
  // s = 64: warps 0, 4: 2; s = 128: warp 0: 1. 47 of 64 warp executions,
  // n_path = 64 + 47 = 111.
  KernelFacts K;
  Expr S = Expr::symbol("s", SymbolKind::LoopVar);
  K.Loops.push_back(nonAffineLoop(0, "s", Expr(1), "<", Dx, S * Expr(2)));
  BranchFacts B = branch(0, Expr::eq(Tx % (Expr(2) * S), Expr(0)));
  B.Loops = {0};
  K.Branches.push_back(B);
  auto R = only(K, launch({1, 1, 1}, {256, 1, 1}));
  EXPECT_EQ(R.Class, DivergenceClass::Divergent);
  EXPECT_EQ(R.Warps, 64u);
  EXPECT_EQ(R.SplitWarps, 47u);
  EXPECT_DOUBLE_EQ(R.Paths, 111.0);
  EXPECT_EQ(R.IterationsEvaluated["s"],
            (std::vector<int64_t>{1, 2, 4, 8, 16, 32, 64, 128}));
}

TEST(DivergenceTest, SequentialReductionIsOnlyTail) {
  // for (s = blockDim.x/2; s > 0; s >>= 1) if (tid < s), block 256:
  // s = 128, 64, 32 split no warp; s = 16, 8, 4, 2, 1 split warp 0 at the
  // bound s: 5 of 64 warp executions, all tail.
  KernelFacts K;
  Expr S = Expr::symbol("s", SymbolKind::LoopVar);
  K.Loops.push_back(
      nonAffineLoop(0, "s", Dx / Expr(2), ">", Expr(0), S / Expr(2)));
  BranchFacts B = branch(0, Expr::lt(Tx, S));
  B.Loops = {0};
  K.Branches.push_back(B);
  auto R = only(K, launch({1, 1, 1}, {256, 1, 1}));
  EXPECT_EQ(R.Class, DivergenceClass::Tail);
  EXPECT_EQ(R.Warps, 64u);
  EXPECT_EQ(R.SplitWarps, 5u);
  EXPECT_EQ(R.TailSplits, 5u);
}

TEST(DivergenceTest, GuardsDecideWhichLanesReach) {
  // if (tid < 32) { if (tid % 2 == 0) ... }, block 128: only warp 0 reaches
  // the inner branch (the other warps have no lane passing the guard), and
  // it splits: 1 of 1 warp.
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::lt(Tx, Expr(32))));
  BranchFacts Inner = branch(1, Expr::eq(Tx % Expr(2), Expr(0)));
  Inner.Guards = {{0, true}};
  K.Branches.push_back(Inner);
  auto R = analyzeDivergence(K, launch({1, 1, 1}, {128, 1, 1}));
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].Class, DivergenceClass::Uniform); // 32 is a warp boundary
  EXPECT_EQ(R[1].Class, DivergenceClass::Divergent);
  EXPECT_EQ(R[1].Warps, 1u);
  EXPECT_EQ(R[1].SplitWarps, 1u);
}

TEST(DivergenceTest, UnknownLaneValueIsUnknown) {
  // if (v > 0) with v loaded from memory: differs between lanes, not known.
  KernelFacts K;
  BranchFacts B;
  B.Id = 0;
  B.Condition = Expr::lt(
      Expr(0), Expr::symbol("v", SymbolKind::Unknown, /*ThreadDependent=*/true));
  B.ThreadDependent = true;
  K.Branches.push_back(B);
  auto R = only(K, launch({1, 1, 1}, {64, 1, 1}));
  EXPECT_EQ(R.Class, DivergenceClass::Unknown);
  EXPECT_NE(R.Unknown.find("'v'"), std::string::npos);
}

TEST(DivergenceTest, ThreadDependentLoops) {
  // Triangular: for (j = 0; j < tid; ++j), trip count tid: lanes of every
  // warp do 32 different counts: divergent, 2 of 2 warps (block 64).
  KernelFacts K;
  LoopFacts L;
  L.Id = 0;
  L.Kind = "for";
  L.Var = "j";
  L.IterSymbol = "j.iter";
  L.Affine = true;
  L.Start = Expr(0);
  L.Bound = Tx;
  L.Comparison = "<";
  L.Step = Expr(1);
  L.TripCount = Tx;
  L.ThreadDependentTripCount = true;
  K.Loops.push_back(L);
  auto R = only(K, launch({1, 1, 1}, {64, 1, 1}));
  EXPECT_EQ(R.Class, DivergenceClass::Divergent);
  EXPECT_EQ(R.SplitWarps, 2u);
  EXPECT_EQ(R.Example->MinTrips, 0);
  EXPECT_EQ(R.Example->MaxTrips, 31);

  // Block-stride: for (k = tid; k < n; k += blockDim.x), trip count
  // (n - tid + 255) / 256 with n = 1000, block 256: threads 0..231 do 4
  // iterations (231 + 3*256 = 999), 232..255 do 3. Warp 7 (threads
  // 224..255) splits at lane 8 by one iteration: tail, 1 of 8 warps.
  LoopFacts G = L;
  G.Var = "k";
  G.IterSymbol = "k.iter";
  G.Start = Tx;
  G.Bound = n();
  G.Step = Dx;
  G.TripCount = (n() - Tx + Dx - Expr(1)) / Dx;
  K.Loops = {G};
  DivergenceOptions O;
  O.Enum.Assumptions["n"].Equal = 1000;
  auto RG = only(K, launch({1, 1, 1}, {256, 1, 1}), O);
  EXPECT_EQ(RG.Class, DivergenceClass::Tail);
  EXPECT_EQ(RG.SplitWarps, 1u);
  EXPECT_EQ(RG.Example->Warp, 7u);
  EXPECT_EQ(RG.Example->MinTrips, 3);
  EXPECT_EQ(RG.Example->MaxTrips, 4);
  EXPECT_EQ(RG.Example->Taken, 0xffu); // lanes 0..7 do the 4th iteration
}

TEST(DivergenceTest, KernelBranchEfficiencyOverReferences) {
  // CuMAPz Fig. 2 (BLKDIM 16): four global references; in[col] under
  // threadIdx.x == 0 and in[col + 2] under threadIdx.x == blockDim.x - 1
  // split every warp (2 paths), the fetch and the store do not (1):
  // n_path = 1 + 2 + 2 + 1 = 6 per warp over n_warp = 4: 4/6.
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::eq(Tx, Expr(0))));
  K.Branches.push_back(branch(1, Expr::eq(Tx, Dx - Expr(1))));
  auto ref = [](std::vector<GuardRef> G) {
    AccessFacts A;
    A.Space = MemorySpace::Global;
    A.IsRead = true;
    A.ElementSize = 4;
    A.Guards = std::move(G);
    return A;
  };
  K.Accesses = {ref({}), ref({{0, true}}), ref({{1, true}}), ref({})};
  auto B = kernelBranchEfficiency(K, launch({2, 2, 1}, {16, 16, 1}));
  EXPECT_DOUBLE_EQ(B.NWarp, 4.0);
  EXPECT_DOUBLE_EQ(B.NPath, 6.0);
  EXPECT_DOUBLE_EQ(B.BranchEff, 4.0 / 6.0);
}

TEST(DivergenceTest, RepresentativeBlocksAreWeightedToTheGrid) {
  // if (col >= 4094) return; col = blockIdx.x*16 + threadIdx.x, grid
  // 256 x 256 of 16 x 16 (8 warps): too many warps to enumerate (256 x 3 y
  // blocks x 8 > 4096), so x blocks 0-3 and 255, y blocks 0, 1 and 255.
  // Only blockIdx.x = 255 has col 4094, 4095 (threadIdx.x 14, 15, in both
  // rows of every warp): its 8 warps split. Weights: x blocks 0-3 stand for
  // 255/4 blocks each, block 255 for 1; y blocks 0, 1 for 255/2 each, 255
  // for 1. Whole grid: 256*256*8 = 524288 warps, 256*8 = 2048 split.
  KernelFacts K;
  BranchFacts B = branch(0, Expr::le(Expr(4094), Bx * Dx + Tx));
  B.Kind = BranchKind::EarlyExit;
  K.Branches.push_back(B);
  auto R = only(K, launch({256, 256, 1}, {16, 16, 1}));
  EXPECT_FALSE(R.AllBlocks);
  EXPECT_EQ(R.Class, DivergenceClass::Tail);
  EXPECT_NEAR(R.Warps, 524288.0, 1e-6);
  EXPECT_NEAR(R.SplitWarps, 2048.0, 1e-6);
  EXPECT_NEAR(R.splitFraction(), 1.0 / 256, 1e-12);
}

TEST(DivergenceTest, BoundRepeatedInsideEveryBlockIsDivergent) {
  // The generalised Fig. 2 halo: if (threadIdx.x + 1 >= 16) with 16 x 16
  // blocks. A warp holds two rows, so lanes 15 and 31 cross the bound in
  // every warp of every block: 8 split warps in block (0, 0) alone, which is
  // not at the grid's edge: divergent, 32 of 32 warps (grid 2 x 2).
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::le(Expr(16), Tx + Expr(1))));
  auto R = only(K, launch({2, 2, 1}, {16, 16, 1}));
  EXPECT_EQ(R.Class, DivergenceClass::Divergent);
  EXPECT_EQ(R.SplitWarps, 32u);
  EXPECT_EQ(R.TailSplits, 0u);
  EXPECT_EQ(R.Example->Taken, (1u << 15) | (1u << 31));

  // if (col < n), col = blockIdx.x*16 + threadIdx.x, n = 40, grid 3 x 2:
  // only blocks with blockIdx.x = 2 (cols 32..47) straddle 40: their 8
  // warps split (lanes 0-7 and 16-23 in), but they are the grid's last x
  // blocks: tail, 16 of 48 warps.
  KernelFacts K2;
  K2.Branches.push_back(branch(0, Expr::lt(Bx * Dx + Tx, n())));
  DivergenceOptions O;
  O.Enum.Assumptions["n"].Equal = 40;
  auto R2 = only(K2, launch({3, 2, 1}, {16, 16, 1}), O);
  EXPECT_EQ(R2.Class, DivergenceClass::Tail);
  EXPECT_EQ(R2.SplitWarps, 16u);
  EXPECT_EQ(R2.Example->Taken, 0xffu | (0xffu << 16));
}

TEST(DivergenceTest, TheWorkBudgetEndsTheWalkWithAReason) {
  // Two branches, if (tid % 2 == 0) and if (tid % 4 == 0), block 256 (8
  // warps), grid 2. Neither condition mentions blockIdx, so block 0 is
  // walked once for both blocks: 8 warp executions of 32 lanes, each lane
  // evaluating the condition and its one atom: 8 * 32 * 2 = 512
  // evaluations per branch. A budget of 700 covers the first branch and
  // not the second.
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::eq(Tx % Expr(2), Expr(0))));
  K.Branches.push_back(branch(1, Expr::eq(Tx % Expr(4), Expr(0))));
  DivergenceOptions O;
  O.MaxLaneEvaluations = 700;
  auto R = analyzeDivergence(K, launch({2, 1, 1}, {256, 1, 1}), O);
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].Class, DivergenceClass::Divergent);
  EXPECT_EQ(R[0].SplitWarps, 16u); // both blocks' 8 warps
  EXPECT_EQ(R[1].Class, DivergenceClass::Unknown);
  EXPECT_NE(R[1].Unknown.find("analysis budget (700 lane evaluations"),
            std::string::npos)
      << R[1].Unknown;
  EXPECT_EQ(R[1].Warps, 0u); // nothing half-counted
  // Exactly enough for both: 1024.
  O.MaxLaneEvaluations = 1024;
  R = analyzeDivergence(K, launch({2, 1, 1}, {256, 1, 1}), O);
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[1].Class, DivergenceClass::Divergent);
}

TEST(DivergenceTest, BlocksThatCannotDifferAreWalkedOnce) {
  // if (tid % 2 == 0) and if ((tid + 256 * blockIdx.x) % 2 == 0) split the
  // same lanes of every warp (256 is even), block 256, grid 3: 24 warps,
  // all split. The first mentions no blockIdx: one block is walked and
  // weighed for three (8 * 32 * 2 = 512 evaluations); the second walks all
  // three blocks (1536). The numbers are the same.
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::eq(Tx % Expr(2), Expr(0))));
  K.Branches.push_back(
      branch(1, Expr::eq((Tx + Expr(256) * Bx) % Expr(2), Expr(0))));
  DivergenceOptions O;
  O.MaxLaneEvaluations = 512 + 1536;
  auto R = analyzeDivergence(K, launch({3, 1, 1}, {256, 1, 1}), O);
  ASSERT_EQ(R.size(), 2u);
  for (const DivergenceResult &X : R) {
    EXPECT_EQ(X.Class, DivergenceClass::Divergent);
    EXPECT_EQ(X.Warps, 24u);
    EXPECT_EQ(X.SplitWarps, 24u);
    EXPECT_DOUBLE_EQ(X.Paths, 48.0);
    ASSERT_TRUE(X.Example);
    EXPECT_EQ(X.Example->Taken, 0x55555555u);
    EXPECT_TRUE(X.AllBlocks);
  }
  // One evaluation less and the second branch is not covered.
  O.MaxLaneEvaluations = 512 + 1536 - 1;
  R = analyzeDivergence(K, launch({3, 1, 1}, {256, 1, 1}), O);
  EXPECT_EQ(R[1].Class, DivergenceClass::Unknown);
}

// warpExecutionShare and warpLongestTrips: the share of warps that issue
// guarded code, and the trips a warp runs of a lane-dependent loop.
namespace {

double share(const KernelFacts &K, const LaunchConfig &L,
             std::vector<unsigned> Loops, std::vector<GuardRef> Guards) {
  uint64_t Budget = 1000000;
  std::string Why;
  std::optional<double> S =
      warpExecutionShare(K, L, Loops, Guards, DivergenceOptions(), Budget, Why);
  EXPECT_TRUE(S) << Why;
  return S.value_or(-1);
}

/// Facts with one affine loop (id 0) whose trip count depends on the lane.
KernelFacts withLaneLoop(Expr Trips, const std::string &Iter) {
  KernelFacts K;
  LoopFacts Lp;
  Lp.Id = 0;
  Lp.Kind = "for";
  Lp.Affine = true;
  Lp.TripCount = std::move(Trips);
  Lp.ThreadDependentTripCount = true;
  Lp.IterSymbol = Iter;
  K.Loops.push_back(Lp);
  return K;
}

} // namespace

TEST(WarpShareTest, NoGuardEveryWarpIssues) {
  KernelFacts K;
  EXPECT_DOUBLE_EQ(share(K, launch({4, 1, 1}, {128, 1, 1}), {}, {}), 1.0);
}

TEST(WarpShareTest, ABoundLeavesWholeWarpsOut) {
  // if (tx < 40) in 128-thread blocks: warp 0 (all lanes) and warp 1
  // (lanes 0..7) issue the body; warps 2 and 3 skip it: 2 of 4.
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::lt(Tx, Expr(40))));
  EXPECT_DOUBLE_EQ(share(K, launch({4, 1, 1}, {128, 1, 1}), {}, {{0, true}}), 0.5);
  // The else side: warps 1, 2 and 3 have a lane with tx >= 40.
  EXPECT_DOUBLE_EQ(share(K, launch({4, 1, 1}, {128, 1, 1}), {}, {{0, false}}), 0.75);
}

TEST(WarpShareTest, ScatteredLanesKeepEveryWarpIssuing) {
  // if (tx % 64 == 0): lanes 0 of warps 0 and 2: 2 of 4 warps issue; with
  // tx % 2 == 0 every warp has an even lane: all 4 issue (divergent, not
  // skipped).
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::eq(Tx % Expr(64), Expr(0))));
  K.Branches.push_back(branch(1, Expr::eq(Tx % Expr(2), Expr(0))));
  EXPECT_DOUBLE_EQ(share(K, launch({2, 1, 1}, {128, 1, 1}), {}, {{0, true}}), 0.5);
  EXPECT_DOUBLE_EQ(share(K, launch({2, 1, 1}, {128, 1, 1}), {}, {{1, true}}), 1.0);
}

TEST(WarpShareTest, AGuardOnTheLoopIterationIsAveraged) {
  // for (it = 0; it < 4; ++it) if (tx < 32 * it), 128 threads: iteration 0
  // no warp, 1 warp 0, 2 warps 0-1, 3 warps 0-2: 6 of 16 warp executions.
  KernelFacts K;
  LoopFacts Lp;
  Lp.Id = 0;
  Lp.Kind = "for";
  Lp.Affine = true;
  Lp.TripCount = Expr(4);
  Lp.IterSymbol = "it";
  K.Loops.push_back(Lp);
  Expr It = Expr::symbol("it", SymbolKind::LoopIter);
  K.Branches.push_back(branch(0, Expr::lt(Tx, Expr(32) * It)));
  EXPECT_DOUBLE_EQ(share(K, launch({1, 1, 1}, {128, 1, 1}), {0}, {{0, true}}), 6.0 / 16.0);
}

TEST(WarpShareTest, ALaneDependentLoopRunsItsLongestLane) {
  // for (j = 0; j < tx; ++j) in 64-thread blocks: warp 0's lanes run 0..31
  // iterations (longest 31), warp 1's 32..63 (longest 63): 47 per warp on
  // average; a lane's mean is 31.5.
  KernelFacts K = withLaneLoop(Tx, "j");
  uint64_t Budget = 1000000;
  double LaneMean = 0;
  std::string Why;
  std::optional<double> T = warpLongestTrips(K, launch({2, 1, 1}, {64, 1, 1}), K.Loops[0], {},
                                             DivergenceOptions(), Budget,
                                             LaneMean, Why);
  ASSERT_TRUE(T) << Why;
  EXPECT_DOUBLE_EQ(*T, 47.0);
  EXPECT_DOUBLE_EQ(LaneMean, 31.5);
}

TEST(WarpShareTest, IterationsPastEveryLanesEndAreNotSkips) {
  // for (i = tx; i < min(n, tx + 1); ++i), one iteration per thread (a
  // block of one element, clamped to n = 4096), 128 threads: the walk
  // samples more iterations than the loop runs; those past every lane's
  // end are no warp execution skipping the body. Every warp issues it.
  KernelFacts K = withLaneLoop(Expr::min(Expr(4096), Tx + Expr(1)) - Tx, "i");
  EXPECT_DOUBLE_EQ(share(K, launch({1, 1, 1}, {128, 1, 1}), {0}, {}), 1.0);
  // A guard inside still counts among the iterations run: tx < 64 is
  // issued by 2 of the 4 warps.
  K.Branches.push_back(branch(0, Expr::lt(Tx, Expr(64))));
  EXPECT_DOUBLE_EQ(share(K, launch({1, 1, 1}, {128, 1, 1}), {0}, {{0, true}}),
                   0.5);
}
