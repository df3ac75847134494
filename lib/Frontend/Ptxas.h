//===- Ptxas.h - Registers and shared memory from ptxas -v ------*- C++ -*-===//
//
// When nvcc is on the machine and the user asks for it, the exact registers
// per thread and static shared memory of each kernel come from compiling
// the file again with `nvcc -cubin -Xptxas -v` and reading what ptxas
// prints (Model/PtxasUsage.h). Without nvcc the caller gets an error saying
// so and where nvcc was looked for; the occupancy then takes its register
// count from the other sources (docs/models/occupancy.md).
//
// No Clang header: plain process and string work.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXAS_H
#define WARPLINT_FRONTEND_PTXAS_H

#include "Ptx/PtxCounts.h"
#include "Ptx/PtxasUsage.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace warplint {

struct PtxasRunOptions {
  /// nvcc to run; empty: <CudaPath>/bin/nvcc when CudaPath is set, else
  /// nvcc on SearchPaths.
  std::string Nvcc;
  /// The toolkit the compile command names (CompileFacts::CudaPath).
  std::string CudaPath;
  /// Directories to look for nvcc in; empty: the PATH.
  std::vector<std::string> SearchPaths;
};

/// Where nvcc is, or an error naming every place it was looked for.
llvm::Expected<std::string> findNvcc(const PtxasRunOptions &O);

/// The flags of a compile command that the file needs to compile again
/// (-I, -isystem, -D, -U, -include, -std, --expt-relaxed-constexpr,
/// --expt-extended-lambda, -rdc), in order; the rest is dropped.
std::vector<std::string> ptxasRelevantFlags(llvm::ArrayRef<std::string> Args);

/// Runs `nvcc -cubin -arch=<Sm> -Xptxas -v <Flags> <File> -o <temporary>`
/// and parses what ptxas prints. Errors: nvcc not found, nvcc failing (its
/// output is quoted), or output without a single entry function.
llvm::Expected<std::vector<PtxasFunctionUsage>>
runPtxasUsage(llvm::StringRef File, llvm::StringRef Sm,
              llvm::ArrayRef<std::string> Flags, const PtxasRunOptions &O);

/// What nvcc says about one file, as warplint --estimate asks for it: the
/// kernels of its PTX (\p WantPtx, for --counts-from=ptx) and ptxas's
/// resource usage (\p WantPtxas, for --registers-from-ptxas), compiled for
/// \p Sm with \p Flags (ptxasRelevantFlags). The error names which of the
/// two failed, or that nvcc was not found.
struct NvccFacts {
  std::vector<PtxKernel> Ptx;
  std::vector<PtxasFunctionUsage> Ptxas;
};
llvm::Expected<NvccFacts> nvccFactsFor(llvm::StringRef File, llvm::StringRef Sm,
                                       llvm::ArrayRef<std::string> Flags,
                                       PtxasRunOptions O, bool WantPtx,
                                       bool WantPtxas);

} // namespace warplint

#endif
