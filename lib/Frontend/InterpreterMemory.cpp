//===- InterpreterMemory.cpp - Memory in the facts interpreter ------------===//
//
// Places in memory: lvalues, loads and stores, pointer arithmetic, the
// roots of addresses (shared buffers, globals, locals), and the casts and
// member accesses that keep or compute addresses.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Interpreter.h"

#include <functional>

namespace warplint {
namespace detail {

//===----------------------------------------------------------------------===//
// Memory accesses
//===----------------------------------------------------------------------===//

std::string Interpreter::divisionByZeroIn(const clang::Expr *E) {
  // Iterative: an access expression may be deep.
  std::vector<const Stmt *> Work{E};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      if (BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Rem) {
        const clang::Expr *R = BO->getRHS();
        clang::Expr::EvalResult V;
        if (!R->isValueDependent() && R->getType()->isIntegralOrEnumerationType() &&
            foldable(R) && R->EvaluateAsInt(V, Ctx) && V.Val.getInt() == 0)
          return "the index divides by zero ('" + text(BO) +
                 "'), which is undefined";
      }
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  return "";
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
  A.FieldOffset = LV.FieldOffset;
  A.AggregateSize = LV.AggregateSize;
  A.AggregateAlign = LV.AggregateAlign;
  if (LV.Ptr.SubsValid && LV.Ptr.Subs.size() > 1)
    A.Subscripts = LV.Ptr.Subs;
  A.Index = A.ElementSize ? SymExpr::div(LV.Ptr.E, SymExpr(A.ElementSize)) : LV.Ptr.E;
  A.Text = LV.BoundText.empty() ? text(E) : LV.BoundText;
  A.Undefined = divisionByZeroIn(E);
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
      if (std::optional<Value> G = globalInitialValue(VD))
        return *G;
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
    // --port: a global the function reads (a size, `int rows;`) holds one
    // value while it runs: a parameter by its name, which --assume gives.
    if (PortRows && LV.Decl->getType()->isIntegralOrEnumerationType())
      if (const auto *VD = dyn_cast<VarDecl>(LV.Decl))
        if (VD->hasGlobalStorage() && !VD->isStaticLocal()) {
          SymExpr S = SymExpr::symbol(VD->getName().str(), SymbolKind::Param);
          noteSymbol(S, "a global variable, one value while the function runs",
                     E->getExprLoc());
          return Value::scalar(S);
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
    if (LV.Type->isPointerType()) {
      const int64_t PtrBytes = int64_t(typeSize(LV.Type));
      const SymExpr Row = PtrBytes > 0
                              ? SymExpr::div(LV.Ptr.E, SymExpr(PtrBytes))
                              : SymExpr(0);
      if (PortRows && LV.Ptr.Kind == Value::Pointer &&
          LV.Ptr.Space == MemorySpace::Global && PtrBytes > 0 &&
          PortRowTables.count(LV.Ptr.Root) &&
          !Row.mentions(SymbolKind::Unknown) &&
          (LV.Ptr.SubsValid || LV.Ptr.Subs.empty())) {
        // Row r of `w` (a pointer read from w[r]): an array of its own,
        // 16 MiB apart from the next so that no two rows overlap.
        Value P = Value::pointer(LV.Ptr.Root + "[]", MemorySpace::Global,
                                 Row * SymExpr(int64_t(1) << 24));
        P.SubsValid = true;
        P.Subs = LV.Ptr.SubsValid ? LV.Ptr.Subs : std::vector<SymExpr>{Row};
        const std::string Note =
            "the rows '" + LV.Ptr.Root + "' points to (as in '" + text(E) +
            "') are taken as separate arrays in device memory, each aligned "
            "and none overlapping another ('" + P.Root + "' in the reports)";
        if (std::find(Out.PortNotes.begin(), Out.PortNotes.end(), Note) ==
            Out.PortNotes.end())
          Out.PortNotes.push_back(Note);
        return P;
      }
      // A pointer kept in __constant__ memory (d_unique[bx].d_T): the host
      // put a device allocation there; its start, as a parameter's.
      if (LV.Ptr.Kind == Value::Pointer && LV.Ptr.Space == MemorySpace::Constant)
        return Value::pointer(text(E), MemorySpace::Global, SymExpr(0));
      return Value::pointer(text(E), MemorySpace::Unknown, SymExpr(0));
    }
    if (LV.Type->isIntegralOrEnumerationType())
      return Value::scalar(unknownSymbol(text(E), TD, "value read from memory",
                                         E->getExprLoc()));
    return Value::unknown(TD || LV.Ptr.Space == MemorySpace::Unknown);
  }
  return Value::unknown(true);
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

void Interpreter::recordSharedBuffer(const VarDecl *VD) {
  if (!recording() || !SeenShared.insert(VD).second)
    return;
  SharedBufferFacts S;
  S.Name = VD->getName().str();
  S.Loc = loc(VD->getLocation());
  QualType T = VD->getType();
  S.Record = T->isRecordType();
  TypeLoc TL;
  if (const TypeSourceInfo *TSI = VD->getTypeSourceInfo())
    TL = TSI->getTypeLoc();
  while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT)) {
      S.Dims.push_back(CAT->getSize().getSExtValue());
    } else {
      S.Dims.push_back(std::nullopt);
      S.Dynamic = true;
    }
    std::string DimText;
    SourceLoc DimLoc, DimEnd;
    if (auto ATL = TL.getAs<ArrayTypeLoc>()) {
      if (const clang::Expr *SE = ATL.getSizeExpr()) {
        DimText = text(SE);
        // Only a size spelled in the file (possibly as a macro name) can be
        // edited; one inside a macro's body maps to no file range.
        CharSourceRange R = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(SE->getSourceRange()), SM,
            Ctx.getLangOpts());
        if (R.isValid()) {
          DimLoc = loc(R.getBegin());
          DimEnd = loc(R.getEnd());
          DimText = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
        }
      }
      TL = ATL.getElementLoc();
    } else {
      TL = TypeLoc();
    }
    S.DimTexts.push_back(DimText);
    S.DimLocs.push_back(DimLoc);
    S.DimEnds.push_back(DimEnd);
    T = AT->getElementType();
  }
  S.ElementType = T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  S.ElementSize = typeSize(T);
  if (VD->hasExternalStorage() && S.Dims.empty())
    S.Dynamic = true;
  Out.SharedBuffers.push_back(S);
}

