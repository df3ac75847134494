//===- ConfigCommands.cpp - What the configuration is, and why ------------===//
//
// The commands that print the configuration and exit, as clang-tidy's:
// --list-checks, --dump-config, --explain-config and --verify-config.
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Options.h"
#include "Frontend/Tooling.h"
#include "Report/Findings.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace llvm;
using namespace warplint;
using namespace warplint::cli;

/// The file the configuration is asked of: the first file named, else the
/// current directory (as "<cwd>/-", the way clang-tidy asks).
static std::string configPlace() {
  SmallString<256> Where;
  if (!SourcePaths.empty()) {
    Where = SourcePaths.front();
    sys::fs::make_absolute(Where);
  } else {
    sys::fs::current_path(Where);
    sys::path::append(Where, "-");
  }
  return std::string(Where);
}

/// --list-checks: the checks enabled by --checks and the configuration
/// that applies in the current directory, as clang-tidy lists them.
int listChecks() {
  auto P = makeProvider(makeBuiltinHeaderFileSystem());
  if (!P)
    return 2;
  SmallString<256> Here;
  sys::fs::current_path(Here);
  sys::path::append(Here, "-");
  clang::tidy::ClangTidyOptions O = P->getOptions(Here);
  clang::tidy::CachedGlobList Enabled(O.Checks.value_or(""));
  for (const CheckInfo &C : checkCatalog())
    if (Enabled.contains(C.Name))
      outs() << C.Name << ": " << C.Summary << "\n";
  return 0;
}

/// --dump-config: the configuration that applies to the first file named
/// (else to the current directory), printed as clang-tidy prints it.
int dumpConfig() {
  auto P = makeProvider(makeBuiltinHeaderFileSystem());
  if (!P)
    return 2;
  outs() << clang::tidy::configurationAsText(P->getOptions(configPlace()));
  return 0;
}


/// clang-tidy's name of a configuration source, as warplint's user knows
/// it: "clang-tidy binary" is warplint's defaults, and options have two
/// dashes.
static std::string sourceName(StringRef Source) {
  if (Source == clang::tidy::ClangTidyOptionsProvider::OptionsSourceTypeDefaultBinary)
    return "warplint defaults";
  std::string S = Source.str();
  for (StringRef Opt : {"'-checks'", "'-config'"})
    if (size_t At = S.find(Opt.str()); At != std::string::npos)
      S.replace(At, Opt.size(), "'-" + Opt.drop_front().str());
  return S;
}

/// --explain-config: for each enabled check, the configuration that
/// enabled it (the last source whose Checks include it).
int explainConfig() {
  auto P = makeProvider(makeBuiltinHeaderFileSystem());
  if (!P)
    return 2;
  std::string Where = configPlace();
  clang::tidy::CachedGlobList Enabled(P->getOptions(Where).Checks.value_or(""));
  auto Raw = P->getRawOptions(Where);
  for (const CheckInfo &C : checkCatalog()) {
    if (!Enabled.contains(C.Name))
      continue;
    for (const auto &[Opts, Source] : llvm::reverse(Raw))
      if (Opts.Checks && clang::tidy::GlobList(*Opts.Checks).contains(C.Name)) {
        outs() << "'" << C.Name << "' is enabled in the " << sourceName(Source)
               << ".\n";
        break;
      }
  }
  return 0;
}

/// The closest of \p Known to \p Name, when close enough to suggest.
static std::string closest(StringRef Name, const StringSet<> &Known) {
  std::string Best;
  unsigned BestD = 4;
  for (const auto &K : Known) {
    unsigned D = Name.edit_distance(K.getKey(), true, BestD);
    if (D < BestD) {
      BestD = D;
      Best = K.getKey().str();
    }
  }
  return Best;
}

