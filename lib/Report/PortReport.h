//===- PortReport.h - What `warplint --port` prints -------------*- C++ -*-===//
//
// The prediction for a sequential C function ported to the GPU
// (docs/port.md): per kernel (a parallel loop nest), every legal mapping of
// its loops to threads ranked by predicted time, with the estimate's
// breakdown and CGPredict's insights (access class per array, arrays worth
// staging in shared memory); the loops left sequential and why; the total.
// Text (fmt) and JSON (llvm::json).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_REPORT_PORTREPORT_H
#define WARPLINT_REPORT_PORTREPORT_H

#include "Cost/Estimate.h"
#include "Cost/PortInsights.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace warplint {

struct PortedMapping {
  std::string Name; ///< "x=j y=i"
  /// Whether it is the mapping --port-map asked for (or, without it, the
  /// fastest).
  bool Chosen = false;
  KernelEstimate Estimate;
  double SecondsPerLaunch = 0;
  double Seconds = 0; ///< per launch x launches
  std::vector<ArrayAccessClass> Arrays;
  std::vector<SharedCandidate> Shared;
};

struct PortedKernel {
  std::string Name;
  SourceLoc Loc;
  std::string Loop;                   ///< the root loop's variable
  std::vector<std::string> HostLoops; ///< "t (500 iterations)"
  int64_t Launches = 1;
  std::vector<PortedMapping> Mappings; ///< fastest first
  /// Why no mapping could be estimated (the trip counts are unknown);
  /// "" when Mappings holds them.
  std::string Problem;
};

struct SequentialLoop {
  std::string Loop;
  SourceLoc Loc;
  std::string Why;
};

struct PortReport {
  std::string File, Function;
  SourceLoc FunctionLoc;
  std::string Gpu, Model;
  std::vector<PortedKernel> Kernels;
  /// Loops in no kernel and around none: left to the CPU, not estimated.
  std::vector<SequentialLoop> LeftSequential;
  /// Loops that stay sequential inside or around the kernels, with why.
  std::vector<SequentialLoop> NotParallel;
  /// The chosen mappings' times, summed.
  double TotalSeconds = 0;
};

llvm::json::Value toJSON(const PortReport &R);
std::string renderPortText(const PortReport &R);

} // namespace warplint

#endif
