//===- warplint.cpp - The warplint command-line tool ----------------------===//
//
//   warplint [options] <file>... [-- <compiler args>]
//   warplint -p <build dir> [options] [<file>...]
//
// Exit codes: 0 success, 1 findings promoted to errors (reserved for the
// checks), 2 usage or input errors (an unreadable compile database, a file
// that does not parse).
//
//===----------------------------------------------------------------------===//
#include "Analysis/TranslationUnitAnalysis.h"
#include "Arch/ArchSelect.h"
#include "Frontend/Ptxas.h"
#include "Frontend/Tooling.h"
#include "Cost/Estimate.h"
#include "Report/EstimateText.h"
#include "Report/FactsText.h"
#include "Report/MachineReport.h"
#include "Report/Gate.h"
#include "Symbolic/Assumptions.h"
#include "../common/WarplintTidy.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <set>
#include <thread>

using namespace llvm;
using namespace warplint;

static cl::OptionCategory Category("warplint options");

// Keeps the statically linked check module (checks/WarpLintModule.cpp).
extern volatile int WarpLintModuleAnchorSource;
[[maybe_unused]] static int WarpLintModuleAnchorDestination =
    WarpLintModuleAnchorSource;

static cl::opt<std::string> Checks(
    "checks",
    cl::desc("Checks to run, as in clang-tidy (default: warplint-* but warplint-kernel-cost; a "
             ".clang-tidy file is read as clang-tidy reads it)"),
    cl::init(""), cl::cat(Category));

static cl::opt<std::string> Config(
    "config", cl::desc("A .clang-tidy configuration in YAML, used instead of "
                       "the .clang-tidy files"),
    cl::init(""), cl::cat(Category));

static cl::opt<bool> Fix("fix", cl::desc("Apply the fix-its of the findings"),
                         cl::cat(Category));

static cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the fix-its to this YAML file, for "
             "clang-apply-replacements"),
    cl::value_desc("file"), cl::init(""), cl::cat(Category));

static cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Checks whose findings are errors (exit code 1), as in "
             "clang-tidy"),
    cl::init(""), cl::cat(Category));

static cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Regular expression of headers whose findings are shown"),
    cl::init(""), cl::cat(Category));


static cl::opt<std::string> GpuArch(
    "arch",
    cl::desc("GPU to analyse for: a GPU id from --list-archs (a100_sxm4_40gb), "
             "an sm_XX name (the GPU docs/arch.md says stands for it), or a "
             "path to an architecture file (*.yaml). Default: the compile "
             "command's architecture, else sm_80"),
    cl::init(""), cl::cat(Category));
static cl::alias GpuArchOld("gpu-arch", cl::desc("Same as --arch"),
                            cl::aliasopt(GpuArch));
static cl::opt<std::string> ArchDir(
    "arch-dir",
    cl::desc("A directory of your own architecture files (*.yaml), added to "
             "the built-in ones (an id already known replaces that GPU)"),
    cl::init(""), cl::cat(Category));
static cl::opt<bool> ListArchs(
    "list-archs", cl::desc("List the GPUs warplint knows and exit"),
    cl::cat(Category));

static cl::list<std::string> LaunchOpt(
    "launch",
    cl::desc("Launch configuration of a kernel: 'kernel: grid(X,Y) "
             "block(X,Y)'; may be repeated"),
    cl::cat(Category));

static cl::opt<std::string> AssumeOpt(
    "assume",
    cl::desc("What to assume of unknown values: 'n >= 1024, n % 32 == 0, "
             "width == 4096'"),
    cl::init(""), cl::cat(Category));

static cl::opt<bool> Summary(
    "summary",
    cl::desc("Print a readable summary of the extracted kernel facts "
             "instead of running the checks"),
    cl::cat(Category));
static cl::opt<bool> Estimate(
    "estimate",
    cl::desc("Print each kernel's estimates (occupancy, the CuMAPz memory "
             "performance estimate with its terms) instead of running the "
             "checks"),
    cl::cat(Category));
static cl::opt<std::string> ModelOpt(
    "model",
    cl::desc("Cycle model for --estimate and warplint-kernel-cost: auto (by "
             "the GPU, docs/models/hong-kim.md), hong-kim, wang-lou, "
             "cgpredict or mdm"),
    cl::init("auto"), cl::cat(Category));
