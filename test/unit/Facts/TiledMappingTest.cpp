//===- TiledMappingTest.cpp - a tiled C nest as a shared-memory kernel ----===//
//
// Facts/LoopMapping.h's tiledMapping (CGPredict Sec. 3.6, docs/port.md
// "Tiled C and shared memory") and the dependence test's handling of a
// tiled nest, on hand-written facts of a tiled GEMM (N = 128, tile 32):
//
//   for ii (step 32) for jj (step 32) {        // As, Bs declared here
//     for i < 32 for j < 32  C[ii+i][jj+j] *= beta;           // phase 0
//     for kk (step 32) {
//       for i < 32 for j < 32 { As[i][j] = A[..]; Bs[i][j] = B[..]; }
//       for i < 32 for j < 32 for k < 32                      // phase 2
//         C[ii+i][jj+j] += As[i][k] * Bs[k][j];
//     }
//   }
//
//===----------------------------------------------------------------------===//
#include "Facts/LoopMapping.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

Expr it(const std::string &N) { return Expr::symbol(N, SymbolKind::LoopIter); }

LoopFacts loopFact(unsigned Id, const std::string &Var,
                   std::optional<unsigned> Parent, int64_t Trips) {
  LoopFacts L;
  L.Id = Id;
  L.Var = Var;
  L.IterSymbol = Var;
  L.Loc = {"t.c", Id + 1, 3};
  L.Parent = Parent;
  L.TripCount = Expr(Trips);
  return L;
}

AccessFacts access(const std::string &Base, std::vector<Expr> Subs, bool Write,
                   std::vector<unsigned> Loops, int64_t Row = 128) {
  AccessFacts A;
  A.Space = MemorySpace::Global;
  A.Base = Base;
  A.Index = Subs[0] * Expr(Row) + Subs[1];
  A.Subscripts = std::move(Subs);
  A.IsRead = !Write;
  A.IsWrite = Write;
  A.ElementSize = 4;
  A.Loops = std::move(Loops);
  A.Text = Base + "[..]";
  return A;
}

PortLoop portLoop(const std::string &Var, unsigned Index,
                  std::optional<unsigned> Parent,
                  std::vector<unsigned> Children, bool Perfect,
                  int64_t Step = 1) {
  PortLoop L;
  L.Var = Var;
  L.Loc = {"t.c", Index + 1, 3};
  L.Parent = Parent;
  L.Children = std::move(Children);
  L.PerfectChild = Perfect;
  L.Step = Step;
  return L;
}

struct TiledGemm {
  KernelFacts Seq;
  std::vector<PortLoop> Loops;
  // 0 ii, 1 jj, 2-3 i j (beta), 4 kk, 5-6 i j (load), 7-9 i j k (product)
  TiledGemm() {
    Seq.Loops = {loopFact(0, "ii", std::nullopt, 4), loopFact(1, "jj", 0u, 4),
                 loopFact(2, "i0", 1u, 32), loopFact(3, "j0", 2u, 32),
                 loopFact(4, "kk", 1u, 4), loopFact(5, "i1", 4u, 32),
                 loopFact(6, "j1", 5u, 32), loopFact(7, "i2", 4u, 32),
                 loopFact(8, "j2", 7u, 32), loopFact(9, "k", 8u, 32)};
    Expr II = it("ii") * 32, JJ = it("jj") * 32, KK = it("kk") * 32;
    auto C = [&](const std::string &I, const std::string &J, bool W,
                 std::vector<unsigned> L) {
      return access("C", {II + it(I), JJ + it(J)}, W, std::move(L));
    };
    std::vector<unsigned> Beta{0, 1, 2, 3}, Load{0, 1, 4, 5, 6},
        Prod{0, 1, 4, 7, 8, 9};
    Seq.Accesses = {
        C("i0", "j0", false, Beta), C("i0", "j0", true, Beta),
        access("A", {II + it("i1"), KK + it("j1")}, false, Load),
        access("As", {it("i1"), it("j1")}, true, Load, 32),
        access("B", {KK + it("i1"), JJ + it("j1")}, false, Load),
        access("Bs", {it("i1"), it("j1")}, true, Load, 32),
        C("i2", "j2", false, Prod),
        access("As", {it("i2"), it("k")}, false, Prod, 32),
        access("Bs", {it("k"), it("j2")}, false, Prod, 32),
        C("i2", "j2", true, Prod)};
    Loops = {portLoop("ii", 0, std::nullopt, {1}, true, 32),
             portLoop("jj", 1, 0u, {2, 4}, false, 32),
             portLoop("i0", 2, 1u, {3}, true),
             portLoop("j0", 3, 2u, {}, false),
             portLoop("kk", 4, 1u, {5, 7}, false, 32),
             portLoop("i1", 5, 4u, {6}, true),
             portLoop("j1", 6, 5u, {}, false),
             portLoop("i2", 7, 4u, {8}, true),
             portLoop("j2", 8, 7u, {9}, true),
             portLoop("k", 9, 8u, {}, false)};
    Loops[0].LocalArrays = Loops[1].LocalArrays = {"As", "Bs"};
  }
};

