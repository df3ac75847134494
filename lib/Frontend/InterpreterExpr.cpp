//===- InterpreterExpr.cpp - Expressions of the facts interpreter ---------===//
//
// eval() and the operators; lvalues, casts and members are in
// InterpreterMemory.cpp, calls in InterpreterCall.cpp.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Interpreter.h"

namespace warplint {
namespace detail {

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

Value Interpreter::eval(const clang::Expr *E) {
  if (!E)
    return Value::unknown(false);
  // Expressions nested deeper than this are not followed (the evaluation
  // recurses once per level): an unknown value, said once per kernel.
  constexpr unsigned MaxDepth = 1000;
  if (EvalDepth >= MaxDepth) {
    if (!SaidTooDeep) {
      SaidTooDeep = true;
      unknownFact("an expression nested more than " + std::to_string(MaxDepth) +
                      " levels deep: its value is taken as unknown",
                  E->getExprLoc());
    }
    return Value::unknown(true);
  }
  struct Depth {
    unsigned &D;
    explicit Depth(unsigned &D) : D(D) { ++D; }
    ~Depth() { --D; }
  } Guard(EvalDepth);
  E = strip(E);
  if (E->isValueDependent() || E->isTypeDependent())
    return Value::unknown(true);

  // Integer constants, through macros, constexpr and template arguments.
  // foldable() first: asking clang of every node of a long chain is n^2.
  if (E->getType()->isIntegralOrEnumerationType() && foldable(E) &&
      !E->HasSideEffects(Ctx)) {
    clang::Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx)) {
      // Values too large for int64 are not indices; keep them unknown.
      const llvm::APSInt &I = R.Val.getInt();
      if (I.getSignificantBits() <= 63)
        return Value::scalar(SymExpr(I.getExtValue()));
    }
  }
  if (auto B = builtinIndex(E))
    return Value::scalar(*B);
  if (HostMode)
    if (std::optional<Value> V = evalReal(E))
      return *V;

  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return Value::scalar(SymExpr(int64_t(IL->getValue().getLimitedValue())));

  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    if (HostMode && IC->getCastKind() == CK_LValueToRValue)
      if (std::optional<Value> T = hostTableRead(IC->getSubExpr()))
        return *T;
    return evalImplicitCast(IC);
  }
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    return evalExplicitCast(CE);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return evalBinary(BO);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return evalUnary(UO);
  if (const auto *CE = dyn_cast<CUDAKernelCallExpr>(E)) {
    if (OnLaunch && !MuteLaunches)
      OnLaunch(CE, *this);
    for (const clang::Expr *A : CE->arguments())
      eval(A);
    return Value::unknown(false);
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return evalCall(CE);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return evalConstruct(CE);
  if (isa<CXXThisExpr>(E) && ThisPointer)
    return *ThisPointer;
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return evalConditional(CO);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    LValue LV;
    LV.Kind = LValue::Var;
    LV.Decl = DRE->getDecl();
    LV.Type = E->getType();
    auto It = Vars.find(DRE->getDecl());
    if (It != Vars.end())
      return It->second;
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (VD->getType()->isArrayType())
        return rootOf(VD);
      if (std::optional<Value> G = globalInitialValue(VD))
        return *G;
    }
    return Value::unknown(false);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return evalMember(ME);
  if (isa<InitListExpr>(E))
    if (std::optional<Value> S = hostRecord(E))
      return *S;
  if (const auto *DAE = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(DAE->getExpr());
  if (const auto *DIE = dyn_cast<CXXDefaultInitExpr>(E))
    return eval(DIE->getExpr());
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return eval(CE->getSubExpr());
  if (isa<FloatingLiteral>(E) || isa<StringLiteral>(E) ||
      isa<CXXNullPtrLiteralExpr>(E) || isa<UnaryExprOrTypeTraitExpr>(E) ||
      isa<CXXBoolLiteralExpr>(E) || isa<CharacterLiteral>(E))
    return Value::unknown(false);
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
    if (const clang::Expr *R = PO->getResultExpr())
      return eval(R);
    return Value::unknown(true);
  }
  if (isa<LambdaExpr>(E))
    return Value::unknown(false);
  return evalChildren(E, "a value warplint cannot express");
}

