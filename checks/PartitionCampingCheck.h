//===- PartitionCampingCheck.h - warplint-partition-camping -----*- C++ -*-===//
#ifndef WARPLINT_CHECKS_PARTITIONCAMPINGCHECK_H
#define WARPLINT_CHECKS_PARTITIONCAMPINGCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace warplint {
namespace checks {

/// Warns when the blocks that run first put a global-memory reference on a
/// few memory partitions (channel skew, CuMAPz eq. 4-5), with the fix-it of
/// diagonal block reordering when re-analysis shows it lowers the skew and
/// every use of blockIdx.x/.y in the kernel can be rewritten.
/// Documentation: docs/checks/partition-camping.md
class PartitionCampingCheck : public clang::tidy::ClangTidyCheck {
public:
  PartitionCampingCheck(llvm::StringRef Name,
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
  clang::Preprocessor *PP = nullptr;
  const std::string GpuArch;
  const bool SystemHeaders; ///< the configuration's: analyse kernels there too
  const std::string Launch;
  const std::string ArchDir;
  const std::string Assume;
  /// Warn from this ch_skew on (-1 when the option is not a number >= 1).
  const std::string MinSkewText;
  double MinSkew = 2;
  /// Model GPUs whose partitions are address-hashed (2.0 on) as if they
  /// were not.
  const std::string OnHashedText;
  bool OnHashedArchitectures = false;
};

} // namespace checks
} // namespace warplint

#endif
