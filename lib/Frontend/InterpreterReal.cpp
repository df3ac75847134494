//===- InterpreterReal.cpp - Host code's floating-point arithmetic --------===//
//
// In host code (HostMode) a launch's shape is often computed in floating
// point: `dim3 grid((size_t)ceil((float)NX / (float)block.x))`. The
// integer values of the interpreter are symbolic expressions; a floating
// value is kept only when it is a known number (Value::Real), computed as C
// computes it: the usual arithmetic conversions, each operation rounded to
// its type (float or double; double rounding of one IEEE operation from
// double to float is exact for + - * / and sqrt), conversions to integers
// truncated toward zero. The math functions of <cmath> and CUDA's host
// overloads are run by name (ceil, ceilf, std::ceil, __builtin_ceil, ...).
// A value that is not a known number stays unknown, as before.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Interpreter.h"

#include <cmath>
#include <limits>

namespace warplint {
namespace detail {

namespace {
/// \p V rounded to the floating type \p T (float or double; a long double
/// is kept as a double).
double roundTo(QualType T, double V) {
  if (const auto *BT = T->getAs<BuiltinType>())
    if (BT->getKind() == BuiltinType::Float || BT->getKind() == BuiltinType::Half ||
        BT->getKind() == BuiltinType::Float16)
      return double(float(V));
  return V;
}

/// The math function \p Name stands for (ceilf, __builtin_ceil, ceill →
/// ceil), or "" when it is not one warplint runs.
std::string mathFunction(StringRef Name) {
  static const char *Known[] = {"ceil", "floor", "round", "trunc", "sqrt",
                                "fabs", "abs", "fmin", "fmax", "min", "max",
                                "pow", "log2", "exp2", "log", "exp", "cbrt",
                                "rint", "nearbyint", "fmod", "log10"};
  Name.consume_front("__builtin_");
  for (const char *K : Known) {
    StringRef S(K);
    if (Name == S || (Name.size() == S.size() + 1 && Name.starts_with(S) &&
                      (Name.back() == 'f' || Name.back() == 'l')))
      return K;
  }
  return "";
}

std::optional<double> applyMath(const std::string &F,
                                const std::vector<double> &A) {
  if (A.size() == 1) {
    double X = A[0];
    if (F == "ceil") return std::ceil(X);
    if (F == "floor") return std::floor(X);
    if (F == "round") return std::round(X);
    if (F == "trunc") return std::trunc(X);
    if (F == "sqrt") return std::sqrt(X);
    if (F == "fabs" || F == "abs") return std::fabs(X);
    if (F == "log2") return std::log2(X);
    if (F == "exp2") return std::exp2(X);
    if (F == "log") return std::log(X);
    if (F == "log10") return std::log10(X);
    if (F == "exp") return std::exp(X);
    if (F == "cbrt") return std::cbrt(X);
    if (F == "rint" || F == "nearbyint") return std::nearbyint(X);
  }
  if (A.size() == 2) {
    double X = A[0], Y = A[1];
    if (F == "fmin" || F == "min") return std::fmin(X, Y);
    if (F == "fmax" || F == "max") return std::fmax(X, Y);
    if (F == "pow") return std::pow(X, Y);
    if (F == "fmod") return std::fmod(X, Y);
  }
  return std::nullopt;
}
} // namespace

std::optional<double> Interpreter::realOf(const Value &V) {
  if (V.Real)
    return V.Real;
  if (V.Kind == Value::Scalar)
    if (std::optional<int64_t> K = V.E.asConst())
      return double(*K);
  return std::nullopt;
}

std::optional<Value> Interpreter::evalReal(const clang::Expr *E) {
  QualType T = E->getType();
  bool Floating = T->isRealFloatingType();
  if (const auto *FL = dyn_cast<FloatingLiteral>(E))
    return Value::real(roundTo(T, FL->getValueAsApproximateDouble()));

  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    CastKind K = CE->getCastKind();
    if (K != CK_IntegralToFloating && K != CK_FloatingCast &&
        K != CK_FloatingToIntegral && K != CK_FloatingToBoolean)
      return std::nullopt;
    Value V = eval(CE->getSubExpr());
    std::optional<double> R = realOf(V);
    // Not a known number: what the interpreter made of it before.
    auto Unknown = [&]() {
      if (K == CK_FloatingToIntegral)
        return Value::scalar(unknownSymbol(text(CE), V.threadDependent(),
                                           "converted from floating point",
                                           CE->getExprLoc()));
      return Value::unknown(V.threadDependent());
    };
    if (!R)
      return Unknown();
    if (K == CK_FloatingToBoolean)
      return Value::scalar(SymExpr(int64_t(*R != 0)));
    if (K == CK_FloatingToIntegral) {
      // C: truncation toward zero; a value out of the type's range is
      // undefined, so it stays unknown.
      double I = std::trunc(*R);
      if (!std::isfinite(I) || std::fabs(I) > 9.0e15 ||
          (T->isUnsignedIntegerType() && I < 0))
        return Unknown();
      return Value::scalar(SymExpr(int64_t(I)));
    }
    return Value::real(roundTo(T, *R));
  }

  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (!Floating ||
        (UO->getOpcode() != UO_Minus && UO->getOpcode() != UO_Plus))
      return std::nullopt;
    std::optional<double> R = realOf(eval(UO->getSubExpr()));
    if (!R)
      return Value::unknown(false);
    return Value::real(UO->getOpcode() == UO_Minus ? -*R : *R);
  }

  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Opc = BO->getOpcode();
    bool Arith = Opc == BO_Add || Opc == BO_Sub || Opc == BO_Mul || Opc == BO_Div;
    bool Compare = BO->isComparisonOp() &&
                   BO->getLHS()->getType()->isRealFloatingType();
    if (!(Floating && Arith) && !Compare)
      return std::nullopt;
    recordBinaryOp(BO);
    std::optional<double> A = realOf(eval(BO->getLHS()));
    std::optional<double> B = realOf(eval(BO->getRHS()));
    if (!A || !B)
      return Compare ? Value::scalar(unknownSymbol(text(BO), false,
                                                   "a comparison of floating-point "
                                                   "values that are not known",
                                                   BO->getExprLoc()))
                     : Value::unknown(false);
    switch (Opc) {
    case BO_Add: return Value::real(roundTo(T, *A + *B));
    case BO_Sub: return Value::real(roundTo(T, *A - *B));
    case BO_Mul: return Value::real(roundTo(T, *A * *B));
    case BO_Div:
      if (*B == 0)
        return Value::unknown(false);
      return Value::real(roundTo(T, *A / *B));
    case BO_LT: return Value::scalar(SymExpr(int64_t(*A < *B)));
    case BO_GT: return Value::scalar(SymExpr(int64_t(*A > *B)));
    case BO_LE: return Value::scalar(SymExpr(int64_t(*A <= *B)));
    case BO_GE: return Value::scalar(SymExpr(int64_t(*A >= *B)));
    case BO_EQ: return Value::scalar(SymExpr(int64_t(*A == *B)));
    case BO_NE: return Value::scalar(SymExpr(int64_t(*A != *B)));
    default: return Value::unknown(false);
    }
  }

  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (!Floating || isa<CXXOperatorCallExpr>(CE))
      return std::nullopt;
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee || !Callee->getIdentifier())
      return std::nullopt;
    std::string F = mathFunction(Callee->getName());
    if (F.empty())
      return std::nullopt;
    std::vector<double> Args;
    for (const clang::Expr *A : CE->arguments()) {
      std::optional<double> R = realOf(eval(A));
      if (!R)
        return Value::unknown(false);
      Args.push_back(*R);
    }
    std::optional<double> R = applyMath(F, Args);
    if (!R || !std::isfinite(*R))
      return Value::unknown(false);
    return Value::real(roundTo(T, *R));
  }

  // Floating constants through macros and constexpr.
  if (Floating && foldable(E) && !E->HasSideEffects(Ctx)) {
    llvm::APFloat F(0.0);
    if (E->EvaluateAsFloat(F, Ctx) && F.isFinite())
      return Value::real(roundTo(T, F.convertToDouble()));
  }
  return std::nullopt;
}

} // namespace detail
} // namespace warplint
