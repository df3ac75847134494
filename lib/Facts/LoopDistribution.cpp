//===- LoopDistribution.cpp - A loop's statements split into loops --------===//
//
// `warplint --port` (docs/port.md, "Loop distribution"): PolyBench 4.2's
// ATAX computes tmp[i] = A[i] . x and then y += A[i]^T tmp[i] in one i loop.
// The second statement writes every y[j] in every i, so i is not parallel;
// split into three i loops (tmp[i] = 0, the first product, the second),
// the first two are parallel in i and the third in j. See LoopMapping.h
// (distributeLoops, accessInLoop).
//
//===----------------------------------------------------------------------===//
#include "Facts/LoopMapping.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace warplint {

namespace {

bool notAfter(const SourceLoc &A, const SourceLoc &B) {
  return A.Line < B.Line || (A.Line == B.Line && A.Column <= B.Column);
}

bool within(const SourceLoc &L, const BodyPart &P) {
  return L.valid() && P.Begin.valid() && notAfter(P.Begin, L) &&
         notAfter(L, P.End);
}

/// A statement of the loop's body, or one copy of a distributed loop that
/// is such a statement.
struct Item {
  unsigned Part = 0;
  std::optional<unsigned> Copy;
  std::vector<const AccessFacts *> Accesses;
};

bool shareScalar(const BodyPart &A, const BodyPart &B) {
  auto Meets = [](const std::vector<std::string> &W, const BodyPart &O) {
    for (const std::string &S : W)
      if (std::find(O.ScalarsWritten.begin(), O.ScalarsWritten.end(), S) !=
              O.ScalarsWritten.end() ||
          std::find(O.ScalarsRead.begin(), O.ScalarsRead.end(), S) !=
              O.ScalarsRead.end())
        return true;
    return false;
  };
  return Meets(A.ScalarsWritten, B) || Meets(B.ScalarsWritten, A);
}

/// Whether item \p A (earlier) and item \p B (later) must stay in one loop:
/// some access of B, in an earlier iteration of the loop (symbol \p X),
/// touches an element some access of A touches in a later one, one of them
/// writing.
bool backward(const Item &A, const Item &B, const std::string &X,
              const std::set<std::string> &Own, const KernelFacts &Seq) {
  for (const AccessFacts *P : A.Accesses)
    for (const AccessFacts *Q : B.Accesses) {
      if (!P->IsWrite && !Q->IsWrite)
        continue;
      if (P->Base.empty() || Q->Base.empty())
        return true;
      if (P->Base != Q->Base)
        continue;
      if (!P->Undefined.empty() || !Q->Undefined.empty() ||
          P->Index.mentions(sym::SymbolKind::Unknown) ||
          Q->Index.mentions(sym::SymbolKind::Unknown))
        return true;
      if (!accessesApart(*P, *Q, Own, X, X, Seq, /*OnlyLater=*/true))
        return true;
    }
  return false;
}

} // namespace

std::set<std::string> iterationsFrom(unsigned Id, const KernelFacts &Seq) {
  std::set<std::string> R;
  for (const LoopFacts &L : Seq.Loops) {
    if (L.IterSymbol.empty())
      continue;
    for (std::optional<unsigned> P = L.Id; P;) {
      if (*P == Id) {
        R.insert(L.IterSymbol);
        break;
      }
      const LoopFacts *PL = loopById(Seq, *P);
      P = PL ? PL->Parent : std::nullopt;
    }
  }
  return R;
}

