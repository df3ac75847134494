//===- SourceHash.cpp - What a file is, after the preprocessor ------------===//
//
// The key of warplint's result cache (tools/warplint/Launcher.cpp): a hash
// of the preprocessed translation unit as warplint parses it (the same
// command, headers and file system), token by token with each token's
// file, line and column, so that an edit anywhere in the file or in a
// header it includes, and any line that moves (the findings' places),
// makes a new key; a comment or a header the file no longer includes does
// not. Also runQuietly (Tooling.h), which runs an action on one compiler
// invocation, used here and by the facts extraction.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Tooling.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MD5.h"

namespace warplint {

using namespace clang;

bool runQuietly(FrontendAction &Action,
                std::shared_ptr<CompilerInvocation> Invocation,
                FileManager *Files, std::shared_ptr<PCHContainerOperations> PCH,
                DiagnosticConsumer *Diags) {
  CompilerInstance CI(std::move(PCH));
  CI.setInvocation(std::move(Invocation));
  CI.setFileManager(Files);
  CI.createDiagnostics(Diags, /*ShouldOwnClient=*/false);
  if (!CI.hasDiagnostics())
    return false;
  CI.setVerboseOutputStream(llvm::nulls());
  CI.createSourceManager(*Files);
  bool Ok = CI.ExecuteAction(Action);
  Files->clearStatCache();
  return Ok;
}

namespace {
class HashTokensAction : public PreprocessorFrontendAction {
public:
  explicit HashTokensAction(llvm::MD5 &H) : H(H) {}

protected:
  void ExecuteAction() override {
    CompilerInstance &CI = getCompilerInstance();
    Preprocessor &PP = CI.getPreprocessor();
    SourceManager &SM = CI.getSourceManager();
    PP.EnterMainSourceFile();
    Token T;
    do {
      PP.Lex(T);
      PresumedLoc P = SM.getPresumedLoc(T.getLocation());
      if (P.isValid() && T.isNot(tok::eof)) {
        H.update(P.getFilename());
        H.update(":" + std::to_string(P.getLine()) + ":" +
                 std::to_string(P.getColumn()) + " ");
      }
      H.update(PP.getSpelling(T));
      H.update("\n");
    } while (T.isNot(tok::eof));
  }

private:
  llvm::MD5 &H;
};
} // namespace

std::optional<std::string>
preprocessedSourceHash(const tooling::CompilationDatabase &DB,
                       llvm::StringRef File, const FrontendOptions &Opts) {
  std::unique_ptr<tooling::CompilationDatabase> W =
      makeWarplintCompilations(DB, Opts);
  std::vector<tooling::CompileCommand> Cmds = W->getCompileCommands(File);
  if (Cmds.empty())
    return std::nullopt;
  auto FS = makeParseFileSystem();
  if (!Cmds.front().Directory.empty())
    FS->setCurrentWorkingDirectory(Cmds.front().Directory);
  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), FS));
  llvm::MD5 H;
  for (const std::string &A : Cmds.front().CommandLine)
    H.update(A + "\n");
  HashTokensAction Action(H);
  // The action lives here (it holds the hash); a ToolAction runs it.
  struct Once : tooling::ToolAction {
    FrontendAction &A;
    explicit Once(FrontendAction &A) : A(A) {}
    bool runInvocation(std::shared_ptr<CompilerInvocation> Inv,
                       FileManager *Files,
                       std::shared_ptr<PCHContainerOperations> PCH,
                       DiagnosticConsumer *Diags) override {
      return runQuietly(A, std::move(Inv), Files, std::move(PCH), Diags);
    }
  } Runner(Action);
  IgnoringDiagConsumer Quiet;
  tooling::ToolInvocation Inv(Cmds.front().CommandLine, &Runner, Files.get(),
                              std::make_shared<PCHContainerOperations>());
  Inv.setDiagnosticConsumer(&Quiet);
  if (!Inv.run())
    return std::nullopt;
  llvm::MD5::MD5Result R;
  H.final(R);
  return R.digest().str().str();
}

} // namespace warplint
