//===- Analyzer.cpp - warplint's checks on unsaved editor buffers ---------===//
#include "Analyzer.h"

#include "../common/WarplintTidy.h"
#include "../../checks/CheckOptions.h"
#include "Frontend/LegacyLaunch.h"
#include "Frontend/Tooling.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

// Keeps the statically linked check module (checks/WarpLintModule.cpp).
extern volatile int WarpLintModuleAnchorSource;
[[maybe_unused]] static int WarpLintModuleAnchorDestination =
    WarpLintModuleAnchorSource;

namespace warplint {
namespace clangd {

using namespace clang;
using llvm::StringRef;

namespace {
/// A loaded compile database and the modification time of its file, so
/// that an edited one is read again.
struct CachedDatabase {
  llvm::sys::TimePoint<> ModTime;
  std::shared_ptr<tooling::CompilationDatabase> DB;
};
} // namespace

struct Analyzer::Impl {
  AnalyzerOptions Opts;
  std::map<std::string, CachedDatabase> Cache; // by database file

  /// The database in file \p File (compile_commands.json or
  /// compile_flags.txt), or null when there is none or it does not load.
  std::shared_ptr<tooling::CompilationDatabase> load(const std::string &File) {
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(File, St) || !llvm::sys::fs::is_regular_file(St))
      return nullptr;
    auto It = Cache.find(File);
    if (It != Cache.end() && It->second.ModTime == St.getLastModificationTime())
      return It->second.DB;
    std::string Err;
    std::shared_ptr<tooling::CompilationDatabase> DB;
    if (StringRef(File).ends_with(".json")) {
      auto J = tooling::JSONCompilationDatabase::loadFromFile(
          File, Err, tooling::JSONCommandLineSyntax::AutoDetect);
      // clangd guesses the command of a file the database lacks from its
      // neighbours (headers, new files); so do we.
      if (J)
        DB = tooling::inferMissingCompileCommands(std::move(J));
    } else {
      DB = tooling::FixedCompilationDatabase::loadFromFile(File, Err);
    }
    if (!DB) {
      llvm::errs() << "warplint-clangd: cannot read the compile database '"
                   << File << "': " << Err << "\n";
      return nullptr;
    }
    Cache[File] = {St.getLastModificationTime(), DB};
    return DB;
  }

  /// The database in \p Dir, as clangd looks: compile_commands.json, then
  /// build/compile_commands.json, compile_flags.txt, build/compile_flags.txt.
  std::shared_ptr<tooling::CompilationDatabase> inDir(StringRef Dir,
                                                      std::string &Source) {
    for (const char *Name :
         {"compile_commands.json", "build/compile_commands.json",
          "compile_flags.txt", "build/compile_flags.txt"}) {
      llvm::SmallString<256> P(Dir);
      llvm::sys::path::append(P, llvm::sys::path::Style::posix, Name);
      if (auto DB = load(std::string(P))) {
        Source = std::string(P);
        return DB;
      }
    }
    return nullptr;
  }