/// c ? a : b, run as a branch on both sides.
Value Interpreter::evalConditional(const ConditionalOperator *CO) {
  Value CV = eval(CO->getCond());
  SymExpr C = asExpr(CV, CO->getCond());
  if (auto K = C.asConst())
    return eval(*K ? CO->getTrueExpr() : CO->getFalseExpr());
  recordExprOp(OpKind::Select, CO->getType(), CO);
  unsigned Id = recording() ? NextBranch++ : ~0u;
  if (recording())
    Out.Branches.push_back(branchFact(Id, BranchKind::Conditional, C,
                                      CO->getCond(), CO->getQuestionLoc()));
  Guards.push_back({Id, true});
  Value T = eval(CO->getTrueExpr());
  Guards.back().Taken = false;
  Value F = eval(CO->getFalseExpr());
  Guards.pop_back();
  if (T.Kind == Value::Scalar && F.Kind == Value::Scalar)
    return Value::scalar(SymExpr::select(C, T.E, F.E));
  if (T.Kind == Value::Pointer && F.Kind == Value::Pointer &&
      T.Root == F.Root && T.Space == F.Space)
    return Value::pointer(T.Root, T.Space, SymExpr::select(C, T.E, F.E));
  if (T == F)
    return T;
  return Value::unknown(T.threadDependent() || F.threadDependent() ||
                        C.isThreadDependent());
}

Value Interpreter::evalChildren(const clang::Expr *E, const std::string &Why) {
  bool TD = false;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<clang::Expr>(C))
      TD |= eval(CE).threadDependent();
  if (E->getType()->isIntegralOrEnumerationType())
    return Value::scalar(unknownSymbol(text(E), TD, Why, E->getExprLoc()));
  return Value::unknown(TD);
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

