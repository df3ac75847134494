//===- InstructionCountsTest.cpp - Per-thread counts on hand-built facts --===//
//
// Every expected count is worked out by hand in the comments from the
// mapping's defaults (InstructionMapping, docs/models/instruction-counts.md)
// and the trip counts of the hand-built loops.
//
//===----------------------------------------------------------------------===//
#include "Cost/InstructionCounts.h"
#include "Cost/CompiledShape.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

const Expr Tx = threadIdx('x'), Bx = blockIdx('x');

AccessFacts access(MemorySpace Space, std::string Base, Expr Index,
                   bool Write, std::vector<unsigned> Loops = {}) {
  AccessFacts A;
  A.Space = Space;
  A.Base = std::move(Base);
  A.IsRead = !Write;
  A.IsWrite = Write;
  A.ElementSize = 4;
  A.Index = Index;
  A.ByteOffset = Index * Expr(4);
  A.Text = A.Base + "[...]";
  A.Loc.Line = 10;
  A.Loops = std::move(Loops);
  return A;
}

OpFacts op(OpKind K, OpType T, unsigned Count, std::vector<unsigned> Loops = {},
           std::string Name = "") {
  OpFacts O;
  O.Kind = K;
  O.Type = T;
  O.Count = Count;
  O.Loops = std::move(Loops);
  O.Name = std::move(Name);
  return O;
}

LoopFacts loop(unsigned Id, Expr Trip, std::optional<unsigned> Parent = {},
               std::string Iter = "") {
  LoopFacts L;
  L.Id = Id;
  L.Kind = "for";
  L.TripCount = Trip;
  L.Parent = Parent;
  L.IterSymbol = std::move(Iter);
  L.Loc.Line = 20 + Id;
  return L;
}

LaunchConfig launch(int64_t Block) {
  LaunchConfig L;
  L.Block = {Block, 1, 1};
  return L;
}

GpuModel gpu(const char *Sm) {
  std::string Error;
  auto G = gpuModelFor(Sm, Error);
  EXPECT_TRUE(G) << Error;
  return G ? *G : GpuModel{};
}

bool mentions(const std::vector<std::string> &V, const std::string &Part) {
  for (const std::string &S : V)
    if (S.find(Part) != std::string::npos)
      return true;
  return false;
}

/// Loop 0 runs 4 times; loop 1, inside it, 8 times per iteration of loop 0.
KernelFacts twoLoops() {
  KernelFacts K;
  K.Loops = {loop(0, Expr(4)), loop(1, Expr(8), 0u)};
  K.Loops[1].Depth = 1;
  // Outside the loops: 2 int adds; an if's branch; sqrtf (1 instruction);
  // sinf under a guard (a library function: 20, an estimate); a double mul.
  K.Ops.push_back(op(OpKind::Add, OpType::Int32, 2));
  K.Ops.push_back(op(OpKind::Branch, OpType::Other, 1));
  K.Ops.push_back(op(OpKind::Math, OpType::Float, 1, {}, "sqrtf"));
  K.Ops.push_back(op(OpKind::Math, OpType::Float, 1, {}, "sinf"));
  K.Ops.back().Guards.push_back({0, true});
  K.Ops.push_back(op(OpKind::Mul, OpType::Double, 1));
  // Loop 0: its compare and increment.
  K.Ops.push_back(op(OpKind::Compare, OpType::Int32, 1, {0}));
  K.Ops.push_back(op(OpKind::Add, OpType::Int32, 1, {0}));
  // Loop 1: one fma and two subscripts' address arithmetic.
  K.Ops.push_back(op(OpKind::Fma, OpType::Float, 1, {0, 1}));
  K.Ops.push_back(op(OpKind::Address, OpType::Int64, 2, {0, 1}, "shared"));
  // Memory: in[tx] in loop 0 (coalesced), out[32 * tx] (uncoalesced: lanes
  // 128 bytes apart), c[blockIdx.x] (every lane one address: broadcast),
  // s[tx] in loop 1 (shared).
  K.Accesses.push_back(access(MemorySpace::Global, "in", Tx, false, {0}));
  K.Accesses.push_back(access(MemorySpace::Global, "out", Tx * Expr(32), true));
  K.Accesses.push_back(access(MemorySpace::Global, "c", Bx, false));
  K.Accesses.push_back(access(MemorySpace::Shared, "s", Tx, false, {0, 1}));
  BarrierFacts B;
  B.Name = "__syncthreads";
  B.Loops = {0};
  K.Barriers.push_back(B);
  return K;
}

