//===- ExprPoly.cpp - Expressions built in canonical form -----------------===//
//
// The arithmetic, comparison and logical constructors of Expr: sums and
// products through the polynomial normal form (Poly, ExprInternal.h),
// divisions simplified only where exact, constants folded.
//
//===----------------------------------------------------------------------===//
#include "ExprInternal.h"

namespace warplint {
namespace sym {

static Expr overflowSymbol() {
  return Expr::symbol("overflow", SymbolKind::Unknown, true);
}

Expr Poly::toExpr() const {
  if (Overflow)
    return overflowSymbol();
  std::vector<Expr> Parts;
  for (const auto &[M, C] : Terms) {
    if (M.empty()) {
      Parts.push_back(Expr(C));
      continue;
    }
    if (C == 1 && M.size() == 1)
      Parts.push_back(M.front());
    else
      Parts.push_back(Expr::make(Op::Mul, M, C));
  }
  if (Parts.empty())
    return Expr(0);
  if (Parts.size() == 1)
    return Parts.front();
  return Expr::make(Op::Add, std::move(Parts));
}

Expr Expr::add(const Expr &A, const Expr &B) {
  if (A.isConst() && A.value() == 0)
    return B;
  if (B.isConst() && B.value() == 0)
    return A;
  Poly P = Poly::of(A);
  P.addPoly(Poly::of(B), 1);
  return P.toExpr();
}

Expr Expr::sub(const Expr &A, const Expr &B) {
  Poly P = Poly::of(A);
  P.addPoly(Poly::of(B), -1);
  return P.toExpr();
}

Expr Expr::mul(const Expr &A, const Expr &B) {
  return Poly::product(Poly::of(A), Poly::of(B)).toExpr();
}

static int64_t truncDiv(int64_t A, int64_t B) { return A / B; }

Expr Expr::div(const Expr &A, const Expr &B) {
  if (auto CB = B.asConst()) {
    int64_t D = *CB;
    if (D == 1)
      return A;
    if (D == -1)
      return neg(A);
    if (D != 0) {
      if (auto CA = A.asConst()) {
        if (!(*CA == INT64_MIN && D == -1))
          return Expr(truncDiv(*CA, D));
      }
      Poly P = Poly::of(A);
      if (P.allDivisibleBy(D)) {
        for (auto &[M, C] : P.Terms)
          C /= D;
        return P.toExpr();
      }
      // (x / c1) / c2 == x / (c1 * c2) for positive divisors.
      if (A.op() == Op::Div && D > 0) {
        if (auto C1 = A.operands()[1].asConst()) {
          int64_t Prod;
          if (*C1 > 0 && !__builtin_mul_overflow(*C1, D, &Prod))
            return div(A.operands()[0], Expr(Prod));
        }
      }
    }
  }
  return make(Op::Div, {A, B});
}

Expr Expr::mod(const Expr &A, const Expr &B) {
  if (auto CB = B.asConst()) {
    int64_t D = *CB;
    if (D == 1 || D == -1)
      return Expr(0);
    if (D != 0) {
      if (auto CA = A.asConst())
        return Expr(*CA % D);
      if (Poly::of(A).allDivisibleBy(D))
        return Expr(0);
    }
  }
  return make(Op::Mod, {A, B});
}

Expr Expr::min(const Expr &A, const Expr &B) {
  if (A == B)
    return A;
  if (auto D = sub(A, B).asConst())
    return *D <= 0 ? A : B;
  return A < B ? make(Op::Min, {A, B}) : make(Op::Min, {B, A});
}

Expr Expr::max(const Expr &A, const Expr &B) {
  if (A == B)
    return A;
  if (auto D = sub(A, B).asConst())
    return *D >= 0 ? A : B;
  return A < B ? make(Op::Max, {A, B}) : make(Op::Max, {B, A});
}

Expr Expr::lt(const Expr &A, const Expr &B) {
  if (auto D = sub(A, B).asConst())
    return Expr(*D < 0 ? 1 : 0);
  return make(Op::Lt, {A, B});
}

Expr Expr::le(const Expr &A, const Expr &B) {
  if (auto D = sub(A, B).asConst())
    return Expr(*D <= 0 ? 1 : 0);
  return make(Op::Le, {A, B});
}

Expr Expr::eq(const Expr &A, const Expr &B) {
  if (auto D = sub(A, B).asConst())
    return Expr(*D == 0 ? 1 : 0);
  return make(Op::Eq, {A, B});
}

Expr Expr::ne(const Expr &A, const Expr &B) {
  if (auto D = sub(A, B).asConst())
    return Expr(*D != 0 ? 1 : 0);
  return make(Op::Ne, {A, B});
}

static bool isBoolean(const Expr &E) {
  switch (E.op()) {
  case Op::Lt:
  case Op::Le:
  case Op::Eq:
  case Op::Ne:
  case Op::And:
  case Op::Or:
  case Op::Not:
    return true;
  case Op::Const:
    return E.value() == 0 || E.value() == 1;
  default:
    return false;
  }
}

Expr Expr::logicalAnd(const Expr &A, const Expr &B) {
  if (auto CA = A.asConst())
    return *CA ? logicalNot(logicalNot(B)) : Expr(0);
  if (auto CB = B.asConst())
    return *CB ? logicalNot(logicalNot(A)) : make(Op::And, {A, B});
  if (A == B && isBoolean(A))
    return A;
  return make(Op::And, {A, B});
}

Expr Expr::logicalOr(const Expr &A, const Expr &B) {
  if (auto CA = A.asConst())
    return *CA ? Expr(1) : logicalNot(logicalNot(B));
  if (auto CB = B.asConst())
    return *CB ? make(Op::Or, {A, B}) : logicalNot(logicalNot(A));
  if (A == B && isBoolean(A))
    return A;
  return make(Op::Or, {A, B});
}

Expr Expr::logicalNot(const Expr &A) {
  if (auto C = A.asConst())
    return Expr(*C == 0 ? 1 : 0);
  switch (A.op()) {
  case Op::Not:
    // !!x is x only when x is already 0 or 1.
    if (isBoolean(A.operands()[0]))
      return A.operands()[0];
    break;
  case Op::Lt:
    return le(A.operands()[1], A.operands()[0]);
  case Op::Le:
    return lt(A.operands()[1], A.operands()[0]);
  case Op::Eq:
    return ne(A.operands()[0], A.operands()[1]);
  case Op::Ne:
    return eq(A.operands()[0], A.operands()[1]);
  default:
    break;
  }
  return make(Op::Not, {A});
}

Expr Expr::select(const Expr &C, const Expr &A, const Expr &B) {
  if (auto CC = C.asConst())
    return *CC ? A : B;
  if (A == B)
    return A;
  // p < q ? p : q is min(p, q), p < q ? q : p is max(p, q) (and with <=):
  // a bound clamped to the end (`e = s + 16 > n ? n : s + 16`).
  if (C.op() == Op::Lt || C.op() == Op::Le) {
    const Expr &P = C.operands()[0], &Q = C.operands()[1];
    if (A == P && B == Q)
      return min(P, Q);
    if (A == Q && B == P)
      return max(P, Q);
  }
  return make(Op::Select, {C, A, B});
}

std::optional<Expr> Expr::shl(const Expr &A, const Expr &B) {
  auto S = B.asConst();
  if (!S || *S < 0 || *S > 62)
    return std::nullopt;
  return mul(A, Expr(int64_t(1) << *S));
}

std::optional<Expr> Expr::shr(const Expr &A, const Expr &B) {
  // An arithmetic right shift is a division rounding toward minus infinity;
  // Div truncates. They agree for the non-negative values that indices
  // hold, which is what the frontend uses this for.
  auto S = B.asConst();
  if (!S || *S < 0 || *S > 62)
    return std::nullopt;
  if (auto CA = A.asConst())
    return Expr(*CA >> *S);
  return div(A, Expr(int64_t(1) << *S));
}

} // namespace sym
} // namespace warplint
