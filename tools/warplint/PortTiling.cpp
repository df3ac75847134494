//===- PortTiling.cpp - What a tiled port assumes, for the report ---------===//
//
// See PortTiling.h.
//
//===----------------------------------------------------------------------===//
#include "PortTiling.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace warplint {

/// What a tiled mapping assumes (CGPredict Sec. 3.6), for the report.
std::vector<std::string> tilingNotes(const LoopMapping &M,
                                            const std::vector<PortLoop> &Loops) {
  static const char D[] = {'x', 'y', 'z'};
  std::vector<std::string> R;
  std::vector<std::string> Blocks;
  for (size_t I = 0; I < M.Dims.size() && I < 3; ++I)
    Blocks.push_back(llvm::formatv("{0} = start + {1} x blockIdx.{2}",
                             Loops[M.Dims[I]].Var, Loops[M.Dims[I]].Step, D[I]));
  R.push_back(llvm::formatv("tiled (CGPredict Sec. 3.6): the loops stepping by the "
                      "tile ({0}) are the blocks, one per tile: {1}",
                      M.Tile, llvm::join(Blocks, ", ")));
  for (const TilePhase &P : M.Phases) {
    std::vector<std::string> T;
    for (size_t I = 0; I < P.Dims.size() && I < 3; ++I)
      T.push_back(llvm::formatv("{0} = start + threadIdx.{1}", Loops[P.Dims[I]].Var,
                          D[I]));
    R.push_back(llvm::formatv("the phase at line {0}: {1}, with no guard (the "
                        "loops' {2} iterations are the block's threads); the "
                        "loops inside it stay sequential in the thread",
                        Loops[P.Dims.back()].Loc.Line, llvm::join(T, ", "), M.Tile));
    if (P.BarrierAfter)
      R.push_back(llvm::formatv("a __syncthreads() after the phase at line {0}: {1}",
                          Loops[P.Dims.back()].Loc.Line, P.BarrierWhy));
  }
  R.push_back(M.Shared.empty()
                  ? std::string("the tile declares no local array: no shared "
                                "memory")
                  : llvm::formatv("the tile's local arrays {0} are the block's "
                            "__shared__ buffers (CGPredict's hints); each "
                            "thread loads the elements its phase assigns",
                            llvm::join(M.Shared, ", "))
                        .str());
  return R;
}

/// The report's view of a tiled mapping: its loops, phases, shared buffers
/// (from the kernel's facts) and barriers.
PortedTiling tilingOf(const LoopMapping &M,
                             const std::vector<PortLoop> &Loops,
                             const KernelFacts &K, const KernelEstimate &E) {
  PortedTiling T;
  T.Tile = M.Tile;
  for (unsigned D : M.Dims)
    T.BlockLoops.push_back(Loops[D].Var);
  for (const TilePhase &P : M.Phases) {
    PortedTiling::Phase Ph;
    Ph.Line = Loops[P.Dims.back()].Loc.Line;
    for (unsigned D : P.Dims)
      Ph.ThreadLoops.push_back(Loops[D].Var);
    Ph.BarrierAfter = P.BarrierAfter;
    Ph.BarrierWhy = P.BarrierWhy;
    T.Phases.push_back(Ph);
  }
  for (const SharedBufferFacts &S : K.SharedBuffers) {
    PortedTiling::Buffer B;
    B.Name = S.Name;
    B.ElementType = S.ElementType;
    B.Bytes = S.ElementSize;
    for (const std::optional<int64_t> &D : S.Dims) {
      B.Dims.push_back(D.value_or(0));
      B.Bytes *= D.value_or(0);
    }
    T.SharedBytesPerBlock += B.Bytes;
    T.Shared.push_back(B);
  }
  T.Barriers = K.Barriers.size();
  if (const std::optional<InstructionCounts> &D = E.Cycles.Derived) {
    T.BarriersPerThread = D->Sync;
    T.SharedAccessesPerThread = D->Shared;
    T.BankConflictDegree = D->SharedConflictDegree;
    T.WorstConflictWays = D->WorstSharedWays;
    T.WorstConflictText = D->WorstSharedText;
    T.WorstConflictLine = D->WorstSharedLine;
    T.WorstConflictBuffer = D->WorstSharedBase;
  }
  return T;
}

} // namespace warplint