  std::shared_ptr<tooling::CompilationDatabase> find(StringRef Path,
                                                     std::string &Source) {
    if (!Opts.CompileCommandsDir.empty()) {
      llvm::SmallString<256> D(Opts.CompileCommandsDir);
      llvm::sys::fs::make_absolute(D);
      if (auto DB = inDir(D, Source))
        return DB;
      // clangd searches the file's directories when the option names a
      // directory without a database.
    }
    for (StringRef Dir = llvm::sys::path::parent_path(Path); !Dir.empty();
         Dir = llvm::sys::path::parent_path(Dir))
      if (auto DB = inDir(Dir, Source))
        return DB;
    return nullptr;
  }
};

Analyzer::Analyzer(AnalyzerOptions Opts) : I(new Impl{std::move(Opts), {}}) {}
Analyzer::~Analyzer() = default;

/// \p P as an absolute path without dots: a compile database may name its
/// files relative to the command's directory \p Dir ("../k.cu").
static std::string normalize(StringRef P, StringRef Dir) {
  llvm::SmallString<256> S(P);
  if (!S.empty() && !llvm::sys::path::is_absolute(S) && !Dir.empty())
    llvm::sys::fs::make_absolute(Dir, S);
  llvm::sys::path::remove_dots(S, /*remove_dot_dot=*/true);
  return std::string(S);
}

static std::vector<Edit> toEdits(const llvm::StringMap<tooling::Replacements> &F,
                                 StringRef Dir) {
  std::vector<Edit> Out;
  for (const auto &Entry : F)
    for (const tooling::Replacement &R : Entry.second)
      Out.push_back({normalize(R.getFilePath(), Dir), R.getOffset(),
                     R.getLength(), R.getReplacementText().str()});
  return Out;
}

/// What is wrong with the configuration of \p Path, by the rule of the
/// command line (checks/CheckOptions.h): --config, else each .clang-tidy
/// from the file's directory up, and --gpu-arch.
static std::vector<std::string>
configurationProblems(const std::string &Path, const AnalyzerOptions &O,
                      const std::map<std::string, std::string> &Unsaved) {
  std::vector<std::string> R;
  auto Check = [&](StringRef Origin, StringRef Text) {
    for (std::string &P :
         checks::configurationProblems(Origin, Text, "", !O.GpuArch.empty()))
      R.push_back(std::move(P));
  };
  if (!O.Config.empty()) {
    Check("--config", O.Config);
  } else {
    for (StringRef Dir = llvm::sys::path::parent_path(Path); !Dir.empty();
         Dir = llvm::sys::path::parent_path(Dir)) {
      llvm::SmallString<256> P(Dir);
      llvm::sys::path::append(P, ".clang-tidy");
      // The editor's text of an open .clang-tidy, as the analysis reads it.
      if (auto U = Unsaved.find(std::string(P)); U != Unsaved.end())
        Check(P, U->second);
      else if (auto Buf = llvm::MemoryBuffer::getFile(P))
        Check(P, (*Buf)->getBuffer());
    }
  }
  if (!O.GpuArch.empty()) {
    std::string P = checks::optionValueProblem("GpuArch", O.GpuArch, "");
    if (!P.empty())
      R.push_back("--gpu-arch: " + P);
  }
  return R;
}

AnalysisResult Analyzer::analyze(const std::string &Path,
                                 const std::map<std::string, std::string> &Unsaved) {
  AnalysisResult R;
  // A configuration the command line would refuse is not used here either:
  // the file gets one diagnostic that says what is wrong.
  std::vector<std::string> Bad = configurationProblems(Path, I->Opts, Unsaved);
  if (!Bad.empty()) {
    R.Problem = "invalid warplint configuration: " + llvm::join(Bad, "; ");
    return R;
  }
  std::shared_ptr<tooling::CompilationDatabase> DB = I->find(Path, R.CommandSource);
  if (!DB) {
    // clangd's fallback: the file compiled with no flags.
    DB = std::make_shared<tooling::FixedCompilationDatabase>(
        llvm::sys::path::parent_path(Path), std::vector<std::string>{});
    R.CommandSource = "no compile database: the file alone, with no flags";
  }

  // clang's tooling aborts the process on a compile command whose
  // directory is not there ("Cannot chdir"): that file gets no analysis.
  {
    std::vector<tooling::CompileCommand> Cmds = DB->getCompileCommands(Path);
    if (!Cmds.empty() && !Cmds.front().Directory.empty() &&
        !llvm::sys::fs::is_directory(Cmds.front().Directory)) {
      R.Problem = "'" + Path + "' was not analysed: its compile command (" +
                  R.CommandSource + ") runs in the directory '" +
                  Cmds.front().Directory + "', which does not exist";
      return R;
    }
  }

  // The open documents over the real files, the built-in CUDA headers
  // under them.
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS =
      makeParseFileSystem();
  auto Mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const auto &[P, Text] : Unsaved) {
    // nvcc's spaced launch brackets joined, as makeParseFileSystem reads
    // files (the same offsets: the editor's positions hold).
    std::optional<std::string> Joined;
    if (mayHoldLegacyLaunches(P))
      Joined = joinLegacyLaunches(Text);
    Mem->addFile(P, 0, llvm::MemoryBuffer::getMemBufferCopy(Joined ? *Joined : Text, P));
  }
  FS->pushOverlay(Mem);

  tidy::ClangTidyOptions Overrides;
  if (!I->Opts.Checks.empty())
    Overrides.Checks = I->Opts.Checks;
  if (!I->Opts.GpuArch.empty())
    Overrides.CheckOptions["GpuArch"] =
        tidy::ClangTidyOptions::ClangTidyValue(I->Opts.GpuArch);
  std::string Err;
  auto Provider = makeWarplintOptionsProvider(FS, Overrides, I->Opts.Config, Err);
  if (!Provider) {
    R.Problem = "invalid warplint configuration: " + Err;
    return R;
  }
  tidy::ClangTidyContext Context(std::move(Provider));
  FrontendOptions FO;
  std::unique_ptr<tooling::CompilationDatabase> WDB =
      makeWarplintCompilations(*DB, FO);
  std::vector<tidy::ClangTidyError> Errors =
      runWarplintChecks(Context, *WDB, Path, FS, /*ApplyAnyFix=*/false);

  const std::string Me = normalize(Path, "");
  for (const tidy::ClangTidyError &E : Errors) {
    if (StringRef(E.DiagnosticName).starts_with("clang-diagnostic-"))
      continue; // clangd reports the compiler's own diagnostics
    const StringRef Dir = E.BuildDirectory;
    if (normalize(E.Message.FilePath, Dir) != Me)
      continue; // in a header: clangd shows those on the header
    Finding F;
    F.Check = E.DiagnosticName;
    F.Message = E.Message.Message;
    F.IsError = E.DiagLevel == tooling::Diagnostic::Error || E.IsWarningAsError;
    F.Offset = E.Message.FileOffset;
    for (const tooling::FileByteRange &BR : E.Message.Ranges)
      if (normalize(BR.FilePath, Dir) == Me && BR.FileOffset <= F.Offset &&
          F.Offset <= BR.FileOffset + BR.Length) {
        F.Range = {BR.FileOffset, BR.FileOffset + BR.Length};
        break;
      }
    F.Fix = toEdits(E.Message.Fix, Dir);
    for (const tooling::DiagnosticMessage &N : E.Notes)
      F.Notes.push_back({normalize(N.FilePath, Dir), N.FileOffset, N.Message,
                         toEdits(N.Fix, Dir)});
    R.Findings.push_back(std::move(F));
  }
  return R;
}

} // namespace clangd
} // namespace warplint