TEST(TiledMappingTest, TileAndThreadLoopsParallelKkAndKSequential) {
  TiledGemm G;
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  for (unsigned I : {0u, 1u, 2u, 3u, 5u, 6u, 7u, 8u})
    EXPECT_TRUE(V[I].Parallel) << G.Loops[I].Var << ": " << V[I].Why;
  EXPECT_FALSE(V[4].Parallel); // kk: every iteration writes As[i][j]
  EXPECT_FALSE(V[9].Parallel); // k: the reduction into C
}

TEST(TiledMappingTest, TileArraysArePrivateToTheTileLoop) {
  TiledGemm G;
  G.Loops[0].LocalArrays.clear();
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  EXPECT_FALSE(V[0].Parallel);
  EXPECT_NE(V[0].Why.find("As"), std::string::npos) << V[0].Why;
}

TEST(TiledMappingTest, SubscriptsSeparateTheColumnTiles) {
  // Flattened, C[ii+i][jj+j] moves by 32 with jj while i spans 31 x 128:
  // only the second subscript shows that two jj tiles never meet.
  TiledGemm G;
  EXPECT_TRUE(parallelLoops(G.Loops, G.Seq)[1].Parallel);
  for (AccessFacts &A : G.Seq.Accesses)
    A.Subscripts.clear();
  EXPECT_FALSE(parallelLoops(G.Loops, G.Seq)[1].Parallel);
}

TEST(TiledMappingTest, GemmPhasesSharedBuffersAndBarriers) {
  TiledGemm G;
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  std::vector<PortKernel> K = portKernels(G.Loops, V);
  ASSERT_EQ(K.size(), 1u);
  std::string Why;
  std::optional<LoopMapping> M = tiledMapping(G.Loops, V, K[0], G.Seq, Why);
  ASSERT_TRUE(M) << Why;
  EXPECT_EQ(M->Tile, 32);
  EXPECT_EQ(M->Dims, (std::vector<unsigned>{1, 0}));
  EXPECT_EQ(M->Block, (std::array<int64_t, 3>{{32, 32, 1}}));
  ASSERT_EQ(M->Phases.size(), 3u);
  EXPECT_EQ(M->Phases[0].Dims, (std::vector<unsigned>{3, 2}));
  EXPECT_EQ(M->Phases[1].Dims, (std::vector<unsigned>{6, 5}));
  EXPECT_EQ(M->Phases[2].Dims, (std::vector<unsigned>{8, 7}));
  EXPECT_EQ(M->Shared, (std::vector<std::string>{"As", "Bs"}));
  // The beta phase touches no tile; the load writes what the product
  // reads; the product reads what the next kk's load overwrites.
  EXPECT_FALSE(M->Phases[0].BarrierAfter);
  EXPECT_TRUE(M->Phases[1].BarrierAfter);
  EXPECT_NE(M->Phases[1].BarrierWhy.find("written here and read"),
            std::string::npos)
      << M->Phases[1].BarrierWhy;
  EXPECT_TRUE(M->Phases[2].BarrierAfter);
  EXPECT_NE(M->Phases[2].BarrierWhy.find("read here and written"),
            std::string::npos)
      << M->Phases[2].BarrierWhy;
  EXPECT_EQ(M->name(G.Loops), "x=jj/j0 y=ii/i0");
  LaunchConfig L = launchFor(*M, {4, 4}, G.Loops);
  EXPECT_EQ(L.Grid, (std::array<int64_t, 3>{{4, 4, 1}})); // a block per tile
  EXPECT_EQ(L.Block, (std::array<int64_t, 3>{{32, 32, 1}}));
}

