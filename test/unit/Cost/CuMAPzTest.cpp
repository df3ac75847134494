//===- CuMAPzTest.cpp - each CuMAPz term on small hand-computed cases -----===//
#include "Cost/CuMAPz.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

const Expr Tx = threadIdx('x'), Bx = blockIdx('x'), Dx = blockDim('x');

AccessFacts access(MemorySpace Space, std::string Base, Expr Index,
                   bool Write) {
  AccessFacts A;
  A.Space = Space;
  A.Base = std::move(Base);
  A.IsRead = !Write;
  A.IsWrite = Write;
  A.ElementSize = 4;
  A.Index = Index;
  A.ByteOffset = Index * Expr(4);
  A.Text = A.Base + "[...]";
  return A;
}

LaunchConfig launch(int64_t Grid, int64_t Block) {
  LaunchConfig L;
  L.Grid = {Grid, 1, 1};
  L.Block = {Block, 1, 1};
  return L;
}

/// Compute capability 1.3: half-warp coalescing, 16 banks per half-warp.
CuMAPzInputs cc13(double Occupancy = 0.5) {
  std::string Error;
  CuMAPzInputs In;
  In.Gpu = *gpuModelFor("sm_13", Error);
  In.Channels = {8, 256};
  In.Occupancy = Occupancy;
  return In;
}

TEST(CuMAPzTest, EquationsTwoSixAndEightAlone) {
  // eq. 2: MIN(25, 50) / 50 * sqrt(4) = 1.
  EXPECT_DOUBLE_EQ(latencyHiding(25, 4), 1.0);
  // Occupancy above 50% brings nothing more: 50/50 * sqrt(1).
  EXPECT_DOUBLE_EQ(latencyHiding(75, 1), 1.0);
  // eq. 6: 8 half-warps * 2 buffers / 32 conflicts = 0.5; none: 1.
  EXPECT_DOUBLE_EQ(sharedMemoryEfficiency(8, 2, 32), 0.5);
  EXPECT_DOUBLE_EQ(sharedMemoryEfficiency(8, 2, 0), 1.0);
  // eq. 8: 2 * 0.5 * (0.8 / 2) * 0.5 * sqrt(0.25) = 0.1.
  EXPECT_DOUBLE_EQ(memoryPerformanceEstimate(2, 0.5, 0.8, 2, 0.5, 0.25), 0.1);
}

TEST(CuMAPzTest, CoalescedCopyIsOneEverywhere) {
  // out[i] = in[i], i = blockIdx.x * blockDim.x + threadIdx.x: every
  // half-warp reads and writes 64 aligned bytes in one 64-byte segment.
  KernelFacts K;
  Expr I = Bx * Dx + Tx;
  K.Accesses.push_back(access(MemorySpace::Global, "in", I, false));
  K.Accesses.push_back(access(MemorySpace::Global, "out", I, true));
  auto E = estimateCuMAPz(K, launch(4, 64), cc13(0.5));
  EXPECT_DOUBLE_EQ(E.BwUtil, 1.0);
  EXPECT_DOUBLE_EQ(E.DataReuse, 1.0);
  EXPECT_DOUBLE_EQ(E.LatHiding, 1.0);
  EXPECT_DOUBLE_EQ(E.ShmEff, 1.0);
  EXPECT_DOUBLE_EQ(E.BranchEff, 1.0);
  EXPECT_DOUBLE_EQ(E.MPE, 1.0);
  // 4 blocks of 2 warps; 256 threads * 4 bytes per reference.
  EXPECT_DOUBLE_EQ(E.TotalWarps, 8.0);
  EXPECT_DOUBLE_EQ(E.BytesAccess, 2 * 256 * 4);
}

TEST(CuMAPzTest, StridedReadHalvesItsBandwidth) {
  // in[2*i]: a half-warp's 16 lanes span 128 bytes, one 128-byte
  // transaction for 64 bytes used; out[i] moves 64 of 64. Per half-warp
  // bytes_access = 64 + 64, bytes_tr = 128 + 64: bw_util = 128/192 = 2/3.
  KernelFacts K;
  Expr I = Bx * Dx + Tx;
  K.Accesses.push_back(access(MemorySpace::Global, "in", I * 2, false));
  K.Accesses.push_back(access(MemorySpace::Global, "out", I, true));
  auto E = estimateCuMAPz(K, launch(4, 64), cc13());
  EXPECT_NEAR(E.BwUtil, 2.0 / 3.0, 1e-12);
  EXPECT_NEAR(E.MPE, 2.0 / 3.0, 1e-12);
}

