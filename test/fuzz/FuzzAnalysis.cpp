//===- FuzzAnalysis.cpp - One CUDA source through the whole analysis ------===//
#include "FuzzAnalysis.h"

#include "Analysis/TranslationUnitAnalysis.h"
#include "Cost/Estimate.h"
#include "Facts/KernelFacts.h"
#include "Report/FactsText.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <memory>
#include <vector>

namespace warplint {
namespace fuzz {

void analyzeSource(const AnalysisInput &In) {
  // As the analysis tests parse (test/unit/Analysis), plus limits that keep
  // clang's own slow paths (deep templates, long constexpr evaluation,
  // thousands of errors) out of the time measured.
  std::vector<std::string> Args = {
      "-xcuda",
      "--cuda-device-only",
      "--cuda-gpu-arch=sm_80",
      "-nocudainc",
      "-nocudalib",
      "--cuda-path=/nonexistent",
      "-w",
      "-ferror-limit=20",
      "-ftemplate-depth=64",
      "-fconstexpr-steps=100000",
      "-fbracket-depth=64",
      "-resource-dir=" WARPLINT_CLANG_RESOURCE_DIR,
      "-isystem",
      WARPLINT_CUDA_INCLUDE_DIR,
      "-include",
      "__warplint_cuda.h"};
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(In.Code, Args, "fuzz.cu");
  if (!AST)
    return;
  // Compile errors do not stop warplint: the kernels that parsed are
  // analysed, so they are analysed here too.
  TranslationUnitAnalysis &A =
      TranslationUnitAnalysis::of(AST->getASTContext(), nullptr);
  const FileFacts &F = A.facts();
  (void)toJSON(F);
  (void)renderFactsText(F);

  AnalysisRequest R;
  R.GpuArch = In.GpuArch;
  R.Launch = In.Launch;
  R.Assume = In.Assume;
  const PreparedAnalysis &P = A.prepare(R);
  if (!P.Ok)
    return;
  for (size_t K = 0; K < P.Kernels.size(); ++K) {
    const KernelContext &KC = P.Kernels[K];
    (void)A.uncoalescedAccesses(R, K, 1.5);
    (void)A.bankConflicts(R, K, 2, false);
    for (size_t C = 0; C < KC.Configs.size(); ++C)
      (void)A.divergence(R, K, C);
    EstimateOptions EO;
    EO.Analysis.Enum = KC.Enum;
    for (const KernelEstimate &E :
         estimateKernel(*KC.Kernel, KC.Configs, P.Arch, P.Gpu, EO))
      (void)toJSON(E);
  }
}

} // namespace fuzz
} // namespace warplint
