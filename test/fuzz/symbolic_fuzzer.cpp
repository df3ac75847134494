//===- symbolic_fuzzer.cpp - libFuzzer target: lib/Symbolic ---------------===//
//
// The bytes are a small stack bytecode that builds an expression with the
// Expr builders (thread index symbols, block symbols, parameters, constants
// up to int64's ends, every operator). Alongside, the same tree is kept
// unsimplified and evaluated with C's rules, as the reference.
//
// For a few sets of symbol values, the fuzzer then checks that
//   - Program (compiled, lane symbols threadIdx.*) gives exactly what
//     Bindings::evaluate gives, and Bindings::evaluate what Expr::evaluate
//     gives;
//   - the simplified expression equals the reference wherever both are
//     defined (simplification may remove an overflow or an unbound symbol,
//     never change a value);
//   - substituting a symbol's value, deciding the selections and taking a
//     symbol's coefficient keep the value;
//   - the value lies in bounds() and decide() is right about conditions.
// The rest of the input, as text, goes to parseAssumptions.
// Any disagreement aborts: it is a bug in lib/Symbolic.
//
//===----------------------------------------------------------------------===//
#include "Symbolic/Assumptions.h"
#include "Symbolic/Bindings.h"
#include "Symbolic/Program.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace warplint::sym;

