//===- Tooling.cpp - Running the frontend over files ----------------------===//
#include "Frontend/Tooling.h"

#include "Frontend/BuiltinHeaders.h"
#include "Frontend/CompileFlags.h"
#include "Frontend/FactsExtractor.h"
#include "Frontend/LegacyLaunch.h"
#include "Frontend/ParseProblems.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <set>

using namespace clang;

namespace warplint {

std::string compileGpuArch(const ASTContext &Ctx, const Preprocessor *PP) {
  if (PP)
    if (const IdentifierInfo *II = PP->getIdentifierInfo(GpuArchMacro))
      if (const MacroInfo *MI = PP->getMacroInfo(II))
        if (MI->getNumTokens() == 1)
          return PP->getSpelling(MI->getReplacementToken(0));
  // The device target is the main target on the device side and the
  // auxiliary one on the host side.
  const TargetInfo *T = &Ctx.getTargetInfo();
  if (!T->getTriple().isNVPTX())
    T = Ctx.getAuxTargetInfo();
  if (T && T->getTriple().isNVPTX())
    return T->getTargetOpts().CPU;
  return "";
}

namespace {

class FactsConsumer : public ASTConsumer {
public:
  FactsConsumer(FileFacts &Out, CompilerInstance &CI,
                const FrontendOptions &Opts)
      : Out(Out), CI(CI), Opts(Opts) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    // A file with errors gives the facts of the kernels whose own code has
    // none (ParseProblems.h); the others are listed as skipped.
    if (Opts.ParseOnly)
      return;
    std::optional<HostDevice> Device;
    if (Opts.DeviceFor)
      Device = Opts.DeviceFor(compileGpuArch(Ctx, &CI.getPreprocessor()));
    extractFileFacts(Ctx, Out, false, Device ? &*Device : nullptr);
  }

private:
  FileFacts &Out;
  CompilerInstance &CI;
  const FrontendOptions &Opts;
};

class FactsAction : public ASTFrontendAction {
public:
  FactsAction(FileFacts &Out, const FrontendOptions &Opts)
      : Out(Out), Opts(Opts) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    watchParse(CI.getPreprocessor());
    return std::make_unique<FactsConsumer>(Out, CI, Opts);
  }

private:
  FileFacts &Out;
  const FrontendOptions &Opts;
};

/// Runs FactsAction like tooling's default, but without clang's "N errors
/// generated" line: warplint says itself which file was not analysed.
class FactsToolAction : public tooling::ToolAction {
public:
  FactsToolAction(FileFacts &Out, const FrontendOptions &Opts)
      : Out(Out), Opts(Opts) {}
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCH,
                     DiagnosticConsumer *Diags) override {
    FactsAction Action(Out, Opts);
    return runQuietly(Action, std::move(Invocation), Files, std::move(PCH),
                      Diags);
  }

private:
  FileFacts &Out;
  const FrontendOptions &Opts;
};

/// The files as the parse reads them: a CUDA source with nvcc's spaced
/// launch brackets (`k << < g, b >> > (a)`) is read with them joined, at
/// the same offsets (LegacyLaunch.h). Only for parsing: fixes are applied
/// through a file system that reads the files as they are.
class LegacyLaunchFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    llvm::SmallString<256> P;
    Path.toVector(P);
    if (!F || !mayHoldLegacyLaunches(P))
      return F;
    llvm::ErrorOr<llvm::vfs::Status> St = (*F)->status();
    auto Buf = (*F)->getBuffer(P);
    if (!St || !Buf)
      return ProxyFileSystem::openFileForRead(Path);
    std::optional<std::string> Joined = joinLegacyLaunches((*Buf)->getBuffer());
    if (!Joined)
      return ProxyFileSystem::openFileForRead(Path);
    llvm::SmallString<256> Abs(P);
    if (makeAbsolute(Abs))
      return ProxyFileSystem::openFileForRead(Path);
    // The in-memory file lives as long as this file system: its File
    // objects point into it.
    if (!Rewritten->addFile(Abs, llvm::sys::toTimeT(St->getLastModificationTime()),
                            llvm::MemoryBuffer::getMemBufferCopy(*Joined, P)))
      return ProxyFileSystem::openFileForRead(Path); // changed meanwhile
    return Rewritten->openFileForRead(Abs);
  }

private:
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Rewritten =
      llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
};

