//===- LoopMappingTest.cpp - sequential loops mapped to threads -----------===//
//
// Facts/LoopMapping.h on plain values: the facts of a sequential function
// written by hand (the loops' iteration symbols, the accesses' indices), as
// the interpreter would record them.
//
//===----------------------------------------------------------------------===//
#include "Facts/LoopMapping.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

Expr iter(const std::string &N) {
  return Expr::symbol(N, SymbolKind::LoopIter);
}

/// A loop (id = its index) with a constant trip count.
LoopFacts loopFact(unsigned Id, const std::string &Var, unsigned Line,
                   std::optional<unsigned> Parent, Expr Trips) {
  LoopFacts L;
  L.Id = Id;
  L.Var = Var;
  L.IterSymbol = Var;
  L.Loc = {"f.c", Line, 3};
  L.Parent = Parent;
  L.TripCount = Trips;
  return L;
}

AccessFacts access(const std::string &Base, Expr Index, bool Write,
                   std::vector<unsigned> Loops, const std::string &Text) {
  AccessFacts A;
  A.Space = MemorySpace::Global;
  A.Base = Base;
  A.Index = Index;
  A.IsRead = !Write;
  A.IsWrite = Write;
  A.ElementSize = 4;
  A.Loops = std::move(Loops);
  A.Text = Text;
  return A;
}

PortLoop portLoop(const std::string &Var, unsigned Line,
                  std::optional<unsigned> Parent,
                  std::vector<unsigned> Children, bool Perfect) {
  PortLoop L;
  L.Var = Var;
  L.Loc = {"f.c", Line, 3};
  L.Parent = Parent;
  L.Children = std::move(Children);
  L.PerfectChild = Perfect;
  return L;
}

/// for i < 64: for j < 64: for k < 64: C[i][j] += A[i][k] * B[k][j]
struct Gemm {
  KernelFacts Seq;
  std::vector<PortLoop> Loops;
  Gemm() {
    Seq.Loops = {loopFact(0, "i", 1, std::nullopt, 64),
                 loopFact(1, "j", 2, 0u, 64), loopFact(2, "k", 3, 1u, 64)};
    Expr I = iter("i"), J = iter("j"), K = iter("k");
    Seq.Accesses = {
        access("C", I * 64 + J, false, {0, 1, 2}, "C[i][j]"),
        access("A", I * 64 + K, false, {0, 1, 2}, "A[i][k]"),
        access("B", K * 64 + J, false, {0, 1, 2}, "B[k][j]"),
        access("C", I * 64 + J, true, {0, 1, 2}, "C[i][j]")};
    Loops = {portLoop("i", 1, std::nullopt, {1}, true),
             portLoop("j", 2, 0u, {2}, false), portLoop("k", 3, 1u, {}, false)};
  }
};

TEST(LoopMappingTest, GemmIJParallelKIsAReduction) {
  Gemm G;
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  ASSERT_EQ(V.size(), 3u);
  EXPECT_TRUE(V[0].Parallel) << V[0].Why;
  EXPECT_TRUE(V[1].Parallel) << V[1].Why;
  EXPECT_FALSE(V[2].Parallel);
  EXPECT_NE(V[2].Why.find("reduction"), std::string::npos) << V[2].Why;
}

TEST(LoopMappingTest, GemmHasOneKernelWithTwoDAndOneDMappings) {
  Gemm G;
  std::vector<PortKernel> K =
      portKernels(G.Loops, parallelLoops(G.Loops, G.Seq));
  ASSERT_EQ(K.size(), 1u);
  EXPECT_EQ(K[0].Root, 0u);
  EXPECT_TRUE(K[0].HostLoops.empty());
  ASSERT_EQ(K[0].Candidates.size(), 3u);
  EXPECT_EQ(K[0].Candidates[0].name(G.Loops), "x=j y=i");
  EXPECT_EQ(K[0].Candidates[1].name(G.Loops), "x=i y=j");
  EXPECT_EQ(K[0].Candidates[2].name(G.Loops), "x=i");
  // CGPredict Sec. 4.1's blocks: 32 x 32 for 2-D, 256 for 1-D.
  EXPECT_EQ(K[0].Candidates[0].Block, (std::array<int64_t, 3>{32, 32, 1}));
  EXPECT_EQ(K[0].Candidates[2].Block, (std::array<int64_t, 3>{256, 1, 1}));
}