static cl::list<std::string> CountsOpt(
    "counts",
    cl::desc("Per-thread instruction counts of a kernel, as a paper gives "
             "them, in place of the derived ones: 'kernel: comp=27 coal=0 "
             "uncoal=6 sync=6' (also uncoal_per_mw=, coal_per_mw=, "
             "load_bytes=); repeatable"),
    cl::cat(Category));
static cl::opt<unsigned> RegistersOpt(
    "registers",
    cl::desc("Registers per thread for occupancy (overrides -maxrregcount, "
             "__launch_bounds__ and the default of 32)"),
    cl::init(0), cl::cat(Category));
static cl::opt<std::string> CountsFrom(
    "counts-from",
    cl::desc("Where --estimate's instruction counts come from: source (the "
             "kernel facts, default) or ptx (the file compiled with nvcc "
             "--ptx; docs/models/instruction-counts.md)"),
    cl::init("source"), cl::cat(Category));
static cl::opt<bool> RegistersFromPtxas(
    "registers-from-ptxas",
    cl::desc("Take registers per thread and static shared memory from "
             "ptxas -v (runs nvcc)"),
    cl::cat(Category));
static cl::opt<std::string> NvccOpt(
    "nvcc",
    cl::desc("The nvcc for --counts-from=ptx and --registers-from-ptxas "
             "(default: the compile command's toolkit, else PATH)"),
    cl::init(""), cl::cat(Category));
static cl::opt<bool> PaperRounding(
    "paper-rounding",
    cl::desc("Round the Hong-Kim intermediates as the paper's Table 2 prints "
             "them"),
    cl::cat(Category));
static cl::opt<std::string> Format(
    "format",
    cl::desc("Output: text (as clang-tidy prints), json (findings and "
             "per-kernel estimates; docs/output-formats.md) or sarif (SARIF "
             "2.1.0)"),
    cl::init("text"), cl::cat(Category));
static cl::opt<unsigned> Jobs("j", cl::desc("Files analysed in parallel"),
                              cl::init(1), cl::cat(Category));
static cl::alias JobsLong("jobs", cl::aliasopt(Jobs));
static cl::opt<bool> Quiet(
    "quiet",
    cl::desc("Print only the findings: no progress, no 'N warnings "
             "generated' lines"),
    cl::cat(Category));
static cl::opt<std::string> DocsUrl(
    "docs-url",
    cl::desc("Base URL of the check pages, for SARIF help links (default: "
             "the docs/checks/ directory of this build's sources)"),
    cl::init(WARPLINT_DOCS_URL), cl::cat(Category));
static cl::opt<std::string> SarifRoot(
    "sarif-root",
    cl::desc("Directory SARIF locations are made relative to (default: the "
             "current directory)"),
    cl::init(""), cl::cat(Category));
static cl::opt<std::string> Baseline(
    "baseline",
    cl::desc("CI gate: compare with this JSON report (from --format=json) and "
             "fail (exit 1) on a regression; see docs/ci.md"),
    cl::value_desc("report.json"), cl::init(""), cl::cat(Category));
static cl::opt<double> GateThreshold(
    "gate-threshold",
    cl::desc("CI gate: the relative change in an estimate that counts as a "
             "regression (default 0.05)"),
    cl::init(0.05), cl::cat(Category));
static cl::opt<bool> GateChangedLaunch(
    "gate-changed-launch",
    cl::desc("CI gate: also compare kernels whose launch configuration "
             "changed"),
    cl::cat(Category));
static cl::opt<bool> ListChecks("list-checks",
                                cl::desc("List warplint's checks and exit"),
                                cl::cat(Category));
static cl::opt<bool> ChannelSkewOnHashed(
    "channel-skew-on-hashed",
    cl::desc("Model channel skew (CuMAPz eq. 4-5) also on GPUs whose memory "
             "partitions are address-hashed (2.0 and later)"),
    cl::cat(Category));
static cl::opt<bool> DumpFacts(
    "dump-facts",
    cl::desc("Print the kernel facts extracted from each file as JSON "
             "(schema: docs/facts-schema.md)"),
    cl::cat(Category));

static cl::opt<bool> Verbose(
    "verbose",
    cl::desc("Say which compile flags were translated or dropped, and the "
             "clang command line used"),
    cl::cat(Category));

