//===- WarpDivergenceCheck.h - warplint-warp-divergence -------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_WARPDIVERGENCECHECK_H
#define WARPLINT_CHECKS_WARPDIVERGENCECHECK_H

#include "clang-tidy/ClangTidyCheck.h"

#include <optional>

namespace warplint {
namespace checks {

/// Warns on branches (and loops) whose lanes split inside warps in the body
/// of the work, with the fraction of warps that split and the paths per
/// warp (CuMAPz eq. 7); tail splits at a bound only with WarnOnTail.
/// Documentation: docs/checks/warp-divergence.md
class WarpDivergenceCheck : public clang::tidy::ClangTidyCheck {
public:
  WarpDivergenceCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
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
  /// Also warn on warps that split only where they straddle a bound.
  const std::string WarnOnTailText;
  bool WarnOnTail = false;
  bool WarnOnTailValid = true;
  /// Also warn on branches that only one lane of each split warp takes
  /// (`if (tid == 0) out[blockIdx.x] = s[0];`).
  const std::string WarnOnSingleLaneText;
  bool WarnOnSingleLane = false;
  bool WarnOnSingleLaneValid = true;
  const std::string MinSplitPercentText;
  std::optional<double> MinSplitPercent;
};

} // namespace checks
} // namespace warplint

#endif