TEST(LoopMappingTest, ThreePerfectlyNestedParallelLoopsMapInnermostAsX) {
  // for i < 16: for j < 16: for k < 16: B[i][j][k] = A[i][j][k]: the 3-D
  // mapping (x = k, the contiguous one) comes first, then the 2-D ones of
  // i and j and the 1-D one.
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "i", 1, std::nullopt, 16),
               loopFact(1, "j", 2, 0u, 16), loopFact(2, "k", 3, 1u, 16)};
  Expr I = iter("i"), J = iter("j"), K = iter("k");
  Seq.Accesses = {access("A", I * 256 + J * 16 + K, false, {0, 1, 2}, "A"),
                  access("B", I * 256 + J * 16 + K, true, {0, 1, 2}, "B")};
  std::vector<PortLoop> Loops{portLoop("i", 1, std::nullopt, {1}, true),
                              portLoop("j", 2, 0u, {2}, true),
                              portLoop("k", 3, 1u, {}, false)};
  std::vector<PortKernel> Ks = portKernels(Loops, parallelLoops(Loops, Seq));
  ASSERT_EQ(Ks.size(), 1u);
  ASSERT_EQ(Ks[0].Candidates.size(), 4u);
  EXPECT_EQ(Ks[0].Candidates[0].name(Loops), "x=k y=j z=i");
  EXPECT_EQ(Ks[0].Candidates[1].name(Loops), "x=j y=i");
  EXPECT_EQ(Ks[0].Candidates[3].name(Loops), "x=i");
  LaunchConfig L = launchFor(Ks[0].Candidates[0], {16, 16, 16}, Loops);
  EXPECT_EQ(L.Grid, (std::array<int64_t, 3>{1, 1, 16}));
}

TEST(LoopMappingTest, ShiftedReadOfAWrittenArrayIsADependence) {
  // for i < 64: a[i] = a[i - 1] + 1 (a recurrence)
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "i", 1, std::nullopt, 64)};
  Expr I = iter("i");
  Seq.Accesses = {access("a", I - 1, false, {0}, "a[i - 1]"),
                  access("a", I, true, {0}, "a[i]")};
  std::vector<PortLoop> Loops{portLoop("i", 1, std::nullopt, {}, false)};
  std::vector<LoopVerdict> V = parallelLoops(Loops, Seq);
  EXPECT_FALSE(V[0].Parallel);
  EXPECT_NE(V[0].Why.find("may touch one element of 'a'"), std::string::npos)
      << V[0].Why;
  // Reading another array at a shifted index is not.
  Seq.Accesses[0].Base = "b";
  EXPECT_TRUE(parallelLoops(Loops, Seq)[0].Parallel);
}

