//===- InterpreterExpr.cpp - Expressions of the facts interpreter --------===//
#include "Frontend/Interpreter.h"

#include <algorithm>

namespace warplint {
namespace detail {

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

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

void Interpreter::recordAccess(const LValue &LV, const clang::Expr *E,
                               bool Read, bool Write, bool Atomic) {
  if (!recording() || LV.Kind != LValue::Memory)
    return;
  AccessFacts A;
  A.Space = LV.Ptr.Space;
  A.Base = LV.Ptr.Root;
  A.IsRead = Read;
  A.IsWrite = Write;
  A.IsAtomic = Atomic;
  QualType T = LV.Type.getUnqualifiedType();
  A.ElementType = T.getAsString(Ctx.getPrintingPolicy());
  A.ElementSize = typeSize(T);
  if (const auto *RT = T->getAs<RecordType>()) {
    unsigned W;
    if (isCudaVectorTypeName(RT->getDecl()->getName(), W))
      A.VectorWidth = W;
  } else if (const auto *VT = T->getAs<VectorType>()) {
    A.VectorWidth = VT->getNumElements();
  }
  A.ByteOffset = LV.Ptr.E;
  if (LV.Ptr.SubsValid && LV.Ptr.Subs.size() > 1)
    A.Subscripts = LV.Ptr.Subs;
  A.Index = A.ElementSize ? SymExpr::div(LV.Ptr.E, SymExpr(A.ElementSize)) : LV.Ptr.E;
  A.Text = text(E);
  A.Loc = loc(E->getExprLoc());
  A.Calls = Calls;
  A.Loops = LoopStack;
  A.Guards = Guards;
  if (A.Space == MemorySpace::Unknown)
    unknownFact("access '" + A.Text + "' through a pointer of unknown origin ('" +
                    A.Base + "'): its memory space is unknown",
                E->getExprLoc());
  Out.Accesses.push_back(std::move(A));
}

Value Interpreter::load(const LValue &LV, const clang::Expr *E) {
  if (LV.Kind == LValue::Var) {
    auto It = Vars.find(LV.Decl);
    if (It != Vars.end())
      return It->second;
    if (const auto *VD = dyn_cast<VarDecl>(LV.Decl)) {
      if (VD->getType()->isArrayType())
        return rootOf(VD);
      // A namespace-scope variable: __constant__/__device__ scalars are
      // memory reads.
      if (VD->hasGlobalStorage() &&
          (VD->hasAttr<CUDAConstantAttr>() || VD->hasAttr<CUDADeviceAttr>() ||
           VD->hasAttr<CUDASharedAttr>())) {
        LValue M;
        M.Kind = LValue::Memory;
        M.Ptr = rootOf(VD);
        M.Type = VD->getType();
        recordAccess(M, E, true, false);
        if (VD->getType()->isIntegralOrEnumerationType())
          return Value::scalar(unknownSymbol(
              VD->getName().str(), VD->hasAttr<CUDASharedAttr>(),
              "value read from memory", E->getExprLoc()));
        return Value::unknown(VD->hasAttr<CUDASharedAttr>());
      }
    }
    if (LV.Decl->getType()->isIntegralOrEnumerationType())
      return Value::scalar(unknownSymbol(LV.Decl->getName().str(), false,
                                         "a variable warplint does not follow",
                                         E->getExprLoc()));
    return Value::unknown(false);
  }
  if (LV.Kind == LValue::Memory) {
    recordAccess(LV, E, true, false);
    bool TD = LV.Ptr.E.isThreadDependent();
    if (LV.Type->isPointerType())
      return Value::pointer(text(E), MemorySpace::Unknown, SymExpr(0));
    if (LV.Type->isIntegralOrEnumerationType())
      return Value::scalar(unknownSymbol(text(E), TD, "value read from memory",
                                         E->getExprLoc()));
    return Value::unknown(TD || LV.Ptr.Space == MemorySpace::Unknown);
  }
  return Value::unknown(true);
}

Value Interpreter::pointerArith(const Value &Ptr, const Value &Off,
                                QualType PointeeTy, bool Subtract) {
  unsigned Size = typeSize(PointeeTy);
  if (Off.Kind != Value::Scalar || Size == 0) {
    Value R = Ptr;
    R.E = unknownSymbol("offset", Off.threadDependent(),
                        "pointer offset warplint cannot express",
                        SourceLocation());
    return R;
  }
  SymExpr Bytes = Off.E * SymExpr(Size);
  Value R = Ptr;
  R.E = Subtract ? Ptr.E - Bytes : Ptr.E + Bytes;
  R.SubsValid = false;
  R.Subs.clear();
  return R;
}

LValue Interpreter::evalLValue(const clang::Expr *E) {
  E = strip(E);
  LValue R;
  R.Type = E->getType();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    R.Kind = LValue::Var;
    R.Decl = DRE->getDecl();
    return R;
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    Value Base = eval(ASE->getBase());
    Value Idx = eval(ASE->getIdx());
    if (Base.Kind != Value::Pointer) {
      // int[] indexed by pointer (i[p]) or an unknown base.
      if (Idx.Kind == Value::Pointer)
        std::swap(Base, Idx);
      else
        Base = Value::pointer(text(ASE->getBase()), MemorySpace::Unknown,
                              SymExpr(0));
    }
    if (!ASE->getIdx()->isValueDependent() &&
        !ASE->getIdx()->isEvaluatable(Ctx))
      recordOp(OpKind::Address, OpType::Int64, ASE, ASE->getExprLoc(),
               toString(Base.Space));
    R.Kind = LValue::Memory;
    R.Ptr = pointerArith(Base, Idx, E->getType(), false);
    R.Ptr.SubsValid = Base.SubsValid && Idx.Kind == Value::Scalar;
    R.Ptr.Subs = Base.Subs;
    if (R.Ptr.SubsValid)
      R.Ptr.Subs.push_back(Idx.E);
    return R;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref) {
      Value P = eval(UO->getSubExpr());
      if (P.Kind != Value::Pointer)
        P = Value::pointer(text(UO->getSubExpr()), MemorySpace::Unknown,
                           SymExpr(0));
      R.Kind = LValue::Memory;
      R.Ptr = P;
      return R;
    }
    if (UO->isPrefix() && UO->isIncrementDecrementOp()) {
      evalUnary(UO);
      return evalLValue(UO->getSubExpr());
    }
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (FD && !FD->getParent()->isInvalidDecl() &&
        !FD->getParent()->isDependentType() &&
        FD->getParent()->isCompleteDefinition()) {
      const ASTRecordLayout &L = Ctx.getASTRecordLayout(FD->getParent());
      int64_t FieldOff =
          Ctx.toCharUnitsFromBits(L.getFieldOffset(FD->getFieldIndex()))
              .getQuantity();
      if (ME->isArrow()) {
        Value P = eval(ME->getBase());
        if (P.Kind != Value::Pointer)
          P = Value::pointer(text(ME->getBase()), MemorySpace::Unknown, SymExpr(0));
        R.Kind = LValue::Memory;
        R.Ptr = P;
        R.Ptr.E = P.E + SymExpr(FieldOff);
        R.Ptr.SubsValid = false;
        return R;
      }
      LValue B = evalLValue(ME->getBase());
      if (B.Kind == LValue::Memory) {
        R.Kind = LValue::Memory;
        R.Ptr = B.Ptr;
        R.Ptr.E = B.Ptr.E + SymExpr(FieldOff);
        R.Ptr.SubsValid = false;
        return R;
      }
      if (B.Kind == LValue::Var) {
        // A member of a local or by-value struct: M.elements, M.width.
        auto It = Vars.find(B.Decl);
        if (It != Vars.end() && It->second.Kind == Value::Struct) {
          // Handled by eval(); not an lvalue we can track.
        }
      }
    }
    R.Kind = LValue::None;
    return R;
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    eval(E);
    (void)CO;
    return R;
  }
  eval(E);
  return R;
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

Value Interpreter::assign(const LValue &LV, const Value &V,
                          const clang::Expr *E) {
  if (LV.Kind == LValue::Var) {
    Value NV = V;
    if (LV.Decl->getType()->isIntegralOrEnumerationType() &&
        NV.Kind != Value::Scalar)
      NV = Value::scalar(asExpr(V, E));
    Vars[LV.Decl] = NV;
    return NV;
  }
  if (LV.Kind == LValue::Memory)
    recordAccess(LV, E, false, true);
  return V;
}

Value Interpreter::eval(const clang::Expr *E) {
  if (!E)
    return Value::unknown(false);
  E = strip(E);
  if (E->isValueDependent() || E->isTypeDependent())
    return Value::unknown(true);

  // Integer constants, through macros, constexpr and template arguments.
  if (E->getType()->isIntegralOrEnumerationType() && !E->HasSideEffects(Ctx)) {
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

  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return Value::scalar(SymExpr(int64_t(IL->getValue().getLimitedValue())));

  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    switch (IC->getCastKind()) {
    case CK_LValueToRValue: {
      // M.width of a by-value struct parameter, grid.x of a dim3: values
      // the interpreter keeps, not places in memory.
      const auto *ME = dyn_cast<MemberExpr>(strip(IC->getSubExpr()));
      if (ME && !ME->isArrow()) {
        LValue LV = evalLValue(ME);
        if (LV.Kind == LValue::Memory)
          return load(LV, IC->getSubExpr());
        return eval(ME);
      }
      return load(evalLValue(IC->getSubExpr()), IC->getSubExpr());
    }
    case CK_ArrayToPointerDecay: {
      LValue LV = evalLValue(IC->getSubExpr());
      if (LV.Kind == LValue::Memory)
        return LV.Ptr;
      if (LV.Kind == LValue::Var) {
        auto It = Vars.find(LV.Decl);
        if (It != Vars.end() && It->second.Kind == Value::Pointer)
          return It->second;
        if (const auto *VD = dyn_cast<VarDecl>(LV.Decl))
          return rootOf(VD);
      }
      if (const auto *ME = dyn_cast<MemberExpr>(strip(IC->getSubExpr()))) {
        // An array member of a by-value struct parameter.
        Value B = eval(ME->getBase());
        if (B.Kind == Value::Struct)
          return Value::pointer(B.Root + "." +
                                    ME->getMemberDecl()->getName().str(),
                                MemorySpace::Global, SymExpr(0));
      }
      return Value::pointer(text(IC->getSubExpr()), MemorySpace::Unknown,
                            SymExpr(0));
    }
    case CK_FunctionToPointerDecay:
    case CK_BuiltinFnToFnPtr:
      return Value::unknown(false);
    default:
      break;
    }
    recordCastOp(IC);
    Value V = eval(IC->getSubExpr());
    if (IC->getType()->isFloatingType() || IC->getType()->isBooleanType()) {
      if (IC->getType()->isBooleanType() && V.Kind == Value::Scalar)
        return Value::scalar(SymExpr::ne(V.E, SymExpr(0)));
      return Value::unknown(V.threadDependent());
    }
    if (IC->getType()->isIntegralOrEnumerationType() &&
        IC->getSubExpr()->getType()->isFloatingType())
      return Value::scalar(unknownSymbol(text(E), V.threadDependent(),
                                         "converted from floating point",
                                         E->getExprLoc()));
    return V;
  }
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
    recordCastOp(CE);
    Value V = eval(CE->getSubExpr());
    QualType To = CE->getType();
    if (To->isIntegralOrEnumerationType()) {
      if (V.Kind == Value::Scalar)
        return V;
      return Value::scalar(asExpr(V, E));
    }
    if (To->isPointerType() && V.Kind == Value::Pointer)
      return V; // reinterpret_cast<float4 *>(p): same address
    if (CE->getCastKind() == CK_ConstructorConversion ||
        CE->getCastKind() == CK_NoOp)
      return V; // dim3(64)
    return Value::unknown(V.threadDependent());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return evalBinary(BO);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return evalUnary(UO);
  if (const auto *CE = dyn_cast<CUDAKernelCallExpr>(E)) {
    if (OnLaunch)
      OnLaunch(CE, *this);
    for (const clang::Expr *A : CE->arguments())
      eval(A);
    return Value::unknown(false);
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return evalCall(CE);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return evalConstruct(CE);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Value CV = eval(CO->getCond());
    SymExpr C = asExpr(CV, CO->getCond());
    if (auto K = C.asConst())
      return eval(*K ? CO->getTrueExpr() : CO->getFalseExpr());
    recordExprOp(OpKind::Select, CO->getType(), CO);
    unsigned Id = recording() ? NextBranch++ : ~0u;
    if (recording()) {
      BranchFacts B;
      B.Id = Id;
      B.Kind = BranchKind::Conditional;
      B.Condition = C;
      B.ThreadDependent = C.isThreadDependent();
      B.Text = text(CO->getCond());
      B.Loc = loc(CO->getQuestionLoc());
      B.Calls = Calls;
      B.Loops = LoopStack;
      B.Guards = Guards;
      Out.Branches.push_back(B);
    }
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
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    LValue LV;
    LV.Kind = LValue::Var;
    LV.Decl = DRE->getDecl();
    LV.Type = E->getType();
    auto It = Vars.find(DRE->getDecl());
    if (It != Vars.end())
      return It->second;
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getType()->isArrayType())
        return rootOf(VD);
    return Value::unknown(false);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // dim3 components and members of by-value struct parameters.
    if (!ME->isArrow()) {
      Value B = eval(ME->getBase());
      StringRef F = ME->getMemberDecl()->getName();
      if (B.Kind == Value::Dim3 && F.size() == 1 && F[0] >= 'x' && F[0] <= 'z')
        return Value::scalar(B.D[F[0] - 'x']);
      if (B.Kind == Value::Struct) {
        std::string Name = B.Root + "." + F.str();
        QualType T = ME->getType();
        if (T->isPointerType() || T->isArrayType())
          return Value::pointer(Name, MemorySpace::Global, SymExpr(0));
        if (T->isIntegralOrEnumerationType()) {
          SymExpr S = SymExpr::symbol(Name, SymbolKind::Param);
          noteSymbol(S, "member of a kernel parameter", ME->getExprLoc());
          return Value::scalar(S);
        }
        if (T->isRecordType()) {
          Value V;
          V.Kind = Value::Struct;
          V.Root = Name;
          return V;
        }
      }
      return Value::unknown(B.threadDependent());
    }
    return load(evalLValue(E), E);
  }
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

Value Interpreter::evalBinary(const BinaryOperator *BO) {
  BinaryOperatorKind Opc = BO->getOpcode();
  if (Opc == BO_Comma) {
    eval(BO->getLHS());
    return eval(BO->getRHS());
  }
  recordBinaryOp(BO);
  if (Opc == BO_Assign) {
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
          auto It = Vars.find(DRE->getDecl());
          StringRef F = ME->getMemberDecl()->getName();
          if (It != Vars.end() && It->second.Kind == Value::Dim3 &&
              F.size() == 1 && F[0] >= 'x' && F[0] <= 'z')
            It->second.D[F[0] - 'x'] = asExpr(V, BO->getRHS());
        }
    const size_t BeforeStore = Out.Accesses.size();
    Value Result = assign(LV, V, BO->getLHS());
    if (From && Out.Accesses.size() > BeforeStore &&
        Out.Accesses.back().IsWrite)
      Out.Accesses.back().ValueFrom = From;
    return Result;
  }
  if (BO->isCompoundAssignmentOp()) {
    Value R = eval(BO->getRHS());
    LValue LV = evalLValue(BO->getLHS());
    if (LV.Kind == LValue::Memory) {
      recordAccess(LV, BO->getLHS(), true, true);
      return Value::unknown(true);
    }
    if (LV.Kind != LValue::Var)
      return Value::unknown(true);
    Value Cur = load(LV, BO->getLHS());
    Value NV;
    BinaryOperatorKind Op = BinaryOperator::getOpForCompoundAssignment(Opc);
    if (Cur.Kind == Value::Pointer && (Op == BO_Add || Op == BO_Sub)) {
      if (!BO->getRHS()->isEvaluatable(Ctx))
        recordOp(OpKind::Address, OpType::Int64, BO, BO->getExprLoc(),
                 toString(Cur.Space));
      NV = pointerArith(Cur, R, LV.Decl->getType()->getPointeeType(),
                        Op == BO_Sub);
    } else if (Cur.Kind == Value::Scalar && R.Kind == Value::Scalar) {
      std::optional<SymExpr> X;
      switch (Op) {
      case BO_Add: X = Cur.E + R.E; break;
      case BO_Sub: X = Cur.E - R.E; break;
      case BO_Mul: X = Cur.E * R.E; break;
      case BO_Div: X = SymExpr::div(Cur.E, R.E); break;
      case BO_Rem: X = SymExpr::mod(Cur.E, R.E); break;
      case BO_Shl: X = SymExpr::shl(Cur.E, R.E); break;
      case BO_Shr: X = SymExpr::shr(Cur.E, R.E); break;
      default: break;
      }
      if (X)
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
  if (Opc == BO_LAnd || Opc == BO_LOr) {
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
    if (Mask && *Mask > 0 && ((*Mask + 1) & *Mask) == 0)
      X = SymExpr::mod(*V, SymExpr(*Mask + 1));
    break;
  }
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
    if (LV.Kind != LValue::Var)
      return Value::unknown(true);
    Value Cur = load(LV, UO->getSubExpr());
    Value NV;
    bool Inc = UO->isIncrementOp();
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
  default:
    return Value::scalar(unknownSymbol(text(UO), V.threadDependent(),
                                       "bitwise operation", UO->getExprLoc()));
  }
}

Value Interpreter::evalConstruct(const CXXConstructExpr *CE) {
  const CXXRecordDecl *RD = CE->getConstructor()->getParent();
  std::vector<Value> Args;
  for (const clang::Expr *A : CE->arguments())
    Args.push_back(eval(A));
  StringRef Name = RD->getName();
  if (Name == "dim3" || Name == "uint3") {
    if (CE->getNumArgs() == 1 && Args[0].Kind == Value::Dim3)
      return Args[0]; // copy
    Value V;
    V.Kind = Value::Dim3;
    for (unsigned I = 0; I < 3; ++I)
      V.D[I] = I < Args.size() ? asExpr(Args[I], CE->getArg(I)) : SymExpr(1);
    return V;
  }
  if (CE->getConstructor()->isCopyOrMoveConstructor() && CE->getNumArgs() == 1) {
    // float4 v = in[i]: a read of the whole vector.
    LValue LV = evalLValue(CE->getArg(0));
    if (LV.Kind == LValue::Memory) {
      recordAccess(LV, CE->getArg(0), true, false);
      return Value::unknown(LV.Ptr.E.isThreadDependent());
    }
    if (LV.Kind == LValue::Var) {
      auto It = Vars.find(LV.Decl);
      if (It != Vars.end())
        return It->second;
    }
  }
  bool TD = false;
  for (const Value &V : Args)
    TD |= V.threadDependent();
  return Value::unknown(TD);
}

Value Interpreter::evalCall(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  StringRef Name;
  if (Callee && Callee->getIdentifier())
    Name = Callee->getName();

  // Copy assignment of a record (float4): a write of the whole vector.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE)) {
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
      if (MD && (MD->isCopyAssignmentOperator() ||
                 MD->isMoveAssignmentOperator()) &&
          MD->isTrivial()) {
        LValue Src = evalLValue(OC->getArg(1));
        if (Src.Kind == LValue::Memory)
          recordAccess(Src, OC->getArg(1), true, false);
        LValue Dst = evalLValue(OC->getArg(0));
        if (Dst.Kind == LValue::Memory)
          recordAccess(Dst, OC->getArg(0), false, true);
        return Value::unknown(false);
      }
    }
  }

  if (!Name.empty() && isBarrierName(Name)) {
    for (const clang::Expr *A : CE->arguments())
      eval(A);
    recordBarrier(Name, CE->getBeginLoc());
    return Value::unknown(Name != "__syncthreads" && Name != "__syncwarp" &&
                          !Name.starts_with("__threadfence"));
  }
  // Cooperative groups: g.sync(), cg::sync(g).
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    if (Name == "sync") {
      eval(MC->getImplicitObjectArgument());
      recordBarrier("cooperative_groups::sync", CE->getBeginLoc());
      return Value::unknown(false);
    }
  }
  if (Name.starts_with("atomic") && CE->getNumArgs() >= 1) {
    Value P = eval(CE->getArg(0));
    for (unsigned I = 1; I < CE->getNumArgs(); ++I)
      eval(CE->getArg(I));
    if (P.Kind == Value::Pointer) {
      LValue LV;
      LV.Kind = LValue::Memory;
      LV.Ptr = P;
      LV.Type = CE->getArg(0)->getType()->getPointeeType();
      recordAccess(LV, CE, true, true, true);
    }
    if (CE->getType()->isIntegralOrEnumerationType())
      return Value::scalar(unknownSymbol(text(CE), true,
                                         "value returned by an atomic",
                                         CE->getExprLoc()));
    return Value::unknown(true);
  }
  if (Name.starts_with("__ldg") || Name.starts_with("__ldcg") ||
      Name.starts_with("__ldca") || Name.starts_with("__ldcs") ||
      Name.starts_with("__ldlu") || Name.starts_with("__ldcv")) {
    if (CE->getNumArgs() == 1) {
      Value P = eval(CE->getArg(0));
      if (P.Kind == Value::Pointer) {
        LValue LV;
        LV.Kind = LValue::Memory;
        LV.Ptr = P;
        LV.Type = CE->getArg(0)->getType()->getPointeeType();
        return load(LV, CE);
      }
      return Value::unknown(P.threadDependent());
    }
  }

  {
    // Calls that are not inlined below are operations of their own.
    bool Inlined = Callee && Callee->hasBody() && !HostMode &&
                   !Ctx.getSourceManager().isInSystemHeader(Callee->getLocation());
    if (!Inlined)
      recordCallOp(CE, Callee, Name);
  }
  std::vector<Value> Args;
  for (const clang::Expr *A : CE->arguments())
    Args.push_back(eval(A));
  bool TD = false;
  for (const Value &V : Args)
    TD |= V.threadDependent();

  auto Scalar2 = [&](auto F) -> std::optional<Value> {
    if (Args.size() == 2 && Args[0].Kind == Value::Scalar &&
        Args[1].Kind == Value::Scalar &&
        CE->getType()->isIntegralOrEnumerationType())
      return Value::scalar(F(Args[0].E, Args[1].E));
    return std::nullopt;
  };
  if (Name == "min" || Name == "umin" || Name == "llmin" || Name == "ullmin")
    if (auto V = Scalar2([](const SymExpr &A, const SymExpr &B) {
          return SymExpr::min(A, B);
        }))
      return *V;
  if (Name == "max" || Name == "umax" || Name == "llmax" || Name == "ullmax")
    if (auto V = Scalar2([](const SymExpr &A, const SymExpr &B) {
          return SymExpr::max(A, B);
        }))
      return *V;
  if (Name == "__mul24" || Name == "__umul24")
    if (auto V = Scalar2([](const SymExpr &A, const SymExpr &B) { return A * B; }))
      return *V;

  // A __device__ function with a body is analysed in the calling context.
  if (Callee && Callee->hasBody() && !HostMode &&
      !Ctx.getSourceManager().isInSystemHeader(Callee->getLocation())) {
    const FunctionDecl *Def = nullptr;
    Callee->hasBody(Def);
    if (Def && Def->getBody())
      return inlineCall(Def, CE, std::move(Args));
  }
  if (Callee && !Callee->hasBody() && !HostMode && Callee->hasAttr<CUDADeviceAttr>() &&
      !Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
    unknownFact("call to '" + Name.str() +
                    "' whose body is not in this file: its memory accesses "
                    "are not analysed",
                CE->getBeginLoc());
  if (!Callee && !HostMode)
    unknownFact("indirect call: its memory accesses are not analysed",
                CE->getBeginLoc());
  if (CE->getType()->isIntegralOrEnumerationType())
    return Value::scalar(unknownSymbol(text(CE), TD,
                                       "value returned by a function call",
                                       CE->getExprLoc()));
  return Value::unknown(TD);
}