/// The real file system with the built-in CUDA headers mounted on top.
llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem>
makeFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> &Mem,
               bool ForParsing = true) {
  // A physical file system with a working directory of its own: clang's
  // tooling sets it to each compile command's directory, and the
  // process-wide one (getRealFileSystem) would chdir the whole process
  // under the other worker threads (and under --output).
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base(
      llvm::vfs::createPhysicalFileSystem().release());
  if (ForParsing)
    Base = llvm::makeIntrusiveRefCnt<LegacyLaunchFileSystem>(Base);
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Base);
  Mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const EmbeddedFile &F : builtinCudaHeaders()) {
    llvm::SmallString<128> P(builtinIncludeDir());
    llvm::sys::path::append(P, F.Name);
    Mem->addFile(P, 0, llvm::MemoryBuffer::getMemBuffer(F.Contents, P, false));
  }
  // Toolkit mode, CUDA newer than 12.5: clang 19's CUDA wrapper includes
  // texture_fetch_functions.h, which CUDA 13 removed (the texture
  // references it declared are gone too). An empty one, after every
  // include directory, stands in.
  {
    llvm::SmallString<128> P(toolkitOverlayDir());
    llvm::sys::path::append(P, "texture_fetch_functions.h");
    Mem->addFile(P, 0,
                 llvm::MemoryBuffer::getMemBuffer(
                     "// warplint: CUDA 13 removed this header; clang 19's "
                     "CUDA wrapper still includes it.\n",
                     P, false));
  }
  Overlay->pushOverlay(Mem);
  return Overlay;
}

/// Passes errors on to a printer; warnings only when asked for. The parse
/// itself runs with -w, so what remains are the driver's notes about the
/// command line, which are noise unless the user wants --verbose.
class FilteringConsumer : public DiagnosticConsumer {
public:
  FilteringConsumer(DiagnosticConsumer &Next, bool Warnings)
      : Next(Next), Warnings(Warnings) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Next.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next.EndSourceFile(); }
  void finish() override { Next.finish(); }
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    if (L < DiagnosticsEngine::Error && !Warnings && !(L == DiagnosticsEngine::Note && LastPassed))
      return;
    LastPassed = L >= DiagnosticsEngine::Error || Warnings;
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    Next.HandleDiagnostic(L, Info);
  }

private:
  DiagnosticConsumer &Next;
  bool Warnings;
  bool LastPassed = false;
};

/// Runs the facts action on one command line. Diagnostics go to \p Diag.
bool runOne(const std::vector<std::string> &Args, StringRef Directory,
            llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
            llvm::raw_ostream &Diag, FileFacts &Out,
            const FrontendOptions &Opts) {
  if (!Directory.empty())
    FS->setCurrentWorkingDirectory(Directory);
  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), FS));
  auto DiagOpts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = false;
  TextDiagnosticPrinter Printer(Diag, DiagOpts.get());
  FilteringConsumer Filter(Printer, Opts.Verbose);
  FactsToolAction Action(Out, Opts);
  tooling::ToolInvocation Inv(Args, &Action, Files.get(),
                              std::make_shared<PCHContainerOperations>());
  Inv.setDiagnosticConsumer(&Filter);
  Inv.setDiagnosticOptions(DiagOpts.get());
  bool Ok = Inv.run();
  return Ok && Filter.getNumErrors() == 0;
}

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem>
makeBuiltinHeaderFileSystem() {
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Mem;
  return makeFileSystem(Mem, /*ForParsing=*/false);
}

llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> makeParseFileSystem() {
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Mem;
  return makeFileSystem(Mem, /*ForParsing=*/true);
}

namespace {
class WarplintCompilations : public tooling::CompilationDatabase {
public:
  WarplintCompilations(const tooling::CompilationDatabase &Inner,
                       const FrontendOptions &Opts)
      : Inner(Inner), Opts(Opts) {}