TEST(LoopMappingTest, FieldsOfDifferentWidthsInAnArrayOfStructures) {
  // struct { float w; float *c; long assign; float cost; } p[64] (32
  // bytes): for k < 64: p[k].assign = 0; p[k].cost = z. In elements of
  // their own widths: assign at 4k + 2 (8 bytes), cost at 8k + 6 (4): the
  // bytes 32k + 16 .. 32k + 28 are each iteration's own.
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "k", 1, std::nullopt, 64)};
  Expr K = iter("k");
  Seq.Accesses = {access("p", K * 4 + 2, true, {0}, "p[k].assign"),
                  access("p", K * 8 + 6, true, {0}, "p[k].cost")};
  Seq.Accesses[0].ElementSize = 8;
  std::vector<PortLoop> Loops{portLoop("k", 1, std::nullopt, {}, false)};
  std::vector<LoopVerdict> V = parallelLoops(Loops, Seq);
  EXPECT_TRUE(V[0].Parallel) << V[0].Why;
  // A 4-byte write at 8k + 12 (index 2k + 3) lands in the next iteration's
  // 8-byte element at 8(k + 1) (index k): a dependence.
  Seq.Accesses = {access("q", K, true, {0}, "q[k]"),
                  access("q", K * 2 + 3, true, {0}, "((float *)q)[2k + 3]")};
  Seq.Accesses[0].ElementSize = 8;
  V = parallelLoops(Loops, Seq);
  EXPECT_FALSE(V[0].Parallel);
  EXPECT_NE(V[0].Why.find("may touch one element of 'q'"), std::string::npos)
      << V[0].Why;
  // At 8k + 4 (index 2k + 1) it stays inside its own iteration's element.
  Seq.Accesses[1].Index = K * 2 + 1;
  EXPECT_TRUE(parallelLoops(Loops, Seq)[0].Parallel);
  // A fixed element read in every iteration: p[k].tag (8 bytes at 32k +
  // 16) written, p[0].w (4 bytes at 0) read: never the same bytes. The
  // read of p[0].cost (at 24) is p[0]'s own cost's, which iteration 0
  // writes: a dependence.
  Seq.Accesses = {access("p", K * 4 + 2, true, {0}, "p[k].tag"),
                  access("p", Expr(0), false, {0}, "p[0].w")};
  Seq.Accesses[0].ElementSize = 8;
  V = parallelLoops(Loops, Seq);
  EXPECT_TRUE(V[0].Parallel) << V[0].Why;
  Seq.Accesses = {access("p", K * 8 + 6, true, {0}, "p[k].cost"),
                  access("p", Expr(2), false, {0}, "p[0].tag")};
  Seq.Accesses[1].ElementSize = 8;
  EXPECT_TRUE(parallelLoops(Loops, Seq)[0].Parallel);
  Seq.Accesses[1] = access("p", Expr(6), false, {0}, "p[0].cost");
  Seq.Accesses.push_back(access("p", K * 4 + 2, true, {0}, "p[k].tag"));
  Seq.Accesses.back().ElementSize = 8;
  EXPECT_FALSE(parallelLoops(Loops, Seq)[0].Parallel);
}

TEST(LoopMappingTest, ABlockClampedToTheEndStaysInItsBlock) {
  // for b < 64: for i in [16b, min(n, 16b + 16)): v[i] = 2 * v[i] (cfd's
  // blocks): i's iteration j runs below min(n, 16b + 16) - 16b <= 16, so
  // two blocks never meet. Without the min (an unknown trip) they may.
  KernelFacts Seq;
  Expr B = iter("b"), I = iter("i");
  Expr N = Expr::symbol("n", SymbolKind::Param);
  Seq.Loops = {loopFact(0, "b", 1, std::nullopt, 64),
               loopFact(1, "i", 2, 0u,
                        Expr::min(N, B * 16 + 16) - B * 16)};
  Seq.Accesses = {access("v", B * 16 + I, false, {0, 1}, "v[i]"),
                  access("v", B * 16 + I, true, {0, 1}, "v[i]")};
  std::vector<PortLoop> Loops{portLoop("b", 1, std::nullopt, {1}, true),
                              portLoop("i", 2, 0u, {}, false)};
  std::vector<LoopVerdict> V = parallelLoops(Loops, Seq);
  EXPECT_TRUE(V[0].Parallel) << V[0].Why;
  Seq.Loops[1].TripCount = N - B * 16;
  EXPECT_FALSE(parallelLoops(Loops, Seq)[0].Parallel);
}

