//===- Program.cpp - An expression compiled for per-lane evaluation -------===//
#include "Symbolic/Program.h"
#include "ExprInternal.h"

#include <algorithm>
#include <unordered_map>

namespace warplint {
namespace sym {

namespace {
/// The post-order of an expression's nodes, each node once (shared
/// subexpressions are one instruction), with whether it reads a lane
/// symbol.
struct Flattener {
  struct Item {
    const Node *N;
    std::vector<uint32_t> Ops; ///< post-order indices
    bool Lane;
  };
  const std::vector<std::string> &LaneSymbols;
  std::vector<Item> Items;
  std::unordered_map<const Node *, uint32_t> Seen;

  uint32_t visit(const Node *N) {
    auto It = Seen.find(N);
    if (It != Seen.end())
      return It->second;
    Item I{N, {}, false};
    for (const Expr &E : N->Ops) {
      uint32_t Op = visit(E.node());
      I.Ops.push_back(Op);
      I.Lane = I.Lane || Items[Op].Lane;
    }
    if (N->O == Op::Sym)
      I.Lane = std::find(LaneSymbols.begin(), LaneSymbols.end(), N->Name) !=
               LaneSymbols.end();
    Items.push_back(std::move(I));
    Seen[N] = uint32_t(Items.size() - 1);
    return uint32_t(Items.size() - 1);
  }
};
} // namespace

Program::Program(const Expr &E, Bindings &V,
                 const std::vector<std::string> &LaneSymbols) {
  Flattener F{LaneSymbols, {}, {}};
  const uint32_t Top = F.visit(E.node());
  // Registers: the lane-free instructions first, each group in post-order
  // (an instruction's operands come before it).
  std::vector<uint32_t> Reg(F.Items.size());
  uint32_t Next = 0;
  for (int Lane = 0; Lane < 2; ++Lane)
    for (size_t I = 0; I < F.Items.size(); ++I)
      if (F.Items[I].Lane == bool(Lane))
        Reg[I] = Next++;
  Code.resize(F.Items.size());
  for (size_t I = 0; I < F.Items.size(); ++I) {
    const Flattener::Item &It = F.Items[I];
    Ins &C = Code[Reg[I]];
    C.O = It.N->O;
    C.Value = It.N->Value;
    C.Slot = It.N->O == Op::Sym ? V.slot(It.N->Name) : 0;
    C.First = uint32_t(Args.size());
    C.N = uint32_t(It.Ops.size());
    for (uint32_t Op : It.Ops)
      Args.push_back(Reg[Op]);
  }
  LaneStart = 0;
  for (const auto &It : F.Items)
    LaneStart += !It.Lane;
  Root = Reg[Top];
  Val.assign(Code.size(), 0);
  Ok.assign(Code.size(), 0);
}

void Program::exec(const Ins &I, uint32_t R, const Bindings &V) {
  const uint32_t *A = Args.data() + I.First;
  int64_t &Out = Val[R];
  uint8_t &Known = Ok[R];
  switch (I.O) {
  case Op::Const:
    Out = I.Value;
    Known = 1;
    return;
  case Op::Sym:
    Known = I.Slot < V.Known.size() && V.Known[I.Slot];
    Out = Known ? V.Values[I.Slot] : 0;
    return;
  case Op::Select: {
    const uint32_t Arm = Ok[A[0]] ? (Val[A[0]] ? A[1] : A[2]) : A[0];
    Known = Ok[A[0]] && Ok[Arm];
    Out = Val[Arm];
    return;
  }
  case Op::And:
  case Op::Or: {
    Known = 0;
    if (!Ok[A[0]])
      return;
    Known = 1;
    if (I.O == Op::And && !Val[A[0]]) {
      Out = 0;
      return;
    }
    if (I.O == Op::Or && Val[A[0]]) {
      Out = 1;
      return;
    }
    Known = Ok[A[1]];
    Out = Val[A[1]] ? 1 : 0;
    return;
  }
  case Op::Add:
  case Op::Mul: {
    int64_t S = I.O == Op::Add ? 0 : I.Value;
    bool Fine = true;
    for (uint32_t K = 0; K < I.N && Fine; ++K)
      Fine = Ok[A[K]] && !(I.O == Op::Add
                               ? __builtin_add_overflow(S, Val[A[K]], &S)
                               : __builtin_mul_overflow(S, Val[A[K]], &S));
    Known = Fine;
    Out = S;
    return;
  }
  default:
    break;
  }
  // The unary and binary operators.
  int64_t X[2] = {0, 0};
  Known = 0;
  for (uint32_t K = 0; K < I.N && K < 2; ++K) {
    if (!Ok[A[K]])
      return;
    X[K] = Val[A[K]];
  }
  Known = 1;
  switch (I.O) {
  case Op::Div:
  case Op::Mod:
    if (X[1] == 0 || (X[0] == INT64_MIN && X[1] == -1)) {
      Known = 0;
      return;
    }
    Out = I.O == Op::Div ? X[0] / X[1] : X[0] % X[1];
    return;
  case Op::Min:
    Out = std::min(X[0], X[1]);
    return;
  case Op::Max:
    Out = std::max(X[0], X[1]);
    return;
  case Op::Lt:
    Out = X[0] < X[1];
    return;
  case Op::Le:
    Out = X[0] <= X[1];
    return;
  case Op::Eq:
    Out = X[0] == X[1];
    return;
  case Op::Ne:
    Out = X[0] != X[1];
    return;
  case Op::Not:
    Out = X[0] == 0;
    return;
  default:
    Known = 0;
    return;
  }
}

void Program::prepare(const Bindings &V) {
  for (size_t I = 0; I < LaneStart; ++I)
    exec(Code[I], uint32_t(I), V);
}

std::optional<int64_t> Program::run(const Bindings &V) {
  if (Code.empty())
    return std::nullopt;
  for (size_t I = LaneStart; I < Code.size(); ++I)
    exec(Code[I], uint32_t(I), V);
  return Ok[Root] ? std::optional<int64_t>(Val[Root]) : std::nullopt;
}

const std::vector<std::string> &threadIndexNames() {
  static const std::vector<std::string> L = {"threadIdx.x", "threadIdx.y",
                                             "threadIdx.z"};
  return L;
}

} // namespace sym
} // namespace warplint
