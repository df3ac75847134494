//===- PortTiling.h - What a tiled port assumes, for the report -*- C++ -*-===//
//
// `warplint --port` on a tiled nest (docs/port.md, "Tiled C and shared
// memory"): the notes its mapping assumes and the report's view of it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_PORTTILING_H
#define WARPLINT_TOOLS_PORTTILING_H

#include "Cost/Estimate.h"
#include "Facts/LoopMapping.h"
#include "Report/PortReport.h"

#include <string>
#include <vector>

namespace warplint {

/// What a tiled mapping assumes (CGPredict Sec. 3.6), for the report.
std::vector<std::string> tilingNotes(const LoopMapping &M,
                                     const std::vector<PortLoop> &Loops);

/// The report's view of a tiled mapping: its loops, phases, shared buffers
/// (from the kernel's facts) and barriers.
PortedTiling tilingOf(const LoopMapping &M, const std::vector<PortLoop> &Loops,
                      const KernelFacts &K, const KernelEstimate &E);

} // namespace warplint

#endif