TEST(TiledMappingTest, PortSharedKeepsOnlyTheNamedArrays) {
  TiledGemm G;
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  std::vector<PortKernel> K = portKernels(G.Loops, V);
  std::string Why;
  std::vector<std::string> Only{"Bs"};
  std::optional<LoopMapping> M =
      tiledMapping(G.Loops, V, K[0], G.Seq, Why, &Only);
  ASSERT_TRUE(M) << Why;
  EXPECT_EQ(M->Shared, Only);
  EXPECT_NE(M->Phases[1].BarrierWhy.find("'Bs'"), std::string::npos);
}

TEST(TiledMappingTest, NoBarrierWithoutSharedConflict) {
  TiledGemm G;
  // The product reads no tile: nothing flows between the phases.
  G.Seq.Accesses.erase(G.Seq.Accesses.begin() + 7,
                       G.Seq.Accesses.begin() + 9);
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  std::vector<PortKernel> K = portKernels(G.Loops, V);
  std::string Why;
  std::optional<LoopMapping> M = tiledMapping(G.Loops, V, K[0], G.Seq, Why);
  ASSERT_TRUE(M) << Why;
  EXPECT_FALSE(M->Phases[1].BarrierAfter);
  // Nor from the product to the next kk's load.
  EXPECT_FALSE(M->Phases[2].BarrierAfter);
}

TEST(TiledMappingTest, NotTiledWhenAPhaseIsNotTheTileSize) {
  TiledGemm G;
  G.Seq.Loops[8].TripCount = Expr(16); // j2 runs over half the tile
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  std::vector<PortKernel> K = portKernels(G.Loops, V);
  std::string Why;
  EXPECT_FALSE(tiledMapping(G.Loops, V, K[0], G.Seq, Why));
  EXPECT_NE(Why.find("'i2'"), std::string::npos) << Why;
}

TEST(TiledMappingTest, UnitStepRootIsNotTiled) {
  TiledGemm G;
  G.Loops[0].Step = 1;
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  std::vector<PortKernel> K = portKernels(G.Loops, V);
  std::string Why;
  EXPECT_FALSE(tiledMapping(G.Loops, V, K[0], G.Seq, Why));
  EXPECT_FALSE(Why.empty());
}

} // namespace

TEST(TiledMappingTest, NoTileArrayIsNotTiled) {
  // The same loops with no array declared in the tile loop's body (the
  // verdicts as before): nothing for shared memory, so the plain mappings
  // are ranked instead.
  TiledGemm G;
  std::vector<LoopVerdict> V = parallelLoops(G.Loops, G.Seq);
  std::vector<PortKernel> K = portKernels(G.Loops, V);
  ASSERT_EQ(K.size(), 1u);
  G.Loops[0].LocalArrays.clear();
  G.Loops[1].LocalArrays.clear();
  std::string Why;
  EXPECT_FALSE(tiledMapping(G.Loops, V, K[0], G.Seq, Why));
  EXPECT_NE(Why.find("no array is declared"), std::string::npos) << Why;
}
