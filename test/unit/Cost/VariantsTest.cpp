//===- VariantsTest.cpp - the explorer's variants on plain facts ----------===//
#include "Cost/Variants.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

const Expr Tx = threadIdx('x'), Ty = threadIdx('y');

AccessFacts shared2d(Expr Row, Expr Col) {
  AccessFacts A;
  A.Space = MemorySpace::Shared;
  A.Base = "tile";
  A.IsRead = true;
  A.ElementSize = 4;
  A.Subscripts = {Row, Col};
  A.Index = Row * Expr(32) + Col;
  A.ByteOffset = A.Index * Expr(4);
  return A;
}

/// tile[threadIdx.x][threadIdx.y] on float tile[32][32], and a global
/// load indexed through blockDim.x. \p Dynamic: the tile is extern
/// (sized at launch), so other block shapes are fair.
KernelFacts tileKernel(bool Dynamic = false) {
  KernelFacts K;
  K.Name = "k";
  SharedBufferFacts S;
  S.Name = "tile";
  S.ElementSize = 4;
  S.Dims = {32, 32};
  S.Dynamic = Dynamic;
  K.SharedBuffers.push_back(S);
  K.Accesses.push_back(shared2d(Tx, Ty));
  AccessFacts G;
  G.Space = MemorySpace::Global;
  G.Base = "in";
  G.IsRead = true;
  G.ElementSize = 4;
  G.Index = blockIdx('x') * blockDim('x') + Tx;
  G.ByteOffset = G.Index * Expr(4);
  K.Accesses.push_back(G);
  return K;
}

LaunchConfig launch2d() {
  LaunchConfig L;
  L.Grid = {{64, 64, 1}};
  L.Block = {{32, 8, 1}};
  return L;
}

const KernelVariant *named(const std::vector<KernelVariant> &V,
                           const std::string &Name) {
  for (const KernelVariant &X : V)
    if (X.Name == Name)
      return &X;
  return nullptr;
}

} // namespace

TEST(VariantsTest, TheFirstIsTheKernelAsWritten) {
  std::string Err;
  auto V = kernelVariants(tileKernel(), launch2d(), *gpuModelFor("sm_80", Err));
  ASSERT_FALSE(V.empty());
  EXPECT_EQ(V.front().Name, "as written");
  EXPECT_EQ(V.front().L.Block[0], 32);
}

TEST(VariantsTest, PaddingReflattensEveryAccessToTheBuffer) {
  std::string Err;
  auto V = kernelVariants(tileKernel(), launch2d(), *gpuModelFor("sm_80", Err));
  const KernelVariant *P = named(V, "pad tile");
  ASSERT_NE(P, nullptr);
  // tile[x][y] on [32][33]: x * 33 + y.
  EXPECT_EQ(P->K.Accesses[0].Index.str(), (Tx * Expr(33) + Ty).str());
}

TEST(VariantsTest, BlockShapesKeepTheThreadsCovered) {
  std::string Err;
  auto V = kernelVariants(tileKernel(/*Dynamic=*/true), launch2d(),
                          *gpuModelFor("sm_80", Err));
  const KernelVariant *B = named(V, "block 16x16");
  ASSERT_NE(B, nullptr);
  // 64 x 32 = 2048 threads wide, 64 x 8 = 512 high.
  EXPECT_EQ(B->L.Grid[0], 128);
  EXPECT_EQ(B->L.Grid[1], 32);
}

TEST(VariantsTest, NoBlockShapesForAHardCodedTile) {
  std::string Err;
  // A static [32][32] tile: the block's shape written as constants.
  auto Static = kernelVariants(tileKernel(), launch2d(), *gpuModelFor("sm_80", Err));
  EXPECT_EQ(named(Static, "block 16x16"), nullptr);
  // No blockDim anywhere.
  KernelFacts K = tileKernel(/*Dynamic=*/true);
  K.Accesses.pop_back();
  auto V = kernelVariants(K, launch2d(), *gpuModelFor("sm_80", Err));
  EXPECT_EQ(named(V, "block 16x16"), nullptr);
}

TEST(VariantsTest, NoBlockLargerThanTheGpuAdmits) {
  std::string Err;
  auto On13 = kernelVariants(tileKernel(true), launch2d(), *gpuModelFor("sm_13", Err));
  auto On80 = kernelVariants(tileKernel(true), launch2d(), *gpuModelFor("sm_80", Err));
  EXPECT_EQ(named(On13, "block 32x32"), nullptr); // 1024 > 512 on 1.x
  EXPECT_NE(named(On80, "block 32x32"), nullptr);
}

TEST(VariantsTest, SwappingTheThreadIndicesSwapsTheBlock) {
  std::string Err;
  auto V = kernelVariants(tileKernel(), launch2d(), *gpuModelFor("sm_80", Err));
  const KernelVariant *S = named(V, "swap threadIdx.x/y");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->L.Block[0], 8);
  EXPECT_EQ(S->L.Block[1], 32);
  EXPECT_EQ(S->K.Accesses[0].Index.str(), (Ty * Expr(32) + Tx).str());
}

TEST(VariantsTest, DiagonalOrderOnlyWherePartitionsAreNotHashed) {
  std::string Err;
  auto On13 = kernelVariants(tileKernel(), launch2d(), *gpuModelFor("sm_13", Err));
  auto On80 = kernelVariants(tileKernel(), launch2d(), *gpuModelFor("sm_80", Err));
  EXPECT_NE(named(On13, "diagonal block order"), nullptr);
  EXPECT_EQ(named(On80, "diagonal block order"), nullptr);
}

TEST(VariantsTest, TheReadOnlyPathForParametersOnlyRead) {
  std::string Err;
  KernelFacts K = tileKernel();
  for (const char *Name : {"in", "out"}) {
    ParamFacts P;
    P.Name = Name;
    P.IsPointer = true;
    K.Params.push_back(P);
  }
  AccessFacts W = K.Accesses.back();
  W.Base = "out";
  W.IsRead = false;
  W.IsWrite = true;
  K.Accesses.push_back(W);
  // A 3.5 GPU's 48 KiB read-only cache: 'in' is only read, 'out' written.
  auto V = kernelVariants(K, launch2d(), *gpuModelFor("sm_35", Err), 49152);
  const KernelVariant *R = named(V, "read-only in");
  ASSERT_NE(R, nullptr);
  EXPECT_TRUE(R->K.Params[0].PointeeConst && R->K.Params[0].Restrict);
  EXPECT_FALSE(R->K.Params[1].Restrict);
  EXPECT_EQ(named(V, "read-only out"), nullptr);
  // No such path (or plain loads cached in L1 already): no variant.
  auto None = kernelVariants(K, launch2d(), *gpuModelFor("sm_80", Err), 0);
  EXPECT_EQ(named(None, "read-only in"), nullptr);
  // Already const __restrict__: nothing to change.
  K.Params[0].PointeeConst = K.Params[0].Restrict = true;
  auto Done = kernelVariants(K, launch2d(), *gpuModelFor("sm_35", Err), 49152);
  EXPECT_EQ(named(Done, "read-only in"), nullptr);
}
