//===- TiledMapping.cpp - A tiled C loop nest as a shared-memory kernel ---===//
//
// CGPredict Sec. 3.6 / 4.3 (Table 5): the programmer tiles the sequential
// C and says which data go to shared memory; the tile loops become blocks,
// the loops over a tile the block's threads, the local tile arrays its
// __shared__ buffers, with a barrier between phases that share them. See
// LoopMapping.h (tiledMapping) and docs/port.md.
//
//===----------------------------------------------------------------------===//
#include "Facts/LoopMapping.h"

#include <algorithm>
#include <set>

namespace warplint {

std::optional<int64_t> constantTrips(const PortLoop &L, const KernelFacts &Seq) {
  const LoopFacts *F = loopFactsOf(L, Seq);
  if (!F || !F->TripCount)
    return std::nullopt;
  return F->TripCount->asConst();
}

namespace {

struct PhaseArrays {
  std::set<std::string> Read, Written;
};

/// The shared arrays \p Shared read and written under the loop \p L.
PhaseArrays arraysUnder(const PortLoop &L, const KernelFacts &Seq,
                        const std::vector<std::string> &Shared) {
  PhaseArrays R;
  const LoopFacts *F = loopFactsOf(L, Seq);
  if (!F)
    return R;
  for (const AccessFacts &A : Seq.Accesses) {
    if (std::find(A.Loops.begin(), A.Loops.end(), F->Id) == A.Loops.end() ||
        std::find(Shared.begin(), Shared.end(), A.Base) == Shared.end())
      continue;
    if (A.IsRead)
      R.Read.insert(A.Base);
    if (A.IsWrite)
      R.Written.insert(A.Base);
  }
  return R;
}

/// Why the phase with arrays \p P must be separated from the next, \p Q,
/// by a barrier; "" when it need not.
std::string conflict(const PhaseArrays &P, const PhaseArrays &Q,
                     unsigned QLine) {
  for (const std::string &A : P.Written) {
    if (Q.Read.count(A))
      return "'" + A + "' is written here and read by the phase at line " +
             std::to_string(QLine);
    if (Q.Written.count(A))
      return "'" + A + "' is written here and by the phase at line " +
             std::to_string(QLine);
  }
  for (const std::string &A : P.Read)
    if (Q.Written.count(A))
      return "'" + A + "' is read here and written by the phase at line " +
             std::to_string(QLine);
  return "";
}

struct Finder {
  const std::vector<PortLoop> &Loops;
  const std::vector<LoopVerdict> &Verdicts;
  const KernelFacts &Seq;
  int64_t Tile;
  size_t NDims;
  std::vector<TilePhase> Phases;
  /// Per sequential loop inside the tile: its first and last phase.
  std::vector<std::pair<size_t, size_t>> SeqRanges;
  std::string WhyNot;

