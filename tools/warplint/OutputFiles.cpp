//===- OutputFiles.cpp - The files a run reads by name and writes ---------===//
//
// Paths the user names are taken against the directory warplint was started
// in, before any work (resolveUserPaths). A report or a fixes file never
// replaces a file the analysis reads (checkOutputPaths), and is written
// through a temporary file renamed into place, so that a failed run leaves
// no half-written file (writeOutputFile).
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Options.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace warplint::cli;

namespace {

/// \p Path made absolute against \p Dir, its dots removed; "-" and "" kept.
void absoluteAgainst(std::string &Path, StringRef Dir) {
  if (Path.empty() || Path == "-" || sys::path::is_absolute(Path))
    return;
  SmallString<256> P(Path);
  sys::fs::make_absolute(Dir, P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  Path = std::string(P);
}

template <typename Opt> void absoluteOption(Opt &O, StringRef Dir) {
  std::string V = O;
  absoluteAgainst(V, Dir);
  O = V;
}

/// A C, C++ or CUDA source or header, by its extension.
bool isSourceName(StringRef Path) {
  const std::string Ext = sys::path::extension(Path).lower();
  for (StringRef E : {".cu", ".cuh", ".c", ".cc", ".cpp", ".cxx", ".c++", ".h",
                      ".hh", ".hpp", ".hxx", ".h++", ".inl", ".inc", ".tcc",
                      ".ipp", ".cl"})
    if (Ext == E)
      return true;
  return false;
}

/// The files an output must not replace: the inputs, every file of the
/// compile database, and the files warplint reads by name.
std::vector<std::string> readFiles(const clang::tooling::CompilationDatabase &DB,
                                   const std::vector<std::string> &Files) {
  std::vector<std::string> R = Files;
  for (const std::string &F : DB.getAllFiles())
    R.push_back(F);
  for (const std::string &F : {std::string(ConfigFile), std::string(Baseline),
                               std::string(DiffFile)})
    if (!F.empty() && F != "-")
      R.push_back(F);
  return R;
}

/// Why \p Out (an existing file) must not be written, or "".
std::string whyNotWritable(StringRef Out, const std::vector<std::string> &Read,
                           const clang::tooling::CompilationDatabase &DB) {
  sys::fs::UniqueID OutId;
  if (sys::fs::getUniqueID(Out, OutId))
    return ""; // not there yet
  for (const std::string &F : Read) {
    sys::fs::UniqueID In;
    bool Same = !sys::fs::getUniqueID(F, In) && In == OutId;
    if (!Same && !sys::path::is_absolute(F))
      for (const clang::tooling::CompileCommand &C : DB.getCompileCommands(F)) {
        SmallString<256> P(F);
        sys::fs::make_absolute(C.Directory, P);
        Same |= !sys::fs::getUniqueID(P, In) && In == OutId;
      }
    if (Same)
      return "is a file the analysis reads" +
             (F == Out ? std::string() : " ('" + F + "')");
  }
  if (isSourceName(Out))
    return "is an existing source file or header (one the translation "
           "units may include)";
  return "";
}

} // namespace

void resolveUserPaths(StringRef StartDir) {
  absoluteOption(OutputFile, StartDir);
  absoluteOption(ExportFixes, StartDir);
  absoluteOption(ConfigFile, StartDir);
  absoluteOption(ArchDir, StartDir);
  absoluteOption(Baseline, StartDir);
  absoluteOption(DiffFile, StartDir);
  absoluteOption(BuildPath, StartDir);
  // A program name alone is looked up on PATH.
  if (StringRef(NvccOpt).contains('/'))
    absoluteOption(NvccOpt, StartDir);
}

bool checkOutputPaths(const clang::tooling::CompilationDatabase &DB,
                      const std::vector<std::string> &Files) {
  const std::vector<std::string> Read = readFiles(DB, Files);
  for (auto [Name, Path] : {std::pair<const char *, std::string>{"--output", OutputFile},
                            {"--export-fixes", ExportFixes}}) {
    if (Path.empty())
      continue;
    std::string Why = whyNotWritable(Path, Read, DB);
    if (!Why.empty()) {
      errs() << "warplint: error: " << Name << "='" << Path << "' " << Why
             << "; it would be overwritten. Name another file\n";
      return false;
    }
  }
  if (!OutputFile.empty() && std::string(OutputFile) == std::string(ExportFixes)) {
    errs() << "warplint: error: --output and --export-fixes name the same "
              "file '"
           << OutputFile << "'\n";
    return false;
  }
  return true;
}

bool writeOutputFile(StringRef Path, StringRef Option,
                     const std::function<void(raw_ostream &)> &Write) {
  auto Fail = [&](const std::string &Why) {
    errs() << "warplint: error: cannot write " << Option << "='" << Path
           << "': " << Why << "\n";
    return false;
  };
  sys::fs::file_status St;
  const bool Exists = !sys::fs::status(Path, St);
  // Beside the target, so that the rename stays on one file system.
  SmallString<256> Model(Path);
  Model += ".warplint-%%%%%%";
  SmallString<256> Tmp;
  int FD = -1;
  std::error_code TmpEC;
  if (!Exists || St.type() == sys::fs::file_type::regular_file)
    TmpEC = sys::fs::createUniqueFile(Model, FD, Tmp);
  // A directory that takes no new file: a file there that can be written
  // is written in place.
  if (TmpEC && !(Exists && !sys::fs::access(Path, sys::fs::AccessMode::Write)))
    return Fail(TmpEC.message());
  if (FD < 0) {
    // A device or a pipe (/dev/stdout, a fifo), or a writable file in a
    // directory that takes no new file: written in place.
    std::error_code EC;
    raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
    if (EC)
      return Fail(EC.message());
    Write(OS);
    OS.close();
    if (OS.has_error()) {
      std::string Why = OS.error().message();
      OS.clear_error();
      return Fail(Why);
    }
    return true;
  }
  std::string Why;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    Write(OS);
    OS.close();
    if (OS.has_error()) {
      Why = OS.error().message();
      OS.clear_error();
    }
  }
  if (Why.empty() && Exists)
    sys::fs::setPermissions(Tmp, St.permissions());
  if (Why.empty())
    if (std::error_code EC = sys::fs::rename(Tmp, Path))
      Why = EC.message();
  if (!Why.empty()) {
    sys::fs::remove(Tmp);
    return Fail(Why);
  }
  return true;
}

