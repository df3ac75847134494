//===- BuiltinHeaders.h - The CUDA header compiled into warplint ----------===//
//
// warplint parses CUDA without a toolkit: the headers under
// lib/Frontend/cuda-include are embedded in the binary and mounted in an
// in-memory file system at builtinIncludeDir().
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_BUILTINHEADERS_H
#define WARPLINT_FRONTEND_BUILTINHEADERS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace warplint {

struct EmbeddedFile {
  const char *Name;       ///< Path relative to the include directory.
  llvm::StringRef Contents;
};

/// Every embedded header.
llvm::ArrayRef<EmbeddedFile> builtinCudaHeaders();

/// The virtual directory the headers are mounted at.
llvm::StringRef builtinIncludeDir();

/// The header force-included in front of every translation unit that uses
/// the built-in headers.
llvm::StringRef builtinPreludeName();

} // namespace warplint

#endif
