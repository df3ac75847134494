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
#include "WarplintTool.h"
#include "Options.h"
#include "Arch/ArchSelect.h"
#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Symbolic/Assumptions.h"
#include "Analysis/TranslationUnitAnalysis.h"
#include "Frontend/CompileFlags.h"
#include "Frontend/Tooling.h"
#include "Report/EstimateText.h"
#include "Report/FactsText.h"
#include "Report/Findings.h"
#include "Report/MachineReport.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/GlobList.h"
#include "clang/Basic/Stack.h"
#include "llvm/Config/llvm-config.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <set>

using namespace llvm;
using namespace warplint;
using namespace warplint::cli;

// Keeps the statically linked check module (checks/WarpLintModule.cpp).
extern volatile int WarpLintModuleAnchorSource;
[[maybe_unused]] static int WarpLintModuleAnchorDestination =
    WarpLintModuleAnchorSource;

static bool isCudaFile(StringRef F) {
  return F.ends_with(".cu") || F.ends_with(".cuh");
}

/// A report, to --output or the standard output. False after an error.
bool writeReport(StringRef Text) {
  if (OutputFile.empty()) {
    outs() << Text;
    return true;
  }
  return writeOutputFile(OutputFile, "--output",
                         [&](raw_ostream &OS) { OS << Text; });
}

static bool printJSON(json::Value V) {
  std::string S;
  raw_string_ostream OS(S);
  OS << formatv("{0:2}", V) << "\n";
  return writeReport(OS.str());
}

/// A GPU named on the command line is checked once, here: an unknown name
/// or a broken file is a usage error (exit 2), not a warning per check.
/// False after an error message.
static bool checkArchOptions() {
  if (!GpuArch.empty() && !ListArchs) {
    Expected<SelectedArch> A = selectArch(GpuArch, ArchDir);
    if (!A) {
      errs() << "warplint: error: --arch=" << GpuArch << ": "
             << toString(A.takeError()) << "\n";
      return false;
    }
  }
  if (!ArchDir.empty() && !ListArchs && GpuArch.empty()) {
    ArchDatabase Check = builtinArchDatabase();
    if (Error E = Check.addDirectory(ArchDir)) {
      errs() << "warplint: error: --arch-dir=" << ArchDir << ": "
             << toString(std::move(E)) << "\n";
      return false;
    }
  }
  return true;
}

/// --list-archs: the built-in GPUs and those of --arch-dir.
static int listArchs() {
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

/// The compile database: -p's, else the compiler arguments after "--"
/// (\p Fixed), else the one found above the first file. Null after an
/// error message; \p Loaded owns what was read.
static clang::tooling::CompilationDatabase *
loadDatabase(clang::tooling::CompilationDatabase *Fixed,
             std::unique_ptr<clang::tooling::CompilationDatabase> &Loaded) {
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
        return nullptr;
      }
    } else {
      Loaded = clang::tooling::CompilationDatabase::loadFromDirectory(
          BuildPath, Err);
      if (!Loaded) {
        errs() << "warplint: error: no compilation database "
                  "(compile_commands.json or compile_flags.txt) in '"
               << BuildPath << "'\n";
        return nullptr;
      }
    }
    return Loaded.get();
  }
  if (Fixed)
    return Fixed;
  if (!SourcePaths.empty()) {
    std::string Err;
    Loaded = clang::tooling::CompilationDatabase::autoDetectFromSource(
        SourcePaths.front(), Err);
    if (!Loaded) {
      // As clang-tidy ("running without flags"), with the flags a CUDA
      // file of a repository usually needs.
      if (!Quiet)
        errs() << "warplint: note: no compilation database found for '"
               << SourcePaths.front()
               << "' (searched its directory and the ones above); using its "
                  "directory and the repository's include directories "
                  "(docs/pre-commit.md); pass -p <build dir>, --extra-arg, "
                  "or compiler arguments after '--'\n";
      Loaded = makeFallbackDatabase();
    }
    return Loaded.get();
  }
  errs() << "warplint: error: no input: name files, or a build directory "
            "with -p (see --help)\n";
  return nullptr;
}

