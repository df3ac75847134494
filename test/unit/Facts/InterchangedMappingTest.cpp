//===- InterchangedMappingTest.cpp - j moved outside a sequential k -------===//
//
// interchangedMapping (Facts/LoopMapping.h) on facts written by hand, as
// the interpreter records PolyBench 4.2's i-k-j GEMM.
//
//===----------------------------------------------------------------------===//
#include "Facts/LoopMapping.h"
#include "PortFacts.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;
using warplint::testing::iter;
using warplint::testing::portLoop;

namespace {

LoopFacts loopFact(unsigned Id, const std::string &Sym, unsigned Line,
                   std::optional<unsigned> Parent, int64_t Trips) {
  LoopFacts L;
  L.Id = Id;
  L.Var = Sym.substr(0, 1);
  L.IterSymbol = Sym;
  L.Loc = {"f.c", Line, 3};
  L.Parent = Parent;
  L.TripCount = Expr(Trips);
  return L;
}

AccessFacts access(const std::string &Base, Expr Row, Expr Col, bool Write,
                   std::vector<unsigned> Loops) {
  AccessFacts A;
  A.Space = MemorySpace::Global;
  A.Base = Base;
  A.Subscripts = {Row, Col};
  A.Index = Row * 96 + Col;
  A.IsRead = !Write;
  A.IsWrite = Write;
  A.ElementSize = 4;
  A.Loops = std::move(Loops);
  A.Text = Base + "[..][..]";
  return A;
}

/// for i < 64 { for j < 96: C[i][j] *= b;
///              for k < 64: for j < 96: C[i][j] += A[i][k] * B[k][j] }
struct Ikj {
  KernelFacts Seq;
  std::vector<PortLoop> Loops;
  Ikj() {
    Seq.Loops = {loopFact(0, "i", 1, std::nullopt, 64),
                 loopFact(1, "j", 2, 0u, 96), loopFact(2, "k", 3, 0u, 64),
                 loopFact(3, "j#2", 4, 2u, 96)};
    const Expr I = iter("i"), J = iter("j"), K = iter("k"), J2 = iter("j#2");
    Seq.Accesses = {access("C", I, J, false, {0, 1}),
                    access("C", I, J, true, {0, 1}),
                    access("C", I, J2, false, {0, 2, 3}),
                    access("A", I, K, false, {0, 2, 3}),
                    access("B", K, J2, false, {0, 2, 3}),
                    access("C", I, J2, true, {0, 2, 3})};
    Loops = {portLoop("i", 1, std::nullopt, {1, 2}), portLoop("j", 2, 0u, {}),
             portLoop("k", 3, 0u, {3}), portLoop("j", 4, 2u, {})};
  }
};

} // namespace

TEST(InterchangedMappingTest, IkjGemmMapsBothJLoopsAsX) {
  Ikj G;
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  ASSERT_TRUE(V[0].Parallel && V[1].Parallel && V[3].Parallel);
  ASSERT_FALSE(V[2].Parallel); // k: C[i][j] in every iteration
  std::vector<PortKernel> Ks = portKernels(G.Loops, V);
  ASSERT_EQ(Ks.size(), 1u);
  std::string Why;
  std::optional<LoopMapping> M =
      interchangedMapping(G.Loops, V, Ks[0], G.Seq, {}, Why);
  ASSERT_TRUE(M) << Why;
  EXPECT_EQ(M->Dims, (std::vector<unsigned>{1, 0}));
  EXPECT_EQ(M->MoreX, std::vector<unsigned>{3});
  EXPECT_EQ(M->name(G.Loops), "x=j y=i");
  EXPECT_NE(M->Interchange.find("'j' (line 4) outside 'k' (line 3)"),
            std::string::npos)
      << M->Interchange;
}

TEST(InterchangedMappingTest, NotWhenThreadsWouldMeet) {
  // C[i][j + k] over k: thread j at k + 1 touches what thread j + 1 did at
  // k.
  Ikj G;
  const Expr I = iter("i"), J2 = iter("j#2"), K = iter("k");
  G.Seq.Accesses[2] = access("C", I, J2 + K, false, {0, 2, 3});
  G.Seq.Accesses[5] = access("C", I, J2 + K, true, {0, 2, 3});
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  ASSERT_TRUE(V[3].Parallel); // within one k the j iterations are apart
  std::vector<PortKernel> Ks = portKernels(G.Loops, V);
  ASSERT_EQ(Ks.size(), 1u);
  std::string Why;
  EXPECT_FALSE(interchangedMapping(G.Loops, V, Ks[0], G.Seq, {}, Why));
  EXPECT_NE(Why.find("may touch one element in two threads"),
            std::string::npos)
      << Why;
}

TEST(InterchangedMappingTest, NotWithAWriteOutsideTheThreadLoops) {
  Ikj G;
  AccessFacts R;
  R.Space = MemorySpace::Global;
  R.Base = "r";
  R.Index = iter("i");
  R.IsWrite = true;
  R.ElementSize = 4;
  R.Loops = {0};
  R.Text = "r[i]";
  G.Seq.Accesses.push_back(R);
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  std::vector<PortKernel> Ks = portKernels(G.Loops, V);
  ASSERT_EQ(Ks.size(), 1u);
  std::string Why;
  EXPECT_FALSE(interchangedMapping(G.Loops, V, Ks[0], G.Seq, {}, Why));
  EXPECT_NE(Why.find("'r[i]'"), std::string::npos) << Why;
}
