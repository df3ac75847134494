//===- Expr.cpp - Symbolic integer expressions ----------------------------===//
#include "Symbolic/Expr.h"

#include <algorithm>
#include <cassert>

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
};

const char *toString(SymbolKind K) {
  switch (K) {
  case SymbolKind::ThreadIdx:
    return "threadIdx";
  case SymbolKind::BlockIdx:
    return "blockIdx";
  case SymbolKind::BlockDim:
    return "blockDim";
  case SymbolKind::GridDim:
    return "gridDim";
  case SymbolKind::LoopIter:
    return "loop-iteration";
  case SymbolKind::LoopVar:
    return "loop-variable";
  case SymbolKind::Param:
    return "parameter";
  case SymbolKind::Unknown:
    return "unknown";
  }
  return "unknown";
}

static const std::shared_ptr<const Node> &zeroNode() {
  static const std::shared_ptr<const Node> Z = std::make_shared<Node>();
  return Z;
}

Expr::Expr() : N(zeroNode()) {}

Expr::Expr(int64_t V) {
  if (V == 0) {
    N = zeroNode();
    return;
  }
  auto Nd = std::make_shared<Node>();
  Nd->Value = V;
  N = std::move(Nd);
}

Expr Expr::symbol(std::string Name, SymbolKind Kind, bool ThreadDependent) {
  auto Nd = std::make_shared<Node>();
  Nd->O = Op::Sym;
  Nd->Name = std::move(Name);
  Nd->Kind = Kind;
  Nd->SymThreadDep = ThreadDependent || Kind == SymbolKind::ThreadIdx;
  Nd->ThreadDep = Nd->SymThreadDep;
  return Expr(std::shared_ptr<const Node>(std::move(Nd)));
}

Expr Expr::make(Op O, std::vector<Expr> Ops, int64_t Value) {
  auto Nd = std::make_shared<Node>();
  Nd->O = O;
  Nd->Value = Value;
  for (const Expr &E : Ops)
    Nd->ThreadDep |= E.N->ThreadDep;
  Nd->Ops = std::move(Ops);
  return Expr(std::shared_ptr<const Node>(std::move(Nd)));
}

Op Expr::op() const { return N->O; }
int64_t Expr::value() const { return N->Value; }
const std::string &Expr::name() const { return N->Name; }
SymbolKind Expr::symbolKind() const { return N->Kind; }
bool Expr::symbolThreadDependent() const { return N->SymThreadDep; }
const std::vector<Expr> &Expr::operands() const { return N->Ops; }
bool Expr::isThreadDependent() const { return N->ThreadDep; }