/// --verbose, --quiet, --default-gpu-arch, --builtin-cuda-headers and
/// --cuda-side into \p Opts; false after an error message.
static bool makeFrontendOptions(FrontendOptions &Opts) {
  Opts.Verbose = Verbose;
  // clang prints "N warnings generated" only with carets on; our own
  // diagnostics are printed by clang-tidy's reporter, which keeps them.
  if (Quiet)
    Opts.ExtraArgs.push_back("-fno-caret-diagnostics");
  Opts.DefaultGpuArch = DefaultGpuArch;
  Opts.DeviceFor = hostDeviceFor;
  Opts.ForceBuiltinHeaders = BuiltinHeaders;
  Opts.UserArgsBefore.assign(ExtraArgBefore.begin(), ExtraArgBefore.end());
  Opts.UserArgsAfter.assign(ExtraArg.begin(), ExtraArg.end());
  if (CudaSideOpt == "device") {
    Opts.Side = CudaSide::Device;
  } else if (CudaSideOpt == "host") {
    Opts.Side = CudaSide::Host;
  } else {
    errs() << "warplint: error: --cuda-side must be 'device' or 'host', not '"
           << CudaSideOpt << "'\n";
    return false;
  }
  if (!StringRef(DefaultGpuArch).starts_with("sm_")) {
    errs() << "warplint: error: --default-gpu-arch must name an sm_XX "
              "architecture, not '"
           << DefaultGpuArch << "'\n";
    return false;
  }
  return true;
}

/// The files to analyse, made absolute: those named, else every CUDA file
/// of the compile database. \p Missing: some named file is not there (said
/// here). False when nothing is left to analyse.
static bool inputFiles(const clang::tooling::CompilationDatabase &DB,
                       std::vector<std::string> &Files, bool &Missing) {
  Files.assign(SourcePaths.begin(), SourcePaths.end());
  if (Files.empty()) {
    // Every CUDA file of the compile database.
    for (const std::string &F : DB.getAllFiles())
      if (isCudaFile(F))
        Files.push_back(F);
    std::sort(Files.begin(), Files.end());
    if (Files.empty()) {
      errs() << "warplint: error: no input files, and the compilation "
                "database names no .cu file\n";
      return false;
    }
  }

  // A file that is not there is an input error; the others go on. Names
  // are made absolute, as compile databases key their entries.
  Missing = false;
  std::vector<std::string> Present;
  for (const std::string &F : Files) {
    SmallString<256> P(F);
    sys::fs::make_absolute(P);
    sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    if (sys::fs::exists(P)) {
      // --fix writes a new file and renames it over the old one: through
      // a symbolic link that would replace the link. The link's target is
      // analysed and fixed instead (and named in the output).
      SmallString<256> Real;
      if (Fix && sys::fs::is_symlink_file(P) && !sys::fs::real_path(P, Real))
        P = Real;
      // A compile command that runs in a directory that is not there:
      // clang's tooling would abort on it ("Cannot chdir"); this entry is
      // an error, the other files go on.
      std::vector<clang::tooling::CompileCommand> Cmds =
          DB.getCompileCommands(P);
      if (!Cmds.empty() && !Cmds.front().Directory.empty() &&
          !sys::fs::is_directory(Cmds.front().Directory)) {
        errs() << "warplint: error: '" << F
               << "': its compile command runs in the directory '"
               << Cmds.front().Directory
               << "', which does not exist; it was not analysed\n";
        Missing = true;
        continue;
      }
      Present.push_back(std::string(P));
      continue;
    }
    errs() << "warplint: error: '" << F << "': no such file\n";
    Missing = true;
  }
  Files = std::move(Present);
  return !Files.empty();
}