Value Interpreter::rootOf(const VarDecl *VD) {
  MemorySpace Space = MemorySpace::Local;
  if (VD->hasAttr<CUDASharedAttr>() || PortShared.count(VD)) {
    Space = MemorySpace::Shared;
    recordSharedBuffer(VD);
  } else if (VD->hasAttr<CUDAConstantAttr>()) {
    Space = MemorySpace::Constant;
  } else if (PortDeviceArrays.count(VD)) {
    Space = MemorySpace::Global;
    const std::string Note =
        "'" + VD->getName().str() + "' (declared at line " +
        std::to_string(loc(VD->getLocation()).Line) +
        ") is one array for every thread and launch: the port allocates it "
        "in device memory, and its accesses are global ones";
    if (std::find(Out.PortNotes.begin(), Out.PortNotes.end(), Note) ==
        Out.PortNotes.end())
      Out.PortNotes.push_back(Note);
  } else if (VD->hasGlobalStorage() &&
             (VD->hasAttr<CUDADeviceAttr>() || VD->hasAttr<HIPManagedAttr>())) {
    Space = MemorySpace::Global;
  } else if (VD->hasGlobalStorage()) {
    Space = MemorySpace::Unknown;
  }
  Value V = Value::pointer(VD->getName().str(), Space, SymExpr(0));
  V.SubsValid = VD->getType()->isArrayType();
  return V;
}

//===----------------------------------------------------------------------===//
// Lvalues, casts and members
//===----------------------------------------------------------------------===//

