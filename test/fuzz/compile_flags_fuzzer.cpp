//===- compile_flags_fuzzer.cpp - libFuzzer target: nvcc flag translation -===//
//
// The input is a command line, one argument per line (a NUL ends an
// argument too); when the first line is not a compiler, "nvcc" is put in
// front. translateCompileCommand must return a command for anything: the
// notes say what it dropped, never a crash.
//
// Options files (-optf, --options-file) are read relative to a directory of
// the fuzzer's own holding a few real ones (one that names itself), so that
// nesting is exercised. Paths into /dev, /proc and /sys are defused: a
// compile database names no device, and reading /dev/zero never ends.
//
// Checked besides not crashing: the result's first argument is the
// compiler as given; the GPU architectures are sm_ names without
// duplicates; the translated command, read as clang's, names the same
// architectures (less those clang 19 does not know, which a note says were
// not passed).
//
//===----------------------------------------------------------------------===//
#include "Frontend/CompileFlags.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace warplint;

namespace {

std::string OptionsDir;

void writeFile(const std::string &Name, const char *Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(OptionsDir + "/" + Name, EC);
  if (!EC)
    OS << Text;
}

[[noreturn]] void fail(const char *What, const std::string &Detail) {
  std::fprintf(stderr, "compile_flags_fuzzer: %s: %s\n", What, Detail.c_str());
  std::abort();
}

void checkArchs(const TranslatedCommand &T) {
  for (size_t I = 0; I < T.GpuArchs.size(); ++I) {
    if (T.GpuArchs[I].rfind("sm_", 0) != 0)
      fail("an architecture that is not sm_", T.GpuArchs[I]);
    if (std::find(T.GpuArchs.begin(), T.GpuArchs.begin() + I, T.GpuArchs[I]) !=
        T.GpuArchs.begin() + I)
      fail("a duplicate architecture", T.GpuArchs[I]);
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  llvm::SmallString<128> Dir;
  if (llvm::sys::fs::createUniqueDirectory("warplint-fuzz-optf", Dir))
    return 0;
  OptionsDir = Dir.str().str();
  writeFile("opts.txt", "-arch=sm_80 -maxrregcount 32 -Xcompiler -fPIC\n");
  writeFile("self.txt", "-gencode arch=compute_75,code=sm_75 -optf self.txt\n");
  writeFile("quoted.txt", "-D'X=a b' \"-I/usr/local/cuda/include\" \\\n -G\n");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  for (const char *Dev : {"/dev", "/proc", "/sys"})
    for (size_t At = Text.find(Dev); At != std::string::npos;
         At = Text.find(Dev, At))
      Text[At + 1] = '_';
  std::vector<std::string> Args;
  std::string Cur;
  for (char C : Text) {
    if (C == '\n' || C == '\0') {
      Args.push_back(Cur);
      Cur.clear();
    } else {
      Cur += C;
    }
  }
  if (!Cur.empty())
    Args.push_back(Cur);
  if (Args.empty() || (Args[0].find("nvcc") == std::string::npos &&
                       Args[0].find("clang") == std::string::npos))
    Args.insert(Args.begin(), "nvcc");
  if (Args.size() > 256)
    Args.resize(256);

  TranslatedCommand T = translateCompileCommand(Args, OptionsDir);
  if (T.Args.empty() || T.Args[0] != Args[0])
    fail("the compiler was not kept", Args[0]);
  if (T.WasNvcc != isNvcc(Args[0]))
    fail("WasNvcc disagrees with isNvcc", Args[0]);
  checkArchs(T);

  // The translation is a clang command line: read as clang's, it names
  // every architecture the nvcc command named.
  std::vector<std::string> AsClang = T.Args;
  AsClang[0] = "clang++";
  TranslatedCommand Again = translateCompileCommand(AsClang, OptionsDir);
  checkArchs(Again);
  if (T.WasNvcc) {
    // Less those clang 19 does not know, which the notes say were not
    // passed.
    std::vector<std::string> A, B = Again.GpuArchs;
    for (const std::string &X : T.GpuArchs) {
      const std::string Note = "not passing GPU architecture '" + X + "'";
      if (std::none_of(T.Notes.begin(), T.Notes.end(), [&](const std::string &N) {
            return N.rfind(Note, 0) == 0;
          }))
        A.push_back(X);
    }
    std::sort(A.begin(), A.end());
    std::sort(B.begin(), B.end());
    if (!std::includes(B.begin(), B.end(), A.begin(), A.end())) {
      std::string Detail;
      for (const std::string &X : T.Args)
        Detail += "'" + X + "' ";
      Detail += "names";
      for (const std::string &X : B)
        Detail += " " + X;
      Detail += ", not all of";
      for (const std::string &X : A)
        Detail += " " + X;
      fail("an architecture was lost in the translation", Detail);
    }
  }
  return 0;
}
