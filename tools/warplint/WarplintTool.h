//===- WarplintTool.h - The steps of a warplint run -------------*- C++ -*-===//
//
// What main() (warplint.cpp) calls: the checks (RunChecks.cpp), the
// estimates (Estimates.cpp) and the CI gate (Gate.cpp). They read the
// command-line options of Options.h.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_WARPLINT_WARPLINTTOOL_H
#define WARPLINT_TOOLS_WARPLINT_WARPLINTTOOL_H

#include "Arch/ArchSelect.h"
#include "Cost/Estimate.h"
#include "Frontend/Tooling.h"
#include "Report/Findings.h"
#include "Report/MachineReport.h"
#include "Warp/Analyses.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"

#include <functional>
#include <memory>
#include <optional>
#include <map>
#include <set>
#include <string>
#include <vector>

// The tool's own functions are in the global namespace, as they were when
// warplint.cpp held them all.

/// What the checks said: every diagnostic, in the order of the files, and
/// the files that did not parse.
struct CheckRun {
  std::vector<clang::tidy::ClangTidyError> Errors;
  std::set<std::string> Unparsed; ///< files with compile errors
  /// Per file with compile errors, what warplint says of it (which kernels
  /// were analysed, which not and why): partialParseMessage.
  std::map<std::string, std::string> Partial;
  /// Per file with compile errors, its first error's message (in the file
  /// or in a header it includes).
  std::map<std::string, std::string> FirstError;
  /// With KeepFacts: per file (in the order of the files), the facts the
  /// checks extracted; none for a file with errors or no warplint check.
  std::vector<std::optional<warplint::FileFacts>> Facts;
};

/// The paths the user names (--output, --export-fixes, --config-file,
/// --arch-dir, --baseline, --diff-file, -p, --nvcc) made absolute against
/// \p StartDir, the directory warplint was started in (OutputFiles.cpp).
void resolveUserPaths(llvm::StringRef StartDir);

/// False, with a message, when --output or --export-fixes names a file the
/// analysis reads: an input, a file of the compile database, a file read by
/// an option, or an existing source file or header.
bool checkOutputPaths(const clang::tooling::CompilationDatabase &DB,
                      const std::vector<std::string> &Files);

/// Writes \p Path (the value of \p Option) through a temporary file
/// renamed into place: a failed write leaves the file as it was. False,
/// with a message, on any error.
bool writeOutputFile(llvm::StringRef Path, llvm::StringRef Option,
                     const std::function<void(llvm::raw_ostream &)> &Write);

/// --fix: whether every file the fixes of \p Errors change can be written
/// (a message for each that cannot); \p Modes gets each file's permissions,
/// to be given back after the rewrite, which replaces the file.
bool fixedFilesWritable(const std::vector<clang::tidy::ClangTidyError> &Errors,
                        std::map<std::string, llvm::sys::fs::perms> &Modes);

/// Runs the warplint checks through clang-tidy's engine, one file at a
/// time on each of --jobs threads; every thread has its own context and
/// file system. Errors come back in the order of \p Files.
std::optional<CheckRun>
runChecks(const clang::tooling::CompilationDatabase &DB,
          const std::vector<std::string> &Files,
          const warplint::FrontendOptions &Opts,
          std::unique_ptr<clang::tidy::ClangTidyContext> &FirstContext,
          bool KeepFacts = false);

/// The options provider of one run: --config (or --config-file), or the
/// .clang-tidy files, with the command line's overrides. Null (and a
/// message) on a bad option.
std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
makeProvider(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS);

/// The kernel a diagnostic is in ("" when not known).
using KernelAt = std::function<std::string(const clang::tidy::ClangTidyError &)>;
/// A KernelAt over the facts of a run (which must outlive it).
KernelAt kernelsOf(const std::vector<std::optional<warplint::FileFacts>> &Facts);

/// The diagnostics of a text run as people read them (TextOutput.cpp):
/// findings of one cause merged into the first (\p Merged counts those),
/// a launch's notes once.
std::vector<clang::tidy::ClangTidyError>
readableFindings(const std::vector<clang::tidy::ClangTidyError> &Errors,
                 const KernelAt &Kernel, unsigned &Merged);

