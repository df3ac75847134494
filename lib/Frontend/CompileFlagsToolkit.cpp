//===- CompileFlagsToolkit.cpp - The CUDA toolkit a command names ---------===//
//
// Which CUDA toolkit a compile command uses (--cuda-path, nvcc's location,
// or an include directory holding cuda_runtime_api.h) and its version
// (Tooling.h).
//
//===----------------------------------------------------------------------===//
#include "Frontend/CompileFlags.h"
#include "Frontend/Tooling.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstring>

using llvm::StringRef;

namespace warplint {

int toolkitVersion(StringRef CudaPath) {
  if (CudaPath.empty())
    return 0;
  llvm::SmallString<256> P(CudaPath);
  llvm::sys::path::append(P, "include", "cuda.h");
  auto Buf = llvm::MemoryBuffer::getFile(P);
  if (!Buf)
    return 0;
  StringRef Text = (*Buf)->getBuffer();
  size_t Pos = Text.find("#define CUDA_VERSION");
  if (Pos == StringRef::npos)
    return 0;
  StringRef Rest = Text.substr(Pos + strlen("#define CUDA_VERSION")).ltrim();
  int V = 0;
  Rest.take_while([](char C) { return C >= '0' && C <= '9'; }).getAsInteger(10, V);
  return V;
}

bool isToolkitIncludeDir(StringRef Dir) {
  if (Dir.empty())
    return false;
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, "cuda_runtime_api.h");
  return llvm::sys::fs::exists(P);
}

std::optional<StringRef> includeDirAt(llvm::ArrayRef<std::string> Args,
                                      size_t I, StringRef Flag,
                                      bool &Separate) {
  StringRef A = Args[I];
  if (!A.starts_with(Flag))
    return std::nullopt;
  Separate = A == Flag;
  // Each arm a StringRef into Args: `cond ? Args[I + 1] : ""` would be a
  // temporary std::string, gone before the StringRef is read.
  StringRef Dir = !Separate              ? A.drop_front(Flag.size())
                  : I + 1 < Args.size() ? StringRef(Args[I + 1])
                                        : StringRef();
  Dir.consume_front("=");
  return Dir;
}

std::string namedToolkit(const TranslatedCommand &TC, StringRef Directory) {
  if (!TC.CudaPath.empty())
    return TC.CudaPath;
  // nvcc's own include directory named by the command (-I$(CUDA)/include,
  // as Makefiles write it): its toolkit.
  for (size_t I = 1; I < TC.Args.size(); ++I) {
    for (StringRef Flag : {"-I", "-isystem", "-idirafter"}) {
      bool Separate;
      std::optional<StringRef> Dir = includeDirAt(TC.Args, I, Flag, Separate);
      if (!Dir)
        continue;
      llvm::SmallString<256> P(*Dir);
      if (!P.empty() && !llvm::sys::path::is_absolute(P) && !Directory.empty())
        llvm::sys::fs::make_absolute(Directory, P);
      if (isToolkitIncludeDir(P))
        return llvm::sys::path::parent_path(P).str();
    }
  }
  return "";
}

} // namespace warplint
