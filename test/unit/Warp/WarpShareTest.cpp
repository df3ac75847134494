//===- WarpShareTest.cpp - the share of warps that issue guarded code -----===//
//
// warpExecutionShare on hand-built facts; each expected share is worked out
// in the comment above it (warps of 32 lanes from the linear thread id).
//
//===----------------------------------------------------------------------===//
#include "Warp/Divergence.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

const Expr Tx = threadIdx('x');

LaunchConfig launch(int64_t Grid, int64_t Block) {
  LaunchConfig L;
  L.Grid = {Grid, 1, 1};
  L.Block = {Block, 1, 1};
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

double share(const KernelFacts &K, const LaunchConfig &L,
             std::vector<unsigned> Loops, std::vector<GuardRef> Guards) {
  uint64_t Budget = 1000000;
  std::string Why;
  std::optional<double> S =
      warpExecutionShare(K, L, Loops, Guards, DivergenceOptions(), Budget, Why);
  EXPECT_TRUE(S) << Why;
  return S.value_or(-1);
}

} // namespace

TEST(WarpShareTest, NoGuardEveryWarpIssues) {
  KernelFacts K;
  EXPECT_DOUBLE_EQ(share(K, launch(4, 128), {}, {}), 1.0);
}

TEST(WarpShareTest, ABoundLeavesWholeWarpsOut) {
  // if (tx < 40) in 128-thread blocks: warp 0 (all lanes) and warp 1
  // (lanes 0..7) issue the body; warps 2 and 3 skip it: 2 of 4.
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::lt(Tx, Expr(40))));
  EXPECT_DOUBLE_EQ(share(K, launch(4, 128), {}, {{0, true}}), 0.5);
  // The else side: warps 1, 2 and 3 have a lane with tx >= 40.
  EXPECT_DOUBLE_EQ(share(K, launch(4, 128), {}, {{0, false}}), 0.75);
}

TEST(WarpShareTest, ScatteredLanesKeepEveryWarpIssuing) {
  // if (tx % 64 == 0): lanes 0 of warps 0 and 2: 2 of 4 warps issue; with
  // tx % 2 == 0 every warp has an even lane: all 4 issue (divergent, not
  // skipped).
  KernelFacts K;
  K.Branches.push_back(branch(0, Expr::eq(Tx % Expr(64), Expr(0))));
  K.Branches.push_back(branch(1, Expr::eq(Tx % Expr(2), Expr(0))));
  EXPECT_DOUBLE_EQ(share(K, launch(2, 128), {}, {{0, true}}), 0.5);
  EXPECT_DOUBLE_EQ(share(K, launch(2, 128), {}, {{1, true}}), 1.0);
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
  EXPECT_DOUBLE_EQ(share(K, launch(1, 128), {0}, {{0, true}}), 6.0 / 16.0);
}

TEST(WarpShareTest, ALaneDependentLoopRunsItsLongestLane) {
  // for (j = 0; j < tx; ++j) in 64-thread blocks: warp 0's lanes run 0..31
  // iterations (longest 31), warp 1's 32..63 (longest 63): 47 per warp on
  // average; a lane's mean is 31.5.
  KernelFacts K;
  LoopFacts Lp;
  Lp.Id = 0;
  Lp.Kind = "for";
  Lp.Affine = true;
  Lp.TripCount = Tx;
  Lp.ThreadDependentTripCount = true;
  Lp.IterSymbol = "j";
  K.Loops.push_back(Lp);
  uint64_t Budget = 1000000;
  double LaneMean = 0;
  std::string Why;
  std::optional<double> T = warpLongestTrips(K, launch(2, 64), K.Loops[0], {},
                                             DivergenceOptions(), Budget,
                                             LaneMean, Why);
  ASSERT_TRUE(T) << Why;
  EXPECT_DOUBLE_EQ(*T, 47.0);
  EXPECT_DOUBLE_EQ(LaneMean, 31.5);
}
