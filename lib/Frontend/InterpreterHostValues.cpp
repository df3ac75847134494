//===- InterpreterHostValues.cpp - Host structs, tables, the GPU ----------===//
//
// Host code (Interpreter.h, HostMode): the integer members of local structs
// (`Cfg c = {1 << 20, 128}; c.threads = 256;`), the GPU's properties as
// cudaGetDeviceProperties and cudaDeviceGetAttribute give them (those of
// the GPU analysed, Interpreter::Device), and constant local tables
// (`sSMtoCores table[] = {{0x90, 128}, ...}; table[i].Cores`).
//
//===----------------------------------------------------------------------===//
#include "Frontend/Interpreter.h"

namespace warplint {
namespace detail {

std::optional<Value> Interpreter::hostRecord(const clang::Expr *E) {
  const RecordDecl *RD = E->getType()->getAsRecordDecl();
  if (!HostMode || !RD || RD->isUnion() || !RD->isCompleteDefinition() ||
      RD->getName() == "dim3" || RD->getName() == "uint3")
    return std::nullopt;
  Value V;
  V.Kind = Value::Struct;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // `Cfg c;`: no member known.
    if (CE->getNumArgs() != 0 || !CE->getConstructor()->isTrivial())
      return std::nullopt;
    return V;
  }
  const auto *IL = dyn_cast<InitListExpr>(E);
  if (!IL)
    return std::nullopt;
  if (!IL->isSemanticForm())
    IL = IL->getSemanticForm();
  unsigned I = 0;
  for (const FieldDecl *F : RD->fields()) {
    if (I >= IL->getNumInits())
      break;
    Value X = eval(IL->getInit(I++));
    if (F->getType()->isIntegralOrEnumerationType() && X.Kind == Value::Scalar)
      V.Fields[F] = X.E;
  }
  return V;
}

Value Interpreter::hostMember(const MemberExpr *ME, const Value &B) {
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (auto It = F ? B.Fields.find(F) : B.Fields.end(); It != B.Fields.end()) {
    if (B.DeviceProps)
      if (std::optional<int64_t> C = It->second.asConst())
        DeviceReads[F->getName().str()] = *C;
    return Value::scalar(It->second);
  }
  if (B.DeviceProps && ME->getType()->isIntegralOrEnumerationType())
    return Value::scalar(unknownSymbol(
        text(ME), false,
        Device ? "a property of the GPU (cudaGetDeviceProperties) that " +
                     Device->File + " does not give"
               : std::string("a property of the GPU (cudaGetDeviceProperties); "
                             "no GPU was given to the host code's run"),
        ME->getExprLoc()));
  return Value::unknown(B.ThreadDep);
}

bool Interpreter::hostMemberStore(const clang::Expr *LHS,
                                  std::optional<SymExpr> V) {
  const auto *ME = dyn_cast<MemberExpr>(strip(LHS));
  if (!HostMode || !ME || ME->isArrow())
    return false;
  const auto *DRE = dyn_cast<DeclRefExpr>(strip(ME->getBase()));
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  auto It = DRE ? Vars.find(DRE->getDecl()) : Vars.end();
  if (!F || It == Vars.end())
    return false;
  StringRef N = F->getName();
  if (It->second.Kind == Value::Dim3 && N.size() == 1 && N[0] >= 'x' &&
      N[0] <= 'z') {
    // grid.x *= 2, grid.y++
    It->second.D[N[0] - 'x'] =
        V ? *V
          : unknownSymbol(text(LHS), false, "a dim3 component set in a way "
                          "warplint does not follow", LHS->getExprLoc());
    return true;
  }
  if (It->second.Kind != Value::Struct)
    return false;
  if (V && F->getType()->isIntegralOrEnumerationType())
    It->second.Fields[F] = *V;
  else
    It->second.Fields.erase(F);
  return true;
}

std::optional<Value> Interpreter::deviceCall(const CallExpr *CE,
                                             const FunctionDecl *Callee) {
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  if (CE->getNumArgs() < 2)
    return std::nullopt;
  auto Local = [&](const clang::Expr *A) -> const ValueDecl * {
    const auto *UO = dyn_cast<UnaryOperator>(A->IgnoreParenImpCasts());
    if (!UO || UO->getOpcode() != UO_AddrOf)
      return nullptr;
    const auto *DRE = dyn_cast<DeclRefExpr>(strip(UO->getSubExpr()));
    return DRE ? DRE->getDecl() : nullptr;
  };
  const ValueDecl *D = Local(CE->getArg(0));
  if (!D)
    return std::nullopt;
  ReadDevice |= Name == "cudaGetDeviceProperties" ||
                Name == "cudaGetDeviceProperties_v2" ||
                Name == "cudaDeviceGetAttribute";
  if (Name == "cudaGetDeviceProperties" ||
      Name == "cudaGetDeviceProperties_v2") {
    // The properties of the GPU analysed, by cudaDeviceProp's member names.
    Value V;
    V.Kind = Value::Struct;
    V.DeviceProps = true;
    if (const RecordDecl *RD = D->getType()->getAsRecordDecl(); RD && Device)
      for (const FieldDecl *F : RD->fields())
        if (auto It = Device->Properties.find(F->getName().str());
            It != Device->Properties.end())
          V.Fields[F] = SymExpr(It->second);
    Vars[D] = V;
    return Value::scalar(SymExpr(0)); // cudaSuccess
  }
  if (Name == "cudaDeviceGetAttribute" && D->getType()->isIntegerType()) {
    const auto *Attr =
        dyn_cast<DeclRefExpr>(CE->getArg(1)->IgnoreParenImpCasts());
    const std::string Prop =
        Attr ? devicePropertyOfAttribute(Attr->getDecl()->getName().str()) : "";
    std::optional<int64_t> Known;
    if (Device && !Prop.empty())
      if (auto It = Device->Properties.find(Prop);
          It != Device->Properties.end())
        Known = It->second;
    if (Known) {
      DeviceReads[Prop] = *Known;
      Vars[D] = Value::scalar(SymExpr(*Known));
    } else {
      Vars[D] = Value::scalar(unknownSymbol(
          D->getName().str(), false,
          "a property of the GPU (cudaDeviceGetAttribute) not known to the "
          "host code's run",
          CE->getExprLoc()));
    }
    return Value::scalar(SymExpr(0));
  }
  return std::nullopt;
}

namespace {
/// Whether the function holding the table \p VD only reads its elements:
/// no assignment, increment or address of one, and the table not passed to
/// a call but as a pointer to const.
struct TableWrites : RecursiveASTVisitor<TableWrites> {
  const VarDecl *VD;
  bool Written = false;
  explicit TableWrites(const VarDecl *VD) : VD(VD) {}
  bool refersTo(const clang::Expr *E) const {
    while (true) {
      E = E->IgnoreParenImpCasts();
      if (const auto *ME = dyn_cast<MemberExpr>(E))
        E = ME->getBase();
      else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
        E = ASE->getBase();
      else
        break;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return DRE && DRE->getDecl() == VD;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    Written |= BO->isAssignmentOp() && refersTo(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    Written |= (UO->isIncrementDecrementOp() ||
                UO->getOpcode() == UO_AddrOf) &&
               refersTo(UO->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    for (const clang::Expr *A : CE->arguments()) {
      QualType T = A->getType();
      if (refersTo(A) && !(T->isPointerType() &&
                           T->getPointeeType().isConstQualified()) &&
          !T->isIntegralOrEnumerationType())
        Written = true;
    }
    return true;
  }
};
} // namespace

std::optional<Value> Interpreter::hostTableRead(const clang::Expr *E) {
  if (!HostMode || !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  E = strip(E);
  const FieldDecl *Field = nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (ME->isArrow() || !Field)
      return std::nullopt;
    E = strip(ME->getBase());
  }
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
  const auto *DRE =
      ASE ? dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts())
          : nullptr;
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDecl() || !VD->getType()->isConstantArrayType())
    return std::nullopt;
  const auto *IL = dyn_cast_or_null<InitListExpr>(VD->getInit());
  if (!IL)
    return std::nullopt;
  auto [Known, New] = ReadOnlyTables.try_emplace(VD, false);
  if (New)
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(
            VD->getParentFunctionOrMethod());
        FD && FD->getBody()) {
      TableWrites W(VD);
      W.TraverseStmt(FD->getBody());
      Known->second = !W.Written;
    }
  if (!Known->second)
    return std::nullopt;
  Value Idx = eval(ASE->getIdx());
  std::optional<int64_t> I =
      Idx.Kind == Value::Scalar ? Idx.E.asConst() : std::nullopt;
  if (!I || *I < 0 || *I >= int64_t(IL->getNumInits()))
    return std::nullopt;
  const clang::Expr *Elt = IL->getInit(unsigned(*I));
  if (Field) {
    const auto *EIL = dyn_cast<InitListExpr>(Elt->IgnoreImplicit());
    if (!EIL || Field->getFieldIndex() >= EIL->getNumInits())
      return std::nullopt;
    Elt = EIL->getInit(Field->getFieldIndex());
  }
  Expr::EvalResult R;
  if (Elt->isValueDependent() || !Elt->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return Value::scalar(SymExpr(R.Val.getInt().getExtValue()));
}

} // namespace detail
} // namespace warplint
