//===- ExprSubstitute.cpp - Substitution and coefficients -----------------===//
//
// Replacing symbols by expressions (the result re-simplified through the
// constructors) and the coefficient of a symbol in an affine expression.
//
//===----------------------------------------------------------------------===//
#include "ExprInternal.h"

#include <algorithm>
#include <cassert>

namespace warplint {
namespace sym {

static Expr rebuild(Op O, const std::vector<Expr> &Ops, int64_t Value) {
  switch (O) {
  case Op::Add: {
    Expr R(0);
    for (const Expr &E : Ops)
      R = Expr::add(R, E);
    return R;
  }
  case Op::Mul: {
    Expr R(Value);
    for (const Expr &E : Ops)
      R = Expr::mul(R, E);
    return R;
  }
  case Op::Div:
    return Expr::div(Ops[0], Ops[1]);
  case Op::Mod:
    return Expr::mod(Ops[0], Ops[1]);
  case Op::Min:
    return Expr::min(Ops[0], Ops[1]);
  case Op::Max:
    return Expr::max(Ops[0], Ops[1]);
  case Op::Lt:
    return Expr::lt(Ops[0], Ops[1]);
  case Op::Le:
    return Expr::le(Ops[0], Ops[1]);
  case Op::Eq:
    return Expr::eq(Ops[0], Ops[1]);
  case Op::Ne:
    return Expr::ne(Ops[0], Ops[1]);
  case Op::And:
    return Expr::logicalAnd(Ops[0], Ops[1]);
  case Op::Or:
    return Expr::logicalOr(Ops[0], Ops[1]);
  case Op::Not:
    return Expr::logicalNot(Ops[0]);
  case Op::Select:
    return Expr::select(Ops[0], Ops[1], Ops[2]);
  case Op::Const:
  case Op::Sym:
    break;
  }
  assert(false && "not a compound operation");
  return Expr(0);
}

Expr Expr::substitute(const std::map<std::string, Expr> &Bindings) const {
  if (N->O == Op::Const)
    return *this;
  if (N->O == Op::Sym) {
    auto It = Bindings.find(N->Name);
    return It == Bindings.end() ? *this : It->second;
  }
  std::vector<Expr> Ops;
  Ops.reserve(N->Ops.size());
  bool Changed = false;
  for (const Expr &E : N->Ops) {
    Ops.push_back(E.substitute(Bindings));
    Changed |= Ops.back().N != E.N;
  }
  if (!Changed)
    return *this;
  return rebuild(N->O, Ops, N->Value);
}

void Expr::collectSelectConditions(std::vector<Expr> &Out) const {
  if (N->O == Op::Const || N->O == Op::Sym)
    return;
  if (N->O == Op::Select &&
      std::find(Out.begin(), Out.end(), N->Ops[0]) == Out.end())
    Out.push_back(N->Ops[0]);
  for (const Expr &E : N->Ops)
    E.collectSelectConditions(Out);
}

Expr Expr::decideSelects(const std::map<Expr, bool> &Decided) const {
  if (N->O == Op::Const || N->O == Op::Sym)
    return *this;
  if (N->O == Op::Select) {
    auto It = Decided.find(N->Ops[0]);
    if (It != Decided.end())
      return N->Ops[It->second ? 1 : 2].decideSelects(Decided);
  }
  std::vector<Expr> Ops;
  Ops.reserve(N->Ops.size());
  bool Changed = false;
  for (const Expr &E : N->Ops) {
    Ops.push_back(E.decideSelects(Decided));
    Changed |= Ops.back().N != E.N;
  }
  if (!Changed)
    return *this;
  return rebuild(N->O, Ops, N->Value);
}

std::optional<Expr> Expr::coefficientOf(const std::string &Name) const {
  Poly P = Poly::of(*this);
  Expr Coef(0);
  for (const auto &[M, C] : P.Terms) {
    unsigned Count = 0;
    Expr Rest(C);
    for (const Expr &A : M) {
      if (A.op() == Op::Sym && A.name() == Name) {
        ++Count;
        continue;
      }
      if (A.mentions(Name))
        return std::nullopt;
      Rest = mul(Rest, A);
    }
    if (Count > 1)
      return std::nullopt;
    if (Count == 1)
      Coef = add(Coef, Rest);
  }
  return Coef;
}

} // namespace sym
} // namespace warplint
