//===- WarplintTidy.cpp - Running the checks through clang-tidy -----------===//
#include "WarplintTidy.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"

namespace warplint {

using namespace clang::tidy;

ClangTidyOptions warplintDefaultOptions() {
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  // warplint-kernel-cost is off unless enabled (it needs a budget).
  Defaults.Checks = "-*,warplint-*,-warplint-kernel-cost";
  // Findings in every header of the user's project: kernels live in
  // included *_kernel.cu and .cuh files. System headers (the toolkit's,
  // warplint's built-in one, anything included through -isystem) stay out
  // (SystemHeaders is false); --header-filter or a .clang-tidy file's
  // HeaderFilterRegex narrows it (README.md, --header-filter).
  Defaults.HeaderFilterRegex = ".*";
  return Defaults;
}

std::unique_ptr<ClangTidyOptionsProvider>
makeWarplintOptionsProvider(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                            const ClangTidyOptions &Overrides,
                            llvm::StringRef ConfigYaml, std::string &Error,
                            const ClangTidyGlobalOptions &Global) {
  if (!ConfigYaml.empty()) {
    auto Parsed =
        parseConfiguration(llvm::MemoryBufferRef(ConfigYaml, "--config"));
    if (!Parsed) {
      Error = Parsed.getError().message();
      return nullptr;
    }
    return std::make_unique<ConfigOptionsProvider>(
        Global, warplintDefaultOptions(), std::move(*Parsed), Overrides, FS);
  }
  return std::make_unique<FileOptionsProvider>(Global, warplintDefaultOptions(),
                                               Overrides, FS);
}

} // namespace warplint

namespace warplint {

namespace {

/// The checks' consumer for each file the tool parses.
class ChecksAction : public clang::ASTFrontendAction {
public:
  explicit ChecksAction(ClangTidyASTConsumerFactory &Factory)
      : Factory(Factory) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef File) override {
    return Factory.createASTConsumer(CI, File);
  }

private:
  ClangTidyASTConsumerFactory &Factory;
};

class ChecksActionFactory : public clang::tooling::FrontendActionFactory {
public:
  ChecksActionFactory(ClangTidyContext &Context,
                      llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS)
      : Factory(Context, std::move(FS)) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<ChecksAction>(Factory);
  }
  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> Invocation,
                     clang::FileManager *Files,
                     std::shared_ptr<clang::PCHContainerOperations> PCH,
                     clang::DiagnosticConsumer *Diags) override {
    // As clang-tidy: code may test __clang_analyzer__.
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
    // clang's "N warnings generated" goes to the process's stderr from
    // whichever thread ends a file; warplint says it in file order.
    Invocation->getDiagnosticOpts().ShowCarets = false;
    return FrontendActionFactory::runInvocation(std::move(Invocation), Files,
                                                std::move(PCH), Diags);
  }

private:
  ClangTidyASTConsumerFactory Factory;
};

} // namespace

std::vector<ClangTidyError>
runWarplintChecks(ClangTidyContext &Context,
                  const clang::tooling::CompilationDatabase &DB,
                  const std::string &File,
                  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
                  bool ApplyAnyFix) {
  using namespace clang::tooling;
  ClangTool Tool(DB, {File}, std::make_shared<clang::PCHContainerOperations>(),
                 FS);
  Tool.setPrintErrorMessage(false);
  // The .clang-tidy file's ExtraArgsBefore and ExtraArgs of this file.
  Tool.appendArgumentsAdjuster(
      [&Context](const CommandLineArguments &Args, llvm::StringRef Name) {
        ClangTidyOptions Opts = Context.getOptionsForFile(Name);
        CommandLineArguments R = Args;
        if (Opts.ExtraArgsBefore && !R.empty())
          R.insert(R.begin() + 1, Opts.ExtraArgsBefore->begin(),
                   Opts.ExtraArgsBefore->end());
        if (Opts.ExtraArgs)
          R.insert(R.end(), Opts.ExtraArgs->begin(), Opts.ExtraArgs->end());
        return R;
      });
  Tool.appendArgumentsAdjuster(getStripPluginsAdjuster());
  ClangTidyDiagnosticConsumer Consumer(Context, nullptr,
                                       /*RemoveIncompatibleErrors=*/true,
                                       /*GetFixesFromNotes=*/ApplyAnyFix);
  clang::DiagnosticsEngine DE(new clang::DiagnosticIDs(),
                              new clang::DiagnosticOptions(), &Consumer,
                              /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&DE);
  Tool.setDiagnosticConsumer(&Consumer);
  ChecksActionFactory Factory(Context, std::move(FS));
  Tool.run(&Factory);
  return Consumer.take();
}

} // namespace warplint
