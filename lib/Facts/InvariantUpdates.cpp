//===- InvariantUpdates.cpp - Loop-invariant updates as a compiler keeps them ===//
//
// docs/port.md, "Accumulators"; the rules are in the header.
//
//===----------------------------------------------------------------------===//
#include "Facts/InvariantUpdates.h"

#include <algorithm>
#include <map>

namespace warplint {
namespace {

const LoopFacts *loopWithId(const KernelFacts &K, unsigned Id) {
  for (const LoopFacts &L : K.Loops)
    if (L.Id == Id)
      return &L;
  return nullptr;
}

bool underLoop(const AccessFacts &A, unsigned L) {
  return std::find(A.Loops.begin(), A.Loops.end(), L) != A.Loops.end();
}

bool directlyIn(const AccessFacts &A, unsigned L) {
  return !A.Loops.empty() && A.Loops.back() == L;
}

/// Whether \p C can change from one iteration of loop \p L to the next:
/// it names an iteration of L or of a loop inside it (anything but the
/// loops around L, \p A's loops before L), or a value not known.
bool variesIn(const sym::Expr &C, const AccessFacts &A, unsigned L,
              const KernelFacts &K) {
  std::map<std::string, sym::Expr> Syms;
  C.collectSymbols(Syms);
  for (const auto &[Name, S] : Syms) {
    const sym::SymbolKind SK = S.symbolKind();
    if (SK == sym::SymbolKind::Unknown)
      return true;
    if (SK != sym::SymbolKind::LoopIter && SK != sym::SymbolKind::LoopVar)
      continue;
    bool Outer = false;
    for (unsigned Id : A.Loops) {
      if (Id == L)
        break;
      for (const LoopFacts &F : K.Loops)
        Outer = Outer || (F.Id == Id && F.IterSymbol == Name);
    }
    if (!Outer)
      return true;
  }
  return false;
}

/// Whether a branch inside loop \p L (other than a loop's own exit) whose
/// condition changes with L's iterations guards \p A: then A does not run
/// in every iteration. A condition fixed over L (a thread's `j < N` guard
/// where an interchanged j runs inside k, `alpha != 0`) runs A in every
/// iteration or in none: the compiler unswitches the loop.
bool guardedInside(const AccessFacts &A, unsigned L, const KernelFacts &K) {
  for (const GuardRef &G : A.Guards)
    for (const BranchFacts &B : K.Branches)
      if (B.Id == G.Branch && B.Kind != BranchKind::LoopExit &&
          std::find(B.Loops.begin(), B.Loops.end(), L) != B.Loops.end() &&
          variesIn(B.Condition, A, L, K))
        return true;
  return false;
}

/// Whether \p A, directly in loop \p L, addresses the same element in every
/// iteration of L: its index names only thread, launch and parameter
/// values and the iterations of the loops around L.
bool invariantIn(const AccessFacts &A, const LoopFacts &L,
                 const KernelFacts &K) {
  if (!A.Undefined.empty() || A.Base.empty() || A.IsAtomic ||
      A.Space != MemorySpace::Global)
    return false;
  std::map<std::string, sym::Expr> Syms;
  A.Index.collectSymbols(Syms);
  for (const auto &[Name, S] : Syms) {
    sym::SymbolKind SK = S.symbolKind();
    if (SK == sym::SymbolKind::Unknown)
      return false;
    if (SK != sym::SymbolKind::LoopIter && SK != sym::SymbolKind::LoopVar)
      continue;
    if (Name == L.IterSymbol)
      return false;
    bool Outer = false;
    for (unsigned Id : A.Loops)
      if (Id != L.Id)
        if (const LoopFacts *O = loopWithId(K, Id))
          Outer |= O->IterSymbol == Name;
    if (!Outer)
      return false;
  }
  return true;
}

std::string where(const AccessFacts &A) {
  return "'" + A.Text + "' (line " + std::to_string(A.Loc.Line) + ")";
}

/// MayAlias: moves invariant reads out of their innermost loop while every
/// write under it is to their element. True when something moved.
bool forwardOnce(KernelFacts &K, std::vector<std::string> &Notes) {
  for (size_t I = 0; I < K.Accesses.size(); ++I) {
    AccessFacts &A = K.Accesses[I];
    if (!A.IsRead || A.Loops.empty())
      continue;
    const LoopFacts *L = loopWithId(K, A.Loops.back());
    if (!L || !invariantIn(A, *L, K) || guardedInside(A, L->Id, K))
      continue;
    bool Forwarded = true, Written = false;
    for (size_t J = 0; J < K.Accesses.size() && Forwarded; ++J) {
      const AccessFacts &W = K.Accesses[J];
      if (!W.IsWrite || !underLoop(W, L->Id))
        continue;
      Written = true;
      Forwarded = W.Base == A.Base && W.Index == A.Index && !W.IsAtomic &&
                  W.Space == A.Space;
    }
    if (!Forwarded || !Written)
      continue; // a load with no store in the loop is not our concern
    std::string Loop = L->Var.empty() ? "?" : L->Var;
    AccessFacts Read = A;
    Read.IsWrite = false;
    Read.Loops.pop_back();
    if (A.IsWrite) {
      A.IsRead = false; // the store stays in the loop
      Notes.push_back(where(A) + ": the load is forwarded from the previous "
                      "iteration's store (no other store in the loop '" +
                      Loop + "'): one load before the loop, the store in it");
      K.Accesses.push_back(std::move(Read));
    } else {
      Notes.push_back(where(A) + ": read once before the loop '" + Loop +
                      "' (the only store in the loop writes the same element)");
      A = std::move(Read);
    }
    return true;
  }
  return false;
}

/// Restrict: moves every access to one array out of loop L when they all
/// address one invariant element directly in L. True when something moved.
bool promoteOnce(KernelFacts &K, std::vector<std::string> &Notes) {
  for (size_t I = 0; I < K.Accesses.size(); ++I) {
    const AccessFacts &A = K.Accesses[I];
    if (!A.IsWrite || A.Loops.empty())
      continue;
    const LoopFacts *L = loopWithId(K, A.Loops.back());
    if (!L || !invariantIn(A, *L, K))
      continue;
    std::vector<size_t> Group;
    bool Ok = true;
    for (size_t J = 0; J < K.Accesses.size() && Ok; ++J) {
      const AccessFacts &B = K.Accesses[J];
      if (B.Base != A.Base || !underLoop(B, L->Id))
        continue;
      Ok = directlyIn(B, L->Id) && B.Index == A.Index && B.Space == A.Space &&
           invariantIn(B, *L, K) && !guardedInside(B, L->Id, K);
      Group.push_back(J);
    }
    if (!Ok)
      continue;
    std::string Loop = L->Var.empty() ? "?" : L->Var;
    for (size_t J : Group) {
      AccessFacts &B = K.Accesses[J];
      B.Loops.pop_back();
      Notes.push_back(where(B) + ": kept in a register over the loop '" +
                      Loop + "' (" +
                      (B.IsRead && B.IsWrite ? "loaded before, stored after"
                       : B.IsRead            ? "loaded before"
                                             : "stored after") +
                      "; the arrays are taken not to overlap)");
    }
    return true;
  }
  return false;
}

} // namespace

std::vector<std::string> keepInvariantUpdates(KernelFacts &K, PortAliasing A) {
  std::vector<std::string> Notes;
  // Each step takes one access (or one array's group) out of one loop, so
  // the loop ends after at most (accesses x loop depth) steps.
  if (A == PortAliasing::Restrict)
    while (promoteOnce(K, Notes)) {
    }
  else
    while (forwardOnce(K, Notes)) {
    }
  return Notes;
}

} // namespace warplint
