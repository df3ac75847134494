//===- InputChecks.cpp - What warplint refuses before and after a run -----===//
//
// Input that is wrong is an error naming the input, not a warning per
// check or a silent no-op: a .clang-tidy that does not parse or names an
// unknown GPU, a --launch that does not parse or names a shape CUDA
// refuses (before any file), and a --launch kernel or an --assume value
// that no analysed kernel has (after the findings).
//
//===----------------------------------------------------------------------===//
#include "Options.h"
#include "WarplintTool.h"
#include "Analysis/TranslationUnitAnalysis.h"
#include "Arch/ArchSelect.h"
#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Symbolic/Assumptions.h"
#include "../../checks/CheckOptions.h"

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;
using namespace warplint;
using namespace warplint::cli;

/// The Assume options of the configurations (origin, text), for the check
/// of the names they give values to, after the run.
static std::vector<std::pair<std::string, std::string>> ConfigAssumes;

/// The problems of one configuration's text, each "ORIGIN: ..." (ORIGIN:
/// a file, or --config).
static void configurationProblems(StringRef Origin, StringRef Text,
                                  std::vector<std::string> &Out) {
  std::optional<clang::tidy::ClangTidyOptions> Parsed;
  for (std::string &P : checks::configurationProblems(
           Origin, Text, ArchDir, !GpuArch.empty(), &Parsed))
    Out.push_back(std::move(P));
  if (!Parsed)
    return;
  for (const auto &[Key, Value] : Parsed->CheckOptions)
    if (StringRef(Key) == "Assume" || StringRef(Key).ends_with(".Assume"))
      if (AssumeOpt.empty() && !StringRef(Value.Value).trim().empty())
        ConfigAssumes.push_back({Origin.str(), Value.Value});
}

/// The configurations that apply to \p Files: --config (or --config-file),
/// else the .clang-tidy files of each directory from a file's up to the
/// root. One that does not parse, or whose warplint options are not valid
/// (a GPU warplint does not know, a Launch or Assume that does not parse, a
/// number out of range), is an error naming the file and the place.
/// clang-tidy itself only warns and goes on with its defaults, which would
/// analyse with other options than the user wrote.
std::vector<std::string>
configurationErrors(const std::vector<std::string> &Files) {
  std::vector<std::string> Errors;
  ConfigAssumes.clear();
  if (!Config.empty()) {
    configurationProblems(ConfigFile.empty() ? "--config" : StringRef(ConfigFile),
                          Config, Errors);
    return Errors;
  }
  std::set<std::string> Seen;
  for (const std::string &F : Files)
    for (StringRef Dir = sys::path::parent_path(F); !Dir.empty();
         Dir = sys::path::parent_path(Dir)) {
      SmallString<256> P(Dir);
      sys::path::append(P, ".clang-tidy");
      if (!Seen.insert(std::string(P)).second)
        break; // this directory and those above are done
      auto Buf = MemoryBuffer::getFile(P);
      if (!Buf)
        continue;
      configurationProblems(P, (*Buf)->getBuffer(), Errors);
    }
  return Errors;
}

bool checkConfigFiles(const std::vector<std::string> &Files) {
  std::vector<std::string> Errors = configurationErrors(Files);
  for (const std::string &E : Errors)
    errs() << "warplint: error: " << E << "\n";
  return Errors.empty();
}

/// --launch, each entry: the syntax, the shape's numbers and whether CUDA
/// would launch that shape (an invalid entry was a warning per check, and
/// the run went on as if it were not there).
bool checkLaunchOption() {
  for (const std::string &Entry : LaunchOpt) {
    std::vector<std::string> Problems = checks::launchProblems(Entry);
    for (const std::string &P : Problems)
      errs() << "warplint: error: invalid --launch='" << Entry << "': " << P
             << "\n";
    if (!Problems.empty())
      return false;
  }
  return true;
}

/// The kernels --launch names that no analysed file defines (by name, with
/// or without template arguments).
static std::vector<std::string>
unknownLaunchKernels(const std::set<std::string> &Defined) {
  std::vector<std::string> Bad;
  std::vector<std::string> Ignored;
  for (const std::string &Entry : LaunchOpt)
    for (const auto &[Kernel, Spec] : parseLaunchOption(Entry, Ignored).PerKernel)
      if (!Defined.count(Kernel))
        Bad.push_back(Kernel);
  return Bad;
}

