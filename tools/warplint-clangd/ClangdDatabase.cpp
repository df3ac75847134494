//===- ClangdDatabase.cpp - A compile database clangd can read ------------===//
//
// CMake's CUDA support writes nvcc commands into compile_commands.json.
// clangd reads them as clang commands: "Unknown argument" errors for
// nvcc's flags, no include path from nvcc's response files, no CUDA
// headers when no toolkit clang 19 parses is installed, and then no
// completion. warplint-clangd translates the database the way warplint's
// own analysis does (CompileFlags.h) into a cache directory and starts
// clangd with --compile-commands-dir pointing there. A file whose toolkit
// clang 19 cannot parse (or with none) gets warplint's built-in CUDA
// header, written to the cache as real files for clangd to read.
// docs/editors.md, "nvcc projects".
//
//===----------------------------------------------------------------------===//
#include "Proxy.h"

#include "Frontend/BuiltinHeaders.h"
#include "Frontend/CompileFlags.h"
#include "Frontend/Tooling.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace warplint {
namespace clangd {

using llvm::SmallString;
using llvm::StringRef;

namespace {

/// $XDG_CACHE_HOME/warplint/clangd/<hash of the database's path>, else
/// under ~/.cache.
std::string cacheDirFor(StringRef Database) {
  SmallString<256> Dir;
  if (auto X = llvm::sys::Process::GetEnv("XDG_CACHE_HOME"); X && !X->empty())
    Dir = *X;
  else if (auto H = llvm::sys::Process::GetEnv("HOME"); H && !H->empty()) {
    Dir = *H;
    llvm::sys::path::append(Dir, ".cache");
  } else {
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Dir);
  }
  llvm::MD5 H;
  H.update(Database);
  llvm::MD5::MD5Result R;
  H.final(R);
  llvm::sys::path::append(Dir, "warplint", "clangd", R.digest().str());
  return std::string(Dir);
}

/// Writes \p Text to \p Path unless it already holds it.
bool writeIfChanged(StringRef Path, StringRef Text, std::string &Error) {
  if (auto Old = llvm::MemoryBuffer::getFile(Path))
    if ((*Old)->getBuffer() == Text)
      return true;
  if (std::error_code EC =
          llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path))) {
    Error = "cannot create '" + llvm::sys::path::parent_path(Path).str() +
            "': " + EC.message();
    return false;
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    Error = "cannot write '" + Path.str() + "': " + EC.message();
    return false;
  }
  OS << Text;
  return true;
}

/// The command clangd gets for one entry: warplint's translation and
/// headers (adjustArgs), without what only a syntax-only analysis wants
/// (-fsyntax-only, -w, one side of the compilation, the error limit, the
/// resource directory), the built-in headers' virtual directory replaced
/// by \p Headers.
std::vector<std::string> clangdCommand(const clang::tooling::CompileCommand &C,
                                       StringRef Headers, bool &UsesBuiltin) {
  TranslatedCommand TC = translateCompileCommand(C.CommandLine, C.Directory);
  std::string Toolkit = namedToolkit(TC, C.Directory);
  int Version = Toolkit.empty() ? 0 : toolkitVersion(Toolkit);
  bool Builtin = Version == 0 || Version > NewestToolkitClangParses;
  UsesBuiltin = UsesBuiltin || Builtin;
  FrontendOptions Opts;
  std::vector<std::string> Adjusted =
      adjustArgs(TC.Args, C.Filename, Opts, Builtin, Toolkit);
  std::vector<std::string> Out;
  for (size_t I = 0; I < Adjusted.size(); ++I) {
    StringRef A = Adjusted[I];
    if (A == "-fsyntax-only" || A == "-w" || A == "--cuda-device-only" ||
        A == "--cuda-host-only" || A.starts_with("-ferror-limit="))
      continue;
    if (A == "-resource-dir") {
      ++I;
      continue;
    }
    std::string S = A.str();
    if (size_t At = S.find(builtinIncludeDir().str()); At != std::string::npos)
      S.replace(At, builtinIncludeDir().size(), Headers.str());
    Out.push_back(std::move(S));
  }
  return Out;
}

} // namespace

std::string translateDatabaseForClangd(StringRef Dir, std::string &Note) {
  SmallString<256> Json(Dir);
  llvm::sys::fs::make_absolute(Json);
  llvm::sys::path::remove_dots(Json, /*remove_dot_dot=*/true);
  llvm::sys::path::append(Json, "compile_commands.json");
  if (!llvm::sys::fs::exists(Json))
    return "";
  std::string Err;
  auto DB = clang::tooling::JSONCompilationDatabase::loadFromFile(
      Json, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB) {
    Note = "cannot read '" + std::string(Json) + "': " + Err;
    return "";
  }
  std::vector<clang::tooling::CompileCommand> All = DB->getAllCompileCommands();
  bool AnyNvcc = false;
  for (const auto &C : All)
    AnyNvcc = AnyNvcc || (!C.CommandLine.empty() && isNvcc(C.CommandLine[0]));
  if (!AnyNvcc)
    return ""; // clang's own commands: clangd reads them as they are
  std::string Cache = cacheDirFor(Json);
  SmallString<256> Headers(Cache);
  llvm::sys::path::append(Headers, "cuda-include");
  bool UsesBuiltin = false;
  llvm::json::Array Entries;
  for (const auto &C : All) {
    llvm::json::Array Args;
    for (std::string &A : clangdCommand(C, Headers, UsesBuiltin))
      Args.push_back(std::move(A));
    Entries.push_back(llvm::json::Object{{"directory", C.Directory},
                                         {"file", C.Filename},
                                         {"arguments", std::move(Args)}});
  }
  if (UsesBuiltin)
    for (const EmbeddedFile &F : builtinCudaHeaders()) {
      SmallString<256> P(Headers);
      llvm::sys::path::append(P, F.Name);
      if (!writeIfChanged(P, F.Contents, Err)) {
        Note = Err;
        return "";
      }
    }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Entries))) << "\n";
  SmallString<256> Out(Cache);
  llvm::sys::path::append(Out, "compile_commands.json");
  if (!writeIfChanged(Out, OS.str(), Err)) {
    Note = Err;
    return "";
  }
  Note = "clangd reads '" + std::string(Out) + "', translated from the nvcc "
         "commands of '" + std::string(Json) + "'";
  return Cache;
}

} // namespace clangd
} // namespace warplint