TEST(LoopMappingTest, InnerLoopTermsWithinOneRowStaySeparate) {
  // for j < 64: for i < 64: A[i][j] = 0 (column j of a 64-wide matrix):
  // j's coefficient 1, i's 64: the GCD test separates the iterations of j.
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "j", 1, std::nullopt, 64),
               loopFact(1, "i", 2, 0u, 64)};
  Seq.Accesses = {access("A", iter("i") * 64 + iter("j"), true, {0, 1},
                         "A[i][j]")};
  std::vector<PortLoop> Loops{portLoop("j", 1, std::nullopt, {1}, true),
                              portLoop("i", 2, 0u, {}, false)};
  EXPECT_TRUE(parallelLoops(Loops, Seq)[0].Parallel);
  // With 65 columns' worth of j the rows overlap: not provable.
  Seq.Loops[0].TripCount = Expr(65);
  EXPECT_FALSE(parallelLoops(Loops, Seq)[0].Parallel);
}

TEST(LoopMappingTest, RowsOfARuntimeLengthAreDelinearized) {
  // for i < n: for j < m: a[i*m + j] = a[i*m + j] * 2, m a parameter: the
  // remainder j lies in [0, m - 1], so i and j are two subscripts and
  // both loops are parallel (Rodinia's flattened arrays).
  KernelFacts Seq;
  const Expr N = Expr::symbol("n", SymbolKind::Param),
             M = Expr::symbol("m", SymbolKind::Param);
  Seq.Loops = {loopFact(0, "i", 1, std::nullopt, N), loopFact(1, "j", 2, 0u, M)};
  const Expr I = iter("i"), J = iter("j");
  Seq.Accesses = {access("a", I * M + J, false, {0, 1}, "a[i*m + j]"),
                  access("a", I * M + J, true, {0, 1}, "a[i*m + j]")};
  std::vector<PortLoop> Loops{portLoop("i", 1, std::nullopt, {1}, true),
                              portLoop("j", 2, 0u, {}, false)};
  std::vector<LoopVerdict> V = parallelLoops(Loops, Seq);
  EXPECT_TRUE(V[0].Parallel) << V[0].Why;
  EXPECT_TRUE(V[1].Parallel) << V[1].Why;
  // A neighbour one past the row's end (j + 1 with j up to m - 1) reaches
  // the next row: i is not provably parallel.
  Seq.Accesses[0].Index = I * M + J + 1;
  V = parallelLoops(Loops, Seq);
  EXPECT_FALSE(V[0].Parallel);
  // Stopping one short of the row's end (j < m - 1) keeps it in the row.
  Seq.Loops[1].TripCount = M - 1;
  V = parallelLoops(Loops, Seq);
  EXPECT_TRUE(V[0].Parallel) << V[0].Why;
}

TEST(LoopMappingTest, RowsApartByAConstantOrAnOuterLoopStaySeparate) {
  // TRMM's shape: for i < 64: for j < 64: for k < 63 - i:
  //   B[i][j] += A[..] * B[i + 1 + k][j]
  // Under j the two accesses of B move with j by 1 and differ by
  // (1 + k) x 64: a multiple of 64 > 1 x 63, so the iterations of j touch
  // disjoint columns; i is not parallel (row i + 1 + k is another i's).
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "i", 1, std::nullopt, 64),
               loopFact(1, "j", 2, 0u, 64),
               loopFact(2, "k", 3, 1u, Expr(63) - iter("i"))};
  Expr I = iter("i"), J = iter("j"), K = iter("k");
  Seq.Accesses = {access("B", (I + 1 + K) * 64 + J, false, {0, 1, 2},
                         "B[i + 1 + k][j]"),
                  access("B", I * 64 + J, true, {0, 1, 2}, "B[i][j]")};
  std::vector<PortLoop> Loops{portLoop("i", 1, std::nullopt, {1}, true),
                              portLoop("j", 2, 0u, {2}, true),
                              portLoop("k", 3, 1u, {}, false)};
  std::vector<LoopVerdict> V = parallelLoops(Loops, Seq);
  EXPECT_FALSE(V[0].Parallel);
  EXPECT_TRUE(V[1].Parallel) << V[1].Why;
  // SYMM's shape: C[k][j] and C[i][j] under j, k < i: they differ by
  // (i - k) x 64, i fixed in j: still a multiple of 64.
  Seq.Accesses = {access("C", K * 64 + J, true, {0, 1, 2}, "C[k][j]"),
                  access("C", I * 64 + J, true, {0, 1}, "C[i][j]")};
  EXPECT_TRUE(parallelLoops(Loops, Seq)[1].Parallel);
  // A difference that is not a multiple of the row (C[i][j + 1]) is not
  // provable.
  Seq.Accesses[1].Index = I * 64 + J + 1;
  EXPECT_FALSE(parallelLoops(Loops, Seq)[1].Parallel);
}

