//===- FallbackDatabase.cpp - Compile commands when there is no database --===//
//
// A repository without a build (a pre-commit hook on a fresh clone) has no
// compile_commands.json. As clang-tidy, which then runs "without flags",
// warplint goes on, with flags a CUDA file usually needs: the file's own
// directory and the repository's include directories (directories named
// include or inc up to two levels below the root, the nearest directory
// above the file with a .git) on the include path. --extra-arg adds more
// (a hook's args:). The built-in CUDA header is added as for every
// command. docs/pre-commit.md.
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace llvm;

namespace {

/// The nearest directory at or above \p Dir with a .git; empty if none.
std::string repositoryOf(StringRef Dir) {
  for (StringRef D = Dir; !D.empty(); D = sys::path::parent_path(D)) {
    SmallString<256> Git(D);
    sys::path::append(Git, ".git");
    if (sys::fs::exists(Git))
      return D.str();
  }
  return "";
}

/// Directories named include or inc at most two levels below \p Root, in
/// a stable order; hidden directories and build directories are skipped.
std::vector<std::string> includeDirectories(StringRef Root) {
  std::vector<std::string> Found;
  auto Skip = [](StringRef Name) {
    return Name.starts_with(".") || Name == "build" ||
           Name.starts_with("build-") || Name == "node_modules";
  };
  std::vector<std::pair<std::string, int>> Queue{{Root.str(), 0}};
  while (!Queue.empty()) {
    auto [Dir, Depth] = Queue.back();
    Queue.pop_back();
    std::error_code EC;
    for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC)) {
      if (It->type() != sys::fs::file_type::directory_file)
        continue;
      StringRef Name = sys::path::filename(It->path());
      if (Skip(Name))
        continue;
      // This entry is Depth + 1 levels below the root.
      if (Name == "include" || Name == "inc")
        Found.push_back(It->path());
      if (Depth + 1 < 2)
        Queue.push_back({It->path(), Depth + 1});
    }
  }
  std::sort(Found.begin(), Found.end());
  return Found;
}

class FallbackDatabase : public clang::tooling::CompilationDatabase {
public:
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(StringRef File) const override {
    SmallString<256> Abs(File);
    sys::fs::make_absolute(Abs);
    StringRef Dir = sys::path::parent_path(Abs);
    std::vector<std::string> Args{"clang++", "-I" + Dir.str()};
    std::string Root = repositoryOf(Dir);
    if (!Root.empty())
      for (const std::string &Inc : includeDirectories(Root))
        Args.push_back("-I" + Inc);
    Args.push_back(std::string(Abs));
    return {clang::tooling::CompileCommand(Dir, Abs, std::move(Args), "")};
  }
};

/// One compiler command for every file (clang-tidy's `-- <command>` when
/// the command starts with the compiler, as CMake passes it): the file is
/// added when the command does not name it.
class CommandDatabase : public clang::tooling::CompilationDatabase {
public:
  CommandDatabase(std::string Dir, std::vector<std::string> Command)
      : Dir(std::move(Dir)), Command(std::move(Command)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(StringRef File) const override {
    SmallString<256> Abs(File);
    sys::fs::make_absolute(Dir, Abs);
    std::vector<std::string> Args = Command;
    bool Named = false;
    for (const std::string &A : Args) {
      SmallString<256> P(A);
      sys::fs::make_absolute(Dir, P);
      Named = Named || A == File || P == Abs;
    }
    if (!Named)
      Args.push_back(std::string(Abs));
    return {clang::tooling::CompileCommand(Dir, Abs, std::move(Args), "")};
  }

private:
  std::string Dir;
  std::vector<std::string> Command;
};

} // namespace

bool isCompilerName(StringRef Arg) {
  StringRef Name = sys::path::filename(Arg);
  if (Name.starts_with("-"))
    return false;
  for (StringRef C : {"nvcc", "clang", "clang++", "gcc", "g++", "c++", "cc"})
    if (Name == C || Name.starts_with(C.str() + "-"))
      return true;
  return false;
}

std::unique_ptr<clang::tooling::CompilationDatabase>
makeCommandDatabase(std::vector<std::string> Command) {
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  return std::make_unique<CommandDatabase>(std::string(Cwd), std::move(Command));
}

std::unique_ptr<clang::tooling::CompilationDatabase> makeFallbackDatabase() {
  return std::make_unique<FallbackDatabase>();
}