LValue Interpreter::evalLValue(const clang::Expr *E) {
  E = strip(E);
  LValue R;
  R.Type = E->getType();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    // A __shared__ struct (`__shared__ Queues Q;`): a place in shared
    // memory, whose members (Q.elems[i][j]) are accesses of it.
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getType()->isRecordType() && VD->hasAttr<CUDASharedAttr>()) {
        R.Kind = LValue::Memory;
        R.Ptr = rootOf(VD);
        return R;
      }
    if (auto It = RefToMemory.find(DRE->getDecl()); It != RefToMemory.end()) {
      LValue M = It->second;
      M.Type = E->getType();
      return M;
    }
    R.Kind = LValue::Var;
    R.Decl = DRE->getDecl();
    return R;
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    // p[0] where p points at a caller's local.
    if (const auto *PD =
            dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts()))
      if (auto It = PointsToLocal.find(PD->getDecl());
          It != PointsToLocal.end()) {
        Expr::EvalResult Zero;
        if (ASE->getIdx()->EvaluateAsInt(Zero, Ctx) &&
            Zero.Val.getInt() == 0) {
          R.Kind = LValue::Var;
          R.Decl = It->second;
          return R;
        }
      }
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
      if (const auto *PD = dyn_cast<DeclRefExpr>(
              UO->getSubExpr()->IgnoreParenImpCasts()))
        if (auto It = PointsToLocal.find(PD->getDecl());
            It != PointsToLocal.end()) {
          R.Kind = LValue::Var;
          R.Decl = It->second;
          return R;
        }
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
      const unsigned RecSize = unsigned(L.getSize().getQuantity());
      const unsigned RecAlign = unsigned(L.getAlignment().getQuantity());
      if (ME->isArrow() && ThisIsLocal &&
          isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
        // A member of a local object, as `l.m` is: not memory.
        eval(ME->getBase());
        R.Kind = LValue::None;
        return R;
      }
      if (ME->isArrow()) {
        Value P = eval(ME->getBase());
        if (P.Kind != Value::Pointer)
          P = Value::pointer(text(ME->getBase()), MemorySpace::Unknown, SymExpr(0));
        R.Kind = LValue::Memory;
        R.Ptr = P;
        R.Ptr.E = P.E + SymExpr(FieldOff);
        R.Ptr.SubsValid = false;
        R.FieldOffset = unsigned(FieldOff);
        R.AggregateSize = RecSize;
        R.AggregateAlign = RecAlign;
        return R;
      }
      LValue B = evalLValue(ME->getBase());
      if (B.Kind == LValue::Memory) {
        R.Kind = LValue::Memory;
        R.Ptr = B.Ptr;
        R.Ptr.E = B.Ptr.E + SymExpr(FieldOff);
        R.Ptr.SubsValid = false;
        // The outermost element: p[i].a.x is at a.x's offset in p[i].
        R.FieldOffset = B.AggregateAlign ? B.FieldOffset + unsigned(FieldOff)
                                         : unsigned(FieldOff);
        R.AggregateSize = B.AggregateAlign ? B.AggregateSize : RecSize;
        R.AggregateAlign = B.AggregateAlign ? B.AggregateAlign : RecAlign;
        // `p.x` with p a reference bound to `pts[i]`: `pts[i].x`.
        if (!B.BoundText.empty())
          R.BoundText = B.BoundText + "." + FD->getName().str();
        return R;
      }
      // A member of a local or by-value struct (M.width): a value eval()
      // gives, not an lvalue.
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

