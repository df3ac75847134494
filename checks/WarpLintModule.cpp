//===- WarpLintModule.cpp - The warplint clang-tidy module ----------------===//
//
// One list of checks for every front end: the clang-tidy plugin
// (clang-tidy --load), the warplint tool, and the editor integration.
//
//===----------------------------------------------------------------------===//
#include "BankConflictCheck.h"
#include "KernelCostCheck.h"
#include "PartitionCampingCheck.h"
#include "UncoalescedAccessCheck.h"
#include "WarpDivergenceCheck.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

namespace warplint {
namespace checks {

class WarpLintModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &F) override {
    F.registerCheck<BankConflictCheck>("warplint-bank-conflict");
    F.registerCheck<KernelCostCheck>("warplint-kernel-cost");
    F.registerCheck<PartitionCampingCheck>("warplint-partition-camping");
    F.registerCheck<UncoalescedAccessCheck>("warplint-uncoalesced-access");
    F.registerCheck<WarpDivergenceCheck>("warplint-warp-divergence");
  }
};

} // namespace checks
} // namespace warplint

static clang::tidy::ClangTidyModuleRegistry::Add<warplint::checks::WarpLintModule>
    X("warplint", "warplint: memory performance checks for CUDA kernels.");

// Referenced by the warplint tool so that static linking keeps the module.
// NOLINTNEXTLINE(misc-use-internal-linkage)
volatile int WarpLintModuleAnchorSource = 0;
