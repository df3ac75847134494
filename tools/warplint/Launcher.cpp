//===- Launcher.cpp - warplint inside the build ---------------------------===//
//
//   warplint --launcher [warplint options] <compiler> <compiler arguments>
//
// As CMake's CMAKE_CUDA_COMPILER_LAUNCHER (CMake implements
// <LANG>_CLANG_TIDY for C, C++ and Objective-C only, not CUDA): each
// compile step analyses its source with the step's own command, prints the
// findings, then runs the compiler. So the analysis runs with the build,
// on as many processes as the build runs (ninja -j, distcc, CI shards).
// A wrapper before the compiler (ccache, sccache, distcc, icecc) is run
// but not analysed.
//
// Results are cached: the key is the preprocessed source as warplint
// parses it (SourceHash.cpp), the command, warplint's options and its
// version; an unchanged file prints its cached findings without being
// analysed again. --cache-dir=<dir> (else $WARPLINT_CACHE_DIR, else
// $XDG_CACHE_HOME/warplint/results, else ~/.cache/warplint/results), or
// --no-cache.
//
// The build fails (status 1) on findings that are errors
// (--warnings-as-errors); a file warplint cannot parse does not fail it.
// docs/cmake.md.
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Frontend/Tooling.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

bool isWrapper(StringRef Arg) {
  StringRef N = sys::path::filename(Arg);
  return N == "ccache" || N == "sccache" || N == "distcc" || N == "icecc" ||
         N == "buildcache";
}

/// The source a compile command compiles: the argument after -c, else the
/// last existing file with a source extension.
std::string sourceOf(ArrayRef<std::string> Cmd) {
  auto IsSource = [](StringRef A) {
    StringRef E = sys::path::extension(A);
    return (E == ".cu" || E == ".cuh" || E == ".cpp" || E == ".cc" ||
            E == ".cxx" || E == ".c") &&
           sys::fs::exists(A);
  };
  for (size_t I = 1; I + 1 < Cmd.size(); ++I)
    if (Cmd[I] == "-c" && IsSource(Cmd[I + 1]))
      return Cmd[I + 1];
  for (size_t I = Cmd.size(); I-- > 1;)
    if (IsSource(Cmd[I]) && Cmd[I - 1] != "-o")
      return Cmd[I];
  return "";
}

std::string defaultCacheDir() {
  if (auto D = sys::Process::GetEnv("WARPLINT_CACHE_DIR"); D && !D->empty())
    return *D;
  SmallString<256> Dir;
  if (auto X = sys::Process::GetEnv("XDG_CACHE_HOME"); X && !X->empty())
    Dir = *X;
  else if (auto H = sys::Process::GetEnv("HOME"); H && !H->empty()) {
    Dir = *H;
    sys::path::append(Dir, ".cache");
  } else {
    return "";
  }
  sys::path::append(Dir, "warplint", "results");
  return std::string(Dir);
}

/// Runs \p Argv; its standard output and error in \p Out and \p Err.
int runCaptured(ArrayRef<std::string> Argv, std::string &Out, std::string &Err) {
  SmallString<128> OutFile, ErrFile;
  sys::fs::createTemporaryFile("warplint-launch", "out", OutFile);
  sys::fs::createTemporaryFile("warplint-launch", "err", ErrFile);
  std::vector<StringRef> Refs(Argv.begin(), Argv.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(OutFile),
                                          StringRef(ErrFile)};
  std::string Message;
  int RC = sys::ExecuteAndWait(Refs.front(), Refs, std::nullopt, Redirects, 0,
                               0, &Message);
  if (auto B = MemoryBuffer::getFile(OutFile))
    Out = (*B)->getBuffer().str();
  if (auto B = MemoryBuffer::getFile(ErrFile))
    Err = (*B)->getBuffer().str();
  sys::fs::remove(OutFile);
  sys::fs::remove(ErrFile);
  if (RC < 0)
    Err += "warplint: error: cannot run '" + Argv.front() + "': " + Message + "\n";
  return RC;
}

} // namespace

