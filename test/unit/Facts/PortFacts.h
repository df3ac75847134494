//===- PortFacts.h - Sequential facts written by hand, for --port tests ---===//
//
// What the interpreter records of a sequential C function, built from
// plain values: loops with their iteration symbols and trip counts, array
// accesses with their subscripts, and the frontend's PortLoops.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TEST_UNIT_FACTS_PORTFACTS_H
#define WARPLINT_TEST_UNIT_FACTS_PORTFACTS_H

#include "Facts/LoopMapping.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {
namespace testing {

inline sym::Expr iter(const std::string &N) {
  return sym::Expr::symbol(N, sym::SymbolKind::LoopIter);
}

/// Loop \p Id, its variable and iteration symbol \p Sym, at \p Line.
inline LoopFacts loopFact(unsigned Id, const std::string &Sym, unsigned Line,
                          std::optional<unsigned> Parent, sym::Expr Trips) {
  LoopFacts L;
  L.Id = Id;
  L.Var = Sym;
  L.IterSymbol = Sym;
  L.Loc = {"f.c", Line, 3};
  L.Parent = Parent;
  L.TripCount = Trips;
  return L;
}

/// An access of \p Base at \p Subs (each dimension \p Row elements wide),
/// under \p Loops, at \p Line.
inline AccessFacts access(const std::string &Base, std::vector<sym::Expr> Subs,
                          bool Read, bool Write, std::vector<unsigned> Loops,
                          unsigned Line = 0, int64_t Row = 64) {
  AccessFacts A;
  A.Space = MemorySpace::Global;
  A.Base = Base;
  A.Subscripts = Subs;
  sym::Expr Index(0);
  for (const sym::Expr &S : Subs)
    Index = Index * sym::Expr(Row) + S;
  A.Index = Index;
  A.IsRead = Read;
  A.IsWrite = Write;
  A.ElementSize = 4;
  A.Loops = std::move(Loops);
  A.Loc = {"f.c", Line, 7};
  A.Text = Base;
  return A;
}

inline PortLoop portLoop(const std::string &Var, unsigned Line,
                         std::optional<unsigned> Parent,
                         std::vector<unsigned> Children = {}) {
  PortLoop L;
  L.Var = Var;
  L.Loc = {"f.c", Line, 3};
  L.Parent = Parent;
  L.Children = std::move(Children);
  return L;
}

} // namespace testing
} // namespace warplint

#endif
