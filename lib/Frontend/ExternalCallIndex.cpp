//===- ExternalCallIndex.cpp - Calls into a file from its database --------===//
//
// The provider of calls into a file from the other files of its program
// (FactsExtractor.h, setExternalCallProvider): the files of the compile
// database in the same directory as the file analysed are its program's
// other files; each is parsed once per run (with warplint's built-in CUDA
// header, diagnostics dropped) and its host code run from main
// (collectExternalCalls). What a file finds depends on those files only, so
// the result is the same at any -j.
//
//===----------------------------------------------------------------------===//
#include "Frontend/CompileFlags.h"
#include "Frontend/FactsExtractor.h"
#include "Frontend/Tooling.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>
#include <memory>
#include <mutex>

using namespace clang;

namespace warplint {
namespace {

class CollectConsumer : public ASTConsumer {
public:
  CollectConsumer(std::vector<ExternalCall> &Out, const HostDevice *Device,
                  const std::map<std::string, int64_t> &Constants)
      : Out(Out), Device(Device), Constants(Constants) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Out = collectExternalCalls(Ctx, Device, Constants);
  }

private:
  std::vector<ExternalCall> &Out;
  const HostDevice *Device;
  const std::map<std::string, int64_t> &Constants;
};

class CollectAction : public ASTFrontendAction {
public:
  CollectAction(std::vector<ExternalCall> &Out, const HostDevice *Device,
                const std::map<std::string, int64_t> &Constants)
      : Out(Out), Device(Device), Constants(Constants) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<CollectConsumer>(Out, Device, Constants);
  }

private:
  std::vector<ExternalCall> &Out;
  const HostDevice *Device;
  const std::map<std::string, int64_t> &Constants;
};

class CollectToolAction : public tooling::ToolAction {
public:
  CollectToolAction(std::vector<ExternalCall> &Out, const HostDevice *Device,
                    const std::map<std::string, int64_t> &Constants)
      : Out(Out), Device(Device), Constants(Constants) {}
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCH,
                     DiagnosticConsumer *Diags) override {
    CompilerInstance CI(std::move(PCH));
    CI.setInvocation(std::move(Invocation));
    CI.setFileManager(Files);
    CI.createDiagnostics(Diags, /*ShouldOwnClient=*/false);
    CI.createSourceManager(*Files);
    CollectAction Action(Out, Device, Constants);
    return CI.ExecuteAction(Action);
  }

private:
  std::vector<ExternalCall> &Out;
  const HostDevice *Device;
  const std::map<std::string, int64_t> &Constants;
};

std::string normal(StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

class Index {
public:
  Index(const tooling::CompilationDatabase &DB, const FrontendOptions &Opts)
      : DB(DB), Opts(Opts) {
    for (const std::string &F : DB.getAllFiles())
      Files.push_back(normal(F));
    std::sort(Files.begin(), Files.end());
    Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  }

  std::vector<ExternalCall>
  callsTo(const std::string &File, const std::string &Function,
          const std::map<std::string, int64_t> &Constants) {
    const std::string Self = normal(File);
    const StringRef Dir = llvm::sys::path::parent_path(Self);
    std::vector<ExternalCall> R;
    for (const std::string &Other : Files) {
      if (Other == Self || llvm::sys::path::parent_path(Other) != Dir)
        continue;
      for (const ExternalCall &C : *callsIn(Other, Constants))
        if (C.Function == Function)
          R.push_back(C);
    }
    return R;
  }

private:
  std::shared_ptr<const std::vector<ExternalCall>>
  callsIn(const std::string &F,
          const std::map<std::string, int64_t> &Constants) {
    // What F finds depends on the constants the analysed file gives it.
    std::string Key = F;
    for (const auto &[Name, V] : Constants)
      Key += "|" + Name + "=" + std::to_string(V);
    {
      std::lock_guard<std::mutex> G(Lock);
      if (auto It = Cache.find(Key); It != Cache.end())
        return It->second;
    }
    // Parsed outside the lock: two workers may parse one file at once, to
    // the same result.
    auto Calls = std::make_shared<std::vector<ExternalCall>>();
    std::vector<tooling::CompileCommand> Cmds = DB.getCompileCommands(F);
    if (!Cmds.empty()) {
      const tooling::CompileCommand &Cmd = Cmds.front();
      TranslatedCommand TC =
          translateCompileCommand(Cmd.CommandLine, Cmd.Directory);
      FrontendOptions Quiet = Opts;
      Quiet.Verbose = false;
      std::vector<std::string> Args = adjustArgs(TC.Args, F, Quiet, true, "");
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS = makeParseFileSystem();
      FS->setCurrentWorkingDirectory(Cmd.Directory);
      llvm::IntrusiveRefCntPtr<FileManager> FM(
          new FileManager(FileSystemOptions(), FS));
      IgnoringDiagConsumer Ignore;
      // The GPU its host code runs on: as for the analysed file's.
      std::optional<HostDevice> Device;
      if (Opts.DeviceFor)
        Device = Opts.DeviceFor(TC.GpuArchs.empty() ? "" : TC.GpuArchs.front());
      CollectToolAction Action(*Calls, Device ? &*Device : nullptr, Constants);
      tooling::ToolInvocation Inv(Args, &Action, FM.get(),
                                  std::make_shared<PCHContainerOperations>());
      Inv.setDiagnosticConsumer(&Ignore);
      Inv.run();
    }
    std::lock_guard<std::mutex> G(Lock);
    return Cache.emplace(Key, std::move(Calls)).first->second;
  }

  const tooling::CompilationDatabase &DB;
  FrontendOptions Opts;
  std::vector<std::string> Files;
  std::mutex Lock;
  std::map<std::string, std::shared_ptr<const std::vector<ExternalCall>>> Cache;
};

} // namespace

void enableExternalCalls(const tooling::CompilationDatabase &DB,
                         const FrontendOptions &Opts) {
  auto I = std::make_shared<Index>(DB, Opts);
  setExternalCallProvider(
      [I](const std::string &File, const std::string &Function,
          const std::map<std::string, int64_t> &Constants) {
        return I->callsTo(File, Function, Constants);
      });
}

} // namespace warplint
