//===- TranslationUnitAnalysisTest.cpp - One analysis per translation unit ===//
//
// Parses a small CUDA file with the built-in header (no toolkit) and checks
// that the translation unit's analysis is computed once and shared:
// repeated requests reuse the facts, the preparation and the findings;
// requests with other options get their own; a new AST gets a new analysis.
//
//===----------------------------------------------------------------------===//
#include "Analysis/TranslationUnitAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

const char *Code = R"cu(
#define TILE 32
__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.x][threadIdx.y] = in[y * n + x];
  __syncthreads();
  if (threadIdx.x % 2)
    out[x * n + y] = tile[threadIdx.y][threadIdx.x];
}
void launch(float *o, const float *i) {
  transpose<<<dim3(64, 64), dim3(32, 32)>>>(o, i, 2048);
}
)cu";

std::unique_ptr<clang::ASTUnit> parse() {
  std::vector<std::string> Args = {
      "-xcuda",
      "--cuda-device-only",
      "--cuda-gpu-arch=sm_80",
      "-nocudainc",
      "-nocudalib",
      "--cuda-path=/nonexistent",
      "-w",
      "-resource-dir=" WARPLINT_CLANG_RESOURCE_DIR,
      "-isystem",
      WARPLINT_CUDA_INCLUDE_DIR,
      "-include",
      "__warplint_cuda.h"};
  return clang::tooling::buildASTFromCodeWithArgs(Code, Args, "test.cu");
}

TEST(TranslationUnitAnalysisTest, OneAnalysisSharedByEqualRequests) {
  std::unique_ptr<clang::ASTUnit> AST = parse();
  ASSERT_TRUE(AST);
  ASSERT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  clang::ASTContext &Ctx = AST->getASTContext();

  TranslationUnitAnalysis &A = TranslationUnitAnalysis::of(Ctx, nullptr);
  EXPECT_EQ(&A, &TranslationUnitAnalysis::of(Ctx, nullptr));

  AnalysisRequest R; // the GPU of the translation unit: sm_80
  const PreparedAnalysis &P = A.prepare(R);
  ASSERT_TRUE(P.Ok);
  ASSERT_EQ(P.Kernels.size(), 1u);
  EXPECT_EQ(P.Gpu.Major, 8);
  ASSERT_EQ(P.Kernels[0].Configs.size(), 1u);
  EXPECT_EQ(P.Kernels[0].Configs[0].Block[0], 32);
  EXPECT_EQ(&P, &A.prepare(R)); // five checks with the same options: one

  // The findings of each analysis are computed once per request.
  const auto &C1 = A.uncoalescedAccesses(R, 0, 1.5);
  const auto &C2 = A.uncoalescedAccesses(R, 0, 1.5);
  EXPECT_EQ(&C1, &C2);
  EXPECT_FALSE(C1.empty()); // out[x * n + y]: lanes n elements apart
  const auto &B1 = A.bankConflicts(R, 0, 2, false);
  EXPECT_EQ(&B1, &A.bankConflicts(R, 0, 2, false));
  EXPECT_FALSE(B1.empty()); // tile[threadIdx.x][...]: 32-way
  const auto &D1 = A.divergence(R, 0, 0);
  EXPECT_EQ(&D1, &A.divergence(R, 0, 0));
  EXPECT_FALSE(D1.empty()); // threadIdx.x % 2

  const auto &N = A.counters();
  EXPECT_EQ(N.FactExtractions, 1u);
  EXPECT_EQ(N.Preparations, 1u);
  EXPECT_EQ(N.FindingComputations, 3u);

  // Other options: a preparation and findings of their own, the same facts.
  AnalysisRequest R13;
  R13.GpuArch = "sm_13";
  const PreparedAnalysis &P13 = A.prepare(R13);
  ASSERT_TRUE(P13.Ok);
  EXPECT_EQ(P13.Gpu.Major, 1);
  A.bankConflicts(R13, 0, 2, false);
  A.uncoalescedAccesses(R, 0, 4.0); // another threshold
  EXPECT_EQ(N.FactExtractions, 1u);
  EXPECT_EQ(N.Preparations, 2u);
  EXPECT_EQ(N.FindingComputations, 5u);

  // A request whose GPU is unknown is prepared as failed, with the reason.
  AnalysisRequest Bad;
  Bad.GpuArch = "banana";
  const PreparedAnalysis &PB = A.prepare(Bad);
  EXPECT_FALSE(PB.Ok);
  ASSERT_EQ(PB.Problems.size(), 1u);
  EXPECT_NE(PB.Problems[0].find("invalid GpuArch"), std::string::npos);
}

TEST(TranslationUnitAnalysisTest, ANewTranslationUnitGetsANewAnalysis) {
  unsigned Seen = 0;
  TranslationUnitAnalysis::setFactsObserver(
      [&](const FileFacts &F) { Seen += unsigned(F.Kernels.size()); });
  for (int I = 0; I < 2; ++I) {
    std::unique_ptr<clang::ASTUnit> AST = parse();
    ASSERT_TRUE(AST);
    TranslationUnitAnalysis &A =
        TranslationUnitAnalysis::of(AST->getASTContext(), nullptr);
    // Fresh: nothing computed yet, whatever the previous AST did (its
    // analysis went with its context).
    EXPECT_EQ(A.counters().FactExtractions, 0u);
    A.facts();
    A.facts();
    EXPECT_EQ(A.counters().FactExtractions, 1u);
  }
  TranslationUnitAnalysis::setFactsObserver({});
  EXPECT_EQ(Seen, 2u); // one kernel, observed once per translation unit
}

} // namespace
