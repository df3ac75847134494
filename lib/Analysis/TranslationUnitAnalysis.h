//===- TranslationUnitAnalysis.h - One analysis per translation unit -*- C++ -*-===//
//
// The facts of a translation unit, the GPU, the launch configurations and
// the findings of every analysis, computed once, lazily, and shared by
// every check and front end (warplint, the clang-tidy plugin and
// warplint-clangd all run the checks through clang-tidy's engine, so the
// checks are where they meet).
//
// An analysis belongs to one ASTContext: it is created on first use and
// destroyed with the context (ASTContext::AddDeallocation), so nothing
// outlives the AST its source locations point into. Requests that differ in
// the options that change a result (GPU, Launch, Assume, thresholds) get
// results of their own; equal requests share one.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_TRANSLATIONUNITANALYSIS_H
#define WARPLINT_ANALYSIS_TRANSLATIONUNITANALYSIS_H

#include "Facts/ArchSpec.h"
#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Warp/Analyses.h"
#include "Warp/Divergence.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace clang {
class ASTContext;
class Preprocessor;
} // namespace clang

namespace warplint {

/// The options every warplint check reads (clang-tidy check options, local
/// or global): they decide the GPU, the configurations and the values
/// assumed, so they are the key of a prepared analysis.
struct AnalysisRequest {
  std::string GpuArch; ///< GpuArch: an id, sm_XX or a file; "" for the TU's
  std::string ArchDir; ///< ArchDir: the user's architecture files
  std::string Launch;  ///< Launch: "kernel: grid(..) block(..); ..."
  std::string Assume;  ///< Assume: "n >= 1024, n % 32 == 0"
  bool operator<(const AnalysisRequest &O) const {
    return std::tie(GpuArch, ArchDir, Launch, Assume) <
           std::tie(O.GpuArch, O.ArchDir, O.Launch, O.Assume);
  }
};

/// One kernel with its resolved configurations and the assumptions that
/// hold for it (the Assume option's and its own annotations').
struct KernelContext {
  const KernelFacts *Kernel = nullptr;
  std::vector<LaunchConfig> Configs;
  /// Enumeration options with the assumptions filled in; the checks add
  /// their thresholds.
  EnumerationOptions Enum;
};

/// The GPU and the kernels of the translation unit for one request.
struct PreparedAnalysis {
  /// False when the GPU could not be determined (an invalid GpuArch): the
  /// problem says why, and there is nothing to analyse.
  bool Ok = false;
  GpuModel Gpu;
  ArchSpec Arch;
  /// The stand-in sentence when an sm_XX name was resolved to another GPU.
  std::string ArchNote;
  std::vector<KernelContext> Kernels;
  /// Problems with the options or the annotations, for configurationDiag().
  std::vector<std::string> Problems;
  /// Launch sites of the code that could not be analysed, and why (their
  /// kernels' stand-in configurations say so in their origin).
  std::vector<std::string> LaunchSiteNotes;
};

/// Parses the Launch option: "kernel: grid(..) block(..); other: block(..)".
LaunchOptions parseLaunchOption(const std::string &Option,
                                std::vector<std::string> &Problems);

class TranslationUnitAnalysis {
public:
  /// The analysis of the translation unit \p Ctx belongs to, created on
  /// first use. \p PP (may be null) gives the GPU the compile command named.
  /// \p SystemHeaders: the kernels of system headers are extracted too
  /// (asked by any check before the facts are first extracted).
  static TranslationUnitAnalysis &of(clang::ASTContext &Ctx,
                                     const clang::Preprocessor *PP,
                                     bool SystemHeaders = false);

  /// Called with the facts of every translation unit when they are first
  /// extracted (e.g. so that warplint's JSON report reuses them instead of
  /// parsing again). Process-wide; pass {} to remove.
  using FactsObserver = std::function<void(const FileFacts &)>;
  static void setFactsObserver(FactsObserver O);

  /// The facts of every kernel of the translation unit (their launches for
  /// the GPU of the first request, or the file's own when none came yet).
  const FileFacts &facts();

  /// The GPU, configurations and assumptions for \p R.
  const PreparedAnalysis &prepare(const AnalysisRequest &R);

  /// Coalescing findings of kernel \p KernelIndex of prepare(\p R) with the
  /// threshold \p MinFactor.
  const std::vector<CoalescingFinding> &
  uncoalescedAccesses(const AnalysisRequest &R, size_t KernelIndex,
                      double MinFactor, double MinExcessInLoop = 1.0);

  /// Bank-conflict findings of kernel \p KernelIndex on \p Gpu (the
  /// prepared GPU, or the same with another bank mode) with \p MinWays.
  const std::vector<BankConflictFinding> &
  bankConflicts(const AnalysisRequest &R, size_t KernelIndex, unsigned MinWays,
                bool KeplerEightByteMode);

  /// The divergence results of kernel \p KernelIndex under its
  /// configuration \p ConfigIndex.
  const std::vector<DivergenceResult> &
  divergence(const AnalysisRequest &R, size_t KernelIndex, size_t ConfigIndex);

  /// How often each stage ran (for tests and benchmarks).
  struct Counters {
    unsigned FactExtractions = 0;
    unsigned Preparations = 0;
    unsigned FindingComputations = 0;
  };
  const Counters &counters() const { return Stats; }

  ~TranslationUnitAnalysis();

private:
  TranslationUnitAnalysis(clang::ASTContext &Ctx, const clang::Preprocessor *PP);

  clang::ASTContext &Ctx;
  const clang::Preprocessor *PP;
  bool SystemHeaders = false;
  std::optional<FileFacts> Facts;
  std::string FactsGpu; ///< the GPU whose properties Facts' host code read
  /// Host code that reads the GPU's properties: the facts for another GPU
  /// than FactsGpu, by arch id (their kernels are Facts' in the same order).
  std::map<std::string, std::unique_ptr<FileFacts>> OtherGpuFacts;
  const FileFacts &factsFor(const struct SelectedArch *Arch);
  std::map<AnalysisRequest, std::unique_ptr<PreparedAnalysis>> Prepared;
  std::map<std::tuple<AnalysisRequest, size_t, double, double>,
           std::vector<CoalescingFinding>>
      Coalescing;
  std::map<std::tuple<AnalysisRequest, size_t, unsigned, bool>,
           std::vector<BankConflictFinding>>
      Banks;
  std::map<std::tuple<AnalysisRequest, size_t, size_t>,
           std::vector<DivergenceResult>>
      Divergence;
  Counters Stats;
};

} // namespace warplint

#endif