static cl::opt<std::string> CudaSideOpt(
    "cuda-side", cl::init("device"),
    cl::desc("Which side of the CUDA compilation to parse: device (default) "
             "or host"),
    cl::cat(Category));

static cl::opt<std::string> DefaultGpuArch(
    "default-gpu-arch", cl::init("sm_80"),
    cl::desc("GPU architecture assumed when the compile command names none"),
    cl::cat(Category));

static cl::opt<bool> BuiltinHeaders(
    "builtin-cuda-headers",
    cl::desc("Always use warplint's built-in CUDA header, even when the "
             "compile command names a toolkit"),
    cl::cat(Category));

static cl::opt<std::string> BuildPath(
    "p", cl::value_desc("build dir"),
    cl::desc("The build directory holding compile_commands.json"),
    cl::cat(Category));

static cl::list<std::string> SourcePaths(cl::Positional,
                                         cl::desc("[<file> ...]"),
                                         cl::cat(Category));

static bool isCudaFile(StringRef F) {
  return F.ends_with(".cu") || F.ends_with(".cuh");
}

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

struct CheckRun {
  std::vector<clang::tidy::ClangTidyError> Errors;
  std::set<std::string> Unparsed;
};
} // namespace

/// The options provider of one run: --config, or .clang-tidy files, with
/// the command line's overrides. Null (and a message) on a bad option.
static std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
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
  if (!LaunchOpt.empty()) {
    std::string L;
    for (const std::string &E : LaunchOpt)
      L += (L.empty() ? "" : "; ") + E;
    Overrides.CheckOptions["Launch"] = ClangTidyOptions::ClangTidyValue(L);
  }
  std::string Err;
  auto P = makeWarplintOptionsProvider(FS, Overrides, Config, Err);
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

