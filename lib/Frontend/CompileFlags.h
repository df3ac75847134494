//===- CompileFlags.h - nvcc command lines to clang's ----------------------===//
//
// Compile databases of CUDA projects carry nvcc's flags, which clang rejects.
// translateCompileCommand() rewrites such a command line into one clang's
// driver accepts, keeping what matters to the analysis (target GPU
// architectures, -maxrregcount, the toolkit path) on the side.
//
// No Clang header here: this is plain string work, unit-tested on its own.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_COMPILEFLAGS_H
#define WARPLINT_FRONTEND_COMPILEFLAGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct TranslatedCommand {
  /// The clang-compatible command line; Args[0] is the compiler as given.
  std::vector<std::string> Args;
  /// True when Args[0] named nvcc (the command was translated).
  bool WasNvcc = false;
  /// GPU architectures named by the command, as "sm_XX", in order, without
  /// duplicates (from -arch, -gencode ... code=sm_XX, --cuda-gpu-arch, ...).
  std::vector<std::string> GpuArchs;
  /// -maxrregcount N, kept for occupancy.
  std::optional<unsigned> MaxRegCount;
  /// The CUDA toolkit the command names, if any: the directory above nvcc's
  /// bin/, or --cuda-path=. Empty when none is named.
  std::string CudaPath;
  /// One line per dropped or rewritten flag, printed under --verbose, e.g.
  /// "dropped unknown nvcc flag '--foo'".
  std::vector<std::string> Notes;
};

/// Translates one compile command. \p Directory is the command's working
/// directory (for relative response files such as CMake's --options-file).
/// Commands whose compiler is not nvcc are returned unchanged apart from
/// collecting GpuArchs/CudaPath from clang's own flags.
TranslatedCommand translateCompileCommand(llvm::ArrayRef<std::string> Args,
                                          llvm::StringRef Directory = "");

/// True when \p Compiler (argv[0]) is nvcc, by its file name.
bool isNvcc(llvm::StringRef Compiler);
/// Whether \p Args hold a flag only nvcc has (-arch=sm_90, -gencode,
/// -maxrregcount, -Xcompiler, ...): flags given after `--` on warplint's
/// command line are then translated as an nvcc command's.
bool hasNvccOnlyFlag(llvm::ArrayRef<std::string> Args);

} // namespace warplint

#endif
