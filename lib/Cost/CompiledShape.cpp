//===- CompiledShape.cpp - Loops and addresses as the compiler leaves them -===//
#include "Cost/CompiledShape.h"

namespace warplint {

namespace {

/// Integer arithmetic that a fully unrolled loop does not execute per
/// iteration: what depends on the iteration becomes constants folded into
/// immediate offsets, what does not is hoisted out.
bool foldsWhenUnrolled(const OpFacts &Op) {
  if (Op.Type != OpType::Int32 && Op.Type != OpType::Int64)
    return Op.Kind == OpKind::Address;
  switch (Op.Kind) {
  case OpKind::Add:
  case OpKind::Mul:
  case OpKind::Shift:
  case OpKind::Address:
  case OpKind::Convert:
    return true;
  default:
    return false;
  }
}

} // namespace

CompiledShape::CompiledShape(const KernelFacts &K) : K(K) {
  for (const LoopFacts &Lp : K.Loops) {
    Pragmas |= Lp.UnrollPragma.has_value();
    if (Lp.UnrollPragma && *Lp.UnrollPragma > 1)
      Partial[Lp.Id] = *Lp.UnrollPragma;
    if (!Lp.TripCount || Lp.ThreadDependentTripCount ||
        (Lp.UnrollPragma && *Lp.UnrollPragma != 0))
      continue;
    std::optional<int64_t> T = Lp.TripCount->asConst();
    if (!T || *T <= 0)
      continue;
    if (Lp.UnrollPragma || *T <= FullUnrollTrips) {
      Unrolled.insert(Lp.Id);
      continue;
    }
    // No pragma, more than FullUnrollTrips iterations: nvcc unrolls a short
    // loop completely and a longer one by a power of two that divides the
    // trip count, so that the unrolled body stays near UnrollBodyBudget
    // operations (CompiledShape.h has what nvcc 13.0 was seen to do).
    const int64_t Body = bodyOps(Lp);
    if (*T <= FullUnrollMaxTrips && *T * Body <= FullUnrollMaxTrips) {
      Unrolled.insert(Lp.Id);
      Implicit = true;
      continue;
    }
    int64_t F = 1;
    while (*T % (2 * F) == 0 && 2 * F * Body <= UnrollBodyBudget)
      F *= 2;
    if (F > 1) {
      Partial[Lp.Id] = unsigned(F);
      Implicit = true;
    }
  }
}

int64_t CompiledShape::bodyOps(const LoopFacts &Lp) const {
  int64_t N = 0;
  for (const OpFacts &Op : K.Ops)
    if (!Op.Loops.empty() && Op.Loops.back() == Lp.Id &&
        Op.Loc.Line != Lp.Loc.Line)
      N += Op.Count;
  for (const AccessFacts &A : K.Accesses)
    if (!A.Loops.empty() && A.Loops.back() == Lp.Id)
      ++N;
  return N > 0 ? N : 1;
}

bool CompiledShape::inUnrolled(const std::vector<unsigned> &Loops) const {
  // The innermost loop decides: its iterations are what the operation runs
  // per; an unrolled outer loop around a kept inner one leaves the inner
  // loop's arithmetic in place.
  return !Loops.empty() && Unrolled.count(Loops.back()) > 0;
}

double CompiledShape::controlShare(unsigned LoopId) const {
  auto It = Partial.find(LoopId);
  return It == Partial.end() ? 1.0 : 1.0 / double(It->second);
}

std::optional<double> CompiledShape::addressCost(const OpFacts &Op) const {
  if (Op.Kind != OpKind::Address || Op.Loops.empty())
    return std::nullopt;
  std::set<std::string> LoopSyms;
  for (unsigned Id : Op.Loops)
    for (const LoopFacts &Lp : K.Loops)
      if (Lp.Id == Id) {
        LoopSyms.insert(Lp.IterSymbol);
        if (!Lp.Var.empty())
          LoopSyms.insert(Lp.Var);
      }
  unsigned Total = 0, Varying = 0;
  for (const AccessFacts &A : K.Accesses) {
    if (A.Loc.Line != Op.Loc.Line || A.Loops != Op.Loops)
      continue;
    ++Total;
    std::map<std::string, sym::Expr> Syms;
    A.Index.collectSymbols(Syms);
    for (const auto &[Name, E] : Syms)
      if (LoopSyms.count(Name) ||
          E.symbolKind() == sym::SymbolKind::LoopIter ||
          E.symbolKind() == sym::SymbolKind::LoopVar) {
        ++Varying;
        break;
      }
  }
  // A subscript of a multi-dimensional array (A[i][k]) records one address
  // operation per dimension, and the access still advances one pointer: a
  // line whose address operations are a whole multiple of its accesses
  // is matched as that many per access.
  if (Total == 0 || Op.Count % Total != 0)
    return std::nullopt; // cannot match them: counted as written
  return double(Varying);
}

double CompiledShape::opInstructions(const OpFacts &Op,
                                     const InstructionMapping &M,
                                     std::string *Why) {
  if (inUnrolled(Op.Loops) && foldsWhenUnrolled(Op)) {
    Folded = true;
    return 0;
  }
  if (std::optional<double> Cost = addressCost(Op)) {
    StrengthReduced = true;
    return *Cost;
  }
  // The compare of an unrolled loop's condition (on its header line); a
  // partly unrolled loop's compare and increment once per N iterations.
  double Control = 1;
  if ((Op.Kind == OpKind::Compare || Op.Kind == OpKind::Add) &&
      (Op.Type == OpType::Int32 || Op.Type == OpType::Int64) &&
      !Op.Loops.empty())
    for (const LoopFacts &Lp : K.Loops)
      if (Lp.Loc.Line == Op.Loc.Line && Op.Loops.back() == Lp.Id) {
        if (Unrolled.count(Lp.Id) && Op.Kind == OpKind::Compare) {
          Folded = true;
          return 0;
        }
        Control = controlShare(Lp.Id);
      }
  return instructionsFor(Op, M, Why) * Control;
}

double CompiledShape::loopBranch(unsigned LoopId,
                                 const InstructionMapping &M) const {
  return Unrolled.count(LoopId) ? 0 : M.LoopBranch * controlShare(LoopId);
}

std::vector<std::string> CompiledShape::notes() const {
  std::vector<std::string> N;
  if (!Unrolled.empty())
    N.push_back("loops of at most " + std::to_string(FullUnrollTrips) +
                " iterations known at compile time (any number under "
                "`#pragma unroll`) are fully unrolled, as nvcc does: their "
                "integer index arithmetic and loop control are not counted "
                "per iteration");
  if (Implicit)
    N.push_back("loops of more than " + std::to_string(FullUnrollTrips) +
                " iterations known at compile time and no pragma: fully "
                "unrolled up to " + std::to_string(FullUnrollMaxTrips) +
                " iterations and operations in all, else unrolled by the "
                "largest power of two dividing the trip count that keeps "
                "the body within " + std::to_string(UnrollBodyBudget) +
                " operations (nvcc 13.0's PTX): the loop control counted "
                "once per unrolled body");
  if (Pragmas)
    N.push_back("#pragma unroll: a full unroll where the trip count is a "
                "constant, `#pragma unroll N` runs the loop's control once "
                "per N iterations, `#pragma unroll 1` keeps the loop");
  if (StrengthReduced)
    N.push_back("address arithmetic in loops is strength-reduced as the "
                "compiler does: one add per iteration for a subscript that "
                "changes with the loop, none for one that does not");
  return N;
}

} // namespace warplint
