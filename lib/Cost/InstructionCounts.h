//===- InstructionCounts.h - Dynamic instruction counts per thread -*- C++ -*-===//
//
// The instruction counts of the Hong–Kim model (Hong & Kim, ISCA'09, Table 1:
// #Comp_insts, #Mem_insts, #Coal_Mem_insts, #Uncoal_Mem_insts, #Synch_insts,
// #Total_insts, #Uncoal_per_mw, #Coal_per_mw) and of CGPredict (Wang, Zhong
// & Mitra, ACM TECS 2017, Table 3: no_comp_insts, no_coal_insts,
// no_uncoal_insts, no_const_insts, no_smem_insts, no_sync_insts), derived
// from the kernel facts: every source operation (KernelFacts::Ops), memory
// access and barrier stands for a number of PTX-like instructions
// (InstructionMapping; CGPredict Table 2 is the starting point), executed as
// often per thread as the trip counts of its enclosing loops say.
//
// Choices where the papers are silent (docs/models/instruction-counts.md):
//  - operations under a branch count as executed, both sides of an if/else
//    included: the instructions a warp issues when its threads diverge, an
//    upper bound for a uniform branch (Hong–Kim Sec. 3.5: "double counting
//    the number of instructions in both paths will probably provide an upper
//    bound");
//  - a global access is uncoalesced when its worst enumerated warp request
//    needs more than MinFactor times the ideal sectors (transactions on 1.x):
//    the rule of the warplint-uncoalesced-access check;
//  - a trip count that is not known is UnknownTripCount, said in Assumptions.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_INSTRUCTIONCOUNTS_H
#define WARPLINT_COST_INSTRUCTIONCOUNTS_H

#include "Warp/Analyses.h"
#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Warp/WarpEnumerator.h"

#include <string>
#include <vector>

