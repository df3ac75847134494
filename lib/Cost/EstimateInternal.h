//===- EstimateInternal.h - What the estimate's sources share ---*- C++ -*-===//
//
// Internal to lib/Cost: the pieces of Estimate.h's functions that live in
// more than one file (Estimate.cpp, CycleCounts.cpp, EstimateCycles.cpp).
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_ESTIMATEINTERNAL_H
#define WARPLINT_COST_ESTIMATEINTERNAL_H

#include "Cost/Estimate.h"

#include <algorithm>
#include <string>
#include <vector>

namespace warplint {
namespace estimate_detail {

/// Appends to \p To the sentences of \p From it does not hold yet.
inline void addUnique(std::vector<std::string> &To,
                      const std::vector<std::string> &From) {
  for (const std::string &S : From)
    if (std::find(To.begin(), To.end(), S) == To.end())
      To.push_back(S);
}

/// Derives the Hong–Kim counts of \p K under \p L from the source
/// (countInstructions) into C.Counts, C.CountsSource and C.Derived (whose
/// access pointers are cleared), adding what was assumed to \p Assumptions.
/// Returns the counts with their access pointers, for the extensions.
InstructionCounts countsFromSource(const KernelFacts &K, const LaunchConfig &L,
                                   const ArchSpec &Arch, const GpuModel &Gpu,
                                   const EstimateOptions &O, CycleEstimate &C,
                                   std::vector<std::string> &Assumptions);

/// Replaces the derived counts in \p Counts by those of K's PTX entry in
/// O.Ptx, if there is one (\p IC: the source's counts, for the share of
/// coalesced global instructions); \p Source becomes "ptx".
void countsFromPtx(const KernelFacts &K, const InstructionCounts &IC,
                   const EstimateOptions &O, HongKimKernelCounts &Counts,
                   std::string &Source, std::vector<std::string> &Assumptions);

} // namespace estimate_detail
} // namespace warplint

#endif
