//===- LoopMapping.h - Loops of sequential C mapped to threads --*- C++ -*-===//
//
// CGPredict's warp formation (Wang, Zhong & Mitra, ACM TECS 2017, Sec. 3.2):
// the iterations of the outermost loops of a sequential loop nest become
// GPU threads ("pseudo-threads"), the loop body the kernel. This file holds
// the plain-value side of `warplint --port` (docs/port.md):
//  - which loops may run in parallel, judged from the facts of the function
//    interpreted sequentially (parallelLoops);
//  - the kernels of a function and the mappings each admits: 1-D (the
//    outermost parallel loop as x) and 2-D (it and its perfectly nested
//    parallel child as y/x, both ways) (portKernels);
//  - the thread index a mapped loop variable becomes,
//    blockIdx.d * blockDim.d + threadIdx.d (globalThreadIndex);
//  - the launch covering the loops' trip counts (launchFor).
// The Clang side (lib/Frontend/PortExtractor.h) finds the loops and runs the
// interpreter with the mapping to make the kernel's KernelFacts.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FACTS_LOOPMAPPING_H
#define WARPLINT_FACTS_LOOPMAPPING_H

#include "Facts/KernelFacts.h"
#include "Facts/Launch.h"
#include "Symbolic/Assumptions.h"

#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace warplint {

/// A statement of a loop's body (at its top level), for loop distribution.
struct BodyPart {
  SourceLoc Begin, End; ///< its first and last token
  /// The loops (indices) directly inside the loop that lie in it.
  std::vector<unsigned> Loops;
  /// The statement is itself the loop Loops[0].
  bool IsLoop = false;
  /// The scalar locals declared outside the statement that it writes and
  /// reads (loop induction variables left out).
  std::vector<std::string> ScalarsWritten, ScalarsRead;
};

/// One `for` loop of the function, as the frontend finds it.
struct PortLoop {
  std::string Var; ///< induction variable, "" when none was found
  SourceLoc Loc;   ///< the `for` keyword: matches LoopFacts::Loc
  std::optional<unsigned> Parent; ///< index in the list
  std::vector<unsigned> Children; ///< loops directly inside, in order
  /// The body is exactly one statement, the loop Children[0]: the two can
  /// form one 2-D grid.
  bool PerfectChild = false;
  /// Why the loop cannot become threads whatever the accesses say (not a
  /// `for` with one induction variable and a constant step, a scalar
  /// carried from one iteration to the next); "" when it can.
  std::string NotMappable;
  /// Why the loop's statements cannot be split into loops (it is left
  /// early: `break`, `return`, `goto`; its condition reads what its body
  /// writes); "" when they can.
  std::string Undistributable;
  /// The scalars of WrittenScalars whose value after the loop is read
  /// (later in the function, or in a loop around it): each thread would
  /// leave its own. The loop is then not mappable (NotMappable says so).
  std::vector<std::string> LiveOutScalars;
  /// The function's arrays used otherwise than subscripted (passed to a
  /// call, assigned to a pointer): never scratch (privateArrays). The same
  /// for every loop of the function.
  std::vector<std::string> Escaping;
  /// Per local pointer of the function, the arrays and pointers it is set
  /// from (`float *q = c ? a : b;`: q from a and b), transitively: an
  /// access through q may touch them. The same for every loop.
  std::map<std::string, std::vector<std::string>> PointerSources;
  int64_t Step = 1; ///< the induction variable's constant step
  /// The scalars declared outside the loop that its body writes (not the
  /// induction variables of loops inside it): a thread's copy would not
  /// hold the last iteration's value after the loop.
  std::vector<std::string> WrittenScalars;
  /// The loop's carried scalars when every one is a sum (`s += e`;
  /// NotMappable then names the first): a parallel reduction can run the
  /// loop. Empty otherwise.
  struct SumReduction {
    std::string Var;
    unsigned Bytes = 4;
    bool Floating = true;
  };
  std::vector<SumReduction> Sums;
  /// "s" or "s, t": the summed scalars' names.
  std::string sumNames() const;
  /// The arrays declared inside the loop's body (at any depth): private to
  /// one iteration, left out of its dependence test (a tiled nest's tiles).
  std::vector<std::string> LocalArrays;
  /// The statements of the body, in order (BodyPart).
  std::vector<BodyPart> Parts;
  /// Loop distribution (distributeLoops): the loop this one is a copy of,
  /// and the statements of its body (indices into its Parts) the copy
  /// runs. A copy's Children are the loops in those statements, or their
  /// own copies.
  std::optional<unsigned> Original;
  std::vector<unsigned> KeepParts;
  /// Replaced by its copies: in no kernel, listed by no report.
  bool Replaced = false;
};

