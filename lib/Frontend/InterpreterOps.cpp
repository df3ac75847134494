//===- InterpreterOps.cpp - Operations the facts interpreter counts -------===//
//
// KernelFacts::Ops: the arithmetic, conversions, calls and branches of
// each line, for the instruction-mix and cost estimates.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Interpreter.h"

namespace warplint {
namespace detail {

OpType Interpreter::opType(QualType T) const {
  if (T.isNull() || T->isDependentType())
    return OpType::Other;
  T = T.getCanonicalType();
  if (T->isPointerType())
    return OpType::Int64;
  if (T->isRealFloatingType()) {
    uint64_t Bits = Ctx.getTypeSize(T);
    return Bits <= 16 ? OpType::Half : Bits <= 32 ? OpType::Float : OpType::Double;
  }
  if (T->isIntegralOrEnumerationType())
    return Ctx.getTypeSize(T) <= 32 ? OpType::Int32 : OpType::Int64;
  return OpType::Other;
}

void Interpreter::recordOp(OpKind K, OpType T, const void *Node,
                           SourceLocation L, std::string Name,
                           int64_t Divisor) {
  if (!recording() || !SeenOps.insert({Node, InlineInstance}).second)
    return;
  OpFacts O;
  O.Kind = K;
  O.Type = T;
  O.Name = std::move(Name);
  O.Divisor = Divisor;
  O.Loc = loc(L);
  O.Calls = Calls;
  O.Loops = LoopStack;
  O.Guards = Guards;
  // Identical operations of one line in the same context aggregate. The
  // key is the raw bytes of what identifies one (strings with their length).
  std::string Key;
  auto Put = [&Key](auto X) {
    Key.append(reinterpret_cast<const char *>(&X), sizeof X);
  };
  auto PutText = [&](const std::string &S) {
    Put(S.size());
    Key += S;
  };
  Key.reserve(64 + O.Name.size() + O.Loc.File.size() +
              8 * (O.Calls.size() + O.Loops.size() + O.Guards.size()));
  Put(unsigned(K));
  Put(unsigned(T));
  PutText(O.Name);
  Put(Divisor);
  PutText(O.Loc.File);
  Put(O.Loc.Line);
  Put(O.Calls.size());
  for (const SourceLoc &C : O.Calls) {
    Put(C.Line);
    Put(C.Column);
  }
  Put(O.Loops.size());
  for (unsigned Lp : O.Loops)
    Put(Lp);
  Put(O.Guards.size());
  for (const GuardRef &G : O.Guards) {
    Put(G.Branch);
    Put(G.Taken);
  }
  auto [It, New] = OpIndex.insert({Key, Out.Ops.size()});
  if (!New) {
    ++Out.Ops[It->second].Count;
    return;
  }
  Out.Ops.push_back(std::move(O));
}

void Interpreter::recordExprOp(OpKind K, QualType T, const clang::Expr *E,
                               std::string Name, int64_t Divisor) {
  if (!recording() || E->isValueDependent() || E->isTypeDependent())
    return;
  // Folded by the compiler: no instruction.
  if (foldable(E))
    return;
  recordOp(K, opType(T), E, E->getExprLoc(), std::move(Name), Divisor);
}

bool Interpreter::foldable(const clang::Expr *E) {
  E = E->IgnoreParens();
  auto It = Foldable.find(E);
  if (It != Foldable.end())
    return It->second;
  bool R;
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->isAdditiveOp() || BO->isMultiplicativeOp() ||
             BO->isShiftOp() || BO->isBitwiseOp() || BO->isComparisonOp())) {
    // Folded only when both operands are; then clang decides (a division
    // by zero is not folded), at the cost of this subtree once, since the
    // operands' answers are known.
    R = foldable(BO->getLHS()) && foldable(BO->getRHS());
    if (R && (BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Rem))
      R = E->isEvaluatable(Ctx);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus ||
                    UO->getOpcode() == UO_Not || UO->getOpcode() == UO_LNot)) {
    R = foldable(UO->getSubExpr());
  } else if (const auto *IC = dyn_cast<ImplicitCastExpr>(E);
             IC && (IC->getCastKind() == CK_IntegralCast ||
                    IC->getCastKind() == CK_LValueToRValue ||
                    IC->getCastKind() == CK_IntegralToFloating ||
                    IC->getCastKind() == CK_FloatingCast ||
                    IC->getCastKind() == CK_NoOp)) {
    // An lvalue-to-rvalue of a variable: clang's answer for the variable
    // (a constexpr or const-initialised one folds).
    R = IC->getCastKind() == CK_LValueToRValue ? E->isEvaluatable(Ctx)
                                               : foldable(IC->getSubExpr());
  } else {
    R = E->isEvaluatable(Ctx);
  }
  Foldable[E] = R;
  return R;
}

static const BinaryOperator *asMul(const clang::Expr *E, QualType T) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (BO && BO->getOpcode() == BO_Mul && BO->getType()->isRealFloatingType() &&
      BO->getType().getCanonicalType() == T.getCanonicalType())
    return BO;
  return nullptr;
}

