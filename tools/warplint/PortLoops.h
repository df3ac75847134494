//===- PortLoops.h - The loops of a port that do not become threads -*- C++ -*-===//
//
// `warplint --port` lists each loop that stays sequential in a thread and
// each left to the CPU, with the reason (docs/port.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_PORTLOOPS_H
#define WARPLINT_TOOLS_PORTLOOPS_H

#include "Facts/LoopMapping.h"
#include "Report/PortReport.h"

#include <map>
#include <string>
#include <vector>

namespace warplint {

/// Adds to \p R the loops that stay sequential in a kernel's thread
/// (NotParallel) and those left to the CPU (LeftSequential), each with its
/// reason; a parallel loop inside a sequential one of its thread says why it
/// is not interchanged (\p NotInterchanged, by kernel root).
void listSequentialLoops(const std::vector<PortLoop> &Loops,
                         const std::vector<LoopVerdict> &Verdicts,
                         const std::vector<PortKernel> &PKs,
                         const std::map<unsigned, std::string> &NotInterchanged,
                         PortReport &R);

} // namespace warplint

#endif
