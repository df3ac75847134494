//===- ExprInternal.h - The nodes and polynomials behind Expr ---*- C++ -*-===//
//
// Internal to lib/Symbolic: what the files of Expr share.
//   Expr.cpp           nodes, accessors, ordering, queries, index variables
//   ExprPoly.cpp       construction in canonical (polynomial) form
//   ExprSubstitute.cpp substitution and coefficients
//   ExprEvaluate.cpp   evaluation with symbol values
//   ExprPrint.cpp      C-like text
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_EXPRINTERNAL_H
#define WARPLINT_SYMBOLIC_EXPRINTERNAL_H

#include "Symbolic/Expr.h"

#include <atomic>
#include <algorithm>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace warplint {
namespace sym {

struct Node {
  Op O = Op::Const;
  int64_t Value = 0;
  std::string Name;
  SymbolKind Kind = SymbolKind::Unknown;
  bool SymThreadDep = false;
  bool ThreadDep = false; // any thread-dependent symbol below
  std::vector<Expr> Ops;
  /// A symbol's slot in the last Bindings that looked it up: that
  /// Bindings' id above bit 20, the slot below (Bindings::lookup). Atomic:
  /// nodes may be read by several threads' analyses at once.
  mutable std::atomic<uint64_t> SlotCache{0};
};

//===----------------------------------------------------------------------===//
// Polynomial normal form
//===----------------------------------------------------------------------===//

using Monomial = std::vector<Expr>; // sorted atoms, with repetition
struct MonoLess {
  bool operator()(const Monomial &A, const Monomial &B) const {
    // Constants (empty monomials) sort last so they print last.
    if (A.empty() != B.empty())
      return B.empty();
    for (size_t I = 0; I < A.size() && I < B.size(); ++I)
      if (int C = A[I].compare(B[I]))
        return C < 0;
    return A.size() < B.size();
  }
};

struct Poly {
  std::map<Monomial, int64_t, MonoLess> Terms;
  bool Overflow = false;

  static Poly of(const Expr &E) {
    Poly P;
    switch (E.op()) {
    case Op::Const:
      if (E.value() != 0)
        P.Terms[{}] = E.value();
      break;
    case Op::Add:
      for (const Expr &T : E.operands())
        P.addPoly(of(T), 1);
      break;
    case Op::Mul:
      P.Terms[E.operands()] = E.value();
      break;
    default:
      P.Terms[{E}] = 1;
      break;
    }
    return P;
  }

  void addTerm(const Monomial &M, int64_t C) {
    int64_t &Slot = Terms[M];
    if (__builtin_add_overflow(Slot, C, &Slot))
      Overflow = true;
    if (Slot == 0)
      Terms.erase(M);
  }

  void addPoly(const Poly &O, int64_t Scale) {
    Overflow |= O.Overflow;
    for (const auto &[M, C] : O.Terms) {
      int64_t S;
      if (__builtin_mul_overflow(C, Scale, &S))
        Overflow = true;
      addTerm(M, S);
    }
  }

  static Poly product(const Poly &A, const Poly &B) {
    Poly R;
    R.Overflow = A.Overflow || B.Overflow;
    for (const auto &[MA, CA] : A.Terms)
      for (const auto &[MB, CB] : B.Terms) {
        Monomial M;
        M.reserve(MA.size() + MB.size());
        std::merge(MA.begin(), MA.end(), MB.begin(), MB.end(),
                   std::back_inserter(M));
        int64_t C;
        if (__builtin_mul_overflow(CA, CB, &C))
          R.Overflow = true;
        R.addTerm(M, C);
      }
    return R;
  }

  bool allDivisibleBy(int64_t D) const {
    for (const auto &[M, C] : Terms)
      if (C % D != 0)
        return false;
    return true;
  }

  Expr toExpr() const;
};

} // namespace sym
} // namespace warplint

#endif