TEST(InstructionCountsTest, ClassesLoopsAndHongKimView) {
  KernelFacts K = twoLoops();
  // As written: every operation of every iteration (AsCompiled is tested
  // below).
  InstructionCountOptions AsWritten;
  AsWritten.AsCompiled = false;
  InstructionCounts C =
      countInstructions(K, launch(128), gpu("sm_80"), AsWritten);
  // Arithmetic: adds 2 + sqrtf 1 + sinf 20 + double mul 1 (outside loops)
  //   + compare 4 + add 4 (loop 0: x4) + fma 32 (loops 0,1: x4x8) = 64.
  EXPECT_DOUBLE_EQ(C.Arithmetic, 64);
  EXPECT_DOUBLE_EQ(C.DoubleOps, 1);
  EXPECT_DOUBLE_EQ(C.MathOps, 21);
  // Address: 2 subscripts x 2 instructions x 32 executions = 128.
  EXPECT_DOUBLE_EQ(C.AddressArith, 128);
  // Control: the if's branch 1 + loop 0's back-edge 4 + loop 1's 4x8 = 37.
  EXPECT_DOUBLE_EQ(C.Control, 37);
  EXPECT_DOUBLE_EQ(C.Computation, 64 + 128 + 37);
  // Memory: in[tx] 4 coalesced; out[32tx] 1 uncoalesced; c[bx] 1
  // broadcast; s[tx] 32 shared; __syncthreads in loop 0: 4.
  EXPECT_DOUBLE_EQ(C.GlobalCoalesced, 4);
  EXPECT_DOUBLE_EQ(C.GlobalUncoalesced, 1);
  EXPECT_DOUBLE_EQ(C.GlobalBroadcast, 1);
  EXPECT_DOUBLE_EQ(C.StoresUncoalesced, 1); // out[32tx] is written
  EXPECT_DOUBLE_EQ(C.StoresCoalesced, 0);
  EXPECT_DOUBLE_EQ(C.Shared, 32);
  EXPECT_DOUBLE_EQ(C.Sync, 4);
  // Total: 229 + 4 + 1 + 1 + 32 + 4 = 271.
  EXPECT_DOUBLE_EQ(C.Total, 271);
  // Only sinf is guarded.
  EXPECT_DOUBLE_EQ(C.Guarded, 20);
  // Hong-Kim: #Comp_insts = 229 + 32 shared + 4 sync = 265; #Coal_Mem_insts
  // = 4 + 1 broadcast = 5; #Uncoal_Mem_insts = 1; #Total_insts = 271.
  EXPECT_DOUBLE_EQ(C.hkCompInsts(), 265);
  EXPECT_DOUBLE_EQ(C.hkCoalMemInsts(), 5);
  EXPECT_DOUBLE_EQ(C.hkUncoalMemInsts(), 1);
  EXPECT_DOUBLE_EQ(C.hkMemInsts(), 6);
  EXPECT_DOUBLE_EQ(C.hkSynchInsts(), 4);
  EXPECT_DOUBLE_EQ(C.hkTotalInsts(), 271);
  // Transactions per warp instruction in 32-byte sectors (8.0): in[tx]
  // 128 bytes = 4 sectors, c[bx] 1 sector; weighted by their counts 4 and 1:
  // (4*4 + 1*1) / 5 = 3.4. out[32tx]: 32 lanes in 32 sectors.
  EXPECT_EQ(C.TransactionUnit, "32-byte sectors");
  EXPECT_DOUBLE_EQ(C.CoalPerMw, 3.4);
  EXPECT_DOUBLE_EQ(C.UncoalPerMw, 32);
  // s[tx]: 32 lanes in 32 banks, conflict-free.
  EXPECT_DOUBLE_EQ(C.SharedConflictDegree, 1);
  ASSERT_EQ(C.Accesses.size(), 4u);
  EXPECT_EQ(C.Accesses[1].Class, AccessClass::Uncoalesced);
  EXPECT_DOUBLE_EQ(C.Accesses[1].WorstFactor, 8); // 32 sectors / ideal 4
  // The library function's estimate is said.
  EXPECT_TRUE(mentions(C.Assumptions, "'sinf' counted as 20 instructions"));
}