/// --estimate: the estimates instead of the checks.
static int printEstimates(const clang::tooling::CompilationDatabase &DB,
                          const std::vector<std::string> &Files,
                          const FrontendOptions &Opts, bool Missing) {
  RunReport Report;
  Report.ToolVersion = WARPLINT_VERSION;
  std::set<std::string> ValueNames;
  if (!collectEstimates(DB, Files, Opts, Report.Kernels, Report.Problems,
                        nullptr, &ValueNames))
    return 2;
  if (Format == "json") {
    if (!printJSON(toJSONReport(Report)))
      return 2;
  } else if (Format == "sarif" || Format == "html") {
    errs() << "warplint: error: --estimate has no " << Format
           << " form; use --format=json"
           << (Format == "html" ? ", or --format=html without --estimate (the "
                                  "page holds the estimates)"
                                : "")
           << "\n";
    return 2;
  } else
    outs() << renderEstimateText(Report.Kernels);
  std::set<std::string> Defined;
  for (const KernelEstimate &K : Report.Kernels) {
    Defined.insert(K.Kernel);
    Defined.insert(K.Kernel.substr(0, K.Kernel.find('<')));
  }
  const bool LaunchOk = Report.Kernels.empty() || reportUnknownLaunchKernels(Defined);
  // As in checks mode: an --assume name no analysed kernel has is an error.
  const bool AssumeOk = AssumeOpt.empty() || Report.Kernels.empty() ||
                        reportUnknownAssumeNames(ValueNames);
  return !Report.Problems.empty() || Missing || !LaunchOk || !AssumeOk ? 2
                                                                       : 0;
}

