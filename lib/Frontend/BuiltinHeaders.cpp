//===- BuiltinHeaders.cpp -------------------------------------------------===//
#include "Frontend/BuiltinHeaders.h"

namespace {
#include "BuiltinHeaders.inc"
} // namespace

namespace warplint {

llvm::ArrayRef<EmbeddedFile> builtinCudaHeaders() { return EmbeddedFiles; }

llvm::StringRef builtinIncludeDir() { return "/__warplint_builtin/include"; }

llvm::StringRef builtinPreludeName() { return "__warplint_cuda.h"; }

} // namespace warplint
