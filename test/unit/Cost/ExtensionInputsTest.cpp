//===- ExtensionInputsTest.cpp - CGPredict's trace and MDM's inputs -------===//
//
// Hand-built kernels; every expected number is worked out in the comments.
//
//===----------------------------------------------------------------------===//
#include "Cost/ExtensionInputs.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

const Expr Tx = threadIdx('x');
const Expr It = Expr::symbol("it", SymbolKind::LoopIter);

AccessFacts access(std::string Base, Expr Index, bool Read, bool Write,
                   unsigned Line, std::vector<unsigned> Loops = {}) {
  AccessFacts A;
  A.Space = MemorySpace::Global;
  A.Base = std::move(Base);
  A.IsRead = Read;
  A.IsWrite = Write;
  A.ElementSize = 4;
  A.Index = Index;
  A.ByteOffset = Index * Expr(4);
  A.Text = A.Base + "[...]";
  A.Loc.Line = Line;
  A.Loops = std::move(Loops);
  return A;
}

LoopFacts loop(unsigned Id, int64_t Trip, std::string Iter, unsigned Line) {
  LoopFacts L;
  L.Id = Id;
  L.Kind = "for";
  L.Affine = true;
  L.TripCount = Expr(Trip);
  L.IterSymbol = std::move(Iter);
  L.Loc.Line = Line;
  return L;
}

LaunchConfig launch(int64_t Grid, int64_t Block) {
  LaunchConfig L;
  L.Grid = {Grid, 1, 1};
  L.Block = {Block, 1, 1};
  return L;
}

bool mentions(const std::vector<std::string> &V, const std::string &Part) {
  for (const std::string &S : V)
    if (S.find(Part) != std::string::npos)
      return true;
  return false;
}

/// 4 blocks of 64 threads (2 warps each). Line 10: in[tx], outside loops;
/// line 21, in the loop at line 20 (2 iterations): in[tx + 32 * it]. With
/// 128-byte lines, warp 0 of any block reads line L0 (bytes 0-127) at line
/// 10, warp 1 line L1; in the loop, iteration 0 again L0 / L1, iteration 1
/// L1 / L2 (warp 1: floats 64-95).
KernelFacts reuseKernel() {
  KernelFacts K;
  K.Name = "reuse";
  K.Accesses.push_back(access("in", Tx, true, false, 10));
  K.Accesses.push_back(
      access("in", Tx + Expr(32) * It, true, false, 21, {0}));
  K.Loops.push_back(loop(0, 2, "it", 20));
  return K;
}

std::vector<std::optional<CgClass>> allCoal(const KernelFacts &K) {
  return std::vector<std::optional<CgClass>>(K.Accesses.size(),
                                             CgClass::Coal);
}

} // namespace