/// Whether a loop's iterations are independent, and why not.
struct LoopVerdict {
  bool Parallel = false;
  std::string Why; ///< when not parallel
  /// Not parallel only because of a sum into a scalar (PortLoop::Sum): a
  /// parallel reduction can run it.
  bool Reduction = false;
  /// Scratch arrays (privateArrays) each iteration gets its own copy of;
  /// left out of the dependence test.
  std::vector<std::string> Private;
};

/// Whether the access \p A of \p Seq runs in the loop \p Index of \p Loops:
/// it is under the loop and, for a copy (PortLoop::Original), in one of the
/// statements the copy keeps (and in its copy of a distributed loop there).
bool accessInLoop(const AccessFacts &A, unsigned Index,
                  const std::vector<PortLoop> &Loops, const KernelFacts &Seq);

/// The arrays that each iteration of the loop \p Index writes before it
/// reads them (scratch: DOITGEN's sum[p] for every (r, q)): no access's
/// index depends on the loop's iteration (every iteration uses the same
/// elements), the loop reads it (an array it only writes is its output),
/// every read of
/// the array under the loop has an earlier write in the same iteration
/// that always sets its element (in no branch; in the same loops, or in
/// sibling loops of the same trip counts that run to the end, the
/// subscripts the read's with those loops' iterations renamed), and the
/// function reads the array nowhere else. Given its own copy of each, one
/// iteration never reads what another wrote.
std::vector<std::string> privateArrays(const std::vector<PortLoop> &Loops,
                                       unsigned Index, const KernelFacts &Seq);

/// A loop split into copies by distributeLoops.
struct Distribution {
  unsigned Loop = 0;           ///< the loop (now Replaced)
  std::vector<unsigned> Copies; ///< its copies, in order
};

/// Loop distribution: each loop that is neither parallel nor a reduction
/// (\p Verdicts, as parallelLoops gives them for \p Loops) and whose body
/// has more than one statement is split into copies, one per group of
/// statements, innermost loops first (a distributed inner loop's copies are
/// statements of its parent). Statements stay in one group, with those
/// between them, when
///  - one writes a scalar the other reads or writes (BodyPart), or
///  - a later statement touches, in an earlier iteration, an element that
///    an earlier statement touches in a later one, one of them writing
///    (a backward dependence: each access its own copy of the loops,
///    Fourier–Motzkin, accessesApart); an access whose element is not known
///    counts as one.
/// Running the groups one after the other keeps every other order. The
/// copies are appended to \p Loops (PortLoop::Original, KeepParts,
/// Children; the parent's Children list them instead of the loop, which is
/// marked Replaced); their scalar facts (WrittenScalars, NotMappable,
/// Sums, LocalArrays, PerfectChild) are the frontend's to redo.
std::vector<Distribution> distributeLoops(std::vector<PortLoop> &Loops,
                                          const std::vector<LoopVerdict> &Verdicts,
                                          const KernelFacts &Seq);

