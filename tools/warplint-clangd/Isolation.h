//===- Isolation.h - One analysis in a child process, within a budget -*- C++ -*-===//
//
// warplint-clangd runs each analysis in a forked child process with a time
// and a memory budget, so that a crash or a budget overrun in one file
// costs that file's warplint diagnostics only.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_CLANGD_ISOLATION_H
#define WARPLINT_TOOLS_CLANGD_ISOLATION_H

#include "Analyzer.h"

#include "llvm/Support/JSON.h"

namespace warplint {
namespace clangd {

struct IsolationLimits {
  unsigned TimeoutS = 30;    ///< --warplint-timeout; 0: none
  unsigned MemoryMb = 4096;  ///< --warplint-memory-mb; 0: none
  bool InProcess = false;    ///< --warplint-in-process: no child process
};

/// Analyses \p Path with \p A in a child process within \p L. When the
/// child crashes or passes a budget, the result has no findings and
/// Stopped says what happened.
AnalysisResult analyzeIsolated(Analyzer &A, const std::string &Path,
                               const std::map<std::string, std::string> &Unsaved,
                               const IsolationLimits &L);

/// The result as the child sends it, and back.
llvm::json::Value resultToJson(const AnalysisResult &R);
bool resultFromJson(const llvm::json::Value &V, AnalysisResult &R,
                    llvm::json::Path P);

} // namespace clangd
} // namespace warplint

#endif