/// --dump-facts and --summary: the kernel facts instead of the checks.
static int printFacts(const clang::tooling::CompilationDatabase &DB,
                      const std::vector<std::string> &Files,
                      const FrontendOptions &Opts, bool Missing) {
  json::Array JsonFiles;
  unsigned Failed = extractFacts(DB, Files, Opts, [&](FileResult &R) {
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
    if (!printJSON(json::Value(std::move(Root))))
      return 2;
  }
  return Failed || Missing ? 2 : 0;
}

/// Where warplint was started: the repository root (SARIF's SRCROOT) and
/// the working directory (the paths the user names are taken against it).
static struct {
  std::string Repository, Cwd;
} Roots;

std::string startDirectory() { return Roots.Cwd; }

/// The checks, their findings in the --format asked for, the fixes and the
/// CI gate.
static int checkAndReport(const clang::tooling::CompilationDatabase &DB,
                          const std::vector<std::string> &Files,
                          const FrontendOptions &Opts, bool Missing) {
  std::unique_ptr<clang::tidy::ClangTidyContext> Context;
  const auto Start = std::chrono::steady_clock::now();
  bool FixFailed = false;
  // The estimates of a JSON or SARIF report and the gate reuse the facts
  // the checks extracted.
  const bool NeedEstimates = Format != "text" || !Baseline.empty();
  // The facts also say which kernel each finding is in.
  std::optional<CheckRun> Run =
      runChecks(DB, Files, Opts, Context, /*KeepFacts=*/true);
  if (!Run)
    return 2;
  const KernelAt Kernel = kernelsOf(Run->Facts);
  unsigned Merged = 0;
  std::vector<clang::tidy::ClangTidyError> Shown;
  unsigned WarningsAsErrorsCount = 0;
  for (const clang::tidy::ClangTidyError &E : Run->Errors)
    if (E.IsWarningAsError)
      ++WarningsAsErrorsCount;
  if (Format == "text") {
    unsigned Counted = 0;
    Shown = readableFindings(Run->Errors, Kernel, Merged);
    // --fix: every file a fix changes must be writable, or none is changed;
    // each keeps its permissions (clang's rewriter replaces the file).
    std::map<std::string, sys::fs::perms> Modes;
    const bool Fixing = Fix && fixedFilesWritable(Shown, Modes);
    FixFailed = Fix && !Fixing;
    clang::tidy::handleErrors(Shown, *Context,
                              Fixing ? clang::tidy::FB_FixNotes : clang::tidy::FB_NoFix,
                              Counted, makeBuiltinHeaderFileSystem());
    for (const auto &[File, Mode] : Modes)
      sys::fs::setPermissions(File, Mode);
  }
  if (!ExportFixes.empty()) {
    if (!writeOutputFile(ExportFixes, "--export-fixes", [&](raw_ostream &OS) {
          clang::tidy::exportReplacements(Files.front(), Run->Errors, OS);
        }))
      return 2;
  }
  RunReport Report;
  Report.ToolVersion = WARPLINT_VERSION;
  for (const std::string &F : Run->Unparsed) {
    auto P = Run->Partial.find(F);
    Report.Problems.push_back(
        {F, P != Run->Partial.end() ? P->second
                                    : "the file could not be parsed; it was not analysed"});
  }
  if (NeedEstimates) {
    // Compiler errors are in Problems; the findings are the checks'.
    std::vector<clang::tidy::ClangTidyError> Mine;
    for (const clang::tidy::ClangTidyError &E : Run->Errors)
      if (!StringRef(E.DiagnosticName).starts_with("clang-diagnostic-"))
        Mine.push_back(E);
    Report.Findings = toFindings(Mine, Kernel);
    std::vector<FileProblem> Ignored;
    if (!collectEstimates(DB, Files, Opts, Report.Kernels, Ignored,
                          &Run->Facts))
      return 2;
  }
  int RC = 0;
  if (!Baseline.empty())
    RC = runGate(Report);
  if (Format == "json") {
    if (!printJSON(toJSONReport(Report)))
      return 2;
  } else if (Format == "html") {
    std::optional<std::string> Page = renderHtml(Report, Run->Facts, Opts);
    if (!Page || !writeReport(*Page))
      return 2;
  } else if (Format == "sarif") {
    SarifOptions SO;
    SmallString<256> Root(SarifRoot.empty() ? Roots.Repository : SarifRoot);
    sys::fs::make_absolute(Roots.Cwd, Root);
    sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
    SO.SourceRoot = std::string(Root);
    SO.DocsBase = DocsUrl;
    SO.ProblemsAreWarnings = ParseErrors == "report";
    if (!printJSON(toSarif(Report, SO)))
      return 2;
  }
  // After the findings, with the other errors.
  bool LaunchOk = true;
  if (!LaunchOpt.empty()) {
    std::set<std::string> Defined;
    bool AnyFacts = false;
    for (const auto &F : Run->Facts)
      if (F) {
        AnyFacts = true;
        addKernelNames(*F, Defined);
      }
    LaunchOk = !AnyFacts || reportUnknownLaunchKernels(Defined);
  }
  if (haveAssumptions()) {
    std::set<std::string> Known;
    bool AnyFacts = false;
    for (const auto &F : Run->Facts)
      if (F) {
        AnyFacts = true;
        addValueNames(*F, Known);
      }
    LaunchOk = (!AnyFacts || reportUnknownAssumeNames(Known)) && LaunchOk;
  }
  outs().flush(); // the findings before the errors and the summary
  const bool ParseErrorsFail = ParseErrors != "report";
  for (const std::string &F : Run->Unparsed) {
    auto P = Run->Partial.find(F);
    const char *Kind = ParseErrorsFail ? "error" : "warning";
    if (P != Run->Partial.end())
      errs() << "warplint: " << Kind << ": " << P->second << "\n";
    else
      errs() << "warplint: " << Kind << ": '"
             << (F.empty() ? "(command line)" : F)
             << "' could not be parsed; it was not analysed\n";
  }
  if (Format == "text" && Files.size() > 1 && !Quiet) {
    double Seconds = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - Start)
                         .count();
    printRunSummary(*Run, Shown, Merged, Kernel, Files, Seconds,
                    ParseErrorsFail, outs());
    outs().flush();
  }
  if ((!Run->Unparsed.empty() && ParseErrorsFail) || Missing || RC == 2 ||
      !LaunchOk || FixFailed)
    return 2;
  if (RC == 1 || WarningsAsErrorsCount)
    return 1;
  return 0;
}

/// --config-file: its text becomes --config (both at once is an error).
static bool readConfigFile() {
  if (ConfigFile.empty())
    return true;
  if (!Config.empty()) {
    errs() << "warplint: error: --config and --config-file are exclusive\n";
    return false;
  }
  auto Text = MemoryBuffer::getFile(ConfigFile);
  if (!Text) {
    errs() << "warplint: error: cannot read --config-file='" << ConfigFile
           << "': " << Text.getError().message() << "\n";
    return false;
  }
  Config = (*Text)->getBuffer().str();
  return true;
}

