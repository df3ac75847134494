//===- CheckSupport.h - What the warplint checks share ----------*- C++ -*-===//
//
// The checks are thin: they read the findings of the translation unit's
// one analysis (lib/Analysis) and turn them into diagnostics. This holds
// the parts they share.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_CHECKSUPPORT_H
#define WARPLINT_CHECKS_CHECKSUPPORT_H

#include "Analysis/TranslationUnitAnalysis.h"
#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Frontend/ParseProblems.h"
#include "Warp/Analyses.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace warplint {
namespace checks {

/// The position a fact was extracted from.
inline clang::SourceLocation toLoc(const SourceLoc &L) {
  return clang::SourceLocation::getFromRawEncoding(
      static_cast<clang::SourceLocation::UIntTy>(L.Raw));
}

/// "grid (128, 128, 1) block (32, 8, 1), from the launch at k.cu:58:3, on
/// compute capability 1.3 (...)"
std::string describeConfig(const LaunchConfig &L, const GpuModel &Gpu);

/// A boolean check option: true or false (any case), 1 or 0, blanks
/// around; nullopt for anything else (the caller says it is invalid).
std::optional<bool> parseBoolOption(llvm::StringRef Text);
/// A numeric check option: a finite number, blanks around; nullopt
/// otherwise. Ranges are the caller's.
std::optional<double> parseNumberOption(llvm::StringRef Text);

/// The places of \p Others, the other accesses of one root cause reported at
/// \p First: their distinct lines in order ("12, 14, k.cuh:30", a line in
/// another file with its file name), at most 12 then ", ...". \p Count is
/// set to the number of distinct places.
std::string otherPlaces(const AccessFacts &First,
                        const std::vector<const AccessFacts *> &Others,
                        size_t &Count);

/// Where to put the note about a configuration: its launch site or
/// annotation, else the kernel.
clang::SourceLocation configLoc(const LaunchConfig &L, const KernelFacts &K);

/// The "assuming ..." notes of a finding, in order: the configuration and
/// GPU, what the configuration assumed (at the launch or kernel), and what
/// the analysis of the access assumed (at the access).
std::vector<std::pair<clang::SourceLocation, std::string>>
assumptionNotes(const LaunchConfig &L, const KernelFacts &K,
                const GpuModel &Gpu, const AccessFacts &A,
                const std::vector<std::string> &AccessAssumptions);

/// What every check does first: the translation unit's one analysis (facts,
/// GPU, launch configurations and assumed values, computed once for every
/// check with the same options). Problems with options or annotations are
/// appended for configurationDiag(); without a GPU (an invalid GpuArch)
/// std::nullopt is returned.
struct CheckInput {
  TranslationUnitAnalysis *TU = nullptr;
  AnalysisRequest Request;
  const PreparedAnalysis *Prepared = nullptr;
  const GpuModel &gpu() const { return Prepared->Gpu; }
  const std::vector<KernelContext> &kernels() const {
    return Prepared->Kernels;
  }
};
/// \p SystemHeaders: the kernels of system headers are analysed too (the
/// configuration's SystemHeaders, clang-tidy's --system-headers).
std::optional<CheckInput> prepareCheck(clang::ASTContext &Ctx,
                                       const clang::Preprocessor *PP,
                                       const AnalysisRequest &Request,
                                       std::vector<std::string> &Problems,
                                       bool SystemHeaders = false);

} // namespace checks
} // namespace warplint

#endif