/// --verify-config: every source of the configuration that applies to the
/// files named (or the current directory): a 'warplint-' check pattern that
/// matches no check and a warplint check option that does not exist are
/// errors; names of other tools' checks and options are noted (a shared
/// .clang-tidy names clang-tidy's) and accepted.
int verifyConfig() {
  std::vector<std::string> Places;
  for (const std::string &F : SourcePaths)
    Places.push_back(F);
  if (Places.empty())
    Places.push_back("");
  // What a run would refuse: configurations that do not parse, values the
  // checks cannot use (InputChecks.cpp).
  std::vector<std::string> Refused;
  {
    std::vector<std::string> Files;
    for (const std::string &Place : Places) {
      SmallString<256> Where(Place.empty() ? configPlace() : Place);
      sys::fs::make_absolute(Where);
      if (sys::fs::is_directory(Where))
        sys::path::append(Where, "file");
      Files.push_back(std::string(Where));
    }
    Refused = configurationErrors(Files);
  }
  auto P = Config.empty() || Refused.empty()
               ? makeProvider(makeBuiltinHeaderFileSystem())
               : nullptr;
  if (!P) {
    for (const std::string &E : Refused)
      errs() << "warplint: error: " << E << "\n";
    return Refused.empty() ? 2 : 1;
  }
  clang::tidy::NamesAndOptions All = clang::tidy::getAllChecksAndOptions();
  StringSet<> Globals; // the keys a check reads as local or global options
  for (const auto &O : All.Options)
    if (O.getKey().starts_with("warplint-"))
      Globals.insert(O.getKey().rsplit('.').second);
  unsigned Errors = 0;
  std::set<std::string> Said;
  auto Say = [&](const std::string &Text, bool IsError) {
    if (!Said.insert(Text).second)
      return;
    (IsError ? errs() : outs())
        << (IsError ? "warplint: error: " : "warplint: note: ") << Text << "\n";
    Errors += IsError;
  };
  for (const std::string &E : Refused)
    Say(E, true);
  for (const std::string &Place : Places) {
    SmallString<256> Where(Place.empty() ? configPlace() : Place);
    sys::fs::make_absolute(Where);
    for (const auto &[Opts, Source] : P->getRawOptions(Where)) {
      if (Opts.Checks) {
        SmallVector<StringRef> Items;
        StringRef(*Opts.Checks).split(Items, ',', -1, false);
        for (StringRef Item : Items) {
          Item = Item.trim(" \t\r\n");
          bool Negative = Item.consume_front("-");
          if (Item.empty() || Item == "*")
            continue;
          clang::tidy::GlobList G(Item);
          bool Any = false;
          for (const CheckInfo &C : checkCatalog())
            Any = Any || G.contains(C.Name);
          if (Any)
            continue;
          if (Item.starts_with("warplint")) {
            std::string Hint = closest(Item, All.Names);
            Say("check pattern '" + std::string(Negative ? "-" : "") +
                    Item.str() + "' in the " + sourceName(Source) +
                    " matches no warplint check" +
                    (Hint.empty() ? "" : "; did you mean '" + Hint + "'?"),
                true);
          } else if (!Negative) {
            Say("'" + Item.str() + "' in the " + sourceName(Source) +
                    " is not a warplint check: warplint ignores it "
                    "(clang-tidy may run it)",
                false);
          }
        }
      }
      for (const auto &[Key, Value] : Opts.CheckOptions) {
        StringRef K = Key;
        if (All.Options.contains(K) || (!K.contains('.') && Globals.contains(K)))
          continue;
        if (K.starts_with("warplint-")) {
          std::string Hint = closest(K, All.Options);
          Say("unknown check option '" + K.str() + "' in the " + sourceName(Source) +
                  (Hint.empty() ? "" : "; did you mean '" + Hint + "'?"),
              true);
        } else {
          Say("option '" + K.str() + "' in the " + sourceName(Source) +
                  " is not read by any warplint check",
              false);
        }
      }
    }
  }
  if (Errors)
    return 1;
  outs() << "No config errors detected.\n";
  return 0;
}
