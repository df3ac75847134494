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

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;
using namespace warplint;
using namespace warplint::cli;

/// The .clang-tidy files that configure the inputs (each directory from a
/// file's up to the root), when --config does not replace them: one that
/// does not parse, or that names a GPU warplint does not know (GpuArch), is
/// an error naming the file and the place. clang-tidy itself only warns
/// and goes on with its defaults, which would analyse with other options
/// than the user wrote.
bool checkConfigFiles(const std::vector<std::string> &Files) {
  if (!Config.empty())
    return true;
  std::set<std::string> Seen;
  bool Ok = true;
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
      std::string Diags;
      auto Parsed = clang::tidy::parseConfigurationWithDiags(
          (*Buf)->getMemBufferRef(), [&](const SMDiagnostic &D) {
            if (Diags.empty())
              Diags = (Twine(D.getLineNo()) + ":" + Twine(D.getColumnNo() + 1) +
                       ": " + D.getMessage())
                          .str();
          });
      if (!Parsed) {
        if (Diags.empty())
          errs() << "warplint: error: '" << P
                 << "': " << Parsed.getError().message() << "\n";
        else
          errs() << "warplint: error: " << P << ":" << Diags
                 << " (the configuration file does not parse)\n";
        Ok = false;
        continue;
      }
      // The architecture directory the same file names, else --arch-dir.
      std::string ConfigArchDir = ArchDir;
      for (const auto &[Key, Value] : Parsed->CheckOptions)
        if (StringRef(Key) == "ArchDir" || StringRef(Key).ends_with(".ArchDir"))
          if (ArchDir.empty())
            ConfigArchDir = Value.Value;
      for (const auto &[Key, Value] : Parsed->CheckOptions) {
        StringRef K(Key);
        if (K != "GpuArch" && !K.ends_with(".GpuArch"))
          continue;
        if (Value.Value.empty() || !GpuArch.empty())
          continue; // --arch overrides it
        Expected<SelectedArch> A = selectArch(Value.Value, ConfigArchDir);
        if (!A) {
          errs() << "warplint: error: '" << P << "': " << Key << ": "
                 << toString(A.takeError()) << "\n";
          Ok = false;
        }
      }
    }
  return Ok;
}

/// --launch, each entry: the syntax, the shape's numbers and whether CUDA
/// would launch that shape (an invalid entry was a warning per check, and
/// the run went on as if it were not there).
bool checkLaunchOption() {
  for (const std::string &Entry : LaunchOpt) {
    std::vector<std::string> Problems;
    LaunchOptions LO = parseLaunchOption(Entry, Problems);
    for (const auto &[Kernel, Spec] : LO.PerKernel) {
      std::string Err;
      std::optional<LaunchConfig> C = parseLaunchSpec(Spec, Err);
      if (C)
        Err = launchShapeProblem(C->Grid, C->Block);
      if (!Err.empty())
        Problems.push_back("for '" + Kernel + "': " + Err);
    }
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
  std::map<std::string, sym::Assumption> A;
  if (AssumeOpt.empty() || !sym::parseAssumptions(AssumeOpt, A).empty())
    return true;
  bool Ok = true;
  for (const auto &[Name, Unused] : A)
    if (!Known.count(Name)) {
      errs() << "warplint: error: --assume names '" << Name
             << "', which is neither a parameter of an analysed kernel nor a "
                "value warplint could not compute in one\n";
      Ok = false;
    }
  return Ok;
}

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


