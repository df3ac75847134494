//===- Options.cpp - warplint-clangd's command line -----------------------===//
//
// warplint-clangd's own options, taken out of the command line (the rest
// is clangd's), and finding the real clangd to run.
//
//===----------------------------------------------------------------------===//
#include "Proxy.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace warplint::lsp;
using llvm::StringRef;

namespace warplint {
namespace clangd {

const char *const Usage =
    "warplint-clangd: clangd with warplint's diagnostics and fix-its\n"
    "\n"
    "  warplint-clangd [options] [clangd options]\n"
    "\n"
    "Every option not listed here goes to clangd unchanged.\n"
    "  --clangd=<path>               the clangd to run (default: clangd-19,\n"
    "                                then clangd, on PATH)\n"
    "  --compile-commands-dir=<dir>  read by both (clangd's own option)\n"
    "  --warplint-checks=<list>      checks to run, clang-tidy syntax\n"
    "                                (default: .clang-tidy, else warplint-*)\n"
    "  --warplint-arch=<gpu>         the GPU to analyse for (as warplint "
    "--arch)\n"
    "  --warplint-config=<yaml>      a .clang-tidy configuration used instead\n"
    "                                of the .clang-tidy files\n"
    "  --warplint-debounce-ms=<n>    wait after an edit before analysing "
    "(300)\n"
    "  --warplint-docs-url=<url>     base of the check pages linked from "
    "each\n"
    "                                diagnostic\n"
    "  --warplint-timeout=<s>        time budget of one analysis, in seconds\n"
    "                                (30; 0: none)\n"
    "  --warplint-memory-mb=<n>      memory budget of one analysis (4096;\n"
    "                                0: none)\n"
    "  --warplint-in-process         analyse in this process, not in a\n"
    "                                child (no budgets, no isolation)\n"
    "  --warplint-off                relay only, analyse nothing\n"
    "  --warplint-help               this text\n";


/// Splits the command line: warplint-clangd's own options are taken out,
/// everything else is clangd's. CLANGD_FLAGS (which clangd reads itself) is
/// looked at for --compile-commands-dir too.
bool parseOptions(int Argc, char **Argv, Options &O) {
  auto Value = [](StringRef A, StringRef Name, std::string &Out) {
    if (!A.consume_front(Name))
      return false;
    Out = A.str();
    return true;
  };
  auto Look = [&](StringRef A) {
    std::string V;
    if (Value(A, "--compile-commands-dir=", V) ||
        Value(A, "-compile-commands-dir=", V))
      O.Analysis.CompileCommandsDir = V;
  };
  // clangd also takes the value as the next argument: made one argument,
  // so that it is read (and replaced) as the '=' form.
  auto Joined = [](StringRef A, const char *Next, std::string &Out) {
    if ((A != "--compile-commands-dir" && A != "-compile-commands-dir") || !Next)
      return false;
    Out = "--compile-commands-dir=" + std::string(Next);
    return true;
  };
  if (const char *Env = getenv("CLANGD_FLAGS")) {
    llvm::BumpPtrAllocator A;
    llvm::StringSaver S(A);
    llvm::SmallVector<const char *, 8> Toks;
    llvm::cl::TokenizeGNUCommandLine(Env, S, Toks);
    for (size_t I = 0; I < Toks.size(); ++I) {
      std::string J;
      if (Joined(Toks[I], I + 1 < Toks.size() ? Toks[I + 1] : nullptr, J)) {
        Look(J);
        ++I;
      } else {
        Look(Toks[I]);
      }
    }
  }
  for (int I = 1; I < Argc; ++I) {
    StringRef A = Argv[I];
    std::string V;
    if (A == "--warplint-help" || A == "-warplint-help") {
      llvm::outs() << Usage;
      exit(0);
    }
    if (Value(A, "--clangd=", O.Clangd) ||
        Value(A, "--warplint-checks=", O.Analysis.Checks) ||
        Value(A, "--warplint-arch=", O.Analysis.GpuArch) ||
        Value(A, "--warplint-config=", O.Analysis.Config) ||
        Value(A, "--warplint-docs-url=", O.DocsUrl))
      continue;
    struct {
      const char *Name, *Unit;
      unsigned &Out;
    } Numbers[] = {{"--warplint-debounce-ms=", "milliseconds", O.DebounceMs},
                   {"--warplint-timeout=", "seconds", O.Limits.TimeoutS},
                   {"--warplint-memory-mb=", "megabytes", O.Limits.MemoryMb}};
    bool Matched = false;
    for (auto &N : Numbers) {
      if (!Value(A, N.Name, V))
        continue;
      Matched = true;
      if (StringRef(V).getAsInteger(10, N.Out)) {
        llvm::errs() << "warplint-clangd: error: "
                     << StringRef(N.Name).drop_back() << " must be a number of "
                     << N.Unit << ", not '" << V << "'\n";
        return false;
      }
    }
    if (Matched)
      continue;
    if (A == "--warplint-in-process") {
      O.Limits.InProcess = true;
      continue;
    }
    if (A == "--warplint-off") {
      O.Analyze = false;
      continue;
    }
    if (A.starts_with("--warplint-")) {
      llvm::errs() << "warplint-clangd: error: unknown option '" << A
                   << "' (see --warplint-help)\n";
      return false;
    }
    std::string J;
    if (Joined(A, I + 1 < Argc ? Argv[I + 1] : nullptr, J)) {
      ++I;
      Look(J);
      O.Args.push_back(J);
      continue;
    }
    Look(A);
    O.Args.push_back(A.str());
  }
  return true;
}

/// The real clangd: --clangd=, else clangd-19 then clangd on PATH, skipping
/// this program itself (it may be installed under the name clangd).
std::string findClangd(const Options &O, std::string &Error) {
  if (!O.Clangd.empty()) {
    if (llvm::sys::fs::can_execute(O.Clangd) &&
        !llvm::sys::fs::is_directory(O.Clangd))
      return O.Clangd;
    // A path is taken as it is (findProgramByName would hand it back
    // unchecked, and the exec fail in the child with status 127).
    if (!llvm::StringRef(O.Clangd).contains('/'))
      if (auto P = llvm::sys::findProgramByName(O.Clangd))
        return *P;
    Error = "--clangd=" + O.Clangd + ": no such program";
    return "";
  }
  std::string Self = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  llvm::SmallString<256> SelfReal;
  llvm::sys::fs::real_path(Self, SelfReal);
  const char *PathEnv = getenv("PATH");
  llvm::SmallVector<StringRef, 16> Dirs;
  StringRef(PathEnv ? PathEnv : "").split(Dirs, ':', -1, false);
  for (const char *Name : {"clangd-19", "clangd"})
    for (StringRef D : Dirs) {
      llvm::SmallString<256> P(D);
      llvm::sys::path::append(P, Name);
      if (!llvm::sys::fs::can_execute(P) || llvm::sys::fs::is_directory(P))
        continue;
      llvm::SmallString<256> Real;
      if (!llvm::sys::fs::real_path(P, Real) && Real == SelfReal)
        continue;
      return std::string(P);
    }
  Error = "no clangd-19 or clangd on PATH; name one with --clangd=<path>";
  return "";
}

} // namespace clangd
} // namespace warplint
