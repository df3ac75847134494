//===- ExprPrint.cpp - Expressions as C-like text -------------------------===//
#include "ExprInternal.h"

#include <cctype>

namespace warplint {
namespace sym {

static void print(const Expr &E, std::string &Out);
static thread_local bool Display = false; // symbols by displayName

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

/// The digits of |V|, INT64_MIN's included (whose negation is no int64).
static std::string magnitude(int64_t V) {
  return std::to_string(V < 0 ? 0 - uint64_t(V) : uint64_t(V));
}

static void printMulBody(const Expr &E, const std::string &Coef,
                         std::string &Out) {
  bool First = true;
  if (Coef != "1") {
    Out += Coef;
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
    Out += Display ? displayName(E.name()) : E.name();
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
        Out += magnitude(T.value());
      else if (T.op() == Op::Mul)
        printMulBody(T, magnitude(T.value()), Out);
      else
        printOperand(T, 7, Out);
    }
    return;
  }
  case Op::Mul:
    if (E.value() == -1) {
      Out += '-';
      printMulBody(E, "1", Out);
      return;
    }
    printMulBody(E, std::to_string(E.value()), Out);
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

std::string Expr::text() const {
  std::string Out;
  Display = true;
  print(*this, Out);
  Display = false;
  return Out;
}

std::string displayName(const std::string &Name) {
  std::string N = Name;
  for (bool Again = true; Again;) {
    Again = false;
    size_t D = N.size();
    while (D > 0 && std::isdigit(static_cast<unsigned char>(N[D - 1])))
      --D;
    if (D == N.size() || D == 0)
      break;
    for (const char *Suffix : {"#", "?", "@loop"}) {
      const size_t L = std::char_traits<char>::length(Suffix);
      if (D > L && N.compare(D - L, L, Suffix) == 0) {
        N.resize(D - L);
        Again = true;
        break;
      }
    }
  }
  return N;
}

} // namespace sym
} // namespace warplint