void Interpreter::recordBinaryOp(const BinaryOperator *BO) {
  if (!recording())
    return;
  BinaryOperatorKind Opc = BO->getOpcode();
  if (Opc == BO_Assign || Opc == BO_Comma)
    return;
  QualType T = BO->getType();
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(BO)) {
    Opc = BinaryOperator::getOpForCompoundAssignment(Opc);
    T = CA->getComputationResultType();
  }
  const clang::Expr *L = BO->getLHS(), *R = BO->getRHS();
  // Pointer arithmetic is address arithmetic; a constant offset folds into
  // the memory instruction.
  if ((Opc == BO_Add || Opc == BO_Sub) &&
      (T->isPointerType() || L->getType()->isPointerType() ||
       R->getType()->isPointerType())) {
    if (L->getType()->isPointerType() && R->getType()->isPointerType()) {
      recordExprOp(OpKind::Add, Ctx.getPointerDiffType(), BO);
      return;
    }
    // Recorded by evalBinary, which knows the pointer's memory space.
    return;
  }
  switch (Opc) {
  case BO_Add:
  case BO_Sub:
    if (T->isRealFloatingType()) {
      const BinaryOperator *M = nullptr;
      if (isa<CompoundAssignOperator>(BO))
        M = asMul(R, T);
      else if (!(M = asMul(L, T)))
        M = asMul(R, T);
      if (M) {
        FusedMuls.insert(M);
        recordExprOp(OpKind::Fma, T, BO);
        return;
      }
    }
    recordExprOp(OpKind::Add, T, BO);
    return;
  case BO_Mul:
    if (!FusedMuls.count(BO))
      recordExprOp(OpKind::Mul, T, BO);
    return;
  case BO_Div:
  case BO_Rem: {
    int64_t Divisor = 0;
    if (T->isIntegralOrEnumerationType() && !R->isValueDependent()) {
      clang::Expr::EvalResult ER;
      if (R->EvaluateAsInt(ER, Ctx) &&
          ER.Val.getInt().getSignificantBits() <= 63)
        Divisor = ER.Val.getInt().getExtValue();
    }
    recordExprOp(Opc == BO_Div ? OpKind::Div : OpKind::Rem, T, BO,
                 T->isUnsignedIntegerOrEnumerationType() ? "unsigned" : "",
                 Divisor);
    return;
  }
  case BO_Shl:
  case BO_Shr:
    recordExprOp(OpKind::Shift, T, BO);
    return;
  case BO_And:
  case BO_Or:
  case BO_Xor:
    recordExprOp(OpKind::Bitwise, T, BO);
    return;
  case BO_LT:
  case BO_GT:
  case BO_LE:
  case BO_GE:
  case BO_EQ:
  case BO_NE:
    recordExprOp(OpKind::Compare, L->getType(), BO);
    return;
  case BO_LAnd:
  case BO_LOr:
    recordExprOp(OpKind::Logical, BO->getType(), BO);
    return;
  default:
    return;
  }
}

static std::string typeName(OpType T) { return toString(T); }

void Interpreter::recordCastOp(const CastExpr *CE) {
  if (!recording())
    return;
  QualType To = CE->getType(), From = CE->getSubExpr()->getType();
  switch (CE->getCastKind()) {
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingCast:
    recordExprOp(OpKind::Convert, To, CE,
                 typeName(opType(From)) + "->" + typeName(opType(To)));
    return;
  case CK_IntegralCast: {
    // Only a change between 32 and 64 bits is an instruction (cvt); a
    // change of signedness or to a narrower type is free.
    OpType F = opType(From), T = opType(To);
    if (F != T && (F == OpType::Int64 || T == OpType::Int64))
      recordExprOp(OpKind::Convert, To, CE, typeName(F) + "->" + typeName(T));
    return;
  }
  case CK_IntegralToBoolean:
  case CK_FloatingToBoolean:
  case CK_PointerToBoolean:
    recordExprOp(OpKind::Compare, From, CE);
    return;
  default:
    return;
  }
}

void Interpreter::recordCallOp(const CallExpr *CE, const FunctionDecl *Callee,
                               StringRef Name) {
  if (!recording())
    return;
  QualType T = CE->getType();
  if (T->isVoidType() && CE->getNumArgs() > 0)
    T = CE->getArg(0)->getType();
  if (!Callee) {
    recordOp(OpKind::Call, opType(T), CE, CE->getBeginLoc(), "indirect");
    return;
  }
  std::string N = Name.empty() ? Callee->getNameAsString() : Name.str();
  // make_float4 and friends only move values into registers.
  if (StringRef(N).starts_with("make_"))
    return;
  bool Library = Callee->getBuiltinID() != 0 ||
                 Ctx.getSourceManager().isInSystemHeader(Callee->getLocation());
  if (Library && CE->isEvaluatable(Ctx))
    return;
  recordOp(Library ? OpKind::Math : OpKind::Call, opType(T), CE,
           CE->getBeginLoc(), N);
}

BranchFacts Interpreter::branchFact(unsigned Id, BranchKind K, const SymExpr &Cond,
                                    const clang::Expr *CondE,
                                    SourceLocation L) const {
  BranchFacts B;
  B.Id = Id;
  B.Kind = K;
  B.Condition = Cond;
  B.ThreadDependent = Cond.isThreadDependent();
  B.Text = text(CondE);
  B.Loc = loc(L);
  B.Calls = Calls;
  B.Loops = LoopStack;
  B.Guards = Guards;
  return B;
}

void Interpreter::recordBarrier(StringRef Name, SourceLocation L) {
  if (!recording())
    return;
  BarrierFacts B;
  B.Name = Name.str();
  B.Loc = loc(L);
  B.Calls = Calls;
  B.Loops = LoopStack;
  B.Guards = Guards;
  Out.Barriers.push_back(B);
}

} // namespace detail
} // namespace warplint