int runAsLauncher(int Argc, const char **Argv) {
  // Our options (each in one argument, --name=value), then the compiler.
  std::vector<std::string> Ours;
  std::string CacheDir = defaultCacheDir();
  bool Verbose = false;
  int I = 2;
  for (; I < Argc && StringRef(Argv[I]).starts_with("-"); ++I) {
    StringRef A = Argv[I];
    if (A.consume_front("--cache-dir="))
      CacheDir = A.str();
    else if (A == "--no-cache")
      CacheDir.clear();
    else {
      Verbose = Verbose || A == "--verbose";
      Ours.push_back(A.str());
    }
  }
  if (I >= Argc) {
    errs() << "warplint: error: --launcher: no compiler command after "
              "warplint's options (usage: warplint --launcher [options] "
              "<compiler> <arguments>)\n";
    return 2;
  }
  std::vector<std::string> Compile(Argv + I, Argv + Argc);
  std::vector<std::string> Analysed = Compile;
  while (!Analysed.empty() && isWrapper(Analysed.front()))
    Analysed.erase(Analysed.begin());
  std::string Source = Analysed.empty() ? "" : sourceOf(Analysed);
  ErrorOr<std::string> Compiler = sys::findProgramByName(Compile.front());
  if (!Compiler) {
    errs() << "warplint: error: --launcher: cannot find the compiler '"
           << Compile.front() << "'\n";
    return 2;
  }

  int Analysis = 0;
  if (!Source.empty()) {
    std::string Self = sys::fs::getMainExecutable(Argv[0], (void *)&runAsLauncher);
    std::vector<std::string> Child{Self};
    Child.insert(Child.end(), Ours.begin(), Ours.end());
    Child.push_back("--quiet");
    Child.push_back(Source);
    Child.push_back("--");
    Child.insert(Child.end(), Analysed.begin(), Analysed.end());

    // The key: version, options, command and the preprocessed source.
    std::string Key, CacheFile;
    if (!CacheDir.empty()) {
      auto DB = makeCommandDatabase(Analysed);
      std::optional<std::string> Hash =
          warplint::preprocessedSourceHash(*DB, Source, warplint::FrontendOptions());
      if (Hash) {
        MD5 H;
        H.update(WARPLINT_VERSION "\n");
        for (const std::string &A : Child)
          H.update(A + "\n");
        H.update(*Hash);
        MD5::MD5Result R;
        H.final(R);
        Key = R.digest().str().str();
        SmallString<256> P(CacheDir);
        sys::path::append(P, Key.substr(0, 2), Key + ".json");
        CacheFile = std::string(P);
      }
    }
    std::string Out, Err;
    bool Hit = false;
    if (!CacheFile.empty())
      if (auto B = MemoryBuffer::getFile(CacheFile))
        if (auto V = json::parse((*B)->getBuffer()))
          if (const json::Object *O = V->getAsObject()) {
            auto RC = O->getInteger("status");
            auto SO = O->getString("stdout");
            auto SE = O->getString("stderr");
            if (RC && SO && SE) {
              Hit = true;
              Analysis = int(*RC);
              Out = SO->str();
              Err = SE->str();
            }
          }
    if (Hit) {
      if (Verbose)
        errs() << "warplint: " << Source
               << ": unchanged since its last analysis; the cached result "
                  "follows ("
               << CacheFile << ")\n";
    } else {
      Analysis = runCaptured(Child, Out, Err);
      // A result worth keeping: findings or none, not a crash.
      if (!CacheFile.empty() && Analysis >= 0 && Analysis <= 2) {
        sys::fs::create_directories(sys::path::parent_path(CacheFile));
        SmallString<256> Tmp(CacheFile);
        Tmp += ".tmp" + std::to_string(sys::Process::getProcessId());
        std::error_code EC;
        {
          raw_fd_ostream OS(Tmp, EC);
          if (!EC)
            OS << json::Value(json::Object{{"status", Analysis},
                                           {"stdout", Out},
                                           {"stderr", Err},
                                           {"file", Source}});
        }
        if (!EC)
          sys::fs::rename(Tmp, CacheFile); // atomic: parallel builds
      }
    }
    outs() << Out;
    outs().flush();
    errs() << Err;
    if (Analysis == 2)
      errs() << "warplint: note: " << Source
             << " was not fully analysed (see above); the build goes on\n";
  }

  std::vector<StringRef> Refs(Compile.begin(), Compile.end());
  std::string Message;
  int RC = sys::ExecuteAndWait(*Compiler, Refs, std::nullopt, {}, 0, 0, &Message);
  if (RC < 0) {
    errs() << "warplint: error: cannot run '" << *Compiler << "': " << Message
           << "\n";
    return 2;
  }
  if (RC != 0)
    return RC;
  return Analysis == 1 ? 1 : 0;
}