bool accessInLoop(const AccessFacts &A, unsigned Index,
                  const std::vector<PortLoop> &Loops, const KernelFacts &Seq) {
  const PortLoop &L = Loops[Index];
  const LoopFacts *F = loopFactsOf(L, Seq);
  if (!F || !accessUnder(A, F->Id))
    return false;
  if (!L.Original)
    return true;
  const PortLoop &O = Loops[*L.Original];
  for (unsigned K : L.KeepParts) {
    if (K >= O.Parts.size() || !within(A.Loc, O.Parts[K]))
      continue;
    // In a distributed loop of the statement: in the copy this loop holds.
    for (unsigned C : O.Parts[K].Loops) {
      if (!Loops[C].Replaced)
        continue;
      const LoopFacts *CF = loopFactsOf(Loops[C], Seq);
      if (!CF || !accessUnder(A, CF->Id))
        continue;
      return std::any_of(L.Children.begin(), L.Children.end(),
                         [&](unsigned D) {
                           return Loops[D].Original == C &&
                                  accessInLoop(A, D, Loops, Seq);
                         });
    }
    return true;
  }
  return false;
}

std::string copyLabel(const std::vector<PortLoop> &Loops, unsigned Index) {
  if (!Loops[Index].Original)
    return "";
  unsigned N = 0;
  for (unsigned I = 0; I <= Index; ++I)
    N += Loops[I].Original == Loops[Index].Original;
  return "/" + std::to_string(N);
}

/// The first and last lines of the statements copy \p Index runs: of a
/// kept statement that is a distributed loop, only what its copy here runs.
static void keptRange(const std::vector<PortLoop> &Loops, unsigned Index,
                      unsigned &Lo, unsigned &Hi) {
  const PortLoop &L = Loops[Index];
  const PortLoop &O = Loops[*L.Original];
  for (unsigned K : L.KeepParts) {
    if (K >= O.Parts.size())
      continue;
    const BodyPart &P = O.Parts[K];
    bool Inner = false;
    if (P.IsLoop && Loops[P.Loops.front()].Replaced)
      for (unsigned C : L.Children)
        if (Loops[C].Original == P.Loops.front()) {
          keptRange(Loops, C, Lo, Hi);
          Inner = true;
        }
    if (!Inner) {
      Lo = std::min(Lo, P.Begin.Line);
      Hi = std::max(Hi, P.End.Line);
    }
  }
}

std::string keptLines(const std::vector<PortLoop> &Loops, unsigned Index) {
  const PortLoop &L = Loops[Index];
  if (!L.Original || L.KeepParts.empty())
    return "";
  unsigned Lo = ~0u, Hi = 0;
  keptRange(Loops, Index, Lo, Hi);
  if (Lo > Hi)
    return "";
  return Lo == Hi ? "line " + std::to_string(Lo)
                  : "lines " + std::to_string(Lo) + "-" + std::to_string(Hi);
}

