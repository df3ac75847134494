//===- LoopDistributionTest.cpp - a loop's statements split into loops ----===//
//
// distributeLoops and accessInLoop (Facts/LoopMapping.h) on facts written
// by hand, as the frontend and the interpreter record PolyBench 4.2's ATAX.
//
//===----------------------------------------------------------------------===//
#include "PortFacts.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;
using namespace warplint::testing;

namespace {

BodyPart part(unsigned From, unsigned To, std::vector<unsigned> Loops = {}) {
  BodyPart P;
  P.Begin = {"f.c", From, 5};
  P.End = {"f.c", To, 40};
  P.IsLoop = !Loops.empty();
  P.Loops = std::move(Loops);
  return P;
}

/// for i < 64 { tmp[i] = 0;                                 line 11
///              for j < 64: tmp[i] += A[i][j] * x[j];       lines 12-13
///              for j < 64: y[j] += A[i][j] * tmp[i]; }     lines 14-15
struct Atax {
  KernelFacts Seq;
  std::vector<PortLoop> Loops;
  std::vector<LoopVerdict> Verdicts;
  Atax() {
    Seq.Loops = {loopFact(0, "i", 10, std::nullopt, 64),
                 loopFact(1, "j", 12, 0u, 64), loopFact(2, "j#2", 14, 0u, 64)};
    const Expr I = iter("i"), J = iter("j"), J2 = iter("j#2");
    Seq.Accesses = {access("tmp", {I}, false, true, {0}, 11),
                    access("tmp", {I}, true, true, {0, 1}, 13),
                    access("A", {I, J}, true, false, {0, 1}, 13),
                    access("x", {J}, true, false, {0, 1}, 13),
                    access("y", {J2}, true, true, {0, 2}, 15),
                    access("A", {I, J2}, true, false, {0, 2}, 15),
                    access("tmp", {I}, true, false, {0, 2}, 15)};
    Loops = {portLoop("i", 10, std::nullopt), portLoop("j", 12, 0u),
             portLoop("j", 14, 0u)};
    Loops[0].Children = {1, 2};
    Loops[0].Parts = {part(11, 11), part(12, 13, {1}), part(14, 15, {2})};
    Verdicts = parallelLoops(Loops, Seq);
  }
};

} // namespace

TEST(LoopDistributionTest, AtaxSplitsIntoThreeLoops) {
  Atax A;
  ASSERT_FALSE(A.Verdicts[0].Parallel);
  std::vector<Distribution> D = distributeLoops(A.Loops, A.Verdicts, A.Seq);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Loop, 0u);
  ASSERT_EQ(D[0].Copies, (std::vector<unsigned>{3, 4, 5}));
  EXPECT_TRUE(A.Loops[0].Replaced);
  EXPECT_EQ(A.Loops[3].KeepParts, std::vector<unsigned>{0});
  EXPECT_TRUE(A.Loops[3].Children.empty());
  EXPECT_EQ(A.Loops[4].Children, std::vector<unsigned>{1});
  EXPECT_TRUE(A.Loops[4].PerfectChild);
  EXPECT_EQ(*A.Loops[1].Parent, 4u);
  EXPECT_EQ(*A.Loops[2].Parent, 5u);
  EXPECT_EQ(copyLabel(A.Loops, 5), "/3");
  EXPECT_EQ(keptLines(A.Loops, 4), "lines 12-13");
  EXPECT_EQ(keptLines(A.Loops, 3), "line 11");
  // Each copy sees its own statements' accesses.
  EXPECT_TRUE(accessInLoop(A.Seq.Accesses[0], 3, A.Loops, A.Seq));
  EXPECT_FALSE(accessInLoop(A.Seq.Accesses[0], 4, A.Loops, A.Seq));
  EXPECT_TRUE(accessInLoop(A.Seq.Accesses[4], 5, A.Loops, A.Seq));
  EXPECT_FALSE(accessInLoop(A.Seq.Accesses[4], 4, A.Loops, A.Seq));
  // The first two copies are parallel; the third is not (y[j] in every i),
  // but its j loop is.
  std::vector<LoopVerdict> V = parallelLoops(A.Loops, A.Seq);
  EXPECT_TRUE(V[3].Parallel);
  EXPECT_TRUE(V[4].Parallel);
  EXPECT_FALSE(V[5].Parallel);
  EXPECT_TRUE(V[2].Parallel);
  // The kernels: the copies stand where the loop stood.
  std::vector<PortKernel> K = portKernels(A.Loops, V);
  ASSERT_EQ(K.size(), 3u);
  EXPECT_EQ(K[0].Root, 3u);
  EXPECT_EQ(K[1].Root, 4u);
  EXPECT_EQ(K[2].Root, 2u);
  EXPECT_EQ(K[2].HostLoops, std::vector<unsigned>{5});
}

TEST(LoopDistributionTest, ABackwardDependenceKeepsTheStatementsTogether) {
  // for i { a[i] = b[i] + 1;  b[i + 1] = a[i] * 2; }: the second statement
  // writes, in iteration i, what the first reads in i + 1.
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "i", 10, std::nullopt, 64)};
  const Expr I = iter("i");
  Seq.Accesses = {access("b", {I}, true, false, {0}, 11),
                  access("a", {I}, false, true, {0}, 11),
                  access("a", {I}, true, false, {0}, 12),
                  access("b", {I + 1}, false, true, {0}, 12)};
  std::vector<PortLoop> Loops = {portLoop("i", 10, std::nullopt)};
  Loops[0].Parts = {part(11, 11), part(12, 12)};
  std::vector<LoopVerdict> V = parallelLoops(Loops, Seq);
  ASSERT_FALSE(V[0].Parallel);
  EXPECT_TRUE(distributeLoops(Loops, V, Seq).empty());
  EXPECT_EQ(Loops.size(), 1u);
  EXPECT_FALSE(Loops[0].Replaced);
  // Forward only (b[i - 1] read after b[i] is written): split.
  Seq.Accesses[0] = access("b", {I}, false, true, {0}, 11);
  Seq.Accesses[3] = access("b", {I - 1}, true, false, {0}, 12);
  Seq.Accesses[3].Subscripts = {I - 1};
  V = parallelLoops(Loops, Seq);
  ASSERT_FALSE(V[0].Parallel);
  EXPECT_EQ(distributeLoops(Loops, V, Seq).size(), 1u);
}

TEST(LoopDistributionTest, AScalarOrAParallelLoopAroundKeepsTheLoop) {
  Atax A;
  A.Loops[0].Parts[0].ScalarsWritten = {"s"};
  A.Loops[0].Parts[2].ScalarsRead = {"s"};
  std::vector<Distribution> D = distributeLoops(A.Loops, A.Verdicts, A.Seq);
  // Statements 0 to 2 in one group: nothing to split.
  EXPECT_TRUE(D.empty());
  // Inside a parallel loop: not split.
  Atax B;
  B.Loops.insert(B.Loops.begin(), portLoop("t", 9, std::nullopt));
  for (PortLoop &L : B.Loops) {
    if (L.Var == "t")
      continue;
    L.Parent = L.Parent ? std::optional<unsigned>(*L.Parent + 1)
                        : std::optional<unsigned>(0u);
    for (unsigned &C : L.Children)
      ++C;
    for (BodyPart &P : L.Parts)
      for (unsigned &C : P.Loops)
        ++C;
  }
  B.Loops[0].Children = {1};
  std::vector<LoopVerdict> V(B.Loops.size());
  V[0].Parallel = true;
  EXPECT_TRUE(distributeLoops(B.Loops, V, B.Seq).empty());
}
