//===- CGPredictTable4Test.cpp - CGPredict against its own Table 4 --------===//
//
// The paper's "Estimated Time" column of Table 4 recomputed by cgPredict()
// from the paper's inputs:
//  - the platform: Table 3 (freq 852 MHz, inst_cycle 0.5, mem_ld_L2 164,
//    mem_ld_dram 332, dd_L2 2, dd_dram 10, no_coal_pw 2, no_uncoal_pw 32,
//    no_const_pw 1);
//  - the launch: Table 4's work size and grid, Sec. 4.1's blocks (32 x 32
//    threads for a 2-D grid; the sentence swaps 1-D and 2-D, but 256 x 1
//    gives the same batch): one SMX holds 2048 threads (Sec. 3.2), so
//    B = 2 blocks, N = 64 warps, batch = work size^2 / 2048;
//  - the kernel: the class split Sec. 4.1 states for GEMM (half coalesced,
//    half constant) and SYRK (half constant, half uncoalesced), one pair of
//    loads per iteration of the k loop of length work size (SYRK's 2048
//    memory instructions per thread at 1024, Sec. 4.4.1), and the
//    computation instructions of Table 2's mapping (fmul, fma, and the
//    loop's add and branch: 4 per iteration; SYR2K: 5 + 2).
//
// Why only the GEMM family (GEMM, 2MM, 3MM, SYRK, SYR2K). The kernel half
// of Table 3 (instruction counts per class, DRAM transactions per class,
// computation instructions) comes from the paper's trace analysis and is
// not printed for any benchmark. These five are the ones whose estimate the
// printed text pins down: MWP < N and CWP = N (Sec. 4.4.1: SYRK's CWP is
// 64), so eq. 16 is mem_cycles x N / MWP x batch = no_mem_insts x N x
// departure_delay x batch to within 0.1 %, and departure_delay depends
// only on the class split (eq. 3: coalesced max(4, 10 d) = 4 while d <= 0.4;
// uncoalesced 64 while d <= 6.4) and, for the constant class, on its miss
// rate (eq. 5: 2 + 10 d). The other ten rows (2DCONV, 3DCONV, ATAX, BICG,
// CORR, COVAR, FDTD-2D, GESUMMV, GRAMSCHM, MVT) depend on the unprinted
// inputs through eq. 2 (DRAM transactions > 1 change mem_l and the
// departure delay) or through the computation count (CWP < N), and for
// the 1-D ones on how their several kernels and trace sizes were combined;
// choosing those inputs to hit the published number would test nothing.
//
//===----------------------------------------------------------------------===//
#include "Cost/CGPredict.h"
#include "CGPredictTk1.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace warplint;