std::vector<Distribution> distributeLoops(std::vector<PortLoop> &Loops,
                                          const std::vector<LoopVerdict> &Verdicts,
                                          const KernelFacts &Seq) {
  std::vector<Distribution> R;
  std::vector<std::vector<unsigned>> CopiesOf(Loops.size());
  // The frontend lists a loop before the loops inside it: from the last,
  // the inner ones are split first.
  for (size_t Index = Loops.size(); Index-- > 0;) {
    const unsigned I = unsigned(Index);
    if (I >= Verdicts.size() || Verdicts[I].Parallel || Verdicts[I].Reduction ||
        Loops[I].Parts.size() < 2 || Loops[I].Original ||
        !Loops[I].Undistributable.empty())
      continue;
    // Inside a parallel loop the split would make no thread more: the
    // loop stays as written.
    bool InParallel = false;
    for (std::optional<unsigned> P = Loops[I].Parent; P && !InParallel;
         P = Loops[*P].Parent)
      InParallel = *P < Verdicts.size() &&
                   (Verdicts[*P].Parallel || Verdicts[*P].Reduction);
    if (InParallel)
      continue;
    const LoopFacts *F = loopFactsOf(Loops[I], Seq);
    if (!F || F->IterSymbol.empty())
      continue;
    // The items: each statement, or each copy of a distributed loop that
    // is the statement.
    std::vector<Item> Items;
    for (unsigned K = 0; K < Loops[I].Parts.size(); ++K) {
      const BodyPart &P = Loops[I].Parts[K];
      if (P.IsLoop && !P.Loops.empty() && !CopiesOf[P.Loops.front()].empty()) {
        for (unsigned C : CopiesOf[P.Loops.front()])
          Items.push_back({K, C, {}});
        continue;
      }
      Items.push_back({K, std::nullopt, {}});
    }
    for (const AccessFacts &A : Seq.Accesses) {
      if (!accessUnder(A, F->Id))
        continue;
      bool Placed = false;
      for (Item &It : Items) {
        if (!within(A.Loc, Loops[I].Parts[It.Part]))
          continue;
        if (It.Copy && !accessInLoop(A, *It.Copy, Loops, Seq))
          continue;
        It.Accesses.push_back(&A);
        Placed = true;
        break;
      }
      if (!Placed) {
        // In the loop's header or nowhere known: no distribution.
        Items.clear();
        break;
      }
    }
    if (Items.size() < 2)
      continue;
    // Groups: contiguous ranges of items; First[k] is the first item of
    // item k's group.
    std::vector<unsigned> First(Items.size());
    std::iota(First.begin(), First.end(), 0u);
    const std::set<std::string> Own = iterationsFrom(F->Id, Seq);
    for (size_t B = 1; B < Items.size(); ++B)
      for (size_t A = 0; A < B; ++A) {
        if (First[B] <= A)
          break;
        if (shareScalar(Loops[I].Parts[Items[A].Part],
                        Loops[I].Parts[Items[B].Part]) ||
            backward(Items[A], Items[B], F->IterSymbol, Own, Seq)) {
          for (size_t K = A + 1; K <= B; ++K)
            First[K] = First[A];
          break;
        }
      }
    // Copies of one distributed loop that end in one group stay copies,
    // each a child of the group's copy.
    std::vector<std::vector<unsigned>> Groups;
    for (size_t K = 0; K < Items.size(); ++K) {
      if (First[K] == K)
        Groups.emplace_back();
      Groups.back().push_back(unsigned(K));
    }
    if (Groups.size() < 2)
      continue;
    Distribution D;
    D.Loop = I;
    for (const std::vector<unsigned> &G : Groups) {
      PortLoop C = Loops[I];
      C.Original = I;
      C.Parts.clear();
      C.KeepParts.clear();
      C.Children.clear();
      C.PerfectChild = false;
      C.Replaced = false;
      for (unsigned K : G) {
        const Item &It = Items[K];
        if (std::find(C.KeepParts.begin(), C.KeepParts.end(), It.Part) ==
            C.KeepParts.end())
          C.KeepParts.push_back(It.Part);
        if (It.Copy) {
          C.Children.push_back(*It.Copy);
          continue;
        }
        for (unsigned L : Loops[I].Parts[It.Part].Loops) {
          if (L < CopiesOf.size() && !CopiesOf[L].empty())
            C.Children.insert(C.Children.end(), CopiesOf[L].begin(),
                              CopiesOf[L].end());
          else
            C.Children.push_back(L);
        }
      }
      const Item &Only = Items[G.front()];
      C.PerfectChild = G.size() == 1 && C.Children.size() == 1 &&
                       (Only.Copy || Loops[I].Parts[Only.Part].IsLoop);
      const unsigned New = unsigned(Loops.size());
      for (unsigned Ch : C.Children)
        Loops[Ch].Parent = New;
      Loops.push_back(std::move(C));
      D.Copies.push_back(New);
    }
    Loops[I].Replaced = true;
    CopiesOf.resize(Loops.size());
    CopiesOf[I] = D.Copies;
    if (std::optional<unsigned> P = Loops[I].Parent) {
      std::vector<unsigned> &Ch = Loops[*P].Children;
      auto It = std::find(Ch.begin(), Ch.end(), I);
      if (It != Ch.end()) {
        It = Ch.erase(It);
        Ch.insert(It, D.Copies.begin(), D.Copies.end());
      }
    }
    R.push_back(std::move(D));
  }
  return R;
}

} // namespace warplint