// Hong & Kim, ISCA'09, Table 2: #Uncoal_per_mw = 32 on their 1.x GPU. On
// compute capability 1.3, out[32 * tx] puts each lane in its own 32-byte
// segment: 32 transactions; in[tx] is 2 half-warps of 64 bytes: 2.
TEST(InstructionCountsTest, UncoalPerMwOnCC13) {
  KernelFacts K = twoLoops();
  InstructionCounts C = countInstructions(K, launch(128), gpu("sm_13"));
  EXPECT_EQ(C.TransactionUnit, "transactions");
  EXPECT_DOUBLE_EQ(C.UncoalPerMw, 32);
  // c[bx] (broadcast) is served per half-warp too: 2 transactions of one
  // segment each. (4 executions x 2 + 1 x 2) / 5 = 2.
  EXPECT_DOUBLE_EQ(C.CoalPerMw, 2);
  // 1.x: 16 banks per half-warp, s[tx] conflict-free.
  EXPECT_DOUBLE_EQ(C.SharedConflictDegree, 1);
}

TEST(InstructionCountsTest, MappingOptions) {
  KernelFacts K = twoLoops();
  InstructionCountOptions O;
  O.AsCompiled = false;
  O.Map.FastMath = true; // sinf -> __sinf: 1 instead of 20
  O.Map.Address = 3;     // 2 subscripts x 3 x 32 = 192
  InstructionCounts C = countInstructions(K, launch(128), gpu("sm_80"), O);
  EXPECT_DOUBLE_EQ(C.Arithmetic, 64 - 20 + 1);
  EXPECT_DOUBLE_EQ(C.AddressArith, 192);
  EXPECT_FALSE(mentions(C.Assumptions, "sinf"));
}

TEST(InstructionCountsTest, DivisionsByWhatTheyDivideBy) {
  InstructionMapping M;
  OpFacts D = op(OpKind::Div, OpType::Int32, 1);
  EXPECT_DOUBLE_EQ(instructionsFor(D, M), 1); // div.s32
  D.Divisor = 8;
  EXPECT_DOUBLE_EQ(instructionsFor(D, M), 3); // signed power of two
  D.Name = "unsigned";
  EXPECT_DOUBLE_EQ(instructionsFor(D, M), 1); // shr
  D.Divisor = 7;
  EXPECT_DOUBLE_EQ(instructionsFor(D, M), 3); // mul.hi and shifts
  D.Kind = OpKind::Rem;
  EXPECT_DOUBLE_EQ(instructionsFor(D, M), 5); // + mul, sub
  OpFacts F = op(OpKind::Div, OpType::Float, 2);
  EXPECT_DOUBLE_EQ(instructionsFor(F, M), 2); // 2 x div.rn.f32
  OpFacts Call = op(OpKind::Call, OpType::Float, 1, {}, "ext");
  std::string Why;
  EXPECT_DOUBLE_EQ(instructionsFor(Call, M, &Why), 1);
  EXPECT_NE(Why.find("'ext' is not analysed"), std::string::npos);
}