namespace warplint {

/// PTX-like instructions per source operation (per execution). The defaults
/// and where each comes from are in docs/models/instruction-counts.md; the
/// ones marked "estimate" there are not measured.
struct InstructionMapping {
  /// add, sub, mul, fma, bitwise, shift, compare, logical, select, convert:
  /// one PTX instruction each (add.s32, mul.lo.s32, fma.rn.f32, setp, selp,
  /// cvt, ...), whatever the type.
  double Simple = 1;
  /// A subscript or pointer offset that is not a constant: the offset scaled
  /// by the element size and added to the base (mul.wide.s32 + add.s64, or
  /// shl + add for shared memory).
  double Address = 2;
  /// The conditional branch of an if or switch (@p bra); its compare is an
  /// operation of its own.
  double Branch = 1;
  /// Per loop iteration: the backward branch. The loop's compare and
  /// increment are operations of the condition and increment expressions.
  double LoopBranch = 1;
  /// Integer division and remainder: by a variable one PTX instruction
  /// (div.s32, rem.s32: a long sequence in machine code); by a constant the
  /// sequence the compiler substitutes (estimates): a power of two, unsigned
  /// 1 (shr / and), signed 3 (shift, add of the sign, shift); another
  /// constant 3 (mul.hi, shifts); a remainder by a constant 2 more (mul,
  /// sub) unless a power of two.
  double IntDiv = 1;
  double IntDivPow2Unsigned = 1, IntDivPow2Signed = 3, IntDivConst = 3;
  double RemConstExtra = 2;
  /// Floating division: div.rn.f32 / div.rn.f64 (one PTX instruction each).
  double FloatDiv = 1;
  /// A math library function that the compiler expands into a sequence
  /// (sinf, expf, logf, powf, atan2f, erff, ... without fast math): an
  /// estimate; PTX mode counts the real sequence.
  double LibraryCall = 20;
  /// A call to a function whose body is not analysed (call + its body,
  /// which is not counted).
  double Call = 1;
  /// -use_fast_math: sinf, cosf, expf, logf, powf, exp2f, log2f, sqrtf and
  /// divisions become their approximate intrinsics.
  bool FastMath = false;
};

struct InstructionCountOptions {
  InstructionMapping Map;
  /// Values of unknowns (assumptions, the default parameter value) for the
  /// trip counts and the warp enumeration of the coalescing classification.
  EnumerationOptions Enum;
  /// A global access is uncoalesced when its worst warp request needs more
  /// than this many times the ideal sectors (1.x: transactions).
  double MinFactor = 1.5;
  /// Iterations assumed for a loop whose trip count is not known.
  double UnknownTripCount = 1;
  /// Count loops and address arithmetic as the compiler leaves them
  /// (Cost/CompiledShape.h: small constant loops and `#pragma unroll`
  /// unrolled, address arithmetic strength-reduced); false: every source
  /// operation of every iteration, as written.
  bool AsCompiled = true;
};

/// CGPredict's access classes (Sec. 3.3.2): coalesced, uncoalesced, and
/// "constant" access (every lane reads one address), called Broadcast here
/// so as not to be confused with __constant__ memory. Unclassified: the
/// warp requests could not be enumerated.
enum class AccessClass { Coalesced, Uncoalesced, Broadcast, Unclassified };
const char *toString(AccessClass C);

/// One memory access of the facts, counted.
struct AccessCount {
  const AccessFacts *Access = nullptr;
  /// Executions per thread (the product of its loops' trip counts).
  double PerThread = 0;
  /// Memory instructions per execution: 2 for a read-modify-write (x[i] +=
  /// v: a load and a store), 1 otherwise (an atomic is one instruction).
  unsigned InstsPerExecution = 1;
  /// Global (and unknown-space) accesses only.
  AccessClass Class = AccessClass::Unclassified;
  /// Mean memory transactions of one warp instruction over the enumerated
  /// warps, in InstructionCounts::TransactionUnit; 0 when not enumerated.
  double TransactionsPerWarp = 0;
  /// The worst request's sectors (1.x: transactions) over the ideal.
  double WorstFactor = 1;
  /// Mean sectors (1.x: transactions) per warp request, and the part of
  /// them above the ideal (Nsight Compute's "excessive sectors").
  double SectorsPerWarp = 0, ExcessPerWarp = 0;
  /// Mean distinct 128-byte blocks (lines) per warp request (1.x: its
  /// transactions), for Wang–Lou's #Uncoal_per_mw (Sec. 3.2).
  double LinesPerWarp = 0;
  /// Shared accesses: the mean bank-conflict degree of a warp request
  /// (1: conflict-free); 0 when not enumerated.
  double ConflictWays = 0;
  /// Why the access is Unclassified.
  std::string Unanalysable;
};

/// Per-thread dynamic counts, in PTX-like instructions.
struct InstructionCounts {
  // Computation -------------------------------------------------------------
  double Arithmetic = 0; ///< arithmetic, logic, conversions, math, calls
  double AddressArith = 0;
  double Control = 0; ///< branches of if/switch and loop back-edges
  /// Arithmetic + AddressArith + Control.
  double Computation = 0;
  double DoubleOps = 0; ///< part of Arithmetic in double precision
  double MathOps = 0;   ///< part of Arithmetic from math function calls
  // Memory ------------------------------------------------------------------
  double GlobalCoalesced = 0, GlobalUncoalesced = 0, GlobalBroadcast = 0;
  /// Global or unknown-space accesses whose requests could not be
  /// enumerated.
  double GlobalUnclassified = 0;
  double GlobalAtomic = 0; ///< atomics on global memory
  /// The stores among GlobalCoalesced, GlobalUncoalesced, GlobalBroadcast
  /// and GlobalUnclassified (a read-modify-write is one load and one
  /// store): a warp does not wait for them (CGPredict's eq. 6 as warplint
  /// reads it, docs/models/cgpredict.md, "Stores").
  double StoresCoalesced = 0, StoresUncoalesced = 0, StoresBroadcast = 0,
         StoresUnclassified = 0;
  double Shared = 0;       ///< ld/st/atom.shared
  double Constant = 0;     ///< ld.const (__constant__ memory)
  double Local = 0;        ///< local arrays (may live in registers)
  // Synchronization ---------------------------------------------------------
  double Sync = 0;   ///< __syncthreads*, __syncwarp, cooperative-groups sync
  double Fences = 0; ///< __threadfence* (membar)
  /// Every instruction above.
  double Total = 0;
  /// The part of Total under at least one guard (counted as executed).
  double Guarded = 0;

