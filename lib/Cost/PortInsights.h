//===- PortInsights.h - What a port of sequential loops should do -*- C++ -*-===//
//
// CGPredict's advice to the developer (Wang, Zhong & Mitra, ACM TECS 2017,
// Sec. 3.3.2 and 4.1, 4.3), from the facts of a loop nest mapped to threads
// (Facts/LoopMapping.h) and its instruction counts:
//  - per array, the class of its global accesses under the mapping:
//    coalesced, uncoalesced or constant (every lane of a warp one address);
//  - the arrays worth staging in shared memory: those one thread reads many
//    times (in its own loops) at elements other threads of its block read
//    too (the index does not depend on a thread dimension the block spans).
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_PORTINSIGHTS_H
#define WARPLINT_COST_PORTINSIGHTS_H

#include "Cost/InstructionCounts.h"
#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"

#include <string>
#include <vector>

namespace warplint {

struct ArrayAccessClass {
  std::string Array;
  /// "coalesced", "uncoalesced", "constant", "mixed" (accesses of several
  /// classes) or "unclassified".
  std::string Class;
  unsigned Accesses = 0; ///< source accesses of the array
};

/// Per array with global accesses in \p K, in order of first access.
std::vector<ArrayAccessClass> arrayClasses(const KernelFacts &K,
                                           const InstructionCounts &IC);

struct SharedCandidate {
  std::string Array;
  /// Threads of one block that read each element it reads (the product of
  /// the block's extents in the dimensions its index does not depend on).
  int64_t ThreadsSharing = 1;
  /// Reads of the array per thread.
  double ReadsPerThread = 0;
  /// The accesses, as written, in the kernel's order, each once
  /// ("A[i][k], A[j][k]").
  std::string Text;
  /// Those of them that are uncoalesced: a block that stages the array
  /// loads its tiles with coalesced requests in their place.
  std::vector<std::string> Uncoalesced;
};

/// The reads worth staging in shared memory, most reads per thread first:
/// global reads inside a loop of the thread whose element is shared by
/// more than one thread of the block.
std::vector<SharedCandidate> sharedCandidates(const KernelFacts &K,
                                              const LaunchConfig &L,
                                              const InstructionCounts &IC);

} // namespace warplint

#endif