  std::vector<tooling::CompileCommand>
  getCompileCommands(StringRef File) const override {
    return adjust(Inner.getCompileCommands(File));
  }
  std::vector<std::string> getAllFiles() const override {
    return Inner.getAllFiles();
  }
  std::vector<tooling::CompileCommand> getAllCompileCommands() const override {
    return adjust(Inner.getAllCompileCommands());
  }

private:
  std::vector<tooling::CompileCommand>
  adjust(std::vector<tooling::CompileCommand> Cmds) const {
    llvm::raw_ostream &Log = Opts.Log ? *Opts.Log : llvm::errs();
    for (tooling::CompileCommand &C : Cmds) {
      TranslatedCommand TC = translateCompileCommand(C.CommandLine, C.Directory);
      if (Opts.Verbose)
        for (const std::string &N : TC.Notes)
          Log << "warplint: " << C.Filename << ": " << N << "\n";
      const std::string Toolkit = namedToolkit(TC, C.Directory);
      bool Builtin = Opts.ForceBuiltinHeaders || Toolkit.empty();
      if (!Builtin && toolkitVersion(Toolkit) == 0) {
        if (Said.insert(Toolkit).second)
          Log << "warplint: note: the CUDA toolkit at '" << Toolkit
              << "' is not there; using warplint's built-in CUDA header\n";
        Builtin = true;
      }
      C.CommandLine = adjustArgs(TC.Args, C.Filename, Opts, Builtin, Toolkit);
      // The GPU the command compiles for, also when clang 19 does not know
      // it (sm_13): the checks read it from this macro.
      if (!TC.GpuArchs.empty())
        C.CommandLine.insert(C.CommandLine.begin() + 1,
                             "-D" + std::string(GpuArchMacro) + "=" +
                                 TC.GpuArchs.front());
      if (Opts.Verbose) // as the facts path prints it
        Log << "warplint: " << C.Filename << ": clang "
            << llvm::join(llvm::ArrayRef(C.CommandLine).drop_front(), " ") << "\n";
    }
    return Cmds;
  }

  const tooling::CompilationDatabase &Inner;
  FrontendOptions Opts;
  mutable std::set<std::string> Said;
};
} // namespace

std::unique_ptr<tooling::CompilationDatabase>
makeWarplintCompilations(const tooling::CompilationDatabase &Inner,
                         const FrontendOptions &Opts) {
  return std::make_unique<WarplintCompilations>(Inner, Opts);
}

