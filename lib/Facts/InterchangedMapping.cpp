//===- InterchangedMapping.cpp - Parallel loops moved outside sequential ones ===//
//
// `warplint --port` (docs/port.md, "Interchanged loops"): a parallel loop
// inside a sequential loop of the thread (PolyBench 4.2's GEMM, i-k-j)
// becomes threadIdx.x around it. See LoopMapping.h (interchangedMapping).
//
//===----------------------------------------------------------------------===//
#include "Facts/LoopMapping.h"

#include <algorithm>
#include <map>
#include <set>

namespace warplint {

namespace {

/// Whether \p W and \p A, made by two threads of one iteration of the root
/// (x iterations \p Xw and \p Xa: the iteration symbols of the loops that
/// hold them and become x), can never touch one element. The loops inside
/// the root get a copy per access ('a, 'b); the root's and the loops
/// around it are shared.
bool threadsApart(const AccessFacts &W, const AccessFacts &A,
                  const LoopFacts &Root, const std::string &Xw,
                  const std::string &Xa, const KernelFacts &Seq) {
  std::set<std::string> Inside;
  for (const AccessFacts *X : {&W, &A})
    for (unsigned Id : X->Loops)
      if (const LoopFacts *L = loopById(Seq, Id))
        if (L->Id != Root.Id && !L->IterSymbol.empty()) {
          // Inside the root when the root is among its ancestors.
          for (std::optional<unsigned> P = L->Parent; P;) {
            if (*P == Root.Id) {
              Inside.insert(L->IterSymbol);
              break;
            }
            const LoopFacts *PL = loopById(Seq, *P);
            P = PL ? PL->Parent : std::nullopt;
          }
        }
  return accessesApart(W, A, Inside, Xw, Xa, Seq);
}

} // namespace

std::optional<LoopMapping> interchangedMapping(
    const std::vector<PortLoop> &Loops, const std::vector<LoopVerdict> &Verdicts,
    const PortKernel &K, const KernelFacts &Seq, const PortBlocks &Blocks,
    std::string &WhyNot) {
  const unsigned Root = K.Root;
  const PortLoop &R = Loops[Root];
  if (!Verdicts[Root].Parallel || (R.PerfectChild && !R.Children.empty() &&
                                   Verdicts[R.Children.front()].Parallel)) {
    WhyNot = "the nest is perfect or its root not parallel";
    return std::nullopt;
  }
  // The parallel loops reached through sequential ones, and whether one
  // lies inside a sequential loop.
  std::vector<unsigned> X;
  std::vector<std::string> Around; // "'j' (line 21) outside 'k' (line 20)"
  std::vector<std::pair<unsigned, unsigned>> Walk; // loop, its sequential parent or ~0
  for (unsigned C : R.Children)
    Walk.push_back({C, ~0u});
  for (size_t W = 0; W < Walk.size(); ++W) {
    auto [I, Seqp] = Walk[W];
    if (Verdicts[I].Parallel) {
      X.push_back(I);
      if (Seqp != ~0u)
        Around.push_back("'" + Loops[I].Var + "' (line " +
                         std::to_string(Loops[I].Loc.Line) + ") outside '" +
                         Loops[Seqp].Var + "' (line " +
                         std::to_string(Loops[Seqp].Loc.Line) + ")");
      continue;
    }
    for (unsigned C : Loops[I].Children)
      Walk.push_back({C, I});
  }
  if (X.empty() || Around.empty()) {
    WhyNot = "no parallel loop lies inside a sequential loop of the root";
    return std::nullopt;
  }
  // One trip count for all (a triangular one, `j <= i`, included: the
  // launch takes its mean, as for any mapping).
  const LoopFacts *XF = loopFactsOf(Loops[X.front()], Seq);
  for (unsigned I : X) {
    const LoopFacts *F = loopFactsOf(Loops[I], Seq);
    if (!XF || !F || !XF->TripCount || !F->TripCount ||
        *F->TripCount != *XF->TripCount) {
      WhyNot = "the loops that would become threadIdx.x differ in trip count";
      return std::nullopt;
    }
  }
  for (unsigned I : X)
    if (!Loops[I].WrittenScalars.empty()) {
      WhyNot = "the loop '" + Loops[I].Var + "' (line " +
               std::to_string(Loops[I].Loc.Line) + ") writes the scalar '" +
               Loops[I].WrittenScalars.front() +
               "', whose value after it would be each thread's own";
      return std::nullopt;
    }
  // The x loops' trip count must not move with the loops they leave.
  {
    std::map<std::string, sym::Expr> Used;
    XF->TripCount->collectSymbols(Used);
    for (unsigned I : X)
      for (std::optional<unsigned> P = Loops[I].Parent; P && *P != Root;
           P = Loops[*P].Parent)
        if (const LoopFacts *PF = loopFactsOf(Loops[*P], Seq))
          if (Used.count(PF->IterSymbol)) {
            WhyNot = "the trip count of '" + Loops[I].Var +
                     "' moves with the loop '" + Loops[*P].Var +
                     "' it would leave";
            return std::nullopt;
          }
  }
  const LoopFacts *RF = loopFactsOf(R, Seq);
  if (!RF) {
    WhyNot = "the loop was not interpreted";
    return std::nullopt;
  }
  // Each access under the root, with the x loop that holds it (if any).
  std::vector<std::pair<const AccessFacts *, std::string>> Under;
  for (const AccessFacts &A : Seq.Accesses) {
    if (!accessUnder(A, RF->Id) || !accessInLoop(A, Root, Loops, Seq))
      continue;
    std::string Xi;
    for (unsigned I : X)
      if (const LoopFacts *F = loopFactsOf(Loops[I], Seq))
        if (accessUnder(A, F->Id))
          Xi = F->IterSymbol;
    if (Xi.empty() && A.IsWrite) {
      WhyNot = "'" + A.Text + "' (line " + std::to_string(A.Loc.Line) +
               ") writes memory outside the loops that would become threads";
      return std::nullopt;
    }
    Under.push_back({&A, Xi});
  }
  for (const auto &[W, Xw] : Under) {
    if (!W->IsWrite)
      continue;
    for (const auto &[A, Xa] : Under)
      if (A->Base == W->Base &&
          (Xa.empty() || !threadsApart(*W, *A, *RF, Xw, Xa, Seq))) {
        WhyNot = "'" + W->Text + "' and '" + A->Text +
                 "' may touch one element in two threads";
        return std::nullopt;
      }
  }
  LoopMapping M{Root, {X.front(), Root}, Blocks.TwoD};
  M.MoreX.assign(X.begin() + 1, X.end());
  std::string List;
  for (size_t I = 0; I < Around.size(); ++I)
    List += (I ? ", " : "") + Around[I];
  M.Interchange =
      "loops interchanged: " + List +
      " becomes threadIdx.x, each thread running the sequential loops for "
      "its own '" + Loops[X.front()].Var +
      "' (two threads never touch one element either writes)";
  return M;
}

} // namespace warplint