Value Interpreter::evalBinary(const BinaryOperator *BO) {
  BinaryOperatorKind Opc = BO->getOpcode();
  if (Opc == BO_Comma) {
    eval(BO->getLHS());
    return eval(BO->getRHS());
  }
  recordBinaryOp(BO);
  if (Opc == BO_Assign)
    return evalAssign(BO);
  if (BO->isCompoundAssignmentOp())
    return evalCompoundAssign(BO);
  if (Opc == BO_LAnd || Opc == BO_LOr)
    return evalLogical(BO);
  Value L = eval(BO->getLHS());
  Value R = eval(BO->getRHS());
  if (BO->getType()->isPointerType() && (Opc == BO_Add || Opc == BO_Sub)) {
    const Value &PV = L.Kind == Value::Pointer ? L : R;
    const clang::Expr *Off =
        BO->getLHS()->getType()->isPointerType() ? BO->getRHS() : BO->getLHS();
    if (!Off->isValueDependent() && !Off->isEvaluatable(Ctx))
      recordOp(OpKind::Address, OpType::Int64, BO, BO->getExprLoc(),
               PV.Kind == Value::Pointer ? toString(PV.Space) : "unknown");
    if (L.Kind == Value::Pointer)
      return pointerArith(L, R, BO->getType()->getPointeeType(), Opc == BO_Sub);
    if (R.Kind == Value::Pointer)
      return pointerArith(R, L, BO->getType()->getPointeeType(), false);
    return Value::unknown(L.threadDependent() || R.threadDependent());
  }
  if (L.Kind != Value::Scalar || R.Kind != Value::Scalar) {
    bool TD = L.threadDependent() || R.threadDependent();
    if (BO->getType()->isIntegralOrEnumerationType() &&
        !BO->getLHS()->getType()->isFloatingType() &&
        !BO->getRHS()->getType()->isFloatingType() &&
        L.Kind != Value::Pointer && R.Kind != Value::Pointer) {
      SymExpr A = asExpr(L, BO->getLHS()), B = asExpr(R, BO->getRHS());
      L = Value::scalar(A);
      R = Value::scalar(B);
    } else {
      if (BO->getType()->isIntegralOrEnumerationType())
        return Value::scalar(unknownSymbol(text(BO), TD,
                                           "a value warplint cannot express",
                                           BO->getExprLoc()));
      return Value::unknown(TD);
    }
  }
  const SymExpr &A = L.E, &B = R.E;
  std::optional<SymExpr> X;
  switch (Opc) {
  case BO_Add: X = A + B; break;
  case BO_Sub: X = A - B; break;
  case BO_Mul: X = A * B; break;
  case BO_Div: X = SymExpr::div(A, B); break;
  case BO_Rem: X = SymExpr::mod(A, B); break;
  case BO_Shl: X = SymExpr::shl(A, B); break;
  case BO_Shr: X = SymExpr::shr(A, B); break;
  case BO_LT: X = SymExpr::lt(A, B); break;
  case BO_GT: X = SymExpr::gt(A, B); break;
  case BO_LE: X = SymExpr::le(A, B); break;
  case BO_GE: X = SymExpr::ge(A, B); break;
  case BO_EQ: X = SymExpr::eq(A, B); break;
  case BO_NE: X = SymExpr::ne(A, B); break;
  case BO_And: {
    // x & (2^k - 1) is x % 2^k for the non-negative values indices hold.
    auto Mask = B.asConst();
    const SymExpr *V = &A;
    if (!Mask) {
      Mask = A.asConst();
      V = &B;
    }
    if (auto CA = A.asConst(), CB = B.asConst(); CA && CB)
      X = SymExpr(*CA & *CB);
    else if (Mask && *Mask > 0 && ((*Mask + 1) & *Mask) == 0)
      X = SymExpr::mod(*V, SymExpr(*Mask + 1));
    else if (Mask && *Mask < 0 && *Mask != INT64_MIN &&
             ((-*Mask) & (-*Mask - 1)) == 0)
      // x & ~(2^k - 1) rounds x down to a multiple of 2^k (a pitch
      // rounded up to 64 bytes: ~0x3f & (w + 0x3f)).
      X = *V - SymExpr::mod(*V, SymExpr(-*Mask));
    break;
  }
  case BO_Or:
  case BO_Xor:
    if (auto CA = A.asConst(), CB = B.asConst(); CA && CB)
      X = SymExpr(Opc == BO_Or ? (*CA | *CB) : (*CA ^ *CB));
    break;
  default:
    break;
  }
  if (X)
    return Value::scalar(*X);
  return Value::scalar(unknownSymbol(text(BO),
                                     A.isThreadDependent() ||
                                         B.isThreadDependent(),
                                     "bitwise operation", BO->getExprLoc()));
}

/// a = b: a store, linked to the load it copies when b is read straight
/// from memory.
Value Interpreter::evalAssign(const BinaryOperator *BO) {
  const size_t Before = Out.Accesses.size();
  Value V = eval(BO->getRHS());
  // A value read straight from memory (s[ty][tx] = in[i]): the load is
  // the last access the right-hand side recorded.
  std::optional<unsigned> From;
  const clang::Expr *RHS = BO->getRHS()->IgnoreParenImpCasts();
  const auto *RUO = dyn_cast<UnaryOperator>(RHS);
  if (Out.Accesses.size() > Before && Out.Accesses.back().IsRead &&
      !Out.Accesses.back().IsWrite &&
      (isa<ArraySubscriptExpr>(RHS) || isa<MemberExpr>(RHS) ||
       (RUO && RUO->getOpcode() == UO_Deref)))
    From = unsigned(Out.Accesses.size() - 1);
  LValue LV = evalLValue(BO->getLHS());
  // dim3 components: grid.x = ...
  if (LV.Kind == LValue::None)
    if (const auto *ME = dyn_cast<MemberExpr>(strip(BO->getLHS())))
      if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(ME->getBase()))) {
        StringRef F = ME->getMemberDecl()->getName();
        auto It = Vars.find(DRE->getDecl());
        if (It != Vars.end() && It->second.Kind == Value::Dim3 &&
            F.size() == 1 && F[0] >= 'x' && F[0] <= 'z') {
          SymExpr X = asExpr(V, BO->getRHS());
          Vars.find(DRE->getDecl())->second.D[F[0] - 'x'] = X;
          // The assignment's value, for a chained one (`b.x = b.y = 16`).
          return Value::scalar(X);
        }
      }
  // A member of a host struct: cfg.n = 1 << 20.
  if (LV.Kind == LValue::None && HostMode &&
      hostMemberStore(BO->getLHS(),
                      V.Kind == Value::Scalar ? std::optional<SymExpr>(V.E)
                                              : std::nullopt))
    return V;
  const size_t BeforeStore = Out.Accesses.size();
  Value Result = assign(LV, V, BO->getLHS());
  if (From && Out.Accesses.size() > BeforeStore &&
      Out.Accesses.back().IsWrite)
    Out.Accesses.back().ValueFrom = From;
  return Result;
}