/// A copy's place among its loop's copies, "/2" (the second); "" for a
/// loop that is not a copy.
std::string copyLabel(const std::vector<PortLoop> &Loops, unsigned Index);
/// The lines of the statements a copy keeps, "line 77" or "lines 78-80";
/// "" for a loop that is not a copy.
std::string keptLines(const std::vector<PortLoop> &Loops, unsigned Index);


/// The LoopFacts of \p Seq (the function interpreted with every loop
/// sequential) that stands for \p L: the one at the same position.
const LoopFacts *loopFactsOf(const PortLoop &L, const KernelFacts &Seq);

/// Per loop of \p Loops: parallel when its iterations touch disjoint
/// elements of every array they write. A loop is not parallel when a write
/// under it has an index that does not depend on its iteration (every
/// iteration writes the same element: a reduction), or when an array it
/// writes is also accessed under it at another index (an iteration reads
/// or writes what another writes).
std::vector<LoopVerdict> parallelLoops(const std::vector<PortLoop> &Loops,
                                       const KernelFacts &Seq);

/// blockIdx.d * blockDim.d + threadIdx.d, for d in x, y, z.
sym::Expr globalThreadIndex(char Dim);

/// One phase of a tiled kernel (CGPredict Sec. 3.6): a nest of loops over
/// the tile whose iterations are the block's threads.
struct TilePhase {
  std::vector<unsigned> Dims; ///< loop indices, x first: threadIdx
  /// A __syncthreads follows the phase: it writes a shared tile the next
  /// phase (or, in a sequential loop, the loop's first phase of the next
  /// iteration) reads or writes, or reads one it writes.
  bool BarrierAfter = false;
  std::string BarrierWhy; ///< "'As' is written here and read at line 28"
};

/// A kernel made from a loop nest: Dims[0] becomes x, Dims[1] (if any) y.
struct LoopMapping {
  unsigned Root = 0;           ///< the outermost mapped loop
  std::vector<unsigned> Dims;  ///< loop indices, x first
  std::array<int64_t, 3> Block{{256, 1, 1}};
  /// Tiled (tiledMapping): the tile size; Dims are then the tile loops,
  /// their variable start + step x blockIdx.d, and Phases the thread nests.
  int64_t Tile = 0;
  std::vector<TilePhase> Phases;
  /// The local arrays of the tile loop's body: the block's __shared__
  /// buffers.
  std::vector<std::string> Shared;
  /// A parallel reduction (sumReductionTail): the scalar summed over the
  /// mapped loops; "" otherwise.
  std::string Reduce;
  /// Interchanged (interchangedMapping): the further loops that become
  /// threadIdx.x besides Dims[0], each inside sequential loops of the
  /// thread; Interchange says which loops moved, for the report.
  std::vector<unsigned> MoreX;
  std::string Interchange;
  /// hostLoopInThread: the host loops that each thread runs instead, around
  /// the root (outermost first); the kernel is launched that many times
  /// fewer.
  std::vector<unsigned> InThread;
  /// "x=j y=i"; tiled: "x=jj/j y=ii/i" (block loop / thread loop)
  std::string name(const std::vector<PortLoop> &Loops) const;
};

/// The block shapes tried: CGPredict Sec. 4.1's 256 x 1 for a 1-D grid and
/// 32 x 32 for a 2-D one, unless given.
struct PortBlocks {
  std::array<int64_t, 3> OneD{{256, 1, 1}};
  std::array<int64_t, 3> TwoD{{32, 32, 1}};
};

struct PortKernel {
  unsigned Root = 0; ///< the outermost parallel loop
  /// The sequential loops around it, outermost first: the host runs them
  /// and launches the kernel once per iteration.
  std::vector<unsigned> HostLoops;
  /// The legal mappings: 2-D (x = the inner loop, y = the root), 2-D
  /// swapped, then 1-D (x = the root).
  std::vector<LoopMapping> Candidates;
};