/// Implicit casts: loads, array decay and conversions.
Value Interpreter::evalImplicitCast(const ImplicitCastExpr *IC) {
  switch (IC->getCastKind()) {
  case CK_LValueToRValue: {
    // An assignment is an lvalue in C++: its value read (`b.x = b.y = 16`,
    // `a = b = 0`) is the value assigned.
    if (const auto *BO = dyn_cast<BinaryOperator>(strip(IC->getSubExpr())))
      if (BO->isAssignmentOp())
        return eval(BO);
    // std::min and std::max return a reference to one of their arguments:
    // the value is the smaller or larger one.
    if (const auto *CE = dyn_cast<CallExpr>(strip(IC->getSubExpr())))
      if (const FunctionDecl *F = CE->getDirectCallee())
        if (F->getIdentifier() && F->isInStdNamespace() &&
            (F->getName() == "min" || F->getName() == "max"))
          return eval(CE);
    // M.width of a by-value struct parameter, grid.x of a dim3: values
    // the interpreter keeps, not places in memory.
    const auto *ME = dyn_cast<MemberExpr>(strip(IC->getSubExpr()));
    if (ME && ME->isArrow() && !PortValueMembers.empty()) {
      Value V = evalMember(ME); // `points->num` (--port)
      if (V.Kind == Value::Scalar || V.Kind == Value::Pointer)
        return V;
    }
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
    return Value::scalar(unknownSymbol(text(IC), V.threadDependent(),
                                       "converted from floating point",
                                       IC->getExprLoc()));
  return V;
}

Value Interpreter::evalExplicitCast(const ExplicitCastExpr *CE) {
  recordCastOp(CE);
  Value V = eval(CE->getSubExpr());
  QualType To = CE->getType();
  if (To->isIntegralOrEnumerationType()) {
    if (V.Kind == Value::Scalar)
      return V;
    return Value::scalar(asExpr(V, CE));
  }
  if (To->isPointerType() && V.Kind == Value::Pointer)
    return V; // reinterpret_cast<float4 *>(p): same address
  if (CE->getCastKind() == CK_ConstructorConversion ||
      CE->getCastKind() == CK_NoOp)
    return V; // dim3(64)
  return Value::unknown(V.threadDependent());
}

Value Interpreter::evalMember(const MemberExpr *ME) {
  // --port: `points->num`, a member of a struct the function reads through
  // a parameter and never writes, holds one value while it runs (as an
  // rvalue only: evalImplicitCast asks).
  if (ME->isArrow() && !PortValueMembers.empty() &&
      (ME->getType()->isIntegralOrEnumerationType() ||
       ME->getType()->isPointerType()))
    // The base by its value: `q->a` with `S *q = p;` is `p->a`.
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts()))
      if (auto It = Vars.find(DRE->getDecl());
          It != Vars.end() && It->second.Kind == Value::Pointer &&
          It->second.E.asConst() == std::optional<int64_t>(0)) {
        const std::string Name = It->second.Root + "->" +
                                 ME->getMemberDecl()->getName().str();
        if (PortValueMembers.count(Name)) {
          // `points->coord`: an array of the device's memory by that name,
          // as a pointer parameter is.
          if (ME->getType()->isPointerType()) {
            const std::string Note =
                "'" + Name + "' is read once (the function never writes a "
                "member of that name): an array of device memory of its "
                "own, as a pointer parameter is";
            if (std::find(Out.PortNotes.begin(), Out.PortNotes.end(), Note) ==
                Out.PortNotes.end())
              Out.PortNotes.push_back(Note);
            return Value::pointer(Name, MemorySpace::Global, SymExpr(0));
          }
          SymExpr S = SymExpr::symbol(Name, SymbolKind::Param);
          noteSymbol(S, "a member the function reads and never writes, "
                        "one value while it runs",
                     ME->getExprLoc());
          return Value::scalar(S);
        }
      }
  // dim3 components and members of by-value struct parameters.
  if (!ME->isArrow()) {
    Value B = eval(ME->getBase());
    // A __constant__ struct of launch parameters (Rodinia heartwall's
    // d_common): its members as a by-value parameter's, its pointers into
    // global memory, as the host's cudaMemcpyToSymbol set them.
    if (B.Kind != Value::Struct)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          if (VD->hasGlobalStorage() && VD->hasAttr<CUDAConstantAttr>() &&
              VD->getType()->isRecordType()) {
            B = Value();
            B.Kind = Value::Struct;
            B.Root = VD->getName().str();
          }
    StringRef F = ME->getMemberDecl()->getName();
    if (B.Kind == Value::Dim3 && F.size() == 1 && F[0] >= 'x' && F[0] <= 'z')
      return Value::scalar(B.D[F[0] - 'x']);
    if (B.Kind == Value::Struct && HostMode)
      return hostMember(ME, B);
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
  return load(evalLValue(ME), ME);
}

} // namespace detail
} // namespace warplint