/// Subscripts one per dimension, for the dimension-wise tests.
AccessFacts access2(const std::string &Base, Expr Row, Expr Col, bool Write,
                    std::vector<unsigned> Loops, const std::string &Text) {
  AccessFacts A = access(Base, Row * 64 + Col, Write, std::move(Loops), Text);
  A.Subscripts = {Row, Col};
  return A;
}

TEST(LoopMappingTest, TriangularNestsAreProvedIndependent) {
  // CORR's last nest: for j1 < 63: for j2 = j1 + 1 .. 63:
  //   S[j1][j2] = ...; S[j2][j1] = S[j1][j2]
  // Iteration j1 writes row j1 right of the diagonal and column j1 below
  // it: two iterations never meet (S[a][b] = S[b'][a'] needs
  // a = b' > a' = b > a). j2's iteration counts from j1 + 1.
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "j1", 1, std::nullopt, 63),
               loopFact(1, "j2", 2, 0u, Expr(63) - iter("j1"))};
  const Expr J1 = iter("j1"), J2 = J1 + Expr(1) + iter("j2");
  Seq.Accesses = {access2("S", J1, J2, true, {0, 1}, "S[j1][j2]"),
                  access2("S", J2, J1, true, {0, 1}, "S[j2][j1]"),
                  access2("S", J1, J2, false, {0, 1}, "S[j1][j2]")};
  std::vector<PortLoop> Loops{portLoop("j1", 1, std::nullopt, {1}, true),
                              portLoop("j2", 2, 0u, {}, false)};
  std::vector<LoopVerdict> V = parallelLoops(Loops, Seq);
  EXPECT_TRUE(V[0].Parallel) << V[0].Why;
  EXPECT_TRUE(V[1].Parallel) << V[1].Why;
  // With j2 over the whole row (from 0) the iterations do meet.
  Seq.Loops[1].TripCount = Expr(64);
  const Expr J2Full = iter("j2");
  Seq.Accesses = {access2("S", J1, J2Full, true, {0, 1}, "S[j1][j2]"),
                  access2("S", J2Full, J1, true, {0, 1}, "S[j2][j1]")};
  V = parallelLoops(Loops, Seq);
  EXPECT_FALSE(V[0].Parallel);
  EXPECT_NE(V[0].Why.find("may touch one element of 'S'"), std::string::npos)
      << V[0].Why;
}

TEST(LoopMappingTest, RowsBelowThePivotAreIndependent) {
  // LU's update for one pivot k (an outer loop): for i = k + 1 .. 63:
  //   A[i][k] /= A[k][k]; for j = k + 1 .. 63: A[i][j] -= A[i][k] * A[k][j]
  // Iteration i writes row i > k and reads row k: never another's row.
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "k", 1, std::nullopt, 64),
               loopFact(1, "i", 2, 0u, Expr(63) - iter("k")),
               loopFact(2, "j", 3, 1u, Expr(63) - iter("k"))};
  const Expr K = iter("k"), I = K + Expr(1) + iter("i"),
             J = K + Expr(1) + iter("j");
  Seq.Accesses = {access2("A", I, K, false, {0, 1}, "A[i][k]"),
                  access2("A", K, K, false, {0, 1}, "A[k][k]"),
                  access2("A", I, K, true, {0, 1}, "A[i][k]"),
                  access2("A", I, J, false, {0, 1, 2}, "A[i][j]"),
                  access2("A", K, J, false, {0, 1, 2}, "A[k][j]"),
                  access2("A", I, J, true, {0, 1, 2}, "A[i][j]")};
  std::vector<PortLoop> Loops{portLoop("k", 1, std::nullopt, {1}, false),
                              portLoop("i", 2, 0u, {2}, false),
                              portLoop("j", 3, 1u, {}, false)};
  std::vector<LoopVerdict> V = parallelLoops(Loops, Seq);
  EXPECT_FALSE(V[0].Parallel); // k: row k is written by an earlier pivot
  EXPECT_TRUE(V[1].Parallel) << V[1].Why;
  EXPECT_TRUE(V[2].Parallel) << V[2].Why;
}