TEST(CgTraceTest, ProgramOrderBatchesAndUnrolledLoops) {
  KernelFacts K = reuseKernel();
  // Two blocks resident per SM: batch 0 = blocks 0, 1; batch 1 = 2, 3.
  CgTrace T = buildCgTrace(K, launch(4, 64), 2, allCoal(K));
  EXPECT_EQ(T.Batches, 2u);
  EXPECT_EQ(T.WarpsTraced, 8u);
  EXPECT_EQ(T.IterationsPerLoop, 16u); // 3 occurrences x 8 warps fit
  // Per batch: line 10 then the loop's two iterations, each executed by
  // the 4 warps of the batch before the next: 3 x 4 = 12; two batches 24.
  ASSERT_EQ(T.Accesses.size(), 24u);
  const std::vector<unsigned> Batch{0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
  for (unsigned I = 0; I < 24; ++I)
    EXPECT_EQ(T.AccessIndex[I], Batch[I % 12]) << I;
  // The first warp: 32 lanes at the array's base, 4 bytes apart.
  ASSERT_EQ(T.Accesses[0].Addresses.size(), 32u);
  const uint64_t Base = T.Accesses[0].Addresses[0];
  EXPECT_EQ(Base % (uint64_t(1) << 32), 0u);
  EXPECT_EQ(T.Accesses[0].Addresses[31], Base + 124);
  // Iteration 1, block 0, warp 1: floats 64..95, bytes 256..383.
  EXPECT_EQ(T.Accesses[9].Addresses[0], Base + 256);
  EXPECT_TRUE(mentions(T.Assumptions, "trace of 8 warps"));
}

TEST(CgTraceTest, HitsOnTheTraceByHand) {
  KernelFacts K = reuseKernel();
  CgTrace T = buildCgTrace(K, launch(4, 64), 2, allCoal(K));
  // The line sequence (one line per warp instruction), twice:
  //   L0 L1 L0 L1 | L0 L1 L0 L1 | L1 L2 L1 L2
  // One set of 2 ways (256 bytes): m[j] hits when at most one other line
  // was referenced since m[j-1] (eq. 9). Batch 0: the first L0, L1 and L2
  // miss (j = 1), the rest hit. Batch 1 starts with L0 after L1 L2 (2
  // others: miss), then L1 after L2 L0 (miss), then hits up to L2 at
  // position 21, after L0 L1 (miss). Misses: 3 + 3 = 6 of 24.
  CgCacheResult R = cgPredictL2(T.Accesses, {256, 2, 128});
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_EQ(R.Coal.References, 24u);
  EXPECT_EQ(R.Coal.Misses, 6u);
  EXPECT_EQ(R.Coal.Hits, 18u);
  EXPECT_DOUBLE_EQ(R.Coal.DramTransPerInst, 6.0 / 24);
  // Direct mapped, one line (128 bytes): a hit only right after the same
  // line — position 8 (L1 after L1) in each batch: 2 hits.
  CgCacheResult D = cgPredictL2(T.Accesses, {128, 1, 128});
  EXPECT_EQ(D.Coal.Hits, 2u);
  // Big enough for all three lines: only the first touch of each misses.
  CgCacheResult F = cgPredictL2(T.Accesses, {512, 4, 128});
  EXPECT_EQ(F.Coal.Misses, 3u);
}

// `out[tx] = out[tx] + in[tx]` on one line: the store's left side stands
// at the earlier column, but it is executed after the right side's loads,
// so the trace has it last: the load of out misses (it is not the store
// that brought the line).
TEST(CgTraceTest, AStoreFollowsTheLoadsOfItsLine) {
  KernelFacts K;
  K.Accesses.push_back(access("out", Tx, false, true, 7));
  K.Accesses.back().Loc.Column = 3;
  K.Accesses.push_back(access("out", Tx, true, false, 7));
  K.Accesses.back().Loc.Column = 12;
  K.Accesses.push_back(access("in", Tx, true, false, 7));
  K.Accesses.back().Loc.Column = 22;
  CgTrace T = buildCgTrace(K, launch(1, 32), 1, allCoal(K));
  ASSERT_EQ(T.AccessIndex.size(), 3u);
  EXPECT_EQ(T.AccessIndex, (std::vector<unsigned>{1, 2, 0}));
  CgCacheResult R = cgPredictL2(T.Accesses, {1024, 2, 128});
  ASSERT_TRUE(R.Ok);
  EXPECT_EQ(R.MissesPerAccess, (std::vector<unsigned>{1, 1, 0}));
}

TEST(CgTraceTest, IterationCapKeepsTheTraceSmall) {
  KernelFacts K = reuseKernel();
  CgTraceOptions O;
  // 3 occurrences x 8 warps = 24 > 20; capped at 1 iteration: 2 x 8 = 16.
  O.MaxWarpInstructions = 20;
  CgTrace T = buildCgTrace(K, launch(4, 64), 2, allCoal(K), O);
  EXPECT_EQ(T.IterationsPerLoop, 1u);
  EXPECT_EQ(T.Accesses.size(), 16u);
  EXPECT_TRUE(mentions(T.Assumptions, "at most 1 iteration each"));
}

TEST(CgTraceTest, ReadModifyWriteArraysAndUntracedAccesses) {
  KernelFacts K;
  K.Accesses.push_back(access("a", Tx, true, true, 10));  // a[i] += ...
  K.Accesses.push_back(access("b", Tx, true, false, 11)); // b[i]
  K.Accesses.push_back(access("c", Tx, true, false, 12)); // not traced
  std::vector<std::optional<CgClass>> Cls{CgClass::Uncoal, CgClass::Const,
                                          std::nullopt};
  // One block of 32 threads: one warp, one batch.
  CgTrace T = buildCgTrace(K, launch(1, 32), 4, Cls);
  EXPECT_EQ(T.Batches, 1u);
  // a: its load and its store; b once; c not at all.
  ASSERT_EQ(T.Accesses.size(), 3u);
  EXPECT_EQ(T.Accesses[0].Class, CgClass::Uncoal);
  EXPECT_EQ(T.Accesses[1].Class, CgClass::Uncoal);
  EXPECT_EQ(T.Accesses[2].Class, CgClass::Const);
  // Arrays a and b start 4 GiB apart.
  EXPECT_EQ(T.Accesses[2].Addresses[0] - T.Accesses[0].Addresses[0],
            uint64_t(1) << 32);
  // The store after the load of the same line hits.
  CgCacheResult R = cgPredictL2(T.Accesses, {1024, 2, 128});
  EXPECT_EQ(R.Uncoal.Hits, 1u);
  EXPECT_EQ(R.Uncoal.Misses, 1u);
}

TEST(CgTraceTest, L2ShareOfOneSm) {
  ArchSpec A;
  A.Id = "x";
  A.L2Bytes = 1 << 20;
  A.L2LineBytes = 128;
  A.SmCount = 4;
  A.PartitionsHashed = false;
  // 16 ways assumed; 1 MiB / 4 SMs = 256 KiB = 128 sets x 16 x 128.
  CgL2Choice C = cgL2For(A);
  ASSERT_TRUE(C.Ok);
  EXPECT_FALSE(C.Cache.HashedSets);
  EXPECT_EQ(C.Cache.Associativity, DefaultL2Associativity);
  EXPECT_EQ(C.Cache.SizeBytes, 262144u);
  EXPECT_TRUE(mentions(C.Assumptions, "16-way"));
  EXPECT_TRUE(mentions(C.Assumptions, "1/4 of the L2"));
  EXPECT_TRUE(mentions(C.Assumptions, "modulo 128 sets"));
  A.L2Assoc = 8;
  A.SmCount = 1;
  C = cgL2For(A);
  EXPECT_EQ(C.Cache.Associativity, 8u);
  EXPECT_EQ(C.Cache.SizeBytes, uint64_t(1) << 20);
  EXPECT_FALSE(mentions(C.Assumptions, "-way"));
  // Hashed addresses: one LRU of the share's lines, no associativity.
  A.PartitionsHashed = true;
  A.SmCount = 4;
  C = cgL2For(A);
  ASSERT_TRUE(C.Ok);
  EXPECT_TRUE(C.Cache.HashedSets);
  EXPECT_EQ(C.Cache.SizeBytes, 262144u);
  EXPECT_TRUE(mentions(C.Assumptions, "one LRU of its 2048 lines"));
  EXPECT_TRUE(cgPredictL2({}, C.Cache).Ok);
  A.L2Bytes = 0;
  EXPECT_FALSE(cgL2For(A).Ok);
}

namespace {

/// 2 SMs at 1 GHz, 32 MSHRs, 1 issue cycle, LLC 100 and DRAM 200 cycles.
ArchSpec mdmMachine() {
  ArchSpec A;
  A.Id = "m";
  A.Major = 6;
  A.SmCount = 2;
  A.CoreClockMHz = 1000;
  A.L1Mshrs = 32;
  A.L1LineBytes = 128;
  A.NocBandwidthGBs = 128;
  A.DramBandwidthGBs = 64;
  A.MemPartitions = 1;
  A.LatL2HitCycles = 100;
  A.LatDramCycles = 200;
  A.HkIssueCycles = 1;
  return A;
}

/// Outside loops: 3 additions and out[tx] = ... (one line per warp). In the
/// loop at line 20 (10 iterations): in[32 * tx + k] (each lane its own
/// 128-byte line: 32 per warp) and one multiplication.
KernelFacts divergentKernel() {
  KernelFacts K;
  K.Name = "gather";
  const Expr Kk = Expr::symbol("k", SymbolKind::LoopIter);
  K.Accesses.push_back(
      access("in", Expr(32) * Tx + Kk, true, false, 21, {0}));
  K.Accesses.push_back(access("out", Tx, false, true, 30));
  K.Loops.push_back(loop(0, 10, "k", 20));
  OpFacts Add;
  Add.Kind = OpKind::Add;
  Add.Count = 3;
  K.Ops.push_back(Add);
  OpFacts Mul;
  Mul.Kind = OpKind::Mul;
  Mul.Loops = {0};
  K.Ops.push_back(Mul);
  return K;
}

} // namespace

TEST(MdmDerivationTest, IntervalsMissesAndDivergenceByHand) {
  KernelFacts K = divergentKernel();
  LaunchConfig L = launch(4, 64);
  std::string Err;
  auto G = gpuModelFor("sm_61", Err);
  ASSERT_TRUE(G) << Err;
  InstructionCountOptions AsWritten;
  AsWritten.AsCompiled = false;
  InstructionCounts IC = countInstructions(K, L, *G, AsWritten);
  // As written: 3 + 10 x 1 arithmetic, 10 back-edges, 10 loads, 1 store =
  // 34 (as compiled, the 10-iteration loop would be unrolled).
  ASSERT_DOUBLE_EQ(IC.Total, 34);
  MdmDerivation D = deriveMdmInput(K, L, mdmMachine(), IC, 8, 0.5);
  // 4 blocks x 2 warps = 8 warps over 2 SMs: W = min(8, 4) = 4.
  EXPECT_DOUBLE_EQ(D.In.TotalWarps, 8);
  EXPECT_DOUBLE_EQ(D.In.W, 4);
  ASSERT_EQ(D.In.Intervals.size(), 2u);
  const MdmInterval &Out = D.In.Intervals[0], &Body = D.In.Intervals[1];
  EXPECT_EQ(D.IntervalLabels[0], "outside loops");
  EXPECT_EQ(D.IntervalLabels[1], "body of the loop at line 20");
  // Outside: 3 additions + the store = 4 instructions, once; the store's
  // warp touches one line (a write miss); no read: C = max(4 x 4 x 1,
  // 4 x 1) = 16.
  EXPECT_DOUBLE_EQ(Out.Repeat, 1);
  EXPECT_DOUBLE_EQ(Out.Instructions, 4);
  EXPECT_DOUBLE_EQ(Out.MRead, 0);
  EXPECT_DOUBLE_EQ(Out.MWrite, 1);
  EXPECT_DOUBLE_EQ(Out.C, 16);
  // Body: the multiplication, the back-edge and the load = 3, 10 times;
  // 32 read misses per warp; C = max(4 x 3, 3 + 100 + 0.5 x 200) = 203.
  EXPECT_DOUBLE_EQ(Body.Repeat, 10);
  EXPECT_DOUBLE_EQ(Body.Instructions, 3);
  EXPECT_DOUBLE_EQ(Body.MRead, 32);
  EXPECT_DOUBLE_EQ(Body.MWrite, 0);
  EXPECT_DOUBLE_EQ(Body.LlcMissRate, 0.5);
  EXPECT_DOUBLE_EQ(Body.C, 203);
  // 10 divergent loads (32 lines > 4) per thread, 34 instructions:
  // 1000 x 10 / 34 = 294.1 DPKI > 10.
  EXPECT_DOUBLE_EQ(D.DivergentLoads, 10);
  EXPECT_NEAR(D.Dpki, 294.1176, 1e-3);
  EXPECT_TRUE(D.MemoryDivergent);
  // The intervals hold every instruction of the counts: 4 + 10 x 3 = 34.
  MdmResult R = mdm(D.In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.Instructions, IC.Total);
  // eq. 2 on the body: 32 x 4 = 128 > 32 MSHRs, 4 batches.
  EXPECT_TRUE(R.Intervals[1].MemoryDivergent);
  EXPECT_DOUBLE_EQ(R.Intervals[1].Batches, 4);
  EXPECT_GT(R.KernelCycles, 0);
}

TEST(MdmDerivationTest, CoalescedKernelIsNotDivergent) {
  KernelFacts K;
  K.Accesses.push_back(access("in", Tx, true, false, 10));
  K.Accesses.push_back(access("out", Tx, false, true, 11));
  LaunchConfig L = launch(64, 128);
  std::string Err;
  auto G = gpuModelFor("sm_61", Err);
  ASSERT_TRUE(G) << Err;
  InstructionCounts IC = countInstructions(K, L, *G);
  MdmDerivation D = deriveMdmInput(K, L, mdmMachine(), IC, 16, std::nullopt);
  // One line per warp load: no divergent load; W = min(16, 256 / 2) = 16.
  EXPECT_DOUBLE_EQ(D.Dpki, 0);
  EXPECT_FALSE(D.MemoryDivergent);
  EXPECT_DOUBLE_EQ(D.In.W, 16);
  ASSERT_EQ(D.In.Intervals.size(), 1u);
  EXPECT_DOUBLE_EQ(D.In.Intervals[0].MRead, 1);
  // No L2 estimate: miss rate 1, said.
  EXPECT_DOUBLE_EQ(D.In.Intervals[0].LlcMissRate, 1);
  EXPECT_TRUE(mentions(D.In.Assumptions, "LLC miss rate 1"));
}

namespace {
/// \p Depth nested loops of 16 iterations (ids 0 .. Depth-1, each inside
/// the one before), with in[tx + 32 * it0] at the bottom when \p Access.
KernelFacts deepNest(unsigned Depth, bool Access) {
  KernelFacts K;
  K.Name = "deep";
  std::vector<unsigned> Ids;
  for (unsigned D = 0; D < Depth; ++D) {
    LoopFacts L = loop(D, 16, "it" + std::to_string(D), 20 + D);
    if (D)
      L.Parent = D - 1;
    K.Loops.push_back(L);
    Ids.push_back(D);
  }
  const Expr It0 = Expr::symbol("it0", SymbolKind::LoopIter);
  // One access outside the loops, and one at the bottom of the nest.
  K.Accesses.push_back(access("in", Tx, true, false, 10));
  if (Access)
    K.Accesses.push_back(
        access("in", Tx + Expr(32) * It0, true, false, 20 + Depth, Ids));
  return K;
}
} // namespace

TEST(CgTraceTest, ADeepNestIsTracedWithinTheBudget) {
  // 12 nested loops of 16 iterations: 16^12 occurrences at the first cap.
  // Each try of a cap stops once the trace does not fit (2^15 warp
  // instructions / 2 warps = 16384 occurrences per warp): 16^12, 8^12 and
  // 4^12 do not; 1 + 2^12 = 4097 does, at a cap of 2. Walked whole, the
  // first try alone would take hours.
  KernelFacts K = deepNest(12, true);
  CgTrace T = buildCgTrace(K, launch(1, 64), 1, allCoal(K));
  EXPECT_EQ(T.IterationsPerLoop, 2u);
  // (1 + 2^12) occurrences x 2 warps.
  EXPECT_EQ(T.Accesses.size(), (1u + 4096u) * 2u);
}

TEST(CgTraceTest, LoopsThatHoldNoTracedAccessAreNotWalked) {
  // 12 nested loops with no access in them: nothing to trace there, so the
  // cap stays 16 and the trace is the one access outside, per warp.
  KernelFacts K = deepNest(12, false);
  CgTrace T = buildCgTrace(K, launch(1, 64), 1, allCoal(K));
  EXPECT_EQ(T.IterationsPerLoop, 16u);
  EXPECT_EQ(T.Accesses.size(), 2u);
}