int main(int argc, const char **argv) {
  clang::noteBottomOfStack(); // see RunChecks.cpp's workers
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "warplint " << WARPLINT_VERSION << "\n  built with LLVM "
       << LLVM_VERSION_STRING << "\n";
  });
  if (argc > 1 && StringRef(argv[1]) == "--launcher")
    return runAsLauncher(argc, argv);
  // Before any file is analysed.
  Roots.Repository = repositoryRoot();
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  Roots.Cwd = std::string(Cwd);
  // Compiler arguments after "--" make a fixed compile database, as in
  // clang-tidy; everything before is ours. A whole command after "--"
  // (its compiler first, as CMake hands it to clang-tidy) is used as it is,
  // an nvcc one translated.
  std::string FixedError;
  std::unique_ptr<clang::tooling::CompilationDatabase> Fixed;
  for (int I = 1; I + 1 < argc; ++I)
    if (StringRef(argv[I]) == "--") {
      if (isCompilerName(argv[I + 1])) {
        Fixed = makeCommandDatabase(
            std::vector<std::string>(argv + I + 1, argv + argc));
        argc = I;
      } else if (std::vector<std::string> Flags(argv + I + 1, argv + argc);
                 hasNvccOnlyFlag(Flags)) {
        // nvcc's flags without the compiler (`-- -arch=sm_90 -gencode
        // arch=compute_90,code=sm_90`): kept whole (clang's tooling would
        // take `arch=...` for an input file), translated as nvcc's.
        Flags.insert(Flags.begin(), "clang-tool");
        Fixed = makeCommandDatabase(std::move(Flags));
        argc = I;
      }
      break;
    }
  if (!Fixed)
    Fixed = clang::tooling::FixedCompilationDatabase::loadFromCommandLine(
        argc, argv, FixedError);
  cl::HideUnrelatedOptions(Category);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "warplint: a static performance analyzer for CUDA kernels\n\n"
          "  warplint [options] <file>... -- <compiler arguments>\n"
          "  warplint -p <build dir> [options] [<file>...]\n",
          &errs()))
    return 2;
  resolveUserPaths(Roots.Cwd);
  for (const std::string &A : AssumeList)
    AssumeOpt += (AssumeOpt.empty() ? "" : ", ") + A;
  if (!checkArchOptions())
    return 2;
  if (ListArchs)
    return listArchs();
  if (!readConfigFile())
    return 2;
  std::vector<clang::tidy::FileFilter> Lines;
  std::vector<std::string> Changed;
  if (!makeLineFilter(Lines, Changed))
    return 2;
  setLineFilter(Lines);
  if (ListChecks)
    return listChecks();
  if (DumpConfig)
    return dumpConfig();
  if (ExplainConfig)
    return explainConfig();
  if (VerifyConfig)
    return verifyConfig();

  std::unique_ptr<clang::tooling::CompilationDatabase> Loaded;
  clang::tooling::CompilationDatabase *DB = loadDatabase(Fixed.get(), Loaded);
  if (!DB)
    return 2;
  FrontendOptions Opts;
  if (!makeFrontendOptions(Opts))
    return 2;
  // With a compile database, a launcher's parameters follow the calls the
  // other files of its program make to it.
  if (DB != Fixed.get())
    enableExternalCalls(*DB, Opts);
  std::vector<std::string> Files;
  bool Missing = false;
  if (!inputFiles(*DB, Files, Missing))
    return 2;
  if ((!DiffRev.empty() || !DiffFile.empty()) && SourcePaths.empty() &&
      !onlyChanged(Files, Changed))
    return Missing ? 2 : 0;
  if (!checkOutputOptions() || !checkFileOptions(Files) ||
      !checkOutputPaths(*DB, Files) || !checkLaunchOption() ||
      !checkConfigFiles(Files))
    return 2;

  if (!ExplainAt.empty())
    return explainAccess(*DB, Files, Opts, ExplainAt);
  if (Explore)
    return exploreKernels(*DB, Files, Opts);
  if (!PortFunction.empty())
    return portFunction(*DB, Files, Opts);
  if (Estimate)
    return printEstimates(*DB, Files, Opts, Missing);
  if (DumpFacts || Summary)
    return printFacts(*DB, Files, Opts, Missing);
  return checkAndReport(*DB, Files, Opts, Missing);
}
