//===- StagingTest.cpp - global buffers staged through shared memory ------===//
#include "Cost/Staging.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

const Expr Tx = threadIdx('x'), Ty = threadIdx('y');
constexpr int64_t W = 4096; // the row pitch

AccessFacts global(const std::string &Base, Expr Index, bool Write) {
  AccessFacts A;
  A.Space = MemorySpace::Global;
  A.Base = Base;
  A.IsRead = !Write;
  A.IsWrite = Write;
  A.ElementSize = 4;
  A.ElementType = "float";
  A.Index = Index;
  A.ByteOffset = Index * Expr(4);
  return A;
}

/// CuMAPz's stencil (Fig. 1): out[r][c] = in[r][c] * in[r][c+1] * in[r][c+2].
KernelFacts stencil() {
  KernelFacts K;
  K.Name = "noShared";
  Expr Col = blockIdx('x') * Expr(16) + Tx, Row = blockIdx('y') * Expr(16) + Ty;
  for (int D = 0; D < 3; ++D)
    K.Accesses.push_back(global("in", Row * Expr(W) + Col + Expr(D), false));
  K.Accesses.push_back(global("out", Row * Expr(W) + Col, true));
  return K;
}

LaunchConfig launch(int64_t Bx, int64_t By) {
  LaunchConfig L;
  L.Grid = {{W / Bx, W / By, 1}};
  L.Block = {{Bx, By, 1}};
  return L;
}

unsigned count(const KernelFacts &K, MemorySpace S, const std::string &Base) {
  unsigned N = 0;
  for (const AccessFacts &A : K.Accesses)
    N += A.Space == S && A.Base == Base;
  return N;
}

} // namespace

TEST(StagingTest, FetchedReferenceIsLoadedOnceAndTheNeighboursReadTheTile) {
  std::string Why;
  auto X = stageReads(stencil(), launch(16, 16), "in", 0, TileLayout::Row, Why);
  ASSERT_TRUE(X) << Why;
  ASSERT_EQ(X->K.SharedBuffers.size(), 1u);
  EXPECT_EQ(X->K.SharedBuffers[0].Name, "s_in");
  EXPECT_EQ(*X->K.SharedBuffers[0].Dims[0], 16); // [blockDim.y][blockDim.x]
  EXPECT_EQ(X->K.Barriers.size(), 1u);
  // The fetch, plus the +1 and +2 neighbours at the block's right edge.
  EXPECT_EQ(count(X->K, MemorySpace::Global, "in"), 3u);
  // The store into the tile and the three reads of it.
  EXPECT_EQ(count(X->K, MemorySpace::Shared, "s_in"), 4u);
  // Two halo branches: threadIdx.x + 1 and + 2 past the block's edge.
  ASSERT_EQ(X->K.Branches.size(), 2u);
  EXPECT_TRUE(X->K.Branches[0].ThreadDependent);
  // The store into the tile takes its value from the fetch.
  bool Linked = false;
  for (const AccessFacts &A : X->K.Accesses)
    if (A.Space == MemorySpace::Shared && A.IsWrite && A.ValueFrom)
      Linked = X->K.Accesses[*A.ValueFrom].Base == "in";
  EXPECT_TRUE(Linked);
}

TEST(StagingTest, TheLayoutDecidesTheSharedIndex) {
  std::string Why;
  auto Row = stageReads(stencil(), launch(16, 16), "in", 0, TileLayout::Row, Why);
  auto Col = stageReads(stencil(), launch(16, 16), "in", 0, TileLayout::Column, Why);
  auto Pad = stageReads(stencil(), launch(16, 16), "in", 0, TileLayout::PaddedColumn, Why);
  ASSERT_TRUE(Row && Col && Pad);
  auto StoreIndex = [](const KernelFacts &K) {
    for (const AccessFacts &A : K.Accesses)
      if (A.Space == MemorySpace::Shared && A.IsWrite)
        return A.Index.str();
    return std::string();
  };
  EXPECT_EQ(StoreIndex(Row->K), (Ty * Expr(16) + Tx).str());
  EXPECT_EQ(StoreIndex(Col->K), (Tx * Expr(16) + Ty).str());
  EXPECT_EQ(StoreIndex(Pad->K), (Tx * Expr(17) + Ty).str());
}

TEST(StagingTest, NotForAWrittenOrSingleReferenceBuffer) {
  std::string Why;
  KernelFacts K = stencil();
  K.Accesses.push_back(global("in", Tx, true));
  EXPECT_FALSE(stageReads(K, launch(16, 16), "in", 0, TileLayout::Row, Why));
  EXPECT_NE(Why.find("written"), std::string::npos);
  EXPECT_FALSE(stageReads(stencil(), launch(16, 16), "out", 0, TileLayout::Row, Why));
}

TEST(StagingTest, AStridedStoreBecomesTheTransposeTile) {
  // trNaive: out[x * N + y + 8j] for j < 4 with 32x8 blocks.
  KernelFacts K;
  LoopFacts Lp;
  Lp.Id = 0;
  Lp.IterSymbol = "j.iter";
  Lp.TripCount = Expr(4);
  K.Loops.push_back(Lp);
  Expr J = Expr::symbol("j.iter", SymbolKind::LoopIter);
  Expr X = blockIdx('x') * Expr(32) + Tx, Y = blockIdx('y') * Expr(32) + Ty;
  K.Accesses.push_back(global("in", (Y + Expr(8) * J) * Expr(2048) + X, false));
  K.Accesses.push_back(global("out", X * Expr(2048) + Y + Expr(8) * J, true));
  K.Accesses[1].ValueFrom = 0;
  for (AccessFacts &A : K.Accesses)
    A.Loops = {0};
  std::string Why;
  LaunchConfig L;
  L.Grid = {{64, 64, 1}};
  L.Block = {{32, 8, 1}};
  auto S = stageStore(K, L, 1, Why);
  ASSERT_TRUE(S) << Why;
  EXPECT_EQ(*S->K.SharedBuffers.back().Dims[1], 32);
  // The new store: threadIdx.x walks consecutive elements.
  const AccessFacts &Out = S->K.Accesses.back();
  ASSERT_EQ(Out.Base, "out");
  EXPECT_EQ(*Out.Index.coefficientOf("threadIdx.x"), Expr(1));
  EXPECT_EQ(*Out.Index.coefficientOf("threadIdx.y"), Expr(2048));
  // Its value comes from the tile, read along a column.
  ASSERT_TRUE(Out.ValueFrom);
  const AccessFacts &Read = S->K.Accesses[*Out.ValueFrom];
  EXPECT_EQ(Read.Space, MemorySpace::Shared);
  EXPECT_EQ(*Read.Index.coefficientOf("threadIdx.x"), Expr(32));
  // The barrier sits outside the loop that u runs over.
  ASSERT_EQ(S->K.Barriers.size(), 1u);
  EXPECT_TRUE(S->K.Barriers[0].Loops.empty());

  // With 16x8 blocks threadIdx.y and j cover 0..31, not 0..15: no tile.
  L.Block = {{16, 8, 1}};
  EXPECT_FALSE(stageStore(K, L, 1, Why));
  // A coalesced store is left alone.
  EXPECT_FALSE(stageStore(K, L, 0, Why));
}

TEST(StagingTest, EveryReferenceOfABufferCanBeTheFetch) {
  auto V = stagingVariants(stencil(), launch(16, 16));
  // Three references of 'in', three layouts; 'out' is written once.
  EXPECT_EQ(V.size(), 9u);
}