namespace {

using Val = std::optional<int64_t>;

/// The unsimplified tree: what the bytecode said, evaluated as C would.
struct Ref {
  enum Kind { Const, Sym, Bin, Not, Select, Shr } K = Const;
  Op O = Op::Const;
  int64_t Value = 0;
  std::string Name;
  bool ConstOperand = false; ///< Shr: the simplified operand was a constant
  std::vector<std::shared_ptr<Ref>> Kids;
};
using RefP = std::shared_ptr<Ref>;

Val evalRef(const Ref &R, const std::map<std::string, int64_t> &V) {
  switch (R.K) {
  case Ref::Const:
    return R.Value;
  case Ref::Sym: {
    auto It = V.find(R.Name);
    return It == V.end() ? Val() : Val(It->second);
  }
  case Ref::Not: {
    Val A = evalRef(*R.Kids[0], V);
    return A ? Val(*A == 0) : Val();
  }
  case Ref::Select: {
    Val C = evalRef(*R.Kids[0], V);
    if (!C)
      return std::nullopt;
    return evalRef(*R.Kids[*C ? 1 : 2], V);
  }
  case Ref::Shr: {
    // Expr::shr: a constant is shifted, anything else divided (the two
    // agree for the non-negative values indices hold).
    Val A = evalRef(*R.Kids[0], V);
    if (!A)
      return std::nullopt;
    return R.ConstOperand ? *A >> R.Value : *A / (int64_t(1) << R.Value);
  }
  case Ref::Bin:
    break;
  }
  Val A = evalRef(*R.Kids[0], V);
  if (!A)
    return std::nullopt;
  if (R.O == Op::And || R.O == Op::Or) {
    if ((R.O == Op::And) != (*A != 0))
      return R.O == Op::Or;
    Val B = evalRef(*R.Kids[1], V);
    return B ? Val(*B != 0) : Val();
  }
  Val B = evalRef(*R.Kids[1], V);
  if (!B)
    return std::nullopt;
  int64_t X = *A, Y = *B, Out;
  switch (R.O) {
  case Op::Add:
    return __builtin_add_overflow(X, Y, &Out) ? Val() : Val(Out);
  case Op::Mul:
    return __builtin_mul_overflow(X, Y, &Out) ? Val() : Val(Out);
  case Op::Div:
  case Op::Mod:
    if (Y == 0 || (X == INT64_MIN && Y == -1))
      return std::nullopt;
    return R.O == Op::Div ? X / Y : X % Y;
  case Op::Min: return std::min(X, Y);
  case Op::Max: return std::max(X, Y);
  case Op::Lt: return X < Y;
  case Op::Le: return X <= Y;
  case Op::Eq: return X == Y;
  case Op::Ne: return X != Y;
  default: break;
  }
  return std::nullopt;
}

struct Item {
  Expr E;
  RefP R;
};

RefP leaf(Ref::Kind K, int64_t V, std::string Name = "") {
  auto R = std::make_shared<Ref>();
  R->K = K;
  R->Value = V;
  R->Name = std::move(Name);
  return R;
}
RefP node(Ref::Kind K, Op O, std::vector<RefP> Kids) {
  auto R = std::make_shared<Ref>();
  R->K = K;
  R->O = O;
  R->Kids = std::move(Kids);
  return R;
}

[[noreturn]] void fail(const char *What, const Expr &E, Val Got, Val Want) {
  std::fprintf(stderr, "symbolic_fuzzer: %s\n  expr: %s\n  got %s, want %s\n",
               What, E.str().c_str(),
               Got ? std::to_string(*Got).c_str() : "none",
               Want ? std::to_string(*Want).c_str() : "none");
  std::abort();
}

const char *const OtherNames[] = {"blockIdx.x", "blockDim.x", "n", "u"};
const SymbolKind OtherKinds[] = {SymbolKind::BlockIdx, SymbolKind::BlockDim,
                                 SymbolKind::Param, SymbolKind::Param};

/// Decodes the bytecode; at most \p MaxOps operations.
std::optional<Item> build(FuzzedDataProvider &P, unsigned MaxOps) {
  std::vector<Item> St;
  auto Pop = [&]() -> Item {
    if (St.empty())
      return {Expr(0), leaf(Ref::Const, 0)};
    Item I = St.back();
    St.pop_back();
    return I;
  };
  for (unsigned Step = 0; Step < MaxOps && P.remaining_bytes(); ++Step) {
    const uint8_t Code = P.ConsumeIntegral<uint8_t>();
    if (Code == 0xff) // the rest is the assumption text
      break;
    switch (Code % 28) {
    case 0: case 1: case 2: {
      const std::string &N = threadIndexNames()[Code % 28];
      St.push_back({Expr::symbol(N, SymbolKind::ThreadIdx, true),
                    leaf(Ref::Sym, 0, N)});
      break;
    }
    case 3: case 4: case 5: case 6: {
      unsigned I = Code % 28 - 3;
      St.push_back({Expr::symbol(OtherNames[I], OtherKinds[I]),
                    leaf(Ref::Sym, 0, OtherNames[I])});
      break;
    }
    case 7: {
      int64_t V = P.ConsumeIntegralInRange<int64_t>(-4, 64);
      St.push_back({Expr(V), leaf(Ref::Const, V)});
      break;
    }
    case 8: {
      int64_t V = P.ConsumeIntegral<int64_t>();
      St.push_back({Expr(V), leaf(Ref::Const, V)});
      break;
    }
    case 9: { // a duplicate: shared subexpressions
      if (St.empty())
        break;
      St.push_back(St.back());
      break;
    }
    case 22: {
      Item A = Pop();
      St.push_back({Expr::logicalNot(A.E), node(Ref::Not, Op::Not, {A.R})});
      break;
    }
    case 23: {
      Item B = Pop(), A = Pop(), C = Pop();
      St.push_back({Expr::select(C.E, A.E, B.E),
                    node(Ref::Select, Op::Select, {C.R, A.R, B.R})});
      break;
    }
    case 24: case 25: {
      Item A = Pop();
      int64_t S = P.ConsumeIntegralInRange<int64_t>(0, 63);
      std::optional<Expr> E = Code % 28 == 24 ? Expr::shl(A.E, Expr(S))
                                              : Expr::shr(A.E, Expr(S));
      if (!E) { // a shift by 63: not expressible
        St.push_back(A);
        break;
      }
      RefP R;
      if (Code % 28 == 24) {
        R = node(Ref::Bin, Op::Mul, {A.R, leaf(Ref::Const, int64_t(1) << S)});
      } else {
        R = node(Ref::Shr, Op::Div, {A.R});
        R->Value = S;
        R->ConstOperand = A.E.isConst();
      }
      St.push_back({*E, R});
      break;
    }
    case 26: {
      Item A = Pop();
      St.push_back({-A.E, node(Ref::Bin, Op::Mul, {A.R, leaf(Ref::Const, -1)})});
      break;
    }
    case 27: {
      // Substitution while building: a symbol replaced by the item below.
      Item With = Pop(), In = Pop();
      const std::string &N = threadIndexNames()[P.ConsumeIntegralInRange(0, 2)];
      // The reference has no substitution: it keeps the simplified result.
      St.push_back({In.E.substitute({{N, With.E}}), nullptr});
      break;
    }
    default: {
      static const Op Bin[] = {Op::Add, Op::Add, Op::Mul, Op::Div, Op::Mod,
                               Op::Min, Op::Max, Op::Lt,  Op::Le,  Op::Eq,
                               Op::Ne,  Op::And};
      Item B = Pop(), A = Pop();
      const unsigned K = Code % 28 - 10; // 0..11
      Expr E;
      Op O = Bin[K];
      switch (K) {
      case 0: E = A.E + B.E; break;
      case 1: E = A.E - B.E; break;
      case 2: E = A.E * B.E; break;
      case 3: E = A.E / B.E; break;
      case 4: E = A.E % B.E; break;
      case 5: E = Expr::min(A.E, B.E); break;
      case 6: E = Expr::max(A.E, B.E); break;
      case 7: E = Expr::lt(A.E, B.E); break;
      case 8: E = Expr::le(A.E, B.E); break;
      case 9: E = Expr::eq(A.E, B.E); break;
      case 10: E = Expr::ne(A.E, B.E); break;
      default:
        if (Code & 0x80) {
          E = Expr::logicalOr(A.E, B.E);
          O = Op::Or;
        } else {
          E = Expr::logicalAnd(A.E, B.E);
        }
        break;
      }
      RefP R;
      if (A.R && B.R) {
        if (K == 1) // a - b is a + b * -1 in the canonical form
          R = node(Ref::Bin, Op::Add,
                   {A.R, node(Ref::Bin, Op::Mul, {B.R, leaf(Ref::Const, -1)})});
        else
          R = node(Ref::Bin, O, {A.R, B.R});
      }
      St.push_back({E, R});
      break;
    }
    }
    // A substituted item has no reference, nor has anything built on it.
    if (!St.empty() && St.back().R) {
      bool Whole = true;
      for (const RefP &K : St.back().R->Kids)
        Whole = Whole && K;
      if (!Whole)
        St.back().R = nullptr;
    }
  }
  if (St.empty())
    return std::nullopt;
  return St.back();
}

void checkEqual(const char *What, const Expr &E, Val Got, Val Want) {
  if (Got != Want)
    fail(What, E, Got, Want);
}
/// Equal where both are defined.
void checkAgree(const char *What, const Expr &E, Val Got, Val Want) {
  if (Got && Want && *Got != *Want)
    fail(What, E, Got, Want);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  FuzzedDataProvider P(Data, Size);
  std::optional<Item> Built = build(P, 96);
  const std::string Rest = P.ConsumeRemainingBytesAsString();
  std::map<std::string, Assumption> Assumed;
  const std::string Error = parseAssumptions(Rest, Assumed);
  for (const auto &[Name, A] : Assumed) {
    (void)A.str(Name);
    for (int64_t Pref : {int64_t(0), int64_t(-7), int64_t(1024), INT64_MAX})
      if (auto V = A.pick(Pref, unsigned(Pref & 3)))
        if (!A.admits(*V))
          fail("Assumption::pick gave a value it does not admit", Expr(*V),
               V, std::nullopt);
  }
  if (!Built)
    return 0;
  const Expr &E = Built->E;
  (void)E.str();
  std::vector<Expr> Conds;
  E.collectSelectConditions(Conds);

  // Values: small, lane-like and extreme; "u" unbound in some rounds.
  static const int64_t Pool[] = {0, 1, 2, 3, 5, 31, 32, 33, 1000, -1, -32,
                                 INT64_MAX, INT64_MIN, INT64_MAX / 2};
  Bindings B;
  Program Prog(E, B, threadIndexNames());
  for (unsigned Round = 0; Round < 6; ++Round) {
    std::map<std::string, int64_t> V;
    const unsigned Salt = Round * 7 + unsigned(Size);
    V["blockIdx.x"] = Pool[Salt % 9];
    V["blockDim.x"] = 1 + Pool[(Salt / 3) % 9];
    V["n"] = Pool[(Salt + Round) % 14];
    if (Round % 3)
      V["u"] = Pool[(Salt * 5 + 1) % 14];
    for (const auto &[Name, X] : V)
      B.set(Name, X);
    if (!(Round % 3))
      B.unset("u");
    Prog.prepare(B);
    for (int64_t Lane = 0; Lane < 34; Lane += 11) {
      V["threadIdx.x"] = Lane;
      V["threadIdx.y"] = Lane / 2 + Round;
      V["threadIdx.z"] = Round % 2;
      for (const std::string &N : threadIndexNames())
        B.set(N, V[N]);
      const Val Want = B.evaluate(E);
      checkEqual("Program::run differs from Bindings::evaluate", E,
                 Prog.run(B), Want);
      checkEqual("Bindings::evaluate differs from Expr::evaluate", E,
                 E.evaluate(V), Want);
      if (Built->R)
        checkAgree("simplification changed the value", E, Want,
                   evalRef(*Built->R, V));

      // Substituting a value keeps the value.
      const std::string &Sub = threadIndexNames()[Round % 3];
      std::map<std::string, int64_t> W = V;
      W.erase(Sub);
      checkAgree("substituting a value changed the value", E,
                 E.substitute({{Sub, Expr(V[Sub])}}).evaluate(W), Want);
      // Deciding the selections by their values keeps the value.
      std::map<Expr, bool> Decided;
      for (const Expr &C : Conds)
        if (Val CV = C.evaluate(V))
          Decided.emplace(C, *CV != 0);
      checkAgree("deciding the selections changed the value", E,
                 E.decideSelects(Decided).evaluate(V), Want);
      // An affine coefficient: one more in the symbol adds it.
      if (std::optional<Expr> C = E.coefficientOf(Sub)) {
        std::map<std::string, int64_t> Next = V;
        Next[Sub] += 1;
        Val A = E.evaluate(V), Z = E.evaluate(Next), K = C->evaluate(V);
        int64_t D;
        if (A && Z && K && !__builtin_sub_overflow(*Z, *A, &D) && D != *K)
          fail("coefficientOf is not the step", E, K, D);
      }
      // bounds() holds the value; decide() agrees with it.
      std::map<std::string, Interval> Of;
      for (const auto &[Name, X] : V)
        Of[Name] = Interval{X, X};
      for (const auto &[Name, A] : Assumed)
        if (V.count(Name) && A.admits(V[Name]))
          Of[Name] = toInterval(A);
      Interval I = bounds(E, Of);
      if (Want && ((I.Lo && *Want < *I.Lo) || (I.Hi && *Want > *I.Hi)))
        fail("the value lies outside bounds()", E, Want,
             I.Lo ? I.Lo : I.Hi);
      if (std::optional<bool> D = decide(E, Of))
        if (Want && (*Want != 0) != *D)
          fail("decide() is wrong", E, Want, Val(*D));
    }
  }
  return 0;
}
