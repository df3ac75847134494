//===- Vectorize.cpp ------------------------------------------------------===//
#include "Cost/Vectorize.h"

#include <fmt/format.h>

namespace warplint {

sym::Expr withLaunchValues(const sym::Expr &E, const LaunchConfig &L,
                           const AssumedValues *Assumed) {
  std::map<std::string, sym::Expr> B;
  const char Dims[] = {'x', 'y', 'z'};
  for (int I = 0; I < 3; ++I)
    B.emplace(std::string("blockDim.") + Dims[I], sym::Expr(L.Block[I]));
  for (const auto &[Name, V] : L.Args)
    B.emplace(Name, sym::Expr(V));
  if (Assumed)
    for (const auto &[Name, V] : *Assumed)
      B.emplace(Name, sym::Expr(V)); // the launch's value wins
  return E.substitute(B);
}

namespace {

bool xPosition(const std::string &Sym) {
  return Sym == "threadIdx.x" || Sym == "blockIdx.x";
}

/// \p E (linear) with the terms outside the thread's x position divided by
/// \p V: exactly when \p Exact (an address: every such coefficient and the
/// constant must be a multiple of V), else the constant rounded down (a
/// bound in a condition). std::nullopt when E is not linear in its
/// symbols or a division is not exact.
std::optional<sym::Expr> divideOutsideX(const sym::Expr &E, unsigned V, bool Exact) {
  std::map<std::string, sym::Expr> Syms;
  E.collectSymbols(Syms);
  std::map<std::string, sym::Expr> Zero;
  for (const auto &[Name, S] : Syms) {
    std::optional<sym::Expr> C = E.coefficientOf(Name);
    if (!C || !C->asConst())
      return std::nullopt;
    Zero.emplace(Name, sym::Expr(0));
  }
  const std::optional<int64_t> C0 = E.substitute(Zero).asConst();
  if (!C0)
    return std::nullopt;
  sym::Expr Out(0);
  for (const auto &[Name, S] : Syms) {
    const int64_t C = *E.coefficientOf(Name)->asConst();
    if (xPosition(Name)) {
      Out = Out + sym::Expr(C) * S;
      continue;
    }
    if (C % int64_t(V) != 0)
      return std::nullopt;
    Out = Out + sym::Expr(C / int64_t(V)) * S;
  }
  // Linear: the terms and the constant rebuild E.
  sym::Expr Back(*C0);
  for (const auto &[Name, S] : Syms)
    Back = Back + *E.coefficientOf(Name) * S;
  if (Back != E)
    return std::nullopt;
  if (Exact && *C0 % int64_t(V) != 0)
    return std::nullopt;
  const int64_t D = *C0 >= 0 ? *C0 / int64_t(V) : -((-*C0 + V - 1) / int64_t(V));
  return Out + sym::Expr(D);
}

/// A comparison's sides rewritten as their difference against 0.
std::optional<sym::Expr> rewriteCondition(const sym::Expr &C, unsigned V) {
  using sym::Op;
  switch (C.op()) {
  case Op::Lt:
  case Op::Le:
  case Op::Eq:
  case Op::Ne: {
    std::optional<sym::Expr> D =
        divideOutsideX(C.operands()[0] - C.operands()[1], V, /*Exact=*/false);
    if (!D)
      return std::nullopt;
    return C.op() == Op::Lt   ? sym::Expr::lt(*D, 0)
           : C.op() == Op::Le ? sym::Expr::le(*D, 0)
           : C.op() == Op::Eq ? sym::Expr::eq(*D, 0)
                              : sym::Expr::ne(*D, 0);
  }
  case Op::And:
  case Op::Or: {
    std::optional<sym::Expr> A = rewriteCondition(C.operands()[0], V);
    std::optional<sym::Expr> B = rewriteCondition(C.operands()[1], V);
    if (!A || !B || C.operands().size() != 2)
      return std::nullopt;
    return C.op() == Op::And ? sym::Expr::logicalAnd(*A, *B)
                             : sym::Expr::logicalOr(*A, *B);
  }
  case Op::Not: {
    std::optional<sym::Expr> A = rewriteCondition(C.operands()[0], V);
    return A ? std::optional<sym::Expr>(sym::Expr::logicalNot(*A)) : std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

std::string vectorType(const std::string &Elem, unsigned Size, unsigned V) {
  std::string Base = Elem.empty() ? (Size == 8 ? "double" : "float") : Elem;
  for (const char *T : {"float", "double", "int", "unsigned int"})
    if (Base == T)
      return (Base == "unsigned int" ? std::string("uint") : Base) + std::to_string(V);
  return Base + " x" + std::to_string(V);
}

} // namespace

std::optional<KernelVariant> vectorize(const KernelFacts &K, const LaunchConfig &L,
                                       unsigned Width, std::string &WhyNot) {
  if (Width != 2 && Width != 4) {
    WhyNot = "vectors have 2 or 4 elements";
    return std::nullopt;
  }
  if (!K.SharedBuffers.empty()) {
    WhyNot = "the kernel uses shared memory";
    return std::nullopt;
  }
  if (L.Grid[0] % Width != 0) {
    WhyNot = fmt::format("the grid's {} columns of blocks are not a multiple of {}",
                         L.Grid[0], Width);
    return std::nullopt;
  }
  KernelVariant X{"", "", K, L};
  X.L.Grid[0] = L.Grid[0] / Width;
  std::string Type;
  unsigned Global = 0;
  for (AccessFacts &A : X.K.Accesses) {
    if (A.Space != MemorySpace::Global)
      continue;
    if (A.IsAtomic || A.VectorWidth != 1 || (A.ElementSize != 4 && A.ElementSize != 8) ||
        A.ElementSize * Width > 16) {
      WhyNot = "'" + A.Text + "' is not a plain 4- or 8-byte access";
      return std::nullopt;
    }
    sym::Expr I = withLaunchValues(A.Index, L);
    std::optional<int64_t> Cx = I.coefficientOf("threadIdx.x")
                                    ? I.coefficientOf("threadIdx.x")->asConst()
                                    : std::nullopt;
    std::optional<sym::Expr> D = divideOutsideX(I, Width, /*Exact=*/true);
    if (Cx != 1 || !D) {
      WhyNot = fmt::format("'{}' is not the thread's x position plus multiples "
                           "of {} (a {}-wide vector would not be aligned)",
                           A.Text, Width, Width);
      return std::nullopt;
    }
    Type = vectorType(A.ElementType, A.ElementSize, Width);
    A.Index = *D;
    A.ElementSize *= Width;
    A.VectorWidth = Width;
    A.ElementType = Type;
    A.ByteOffset = A.Index * sym::Expr(A.ElementSize);
    A.Subscripts.clear();
    ++Global;
  }
  if (!Global) {
    WhyNot = "the kernel has no global access";
    return std::nullopt;
  }
  for (BranchFacts &B : X.K.Branches) {
    sym::Expr C = withLaunchValues(B.Condition, L);
    if (!C.mentions("threadIdx.x") && !C.mentions("blockIdx.x"))
      continue;
    std::optional<sym::Expr> R = rewriteCondition(C, Width);
    if (!R) {
      WhyNot = "the condition '" + B.Text + "' cannot be rewritten for vectors";
      return std::nullopt;
    }
    B.Condition = *R;
  }
  for (OpFacts &O : X.K.Ops)
    if (O.Type == OpType::Float || O.Type == OpType::Double || O.Type == OpType::Half)
      O.Count *= Width;
  X.Name = fmt::format("{} per thread", Type);
  X.Change = fmt::format(
      "each thread moves {} consecutive elements with one {} access "
      "(reinterpret_cast to {}*, 16-byte aligned allocations) and the grid "
      "has {} columns of blocks instead of {}; bounds on the x position "
      "divided by {}",
      Width, Type, Type, X.L.Grid[0], L.Grid[0], Width);
  return X;
}

} // namespace warplint
