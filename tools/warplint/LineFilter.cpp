//===- LineFilter.cpp - Which lines' findings a run shows ----------------===//
//
// --line-filter is clang-tidy's (its JSON, read by clang-tidy's own
// parser). --diff=<revision> and --diff-file=<patch> are the pull-request
// mode, as clang-tidy-diff: the lines a change adds or modifies, from
// `git diff -U0 <revision>` or from a unified diff, become the line filter;
// without files named, the changed files are analysed.
// docs/ci.md, "Pull requests".
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Options.h"

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>

using namespace llvm;
using namespace warplint::cli;
using clang::tidy::FileFilter;

namespace {

/// The lines a unified diff adds or changes in the new version of each
/// file, by the file's name in the diff ("b/" and "a/" taken off, as
/// `patch -p1`). Context lines are not changes; deletions change no line of
/// the new version. False (with \p Error) when it is not a unified diff.
bool changedLines(StringRef Diff,
                  std::map<std::string, std::vector<FileFilter::LineRange>> &Out,
                  std::string &Error) {
  std::string File;
  unsigned Line = 0;     // the new version's line of the next body line
  unsigned Remaining = 0; // new-version lines left in the hunk
  bool SawHunk = false;
  unsigned Number = 0;
  SmallVector<StringRef> Lines;
  Diff.split(Lines, '\n');
  for (StringRef L : Lines) {
    ++Number;
    L.consume_back("\r");
    if (L.starts_with("+++ ")) {
      StringRef Name = L.drop_front(4).split('\t').first.trim();
      if (Name == "/dev/null") {
        File.clear();
      } else {
        if (Name.starts_with("b/") || Name.starts_with("a/"))
          Name = Name.drop_front(2);
        File = Name.str();
        Out[File]; // a file the diff names: only its changed lines
      }
      Remaining = 0;
      continue;
    }
    if (L.starts_with("@@ ")) {
      // @@ -a[,b] +c[,d] @@
      size_t Plus = L.find(" +");
      if (Plus == StringRef::npos) {
        Error = "line " + std::to_string(Number) + ": a hunk header without "
                "'+<line>': '" + L.str() + "'";
        return false;
      }
      StringRef New = L.drop_front(Plus + 2).split(' ').first;
      auto [Start, Count] = New.split(',');
      unsigned S = 0, C = 1;
      if (Start.getAsInteger(10, S) ||
          (!Count.empty() && Count.getAsInteger(10, C))) {
        Error = "line " + std::to_string(Number) + ": a hunk header whose "
                "new range is not numbers: '" + L.str() + "'";
        return false;
      }
      Line = S;
      Remaining = C;
      SawHunk = true;
      continue;
    }
    if (!Remaining || File.empty())
      continue;
    if (L.starts_with("+")) {
      auto &R = Out[File];
      if (!R.empty() && R.back().second + 1 == Line)
        R.back().second = Line;
      else
        R.push_back({Line, Line});
      ++Line;
      --Remaining;
    } else if (L.starts_with(" ") || L.empty()) {
      ++Line;
      --Remaining;
    }
    // '-' lines and "\ No newline at end of file" move nothing.
  }
  if (!SawHunk && !Diff.trim().empty()) {
    Error = "no hunk ('@@ -a,b +c,d @@') in it: it is not a unified diff";
    return false;
  }
  return true;
}

/// Runs git with \p Args in the current directory; its standard output in
/// \p Out. False (with \p Error) when git cannot be run or fails.
bool runGit(ArrayRef<StringRef> Args, std::string &Out, std::string &Error) {
  ErrorOr<std::string> Git = sys::findProgramByName("git");
  if (!Git) {
    Error = "git is not on PATH";
    return false;
  }
  SmallString<128> OutFile, ErrFile;
  sys::fs::createTemporaryFile("warplint-git", "out", OutFile);
  sys::fs::createTemporaryFile("warplint-git", "err", ErrFile);
  std::vector<StringRef> Argv{*Git};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(OutFile),
                                          StringRef(ErrFile)};
  int RC = sys::ExecuteAndWait(*Git, Argv, std::nullopt, Redirects);
  auto O = MemoryBuffer::getFile(OutFile);
  auto E = MemoryBuffer::getFile(ErrFile);
  sys::fs::remove(OutFile);
  sys::fs::remove(ErrFile);
  if (RC != 0) {
    Error = E ? (*E)->getBuffer().trim().str() : "git failed";
    if (Error.empty())
      Error = "git exited with status " + std::to_string(RC);
    return false;
  }
  Out = O ? (*O)->getBuffer().str() : "";
  return true;
}

} // namespace