TEST(InstructionCountsTest, ClassifyingAFloatIsACompare) {
  // isinf (glibc's __builtin_isinf_sign), isnan: abs and a compare with
  // infinity (nvcc 13 --ptx), not a library call; a library function
  // keeps its estimate, named without the builtin prefix.
  InstructionMapping M;
  std::string Why;
  OpFacts I = op(OpKind::Math, OpType::Float, 1, {}, "__builtin_isinf_sign");
  EXPECT_DOUBLE_EQ(instructionsFor(I, M, &Why), 2);
  EXPECT_TRUE(Why.empty()) << Why;
  I.Name = "isnan";
  EXPECT_DOUBLE_EQ(instructionsFor(I, M, &Why), 2);
  OpFacts L = op(OpKind::Math, OpType::Float, 1, {}, "__builtin_sinf");
  EXPECT_GT(instructionsFor(L, M, &Why), 2);
  EXPECT_NE(Why.find("'sinf' counted as"), std::string::npos) << Why;
}

TEST(InstructionCountsTest, TripCountsSymbolicNestedAndUnknown) {
  KernelFacts K;
  // Loop 0: n/32 iterations, n = 256 at the launch: 8.
  K.Loops.push_back(loop(0, Expr::div(Expr::symbol("n", SymbolKind::Param),
                                      Expr(32))));
  // Loop 1: 5 iterations (iteration symbol "i"); loop 2 inside it runs i
  // times: taken at the middle iteration (5 - 1) / 2 = 2, so 5 x 2 = 10
  // executions per thread = 0 + 1 + 2 + 3 + 4 exactly.
  K.Loops.push_back(loop(1, Expr(5), {}, "i"));
  K.Loops.push_back(loop(2, Expr::symbol("i", SymbolKind::LoopIter), 1u));
  // Loop 3: unknown trip count.
  LoopFacts U = loop(3, Expr(0));
  U.TripCount.reset();
  K.Loops.push_back(U);
  // Loop 4: blockDim.x - threadIdx.x: 128 for thread 0, 97 to 128 in warp 0.
  K.Loops.push_back(loop(4, blockDim('x') - Tx));
  // Loop 5: 'm' nobody gives: the default 4096 / 1024 = 4.
  K.Loops.push_back(loop(5, Expr::div(Expr::symbol("m", SymbolKind::Param),
                                      Expr(1024))));
  LaunchConfig L = launch(128);
  L.Args["n"] = 256;
  InstructionCountOptions O;
  std::vector<std::string> A;
  EXPECT_DOUBLE_EQ(executionsPerThread(K, {0}, L, O, A), 8);
  EXPECT_DOUBLE_EQ(executionsPerThread(K, {1, 2}, L, O, A), 10);
  EXPECT_TRUE(mentions(A, "middle iteration of the for loop at line 21"));
  EXPECT_DOUBLE_EQ(executionsPerThread(K, {3}, L, O, A), 1);
  EXPECT_TRUE(mentions(A, "the for loop at line 23 runs 1 time per thread "
                          "(its trip count is not known)"));
  O.UnknownTripCount = 10;
  EXPECT_DOUBLE_EQ(executionsPerThread(K, {3}, L, O, A), 10);
  // Loop 4 in a warp runs as often as its longest lane, 128 - 32 w for
  // warp w of the 128-thread block: the mean over the 4 warps is 80,
  // thread 0's 128 is more and stands.
  EXPECT_DOUBLE_EQ(executionsPerThread(K, {4}, L, O, A), 128);
  EXPECT_TRUE(mentions(A, "for thread 0 of block 0 (128 times)"));
  // threadIdx.x + 1 (a triangle growing with the thread): thread 0 runs it
  // once, warp w's longest lane 32 w + 32: the mean over the warps, 80.
  K.Loops.push_back(loop(7, Tx + 1));
  EXPECT_DOUBLE_EQ(executionsPerThread(K, {7}, L, O, A), 80);
  EXPECT_TRUE(mentions(A, "as often as its longest lane: 80 times, the "
                          "mean over the warps (thread 0 of block 0 runs it "
                          "1 times)"));
  EXPECT_DOUBLE_EQ(executionsPerThread(K, {5}, L, O, A), 4);
  EXPECT_TRUE(mentions(A, "'m' = 4096"));
  // A loop that does not run: a trip count below zero counts 0.
  K.Loops.push_back(loop(6, Expr(-3)));
  EXPECT_DOUBLE_EQ(executionsPerThread(K, {6}, L, O, A), 0);
}

