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

} // namespace warplint