  bool overTile(unsigned I) const {
    const PortLoop &L = Loops[I];
    std::optional<int64_t> T = constantTrips(L, Seq);
    return Verdicts[I].Parallel && L.Step == 1 && T && *T == Tile;
  }
  std::string where(unsigned I) const {
    return "the loop '" + Loops[I].Var + "' at line " +
           std::to_string(Loops[I].Loc.Line);
  }
  bool visit(unsigned I) {
    const PortLoop &L = Loops[I];
    if (overTile(I)) {
      TilePhase P;
      if (NDims == 2) {
        unsigned C = L.Children.empty() ? 0 : L.Children.front();
        if (!L.PerfectChild || L.Children.empty() || !overTile(C)) {
          WhyNot = where(I) + " runs over the tile but does not hold only "
                   "another parallel loop of " + std::to_string(Tile) +
                   " iterations: a 2-D tile's threads are two loops";
          return false;
        }
        P.Dims = {C, I};
      } else {
        P.Dims = {I};
      }
      Phases.push_back(P);
      return true;
    }
    if (Verdicts[I].Parallel) {
      WhyNot = where(I) + " is parallel but not a loop over the tile (" +
               std::to_string(Tile) + " iterations of step 1)";
      return false;
    }
    // A sequential loop of the block (the tiled product's kk).
    size_t First = Phases.size();
    for (unsigned C : L.Children)
      if (!visit(C))
        return false;
    if (Phases.size() > First)
      SeqRanges.push_back({First, Phases.size() - 1});
    return true;
  }
};

} // namespace

std::optional<LoopMapping> tiledMapping(const std::vector<PortLoop> &Loops,
                                        const std::vector<LoopVerdict> &Verdicts,
                                        const PortKernel &K,
                                        const KernelFacts &Seq,
                                        std::string &WhyNot,
                                        const std::vector<std::string>
                                            *OnlyShared) {
  const PortLoop &Root = Loops[K.Root];
  if (Root.Step <= 1) {
    WhyNot = "the loop does not step by a tile";
    return std::nullopt;
  }
  LoopMapping M;
  M.Root = K.Root;
  M.Tile = Root.Step;
  M.Dims = {K.Root};
  if (Root.PerfectChild && !Root.Children.empty()) {
    unsigned C = Root.Children.front();
    if (Verdicts[C].Parallel && Loops[C].Step == M.Tile)
      M.Dims = {C, K.Root};
  }
  unsigned Body = M.Dims.front();
  Finder F{Loops, Verdicts, Seq, M.Tile, M.Dims.size(), {}, {}, ""};
  for (unsigned C : Loops[Body].Children)
    if (!F.visit(C)) {
      WhyNot = F.WhyNot;
      return std::nullopt;
    }
  if (F.Phases.empty()) {
    WhyNot = "no loop of " + std::to_string(M.Tile) +
             " iterations inside the tile loop";
    return std::nullopt;
  }
  M.Phases = std::move(F.Phases);
  M.Block = {M.Tile, M.Dims.size() == 2 ? M.Tile : 1, 1};
  // The tile loop's arrays, but those of a phase (one thread's own).
  std::set<std::string> Private;
  for (const TilePhase &P : M.Phases)
    for (const std::string &A : Loops[P.Dims.back()].LocalArrays)
      Private.insert(A);
  for (const std::string &A : Loops[Body].LocalArrays)
    if (!Private.count(A) &&
        std::find(M.Shared.begin(), M.Shared.end(), A) == M.Shared.end() &&
        (!OnlyShared || std::find(OnlyShared->begin(), OnlyShared->end(),
                                  A) != OnlyShared->end()))
      M.Shared.push_back(A);
  // Without a tile array there is nothing to share: a loop stepping by 2
  // over a 2-iteration body is better mapped as plain loops (their
  // candidates are ranked) than as blocks of 2 threads.
  if (M.Shared.empty()) {
    WhyNot = "no array is declared in the tile loop's body to hold the "
             "block's tile in shared memory (CGPredict Sec. 3.6's hint)";
    return std::nullopt;
  }
  std::vector<PhaseArrays> Arrays;
  for (const TilePhase &P : M.Phases)
    Arrays.push_back(arraysUnder(Loops[P.Dims.back()], Seq, M.Shared));
  auto Barrier = [&](size_t P, size_t Q) {
    if (M.Phases[P].BarrierAfter)
      return;
    std::string Why = conflict(Arrays[P], Arrays[Q],
                               Loops[M.Phases[Q].Dims.back()].Loc.Line);
    if (!Why.empty()) {
      M.Phases[P].BarrierAfter = true;
      M.Phases[P].BarrierWhy = Why;
    }
  };
  for (size_t P = 0; P + 1 < M.Phases.size(); ++P)
    Barrier(P, P + 1);
  // The last phase of a sequential loop before its first of the next
  // iteration.
  for (auto [First, Last] : F.SeqRanges)
    Barrier(Last, First);
  return M;
}

} // namespace warplint
