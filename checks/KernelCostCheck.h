//===- KernelCostCheck.h - warplint-kernel-cost ----------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_KERNELCOSTCHECK_H
#define WARPLINT_CHECKS_KERNELCOSTCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

#include <optional>

namespace warplint {
namespace checks {

/// Warns when a kernel's estimated cost (the Hong–Kim cycle model or the
/// extension chosen for the GPU, docs/models/hong-kim.md) exceeds a
/// configured budget in cycles or microseconds. Off unless enabled.
/// Documentation: docs/checks/kernel-cost.md
class KernelCostCheck : public clang::tidy::ClangTidyCheck {
public:
  KernelCostCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override {
    return LO.CUDA;
  }

private:
  clang::Preprocessor *PP = nullptr;
  const std::string GpuArch;
  const bool SystemHeaders; ///< the configuration's: analyse kernels there too
  const std::string Launch;
  const std::string ArchDir;
  const std::string Assume;
  /// auto, hong-kim, wang-lou, cgpredict, mdm.
  const std::string Model;
  /// The budget: whole-launch cycles at the GPU's clock, and/or the time
  /// in microseconds. Empty: not set.
  const std::string MaxCyclesText;
  const std::string MaxMicrosecondsText;
  /// Registers per thread for occupancy; empty: the usual sources.
  const std::string RegistersText;
};

} // namespace checks
} // namespace warplint

#endif