/// The kernels of a function: each parallel loop with no parallel loop
/// around it. Sequential loops that hold one are host loops. A loop that
/// only sums into a scalar (LoopVerdict::Reduction) is a kernel, a parallel
/// reduction, when no loop is around it and no parallel loop inside it.
std::vector<PortKernel> portKernels(const std::vector<PortLoop> &Loops,
                                    const std::vector<LoopVerdict> &Verdicts,
                                    const PortBlocks &Blocks = {});

/// The constant trip count of \p L in \p Seq, if it has one.
std::optional<int64_t> constantTrips(const PortLoop &L, const KernelFacts &Seq);

/// A tiled loop nest (CGPredict Sec. 3.6, docs/port.md "Tiled C and shared
/// memory") as one kernel, or std::nullopt with \p WhyNot. The root of
/// \p K (and its perfectly nested parallel child, as x) must step by the
/// tile T > 1: they become blockIdx. Inside the innermost of them, possibly
/// inside sequential loops (the `kk` of a tiled product), every parallel
/// loop must start a phase: T iterations of step 1, perfectly nested with
/// another such loop (as x) when the tile loops are two. The phases' loops
/// become threadIdx, the block T (x T); loops inside a phase stay
/// sequential in the thread. The tile loop's local arrays are the shared
/// buffers; a barrier follows a phase that conflicts with the next one on
/// them (TilePhase::BarrierAfter). With \p OnlyShared (--port-shared) only
/// the arrays it names are shared; the tile's others are each thread's own.
std::optional<LoopMapping> tiledMapping(const std::vector<PortLoop> &Loops,
                                        const std::vector<LoopVerdict> &Verdicts,
                                        const PortKernel &K,
                                        const KernelFacts &Seq,
                                        std::string &WhyNot,
                                        const std::vector<std::string>
                                            *OnlyShared = nullptr);

/// The loop nest of \p K with its parallel loops that lie inside sequential
/// loops of the root (PolyBench 4.2's GEMM: i, then k, then j) as
/// threadIdx.x and the root as y: each thread (i, j) runs the sequential
/// loops for its own j, the loops interchanged. Offered when
///  - the root is parallel, and no 2-D candidate has x = its only child;
///  - every parallel loop found below the root through sequential ones
///    (not inside another parallel one) has the same trip count (an
///    expression: `j <= i` in each is the same), and one of them lies
///    inside a sequential loop;
///  - nothing under the root outside those loops writes memory, and they
///    write no scalar declared outside them (PortLoop::WrittenScalars:
///    after the interchange each thread would keep its own value);
///  - their trip count does not depend on the sequential loops they move
///    out of;
///  - two threads of one root iteration never touch one element that
///    either writes, for any iterations of the sequential loops (each
///    access its own copy of them; Fourier–Motzkin, Symbolic/Feasibility.h).
/// std::nullopt with \p WhyNot otherwise.
std::optional<LoopMapping> interchangedMapping(
    const std::vector<PortLoop> &Loops, const std::vector<LoopVerdict> &Verdicts,
    const PortKernel &K, const KernelFacts &Seq, const PortBlocks &Blocks,
    std::string &WhyNot);

/// \p K's plain mappings (not tiled, interchanged or reductions) again,
/// with its innermost host loop H run by each thread around the root
/// instead of by the host (LoopMapping::InThread): the transposed product
/// `for i, for j: y[j] += A[i][j] * x[i]` becomes one launch over j whose
/// threads run every i, not one launch per i. Offered when
///  - H's body is exactly the root (nothing else would run in every
///    thread), and H writes no scalar declared outside it;
///  - the mapped loops' trip counts do not move with H;
///  - two threads never touch one element that either writes, for any
///    iterations of H and of the loops inside (each access its own copy;
///    Fourier–Motzkin, accessesApart), for each mapped dimension with the
///    others free.
/// Empty, with \p WhyNot, otherwise.
std::vector<LoopMapping> hostLoopInThread(const std::vector<PortLoop> &Loops,
                                          const PortKernel &K,
                                          const KernelFacts &Seq,
                                          std::string &WhyNot);

