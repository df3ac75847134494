//===- LocalMemory.h - Local arrays the compiler cannot keep in registers -*- C++ -*-===//
//
// A thread's local array (`float buf[16];` in a kernel) stays in registers
// only when every index is known at compile time once the compiler has
// unrolled the loops around it: registers cannot be indexed at run time.
// An index that depends on a thread or block index, a parameter, a value
// read from memory, or the counter of a loop that is not fully unrolled
// puts the whole array in local memory (`ld.local` / `st.local` in nvcc's
// PTX, checked with CUDA 13 for sm_80): off-chip memory, cached in L1 and
// L2, laid out so that consecutive 32-bit words belong to consecutive
// threads (CUDA C++ Programming Guide, "Local Memory"): a warp whose lanes
// use one index touches one contiguous run of 32 elements.
//
// The estimates count those accesses as the device-memory requests they
// are; the checks (which speak of global accesses) leave them alone.
// docs/models/instruction-counts.md, "Local arrays".
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_LOCALMEMORY_H
#define WARPLINT_COST_LOCALMEMORY_H

#include "Facts/KernelFacts.h"

#include <string>
#include <vector>

namespace warplint {

/// A local array the compiler must place in local memory, with the access
/// that makes it so and why.
struct LocalMemoryArray {
  std::string Base;
  std::string Text; ///< the access whose index is not known at compile time
  unsigned Line = 0;
  std::string Why;  ///< e.g. "its index depends on 'idx[i]'"
};

/// The local arrays of \p K placed in local memory, in order of their first
/// access. A symbol of an index is known at compile time when it is the
/// iteration of an enclosing loop the compiler unrolls fully (the rules of
/// Cost/CompiledShape.h); any other symbol is not.
std::vector<LocalMemoryArray> localMemoryArrays(const KernelFacts &K);

/// \p K with every access to the arrays of \p Arrays turned into the request
/// the GPU makes: space Global (it is device memory), the address the
/// hardware's interleaving gives (element e of lane l in a warp's window at
/// e * 32 * size + l * size; warps and blocks in windows of their own).
/// One note per array in \p Notes.
KernelFacts withLocalMemoryRequests(const KernelFacts &K,
                                    const std::vector<LocalMemoryArray> &Arrays,
                                    std::vector<std::string> &Notes);

} // namespace warplint

#endif