bool makeLineFilter(std::vector<FileFilter> &Filter,
                    std::vector<std::string> &Changed) {
  int Given = !LineFilter.empty() + !DiffRev.empty() + !DiffFile.empty();
  if (Given > 1) {
    errs() << "warplint: error: --line-filter, --diff and --diff-file are "
              "exclusive\n";
    return false;
  }
  if (!LineFilter.empty()) {
    clang::tidy::ClangTidyGlobalOptions G;
    if (std::error_code EC = clang::tidy::parseLineFilter(LineFilter, G)) {
      errs() << "warplint: error: invalid --line-filter: " << EC.message()
             << " (expected JSON as '[{\"name\":\"file.cu\",\"lines\":[[1,"
                "10]]}]')\n";
      return false;
    }
    Filter = std::move(G.LineFilter);
    return true;
  }
  if (Given == 0)
    return true;
  std::string Diff, Error, Root;
  if (!DiffRev.empty()) {
    if (!runGit({"rev-parse", "--show-toplevel"}, Root, Error) ||
        !runGit({"diff", "-U0", "--no-color", "--no-ext-diff", DiffRev, "--"},
                Diff, Error)) {
      errs() << "warplint: error: --diff=" << DiffRev << ": " << Error << "\n";
      return false;
    }
    Root = StringRef(Root).trim().str();
  } else {
    auto Buf = DiffFile == "-" ? MemoryBuffer::getSTDIN()
                               : MemoryBuffer::getFile(DiffFile);
    if (!Buf) {
      errs() << "warplint: error: cannot read --diff-file='" << DiffFile
             << "': " << Buf.getError().message() << "\n";
      return false;
    }
    Diff = (*Buf)->getBuffer().str();
  }
  std::map<std::string, std::vector<FileFilter::LineRange>> Lines;
  if (!changedLines(Diff, Lines, Error)) {
    errs() << "warplint: error: "
           << (DiffRev.empty() ? "--diff-file='" + DiffFile + "'"
                               : "the output of git diff " + DiffRev)
           << ": " << Error << "\n";
    return false;
  }
  for (auto &[File, Ranges] : Lines) {
    SmallString<256> Full(Root.empty() ? File : Root + "/" + File);
    Changed.push_back(std::string(Full));
    if (Ranges.empty())
      continue; // only deletions: no line of it is shown
    // clang-tidy matches a filter name as the end of the file's name: the
    // path in the diff matches however the build names the file.
    Filter.push_back({File, std::move(Ranges)});
  }
  // Nothing changed: nothing is shown (an empty filter would show all).
  if (Filter.empty())
    Filter.push_back({"/warplint: no changed line/", {}});
  return true;
}

/// The root of the git repository holding the current directory (the
/// nearest directory above it with a .git), else the current directory:
/// SARIF's locations are relative to it, as code scanning expects.
std::string repositoryRoot() {
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  for (StringRef D = Cwd; !D.empty(); D = sys::path::parent_path(D)) {
    SmallString<256> Git(D);
    sys::path::append(Git, ".git");
    if (sys::fs::exists(Git))
      return D.str();
  }
  return std::string(Cwd);
}

/// Pull-request mode without files named: the compile database's files
/// the diff changes; all of them when it changes a header (which any may
/// include). False (said) when it changes none.
bool onlyChanged(std::vector<std::string> &Files,
                        const std::vector<std::string> &Changed) {
  std::vector<std::string> Kept;
  bool Header = false;
  for (const std::string &C : Changed) {
    bool InDB = false;
    for (const std::string &F : Files)
      if (F == C || StringRef(F).ends_with("/" + C)) {
        InDB = true;
        if (std::find(Kept.begin(), Kept.end(), F) == Kept.end())
          Kept.push_back(F);
      }
    StringRef Ext = sys::path::extension(C);
    if (!InDB && (Ext == ".cuh" || Ext == ".h" || Ext == ".hpp" ||
                  Ext == ".hh" || Ext == ".inl" || Ext == ".cu"))
      Header = true;
  }
  if (Header) {
    if (!Quiet)
      errs() << "warplint: note: the diff changes a header; every CUDA file "
                "of the compile database is analysed, and only the changed "
                "lines' findings are shown\n";
    return true;
  }
  if (Kept.empty()) {
    if (!Quiet)
      errs() << "warplint: note: the diff changes no CUDA file of the "
                "compile database; nothing to analyse\n";
    return false;
  }
  std::sort(Kept.begin(), Kept.end());
  Files = std::move(Kept);
  return true;
}