TEST(CuMAPzTest, DataReuseAndLatencyHidingOfAFetchedBuffer) {
  // s[tx] = in[i];  out[i] = s[tx] + s[63 - tx];   (block of 64)
  // bytes_buffered: the fetch moves 64 floats per block, all used: 256 B.
  // bytes_shmem: two reads of 64 floats from the buffer: 512 B.
  // data_reuse = 512 / 256 = 2. One fetch reference, occupancy 25%:
  // lat_hiding = 25/50 * sqrt(1) = 0.5.
  KernelFacts K;
  Expr I = Bx * Dx + Tx;
  SharedBufferFacts S;
  S.Name = "s";
  S.ElementSize = 4;
  S.Dims = {64};
  K.SharedBuffers.push_back(S);
  K.Accesses.push_back(access(MemorySpace::Global, "in", I, false));
  AccessFacts Store = access(MemorySpace::Shared, "s", Tx, true);
  Store.ValueFrom = 0;
  K.Accesses.push_back(Store);
  K.Accesses.push_back(access(MemorySpace::Shared, "s", Tx, false));
  K.Accesses.push_back(access(MemorySpace::Shared, "s", Expr(63) - Tx, false));
  K.Accesses.push_back(access(MemorySpace::Global, "out", I, true));
  auto E = estimateCuMAPz(K, launch(4, 64), cc13(0.25));
  EXPECT_EQ(E.FetchRefs, 1u);
  EXPECT_DOUBLE_EQ(E.BytesBuffered, 4 * 256.0);
  EXPECT_DOUBLE_EQ(E.BytesShmem, 4 * 512.0);
  EXPECT_DOUBLE_EQ(E.DataReuse, 2.0);
  EXPECT_DOUBLE_EQ(E.LatHiding, 0.5);
  EXPECT_DOUBLE_EQ(E.MPE, 2.0 * 0.5);
}

TEST(CuMAPzTest, BankConflictsGiveSharedMemoryEfficiency) {
  // s[16 * tx] on 1.3, one block of 32 threads: each half-warp's 16 lanes
  // hit bank 0 at 16 different words, a 16-way conflict: 2 requests
  // serialised into 2 * 16 = 32 accesses. shm_eff = 2 / 32 = 1/16, and
  // MPE = sqrt(1/16) = 0.25.
  // A second, conflict-free reference s[tx] adds 2 requests of 1 access:
  // shm_eff = (2 + 2) / (32 + 2) = 4/34.
  KernelFacts K;
  SharedBufferFacts S;
  S.Name = "s";
  S.ElementSize = 4;
  S.Dims = {512};
  K.SharedBuffers.push_back(S);
  K.Accesses.push_back(access(MemorySpace::Shared, "s", Tx * 16, false));
  auto E = estimateCuMAPz(K, launch(1, 32), cc13());
  EXPECT_DOUBLE_EQ(E.NHalfWarp, 2.0);
  EXPECT_EQ(E.NBuffer, 1u);
  EXPECT_DOUBLE_EQ(E.SharedRequests, 2.0);
  EXPECT_DOUBLE_EQ(E.NBkConflict, 32.0);
  EXPECT_DOUBLE_EQ(E.ShmEff, 1.0 / 16);
  EXPECT_DOUBLE_EQ(E.MPE, 0.25);
  K.Accesses.push_back(access(MemorySpace::Shared, "s", Tx, false));
  auto E2 = estimateCuMAPz(K, launch(1, 32), cc13());
  EXPECT_DOUBLE_EQ(E2.NBkConflict, 34.0);
  EXPECT_DOUBLE_EQ(E2.ShmEff, 4.0 / 34);
}

TEST(CuMAPzTest, BranchEfficiencyCountsSplitWarps) {
  // if (tx == 0) a[i] = 0;  b[i] = 1;   (one block of 64: warps 0 and 1)
  // a[i]: warp 0 splits (lane 0 alone): 2 paths; warp 1 takes no lane: 1.
  // b[i]: 1 path in each warp. n_path = 2 + 1 + 1 + 1 = 5 over n_warp = 4
  // warp-reference pairs: branch_eff = 4/5.
  KernelFacts K;
  BranchFacts B;
  B.Id = 1;
  B.Condition = Expr::eq(Tx, Expr(0));
  B.ThreadDependent = true;
  K.Branches.push_back(B);
  Expr I = Bx * Dx + Tx;
  AccessFacts A = access(MemorySpace::Global, "a", I, true);
  A.Guards.push_back({1, true});
  K.Accesses.push_back(A);
  K.Accesses.push_back(access(MemorySpace::Global, "b", I, true));
  auto E = estimateCuMAPz(K, launch(1, 64), cc13());
  EXPECT_DOUBLE_EQ(E.NWarp, 4.0);
  EXPECT_DOUBLE_EQ(E.NPath, 5.0);
  EXPECT_DOUBLE_EQ(E.BranchEff, 0.8);
}

