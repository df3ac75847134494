//===- FuzzAnalysis.h - One CUDA source through the whole analysis -*- C++ -*-===//
//
// What the kernel fuzzers share: parse a CUDA source in memory as warplint
// parses a file in its built-in mode (the built-in CUDA header, device
// side, no toolkit), then run what every front end runs on it: the facts,
// their JSON and text forms, the preparation (GPU, launch configurations,
// assumptions) and the findings of each analysis (coalescing, bank
// conflicts, divergence), and the estimate of each kernel.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TEST_FUZZ_FUZZANALYSIS_H
#define WARPLINT_TEST_FUZZ_FUZZANALYSIS_H

#include <string>

namespace warplint {
namespace fuzz {

struct AnalysisInput {
  std::string Code;
  std::string GpuArch; ///< "" for the translation unit's (sm_80)
  std::string Launch;  ///< the Launch option
  std::string Assume;  ///< the Assume option
};

void analyzeSource(const AnalysisInput &In);

} // namespace fuzz
} // namespace warplint

#endif