/// The closing summary of a text run over several files (Summary.cpp):
/// \p Shown the warnings printed, \p Merged the findings merged into them.
void printRunSummary(const CheckRun &Run,
                     const std::vector<clang::tidy::ClangTidyError> &Shown,
                     unsigned Merged, const KernelAt &Kernel,
                     const std::vector<std::string> &Files, double Seconds,
                     bool UnparsedFail, llvm::raw_ostream &OS);

/// The checks' diagnostics as report findings (1-based lines and columns).
std::vector<warplint::ReportFinding>
toFindings(const std::vector<clang::tidy::ClangTidyError> &Errors,
           const KernelAt &Kernel = {});

/// The estimators over every kernel of every file. Returns false on a bad
/// option; files that cannot be analysed go to \p Problems. With
/// \p ValueNames, the names --assume may speak of (addValueNames) of every
/// file analysed are added to it.
bool collectEstimates(const clang::tooling::CompilationDatabase &DB,
                      const std::vector<std::string> &Files,
                      const warplint::FrontendOptions &Opts,
                      std::vector<warplint::KernelEstimate> &All,
                      std::vector<warplint::FileProblem> &Problems,
                      const std::vector<std::optional<warplint::FileFacts>>
                          *Known = nullptr,
                      std::set<std::string> *ValueNames = nullptr);

// ConfigCommands.cpp: the configuration, printed; each returns the exit
// status.
int listChecks();
int dumpConfig();
int explainConfig();
int verifyConfig();

/// --line-filter, --diff, --diff-file (LineFilter.cpp): the lines whose
/// findings are shown, as clang-tidy's line filter; \p Changed the files
/// the diff touches. False after an error message.
bool makeLineFilter(std::vector<clang::tidy::FileFilter> &Filter,
                    std::vector<std::string> &Changed);
/// Pull-request mode without files named: keeps the files of \p Files the
/// diff changes (all when it changes a header); false (said) when none.
bool onlyChanged(std::vector<std::string> &Files,
                 const std::vector<std::string> &Changed);
/// The root of the git repository holding the current directory, else the
/// current directory (SARIF's SRCROOT).
std::string repositoryRoot();
/// The line filter makeProvider hands clang-tidy (set once, before the run).
void setLineFilter(std::vector<clang::tidy::FileFilter> Filter);

/// Compile commands for files no database covers: the file's directory and
/// the repository's include directories (FallbackDatabase.cpp).
std::unique_ptr<clang::tooling::CompilationDatabase> makeFallbackDatabase();

/// Whether \p Arg names a compiler (nvcc, clang, gcc, ...), by its name.
bool isCompilerName(llvm::StringRef Arg);
/// A database giving \p Command (argv[0] the compiler) for every file, run
/// in the current directory: `warplint f.cu -- nvcc ...`, as CMake hands
/// clang-tidy its commands.
std::unique_ptr<clang::tooling::CompilationDatabase>
makeCommandDatabase(std::vector<std::string> Command);

/// --launcher (Launcher.cpp): warplint as CMake's <LANG>_COMPILER_LAUNCHER.
int runAsLauncher(int Argc, const char **Argv);

/// Each kernel of \p Facts with the GPU, the launch configurations and
/// the analysis options a map is drawn with (every access, flagged or
/// not). False (said) on a bad option or GPU.
using AnalysedKernelFn = std::function<void(
    const warplint::KernelFacts &, const warplint::GpuModel &,
    const std::vector<warplint::LaunchConfig> &,
    const warplint::AnalysisOptions &)>;
bool forEachAnalysedKernel(const warplint::FileFacts &Facts,
                           const warplint::FrontendOptions &Opts,
                           const AnalysedKernelFn &Fn);

