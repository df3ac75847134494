//===- CheckOptions.cpp - The checks' options and their valid values ------===//
#include "CheckOptions.h"
#include "CheckSupport.h"

#include "Analysis/TranslationUnitAnalysis.h"
#include "Arch/ArchSelect.h"
#include "Cost/HongKim.h"
#include "Facts/Launch.h"
#include "Symbolic/Assumptions.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"

#include <cmath>
#include <map>

using namespace llvm;

namespace warplint {
namespace checks {

namespace {

/// "KEY: invalid value 'V' (RULE)".
std::string invalid(StringRef Key, StringRef Value, StringRef Rule) {
  return (Key + ": invalid value '" + Value + "' (" + Rule + ")").str();
}

std::string numberIn(StringRef Key, StringRef Value, double Min, bool MinOpen,
                     std::optional<double> Max, bool Whole, StringRef Rule) {
  std::optional<double> V = parseNumberOption(Value);
  bool Ok = V && (MinOpen ? *V > Min : *V >= Min) && (!Max || *V <= *Max) &&
            (!Whole || *V == std::floor(*V));
  return Ok ? "" : invalid(Key, Value, Rule);
}

} // namespace

std::vector<std::string> launchProblems(const std::string &Value) {
  std::vector<std::string> Problems;
  LaunchOptions LO = parseLaunchOption(Value, Problems);
  for (const auto &[Kernel, Spec] : LO.PerKernel) {
    std::string Err;
    std::optional<LaunchConfig> C = parseLaunchSpec(Spec, Err);
    if (C)
      Err = launchShapeProblem(C->Grid, C->Block);
    if (!Err.empty())
      Problems.push_back("for '" + Kernel + "': " + Err);
  }
  return Problems;
}

std::string optionValueProblem(StringRef Key, StringRef Value,
                               StringRef ArchDir) {
  // Local keys are the check's ("warplint-bank-conflict.MinWays"); the
  // keys the checks read as local or global have no check ("GpuArch").
  auto [Check, Name] = Key.rsplit('.');
  if (Name.empty()) {
    Name = Check;
    Check = "";
  }
  if (!Check.empty() && !Check.starts_with("warplint-"))
    return "";
  if (Name == "GpuArch") {
    if (Value.trim().empty())
      return "";
    Expected<SelectedArch> A = selectArch(Value.trim(), ArchDir);
    return A ? "" : (Key + ": " + toString(A.takeError())).str();
  }
  if (Name == "Launch") {
    std::vector<std::string> P = launchProblems(Value.str());
    return P.empty() ? "" : (Key + ": " + P.front()).str();
  }
  if (Name == "Assume") {
    std::map<std::string, sym::Assumption> A;
    std::string Err = sym::parseAssumptions(Value.str(), A);
    return Err.empty() ? "" : (Key + ": " + Err).str();
  }
  if (Name == "Registers")
    return Value.trim().empty()
               ? ""
               : numberIn(Key, Value, 1, false, 255, true,
                          "a whole number, 1 to 255");
  if (Check.empty())
    return "";
  if (Name == "MinWays")
    return numberIn(Key, Value, 2, false, std::nullopt, true,
                    "a whole number >= 2, the smallest degree of conflict "
                    "reported");
  if (Name == "BankWidth")
    return Value.trim() == "4" || Value.trim() == "8"
               ? ""
               : invalid(Key, Value, "4 or 8 bytes");
  if (Name == "MaxCycles" || Name == "MaxMicroseconds")
    return Value.trim().empty()
               ? ""
               : numberIn(Key, Value, 0, true, std::nullopt, false,
                          "a number > 0");
  if (Name == "Model") {
    std::string M = Value.trim().str();
    return M == "auto" || M == "paper" || parseHongKimVariant(M)
               ? ""
               : invalid(Key, Value,
                         "auto, warplint, paper, hong-kim, wang-lou, "
                         "cgpredict or mdm");
  }
  if (Name == "MinSkew")
    return numberIn(Key, Value, 1, false, std::nullopt, false, "a number >= 1");
  if (Name == "MinFactor")
    return numberIn(Key, Value, 1, false, std::nullopt, false,
                    "a number >= 1, the sectors per request over the ideal "
                    "from which a request is reported");
  if (Name == "MinExcessSectors")
    return numberIn(Key, Value, 0, false, std::nullopt, false,
                    "a number of sectors, 0 or more");
  if (Name == "MinSplitPercent")
    return numberIn(Key, Value, 0, false, 100, false,
                    "a percentage of warps, 0 to 100");
  if (Name == "OnHashedArchitectures" || Name == "WarnOnTail" ||
      Name == "WarnOnSingleLane")
    return parseBoolOption(Value) ? "" : invalid(Key, Value, "true or false");
  return "";
}

std::vector<std::string>
optionProblems(const clang::tidy::ClangTidyOptions &Options,
               StringRef ArchDirOverride, bool SkipGpuArch) {
  // The architecture directory the same configuration names, else
  // --arch-dir; --arch-dir wins.
  std::string ArchDir = ArchDirOverride.str();
  if (ArchDir.empty())
    for (const auto &[Key, Value] : Options.CheckOptions)
      if (StringRef(Key) == "ArchDir" || StringRef(Key).ends_with(".ArchDir"))
        ArchDir = Value.Value;
  std::vector<std::string> R;
  for (const auto &[Key, Value] : Options.CheckOptions) {
    StringRef K(Key);
    if (SkipGpuArch && (K == "GpuArch" || K.ends_with(".GpuArch")))
      continue;
    std::string P = optionValueProblem(K, Value.Value, ArchDir);
    if (!P.empty())
      R.push_back(std::move(P));
  }
  return R;
}

std::optional<clang::tidy::ClangTidyOptions>
parseConfigurationText(MemoryBufferRef Text, std::string &Error) {
  std::string First;
  auto Parsed = clang::tidy::parseConfigurationWithDiags(
      Text, [&](const SMDiagnostic &D) {
        if (First.empty())
          First = (Twine(D.getLineNo()) + ":" + Twine(D.getColumnNo() + 1) +
                   ": " + D.getMessage())
                      .str();
      });
  if (!Parsed) {
    Error = First.empty() ? Parsed.getError().message() : First;
    return std::nullopt;
  }
  return std::move(*Parsed);
}

std::vector<std::string>
configurationProblems(StringRef Origin, StringRef Text,
                      StringRef ArchDirOverride, bool SkipGpuArch,
                      std::optional<clang::tidy::ClangTidyOptions> *Parsed) {
  std::vector<std::string> R;
  std::string Err;
  std::optional<clang::tidy::ClangTidyOptions> O =
      parseConfigurationText(MemoryBufferRef(Text, Origin), Err);
  if (!O) {
    R.push_back(Origin.str() + ":" + Err + " (the configuration does not parse)");
    return R;
  }
  for (const std::string &P : optionProblems(*O, ArchDirOverride, SkipGpuArch))
    R.push_back(Origin.str() + ": " + P);
  std::string RegexError;
  if (O->HeaderFilterRegex && !Regex(*O->HeaderFilterRegex).isValid(RegexError))
    R.push_back(Origin.str() + ": HeaderFilterRegex: '" + *O->HeaderFilterRegex +
                "' is not a valid regular expression: " + RegexError);
  if (Parsed)
    *Parsed = std::move(O);
  return R;
}

} // namespace checks
} // namespace warplint