TEST(LoopMappingTest, ASumIntoAScalarIsAParallelReduction) {
  // for i < 64: for j < 64: s += A[i][j] (the frontend found s summed in
  // both loops): one kernel, reductions x=j y=i and x=i.
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "i", 1, std::nullopt, 64),
               loopFact(1, "j", 2, 0u, 64)};
  Seq.Accesses = {access("A", iter("i") * 64 + iter("j"), false, {0, 1},
                         "A[i][j]")};
  std::vector<PortLoop> Loops{portLoop("i", 1, std::nullopt, {1}, true),
                              portLoop("j", 2, 0u, {}, false)};
  for (PortLoop &L : Loops) {
    L.NotMappable = "the scalar 's' is carried from one iteration to the next";
    L.Sums = {{"s", 4, true}};
  }
  std::vector<LoopVerdict> V = parallelLoops(Loops, Seq);
  EXPECT_FALSE(V[0].Parallel);
  EXPECT_TRUE(V[0].Reduction) << V[0].Why;
  EXPECT_TRUE(V[1].Reduction) << V[1].Why;
  std::vector<PortKernel> Ks = portKernels(Loops, V);
  ASSERT_EQ(Ks.size(), 1u);
  ASSERT_EQ(Ks[0].Candidates.size(), 2u);
  EXPECT_EQ(Ks[0].Candidates[0].name(Loops), "x=j y=i (sum of s)");
  EXPECT_EQ(Ks[0].Candidates[1].name(Loops), "x=i (sum of s)");
  EXPECT_EQ(Ks[0].Candidates[1].Reduce, "s");
  // Another dependence as well (A written at a shifted index): no.
  Seq.Accesses.push_back(access("A", iter("i") * 64 + iter("j") + 1, true,
                                {0, 1}, "A[i][j+1]"));
  V = parallelLoops(Loops, Seq);
  EXPECT_FALSE(V[0].Reduction);
  EXPECT_NE(V[0].Why.find("may touch one element of 'A'"), std::string::npos)
      << V[0].Why;
  // Without the frontend's sum, the carried scalar keeps the loop off the
  // GPU.
  Seq.Accesses.pop_back();
  for (PortLoop &L : Loops)
    L.Sums.clear();
  V = parallelLoops(Loops, Seq);
  EXPECT_FALSE(V[0].Reduction);
  EXPECT_TRUE(portKernels(Loops, V).empty());
}

TEST(LoopMappingTest, AReductionAroundAParallelLoopStaysOnTheHost) {
  // for t < 8: { s += x[t]; for j < 64: y[t][j] = 2 * z[j]; }: t sums s but
  // holds a parallel loop: t stays the host loop of the j kernel.
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "t", 1, std::nullopt, 8),
               loopFact(1, "j", 2, 0u, 64)};
  Seq.Accesses = {access("x", iter("t"), false, {0}, "x[t]"),
                  access("z", iter("j"), false, {0, 1}, "z[j]"),
                  access("y", iter("t") * 64 + iter("j"), true, {0, 1},
                         "y[t][j]")};
  std::vector<PortLoop> Loops{portLoop("t", 1, std::nullopt, {1}, false),
                              portLoop("j", 2, 0u, {}, false)};
  Loops[0].NotMappable = "the scalar 's' is carried";
  Loops[0].Sums = {{"s", 4, true}};
  std::vector<LoopVerdict> V = parallelLoops(Loops, Seq);
  ASSERT_TRUE(V[0].Reduction);
  std::vector<PortKernel> Ks = portKernels(Loops, V);
  ASSERT_EQ(Ks.size(), 1u);
  EXPECT_EQ(Ks[0].Root, 1u);
  EXPECT_EQ(Ks[0].HostLoops, std::vector<unsigned>{0});
  EXPECT_TRUE(Ks[0].Candidates[0].Reduce.empty());
}

