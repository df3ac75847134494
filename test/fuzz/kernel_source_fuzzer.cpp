//===- kernel_source_fuzzer.cpp - libFuzzer target: facts of any source ---===//
//
// The bytes are the source text of a .cu file (seeds: small kernels of
// examples/ and test/checks/). Most mutations do not compile: clang's
// recovery leaves partial and invalid declarations in the AST, which the
// facts extraction and the interpreter of launch sites must take as they
// are, as warplint does on a file with compile errors. The rest goes
// through the whole analysis (FuzzAnalysis.cpp) with the translation
// unit's GPU and no options.
//
//===----------------------------------------------------------------------===//
#include "FuzzAnalysis.h"

#include <cstddef>
#include <cstdint>

using namespace warplint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 8192) // a longer file finds nothing a short one does not
    return 0;
  fuzz::AnalysisInput In;
  In.Code.assign(reinterpret_cast<const char *>(Data), Size);
  fuzz::analyzeSource(In);
  return 0;
}
