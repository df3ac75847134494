//===- AccessesApart.cpp - Whether two accesses can touch one element ----===//
//
// The dependence test of `warplint --port` (declared in LoopMapping.h):
// Fourier–Motzkin over the loops' bounds, the subscripts equal dimension
// by dimension, row-major indices over a runtime row length delinearized.
//
//===----------------------------------------------------------------------===//
#include "Facts/LoopMapping.h"
#include "Symbolic/Feasibility.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace warplint {

bool accessesApart(const AccessFacts &W, const AccessFacts &A,
                   const std::set<std::string> &Own, const std::string &Xw,
                   const std::string &Xa, const KernelFacts &Seq,
                   bool OnlyLater) {
  auto Rename = [&](const sym::Expr &E, const char *Suffix) {
    std::map<std::string, sym::Expr> Used, To;
    E.collectSymbols(Used);
    for (const auto &[Name, Sym] : Used)
      if (Own.count(Name))
        To[Name] = sym::Expr::symbol(Name + Suffix, sym::SymbolKind::LoopIter);
    return E.substitute(To);
  };
  std::vector<sym::LinearForm> Sys;
  // E >= 0. With a min(a, b) term of positive coefficient in E (a trip
  // count clamped to the end, `min(n, 16b + 16) - 16b`), E with a in its
  // place and E with b are both >= 0 too: both are added.
  std::function<bool(const sym::Expr &)> AddGe0 = [&](const sym::Expr &E) {
    if (std::optional<sym::LinearForm> L = sym::linearForm(E)) {
      Sys.push_back(*L);
      return true;
    }
    std::vector<sym::Expr> Terms;
    if (E.op() == sym::Op::Add)
      Terms.assign(E.operands().begin(), E.operands().end());
    else
      Terms.push_back(E);
    for (size_t I = 0; I < Terms.size(); ++I) {
      const sym::Expr &T = Terms[I];
      int64_t C = 1;
      const sym::Expr *M = &T;
      if (T.op() == sym::Op::Mul && T.value() > 0 && T.operands().size() == 1) {
        C = T.value();
        M = &T.operands()[0];
      }
      if (M->op() != sym::Op::Min)
        continue;
      sym::Expr Rest(0);
      for (size_t J = 0; J < Terms.size(); ++J)
        if (J != I)
          Rest = Rest + Terms[J];
      bool Any = false;
      for (const sym::Expr &O : M->operands())
        Any = AddGe0(Rest + sym::Expr(C) * O) || Any;
      return Any;
    }
    return false;
  };
  // 0 <= iteration <= trips - 1 of every loop around each access (the
  // loops not in Own once: they hold one value for both).
  std::set<unsigned> Shared;
  // (By position: W and A may be one access, a write against itself.)
  for (int Side = 0; Side < 2; ++Side) {
    const AccessFacts *X = Side == 0 ? &W : &A;
    const char *Suffix = Side == 0 ? "'a" : "'b";
    for (unsigned Id : X->Loops) {
      const LoopFacts *L = loopById(Seq, Id);
      if (!L || L->IterSymbol.empty())
        continue;
      const bool Copy = Own.count(L->IterSymbol) > 0;
      if (!Copy && !Shared.insert(Id).second)
        continue;
      const sym::Expr It = sym::Expr::symbol(
          L->IterSymbol + (Copy ? Suffix : ""), sym::SymbolKind::LoopIter);
      AddGe0(It);
      if (L->TripCount)
        AddGe0((Copy ? Rename(*L->TripCount, Suffix) : *L->TripCount) -
               sym::Expr(1) - It);
    }
  }
  // One element: each subscript equal (or the flattened index).
  std::vector<std::pair<sym::Expr, sym::Expr>> Same;
  if (!W.Subscripts.empty() && W.Subscripts.size() == A.Subscripts.size())
    for (size_t D = 0; D < W.Subscripts.size(); ++D)
      Same.push_back({Rename(W.Subscripts[D], "'a"), Rename(A.Subscripts[D], "'b")});
  else
    Same.push_back({Rename(W.Index, "'a"), Rename(A.Index, "'b")});
  // A row-major index over a row length known only at run time
  // (`a[i*m + j]` with 0 <= j < m): two subscripts, i and j, when both
  // accesses' remainders provably lie in [0, m - 1] (delinearization).
  auto InRow = [&](const sym::Expr &R, const sym::Expr &M) {
    for (const sym::Expr &Out : {sym::Expr(-1) - R, R - M}) {
      std::vector<sym::LinearForm> S = Sys;
      std::optional<sym::LinearForm> L = sym::linearForm(Out);
      std::optional<sym::LinearForm> Pos = sym::linearForm(M - sym::Expr(1));
      if (!L || !Pos)
        return false;
      S.push_back(*L);
      S.push_back(*Pos);
      if (sym::mayBeFeasible(std::move(S)))
        return false;
    }
    return true;
  };
  for (size_t Guard = 0; Guard < 4 && Same.size() == 1 + Guard; ++Guard) {
    const auto [SW, SA] = Same.front();

    std::map<std::string, sym::Expr> Syms;
    SW.collectSymbols(Syms);
    bool Split = false;
    for (const auto &[Name, M] : Syms) {
      const sym::SymbolKind Kind = M.symbolKind();
      if (Kind == sym::SymbolKind::LoopIter || Kind == sym::SymbolKind::LoopVar ||
          !SA.mentions(Name))
        continue;
      auto CW = SW.coefficientOf(Name), CA = SA.coefficientOf(Name);
      if (!CW || !CA || CW->mentions(Name) || CA->mentions(Name))
        continue;
      const sym::Expr RW = SW - *CW * M, RA = SA - *CA * M;
      if (RW.mentions(Name) || RA.mentions(Name) || !InRow(RW, M) ||
          !InRow(RA, M))
        continue;
      Same.erase(Same.begin());
      Same.insert(Same.begin(), {{*CW, *CA}, {RW, RA}});
      Split = true;
      break;
    }
    if (!Split)
      break;
  }
  for (const auto &[SW, SA] : Same) {
    const sym::Expr Diff = SW - SA;
    if (!AddGe0(Diff) || !AddGe0(sym::Expr(0) - Diff))
      return false; // not linear: no proof
  }
  const sym::Expr Ta = sym::Expr::symbol(Xw + "'a", sym::SymbolKind::LoopIter);
  const sym::Expr Tb = sym::Expr::symbol(Xa + "'b", sym::SymbolKind::LoopIter);
  std::vector<sym::Expr> Orders;
  Orders.push_back(Ta - Tb - sym::Expr(1));
  if (!OnlyLater)
    Orders.push_back(Tb - Ta - sym::Expr(1));
  for (const sym::Expr &Order : Orders) {
    std::vector<sym::LinearForm> S = Sys;
    S.push_back(*sym::linearForm(Order));
    if (sym::mayBeFeasible(std::move(S)))
      return false;
  }
  return true;
}

/// See LoopMapping.h.
bool unknownsBefore(const sym::Expr &E, const LoopFacts &F,
                           const KernelFacts &Seq) {
  std::map<std::string, sym::Expr> Syms;
  E.collectSymbols(Syms);
  for (const auto &[Name, S] : Syms) {
    if (S.symbolKind() != sym::SymbolKind::Unknown)
      continue;
    if (S.symbolThreadDependent() || Name.find("@loop") != std::string::npos ||
        Name.find('?') != std::string::npos)
      return false;
    auto It = std::find_if(Seq.Symbols.begin(), Seq.Symbols.end(),
                           [&](const SymbolFacts &X) { return X.Name == Name; });
    if (It == Seq.Symbols.end() || It->Loc.File != F.Loc.File ||
        It->Loc.Line >= F.Loc.Line || It->Loc.Line < Seq.Loc.Line ||
        Seq.Loc.File != F.Loc.File)
      return false;
  }
  return true;
}


} // namespace warplint