//===----------------------------------------------------------------------===//
// Operations (KernelFacts::Ops)
//===----------------------------------------------------------------------===//

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
  // Identical operations of one line in the same context aggregate.
  std::string Key = std::string(toString(K)) + "|" + toString(T) + "|" +
                    O.Name + "|" + std::to_string(Divisor) + "|" + O.Loc.File +
                    ":" + std::to_string(O.Loc.Line) + "|";
  for (const SourceLoc &C : O.Calls)
    Key += std::to_string(C.Line) + ":" + std::to_string(C.Column) + ",";
  Key += "|";
  for (unsigned Lp : O.Loops)
    Key += std::to_string(Lp) + ",";
  Key += "|";
  for (const GuardRef &G : O.Guards)
    Key += std::to_string(G.Branch) + (G.Taken ? "t," : "f,");
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
  if (E->isEvaluatable(Ctx))
    return;
  recordOp(K, opType(T), E, E->getExprLoc(), std::move(Name), Divisor);
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

Value Interpreter::inlineCall(const FunctionDecl *Callee, const CallExpr *CE,
                              std::vector<Value> Args) {
  bool TD = false;
  for (const Value &V : Args)
    TD |= V.threadDependent();
  if (CallStack.size() >= 8 ||
      std::count(CallStack.begin(), CallStack.end(), Callee)) {
    unknownFact("call to '" + Callee->getNameAsString() +
                    "' is recursive or nested too deeply: not followed",
                CE->getBeginLoc());
    if (CE->getType()->isIntegralOrEnumerationType())
      return Value::scalar(unknownSymbol(text(CE), TD,
                                         "value returned by a function call",
                                         CE->getExprLoc()));
    return Value::unknown(TD);
  }
  Env Saved = Vars;
  auto SavedRet = ReturnValue;
  bool SavedMulti = MultipleReturns;
  size_t GuardDepth = Guards.size();
  ReturnValue.reset();
  MultipleReturns = false;

  // Member calls: the object argument comes first in a CXXOperatorCallExpr
  // of a method, and is not a parameter.
  unsigned Shift = 0;
  if (isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee) &&
      !cast<CXXMethodDecl>(Callee)->isStatic())
    Shift = 1;
  for (unsigned I = 0; I < Callee->getNumParams(); ++I) {
    const ParmVarDecl *P = Callee->getParamDecl(I);
    if (I + Shift < Args.size()) {
      Value V = Args[I + Shift];
      if (P->getType()->isReferenceType()) {
        // A reference parameter aliases the caller's object: follow the
        // value, and give up on writes through it.
        LValue LV = evalLValue(CE->getArg(I + Shift));
        (void)LV;
      }
      Vars[P] = V;
    } else if (P->hasDefaultArg()) {
      Vars[P] = eval(P->getDefaultArg());
    }
  }
  Calls.push_back(loc(CE->getBeginLoc()));
  CallStack.push_back(Callee);
  unsigned SavedInstance = InlineInstance;
  InlineInstance = ++NextInlineInstance;
  exec(Callee->getBody());
  InlineInstance = SavedInstance;
  CallStack.pop_back();
  Calls.pop_back();

  Value Result = Value::unknown(TD);
  if (ReturnValue && !MultipleReturns)
    Result = *ReturnValue;
  else if (CE->getType()->isIntegralOrEnumerationType())
    Result = Value::scalar(unknownSymbol(
        text(CE), ReturnValue ? ReturnValue->threadDependent() || TD : TD,
        "value returned by a function with several returns",
        CE->getExprLoc()));
  // Locals of the caller keep their values; the callee's are dropped.
  Env After = Saved;
  for (auto &[D, V] : Vars)
    if (Saved.count(D))
      After[D] = V;
  Vars = After;
  Guards.resize(GuardDepth);
  ReturnValue = SavedRet;
  MultipleReturns = SavedMulti;
  return Result;
}


} // namespace detail
} // namespace warplint
