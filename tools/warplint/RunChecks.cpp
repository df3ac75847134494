//===- RunChecks.cpp - Running the checks and reading their findings ------===//
//
// The warplint checks through clang-tidy's engine on --jobs threads
// (runChecks), and their diagnostics as report findings (toFindings).
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Options.h"
#include "Analysis/TranslationUnitAnalysis.h"
#include "Frontend/CompileFlags.h"
#include "Frontend/Tooling.h"
#include "Report/Findings.h"
#include "Report/KernelIndex.h"
#include "Symbolic/Assumptions.h"
#include "../common/WarplintTidy.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Basic/Stack.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <thread>

using namespace llvm;
using namespace warplint;
using namespace warplint::cli;

/// Serialises the inner database: JSON databases are not documented as
/// safe to query from several threads.
namespace {
class LockedDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit LockedDatabase(const clang::tooling::CompilationDatabase &Inner)
      : Inner(Inner) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(StringRef File) const override {
    std::lock_guard<std::mutex> Lock(M);
    return Inner.getCompileCommands(File);
  }
  std::vector<std::string> getAllFiles() const override {
    std::lock_guard<std::mutex> Lock(M);
    return Inner.getAllFiles();
  }

private:
  const clang::tooling::CompilationDatabase &Inner;
  mutable std::mutex M;
};
} // namespace

static std::vector<clang::tidy::FileFilter> RunLineFilter;
void setLineFilter(std::vector<clang::tidy::FileFilter> Filter) {
  RunLineFilter = std::move(Filter);
}

/// The options provider of one run: --config, or .clang-tidy files, with
/// the command line's overrides. Null (and a message) on a bad option.
std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
makeProvider(IntrusiveRefCntPtr<vfs::FileSystem> FS) {
  using namespace clang::tidy;
  ClangTidyOptions Overrides;
  if (!Checks.empty())
    Overrides.Checks = Checks;
  if (!WarningsAsErrors.empty())
    Overrides.WarningsAsErrors = WarningsAsErrors;
  if (!HeaderFilter.empty())
    Overrides.HeaderFilterRegex = HeaderFilter;
  if (!GpuArch.empty())
    Overrides.CheckOptions["GpuArch"] = ClangTidyOptions::ClangTidyValue(GpuArch);
  if (!ArchDir.empty())
    Overrides.CheckOptions["ArchDir"] = ClangTidyOptions::ClangTidyValue(ArchDir);
  if (!AssumeOpt.empty())
    Overrides.CheckOptions["Assume"] = ClangTidyOptions::ClangTidyValue(AssumeOpt);
  if (!LaunchOpt.empty())
    Overrides.CheckOptions["Launch"] =
        ClangTidyOptions::ClangTidyValue(joinedLaunchOptions());
  if (UseColor.getNumOccurrences())
    Overrides.UseColor = bool(UseColor);
  if (SystemHeaders.getNumOccurrences())
    Overrides.SystemHeaders = bool(SystemHeaders);
  std::string Err;
  clang::tidy::ClangTidyGlobalOptions Global;
  Global.LineFilter = RunLineFilter;
  auto P = makeWarplintOptionsProvider(FS, Overrides, Config, Err, Global);
  if (!P)
    errs() << "warplint: error: invalid --config: " << Err << "\n";
  return P;
}

/// Whether to show "[3/12] file.cu" lines: on a terminal, not in CI, not
/// with --quiet.
static bool showProgress(size_t Files) {
  return Files > 1 && !Quiet && sys::Process::StandardErrIsDisplayed() &&
         !sys::Process::GetEnv("CI");
}

static bool hasCompileError(const std::vector<clang::tidy::ClangTidyError> &E) {
  for (const clang::tidy::ClangTidyError &X : E)
    if (X.DiagnosticName == "clang-diagnostic-error")
      return true;
  return false;
}

/// Whether \p File's command is parsed with a toolkit's headers (one it
/// names, with a version), and which.
static bool usesToolkit(const clang::tooling::CompilationDatabase &DB,
                        const std::string &File, std::string &Toolkit) {
  if (BuiltinHeaders)
    return false;
  std::vector<clang::tooling::CompileCommand> Cmds = DB.getCompileCommands(File);
  if (Cmds.empty())
    return false;
  TranslatedCommand TC =
      translateCompileCommand(Cmds.front().CommandLine, Cmds.front().Directory);
  Toolkit = namedToolkit(TC, Cmds.front().Directory);
  return !Toolkit.empty() && toolkitVersion(Toolkit) != 0;
}

