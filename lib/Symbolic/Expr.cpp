//===- Expr.cpp - Symbolic integer expressions ----------------------------===//
//
// The nodes behind Expr, their accessors, the structural order, the
// queries over symbols and the built-in index variables. Construction in
// canonical form is ExprPoly.cpp; substitution and coefficients
// ExprSubstitute.cpp; evaluation ExprEvaluate.cpp; printing ExprPrint.cpp.
//
//===----------------------------------------------------------------------===//
#include "Symbolic/Expr.h"
#include "ExprInternal.h"

namespace warplint {
namespace sym {

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

/// Small constants are made all the time (a dim3's default 1s, strides,
/// element sizes): one shared node each, made once.
static constexpr int64_t MinShared = -8, MaxShared = 256;
static const std::shared_ptr<const Node> &smallNode(int64_t V) {
  static const std::vector<std::shared_ptr<const Node>> Table = [] {
    std::vector<std::shared_ptr<const Node>> T;
    for (int64_t I = MinShared; I <= MaxShared; ++I) {
      auto Nd = std::make_shared<Node>();
      Nd->Value = I;
      T.push_back(I == 0 ? zeroNode() : std::move(Nd));
    }
    return T;
  }();
  return Table[size_t(V - MinShared)];
}

Expr::Expr(int64_t V) {
  if (V >= MinShared && V <= MaxShared) {
    N = smallNode(V);
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