namespace {

CgPredictInput tk1Table3() { return test::tk1(); }

/// One GEMM-shaped kernel (Polybench gemm, syrk, syr2k, and each product
/// of 2mm and 3mm): a Work x Work grid of threads, each running a k loop of
/// Work iterations with LoadsPerIter loads of which half are constant
/// (A[i][k]) and half coalesced (B[k][j]) or uncoalesced (A[j][k]).
CgPredictInput gemmShaped(double Work, double LoadsPerIter, bool Coalesced,
                          double CompPerIter, double DramConst) {
  CgPredictInput In = tk1Table3();
  const double Half = Work * LoadsPerIter / 2;
  In.NoConstInsts = Half;
  (Coalesced ? In.NoCoalInsts : In.NoUncoalInsts) = Half;
  In.NoDramTransConst = DramConst;
  In.NoCompInsts = Work * CompPerIter;
  In.B = 2;                            // 2048 threads / (32 x 32)
  In.N = 64;                           // 2048 threads / 32
  In.NoBlocks = Work * Work / 1024;    // batch = Work^2 / 2048
  return In;
}

double ms(const CgPredictInput &In) {
  CgPredictResult R = cgPredict(In);
  EXPECT_TRUE(R.Ok) << R.Error;
  return R.TimeSeconds * 1e3;
}

struct Row {
  const char *Name;
  double PaperMs; // Table 4, "Estimated Time (ms)"
  double Ours;
};

/// The five rows. DramConst: DRAM transactions per constant warp load.
std::vector<Row> rows(double DramConst) {
  return {
      {"GEMM", 242.53, ms(gemmShaped(1024, 2, true, 4, DramConst))},
      // 3MM: E = A.B, F = C.D, G = E.F, three products at 2048.
      {"3MM", 5819.73, 3 * ms(gemmShaped(2048, 2, true, 4, DramConst))},
      // 2MM: the published estimate (and the measured 16294 ms, 64 x
      // GEMM's measured 249.16 ms at 1024) is the work of ONE 4096^3
      // product; two products at 4096 (tmp = A.B, D = tmp.C) give twice
      // the published number. Modelled as the one product the paper's
      // numbers imply.
      {"2MM", 15518.11, ms(gemmShaped(4096, 2, true, 4, DramConst))},
      {"SYRK", 2605.45, ms(gemmShaped(1024, 2, false, 4, DramConst))},
      // SYR2K: A[i][k], B[i][k] constant, B[j][k], A[j][k] uncoalesced.
      {"SYR2K", 5204.73, ms(gemmShaped(1024, 4, false, 7, DramConst))},
  };
}

TEST(CGPredictTable4Test, BatchMultipliesTheWholeExpression) {
  // GEMM at 1024: batch = 512. As printed, batch on the last term only,
  // eq. 16 would give mem_cycles x N/MWP + ... = about 435000 cycles,
  // 0.51 ms against the published 242.53 ms; the whole expression times
  // batch is within 3 %.
  CgPredictInput In = gemmShaped(1024, 2, true, 4, 0);
  CgPredictResult R = cgPredict(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.Batch, 512);
  EXPECT_TRUE(R.MemoryBound);
  const double PerBatch =
      R.MemCycles * In.N / R.Mwp + R.CompCycles / R.NoMemInsts * R.Mwp;
  EXPECT_DOUBLE_EQ(R.ExecCycles, PerBatch * 512);
  EXPECT_NEAR(R.TimeSeconds * 1e3 / 242.53, 1, 0.03);
}

TEST(CGPredictTable4Test, AllHitWithinThreePercent) {
  // The L2 analysis of these kernels is not printed; with no DRAM
  // transaction at all (the working set of a batch fits the 128 KB L2)
  // every row is within 3 %: GEMM, 3MM, 2MM about -2.5 % (their constant
  // loads do miss: next test), SYRK and SYR2K about -0.2 %.
  for (const Row &R : rows(0))
    EXPECT_NEAR(R.Ours / R.PaperMs, 1, 0.03)
        << R.Name << ": ours " << R.Ours << " ms, paper " << R.PaperMs;
}

TEST(CGPredictTable4Test, ConstantMissRateFromGemmsPrintedMwp) {
  // Sec. 4.1 prints GEMM's MWP, 54.45. By eq. 13 with half coalesced
  // (mem_l 166, dep_del 4) and half constant (eq. 4-5) loads:
  //   (166 + 164 + 332 d) / (4 + 2 + 10 d) = 54.45
  //   d = (330 - 6 x 54.45) / (54.45 x 10 - 332).
  const double MwpGemm = 54.45;
  const double D = (330 - 6 * MwpGemm) / (MwpGemm * 10 - 332);
  CgPredictResult G = cgPredict(gemmShaped(1024, 2, true, 4, D));
  ASSERT_TRUE(G.Ok);
  EXPECT_NEAR(G.Mwp, MwpGemm, 1e-9);
  // The same miss rate predicts SYRK's printed MWP (5.97) and CWP (64,
  // Sec. 4.4.1), which nothing above was fitted to.
  CgPredictResult S = cgPredict(gemmShaped(1024, 2, false, 4, D));
  ASSERT_TRUE(S.Ok);
  EXPECT_NEAR(S.Mwp, 5.97, 0.01);
  EXPECT_DOUBLE_EQ(S.Cwp, 64);
  // And every row to within 0.2 %.
  for (const Row &R : rows(D))
    EXPECT_NEAR(R.Ours / R.PaperMs, 1, 0.002)
        << R.Name << ": ours " << R.Ours << " ms, paper " << R.PaperMs;
}

TEST(CGPredictTable4Test, SyrkWith2014UncoalescedDoesNotFit) {
  // Sec. 4.4.1 also says 2014 of SYRK's 2048 memory instructions are
  // uncoalesced, against Sec. 4.1's "half". With 2014 / 34 the model gives
  // MWP 3.57 and about 4960 ms, not the published 5.97 and 2605.45 ms: the
  // tests use the half-and-half split, which reproduces both.
  CgPredictInput In = gemmShaped(1024, 2, false, 4, 0);
  In.NoUncoalInsts = 2014;
  In.NoConstInsts = 34;
  CgPredictResult R = cgPredict(In);
  ASSERT_TRUE(R.Ok);
  EXPECT_LT(R.Mwp, 4);
  EXPECT_GT(R.TimeSeconds * 1e3 / 2605.45, 1.5);
}

} // namespace
