//===- HostLoopInThreadTest.cpp - a host loop run inside each thread ------===//
//
// hostLoopInThread (Facts/LoopMapping.h) on facts written by hand, as the
// interpreter records `for i, for j` nests whose i is sequential.
//
//===----------------------------------------------------------------------===//
#include "PortFacts.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;
using namespace warplint::testing;

namespace {

/// for i < 64 (host), for j < 64 (the kernel's loop), with \p Accesses.
struct Nest {
  KernelFacts Seq;
  std::vector<PortLoop> Loops;
  PortKernel K;
  explicit Nest(std::vector<AccessFacts> Accesses, Expr JTrips = Expr(64)) {
    Seq.Loops = {loopFact(0, "i", 1, std::nullopt, Expr(64)),
                 loopFact(1, "j", 2, 0u, JTrips)};
    Seq.Accesses = std::move(Accesses);
    PortLoop I, J;
    I.Var = "i";
    I.Loc = {"f.c", 1, 3};
    I.Children = {1};
    I.PerfectChild = true;
    J.Var = "j";
    J.Loc = {"f.c", 2, 3};
    J.Parent = 0u;
    Loops = {I, J};
    K.Root = 1;
    K.HostLoops = {0};
    K.Candidates = {LoopMapping{1, {1}, {{256, 1, 1}}}};
  }
};

} // namespace

TEST(HostLoopInThreadTest, TransposedProductRunsIInTheThread) {
  // y[j] += A[i][j] * x[i]: every i writes y[j], but only thread j does.
  const Expr I = iter("i"), J = iter("j");
  Nest N({access("y", {J}, true, false, {0, 1}), access("A", {I, J}, true, false, {0, 1}),
          access("x", {I}, true, false, {0, 1}), access("y", {J}, false, true, {0, 1})});
  std::string Why;
  std::vector<LoopMapping> M = hostLoopInThread(N.Loops, N.K, N.Seq, Why);
  ASSERT_EQ(M.size(), 1u) << Why;
  EXPECT_EQ(M[0].Root, 1u);
  EXPECT_EQ(M[0].InThread, std::vector<unsigned>{0});
  EXPECT_EQ(M[0].name(N.Loops), "x=j (i in the thread)");
  MappingSpec Plain{"j", "", ""}, Inside{"j", "", "i"};
  EXPECT_FALSE(matchesSpec(M[0], Plain, N.Loops));
  EXPECT_TRUE(matchesSpec(M[0], Inside, N.Loops));
  EXPECT_TRUE(matchesSpec(N.K.Candidates[0], Plain, N.Loops));
  EXPECT_FALSE(matchesSpec(N.K.Candidates[0], Inside, N.Loops));
}

TEST(HostLoopInThreadTest, AWavefrontStaysWithTheHost) {
  // B[i+1][j] = B[i][j+1] + B[i][j-1]: thread j reads what thread j + 1
  // wrote in the previous i.
  const Expr I = iter("i"), J = iter("j") + 1;
  Nest N({access("B", {I, J + 1}, true, false, {0, 1}),
          access("B", {I, J - 1}, true, false, {0, 1}),
          access("B", {I + 1, J}, false, true, {0, 1})});
  std::string Why;
  EXPECT_TRUE(hostLoopInThread(N.Loops, N.K, N.Seq, Why).empty());
  EXPECT_NE(Why.find("may touch one element in two threads"),
            std::string::npos)
      << Why;
}

TEST(HostLoopInThreadTest, RefusedWhenTheHostLoopHoldsMoreOrMovesTheGrid) {
  const Expr I = iter("i"), J = iter("j");
  std::vector<AccessFacts> A = {access("y", {J}, false, true, {0, 1})};
  std::string Why;
  // Something besides the kernel's loop in the host loop's body.
  Nest Fused(A);
  Fused.Loops[0].PerfectChild = false;
  EXPECT_TRUE(hostLoopInThread(Fused.Loops, Fused.K, Fused.Seq, Why).empty());
  EXPECT_NE(Why.find("holds more than the kernel's loop"), std::string::npos);
  // j < i: the grid would move with the loop that goes into the thread.
  Nest Tri(A, I);
  EXPECT_TRUE(hostLoopInThread(Tri.Loops, Tri.K, Tri.Seq, Why).empty());
  EXPECT_NE(Why.find("moves with the host loop"), std::string::npos) << Why;
  // A scalar the host loop writes would be each thread's own.
  Nest Scalar(A);
  Scalar.Loops[0].LiveOutScalars = {"last"};
  EXPECT_TRUE(hostLoopInThread(Scalar.Loops, Scalar.K, Scalar.Seq, Why).empty());
  EXPECT_NE(Why.find("'last'"), std::string::npos);
  // No host loop at all.
  Nest None(A);
  None.K.HostLoops.clear();
  EXPECT_TRUE(hostLoopInThread(None.Loops, None.K, None.Seq, Why).empty());
}