bool reportUnknownLaunchKernels(const std::set<std::string> &Defined) {
  std::vector<std::string> Bad = unknownLaunchKernels(Defined);
  for (const std::string &K : Bad)
    errs() << "warplint: error: --launch names the kernel '" << K
           << "', which no analysed file defines\n";
  return Bad.empty();
}

void addKernelNames(const FileFacts &F, std::set<std::string> &Names) {
  for (const KernelFacts &K : F.Kernels) {
    Names.insert(K.Name);
    Names.insert(K.Name.substr(0, K.Name.size() - K.TemplateArgs.size()));
  }
}

/// The values an --assume clause can speak of: the kernels' parameters and
/// the values warplint could not compute (their symbols).
void addValueNames(const FileFacts &F, std::set<std::string> &Names) {
  for (const KernelFacts &K : F.Kernels) {
    for (const ParamFacts &P : K.Params)
      Names.insert(P.Name);
    for (const SymbolFacts &S : K.Symbols)
      Names.insert(S.Name);
  }
}

/// The names --assume gives a value to that no analysed kernel has (the
/// assumption would change nothing, silently: a typo, most likely).
bool reportUnknownAssumeNames(const std::set<std::string> &Known) {
  std::vector<std::pair<std::string, std::string>> All = ConfigAssumes;
  if (!AssumeOpt.empty())
    All.push_back({"--assume", AssumeOpt});
  bool Ok = true;
  for (const auto &[Origin, Text] : All) {
    std::map<std::string, sym::Assumption> A;
    if (!sym::parseAssumptions(Text, A).empty())
      continue; // said before the run
    for (const auto &[Name, Unused] : A)
      if (!Known.count(Name)) {
        errs() << "warplint: error: "
               << (Origin == "--assume" ? "--assume" : Origin + ": Assume")
               << " names '" << Name
               << "', which is neither a parameter of an analysed kernel nor "
                  "a value warplint could not compute in one\n";
        Ok = false;
      }
  }
  return Ok;
}

bool haveAssumptions() { return !AssumeOpt.empty() || !ConfigAssumes.empty(); }

/// --format, and --fix with it; false after an error message.
bool checkOutputOptions() {
  if (Format != "text" && Format != "json" && Format != "sarif" &&
      Format != "html") {
    errs() << "warplint: error: --format must be 'text', 'json', 'sarif' or "
              "'html', not '"
           << Format << "'\n";
    return false;
  }
  if (Fix && Format != "text") {
    errs() << "warplint: error: --fix prints what it applies as text; use "
              "--export-fixes with --format="
           << Format << "\n";
    return false;
  }
  std::string RegexError;
  if (!HeaderFilter.empty() && !Regex(HeaderFilter).isValid(RegexError)) {
    errs() << "warplint: error: --header-filter='" << HeaderFilter
           << "' is not a valid regular expression: " << RegexError << "\n";
    return false;
  }
  if (RegistersOpt.getNumOccurrences() && (RegistersOpt < 1 || RegistersOpt > 255)) {
    errs() << "warplint: error: --registers must be a whole number from 1 to "
              "255 (registers per thread), not "
           << RegistersOpt << "\n";
    return false;
  }
  if (ParseErrors != "fail" && ParseErrors != "report") {
    errs() << "warplint: error: --parse-errors must be 'fail' or 'report', "
              "not '"
           << ParseErrors << "'\n";
    return false;
  }
  return true;
}


/// --gate-threshold must be a number >= 0 (NaN never fails). What
/// --output and --export-fixes may name: checkOutputPaths.
bool checkFileOptions(const std::vector<std::string> &Files) {
  if (!std::isfinite(GateThreshold) || GateThreshold < 0) {
    errs() << "warplint: error: --gate-threshold must be a number >= 0 (a "
              "relative change, 0.05 for 5%), not '"
           << GateThreshold << "'\n";
    return false;
  }
  return true;
}


