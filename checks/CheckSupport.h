//===- CheckSupport.h - What the warplint checks share ----------*- C++ -*-===//
//
// The checks are thin: they extract the facts, resolve the launch
// configurations and the GPU, call the pure analyses in lib/Model and turn
// findings into diagnostics. This holds the parts they share.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_CHECKSUPPORT_H
#define WARPLINT_CHECKS_CHECKSUPPORT_H

#include "Arch/ArchSelect.h"
#include "Model/Analyses.h"
#include "Model/KernelFacts.h"
#include "Model/Launch.h"

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

/// The GPU to analyse for: the check option if set (an id, sm_XX or a
/// path to an architecture file); else the architecture the compile
/// command names (passed by warplint as a macro, so that one clang 19 does
/// not know, like sm_13, still counts); else the one the translation unit
/// is compiled for (--cuda-gpu-arch); else sm_80.
std::optional<SelectedArch> gpuFor(clang::ASTContext &Ctx,
                                   const clang::Preprocessor *PP,
                                   llvm::StringRef Option,
                                   llvm::StringRef ArchDir, std::string &Error);

/// Parses the Launch option: "kernel: grid(..) block(..); other: block(..)".
LaunchOptions parseLaunchOption(llvm::StringRef Option,
                                std::vector<std::string> &Problems);

/// "grid (128, 128, 1) block (32, 8, 1), from the launch at k.cu:58:3, on
/// compute capability 1.3 (...)"
std::string describeConfig(const LaunchConfig &L, const GpuModel &Gpu);

/// A boolean check option: true or false (any case), 1 or 0, blanks
/// around; nullopt for anything else (the caller says it is invalid).
std::optional<bool> parseBoolOption(llvm::StringRef Text);
/// A numeric check option: a finite number, blanks around; nullopt
/// otherwise. Ranges are the caller's.
std::optional<double> parseNumberOption(llvm::StringRef Text);

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

/// Everything a check needs for one kernel.
struct KernelContext {
  const KernelFacts *Kernel = nullptr;
  std::vector<LaunchConfig> Configs;
  AnalysisOptions Options;
};

/// Extracts the facts of every kernel of the translation unit and resolves
/// their launch configurations and assumed values.
struct FileAnalysis {
  FileFacts Facts;
  std::vector<KernelContext> Kernels;
  std::vector<std::string> Problems;
};
FileAnalysis analyzeFile(clang::ASTContext &Ctx, const LaunchOptions &Launch,
                         const AnalysisOptions &Base);

/// The options every warplint check reads.
struct CommonOptions {
  std::string GpuArch; ///< GpuArch (local or global)
  std::string ArchDir; ///< ArchDir (global): user architecture files
  std::string Launch;  ///< Launch
  std::string Assume;  ///< Assume (local or global)
};

/// What every check does first: determine the GPU, read the launch and
/// assume options, extract and resolve the file. Problems with options or
/// annotations are returned as messages for configurationDiag(); without a
/// GPU (an invalid GpuArch) std::nullopt is returned.
struct CheckInput {
  GpuModel Gpu;
  FileAnalysis File;
  ArchSpec Arch;
  /// The stand-in sentence when an sm_XX name was resolved to another GPU.
  std::string ArchNote;
};
std::optional<CheckInput> prepareCheck(clang::ASTContext &Ctx,
                                       const clang::Preprocessor *PP,
                                       const CommonOptions &Opts,
                                       AnalysisOptions Base,
                                       std::vector<std::string> &Problems);

} // namespace checks
} // namespace warplint

#endif