/// clang's "N warnings generated when compiling for sm_80." of one file,
/// counted from its diagnostics (none when there are none). clang would
/// print it from each worker thread as the file ends, interleaved with
/// the others (runWarplintChecks turns it off); warplint says it in file
/// order instead.
static std::string generatedLine(const std::vector<clang::tidy::ClangTidyError> &E,
                                 const std::string &Target) {
  unsigned Warnings = 0, Errors = 0;
  for (const clang::tidy::ClangTidyError &X : E)
    if (X.DiagLevel == clang::tooling::Diagnostic::Error || X.IsWarningAsError)
      ++Errors;
    else if (X.DiagLevel == clang::tooling::Diagnostic::Warning)
      ++Warnings;
  if (!Warnings && !Errors)
    return "";
  std::string S;
  auto Count = [&](unsigned N, const char *What) {
    S += std::to_string(N) + " " + What + (N == 1 ? "" : "s");
  };
  if (Warnings)
    Count(Warnings, "warning");
  if (Warnings && Errors)
    S += " and ";
  if (Errors)
    Count(Errors, "error");
  return S + " generated when compiling for " + Target + ".";
}

/// What clang names the compilation of \p File: its device architecture
/// (the first the command names, else the default), or "host".
static std::string compiledFor(const clang::tooling::CompilationDatabase &DB,
                               const std::string &File,
                               const FrontendOptions &Opts) {
  if (Opts.Side == CudaSide::Host)
    return "host";
  std::vector<clang::tooling::CompileCommand> Cmds = DB.getCompileCommands(File);
  if (!Cmds.empty()) {
    TranslatedCommand TC = translateCompileCommand(Cmds.front().CommandLine,
                                                   Cmds.front().Directory);
    if (!TC.GpuArchs.empty())
      return TC.GpuArchs.front();
  }
  return Opts.DefaultGpuArch;
}