bool fixedFilesWritable(const std::vector<clang::tidy::ClangTidyError> &Errors,
                        std::map<std::string, sys::fs::perms> &Modes) {
  bool Ok = true;
  for (const clang::tidy::ClangTidyError &E : Errors) {
    const llvm::StringMap<clang::tooling::Replacements> *Fixes =
        clang::tidy::getFixIt(E, /*AnyFix=*/true);
    if (!Fixes)
      continue;
    for (const auto &Entry : *Fixes) {
      if (Entry.second.empty())
        continue;
      std::string File = Entry.first().str();
      absoluteAgainst(File, E.BuildDirectory);
      if (Modes.count(File))
        continue;
      sys::fs::file_status St;
      if (std::error_code EC = sys::fs::status(File, St)) {
        errs() << "warplint: error: cannot apply the fixes to '" << File
               << "': " << EC.message() << "\n";
        Ok = false;
        continue;
      }
      Modes[File] = St.permissions();
      if (std::error_code EC = sys::fs::access(File, sys::fs::AccessMode::Write)) {
        errs() << "warplint: error: cannot apply the fixes to '" << File
               << "': " << EC.message() << "; no file was changed\n";
        Ok = false;
      }
    }
  }
  if (!Ok)
    Modes.clear();
  return Ok;
}
