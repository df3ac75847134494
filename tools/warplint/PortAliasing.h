//===- PortAliasing.h - The other aliasing rule of a port ------*- C++ -*-===//
//
// `warplint --port` estimates each mapping under one rule for an element
// updated in every iteration of a loop (Facts/InvariantUpdates.h): by
// default the arrays do not overlap (the element lives in a register);
// with --port-may-alias they may (its store stays in the loop).
// otherAliasing estimates the same mapping under the other rule, for the
// report's "aliasing:" line (docs/port.md, "Accumulators").
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_PORTALIASING_H
#define WARPLINT_TOOLS_PORTALIASING_H

#include "Cost/Estimate.h"
#include "Facts/InvariantUpdates.h"
#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct AliasAlternative {
  double SecondsPerLaunch = 0;
  /// The accesses the other rule treats differently, as written.
  std::vector<std::string> Accesses;
};

/// \p Unrewritten: the mapping's facts before keepInvariantUpdates;
/// \p Rule: the rule the mapping was estimated under, whose notes are
/// \p RuleNotes. Under Restrict the may-alias estimate is returned only
/// when it leaves an uncoalesced (or unclassified) store in a loop that
/// Restrict took out: a coalesced one is not said (CGPredict's measured
/// GEMM, whose CUDA keeps its coalesced store in the loop, runs as fast as
/// the estimate without it: docs/port.md). Under MayAlias the restrict
/// estimate is returned whenever the rule moved something.
std::optional<AliasAlternative>
otherAliasing(const KernelFacts &Unrewritten, PortAliasing Rule,
              const std::vector<std::string> &RuleNotes, const LaunchConfig &L,
              const ArchSpec &Arch, const GpuModel &Gpu,
              const EstimateOptions &EO);

/// The no-overlap rule a parallel mapping of \p K rests on, said: the
/// arrays it writes are taken not to overlap the other arrays it touches
/// (C lets two pointers overlap; were they to, iterations could depend on
/// each other through them). Empty when it writes no array or touches no
/// other.
std::string overlapNote(const KernelFacts &K);

} // namespace warplint

#endif