/// Runs the warplint checks through clang-tidy's engine, one file at a
/// time on each of --jobs threads; every thread has its own context and
/// file system. Errors come back in the order of \p Files.
std::optional<CheckRun>
runChecks(const clang::tooling::CompilationDatabase &DB,
          const std::vector<std::string> &Files, const FrontendOptions &Opts,
          std::unique_ptr<clang::tidy::ClangTidyContext> &FirstContext,
          bool KeepFacts) {
  using namespace clang::tidy;
  if (!AssumeOpt.empty()) {
    std::map<std::string, sym::Assumption> Check;
    std::string Err = sym::parseAssumptions(AssumeOpt, Check);
    if (!Err.empty()) {
      errs() << "warplint: error: invalid --assume: " << Err << "\n";
      return std::nullopt;
    }
  }
  // A bad --config is said once, before any file.
  if (!makeProvider(makeBuiltinHeaderFileSystem()))
    return std::nullopt;
  LockedDatabase Locked(DB);
  unsigned Threads = std::max(1u, std::min<unsigned>(Jobs, Files.size()));
  std::vector<std::vector<ClangTidyError>> PerFile(Files.size());
  std::atomic<size_t> Next{0};
  std::atomic<bool> Bad{false};
  std::mutex OutM;
  size_t Done = 0;
  const bool Progress = showProgress(Files.size());
  std::vector<std::unique_ptr<ClangTidyContext>> Contexts(Threads);
  // The facts the checks extracted, per file, for the estimates of the
  // JSON and SARIF reports and the gate: the file is not parsed again.
  // The analysis runs on the thread that runs the file's checks.
  std::vector<std::optional<FileFacts>> Facts(Files.size());
  static thread_local long CurrentFile = -1;
  std::mutex FactsM;
  std::set<std::string> SaidToolkit;
  // Always for a file with compile errors: what was analysed is said.
  TranslationUnitAnalysis::setFactsObserver([&](const FileFacts &F) {
      if (CurrentFile < 0 || (!KeepFacts && !F.Errors && F.MissingIncludes.empty()))
        return;
      std::lock_guard<std::mutex> Lock(FactsM);
      if (!Facts[size_t(CurrentFile)])
        Facts[size_t(CurrentFile)] = F;
    });
  auto Work = [&](unsigned T) {
    // As clang's driver: Sema moves deep recursion (template instantiation)
    // to a thread with a fresh stack when this one runs low.
    clang::noteBottomOfStack();
    auto FS = makeParseFileSystem();
    std::unique_ptr<clang::tooling::CompilationDatabase> WDB =
        makeWarplintCompilations(Locked, Opts);
    for (size_t I = Next++; I < Files.size(); I = Next++) {
      // A fresh context per file: a context maps diagnostic IDs to check
      // names per compilation, and reusing it mislabels later files.
      auto Provider = makeProvider(FS);
      if (!Provider) {
        Bad = true;
        return;
      }
      Contexts[T] = std::make_unique<ClangTidyContext>(std::move(Provider));
      if (Progress) {
        std::lock_guard<std::mutex> Lock(OutM);
        errs() << "[" << ++Done << "/" << Files.size() << "] " << Files[I]
               << "\n";
      }
      CurrentFile = long(I);
      PerFile[I] = runWarplintChecks(*Contexts[T], *WDB, Files[I], FS,
                                     /*ApplyAnyFix=*/Fix || !ExportFixes.empty());
      // A toolkit's headers that clang 19 cannot parse: the file again with
      // the built-in header; the better of the two results is kept.
      std::string Toolkit;
      if (hasCompileError(PerFile[I]) && usesToolkit(Locked, Files[I], Toolkit)) {
        auto P2 = makeProvider(FS);
        auto Ctx2 = P2 ? std::make_unique<ClangTidyContext>(std::move(P2)) : nullptr;
        if (Ctx2) {
          FrontendOptions BO = Opts;
          BO.ForceBuiltinHeaders = true;
          auto BDB = makeWarplintCompilations(Locked, BO);
          std::optional<FileFacts> Kept;
          {
            std::lock_guard<std::mutex> Lock(FactsM);
            Kept = std::move(Facts[I]);
            Facts[I].reset();
          }
          auto Again = runWarplintChecks(*Ctx2, *BDB, Files[I], FS,
                                         /*ApplyAnyFix=*/Fix || !ExportFixes.empty());
          bool Better;
          {
            std::lock_guard<std::mutex> Lock(FactsM);
            Better = builtinTryIsBetter(!hasCompileError(Again),
                                        Facts[I] ? &*Facts[I] : nullptr,
                                        Kept ? &*Kept : nullptr);
          }
          if (Better) {
            PerFile[I] = std::move(Again);
            Contexts[T] = std::move(Ctx2);
            std::lock_guard<std::mutex> Lock(OutM);
            if (SaidToolkit.insert(Toolkit).second)
              errs() << "warplint: note: clang 19 could not parse the CUDA "
                        "toolkit headers at '"
                     << Toolkit << "'; using warplint's built-in CUDA header\n";
          } else {
            std::lock_guard<std::mutex> Lock(FactsM);
            Facts[I] = std::move(Kept);
          }
        }
      }
      CurrentFile = -1;
    }
  };
  if (Threads == 1) {
    Work(0);
  } else {
    std::vector<std::thread> Pool;
    for (unsigned T = 0; T < Threads; ++T)
      Pool.emplace_back(Work, T);
    for (std::thread &Th : Pool)
      Th.join();
  }
  TranslationUnitAnalysis::setFactsObserver({});
  if (Bad)
    return std::nullopt;
  if (!Quiet)
    for (size_t I = 0; I < Files.size(); ++I) {
      std::string Line =
          generatedLine(PerFile[I], compiledFor(Locked, Files[I], Opts));
      if (!Line.empty())
        errs() << Line << "\n";
    }
  if (!Contexts[0]) {
    auto Provider = makeProvider(makeBuiltinHeaderFileSystem());
    if (!Provider)
      return std::nullopt;
    Contexts[0] = std::make_unique<ClangTidyContext>(std::move(Provider));
  }
  CheckRun R;
  std::vector<char> HadErrors(Files.size(), 0);
  for (size_t I = 0; I < Files.size(); ++I)
    for (ClangTidyError &E : PerFile[I]) {
      if (E.DiagnosticName == "clang-diagnostic-error") {
        HadErrors[I] = 1;
        R.Unparsed.insert(Files[I]);
        R.FirstError.try_emplace(Files[I], E.Message.Message);
      }
      R.Errors.push_back(std::move(E));
    }
  // A file with errors: the kernels whose own code had none were analysed
  // (and are estimated); a file none of whose kernels were is not.
  for (size_t I = 0; I < Files.size(); ++I) {
    if (!HadErrors[I])
      continue;
    if (Facts[I] && !Facts[I]->Kernels.empty()) {
      Facts[I]->File = Files[I];
      R.Partial[Files[I]] = partialParseMessage(*Facts[I]);
    } else {
      FileFacts None;
      None.File = Files[I];
      if (Facts[I])
        None.Skipped = Facts[I]->Skipped;
      R.Partial[Files[I]] = partialParseMessage(None);
      Facts[I].reset();
    }
    if (!KeepFacts)
      Facts[I].reset();
  }
  for (size_t I = 0; I < Files.size(); ++I)
    if (Facts[I] && Facts[I]->File.empty())
      Facts[I]->File = Files[I];
  R.Facts = std::move(Facts);
  FirstContext = std::move(Contexts[0]);
  return R;
}