std::vector<std::string> adjustArgs(const std::vector<std::string> &Args,
                                    StringRef File, const FrontendOptions &Opts,
                                    bool Builtin, const std::string &CudaPath) {
  std::vector<std::string> R;
  R.push_back("clang++");
  bool HaveArch = false, HaveLang = false;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    // Output, dependency files and the compile step: irrelevant to a
    // syntax-only parse.
    if (A == "-c" || A == "-S" || A == "-E" || A == "-fsyntax-only" ||
        A == "-MD" || A == "-MMD" || A == "-M" || A == "-MM" || A == "-MP")
      continue;
    if (A == "-o" || A == "-MF" || A == "-MT" || A == "-MQ") {
      ++I;
      continue;
    }
    if ((A.starts_with("-o") && A.size() > 2) || A.starts_with("-MF") ||
        A.starts_with("-MT") || A.starts_with("-MQ"))
      continue;
    if (A == "--cuda-host-only" || A == "--cuda-device-only" ||
        A == "--cuda-compile-host-device" || A == "-nocudainc" ||
        A == "-nocudalib" || A == "--no-cuda-version-check")
      continue;
    if (A.starts_with("--cuda-path=") || A.starts_with("-resource-dir"))
      continue;
    if (A.starts_with("--cuda-gpu-arch=") || A.starts_with("--offload-arch=")) {
      // One device job: the first architecture named.
      if (HaveArch)
        continue;
      HaveArch = true;
    }
    if (A == "-x" || A.starts_with("-x"))
      HaveLang = true;
    // With the built-in headers, a toolkit's include directory named by the
    // command (-I$(CUDA_DIR)/include, as many Makefiles write) would bring
    // the toolkit's own cuda.h back in: leave it out.
    for (StringRef Flag : {"-I", "-isystem", "-idirafter", "-iquote"}) {
      bool Separate;
      std::optional<StringRef> Dir =
          Builtin ? includeDirAt(Args, I, Flag, Separate) : std::nullopt;
      if (Dir && isToolkitIncludeDir(*Dir)) {
        if (Separate)
          ++I;
        A = "";
        break;
      }
    }
    if (A.empty())
      continue;
    R.push_back(Args[I]);
  }
  std::vector<std::string> Extra;
  Extra.push_back("-fsyntax-only");
  if (!HaveLang && !File.ends_with(".cu"))
    Extra.push_back("-xcuda");
  if (!HaveArch)
    Extra.push_back("--cuda-gpu-arch=" + Opts.DefaultGpuArch);
  Extra.push_back(Opts.Side == CudaSide::Device ? "--cuda-device-only"
                                                : "--cuda-host-only");
  Extra.push_back("-nocudalib");
  Extra.push_back("-Wno-unknown-cuda-version");
  Extra.push_back("-w");
  // nvcc (through the host compiler) only warns on "a"MACRO"b" string
  // pasting, which clang makes an error by default; tolerate it as nvcc
  // does, so that such code parses.
  Extra.push_back("-Wno-reserved-user-defined-literal");
  // nvcc also accepts narrowing in braced initialisers and the `register`
  // storage class in C++17, which clang makes errors by default.
  Extra.push_back("-Wno-c++11-narrowing");
  Extra.push_back("-Wno-register");
  // Every error's place, for analysing what parsed (ParseProblems.cpp,
  // which shows the first 20 as clang would).
  Extra.push_back("-ferror-limit=0");
  Extra.push_back("-resource-dir");
  Extra.push_back(WARPLINT_CLANG_RESOURCE_DIR);
  if (Builtin) {
    // Hermetic: a toolkit installed on the machine must not be detected.
    Extra.push_back("-nocudainc");
    Extra.push_back("--cuda-path=" + builtinIncludeDir().str() + "/no-toolkit");
    Extra.push_back("-isystem");
    Extra.push_back(builtinIncludeDir().str());
    Extra.push_back("-include");
    Extra.push_back(builtinPreludeName().str());
  } else {
    Extra.push_back("--cuda-path=" + CudaPath);
    // CUDA 13 keeps Thrust, CUB and libcu++ under include/cccl, which nvcc
    // adds to the search path and clang does not.
    llvm::SmallString<256> Cccl(CudaPath);
    llvm::sys::path::append(Cccl, "include", "cccl");
    if (llvm::sys::fs::is_directory(Cccl)) {
      Extra.push_back("-isystem");
      Extra.push_back(std::string(Cccl));
    }
    // Host twins of CUDA's min/max, which nvcc's host pass has
    // (__warplint_toolkit_prelude.h says why).
    Extra.push_back("-include");
    Extra.push_back(builtinIncludeDir().str() + "/__warplint_toolkit_prelude.h");
    if (toolkitVersion(CudaPath) > NewestToolkitClangParses) {
      Extra.push_back("-idirafter");
      Extra.push_back(toolkitOverlayDir().str());
      // clang 19's driver gives no SDK version for a toolkit it does not
      // know, and Sema then spells a launch with cudaConfigureCall, which
      // CUDA 13 removed; 12.5 selects __cudaPushCallConfiguration, as nvcc.
      Extra.push_back("-Xclang");
      Extra.push_back("-target-sdk-version=12.5");
    }
  }
  Extra.insert(Extra.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
  Extra.insert(Extra.end(), Opts.UserArgsBefore.begin(),
               Opts.UserArgsBefore.end());
  R.insert(R.begin() + 1, Extra.begin(), Extra.end());
  R.insert(R.end(), Opts.UserArgsAfter.begin(), Opts.UserArgsAfter.end());
  return R;
}

