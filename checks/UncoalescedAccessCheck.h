//===- UncoalescedAccessCheck.h - warplint-uncoalesced-access ---*- C++ -*-===//
#ifndef WARPLINT_CHECKS_UNCOALESCEDACCESSCHECK_H
#define WARPLINT_CHECKS_UNCOALESCEDACCESSCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

#include <optional>

namespace warplint {
namespace checks {

/// Warns when a warp's global memory request needs more sectors (on 1.x,
/// transactions) than the ideal by more than MinFactor, or, inside a loop,
/// at least MinExcessSectors more than the ideal (misalignment).
/// Documentation: docs/checks/uncoalesced-access.md
class UncoalescedAccessCheck : public clang::tidy::ClangTidyCheck {
public:
  UncoalescedAccessCheck(llvm::StringRef Name,
                         clang::tidy::ClangTidyContext *Context);
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
  /// Kept to read the GPU architecture macro warplint defines.
  clang::Preprocessor *PP = nullptr;
  const std::string GpuArch;
  const bool SystemHeaders; ///< the configuration's: analyse kernels there too
  const std::string Launch;
  const std::string ArchDir;
  const std::string Assume;
  /// The MinFactor option as written, and its value (std::nullopt when it
  /// is not a number >= 1: reported in check(), and 1.5 is used).
  const std::string MinFactorText;
  std::optional<double> MinFactor;
  const std::string MinExcessText;
  std::optional<double> MinExcess;
};

} // namespace checks
} // namespace warplint

#endif