/// Runs the warplint checks through clang-tidy's engine, one file at a
/// time on each of --jobs threads; every thread has its own context and
/// file system. Errors come back in the order of \p Files.
static std::optional<CheckRun>
runChecks(const clang::tooling::CompilationDatabase &DB,
          const std::vector<std::string> &Files, const FrontendOptions &Opts,
          std::unique_ptr<clang::tidy::ClangTidyContext> &FirstContext) {
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
  auto Work = [&](unsigned T) {
    auto FS = makeBuiltinHeaderFileSystem();
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
      PerFile[I] = runClangTidy(*Contexts[T], *WDB, {Files[I]}, FS,
                                /*ApplyAnyFix=*/Fix || !ExportFixes.empty());
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
  if (Bad)
    return std::nullopt;
  if (!Contexts[0]) {
    auto Provider = makeProvider(makeBuiltinHeaderFileSystem());
    if (!Provider)
      return std::nullopt;
    Contexts[0] = std::make_unique<ClangTidyContext>(std::move(Provider));
  }
  CheckRun R;
  for (size_t I = 0; I < Files.size(); ++I)
    for (ClangTidyError &E : PerFile[I]) {
      if (E.DiagnosticName == "clang-diagnostic-error")
        R.Unparsed.insert(E.Message.FilePath.empty() ? Files[I]
                                                     : E.Message.FilePath);
      R.Errors.push_back(std::move(E));
    }
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

static std::vector<ReportFinding>
toFindings(const std::vector<clang::tidy::ClangTidyError> &Errors) {
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
    F.Loc = Lines.at(E.Message.FilePath, E.Message.FileOffset);
    for (const auto &N : E.Notes)
      F.Notes.push_back({N.Message, Lines.at(N.FilePath, N.FileOffset)});
    for (const auto &[File, Reps] : E.Message.Fix)
      for (const clang::tooling::Replacement &Rep : Reps) {
        ReportEdit Ed;
        Ed.Begin = Lines.at(Rep.getFilePath().str(), Rep.getOffset());
        Ed.End =
            Lines.at(Rep.getFilePath().str(), Rep.getOffset() + Rep.getLength());
        Ed.Offset = Rep.getOffset();
        Ed.Length = Rep.getLength();
        Ed.Text = Rep.getReplacementText().str();
        F.Fixes.push_back(std::move(Ed));
      }
    F.Numbers = findingNumbers(F.Check, F.Message);
    R.push_back(std::move(F));
  }
  return R;
}

/// The estimators over every kernel of every file. Returns false on a bad
/// option; files that cannot be analysed go to \p Problems.
/// --model, --counts, --registers, --paper-rounding into O; false after an
/// error message.
static bool parseModelOptions(EstimateOptions &O) {
  if (ModelOpt != "auto" && !parseHongKimVariant(ModelOpt)) {
    errs() << "warplint: error: --model must be auto, hong-kim, wang-lou, "
              "cgpredict or mdm, not '"
           << ModelOpt << "'\n";
    return false;
  }
  O.Model = ModelOpt;
  if (CountsFrom != "source" && CountsFrom != "ptx") {
    errs() << "warplint: error: --counts-from must be source or ptx, not '"
           << CountsFrom << "'\n";
    return false;
  }
  O.CountsFromPtx = CountsFrom == "ptx";
  O.PaperRounding = PaperRounding;
  if (RegistersOpt)
    O.RegistersPerThread = RegistersOpt.getValue();
  for (StringRef Spec : CountsOpt) {
    std::string Err;
    if (!parseGivenCounts(Spec, O.GivenCounts, Err)) {
      errs() << "warplint: error: --counts='" << Spec << "': " << Err << "\n";
      return false;
    }
  }
  return true;
}

static bool collectEstimates(const clang::tooling::CompilationDatabase &DB,
                             const std::vector<std::string> &Files,
                             const FrontendOptions &Opts,
                             std::vector<KernelEstimate> &All,
                             std::vector<FileProblem> &Problems) {
  std::vector<std::string> Bad;
  std::string L;
  for (const std::string &E : LaunchOpt)
    L += (L.empty() ? "" : "; ") + E;
  LaunchOptions LO = parseLaunchOption(L, Bad);
  EstimateOptions EO;
  EO.ChannelSkewOnHashed = ChannelSkewOnHashed;
  if (!parseModelOptions(EO))
    return false;
  if (!AssumeOpt.empty()) {
    std::string Err =
        sym::parseAssumptions(AssumeOpt, EO.Analysis.Enum.Assumptions);
    if (!Err.empty()) {
      errs() << "warplint: error: invalid --assume: " << Err << "\n";
      return false;
    }
  }
  for (const std::string &P : Bad)
    errs() << "warplint: error: invalid --launch: " << P << "\n";
  if (!Bad.empty())
    return false;
  std::set<std::string> Seen;
  extractFacts(DB, Files, Opts, [&](FileResult &R) {
    if (!R.Ok) {
      if (Seen.insert(R.File).second)
        Problems.push_back({R.File, "the file could not be parsed"});
      return;
    }
    std::string Sm = GpuArch;
    if (Sm.empty() && !R.Facts.Compile.GpuArchs.empty())
      Sm = R.Facts.Compile.GpuArchs.front();
    if (Sm.empty())
      Sm = Opts.DefaultGpuArch;
    Expected<SelectedArch> Arch = selectArch(Sm, ArchDir);
    if (!Arch) {
      std::string Err = toString(Arch.takeError());
      errs() << "warplint: error: " << R.Facts.File << ": " << Err << "\n";
      Problems.push_back({R.Facts.File, Err});
      return;
    }
    // nvcc, when asked for: the file's PTX and ptxas's resource usage.
    EstimateOptions FO = EO;
    if (EO.CountsFromPtx || RegistersFromPtxas) {
      PtxasRunOptions PO;
      PO.Nvcc = NvccOpt;
      PO.CudaPath = R.Facts.Compile.CudaPath;
      std::vector<std::string> Flags;
      std::vector<clang::tooling::CompileCommand> Cmds =
          DB.getCompileCommands(R.Facts.File);
      if (!Cmds.empty())
        Flags = ptxasRelevantFlags(Cmds.front().CommandLine);
      Expected<NvccFacts> N =
          nvccFactsFor(R.Facts.File, Arch->Arch.sm(), Flags, PO,
                       EO.CountsFromPtx, RegistersFromPtxas);
      if (!N) {
        std::string Err = toString(N.takeError());
        errs() << "warplint: error: " << R.Facts.File << ": " << Err << "\n";
        Problems.push_back({R.Facts.File, Err});
        return;
      }
      FO.Ptx = std::move(N->Ptx);
      FO.Ptxas = std::move(N->Ptxas);
    }
    for (const KernelFacts &K : R.Facts.Kernels) {
      std::vector<std::string> KP;
      EstimateOptions KO = FO;
      KO.MaxRegCount = R.Facts.Compile.MaxRegCount;
      for (const auto &[Name, A] : parseKernelAssumptions(K, KP))
        KO.Analysis.Enum.Assumptions[Name] = A;
      std::vector<LaunchConfig> Configs = resolveLaunchConfigs(K, LO, KP);
      for (const std::string &P : KP)
        errs() << "warplint: warning: " << K.Name << ": " << P << "\n";
      if (!Arch->Note.empty())
        for (LaunchConfig &C : Configs)
          C.Assumptions.push_back(Arch->Note);
      for (KernelEstimate &E :
           estimateKernel(K, Configs, Arch->Arch, Arch->Gpu, KO)) {
        E.File = R.Facts.File;
        All.push_back(std::move(E));
      }
    }
  });
  return true;
}

/// --baseline: 0 passed, 1 failed, 2 the baseline cannot be used.
static int runGate(const RunReport &Report) {
  auto Buf = MemoryBuffer::getFile(Baseline);
  if (!Buf) {
    errs() << "warplint: error: cannot read the baseline '" << Baseline
           << "': " << Buf.getError().message() << "\n";
    return 2;
  }
  Expected<json::Value> Base = json::parse((*Buf)->getBuffer());
  if (!Base) {
    errs() << "warplint: error: the baseline '" << Baseline
           << "' is not JSON: " << toString(Base.takeError()) << "\n";
    return 2;
  }
  GateOptions GO;
  GO.Threshold = GateThreshold;
  GO.IncludeChangedLaunch = GateChangedLaunch;
  std::string Err;
  GateResult G = compareReports(*Base, toJSONReport(Report), GO, Err);
  if (!Err.empty()) {
    errs() << "warplint: error: '" << Baseline << "': " << Err << "\n";
    return 2;
  }
  // The table goes where it does not mix with a machine-readable report.
  (Format == "text" ? outs() : errs()) << G.Table;
  return G.Failed ? 1 : 0;
}

static void printJSON(json::Value V) {
  outs() << formatv("{0:2}", V) << "\n";
}

int main(int argc, const char **argv) {
  // Compiler arguments after "--" make a fixed compile database, as in
  // clang-tidy; everything before is ours.
  std::string FixedError;
  std::unique_ptr<clang::tooling::CompilationDatabase> Fixed =
      clang::tooling::FixedCompilationDatabase::loadFromCommandLine(
          argc, argv, FixedError);
  cl::HideUnrelatedOptions(Category);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "warplint: a static performance analyzer for CUDA kernels\n\n"
          "  warplint [options] <file>... -- <compiler arguments>\n"
          "  warplint -p <build dir> [options] [<file>...]\n",
          &errs()))
    return 2;
  // A GPU named on the command line is checked once, here: an unknown name
  // or a broken file is a usage error (exit 2), not a warning per check.
  if (!GpuArch.empty() && !ListArchs) {
    Expected<SelectedArch> A = selectArch(GpuArch, ArchDir);
    if (!A) {
      errs() << "warplint: error: --arch=" << GpuArch << ": "
             << toString(A.takeError()) << "\n";
      return 2;
    }
  }
  if (!ArchDir.empty() && !ListArchs && GpuArch.empty()) {
    ArchDatabase Check = builtinArchDatabase();
    if (Error E = Check.addDirectory(ArchDir)) {
      errs() << "warplint: error: --arch-dir=" << ArchDir << ": "
             << toString(std::move(E)) << "\n";
      return 2;
    }
  }
  if (ListArchs) {
    const ArchDatabase *DB = &builtinArchDatabase();
    ArchDatabase WithUser;
    if (!ArchDir.empty()) {
      WithUser = *DB;
      if (Error E = WithUser.addDirectory(ArchDir)) {
        errs() << "warplint: error: " << toString(std::move(E)) << "\n";
        return 2;
      }
      DB = &WithUser;
    }
    std::map<const ArchSpec *, std::string> Sms;
    for (const auto &[Sm, A] : DB->smTable())
      Sms[A] += (Sms[A].empty() ? "" : " ") + Sm;
    outs() << formatv("{0,-22} {1,-4} {2,5} {3,9} {4,10}  {5}\n", "id", "cc",
                      "SMs", "MHz", "GB/s", "name [stands for]");
    for (const ArchSpec *A : DB->all())
      outs() << formatv("{0,-22} {1,-4} {2,5} {3,9} {4,10}  {5}{6}\n", A->Id,
                        std::to_string(A->Major) + "." + std::to_string(A->Minor),
                        A->SmCount,
                        A->CoreClockMHz ? formatv("{0:F0}", A->CoreClockMHz).str()
                                        : std::string("?"),
                        A->DramBandwidthGBs
                            ? formatv("{0:F1}", A->DramBandwidthGBs).str()
                            : std::string("?"),
                        A->Name,
                        Sms[A].empty() ? "" : " [" + Sms[A] + "]");
    return 0;
  }
  if (ListChecks) {
    for (const CheckInfo &C : checkCatalog())
      outs() << C.Name << ": " << C.Summary << "\n";
    return 0;
  }

  std::unique_ptr<clang::tooling::CompilationDatabase> Loaded;
  clang::tooling::CompilationDatabase *DB = nullptr;
  if (!BuildPath.empty()) {
    std::string Err;
    SmallString<256> JsonPath(BuildPath);
    sys::path::append(JsonPath, "compile_commands.json");
    if (sys::fs::exists(JsonPath)) {
      Loaded = clang::tooling::JSONCompilationDatabase::loadFromFile(
          JsonPath, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
      if (!Loaded) {
        errs() << "warplint: error: cannot read the compilation database '"
               << JsonPath << "': " << Err << "\n";
        return 2;
      }
    } else {
      Loaded = clang::tooling::CompilationDatabase::loadFromDirectory(
          BuildPath, Err);
      if (!Loaded) {
        errs() << "warplint: error: no compilation database "
                  "(compile_commands.json or compile_flags.txt) in '"
               << BuildPath << "'\n";
        return 2;
      }
    }
    DB = Loaded.get();
  } else if (Fixed) {
    DB = Fixed.get();
  } else if (!SourcePaths.empty()) {
    std::string Err;
    Loaded = clang::tooling::CompilationDatabase::autoDetectFromSource(
        SourcePaths.front(), Err);
    if (!Loaded) {
      errs() << "warplint: error: no compilation database found for '"
             << SourcePaths.front()
             << "' (searched its directory and the ones above); pass -p "
                "<build dir>, or compiler arguments after '--' (a bare '--' "
                "is fine)\n";
      return 2;
    }
    DB = Loaded.get();
  } else {
    errs() << "warplint: error: no input: name files, or a build directory "
              "with -p (see --help)\n";
    return 2;
  }

  FrontendOptions Opts;
  Opts.Verbose = Verbose;
  // clang prints "N warnings generated" only with carets on; our own
  // diagnostics are printed by clang-tidy's reporter, which keeps them.
  if (Quiet)
    Opts.ExtraArgs.push_back("-fno-caret-diagnostics");
  Opts.DefaultGpuArch = DefaultGpuArch;
  Opts.ForceBuiltinHeaders = BuiltinHeaders;
  if (CudaSideOpt == "device") {
    Opts.Side = CudaSide::Device;
  } else if (CudaSideOpt == "host") {
    Opts.Side = CudaSide::Host;
  } else {
    errs() << "warplint: error: --cuda-side must be 'device' or 'host', not '"
           << CudaSideOpt << "'\n";
    return 2;
  }
  if (!StringRef(DefaultGpuArch).starts_with("sm_")) {
    errs() << "warplint: error: --default-gpu-arch must name an sm_XX "
              "architecture, not '"
           << DefaultGpuArch << "'\n";
    return 2;
  }

  std::vector<std::string> Files(SourcePaths.begin(), SourcePaths.end());
  if (Files.empty()) {
    // Every CUDA file of the compile database.
    for (const std::string &F : DB->getAllFiles())
      if (isCudaFile(F))
        Files.push_back(F);
    std::sort(Files.begin(), Files.end());
    if (Files.empty()) {
      errs() << "warplint: error: no input files, and the compilation "
                "database names no .cu file\n";
      return 2;
    }
  }

  // A file that is not there is an input error; the others go on. Names
  // are made absolute, as compile databases key their entries.
  bool Missing = false;
  std::vector<std::string> Present;
  for (const std::string &F : Files) {
    SmallString<256> P(F);
    sys::fs::make_absolute(P);
    sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    if (sys::fs::exists(P)) {
      Present.push_back(std::string(P));
      continue;
    }
    errs() << "warplint: error: '" << F << "': no such file\n";
    Missing = true;
  }
  Files = std::move(Present);
  if (Files.empty())
    return 2;

  if (Format != "text" && Format != "json" && Format != "sarif") {
    errs() << "warplint: error: --format must be 'text', 'json' or 'sarif', "
              "not '"
           << Format << "'\n";
    return 2;
  }
  if (Fix && Format != "text") {
    errs() << "warplint: error: --fix prints what it applies as text; use "
              "--export-fixes with --format="
           << Format << "\n";
    return 2;
  }

  if (Estimate) {
    RunReport Report;
    Report.ToolVersion = WARPLINT_VERSION;
    if (!collectEstimates(*DB, Files, Opts, Report.Kernels, Report.Problems))
      return 2;
    if (Format == "json")
      printJSON(toJSONReport(Report));
    else if (Format == "sarif") {
      errs() << "warplint: error: --estimate has no SARIF form; use "
                "--format=json\n";
      return 2;
    } else
      outs() << renderEstimateText(Report.Kernels);
    return !Report.Problems.empty() || Missing ? 2 : 0;
  }

  if (DumpFacts || Summary) {
    json::Array JsonFiles;
    unsigned Failed = extractFacts(*DB, Files, Opts, [&](FileResult &R) {
      if (!R.Ok)
        return;
      if (DumpFacts)
        JsonFiles.push_back(toJSON(R.Facts));
      else
        outs() << renderFactsText(R.Facts);
    });
    if (DumpFacts) {
      json::Object Root{{"schema_version", FactsSchemaVersion},
                        {"files", std::move(JsonFiles)}};
      printJSON(json::Value(std::move(Root)));
    }
    return Failed || Missing ? 2 : 0;
  }

  // The checks.
  std::unique_ptr<clang::tidy::ClangTidyContext> Context;
  std::optional<CheckRun> Run = runChecks(*DB, Files, Opts, Context);
  if (!Run)
    return 2;
  unsigned WarningsAsErrorsCount = 0;
  for (const clang::tidy::ClangTidyError &E : Run->Errors)
    if (E.IsWarningAsError)
      ++WarningsAsErrorsCount;
  if (Format == "text") {
    unsigned Counted = 0;
    clang::tidy::handleErrors(Run->Errors, *Context,
                              Fix ? clang::tidy::FB_Fix : clang::tidy::FB_NoFix,
                              Counted, makeBuiltinHeaderFileSystem());
  }
  if (!ExportFixes.empty()) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(ExportFixes, EC, llvm::sys::fs::OF_None);
    if (EC) {
      errs() << "warplint: error: cannot write '" << ExportFixes
             << "': " << EC.message() << "\n";
      return 2;
    }
    clang::tidy::exportReplacements(Files.front(), Run->Errors, OS);
  }
  RunReport Report;
  Report.ToolVersion = WARPLINT_VERSION;
  for (const std::string &F : Run->Unparsed)
    Report.Problems.push_back(
        {F, "the file could not be parsed; it was not analysed"});
  if (Format != "text" || !Baseline.empty()) {
    // Compiler errors are in Problems; the findings are the checks'.
    std::vector<clang::tidy::ClangTidyError> Mine;
    for (const clang::tidy::ClangTidyError &E : Run->Errors)
      if (!StringRef(E.DiagnosticName).starts_with("clang-diagnostic-"))
        Mine.push_back(E);
    Report.Findings = toFindings(Mine);
    std::vector<FileProblem> Ignored;
    if (!collectEstimates(*DB, Files, Opts, Report.Kernels, Ignored))
      return 2;
  }
  int RC = 0;
  if (!Baseline.empty())
    RC = runGate(Report);
  if (Format == "json")
    printJSON(toJSONReport(Report));
  else if (Format == "sarif") {
    SarifOptions SO;
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    SO.SourceRoot = SarifRoot.empty() ? std::string(Cwd) : SarifRoot;
    SO.DocsBase = DocsUrl;
    printJSON(toSarif(Report, SO));
  }
  for (const std::string &F : Run->Unparsed)
    errs() << "warplint: error: '" << (F.empty() ? "(command line)" : F)
           << "' could not be parsed; it was not analysed\n";
  if (!Run->Unparsed.empty() || Missing || RC == 2)
    return 2;
  if (RC == 1 || WarningsAsErrorsCount)
    return 1;
  return 0;
}
