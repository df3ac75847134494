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
#include "../../checks/CheckSupport.h"
#include "Frontend/Tooling.h"
#include "Model/Estimate.h"
#include "Report/EstimateText.h"
#include "Report/FactsText.h"
#include "Symbolic/Assumptions.h"

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
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <set>

using namespace llvm;
using namespace warplint;

static cl::OptionCategory Category("warplint options");

// Keeps the statically linked check module (checks/WarpLintModule.cpp).
extern volatile int WarpLintModuleAnchorSource;
[[maybe_unused]] static int WarpLintModuleAnchorDestination =
    WarpLintModuleAnchorSource;

static cl::opt<std::string> Checks(
    "checks",
    cl::desc("Checks to run, as in clang-tidy (default: warplint-*; a "
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
    "gpu-arch",
    cl::desc("GPU to analyse for, as sm_XX (default: the compile command's "
             "architecture, else sm_80)"),
    cl::init(""), cl::cat(Category));

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
static cl::opt<std::string> Format(
    "format", cl::desc("Output format of --estimate: text or json"),
    cl::init("text"), cl::cat(Category));
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

/// Runs the warplint checks through clang-tidy's engine, so that output,
/// NOLINT, fixes and .clang-tidy files behave exactly as in clang-tidy.
static int runChecks(const clang::tooling::CompilationDatabase &DB,
                     const std::vector<std::string> &Files,
                     const FrontendOptions &Opts) {
  using namespace clang::tidy;
  auto FS = makeBuiltinHeaderFileSystem();
  std::unique_ptr<clang::tooling::CompilationDatabase> WDB =
      makeWarplintCompilations(DB, Opts);

  ClangTidyGlobalOptions Global;
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,warplint-*";
  ClangTidyOptions Overrides;
  if (!Checks.empty())
    Overrides.Checks = Checks;
  if (!WarningsAsErrors.empty())
    Overrides.WarningsAsErrors = WarningsAsErrors;
  if (!HeaderFilter.empty())
    Overrides.HeaderFilterRegex = HeaderFilter;
  if (!GpuArch.empty())
    Overrides.CheckOptions["GpuArch"] = ClangTidyOptions::ClangTidyValue(GpuArch);
  if (!AssumeOpt.empty()) {
    std::map<std::string, sym::Assumption> Check;
    std::string Err = sym::parseAssumptions(AssumeOpt, Check);
    if (!Err.empty()) {
      errs() << "warplint: error: invalid --assume: " << Err << "\n";
      return 2;
    }
    Overrides.CheckOptions["Assume"] = ClangTidyOptions::ClangTidyValue(AssumeOpt);
  }
  if (!LaunchOpt.empty()) {
    std::string L;
    for (const std::string &E : LaunchOpt)
      L += (L.empty() ? "" : "; ") + E;
    for (const char *C : {"warplint-uncoalesced-access", "warplint-bank-conflict"})
      Overrides.CheckOptions[std::string(C) + ".Launch"] =
          ClangTidyOptions::ClangTidyValue(L);
  }
  std::unique_ptr<ClangTidyOptionsProvider> Provider;
  if (!Config.empty()) {
    auto Parsed = parseConfiguration(llvm::MemoryBufferRef(Config, "--config"));
    if (!Parsed) {
      errs() << "warplint: error: invalid --config: " << Parsed.getError().message()
             << "\n";
      return 2;
    }
    Provider = std::make_unique<ConfigOptionsProvider>(
        Global, Defaults, std::move(*Parsed), Overrides, FS);
  } else {
    Provider = std::make_unique<FileOptionsProvider>(Global, Defaults,
                                                     Overrides, FS);
  }
  ClangTidyContext Context(std::move(Provider));
  std::vector<ClangTidyError> Errors =
      runClangTidy(Context, *WDB, Files, FS, /*ApplyAnyFix=*/Fix || !ExportFixes.empty());
  std::set<std::string> Unparsed;
  for (const ClangTidyError &E : Errors)
    if (E.DiagnosticName == "clang-diagnostic-error")
      Unparsed.insert(E.Message.FilePath);
  unsigned WarningsAsErrorsCount = 0;
  handleErrors(Errors, Context, Fix ? FB_Fix : FB_NoFix, WarningsAsErrorsCount,
               FS);
  if (!ExportFixes.empty() && !Errors.empty()) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(ExportFixes, EC, llvm::sys::fs::OF_None);
    if (EC) {
      errs() << "warplint: error: cannot write '" << ExportFixes
             << "': " << EC.message() << "\n";
      return 2;
    }
    exportReplacements(Files.front(), Errors, OS);
  }
  for (const std::string &F : Unparsed)
    errs() << "warplint: error: '" << (F.empty() ? "(command line)" : F)
           << "' could not be parsed; it was not analysed\n";
  if (!Unparsed.empty())
    return 2;
  return WarningsAsErrorsCount ? 1 : 0;
}