TEST(InstructionCountsTest, UnclassifiedAndAtomicsAreUncoalescedForHongKim) {
  KernelFacts K;
  // A global load through an index that differs between lanes and is not
  // known: not enumerable.
  K.Accesses.push_back(access(
      MemorySpace::Global, "in",
      Expr::symbol("idx", SymbolKind::Unknown, /*ThreadDependent=*/true),
      false));
  AccessFacts At = access(MemorySpace::Global, "sum", Expr(0), true);
  At.IsRead = At.IsAtomic = true;
  K.Accesses.push_back(At);
  // A read-modify-write of a coalesced element: a load and a store.
  AccessFacts RW = access(MemorySpace::Global, "acc", Tx, true);
  RW.IsRead = true;
  K.Accesses.push_back(RW);
  InstructionCounts C = countInstructions(K, launch(64), gpu("sm_80"));
  EXPECT_DOUBLE_EQ(C.GlobalUnclassified, 1);
  EXPECT_DOUBLE_EQ(C.GlobalAtomic, 1);
  EXPECT_DOUBLE_EQ(C.GlobalCoalesced, 2);
  EXPECT_DOUBLE_EQ(C.hkUncoalMemInsts(), 2);
  EXPECT_DOUBLE_EQ(C.hkCoalMemInsts(), 2);
  EXPECT_EQ(C.Accesses[0].Class, AccessClass::Unclassified);
  EXPECT_EQ(C.Accesses[2].InstsPerExecution, 2u);
  // Its store is counted apart (CGPredict charges stores their departure
  // only); the atomic is not a store there, nor are the loads.
  EXPECT_DOUBLE_EQ(C.StoresCoalesced, 1);
  EXPECT_DOUBLE_EQ(C.StoresUncoalesced + C.StoresUnclassified +
                       C.StoresBroadcast,
                   0);
  EXPECT_TRUE(mentions(C.Assumptions, "counted as uncoalesced"));
  EXPECT_TRUE(mentions(C.Assumptions, "atomics on global memory"));
}

} // namespace

TEST(InstructionCountsTest, AsTheCompilerLeavesThem) {
  // The two loops of twoLoops() run 4 and 8 times, constants: nvcc unrolls
  // both. Loop 0's integer add (4) folds away, and so does the address
  // arithmetic in loop 1 (2 x 2 x 32 = 128); the fma (32) stays; the
  // back-edges (4 + 32) go. Loop 0's compare stays: it is not on the loop's
  // header line (the hand-built ops have line 0), so it is not recognised
  // as the loop's own. Arithmetic 64 - 4 = 60, address 0, control: the if's
  // branch, 1.
  KernelFacts K = twoLoops();
  InstructionCounts C = countInstructions(K, launch(128), gpu("sm_80"));
  EXPECT_DOUBLE_EQ(C.Arithmetic, 60);
  EXPECT_DOUBLE_EQ(C.AddressArith, 0);
  EXPECT_DOUBLE_EQ(C.Control, 1);
  EXPECT_TRUE(mentions(C.Assumptions, "fully unrolled"));
  // #pragma unroll 1 on loop 1 keeps it: its 2 subscripts' address
  // arithmetic cannot be matched with accesses of the same line and loops
  // (the test's shared access is on line 10, the ops on line 0), so it
  // counts as written (2 x 2 x 32 = 128); its 32 back-edges come back.
  K.Loops[1].UnrollPragma = 1u;
  InstructionCounts Kept = countInstructions(K, launch(128), gpu("sm_80"));
  EXPECT_DOUBLE_EQ(Kept.AddressArith, 128);
  EXPECT_DOUBLE_EQ(Kept.Control, 1 + 32);
  EXPECT_TRUE(mentions(Kept.Assumptions, "#pragma unroll"));
}

