//===- PortLoops.cpp - The loops of a port that do not become threads -----===//
//
// `warplint --port` lists each loop that stays sequential in a thread and
// each left to the CPU, with the reason (docs/port.md).
//
//===----------------------------------------------------------------------===//
#include "PortLoops.h"

#include "llvm/Support/FormatVariadic.h"

#include <set>

using namespace llvm;

namespace warplint {

void listSequentialLoops(const std::vector<PortLoop> &Loops,
                         const std::vector<LoopVerdict> &Verdicts,
                         const std::vector<PortKernel> &PKs,
                         const std::map<unsigned, std::string> &NotInterchanged,
                         PortReport &R) {
  // Which loops are in a kernel, around one (host loops), or neither.
  std::vector<int> Role(Loops.size(), 0); // 1 kernel, 2 host
  for (const PortKernel &PK : PKs) {
    for (unsigned H : PK.HostLoops)
      Role[H] = 2;
    std::vector<unsigned> W{PK.Root};
    while (!W.empty()) {
      unsigned I = W.back();
      W.pop_back();
      Role[I] = 1;
      W.insert(W.end(), Loops[I].Children.begin(), Loops[I].Children.end());
    }
  }
  // Loops some candidate maps to threads (a tiled nest's phases too).
  std::set<unsigned> Mapped;
  for (const PortKernel &PK : PKs)
    for (const LoopMapping &M : PK.Candidates) {
      Mapped.insert(M.Dims.begin(), M.Dims.end());
      Mapped.insert(M.MoreX.begin(), M.MoreX.end());
      for (const TilePhase &P : M.Phases)
        Mapped.insert(P.Dims.begin(), P.Dims.end());
    }
  for (size_t I = 0; I < Loops.size(); ++I) {
    if (Loops[I].Replaced)
      continue; // its copies stand for it
    if (Verdicts[I].Reduction && Mapped.count(unsigned(I)))
      continue; // a parallel reduction's loop
    if (Verdicts[I].Parallel) {
      // A parallel loop under a sequential one of its kernel runs inside
      // each thread (PolyBench 4.2's GEMM: j inside k): say so, and what
      // would let it become threads.
      if (Role[I] != 1 || Mapped.count(unsigned(I)))
        continue;
      std::optional<unsigned> Root;
      for (std::optional<unsigned> P = Loops[I].Parent; P;
           P = Loops[*P].Parent)
        if (Role[*P] == 1)
          Root = *P;
      bool Said = false;
      for (std::optional<unsigned> P = Loops[I].Parent; P && !Said;
           P = Loops[*P].Parent) {
        if (Role[*P] != 1)
          break;
        if (!Verdicts[*P].Parallel) {
          Said = true;
          auto Why = Root ? NotInterchanged.find(*Root) : NotInterchanged.end();
          R.NotParallel.push_back(SequentialLoop{
              Loops[I].Var, Loops[I].Loc,
              formatv("its iterations are independent, but it runs inside "
                      "the sequential loop '{0}' (line {1}) of each thread; "
                      "it is not moved outside '{0}' (interchanged): {2}",
                      Loops[*P].Var, Loops[*P].Loc.Line,
                      Why == NotInterchanged.end() ? std::string("?")
                                                   : Why->second)});
        }
      }
      // Under parallel loops only: the kernel maps its root alone (its body
      // holds more than this loop).
      if (!Said && Root)
        R.NotParallel.push_back(SequentialLoop{
            Loops[I].Var, Loops[I].Loc,
            formatv("its iterations are independent, but the kernel maps "
                    "only '{0}' (line {1}): a 2-D mapping needs the body of "
                    "'{0}' to be exactly this loop",
                    Loops[*Root].Var, Loops[*Root].Loc.Line)});
      continue;
    }
    // A copy made by loop distribution: "i/3" (its statements at ...).
    SequentialLoop SL{(Loops[I].Var.empty() ? "?" : Loops[I].Var) +
                          copyLabel(Loops, unsigned(I)),
                      Loops[I].Loc, Verdicts[I].Why};
    if (Loops[I].Original)
      SL.Why = "(its statements at " + keptLines(Loops, unsigned(I)) + ") " +
               SL.Why;
    (Role[I] ? R.NotParallel : R.LeftSequential).push_back(SL);
  }
}

HostLoopValues
hostLoopValues(const std::vector<PortLoop> &Loops,
               const std::vector<unsigned> &HostLoops, const KernelFacts &Seq,
               const std::map<std::string, sym::Assumption> &Assumed,
               std::map<std::string, sym::Assumption> &Now) {
  using llvm::formatv;
  HostLoopValues R;
  for (unsigned H : HostLoops) {
    std::string Why;
    std::optional<int64_t> N = loopTripCount(Loops[H], Seq,
                                             Assumed, Why);
    // A count that moves with a host loop around it (nw's anti-diagonals:
    // b < d): taken at that loop's middle iteration, the mean number of
    // launches per iteration of it when the count is affine in it; said.
    if (!N) {
      std::string WhyThere;
      N = loopTripCount(Loops[H], Seq, Now,
                        WhyThere);
      if (N)
        R.Notes[H] = (formatv(
            "the host loop '{0}' (line {1}) runs a number of times that "
            "changes with the host loops around it: counted at their middle "
            "iterations, {2} per iteration of them (the mean, for a count "
            "affine in them)",
            Loops[H].Var, Loops[H].Loc.Line, *N)).str();
    }
    if (!N) {
      R.Problem = Why;
      return R;
    }
    R.Launches *= *N;
    R.Trips[H] = *N;
    R.Names.push_back(formatv("{0} ({1} iterations)", Loops[H].Var, *N));
    const std::string &V = Loops[H].Var;
    if (auto It = Assumed.find(V); It != Assumed.end()) {
      if (It->second.Equal) {
        R.Values[V] = *It->second.Equal;
        R.Notes[H] = (formatv(
            "every launch of the host loop '{0}' ({1} iterations) is "
            "estimated at {0} = {2} (as given)",
            V, *N, *It->second.Equal)).str();
      }
      continue;
    }
    // Its start may depend on a host loop around it (r = 16 * b): at that
    // loop's value.
    if (std::optional<int64_t> Mid = hostLoopMiddle(
            Loops[H], Seq, Now, *N)) {
      sym::Assumption A;
      A.Equal = *Mid;
      Now[V] = A;
      R.Values[V] = *Mid;
      // The sequential facts count its iterations ('k.iter' when k starts
      // at 1): the middle one, for the trip counts that depend on it.
      if (const LoopFacts *F = loopFactsOf(Loops[H], Seq))
        if (!F->IterSymbol.empty() && F->IterSymbol != V) {
          sym::Assumption It;
          It.Equal = (*N - 1) / 2;
          Now[F->IterSymbol] = It;
        }
      R.Notes[H] += (R.Notes[H].empty() ? "" : "; ") +
                      (formatv(
          "every launch of the host loop '{0}' ({1} iterations) is estimated "
          "as its middle one, {0} = {2} (--assume='{0} == N' to choose "
          "another)",
          V, *N, *Mid)).str();
    }
  }
  return R;
}

} // namespace warplint
