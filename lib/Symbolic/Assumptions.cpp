//===- Assumptions.cpp - What is known about unknowns ---------------------===//
#include "Symbolic/Assumptions.h"

#include <set>
#include <algorithm>
#include <cctype>

namespace warplint {
namespace sym {

bool Assumption::admits(int64_t V) const {
  if (Equal && V != *Equal)
    return false;
  if (Min && V < *Min)
    return false;
  if (Max && V > *Max)
    return false;
  return Multiple <= 1 || V % Multiple == 0;
}

std::optional<int64_t> Assumption::pick(int64_t Preferred,
                                        unsigned Variant) const {
  if (Equal)
    return admits(*Equal) ? std::optional<int64_t>(*Equal) : std::nullopt;
  int64_t M = std::max<int64_t>(1, Multiple);
  int64_t V = Preferred;
  if (Min && V < *Min)
    V = *Min;
  if (Max && V > *Max)
    V = *Max;
  // Round up to a multiple, then down if that went past Max. In 128 bits:
  // near int64's ends (n >= 2^63 - 8, n % 32 == 0) the multiples around V
  // may not be int64 values.
  const __int128 W = V, Down = W - (W % M + M) % M;
  const __int128 Up = Down == W ? W : Down + M;
  __int128 R = (!Max || Up <= *Max) && Up <= INT64_MAX ? Up : Down;
  // The Variant-th admitted value after it: a different value with the same
  // guarantees, far enough to change alignments that are not guaranteed.
  R += __int128(Variant) * M * 7;
  if (R < INT64_MIN || R > INT64_MAX || !admits(int64_t(R)))
    return std::nullopt;
  return int64_t(R);
}

std::string Assumption::str(const std::string &Name) const {
  std::string R;
  auto Add = [&](const std::string &S) { R += (R.empty() ? "" : ", ") + S; };
  if (Equal)
    Add(Name + " == " + std::to_string(*Equal));
  if (Min)
    Add(Name + " >= " + std::to_string(*Min));
  if (Max)
    Add(Name + " <= " + std::to_string(*Max));
  if (Multiple > 1)
    Add(Name + " % " + std::to_string(Multiple) + " == 0");
  return R;
}

namespace {
struct Cursor {
  const std::string &S;
  size_t P = 0;
  void skip() {
    while (P < S.size() && std::isspace(static_cast<unsigned char>(S[P])))
      ++P;
  }
  bool eat(const char *T) {
    skip();
    size_t N = std::char_traits<char>::length(T);
    if (S.compare(P, N, T) == 0) {
      P += N;
      return true;
    }
    return false;
  }
  std::string name() {
    skip();
    size_t B = P;
    // A member through a pointer (`points->num`) is one name.
    while (P < S.size()) {
      if (std::isalnum(static_cast<unsigned char>(S[P])) || S[P] == '_' ||
          S[P] == '.')
        ++P;
      else if (P > B && S.compare(P, 2, "->") == 0 && P + 2 < S.size() &&
               (std::isalpha(static_cast<unsigned char>(S[P + 2])) ||
                S[P + 2] == '_'))
        P += 2;
      else
        break;
    }
    return S.substr(B, P - B);
  }
  std::optional<int64_t> integer() {
    skip();
    bool Neg = false;
    if (P < S.size() && S[P] == '-') {
      Neg = true;
      ++P;
    }
    size_t B = P;
    while (P < S.size() && std::isdigit(static_cast<unsigned char>(S[P])))
      ++P;
    if (B == P || P - B > 18)
      return std::nullopt;
    int64_t V = std::stoll(S.substr(B, P - B));
    return Neg ? -V : V;
  }
};
} // namespace

std::string parseAssumptions(const std::string &Text,
                             std::map<std::string, Assumption> &Into) {
  Cursor C{Text};
  std::set<std::string> Touched;
  do {
    size_t At = C.P;
    std::string Name = C.name();
    auto Where = [&] {
      return " at column " + std::to_string(At + 1) + " of '" + Text + "'";
    };
    if (Name.empty() || std::isdigit(static_cast<unsigned char>(Name[0])))
      return "expected a name" + Where();
    Touched.insert(Name);
    Assumption &A = Into[Name];
    if (C.eat("%")) {
      auto M = C.integer();
      if (!M || *M < 1 || !C.eat("==") || C.integer() != int64_t(0))
        return "expected '" + Name + " % M == 0' with M >= 1" + Where();
      A.Multiple = std::max(A.Multiple, *M);
      continue;
    }
    const char *Ops[] = {"==", ">=", "<=", ">", "<"};
    std::string Op;
    for (const char *O : Ops)
      if (C.eat(O)) {
        Op = O;
        break;
      }
    if (Op.empty())
      return "expected ==, >=, >, <=, < or % after '" + Name + "'" + Where();
    auto V = C.integer();
    if (!V)
      return "expected an integer after '" + Name + " " + Op + "'" + Where();
    if (Op == "==" && A.Equal && *A.Equal != *V)
      return "'" + Name + "' is given two values, " + std::to_string(*A.Equal) +
             " and " + std::to_string(*V) + Where();
    if (Op == "==")
      A.Equal = *V;
    else if (Op == ">=")
      A.Min = A.Min ? std::max(*A.Min, *V) : *V;
    else if (Op == ">")
      A.Min = A.Min ? std::max(*A.Min, *V + 1) : *V + 1;
    else if (Op == "<=")
      A.Max = A.Max ? std::min(*A.Max, *V) : *V;
    else
      A.Max = A.Max ? std::min(*A.Max, *V - 1) : *V - 1;
  } while (C.eat(","));
  C.skip();
  if (C.P != Text.size())
    return "unexpected '" + Text.substr(C.P) + "' in '" + Text + "'";
  // Contradictory clauses would make every access that reads the value
  // vanish: an error, not a silent empty analysis.
  for (const std::string &Name : Touched)
    if (!Into[Name].pick(0))
      return "the assumptions about '" + Name + "' admit no value (" +
             Into[Name].str(Name) + ") in '" + Text + "'";
  return "";
}

Interval toInterval(const Assumption &A) {
  if (A.Equal)
    return Interval::point(*A.Equal);
  return {A.Min, A.Max};
}

namespace {

std::optional<int64_t> add(std::optional<int64_t> A, std::optional<int64_t> B) {
  int64_t R;
  if (!A || !B || __builtin_add_overflow(*A, *B, &R))
    return std::nullopt;
  return R;
}

Interval addI(const Interval &A, const Interval &B) {
  return {add(A.Lo, B.Lo), add(A.Hi, B.Hi)};
}

Interval mulI(const Interval &A, const Interval &B) {
  if (!A.Lo || !A.Hi || !B.Lo || !B.Hi) {
    // Non-negative times non-negative stays non-negative.
    if (A.Lo && *A.Lo >= 0 && B.Lo && *B.Lo >= 0) {
      int64_t L;
      if (!__builtin_mul_overflow(*A.Lo, *B.Lo, &L))
        return {L, std::nullopt};
    }
    return Interval::all();
  }
  int64_t C[4];
  if (__builtin_mul_overflow(*A.Lo, *B.Lo, &C[0]) ||
      __builtin_mul_overflow(*A.Lo, *B.Hi, &C[1]) ||
      __builtin_mul_overflow(*A.Hi, *B.Lo, &C[2]) ||
      __builtin_mul_overflow(*A.Hi, *B.Hi, &C[3]))
    return Interval::all();
  return {*std::min_element(C, C + 4), *std::max_element(C, C + 4)};
}

Interval boolI(std::optional<bool> B) {
  if (!B)
    return {0, 1};
  return Interval::point(*B ? 1 : 0);
}

/// A < B decided from the intervals.
std::optional<bool> less(const Interval &A, const Interval &B, bool OrEqual) {
  if (A.Hi && B.Lo && (OrEqual ? *A.Hi <= *B.Lo : *A.Hi < *B.Lo))
    return true;
  if (A.Lo && B.Hi && (OrEqual ? *A.Lo > *B.Hi : *A.Lo >= *B.Hi))
    return false;
  return std::nullopt;
}

} // namespace

Interval bounds(const Expr &E, const std::map<std::string, Interval> &Of) {
  switch (E.op()) {
  case Op::Const:
    return Interval::point(E.value());
  case Op::Sym: {
    auto It = Of.find(E.name());
    if (It != Of.end())
      return It->second;
    // Built-in index variables are never negative.
    switch (E.symbolKind()) {
    case SymbolKind::ThreadIdx:
    case SymbolKind::BlockIdx:
    case SymbolKind::LoopIter:
      return {0, std::nullopt};
    case SymbolKind::BlockDim:
    case SymbolKind::GridDim:
      return {1, std::nullopt};
    default:
      return Interval::all();
    }
  }
  case Op::Add: {
    Interval R = Interval::point(0);
    for (const Expr &T : E.operands())
      R = addI(R, bounds(T, Of));
    return R;
  }
  case Op::Mul: {
    Interval R = Interval::point(E.value());
    for (const Expr &F : E.operands())
      R = mulI(R, bounds(F, Of));
    return R;
  }
  case Op::Div: {
    Interval A = bounds(E.operands()[0], Of);
    auto D = E.operands()[1].asConst();
    if (!D || *D <= 0)
      return Interval::all();
    if (A.Lo && *A.Lo >= 0)
      return {*A.Lo / *D, A.Hi ? std::optional<int64_t>(*A.Hi / *D)
                               : std::nullopt};
    return Interval::all();
  }
  case Op::Mod: {
    Interval A = bounds(E.operands()[0], Of);
    auto D = E.operands()[1].asConst();
    if (!D || *D <= 0 || !A.Lo || *A.Lo < 0)
      return Interval::all();
    if (A.Hi && *A.Hi < *D)
      return A; // x % d == x when 0 <= x < d
    return {0, *D - 1};
  }
  case Op::Min:
  case Op::Max: {
    Interval A = bounds(E.operands()[0], Of), B = bounds(E.operands()[1], Of);
    bool IsMin = E.op() == Op::Min;
    auto Pick = [&](std::optional<int64_t> X, std::optional<int64_t> Y,
                    bool Lower) -> std::optional<int64_t> {
      // min: both ends are the smaller one; an unbounded end wins where it
      // is the smaller one (a lower end) and loses where not.
      if (IsMin) {
        if (Lower)
          return X && Y ? std::optional<int64_t>(std::min(*X, *Y)) : std::nullopt;
        if (!X)
          return Y;
        if (!Y)
          return X;
        return std::min(*X, *Y);
      }
      if (!Lower)
        return X && Y ? std::optional<int64_t>(std::max(*X, *Y)) : std::nullopt;
      if (!X)
        return Y;
      if (!Y)
        return X;
      return std::max(*X, *Y);
    };
    return {Pick(A.Lo, B.Lo, true), Pick(A.Hi, B.Hi, false)};
  }
  case Op::Lt:
    return boolI(less(bounds(E.operands()[0], Of), bounds(E.operands()[1], Of),
                      false));
  case Op::Le:
    return boolI(less(bounds(E.operands()[0], Of), bounds(E.operands()[1], Of),
                      true));
  case Op::Eq:
  case Op::Ne: {
    Interval A = bounds(E.operands()[0], Of), B = bounds(E.operands()[1], Of);
    std::optional<bool> Equal;
    if (A.isPoint() && B.isPoint())
      Equal = *A.Lo == *B.Lo;
    else if ((A.Hi && B.Lo && *A.Hi < *B.Lo) || (A.Lo && B.Hi && *A.Lo > *B.Hi))
      Equal = false;
    if (Equal && E.op() == Op::Ne)
      Equal = !*Equal;
    return boolI(Equal);
  }
  case Op::Not: {
    auto D = decide(E.operands()[0], Of);
    return boolI(D ? std::optional<bool>(!*D) : std::nullopt);
  }
  case Op::And:
  case Op::Or: {
    auto A = decide(E.operands()[0], Of), B = decide(E.operands()[1], Of);
    if (E.op() == Op::And) {
      if ((A && !*A) || (B && !*B))
        return Interval::point(0);
      if (A && B)
        return Interval::point(1);
    } else {
      if ((A && *A) || (B && *B))
        return Interval::point(1);
      if (A && B)
        return Interval::point(0);
    }
    return {0, 1};
  }
  case Op::Select: {
    auto C = decide(E.operands()[0], Of);
    if (C)
      return bounds(E.operands()[*C ? 1 : 2], Of);
    Interval A = bounds(E.operands()[1], Of), B = bounds(E.operands()[2], Of);
    Interval R;
    if (A.Lo && B.Lo)
      R.Lo = std::min(*A.Lo, *B.Lo);
    if (A.Hi && B.Hi)
      R.Hi = std::max(*A.Hi, *B.Hi);
    return R;
  }
  }
  return Interval::all();
}

std::optional<bool> decide(const Expr &Cond,
                           const std::map<std::string, Interval> &Of) {
  Interval I = bounds(Cond, Of);
  if (I.Lo && *I.Lo > 0)
    return true;
  if (I.Lo && I.Hi && *I.Lo == 0 && *I.Hi == 0)
    return false;
  if (I.Hi && *I.Hi < 0)
    return true;
  return std::nullopt;
}

} // namespace sym
} // namespace warplint