TEST(CuMAPzTest, BranchEfficiencyFollowsEarlyExitsAndLoops) {
  // if (tx >= 48) return;  for (j = 0; j < 2; ++j) if (tx < 8 * j) a[i] = 0;
  // one block of 64 (warps 0 and 1). Early exit: lanes 16-31 of warp 1
  // leave. a[i] runs when tx < 8j: j = 0 no lane (1 path per warp); j = 1
  // tx 0-7, lanes 0-7 of warp 0 (2 paths), none of warp 1 (1). Mean over
  // the 2 iterations and 2 warps: (1 + 1 + 2 + 1) / 4 = 5/4 per warp.
  // b[i] after the exit: warp 0 1 path, warp 1 2 paths: 3/2 per warp.
  // branch_eff = 2 / (5/4 + 3/2) = 8/11; n_warp, n_path over the grid's
  // 2 warps: 4 and 5.5.
  KernelFacts K;
  BranchFacts Exit;
  Exit.Id = 0;
  Exit.Kind = BranchKind::EarlyExit;
  Exit.Condition = Expr::le(Expr(48), Tx);
  Exit.ThreadDependent = true;
  K.Branches.push_back(Exit);
  LoopFacts L;
  L.Id = 0;
  L.Kind = "for";
  L.Var = "j";
  L.IterSymbol = "j";
  L.Affine = true;
  L.Start = Expr(0);
  L.Bound = Expr(2);
  L.Comparison = "<";
  L.Step = Expr(1);
  L.TripCount = Expr(2);
  K.Loops.push_back(L);
  BranchFacts In;
  In.Id = 1;
  In.Condition = Expr::lt(Tx, Expr(8) * Expr::symbol("j", SymbolKind::LoopIter));
  In.ThreadDependent = true;
  In.Loops = {0};
  In.Guards = {{0, false}};
  K.Branches.push_back(In);
  Expr I = Bx * Dx + Tx;
  AccessFacts A = access(MemorySpace::Global, "a", I, true);
  A.Loops = {0};
  A.Guards = {{0, false}, {1, true}};
  K.Accesses.push_back(A);
  AccessFacts B = access(MemorySpace::Global, "b", I, true);
  B.Guards = {{0, false}};
  K.Accesses.push_back(B);
  auto E = estimateCuMAPz(K, launch(1, 64), cc13());
  EXPECT_DOUBLE_EQ(E.NWarp, 4.0);
  EXPECT_DOUBLE_EQ(E.NPath, 5.5);
  EXPECT_DOUBLE_EQ(E.BranchEff, 8.0 / 11);
}

TEST(CuMAPzTest, ChannelSkewDividesTheEstimate) {
  // Every block writes the same 128 bytes' channel: out[tx] with grid 64 of
  // 32 threads. eq. 4: 8 * MIN(8, 256/128) = 16 blocks, all on channel 0:
  // ch_skew = 8, MPE = 1/8.
  KernelFacts K;
  K.Accesses.push_back(access(MemorySpace::Global, "out", Tx, true));
  CuMAPzInputs In = cc13();
  In.ModelChannelSkew = true;
  In.MaxBlocksPerSm = 8;
  auto E = estimateCuMAPz(K, launch(64, 32), In);
  ASSERT_TRUE(E.Channels.Analysed);
  EXPECT_DOUBLE_EQ(E.ChSkew, 8.0);
  EXPECT_DOUBLE_EQ(E.MPE, 1.0 / 8);
  In.ModelChannelSkew = false;
  EXPECT_DOUBLE_EQ(estimateCuMAPz(K, launch(64, 32), In).ChSkew, 1.0);
}

TEST(CuMAPzTest, LoopsMultiplyByTheirTripCount) {
  // for (k = 0; k < 4; ++k) out[i] = in[k * n + i]: both inside; in[] is
  // read 4 times per thread.
  KernelFacts K;
  LoopFacts Lp;
  Lp.Id = 3;
  Lp.TripCount = Expr(4);
  K.Loops.push_back(Lp);
  AccessFacts A = access(MemorySpace::Global, "in", Bx * Dx + Tx, false);
  A.Loops = {3};
  std::vector<std::string> Assumed;
  EXPECT_DOUBLE_EQ(dynamicCount(K, A, launch(2, 32), {}, Assumed), 4.0);
  EXPECT_TRUE(Assumed.empty());
  K.Loops[0].TripCount.reset();
  EXPECT_DOUBLE_EQ(dynamicCount(K, A, launch(2, 32), {}, Assumed), 1.0);
  ASSERT_EQ(Assumed.size(), 1u);
  EXPECT_NE(Assumed[0].find("counted once"), std::string::npos);
}

} // namespace
