//===- Privatization.cpp - Scratch arrays private to each iteration -------===//
//
// `warplint --port` (docs/port.md, "Scratch arrays"): PolyBench 4.2's
// DOITGEN fills sum[p] for every (r, q) and reads it back in the same
// iteration. Every (r, q) writes the same elements, so r and q look
// dependent; but no iteration reads what another wrote: given its own copy
// of sum, each (r, q) can be a thread. See LoopMapping.h (privateArrays).
//
//===----------------------------------------------------------------------===//
#include "Facts/LoopMapping.h"

#include <algorithm>
#include <map>
#include <set>

namespace warplint {

namespace {

bool before(const SourceLoc &A, const SourceLoc &B) {
  return A.Line < B.Line || (A.Line == B.Line && A.Column < B.Column);
}

/// Whether the write \p W, made before the read \p R in one iteration of
/// the loop \p Id, always sets the element R reads: both in the same loops
/// up to a common prefix that holds Id; W in no branch; past the prefix, W
/// in loops that each match R's (same trip count) and run to the end, its
/// subscripts R's with those loops' iterations renamed.
bool covers(const AccessFacts &W, const AccessFacts &R, unsigned Id,
            const std::vector<PortLoop> &Loops, const KernelFacts &Seq) {
  // Before it: on an earlier line (in one assignment, `y[j] = y[j] + e`,
  // the store comes after the load though its text comes first), or
  // earlier outside a loop that holds the read.
  const bool Earlier = W.Loc.Line < R.Loc.Line ||
                       (W.Loops.size() < R.Loops.size() && before(W.Loc, R.Loc));
  if (!W.IsWrite || W.IsAtomic || !W.Guards.empty() || !W.Undefined.empty() ||
      !Earlier)
    return false;
  size_t Common = 0;
  while (Common < W.Loops.size() && Common < R.Loops.size() &&
         W.Loops[Common] == R.Loops[Common])
    ++Common;
  if (std::find(W.Loops.begin(), W.Loops.begin() + Common, Id) ==
      W.Loops.begin() + Common)
    return false;
  if (W.Loops.size() - Common > R.Loops.size() - Common)
    return false;
  // Every loop holding either inside the loop: a plain `for` over one
  // variable (its step, written above its body, runs after it).
  for (const std::vector<unsigned> *Ls : {&W.Loops, &R.Loops})
    for (unsigned L : *Ls) {
      const LoopFacts *LF = loopById(Seq, L);
      if (!LF)
        return false;
      for (const PortLoop &P : Loops)
        if (P.Loc.Line == LF->Loc.Line && P.Loc.Column == LF->Loc.Column &&
            (P.Var.empty() || !P.Undistributable.empty()) &&
            std::find(Ls->begin(), Ls->end(), Id) < std::find(Ls->begin(), Ls->end(), L))
          return false;
    }
  std::map<std::string, sym::Expr> Rename;
  for (size_t K = Common; K < W.Loops.size(); ++K) {
    const LoopFacts *LW = loopById(Seq, W.Loops[K]);
    const LoopFacts *LR = loopById(Seq, R.Loops[K]);
    if (!LW || !LR || !LW->TripCount || !LR->TripCount ||
        *LW->TripCount != *LR->TripCount || LW->IterSymbol.empty())
      return false;
    // Run to the end: not left early, its condition not changed.
    for (const PortLoop &P : Loops)
      if (P.Loc.Line == LW->Loc.Line && P.Loc.Column == LW->Loc.Column &&
          !P.Undistributable.empty())
        return false;
    Rename[LW->IterSymbol] =
        sym::Expr::symbol(LR->IterSymbol, sym::SymbolKind::LoopIter);
  }
  if (W.Subscripts.size() != R.Subscripts.size())
    return false;
  if (W.Subscripts.empty())
    return W.Index.substitute(Rename) == R.Index;
  for (size_t D = 0; D < W.Subscripts.size(); ++D)
    if (W.Subscripts[D].substitute(Rename) != R.Subscripts[D])
      return false;
  return true;
}

} // namespace

std::vector<std::string> privateArrays(const std::vector<PortLoop> &Loops,
                                       unsigned Index, const KernelFacts &Seq) {
  const LoopFacts *F = loopFactsOf(Loops[Index], Seq);
  if (!F)
    return {};
  std::map<std::string, std::vector<const AccessFacts *>> ByBase;
  std::set<std::string> Outside, Written;
  for (const AccessFacts &A : Seq.Accesses) {
    if (A.Base.empty())
      continue;
    if (!accessUnder(A, F->Id) || !accessInLoop(A, Index, Loops, Seq)) {
      // Read elsewhere in the function: its content after the loop counts.
      if (A.IsRead)
        Outside.insert(A.Base);
      continue;
    }
    ByBase[A.Base].push_back(&A);
    if (A.IsWrite)
      Written.insert(A.Base);
  }
  std::vector<std::string> R;
  for (const auto &[Base, Acc] : ByBase) {
    // Scratch is written and read back; an array only written is the
    // loop's output, its last iteration's values the result.
    const std::vector<std::string> &Esc = Loops[Index].Escaping;
    if (std::find(Esc.begin(), Esc.end(), Base) != Esc.end())
      continue;
    if (!Written.count(Base) || Outside.count(Base) ||
        std::none_of(Acc.begin(), Acc.end(),
                     [](const AccessFacts *A) { return A->IsRead; }))
      continue;
    // Only an array every iteration uses the same elements of: one indexed
    // by the loop's iteration is shared out by the dependence test, and
    // stays one array.
    if (std::any_of(Acc.begin(), Acc.end(), [&](const AccessFacts *A) {
          return A->Index.mentions(F->IterSymbol);
        }))
      continue;
    bool Ok = true;
    for (const AccessFacts *Rd : Acc) {
      if (!Rd->IsRead)
        continue;
      if (!Rd->Undefined.empty() ||
          Rd->Index.mentions(sym::SymbolKind::Unknown) ||
          std::none_of(Acc.begin(), Acc.end(), [&](const AccessFacts *W) {
            return W != Rd && covers(*W, *Rd, F->Id, Loops, Seq);
          })) {
        Ok = false;
        break;
      }
    }
    if (Ok)
      R.push_back(Base);
  }
  return R;
}

} // namespace warplint
