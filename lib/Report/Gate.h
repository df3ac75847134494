//===- Gate.h - The CI gate: a report against a baseline --------*- C++ -*-===//
//
// Compares two warplint JSON reports (docs/output-formats.md): per kernel,
// the estimates (CuMAPz MPE must not fall, Hong–Kim cycles must not rise,
// beyond a threshold), and the findings (no new ones). Kernels are matched by
// file name and kernel name; a kernel whose launch configuration changed is
// reported and skipped unless asked. Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_REPORT_GATE_H
#define WARPLINT_REPORT_GATE_H

#include "llvm/Support/JSON.h"

#include <string>

namespace warplint {

struct GateOptions {
  /// Relative change that counts (0.05: MPE 5% lower, cycles 5% higher).
  double Threshold = 0.05;
  bool IncludeChangedLaunch = false;
};

struct GateResult {
  bool Failed = false;
  unsigned Regressions = 0, Improvements = 0, NewFindings = 0,
           FixedFindings = 0, SkippedKernels = 0, NewKernels = 0;
  /// The readable table of what changed.
  std::string Table;
};

/// Empty \p Error on success; otherwise why the baseline cannot be used.
GateResult compareReports(const llvm::json::Value &Baseline,
                          const llvm::json::Value &Current,
                          const GateOptions &O, std::string &Error);

} // namespace warplint

#endif
