//===- HostLoopInThread.cpp - A host loop run inside each thread ----------===//
//
// `warplint --port` (docs/port.md, "A host loop inside the thread"): the
// transposed product `for i, for j: y[j] += A[i][j] * x[i]` leaves i
// sequential (every i updates every y[j]) and j parallel. As written, the
// host launches the j kernel once per i, and each launch loads and stores
// y[j]. Moving i into the thread instead (each thread j runs every i) makes
// one launch whose y[j] stays in a register over i. See LoopMapping.h
// (hostLoopInThread).
//
//===----------------------------------------------------------------------===//
#include "Facts/LoopMapping.h"

#include <algorithm>
#include <map>
#include <set>

namespace warplint {

std::vector<LoopMapping> hostLoopInThread(const std::vector<PortLoop> &Loops,
                                          const PortKernel &K,
                                          const KernelFacts &Seq,
                                          std::string &WhyNot) {
  if (K.HostLoops.empty()) {
    WhyNot = "no host loop";
    return {};
  }
  const unsigned H = K.HostLoops.back();
  const PortLoop &HL = Loops[H];
  const std::string Name =
      "'" + HL.Var + "' (line " + std::to_string(HL.Loc.Line) + ")";
  if (!HL.PerfectChild || HL.Children.empty() || HL.Children.front() != K.Root) {
    WhyNot = "the host loop " + Name +
             " holds more than the kernel's loop: each thread would run "
             "the rest too";
    return {};
  }
  if (!HL.LiveOutScalars.empty() || !HL.NotMappable.empty()) {
    WhyNot = HL.LiveOutScalars.empty()
                 ? "the host loop " + Name + ": " + HL.NotMappable
                 : "the host loop " + Name + " writes the scalar '" +
                       HL.LiveOutScalars.front() +
                       "', whose value after it would be each thread's own";
    return {};
  }
  const LoopFacts *HF = loopFactsOf(HL, Seq);
  if (!HF || HF->IterSymbol.empty()) {
    WhyNot = "the host loop " + Name + " was not interpreted";
    return {};
  }
  const std::set<std::string> Own = iterationsFrom(HF->Id, Seq);
  std::vector<const AccessFacts *> Under;
  for (const AccessFacts &A : Seq.Accesses)
    if (accessUnder(A, HF->Id) && accessInLoop(A, H, Loops, Seq))
      Under.push_back(&A);
  std::vector<LoopMapping> R;
  for (const LoopMapping &M : K.Candidates) {
    if (M.Tile > 0 || !M.Reduce.empty() || !M.MoreX.empty() ||
        !M.InThread.empty())
      continue;
    bool Ok = true;
    for (unsigned D : M.Dims) {
      const LoopFacts *DF = loopFactsOf(Loops[D], Seq);
      if (!DF || DF->IterSymbol.empty() || !DF->TripCount) {
        WhyNot = "the loop '" + Loops[D].Var + "' was not interpreted";
        return {};
      }
      // The grid covers the mapped loop's trip count: it must not move
      // with the loop that goes inside the thread.
      std::map<std::string, sym::Expr> Used;
      DF->TripCount->collectSymbols(Used);
      if (Used.count(HF->IterSymbol)) {
        WhyNot = "the trip count of '" + Loops[D].Var +
                 "' moves with the host loop " + Name;
        return {};
      }
      // Two threads that differ in this dimension (the others free) never
      // touch one element that either writes, for any iterations of the
      // host loop and of the loops inside.
      for (const AccessFacts *W : Under) {
        if (!W->IsWrite)
          continue;
        for (const AccessFacts *A : Under) {
          if (A->Base != W->Base)
            continue;
          if (!W->Undefined.empty() || !A->Undefined.empty() ||
              W->Base.empty() ||
              !accessesApart(*W, *A, Own, DF->IterSymbol, DF->IterSymbol,
                             Seq)) {
            WhyNot = "'" + W->Text + "' and '" + A->Text +
                     "' may touch one element in two threads once " +
                     Name + " runs inside each thread";
            Ok = false;
            break;
          }
        }
        if (!Ok)
          break;
      }
      if (!Ok)
        break;
    }
    if (!Ok)
      return {};
    LoopMapping In = M;
    In.InThread = {H};
    R.push_back(In);
  }
  if (R.empty())
    WhyNot = "the kernel has no plain mapping";
  return R;
}

} // namespace warplint
