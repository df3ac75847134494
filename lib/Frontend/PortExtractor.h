//===- PortExtractor.h - A sequential C function's loops as kernels -*- C++ -*-===//
//
// The Clang side of `warplint --port` (docs/port.md): parses a C or C++
// file, finds the function, its `for` loops (PortLoop) and the facts of the
// function run sequentially, and makes the KernelFacts of a loop nest under
// a mapping of its loops to threads (LoopMapping), through the same
// interpreter the CUDA path uses (InterpreterPort.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PORTEXTRACTOR_H
#define WARPLINT_FRONTEND_PORTEXTRACTOR_H

#include "Facts/KernelFacts.h"
#include "Facts/LoopMapping.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace warplint {

class PortSource {
public:
  /// Parses \p File (C for .c, C++ otherwise) with \p Args and finds the
  /// function \p Function. An error names the file and says what is wrong:
  /// it does not parse (the first error, with its place), or has no
  /// function of that name with a body (the ones it has).
  static llvm::Expected<std::unique_ptr<PortSource>>
  load(llvm::StringRef File, llvm::StringRef Function,
       llvm::ArrayRef<std::string> Args);
  ~PortSource();

  /// Where the function is.
  const SourceLoc &functionLoc() const;
  /// Its `for` loops in source order, outer before inner.
  const std::vector<PortLoop> &loops() const;
  /// The facts of the whole function with every loop sequential.
  const KernelFacts &sequential() const;
  /// The loops that loop distribution split (their copies are in
  /// loops()).
  const std::vector<Distribution> &distributed() const;
  /// The kernel the loop nest of \p M.Root makes under \p M.
  KernelFacts kernel(const LoopMapping &M) const;

  struct Impl; ///< the parsed file (PortExtractor.cpp)

private:
  explicit PortSource(std::unique_ptr<Impl> I);
  std::unique_ptr<Impl> P;
};

} // namespace warplint

#endif