TEST(InstructionCountsTest, LongConstantLoopsAreUnrolledAsNvccDoes) {
  // for (k = 0; k < T; ++k) with a body of N FMAs (line 0, the loop's
  // header is line 20), no pragma. nvcc 13.0's PTX: T = 100 with one FMA
  // fully unrolled; T = 256 unrolled 64 times with one FMA, 16 times with
  // four, 4 times with sixteen; T = 1000 8 times (the largest power of two
  // dividing 1000) with four.
  auto Kernel = [](int64_t T, unsigned N) {
    KernelFacts K;
    K.Loops = {loop(0, Expr(T))};
    K.Ops.push_back(op(OpKind::Fma, OpType::Float, N, {0}));
    return K;
  };
  InstructionMapping M;
  struct {
    int64_t T;
    unsigned N;
    double Share; // back-edges per iteration; 0 when fully unrolled
  } Cases[] = {{100, 1, 0}, {256, 1, 1.0 / 64}, {256, 4, 1.0 / 16},
               {256, 16, 1.0 / 4}, {1000, 4, 1.0 / 8}, {1000, 1, 1.0 / 8},
               {4097, 1, 1}};
  for (const auto &C : Cases) {
    KernelFacts K = Kernel(C.T, C.N);
    CompiledShape S(K);
    EXPECT_EQ(S.unrolled(0), C.Share == 0) << C.T << " x " << C.N;
    EXPECT_DOUBLE_EQ(S.loopBranch(0, M), C.Share * M.LoopBranch)
        << C.T << " x " << C.N;
  }
  // A pragma still decides: `#pragma unroll 1` keeps the 256-trip loop.
  KernelFacts K = Kernel(256, 1);
  K.Loops[0].UnrollPragma = 1u;
  EXPECT_DOUBLE_EQ(CompiledShape(K).loopBranch(0, M), M.LoopBranch);
}

TEST(InstructionCountsTest, TwoDimensionalSubscriptsAreStrengthReducedToo) {
  // c += A[i][k] * B[0][j] in a kept loop over k: the frontend records one
  // address operation per subscript, 4 on the line for its 2 accesses.
  // Each access advances one pointer: 1 add per iteration for A (it moves
  // with k), none for B (hoisted). Before, 4 != 2 made the line count as
  // written (4).
  KernelFacts K;
  K.Loops = {loop(0, Expr(4097), {}, "k")};
  Expr Kk = Expr::symbol("k", SymbolKind::LoopIter);
  K.Accesses.push_back(access(MemorySpace::Global, "A", Kk + Tx * Expr(1024), false, {0}));
  K.Accesses.push_back(access(MemorySpace::Global, "B", Tx, false, {0}));
  K.Accesses[0].Loc.Line = K.Accesses[1].Loc.Line = 7;
  OpFacts Addr = op(OpKind::Address, OpType::Int64, 4, {0}, "global");
  Addr.Loc.Line = 7;
  InstructionMapping M;
  CompiledShape S(K);
  EXPECT_DOUBLE_EQ(S.opInstructions(Addr, M), 1);
  // Three operations for two accesses cannot be matched: as written.
  Addr.Count = 3;
  EXPECT_GT(CompiledShape(K).opInstructions(Addr, M), 1);
}
