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
#include "Symbolic/Assumptions.h"

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

/// The host loops of a kernel (outermost first): each one's trip count and
/// the value every launch is estimated at (its middle iteration, or
/// --assume's), with a note each; \p Now (the estimate's assumptions) gets
/// those values, so that an inner host loop's count or start may use an
/// outer one's (a triangle of host loops: counted at the outer middle).
struct HostLoopValues {
  std::map<unsigned, std::string> Notes;   ///< by host loop
  std::map<std::string, int64_t> Values;   ///< by loop variable
  std::map<unsigned, int64_t> Trips;       ///< by host loop
  std::vector<std::string> Names;          ///< "i (1024 iterations)"
  int64_t Launches = 1;
  std::string Problem; ///< why a count is not known
};
HostLoopValues
hostLoopValues(const std::vector<PortLoop> &Loops,
               const std::vector<unsigned> &HostLoops, const KernelFacts &Seq,
               const std::map<std::string, sym::Assumption> &Assumed,
               std::map<std::string, sym::Assumption> &Now);

/// The host branches around kernel \p K (KernelFacts::PortHostGuards),
/// each said in \p Said: one that the values \p A gives decide the other
/// way means the kernel is not launched (false returned); any other is
/// counted as if always taken.
bool hostGuards(const KernelFacts &K,
                const std::map<std::string, sym::Assumption> &A,
                std::vector<std::string> &Said);

} // namespace warplint

#endif
