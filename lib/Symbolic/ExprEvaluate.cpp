//===- ExprEvaluate.cpp - Evaluating expressions --------------------------===//
//
// Expr::evaluate with the symbols' values, allocation-free (evalNode).
//
//===----------------------------------------------------------------------===//
#include "ExprInternal.h"
#include "Symbolic/Bindings.h"

namespace warplint {
namespace sym {

namespace {
/// Evaluates \p E with \p Value giving each symbol's value. No allocation:
/// the analyses evaluate conditions per lane of many warps. Every operand of
/// an arithmetic or comparison node is evaluated (so an unknown anywhere
/// gives std::nullopt); Select, And and Or short-circuit like C.
template <typename Lookup>
std::optional<int64_t> evalNode(const Node &N, const Lookup &Value,
                                const Expr &Self) {
  switch (N.O) {
  case Op::Const:
    return N.Value;
  case Op::Sym:
    return Value(Self);
  case Op::Select: {
    auto C = evalNode(*N.Ops[0].node(), Value, N.Ops[0]);
    if (!C)
      return std::nullopt;
    const Expr &Arm = N.Ops[*C ? 1 : 2];
    return evalNode(*Arm.node(), Value, Arm);
  }
  case Op::And:
  case Op::Or: {
    auto A = evalNode(*N.Ops[0].node(), Value, N.Ops[0]);
    if (!A)
      return std::nullopt;
    if (N.O == Op::And && !*A)
      return 0;
    if (N.O == Op::Or && *A)
      return 1;
    auto B = evalNode(*N.Ops[1].node(), Value, N.Ops[1]);
    if (!B)
      return std::nullopt;
    return *B ? 1 : 0;
  }
  case Op::Add:
  case Op::Mul: {
    int64_t R = N.O == Op::Add ? 0 : N.Value;
    bool Overflow = false;
    for (const Expr &E : N.Ops) {
      auto X = evalNode(*E.node(), Value, E);
      if (!X)
        return std::nullopt;
      if (!Overflow)
        Overflow = N.O == Op::Add ? __builtin_add_overflow(R, *X, &R)
                                  : __builtin_mul_overflow(R, *X, &R);
    }
    if (Overflow)
      return std::nullopt;
    return R;
  }
  default:
    break;
  }
  // The unary and binary operators.
  int64_t V[2] = {0, 0};
  for (size_t I = 0; I < N.Ops.size() && I < 2; ++I) {
    auto X = evalNode(*N.Ops[I].node(), Value, N.Ops[I]);
    if (!X)
      return std::nullopt;
    V[I] = *X;
  }
  switch (N.O) {
  case Op::Div:
    if (V[1] == 0 || (V[0] == INT64_MIN && V[1] == -1))
      return std::nullopt;
    return V[0] / V[1];
  case Op::Mod:
    if (V[1] == 0 || (V[0] == INT64_MIN && V[1] == -1))
      return std::nullopt;
    return V[0] % V[1];
  case Op::Min:
    return std::min(V[0], V[1]);
  case Op::Max:
    return std::max(V[0], V[1]);
  case Op::Lt:
    return V[0] < V[1];
  case Op::Le:
    return V[0] <= V[1];
  case Op::Eq:
    return V[0] == V[1];
  case Op::Ne:
    return V[0] != V[1];
  case Op::Not:
    return V[0] == 0;
  default:
    break;
  }
  return std::nullopt;
}
} // namespace

std::optional<int64_t> Expr::evaluate(
    const std::function<std::optional<int64_t>(const Expr &)> &Value) const {
  return evalNode(*N, Value, *this);
}

std::optional<int64_t>
Expr::evaluate(const std::map<std::string, int64_t> &Values) const {
  return evalNode(
      *N,
      [&](const Expr &S) -> std::optional<int64_t> {
        auto It = Values.find(S.name());
        if (It == Values.end())
          return std::nullopt;
        return It->second;
      },
      *this);
}

// Here rather than in Bindings.cpp: the look-up is inlined into the
// evaluation (no std::function call per symbol).
std::optional<int64_t> Bindings::evaluate(const Expr &E) const {
  return evalNode(
      *E.node(), [this](const Expr &S) { return lookup(S); }, E);
}

} // namespace sym
} // namespace warplint