unsigned extractFacts(const tooling::CompilationDatabase &DB,
                      llvm::ArrayRef<std::string> Files,
                      const FrontendOptions &Opts,
                      const std::function<void(FileResult &)> &OnFile) {
  llvm::raw_ostream &Log = Opts.Log ? *Opts.Log : llvm::errs();
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Mem;
  auto FS = makeFileSystem(Mem);
  std::set<std::string> SaidOnce;
  auto Once = [&](const std::string &Msg) {
    if (SaidOnce.insert(Msg).second)
      Log << "warplint: note: " << Msg << "\n";
  };
  unsigned Failed = 0;
  for (const std::string &File : Files) {
    FileResult Result;
    Result.File = File;
    Result.Facts.File = File;
    std::vector<tooling::CompileCommand> Cmds = DB.getCompileCommands(File);
    if (Cmds.empty()) {
      Log << "warplint: error: no compile command for '" << File
          << "' in the compilation database\n";
      ++Failed;
      OnFile(Result);
      continue;
    }
    const tooling::CompileCommand &Cmd = Cmds.front();
    if (!llvm::sys::fs::exists(File) &&
        !llvm::sys::fs::exists(Cmd.Directory + "/" + File)) {
      Log << "warplint: error: '" << File << "': no such file\n";
      ++Failed;
      OnFile(Result);
      continue;
    }
    TranslatedCommand TC = translateCompileCommand(Cmd.CommandLine, Cmd.Directory);
    if (Opts.Verbose)
      for (const std::string &N : TC.Notes)
        Log << "warplint: " << File << ": " << N << "\n";
    Result.Facts.Compile.GpuArchs = TC.GpuArchs;
    Result.Facts.Compile.MaxRegCount = TC.MaxRegCount;
    Result.Facts.Compile.CudaPath = TC.CudaPath;

    const std::string Toolkit = namedToolkit(TC, Cmd.Directory);
    Result.Facts.Compile.CudaPath = Toolkit;
    bool Builtin = Opts.ForceBuiltinHeaders || Toolkit.empty();
    if (!Builtin && toolkitVersion(Toolkit) == 0) {
      Once("no CUDA toolkit headers at '" + Toolkit +
           "' (named by the compile command); using warplint's built-in "
           "CUDA header");
      Builtin = true;
    }
    auto Run = [&](bool WithBuiltin, llvm::raw_ostream &Diag) {
      std::vector<std::string> Args =
          adjustArgs(TC.Args, File, Opts, WithBuiltin, Toolkit);
      if (Opts.Verbose)
        Log << "warplint: " << File << ": clang "
            << llvm::join(llvm::ArrayRef(Args).drop_front(), " ") << "\n";
      return runOne(Args, Cmd.Directory, FS, Diag, Result.Facts, Opts);
    };
    // Ok: parsed without errors. A file with errors still has the facts of
    // its kernels that parsed (Result.Facts.Skipped lists the others).
    if (Builtin) {
      Result.Ok = Run(true, Log);
    } else {
      // With a toolkit, keep its diagnostics back: if its headers defeat
      // clang, the built-in header gets a second try, and the better counts.
      std::string Diags;
      llvm::raw_string_ostream DiagOS(Diags);
      Result.Ok = Run(false, DiagOS);
      if (!Result.Ok) {
        // The better try counts (builtinTryIsBetter), with its diagnostics.
        FileFacts WithToolkit = std::move(Result.Facts);
        Result.Facts = FileFacts();
        Result.Facts.File = File;
        Result.Facts.Compile.GpuArchs = TC.GpuArchs;
        Result.Facts.Compile.MaxRegCount = TC.MaxRegCount;
        Result.Facts.Compile.CudaPath = TC.CudaPath;
        std::string BDiags;
        llvm::raw_string_ostream BDiagOS(BDiags);
        Result.Ok = Run(true, BDiagOS);
        Builtin = builtinTryIsBetter(Result.Ok, &Result.Facts, &WithToolkit);
        if (Builtin)
          Once("clang 19 could not parse the CUDA toolkit headers at '" +
               Toolkit + "'; using warplint's built-in CUDA header");
        else
          Result.Facts = std::move(WithToolkit);
        Log << (Builtin ? BDiags : Diags);
      } else {
        Log << Diags;
      }
    }
    Result.Facts.Compile.UsedBuiltinHeaders = Builtin;
    Result.HadErrors = !Result.Ok;
    if (!Result.Ok) {
      Log << "warplint: error: " << partialParseMessage(Result.Facts) << "\n";
      ++Failed;
      // What parsed is analysed; a file none of whose kernels did is not.
      Result.Ok = !Result.Facts.Kernels.empty();
    }
    OnFile(Result);
  }
  return Failed;
}

llvm::Expected<FileFacts> extractFactsFromCode(StringRef Code,
                                               StringRef FileName,
                                               llvm::ArrayRef<std::string> Args,
                                               const FrontendOptions &Opts) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Mem;
  auto FS = makeFileSystem(Mem);
  llvm::SmallString<128> Path(FileName);
  if (!llvm::sys::path::is_absolute(Path))
    Path = ("/warplint-input/" + FileName).str();
  Mem->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Code, Path));
  std::vector<std::string> Cmd{"clang++"};
  Cmd.insert(Cmd.end(), Args.begin(), Args.end());
  Cmd.push_back(std::string(Path));
  TranslatedCommand TC = translateCompileCommand(Cmd, "");
  FileFacts Facts;
  Facts.File = std::string(Path);
  std::string Diags;
  llvm::raw_string_ostream DiagOS(Diags);
  bool Ok = runOne(adjustArgs(TC.Args, Path, Opts, true, ""), "/warplint-input",
                   FS, DiagOS, Facts, Opts);
  if (!Ok)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s could not be parsed:\n%s",
                                   Path.c_str(), Diags.c_str());
  return Facts;
}

} // namespace warplint