/// --format=html (HtmlOutput.cpp): the page, with warp maps of the
/// findings' accesses drawn from \p Facts. None after an error message.
std::optional<std::string>
renderHtml(const warplint::RunReport &Report,
           const std::vector<std::optional<warplint::FileFacts>> &Facts,
           const warplint::FrontendOptions &Opts);

/// What a file is analysed with outside its code: --launch and --assume,
/// else its configuration's Launch and Assume (.clang-tidy or --config, as
/// the checks read them); and its configuration's GpuArch, for archFor.
struct FileSettings {
  std::string ConfiguredArch;
  warplint::LaunchOptions Launch;
  std::map<std::string, warplint::sym::Assumption> Assume;
};
FileSettings fileSettings(const std::string &File);

/// The GPU a file is analysed for: --arch, else \p Configured (the file's
/// .clang-tidy or --config GpuArch), else the first its compile command
/// names, else --default-gpu-arch (Estimates.cpp).
llvm::Expected<warplint::SelectedArch>
archFor(const warplint::FileFacts &F, const warplint::FrontendOptions &Opts,
        llvm::StringRef Configured = "");
/// The GPU whose properties the host code's cudaGetDeviceProperties gives
/// (FrontendOptions::DeviceFor): --arch, else \p CompileGpu, else
/// --default-gpu-arch; none for a name no arch file stands for.
std::optional<warplint::HostDevice> hostDeviceFor(llvm::StringRef CompileGpu);

/// --model, --counts-from, --registers, --counts into \p O (Estimates.cpp);
/// false after an error message.
bool parseModelOptions(warplint::EstimateOptions &O);

/// --explore (Explore.cpp): per kernel, the variants ranked by their
/// estimate. The exit status.
/// A report, to --output or the standard output. False after an error.
bool writeReport(llvm::StringRef Text);

int exploreKernels(const clang::tooling::CompilationDatabase &DB,
                   const std::vector<std::string> &Files,
                   const warplint::FrontendOptions &Opts);

/// --port=FUNCTION (Port.cpp): the sequential function's loop nests as
/// kernels, every legal mapping estimated and ranked. The exit status.
int portFunction(const clang::tooling::CompilationDatabase &DB,
                 const std::vector<std::string> &Files,
                 const warplint::FrontendOptions &Opts);

/// --explain=FILE:LINE (Explain.cpp): the warp maps of the accesses on
/// that line, as text. The exit status.
int explainAccess(const clang::tooling::CompilationDatabase &DB,
                  const std::vector<std::string> &Files,
                  const warplint::FrontendOptions &Opts, llvm::StringRef Spec);

/// The directory warplint was started in (before clang's tooling moved
/// to a compile command's); set by main.
std::string startDirectory();

/// --baseline: 0 passed, 1 failed, 2 the baseline cannot be used.
int runGate(const warplint::RunReport &Report);

// InputChecks.cpp: input that is wrong is an error naming it. Each returns
// false after printing the error.
/// The configurations of \p Files (--config or --config-file, else their
/// .clang-tidy files): each that does not parse or holds an invalid
/// warplint option value, as "ORIGIN: what" (checks/CheckOptions.h).
std::vector<std::string>
configurationErrors(const std::vector<std::string> &Files);
/// configurationErrors, printed as errors.
bool checkConfigFiles(const std::vector<std::string> &Files);
/// Whether --assume or a configuration's Assume gives values.
bool haveAssumptions();
/// --format and the options that go with it (--fix, --parse-errors).
bool checkOutputOptions();
/// --export-fixes must not name an input; --gate-threshold a number >= 0.
bool checkFileOptions(const std::vector<std::string> &Files);
/// --launch: syntax and shapes, before any file.
bool checkLaunchOption();
/// After the run: --launch kernels no analysed file defines, and --assume
/// names no analysed kernel has.
bool reportUnknownLaunchKernels(const std::set<std::string> &Defined);
bool reportUnknownAssumeNames(const std::set<std::string> &Known);
/// The names those two are checked against.
void addKernelNames(const warplint::FileFacts &F, std::set<std::string> &Names);
void addValueNames(const warplint::FileFacts &F, std::set<std::string> &Names);

#endif