/// --estimate: the estimators over every kernel of every file. Returns the
/// number of files that could not be analysed.
static unsigned runEstimate(const clang::tooling::CompilationDatabase &DB,
                            const std::vector<std::string> &Files,
                            const FrontendOptions &Opts) {
  std::vector<std::string> Problems;
  std::string L;
  for (const std::string &E : LaunchOpt)
    L += (L.empty() ? "" : "; ") + E;
  LaunchOptions LO = checks::parseLaunchOption(L, Problems);
  EstimateOptions EO;
  EO.ChannelSkewOnHashed = ChannelSkewOnHashed;
  if (!AssumeOpt.empty()) {
    std::string Err =
        sym::parseAssumptions(AssumeOpt, EO.Analysis.Enum.Assumptions);
    if (!Err.empty()) {
      errs() << "warplint: error: invalid --assume: " << Err << "\n";
      return 1;
    }
  }
  for (const std::string &P : Problems)
    errs() << "warplint: error: invalid --launch: " << P << "\n";
  if (!Problems.empty())
    return 1;
  std::vector<KernelEstimate> All;
  unsigned Bad = 0;
  unsigned Failed = extractFacts(DB, Files, Opts, [&](FileResult &R) {
    if (!R.Ok)
      return;
    std::string Sm = GpuArch;
    if (Sm.empty() && !R.Facts.Compile.GpuArchs.empty())
      Sm = R.Facts.Compile.GpuArchs.front();
    if (Sm.empty())
      Sm = Opts.DefaultGpuArch;
    std::string Err;
    std::optional<GpuModel> Gpu = gpuModelFor(Sm, Err);
    if (!Gpu) {
      errs() << "warplint: error: " << R.Facts.File << ": " << Err << "\n";
      ++Bad;
      return;
    }
    for (const KernelFacts &K : R.Facts.Kernels) {
      std::vector<std::string> KP;
      EstimateOptions KO = EO;
      for (const auto &[Name, A] : parseKernelAssumptions(K, KP))
        KO.Analysis.Enum.Assumptions[Name] = A;
      std::vector<LaunchConfig> Configs = resolveLaunchConfigs(K, LO, KP);
      for (const std::string &P : KP)
        errs() << "warplint: warning: " << K.Name << ": " << P << "\n";
      for (KernelEstimate &E : estimateKernel(K, Configs, *Gpu, KO))
        All.push_back(std::move(E));
    }
  });
  if (Format == "json") {
    json::Array Kernels;
    for (const KernelEstimate &E : All)
      Kernels.push_back(toJSON(E));
    json::Object Root{{"schema_version", 1}, {"kernels", std::move(Kernels)}};
    outs() << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
  } else {
    outs() << renderEstimateText(All);
  }
  return Failed + Bad;
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

  if (Format != "text" && Format != "json") {
    errs() << "warplint: error: --format must be 'text' or 'json', not '"
           << Format << "'\n";
    return 2;
  }
  if (Estimate)
    return runEstimate(*DB, Files, Opts) || Missing ? 2 : 0;

  if (!DumpFacts && !Summary) {
    int RC = runChecks(*DB, Files, Opts);
    return Missing ? 2 : RC;
  }

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
    outs() << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
  }
  return Failed || Missing ? 2 : 0;
}