/// The iteration symbols of \p Seq's loop \p Id and of the loops inside
/// it, at any depth.
std::set<std::string> iterationsFrom(unsigned Id, const KernelFacts &Seq);

/// Whether \p A lies under the loop with id \p LoopId (at any depth).
bool accessUnder(const AccessFacts &A, unsigned LoopId);

/// The loop of \p Seq with id \p Id, or nullptr.
const LoopFacts *loopById(const KernelFacts &Seq, unsigned Id);

/// Whether \p W (a write) and \p A can never touch one element when the
/// iteration symbol \p Xw of W and \p Xa of A differ: the loops whose
/// iteration symbols are in \p Own get a copy per access ('a, 'b), the
/// others one value for both; every loop around each access bounds its
/// iteration (0 to trips − 1, trips affine in the loops around it); the
/// subscripts are equal, dimension by dimension. No rational point
/// (Fourier–Motzkin, Symbolic/Feasibility.h) proves it; a subscript that is
/// not linear proves nothing.
/// With \p OnlyLater, only W's iteration after A's is ruled out.
/// Whether every unknown value in \p E holds still over the iterations of
/// loop \p F: read (or computed) in the function before F begins, the
/// same for every thread, and not one a loop changes (`fA = &fv[off[l]]`
/// before a loop over i: fA[i] is one array's i-th element in each
/// iteration of i).
bool unknownsBefore(const sym::Expr &E, const LoopFacts &F,
                    const KernelFacts &Seq);

bool accessesApart(const AccessFacts &W, const AccessFacts &A,
                   const std::set<std::string> &Own, const std::string &Xw,
                   const std::string &Xa, const KernelFacts &Seq,
                   bool OnlyLater = false);

/// --port-map: "x=j,y=i" (or "x=i", "x=j,inside=i"): which loop variable
/// becomes which thread dimension.
/// "inside=i" names a host loop that each thread runs instead
/// (hostLoopInThread); without it only mappings the host launches match.
struct MappingSpec {
  std::string X, Y;
  std::string Inside;
};
std::optional<MappingSpec> parseMappingSpec(const std::string &Text,
                                            std::string &Error);
bool matchesSpec(const LoopMapping &M, const MappingSpec &S,
                 const std::vector<PortLoop> &Loops);

/// "32x8" (or "256"): a block shape; std::nullopt with \p Error otherwise.
std::optional<std::array<int64_t, 3>> parseBlockShape(const std::string &Text,
                                                      std::string &Error);

/// The trip count of \p L from the sequential facts, with the values the
/// assumptions fix (NAME == N). With \p Averaged, a trip count that
/// depends on the loops around L is their mean over those loops' first and
/// last iterations, said in *Averaged. std::nullopt with \p Why naming the
/// loop and the unknown value otherwise.
std::optional<int64_t>
loopTripCount(const PortLoop &L, const KernelFacts &Seq,
              const std::map<std::string, sym::Assumption> &Assumed,
              std::string &Why, std::string *Averaged = nullptr);

/// The value of host loop \p L's variable at its middle iteration of
/// \p Trips, start + step x floor((Trips - 1) / 2): the launch that stands
/// for all of them. std::nullopt when its start is not a known constant.
std::optional<int64_t>
hostLoopMiddle(const PortLoop &L, const KernelFacts &Seq,
               const std::map<std::string, sym::Assumption> &Assumed,
               int64_t Trips);

/// The launch covering the mapped loops' trip counts \p Trips (indexed as
/// \p M.Dims): grid = ceil(trip / block) in each dimension.
LaunchConfig launchFor(const LoopMapping &M, const std::vector<int64_t> &Trips,
                       const std::vector<PortLoop> &Loops);

} // namespace warplint

#endif
