//===- BankConflictCheck.h - warplint-bank-conflict -------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_BANKCONFLICTCHECK_H
#define WARPLINT_CHECKS_BANKCONFLICTCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace warplint {
namespace checks {

/// Warns on n-way shared-memory bank conflicts, with the fix-it that pads
/// the buffer's innermost dimension by one element when that provably
/// removes every conflict on the buffer.
/// Documentation: docs/checks/bank-conflict.md
class BankConflictCheck : public clang::tidy::ClangTidyCheck {
public:
  BankConflictCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
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
  /// The MinWays option as written, and its value (0 when it is not a
  /// whole number >= 2: reported in check(), and 2 is used).
  const std::string MinWaysText;
  unsigned MinWays = 2;
  /// Kepler's shared-memory bank width (cudaSharedMemBankSizeEightByte).
  const unsigned BankWidth;
};

} // namespace checks
} // namespace warplint

#endif