/// Line and column (1-based) of byte offsets, per file, read once.
namespace {
class LineTable {
public:
  ReportLoc at(const std::string &File, unsigned Offset) {
    ReportLoc L;
    L.File = File;
    if (File.empty())
      return L;
    auto It = Starts.find(File);
    if (It == Starts.end()) {
      std::vector<unsigned> S{0};
      if (auto Buf = MemoryBuffer::getFile(File)) {
        StringRef T = (*Buf)->getBuffer();
        for (size_t I = 0; I < T.size(); ++I)
          if (T[I] == '\n')
            S.push_back(unsigned(I + 1));
      }
      It = Starts.insert({File, std::move(S)}).first;
    }
    const std::vector<unsigned> &S = It->second;
    auto Up = std::upper_bound(S.begin(), S.end(), Offset);
    size_t Line = size_t(Up - S.begin());
    L.Line = unsigned(Line);
    L.Column = Offset - S[Line - 1] + 1;
    return L;
  }

private:
  std::map<std::string, std::vector<unsigned>> Starts;
};
} // namespace

/// A path as the diagnostic names it, made absolute against the compile
/// command's directory (a database may name its files relatively).
static std::string absoluteIn(const std::string &Path, StringRef Dir) {
  if (Path.empty())
    return Path;
  SmallString<256> P(Path);
  if (!sys::path::is_absolute(Path))
    sys::fs::make_absolute(Dir, P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

KernelAt kernelsOf(const std::vector<std::optional<FileFacts>> &Facts) {
  auto Index = std::make_shared<KernelIndex>();
  for (const std::optional<FileFacts> &F : Facts)
    if (F)
      Index->add(*F);
  auto Lines = std::make_shared<LineTable>();
  return [Index, Lines](const clang::tidy::ClangTidyError &E) {
    ReportLoc L = Lines->at(absoluteIn(E.Message.FilePath, E.BuildDirectory),
                            E.Message.FileOffset);
    return Index->at(E.Message.FilePath, L.Line, L.Column);
  };
}

std::vector<ReportFinding>
toFindings(const std::vector<clang::tidy::ClangTidyError> &Errors,
           const KernelAt &Kernel) {
  LineTable Lines;
  std::vector<ReportFinding> R;
  for (const clang::tidy::ClangTidyError &E : Errors) {
    ReportFinding F;
    F.Check = E.DiagnosticName;
    F.Level = E.DiagLevel == clang::tooling::Diagnostic::Error ||
                      E.IsWarningAsError
                  ? "error"
                  : "warning";
    F.Message = E.Message.Message;
    const StringRef Dir = E.BuildDirectory;
    F.Loc = Lines.at(absoluteIn(E.Message.FilePath, Dir), E.Message.FileOffset);
    for (const auto &N : E.Notes)
      F.Notes.push_back(
          {N.Message, Lines.at(absoluteIn(N.FilePath, Dir), N.FileOffset)});
    // The fix is the finding's own or, as warplint's checks attach it, the
    // one note's that explains it (clang-tidy's --fix-notes rule).
    static const llvm::StringMap<clang::tooling::Replacements> NoFix;
    const llvm::StringMap<clang::tooling::Replacements> *Chosen =
        clang::tidy::getFixIt(E, /*AnyFix=*/true);
    for (const auto &[File, Reps] : Chosen ? *Chosen : NoFix)
      for (const clang::tooling::Replacement &Rep : Reps) {
        ReportEdit Ed;
        const std::string RF = absoluteIn(Rep.getFilePath().str(), Dir);
        Ed.Begin = Lines.at(RF, Rep.getOffset());
        Ed.End = Lines.at(RF, Rep.getOffset() + Rep.getLength());
        Ed.Offset = Rep.getOffset();
        Ed.Length = Rep.getLength();
        Ed.Text = Rep.getReplacementText().str();
        F.Fixes.push_back(std::move(Ed));
      }
    F.Numbers = findingNumbers(F.Check, F.Message);
    if (Kernel)
      F.Kernel = Kernel(E);
    R.push_back(std::move(F));
  }
  return R;
}
