//===- Tooling.h - Running the frontend over files --------------*- C++ -*-===//
//
// Sets up clang for CUDA the way warplint needs it: nvcc flags translated,
// the device side parsed, the built-in CUDA headers mounted (or the
// toolkit's, when the compile command names one clang 19 can read), and the
// facts extracted from every file.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_TOOLING_H
#define WARPLINT_FRONTEND_TOOLING_H

#include "Facts/ArchSpec.h"
#include "Facts/KernelFacts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CompilerInvocation;
class DiagnosticConsumer;
class FileManager;
class FrontendAction;
class PCHContainerOperations;
class Preprocessor;
namespace tooling {
class CompilationDatabase;
} // namespace tooling
} // namespace clang

namespace warplint {

enum class CudaSide { Device, Host };

struct FrontendOptions {
  /// Which side of the CUDA compilation to parse. The device side sees
  /// __CUDA_ARCH__ as the GPU does; kernels and launch sites are present in
  /// both.
  CudaSide Side = CudaSide::Device;
  /// Used when the compile command names no GPU architecture.
  std::string DefaultGpuArch = "sm_80";
  /// Print what was translated or dropped from each compile command.
  bool Verbose = false;
  /// Never use a toolkit's headers, even when the command names one.
  bool ForceBuiltinHeaders = false;
  /// Parse only, extract nothing (for benchmarks of the extraction's cost).
  bool ParseOnly = false;
  /// Where messages go (stderr by default).
  llvm::raw_ostream *Log = nullptr;
  /// Arguments appended to every compile command (after warplint's own).
  std::vector<std::string> ExtraArgs;
  /// The user's --extra-arg-before (before the command's own arguments)
  /// and --extra-arg (after them), as clang-tidy's.
  std::vector<std::string> UserArgsBefore, UserArgsAfter;
  /// The GPU whose properties the host code's cudaGetDeviceProperties
  /// gives, given the GPU the file's compile command names (empty when it
  /// names none); unset or none: they are unknown.
  std::function<std::optional<HostDevice>(llvm::StringRef CompileGpu)>
      DeviceFor;
};

/// The result of one file.
struct FileResult {
  std::string File;
  /// Facts to use: the file parsed, or had errors but some kernels' own
  /// code had none (HadErrors; Facts.Skipped lists the others).
  bool Ok = false;
  bool HadErrors = false;
  FileFacts Facts;
};

/// What warplint says of a file with compile errors: "'f.cu' could not be
/// parsed; it was not analysed" when no kernel could be, else which
/// kernels were analysed and which were not, and why.
std::string partialParseMessage(const FileFacts &F);

/// The arguments warplint adds to (or replaces in) every compile command;
/// exposed for tests. \p Args is a complete clang command line (argv[0]
/// first, the source file included); \p Builtin chooses the built-in
/// headers over a toolkit's.
/// Makes the facts of every file follow the calls the other files of its
/// program make into it (lib/Frontend/ExternalCallIndex.cpp): the files of
/// \p DB in the same directory, parsed once each. \p DB must outlive the
/// run.
void enableExternalCalls(const clang::tooling::CompilationDatabase &DB,
                         const FrontendOptions &Opts);

std::vector<std::string> adjustArgs(const std::vector<std::string> &Args,
                                    llvm::StringRef File,
                                    const FrontendOptions &Opts, bool Builtin,
                                    const std::string &CudaPath);

/// The CUDA version of the toolkit at \p CudaPath (e.g. 12040), read from
/// its include/cuda.h, or 0 if there is none.
int toolkitVersion(llvm::StringRef CudaPath);

/// The macro through which makeWarplintCompilations tells the checks the
/// GPU architecture the compile command names ("sm_13").
constexpr const char *GpuArchMacro = "__WARPLINT_GPU_ARCH__";

/// The GPU a parsed file is compiled for: \p PP's GpuArchMacro (what the
/// compile command names), else the CUDA device target's; empty if none.
std::string compileGpuArch(const clang::ASTContext &Ctx,
                           const clang::Preprocessor *PP);

/// The newest toolkit clang 19's CUDA wrapper headers parse as they are;
/// newer ones (CUDA 13) get an overlay (toolkitOverlayDir) and CCCL's
/// include directory.
constexpr int NewestToolkitClangParses = 12050;

/// The in-memory directory of the headers toolkit mode adds after every
/// include directory for toolkits newer than NewestToolkitClangParses.
inline llvm::StringRef toolkitOverlayDir() {
  return "/__warplint_builtin/toolkit-overlay";
}

struct TranslatedCommand;
/// The toolkit a compile command names: --cuda-path or nvcc's location
/// (TranslatedCommand::CudaPath), else the toolkit of an include directory
/// holding cuda_runtime_api.h (-I$(CUDA)/include); "" for none.
std::string namedToolkit(const TranslatedCommand &TC, llvm::StringRef Directory);
/// A CUDA toolkit's include directory: it holds cuda_runtime_api.h.
bool isToolkitIncludeDir(llvm::StringRef Dir);
/// The directory of include flag \p Flag at Args[I] (`-I DIR`, `-IDIR`,
/// nvcc's `-isystem=DIR`); \p Separate: it is the next argument.
std::optional<llvm::StringRef> includeDirAt(llvm::ArrayRef<std::string> Args,
                                            size_t I, llvm::StringRef Flag,
                                            bool &Separate);

/// The real file system with warplint's built-in CUDA headers mounted on
/// top: the files as they are (for printing them and applying fixes).
llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem>
makeBuiltinHeaderFileSystem();

/// The same as every parse warplint runs sees it: besides, a .cu or .cuh
/// file written with nvcc's spaced launch brackets (`k << < g, b >> > (a)`)
/// is read with them joined, at the same offsets (LegacyLaunch.h).
llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> makeParseFileSystem();

/// A compilation database whose commands are the ones of \p Inner with nvcc
/// flags translated and warplint's own arguments added (adjustArgs), so that
/// any clang-based tool (clang-tidy's runner) parses CUDA as warplint does.
/// A toolkit the command names is used when clang 19 can parse its version;
/// otherwise the built-in headers are, and a note is printed once to \p Log.
std::unique_ptr<clang::tooling::CompilationDatabase>
makeWarplintCompilations(const clang::tooling::CompilationDatabase &Inner,
                         const FrontendOptions &Opts);

/// Runs \p Action on one compiler invocation as clang's tooling does, but
/// without clang's "N errors generated" line and -v output.
bool runQuietly(clang::FrontendAction &Action,
                std::shared_ptr<clang::CompilerInvocation> Invocation,
                clang::FileManager *Files,
                std::shared_ptr<clang::PCHContainerOperations> PCH,
                clang::DiagnosticConsumer *Diags);

/// A hash of \p File's translation unit after the preprocessor, as
/// warplint parses it with \p DB's command (SourceHash.cpp): every token
/// with its file, line and column. None when there is no command or the
/// preprocessor cannot run.
std::optional<std::string>
preprocessedSourceHash(const clang::tooling::CompilationDatabase &DB,
                       llvm::StringRef File, const FrontendOptions &Opts);

/// After a toolkit's try of a file failed: whether the built-in header's
/// try counts instead. It does when it parsed, or analysed more kernels,
/// or as many with fewer errors; otherwise the toolkit's (which has its
/// libraries: Thrust, CUB, ...) stands. A missing result analysed nothing.
inline bool builtinTryIsBetter(bool BuiltinParsed, const FileFacts *Builtin,
                               const FileFacts *Toolkit) {
  if (BuiltinParsed)
    return true;
  size_t NB = Builtin ? Builtin->Kernels.size() : 0;
  size_t NT = Toolkit ? Toolkit->Kernels.size() : 0;
  return NB > NT ||
         (NB == NT && Builtin && Toolkit && Builtin->Errors < Toolkit->Errors);
}

/// Extracts the facts of every file, with the commands of \p DB. Calls
/// \p OnFile as each file is done. Returns the number of files that failed.
unsigned extractFacts(const clang::tooling::CompilationDatabase &DB,
                      llvm::ArrayRef<std::string> Files,
                      const FrontendOptions &Opts,
                      const std::function<void(FileResult &)> &OnFile);

/// Extracts the facts of an in-memory source (for tests). \p Args are the
/// compiler arguments after the file name, as after `--` on warplint's
/// command line. Errors from the parse are returned as an llvm::Error
/// holding clang's diagnostics.
llvm::Expected<FileFacts> extractFactsFromCode(
    llvm::StringRef Code, llvm::StringRef FileName = "input.cu",
    llvm::ArrayRef<std::string> Args = {},
    const FrontendOptions &Opts = FrontendOptions());

} // namespace warplint

#endif