/// The value of `a op b` for the operators of compound assignments that
/// the symbolic expressions express; none for the others.
static std::optional<SymExpr> arithmetic(BinaryOperatorKind Op,
                                         const SymExpr &A, const SymExpr &B) {
  switch (Op) {
  case BO_Add: return A + B;
  case BO_Sub: return A - B;
  case BO_Mul: return A * B;
  case BO_Div: return SymExpr::div(A, B);
  case BO_Rem: return SymExpr::mod(A, B);
  case BO_Shl: return SymExpr::shl(A, B);
  case BO_Shr: return SymExpr::shr(A, B);
  default: return std::nullopt;
  }
}

/// a += b and the like.
Value Interpreter::evalCompoundAssign(const BinaryOperator *BO) {
  Value R = eval(BO->getRHS());
  LValue LV = evalLValue(BO->getLHS());
  if (LV.Kind == LValue::Memory) {
    recordAccess(LV, BO->getLHS(), true, true);
    return Value::unknown(true);
  }
  BinaryOperatorKind Op =
      BinaryOperator::getOpForCompoundAssignment(BO->getOpcode());
  if (LV.Kind == LValue::None && HostMode) {
    // A member of a host struct: cfg.n *= 2.
    Value Cur = eval(BO->getLHS());
    std::optional<SymExpr> X;
    if (Cur.Kind == Value::Scalar && R.Kind == Value::Scalar)
      X = arithmetic(Op, Cur.E, R.E);
    if (hostMemberStore(BO->getLHS(), X))
      return X ? Value::scalar(*X) : Value::unknown(false);
  }
  if (LV.Kind != LValue::Var)
    return Value::unknown(true);
  Value Cur = load(LV, BO->getLHS());
  Value NV;
  if (Cur.Kind == Value::Pointer && (Op == BO_Add || Op == BO_Sub)) {
    if (!BO->getRHS()->isEvaluatable(Ctx))
      recordOp(OpKind::Address, OpType::Int64, BO, BO->getExprLoc(),
               toString(Cur.Space));
    NV = pointerArith(Cur, R, LV.Decl->getType()->getPointeeType(),
                      Op == BO_Sub);
  } else if (Cur.Kind == Value::Scalar && R.Kind == Value::Scalar) {
    if (std::optional<SymExpr> X = arithmetic(Op, Cur.E, R.E))
      NV = Value::scalar(*X);
    else
      NV = Value::scalar(unknownSymbol(
          text(BO), Cur.threadDependent() || R.threadDependent(),
          "bitwise update", BO->getExprLoc()));
  } else {
    NV = Value::unknown(Cur.threadDependent() || R.threadDependent());
  }
  return assign(LV, NV, BO->getLHS());
}

/// a && b, a || b.
Value Interpreter::evalLogical(const BinaryOperator *BO) {
  BinaryOperatorKind Opc = BO->getOpcode();
  Value L = eval(BO->getLHS());
  // The right side only runs when the left allows: accesses there are
  // guarded by it. Modelled as a conditional branch.
  SymExpr LE = asExpr(L, BO->getLHS());
  Value R;
  if (auto K = LE.asConst()) {
    if ((Opc == BO_LAnd) == (*K != 0))
      R = eval(BO->getRHS());
    else
      return Value::scalar(SymExpr(Opc == BO_LAnd ? 0 : 1));
  } else {
    R = eval(BO->getRHS());
  }
  SymExpr RE = asExpr(R, BO->getRHS());
  return Value::scalar(Opc == BO_LAnd ? SymExpr::logicalAnd(LE, RE)
                                      : SymExpr::logicalOr(LE, RE));
}

