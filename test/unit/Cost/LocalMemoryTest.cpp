//===- LocalMemoryTest.cpp - Local arrays in registers or local memory ----===//
//
// Hand-built facts of `float buf[16]` in a kernel: which indices keep it in
// registers, which put it in local memory and why, and the interleaved
// addresses and request classes its accesses then get.
//
//===----------------------------------------------------------------------===//
#include "Cost/InstructionCounts.h"
#include "Cost/LocalMemory.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

const Expr Tx = threadIdx('x');

AccessFacts localAccess(const std::string &Base, Expr Index, bool Write,
                        std::vector<unsigned> Loops) {
  AccessFacts A;
  A.Space = MemorySpace::Local;
  A.Base = Base;
  A.IsRead = !Write;
  A.IsWrite = Write;
  A.ElementSize = 4;
  A.Index = Index;
  A.ByteOffset = Index * Expr(4);
  A.Text = Base + "[" + Index.str() + "]";
  A.Loc.Line = 7;
  A.Loops = std::move(Loops);
  return A;
}

/// Loop 0: `for (i = 0; i < Trip; i++)` with iteration symbol "i".
KernelFacts withLoop(Expr Trip) {
  KernelFacts K;
  K.Name = "k";
  LoopFacts L;
  L.Id = 0;
  L.Kind = "for";
  L.Var = "i";
  L.IterSymbol = "i";
  L.Affine = true;
  L.TripCount = Trip;
  L.Loc.Line = 5;
  K.Loops.push_back(L);
  return K;
}

const Expr I = Expr::symbol("i", SymbolKind::LoopIter);

TEST(LocalMemoryTest, IndicesOfAnUnrolledLoopKeepTheArrayInRegisters) {
  // 16 iterations: unrolled, buf[i] becomes buf[0] ... buf[15].
  KernelFacts K = withLoop(Expr(16));
  K.Accesses.push_back(localAccess("buf", I, true, {0}));
  K.Accesses.push_back(localAccess("buf", Expr(3), false, {}));
  EXPECT_TRUE(localMemoryArrays(K).empty());
}

TEST(LocalMemoryTest, AValueReadAtRunTimePutsTheArrayInLocalMemory) {
  KernelFacts K = withLoop(Expr(16));
  K.Accesses.push_back(localAccess("buf", I, true, {0}));
  const Expr Idx = Expr::symbol("idx[i]", SymbolKind::Unknown);
  K.Accesses.push_back(localAccess("buf", Idx, false, {0}));
  auto R = localMemoryArrays(K);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Base, "buf");
  EXPECT_EQ(R[0].Text, "buf[idx[i]]");
  EXPECT_NE(R[0].Why.find("'idx[i]', a value known only at run time"),
            std::string::npos)
      << R[0].Why;
}

TEST(LocalMemoryTest, ALoopTheCompilerDoesNotUnrollPutsItInLocalMemory) {
  // `for (i = 0; i < n; i++) buf[i] = ...`: n only known at run time.
  KernelFacts K = withLoop(Expr::symbol("n", SymbolKind::Param));
  K.Accesses.push_back(localAccess("buf", I, true, {0}));
  auto R = localMemoryArrays(K);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_NE(R[0].Why.find("loop 'i' (line 5), which the compiler does not "
                          "unroll fully"),
            std::string::npos)
      << R[0].Why;
}

TEST(LocalMemoryTest, TheThreadIndexIsNamedBeforeTheLaunchValues) {
  KernelFacts K;
  K.Name = "k";
  const Expr T = blockIdx('x') * blockDim('x') + Tx;
  K.Accesses.push_back(localAccess("h", T % Expr(8), true, {}));
  auto R = localMemoryArrays(K);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_NE(R[0].Why.find("depends on 'threadIdx.x'"), std::string::npos)
      << R[0].Why;
}

TEST(LocalMemoryTest, RequestsAreInterleavedAndClassifiedAsTheGpuSeesThem) {
  KernelFacts K = withLoop(Expr(16));
  const Expr Idx = Expr::symbol("idx[i]", SymbolKind::Unknown);
  K.Accesses.push_back(localAccess("buf", Idx, false, {0})); // one index
  K.Accesses.push_back(localAccess("buf", Tx % Expr(16), true, {}));
  AccessFacts G;
  G.Space = MemorySpace::Global;
  G.Base = "out";
  G.IsWrite = true;
  G.ElementSize = 4;
  G.Index = Tx;
  G.ByteOffset = Tx * Expr(4);
  G.Text = "out[threadIdx.x]";
  K.Accesses.push_back(G);
  std::vector<std::string> Notes;
  KernelFacts V = withLocalMemoryRequests(K, localMemoryArrays(K), Notes);
  ASSERT_EQ(Notes.size(), 1u);
  EXPECT_NE(Notes[0].find("local array 'buf' is in local memory"),
            std::string::npos);
  ASSERT_EQ(V.Accesses.size(), 3u);
  for (unsigned N : {0u, 1u}) {
    EXPECT_EQ(V.Accesses[N].Space, MemorySpace::Global);
    EXPECT_TRUE(V.Accesses[N].LocalMemory);
  }
  EXPECT_FALSE(V.Accesses[2].LocalMemory);
  EXPECT_EQ(V.Accesses[2].ByteOffset, G.ByteOffset);
  // Lane l's element e at e * 128 + 4 l in its warp's window.
  auto At = [&](unsigned N, int64_t Lane, int64_t Element) {
    std::map<std::string, int64_t> Vals{
        {"threadIdx.x", Lane}, {"threadIdx.y", 0}, {"threadIdx.z", 0},
        {"blockDim.x", 128},   {"blockDim.y", 1},  {"blockIdx.x", 0},
        {"blockIdx.y", 0},     {"blockIdx.z", 0},  {"gridDim.x", 4},
        {"gridDim.y", 1},      {"idx[i]", Element}, {"i", 0}};
    return *V.Accesses[N].ByteOffset.evaluate(Vals);
  };
  EXPECT_EQ(At(0, 1, 5) - At(0, 0, 5), 4);
  EXPECT_EQ(At(0, 0, 6) - At(0, 0, 5), 128);
  EXPECT_NE(At(0, 32, 5) - At(0, 0, 5), 4); // the next warp: its own window
  // One index across the warp: 32 adjacent words, coalesced; lanes at
  // different elements (threadIdx.x % 16): scattered rows, uncoalesced.
  LaunchConfig L;
  L.Block = {128, 1, 1};
  L.Grid = {4, 1, 1};
  std::string Error;
  auto Gpu = gpuModelFor("sm_80", Error);
  ASSERT_TRUE(Gpu) << Error;
  InstructionCountOptions O;
  InstructionCounts C = countInstructions(V, L, *Gpu, O);
  EXPECT_EQ(C.Local, 0);
  EXPECT_EQ(C.GlobalUncoalesced, 1);   // buf[threadIdx.x % 16]
  EXPECT_EQ(C.GlobalCoalesced, 16 + 1); // buf[idx[i]] 16 times, out once
  InstructionCounts Before = countInstructions(K, L, *Gpu, O);
  EXPECT_EQ(Before.Local, 17);
}

} // namespace