TEST(LoopMappingTest, AReductionInsideASequentialLoopIsNotAKernel) {
  // for t < 8 (a recurrence on a[t]): for i < 64: s += x[i]: the sum
  // would be launched once per t; it stays sequential.
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "t", 1, std::nullopt, 8),
               loopFact(1, "i", 2, 0u, 64)};
  Seq.Accesses = {access("a", iter("t") - 1, false, {0}, "a[t - 1]"),
                  access("a", iter("t"), true, {0}, "a[t]"),
                  access("x", iter("i"), false, {0, 1}, "x[i]")};
  std::vector<PortLoop> Loops{portLoop("t", 1, std::nullopt, {1}, false),
                              portLoop("i", 2, 0u, {}, false)};
  Loops[1].NotMappable = "the scalar 's' is carried";
  Loops[1].Sums = {{"s", 4, true}};
  std::vector<LoopVerdict> V = parallelLoops(Loops, Seq);
  ASSERT_FALSE(V[0].Parallel);
  ASSERT_TRUE(V[1].Reduction);
  EXPECT_TRUE(portKernels(Loops, V).empty());
}

TEST(LoopMappingTest, SequentialOuterLoopBecomesAHostLoop) {
  // for t < 10: for i < 64: a[i] = b[i] + f[t] (t writes a[i] in every t)
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "t", 1, std::nullopt, 10),
               loopFact(1, "i", 2, 0u, 64)};
  Seq.Accesses = {access("f", iter("t"), false, {0, 1}, "f[t]"),
                  access("a", iter("i"), true, {0, 1}, "a[i]")};
  std::vector<PortLoop> Loops{portLoop("t", 1, std::nullopt, {1}, true),
                              portLoop("i", 2, 0u, {}, false)};
  std::vector<LoopVerdict> V = parallelLoops(Loops, Seq);
  EXPECT_FALSE(V[0].Parallel);
  std::vector<PortKernel> K = portKernels(Loops, V);
  ASSERT_EQ(K.size(), 1u);
  EXPECT_EQ(K[0].Root, 1u);
  EXPECT_EQ(K[0].HostLoops, std::vector<unsigned>{0});
  ASSERT_EQ(K[0].Candidates.size(), 1u);
  EXPECT_EQ(K[0].Candidates[0].name(Loops), "x=i");
  std::string Why;
  EXPECT_EQ(loopTripCount(Loops[0], Seq, {}, Why), 10);
}

TEST(LoopMappingTest, HostLoopStandsAtItsMiddleIteration) {
  // for (t = 1; t < 11; t += 3): iterations t = 1, 4, 7, 10; the middle
  // one (index floor(3 / 2) = 1) is t = 4.
  KernelFacts Seq;
  Seq.Loops = {loopFact(0, "t", 1, std::nullopt, 4)};
  Seq.Loops[0].Start = Expr(1);
  std::vector<PortLoop> Loops{portLoop("t", 1, std::nullopt, {}, false)};
  Loops[0].Step = 3;
  EXPECT_EQ(hostLoopMiddle(Loops[0], Seq, {}, 4), 4);
  EXPECT_EQ(hostLoopMiddle(Loops[0], Seq, {}, 1), 1);
  // A start the assumptions fix: t = s .. with s == 10.
  Seq.Loops[0].Start = Expr::symbol("s", SymbolKind::Param);
  EXPECT_FALSE(hostLoopMiddle(Loops[0], Seq, {}, 4));
  std::map<std::string, Assumption> A;
  A["s"].Equal = 10;
  EXPECT_EQ(hostLoopMiddle(Loops[0], Seq, A, 5), 16);
}