std::optional<int64_t> Expr::asConst() const {
  if (N->O == Op::Const)
    return N->Value;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Ordering
//===----------------------------------------------------------------------===//

int Expr::compare(const Expr &O) const {
  if (N == O.N)
    return 0;
  if (N->O != O.N->O)
    return N->O < O.N->O ? -1 : 1;
  switch (N->O) {
  case Op::Const:
    return N->Value < O.N->Value ? -1 : (N->Value > O.N->Value ? 1 : 0);
  case Op::Sym:
    if (int C = N->Name.compare(O.N->Name))
      return C < 0 ? -1 : 1;
    if (N->Kind != O.N->Kind)
      return N->Kind < O.N->Kind ? -1 : 1;
    return 0;
  default:
    break;
  }
  const auto &A = N->Ops, &B = O.N->Ops;
  for (size_t I = 0; I < A.size() && I < B.size(); ++I)
    if (int C = A[I].compare(B[I]))
      return C;
  if (A.size() != B.size())
    return A.size() < B.size() ? -1 : 1;
  if (N->Value != O.N->Value)
    return N->Value < O.N->Value ? -1 : 1;
  return 0;
}

//===----------------------------------------------------------------------===//
// Polynomial normal form
//===----------------------------------------------------------------------===//

namespace {
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
} // namespace

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

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

bool Expr::mentions(SymbolKind K) const {
  if (N->O == Op::Sym)
    return N->Kind == K;
  for (const Expr &E : N->Ops)
    if (E.mentions(K))
      return true;
  return false;
}

bool Expr::mentions(const std::string &SymbolName) const {
  if (N->O == Op::Sym)
    return N->Name == SymbolName;
  for (const Expr &E : N->Ops)
    if (E.mentions(SymbolName))
      return true;
  return false;
}

void Expr::collectSymbols(std::map<std::string, Expr> &Out) const {
  if (N->O == Op::Sym) {
    Out.emplace(N->Name, *this);
    return;
  }
  for (const Expr &E : N->Ops)
    E.collectSymbols(Out);
}

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

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

static void print(const Expr &E, std::string &Out);

/// C precedence of the printed form, higher binds tighter.
static int precedence(const Expr &E) {
  switch (E.op()) {
  case Op::Const:
    return E.value() < 0 ? 8 : 9;
  case Op::Sym:
  case Op::Min:
  case Op::Max:
    return 9;
  case Op::Not:
    return 8;
  case Op::Mul:
    return E.value() < 0 ? 8 : 7;
  case Op::Div:
  case Op::Mod:
    return 7;
  case Op::Add:
    return 6;
  case Op::Lt:
  case Op::Le:
    return 5;
  case Op::Eq:
  case Op::Ne:
    return 4;
  case Op::And:
    return 3;
  case Op::Or:
    return 2;
  case Op::Select:
    return 1;
  }
  return 0;
}

static void printOperand(const Expr &E, int MinPrec, std::string &Out) {
  if (precedence(E) >= MinPrec) {
    print(E, Out);
    return;
  }
  Out += '(';
  print(E, Out);
  Out += ')';
}

static void printMulBody(const Expr &E, int64_t Coef, std::string &Out) {
  bool First = true;
  if (Coef != 1) {
    Out += std::to_string(Coef);
    First = false;
  }
  for (const Expr &F : E.operands()) {
    if (!First)
      Out += '*';
    First = false;
    printOperand(F, 8, Out);
  }
}

static void printBinary(const Expr &E, const char *Sep, std::string &Out) {
  int P = precedence(E);
  printOperand(E.operands()[0], P, Out);
  Out += Sep;
  printOperand(E.operands()[1], P + 1, Out);
}

static void print(const Expr &E, std::string &Out) {
  switch (E.op()) {
  case Op::Const:
    Out += std::to_string(E.value());
    return;
  case Op::Sym:
    Out += E.name();
    return;
  case Op::Add: {
    bool First = true;
    for (const Expr &T : E.operands()) {
      bool Negative = (T.op() == Op::Const && T.value() < 0) ||
                      (T.op() == Op::Mul && T.value() < 0);
      if (!First)
        Out += Negative ? " - " : " + ";
      else if (Negative)
        Out += '-';
      First = false;
      if (T.op() == Op::Const)
        Out += std::to_string(Negative ? -T.value() : T.value());
      else if (T.op() == Op::Mul)
        printMulBody(T, Negative ? -T.value() : T.value(), Out);
      else
        printOperand(T, 7, Out);
    }
    return;
  }
  case Op::Mul:
    if (E.value() == -1) {
      Out += '-';
      printMulBody(E, 1, Out);
      return;
    }
    printMulBody(E, E.value(), Out);
    return;
  case Op::Div:
    return printBinary(E, "/", Out);
  case Op::Mod:
    return printBinary(E, " % ", Out);
  case Op::Min:
  case Op::Max:
    Out += E.op() == Op::Min ? "min(" : "max(";
    print(E.operands()[0], Out);
    Out += ", ";
    print(E.operands()[1], Out);
    Out += ')';
    return;
  case Op::Lt:
    return printBinary(E, " < ", Out);
  case Op::Le:
    return printBinary(E, " <= ", Out);
  case Op::Eq:
    return printBinary(E, " == ", Out);
  case Op::Ne:
    return printBinary(E, " != ", Out);
  case Op::And:
    return printBinary(E, " && ", Out);
  case Op::Or:
    return printBinary(E, " || ", Out);
  case Op::Not:
    Out += '!';
    printOperand(E.operands()[0], 8, Out);
    return;
  case Op::Select:
    printOperand(E.operands()[0], 2, Out);
    Out += " ? ";
    printOperand(E.operands()[1], 2, Out);
    Out += " : ";
    printOperand(E.operands()[2], 1, Out);
    return;
  }
}

std::string Expr::str() const {
  std::string Out;
  print(*this, Out);
  return Out;
}

static Expr builtin(const char *Base, SymbolKind K, char Dim) {
  return Expr::symbol(std::string(Base) + "." + Dim, K);
}
Expr threadIdx(char Dim) {
  return builtin("threadIdx", SymbolKind::ThreadIdx, Dim);
}
Expr blockIdx(char Dim) { return builtin("blockIdx", SymbolKind::BlockIdx, Dim); }
Expr blockDim(char Dim) { return builtin("blockDim", SymbolKind::BlockDim, Dim); }
Expr gridDim(char Dim) { return builtin("gridDim", SymbolKind::GridDim, Dim); }

} // namespace sym
} // namespace warplint