Value Interpreter::evalUnary(const UnaryOperator *UO) {
  switch (UO->getOpcode()) {
  case UO_Minus:
    recordExprOp(OpKind::Add, UO->getType(), UO);
    break;
  case UO_Not:
    recordExprOp(OpKind::Bitwise, UO->getType(), UO);
    break;
  case UO_LNot:
    recordExprOp(OpKind::Logical, UO->getType(), UO);
    break;
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec:
    if (UO->getType()->isPointerType())
      recordOp(OpKind::Add, OpType::Int64, UO, UO->getExprLoc());
    else
      recordExprOp(OpKind::Add, UO->getType(), UO);
    break;
  default:
    break;
  }
  switch (UO->getOpcode()) {
  case UO_Deref:
    return load(evalLValue(UO), UO);
  case UO_AddrOf: {
    LValue LV = evalLValue(UO->getSubExpr());
    if (LV.Kind == LValue::Memory)
      return LV.Ptr;
    if (LV.Kind == LValue::Var) {
      const auto *VD = dyn_cast<VarDecl>(LV.Decl);
      if (VD && VD->hasGlobalStorage())
        return rootOf(VD);
      // &local: the local may change through the pointer.
      Vars.erase(LV.Decl);
      return Value::pointer(LV.Decl->getName().str(), MemorySpace::Local,
                            SymExpr(0));
    }
    if (HostMode) // &cfg.n: the member may change through the pointer
      hostMemberStore(UO->getSubExpr(), std::nullopt);
    return Value::unknown(false);
  }
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    LValue LV = evalLValue(UO->getSubExpr());
    if (LV.Kind == LValue::Memory) {
      recordAccess(LV, UO->getSubExpr(), true, true);
      return Value::unknown(true);
    }
    bool Inc = UO->isIncrementOp();
    if (LV.Kind == LValue::None && HostMode) {
      Value Cur = eval(UO->getSubExpr()); // a host struct's member: c.n++
      std::optional<SymExpr> X;
      if (Cur.Kind == Value::Scalar)
        X = Inc ? Cur.E + 1 : Cur.E - 1;
      if (hostMemberStore(UO->getSubExpr(), X))
        return UO->isPrefix() && X ? Value::scalar(*X) : Cur;
    }
    if (LV.Kind != LValue::Var)
      return Value::unknown(true);
    Value Cur = load(LV, UO->getSubExpr());
    Value NV;
    if (Cur.Kind == Value::Pointer)
      NV = pointerArith(Cur, Value::scalar(SymExpr(1)),
                        LV.Decl->getType()->getPointeeType(), !Inc);
    else if (Cur.Kind == Value::Scalar)
      NV = Value::scalar(Inc ? Cur.E + 1 : Cur.E - 1);
    else
      NV = Cur;
    assign(LV, NV, UO->getSubExpr());
    return UO->isPrefix() ? NV : Cur;
  }
  default:
    break;
  }
  Value V = eval(UO->getSubExpr());
  if (V.Kind != Value::Scalar)
    return Value::unknown(V.threadDependent());
  switch (UO->getOpcode()) {
  case UO_Minus:
    return Value::scalar(-V.E);
  case UO_Plus:
    return V;
  case UO_LNot:
    return Value::scalar(SymExpr::logicalNot(V.E));
  case UO_Not:
    if (auto C = V.E.asConst())
      return Value::scalar(SymExpr(~*C));
    [[fallthrough]];
  default:
    return Value::scalar(unknownSymbol(text(UO), V.threadDependent(),
                                       "bitwise operation", UO->getExprLoc()));
  }
}

} // namespace detail
} // namespace warplint