  /// #Coal_per_mw and #Uncoal_per_mw: mean transactions per warp memory
  /// instruction over the coalesced (broadcast included) and the uncoalesced
  /// global accesses, weighted by their dynamic counts; 0 when there is none.
  double CoalPerMw = 0, UncoalPerMw = 0;
  /// The same for the uncoalesced accesses in 128-byte blocks (1.x:
  /// transactions): Wang–Lou Sec. 3.2's unit.
  double UncoalLinesPerMw = 0;
  /// "transactions" (1.x segments), "128-byte lines" (2.x L1-cached loads)
  /// or "32-byte sectors".
  std::string TransactionUnit;
  /// Sectors (1.x: transactions) one warp's global requests move over its
  /// run, summed over the classified accesses with their dynamic counts,
  /// and the excess above the ideal among them; ExcessUnit names the unit.
  double GlobalSectors = 0, ExcessSectors = 0;
  std::string ExcessUnit;
  /// Mean bank-conflict degree of the shared accesses (CGPredict's X),
  /// weighted by their dynamic counts; 1 when there is none.
  double SharedConflictDegree = 1;
  /// The shared access with the most conflicted requests (mean degree
  /// above 1): its text, array, line and degree; empty text when none.
  std::string WorstSharedText, WorstSharedBase;
  unsigned WorstSharedLine = 0;
  double WorstSharedWays = 1;

  std::vector<AccessCount> Accesses;
  /// What was assumed, one sentence each.
  std::vector<std::string> Assumptions;

  // Hong–Kim Table 1 --------------------------------------------------------
  /// #Comp_insts: computation, with the shared, constant and local accesses
  /// and the barriers (Hong–Kim Sec. 3.6 count ld.shared, st.shared and
  /// bar.sync of Fig. 13 as computation instructions).
  double hkCompInsts() const {
    return Computation + Shared + Constant + Local + Sync + Fences;
  }
  /// #Coal_Mem_insts: coalesced and broadcast global accesses.
  double hkCoalMemInsts() const { return GlobalCoalesced + GlobalBroadcast; }
  /// #Uncoal_Mem_insts: uncoalesced global accesses, the unclassified ones
  /// and atomics (Hong–Kim Sec. 3.6 treat accesses they cannot classify as
  /// uncoalesced; both are said in Assumptions when present).
  double hkUncoalMemInsts() const {
    return GlobalUncoalesced + GlobalUnclassified + GlobalAtomic;
  }
  double hkMemInsts() const { return hkCoalMemInsts() + hkUncoalMemInsts(); }
  double hkSynchInsts() const { return Sync; }
  double hkTotalInsts() const { return hkCompInsts() + hkMemInsts(); }
};

/// Counts \p K's instructions per thread under launch \p L on \p Gpu.
InstructionCounts countInstructions(const KernelFacts &K, const LaunchConfig &L,
                                    const GpuModel &Gpu,
                                    const InstructionCountOptions &O = {});

/// Instructions for one execution of \p Op (its Count included) under \p M.
/// \p Assumption receives a sentence when the number is an estimate for a
/// named function (a library call, a call whose body is not counted).
double instructionsFor(const OpFacts &Op, const InstructionMapping &M,
                       std::string *Assumption = nullptr);

/// How many times one thread runs code enclosed by \p Loops (ids, outermost
/// first): the product of their trip counts under \p L. A trip count that
/// depends on an enclosing loop's iteration is taken at that loop's middle
/// iteration (exact when it is linear in it); one that depends on threadIdx
/// or blockIdx, for thread 0 of block 0; an unknown one is
/// O.UnknownTripCount. Each such choice is added to \p Assumptions.
double executionsPerThread(const KernelFacts &K,
                           const std::vector<unsigned> &Loops,
                           const LaunchConfig &L,
                           const InstructionCountOptions &O,
                           std::vector<std::string> &Assumptions);

} // namespace warplint

#endif