TEST(LoopMappingTest, NotMappableLoopIsNotParallel) {
  Gemm G;
  G.Loops[0].NotMappable = "the scalar 's' is carried from one iteration "
                           "to the next";
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  EXPECT_FALSE(V[0].Parallel);
  EXPECT_EQ(V[0].Why, G.Loops[0].NotMappable);
  // j becomes the kernel, i the host loop.
  std::vector<PortKernel> K = portKernels(G.Loops, V);
  ASSERT_EQ(K.size(), 1u);
  EXPECT_EQ(K[0].Root, 1u);
  EXPECT_EQ(K[0].HostLoops, std::vector<unsigned>{0});
}

TEST(LoopMappingTest, ThreadIndexAndLaunch) {
  EXPECT_EQ(globalThreadIndex('x'),
            sym::blockIdx('x') * sym::blockDim('x') + sym::threadIdx('x'));
  Gemm G;
  LoopMapping M{0, {1, 0}, {{32, 8, 1}}};
  LaunchConfig L = launchFor(M, {100, 64}, G.Loops);
  EXPECT_EQ(L.Block, (std::array<int64_t, 3>{32, 8, 1}));
  EXPECT_EQ(L.Grid, (std::array<int64_t, 3>{4, 8, 1})); // ceil(100/32), 64/8
}

TEST(LoopMappingTest, TripCountFromAssumptionOrMean) {
  KernelFacts Seq;
  Expr N = Expr::symbol("n", SymbolKind::Param);
  Seq.Loops = {loopFact(0, "k", 1, std::nullopt, 8),
               loopFact(1, "j", 2, 0u, Expr(7) - iter("k")),
               loopFact(2, "i", 3, std::nullopt, N)};
  std::vector<PortLoop> Loops{portLoop("k", 1, std::nullopt, {1}, true),
                              portLoop("j", 2, 0u, {}, false),
                              portLoop("i", 3, std::nullopt, {}, false)};
  std::string Why, Mean;
  EXPECT_FALSE(loopTripCount(Loops[2], Seq, {}, Why));
  EXPECT_NE(Why.find("--assume"), std::string::npos) << Why;
  std::map<std::string, Assumption> A;
  A["n"].Equal = 4096;
  EXPECT_EQ(loopTripCount(Loops[2], Seq, A, Why), 4096);
  // 7 - k for k in 0..7: 7 at k = 0, 0 at k = 7, mean 3.5 rounded to 4.
  EXPECT_FALSE(loopTripCount(Loops[1], Seq, {}, Why));
  EXPECT_EQ(loopTripCount(Loops[1], Seq, {}, Why, &Mean), 4);
  EXPECT_NE(Mean.find("mean"), std::string::npos);
}

TEST(LoopMappingTest, MappingSpecsAndBlockShapes) {
  std::string Err;
  auto S = parseMappingSpec("x=j, y=i", Err);
  ASSERT_TRUE(S) << Err;
  EXPECT_EQ(S->X, "j");
  EXPECT_EQ(S->Y, "i");
  EXPECT_FALSE(parseMappingSpec("y=i", Err));
  EXPECT_NE(Err.find("x=VAR"), std::string::npos);
  EXPECT_FALSE(parseMappingSpec("z=i", Err));
  EXPECT_FALSE(parseMappingSpec("x=i,x=j", Err));
  Gemm G;
  EXPECT_TRUE(matchesSpec({0, {1, 0}, {}}, *S, G.Loops));
  EXPECT_FALSE(matchesSpec({0, {0, 1}, {}}, *S, G.Loops));
  EXPECT_FALSE(matchesSpec({0, {0}, {}}, *S, G.Loops));
  auto B = parseBlockShape("32x8", Err);
  ASSERT_TRUE(B) << Err;
  EXPECT_EQ(*B, (std::array<int64_t, 3>{32, 8, 1}));
  EXPECT_FALSE(parseBlockShape("32x0", Err));
  EXPECT_FALSE(parseBlockShape("2x2x2x2", Err));
}

} // namespace
