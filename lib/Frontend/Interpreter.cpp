//===- Interpreter.cpp - Statements of the facts interpreter -------------===//
#include "Frontend/Interpreter.h"

#include <algorithm>

namespace warplint {
namespace detail {

//===----------------------------------------------------------------------===//
// Helpers on the AST
//===----------------------------------------------------------------------===//

const clang::Expr *strip(const clang::Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<ExprWithCleanups>(E)) {
      E = C->getSubExpr();
      continue;
    }
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = M->getSubExpr();
      continue;
    }
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E)) {
      E = B->getSubExpr();
      continue;
    }
    if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E)) {
      E = S->getReplacement();
      continue;
    }
    if (const auto *O = dyn_cast<OpaqueValueExpr>(E)) {
      if (!O->getSourceExpr())
        return E;
      E = O->getSourceExpr();
      continue;
    }
    return E;
  }
}

bool isCudaVectorTypeName(StringRef N, unsigned &Width) {
  static const char *Bases[] = {"char",  "uchar",    "short",     "ushort",
                                "int",   "uint",     "long",      "ulong",
                                "longlong", "ulonglong", "float", "double",
                                "half",  "bfloat16"};
  for (const char *B : Bases) {
    StringRef BS(B);
    if (!N.starts_with(BS) || N.size() != BS.size() + 1)
      continue;
    char D = N.back();
    if (D >= '1' && D <= '4') {
      Width = D - '0';
      return true;
    }
  }
  if (N == "__half2" || N == "__nv_bfloat162") {
    Width = 2;
    return true;
  }
  return false;
}

/// The name of a CUDA built-in index variable and the component, for
/// threadIdx.x and friends in clang's property form or as a plain member.
std::optional<SymExpr> builtinIndex(const clang::Expr *E) {
  E = strip(E->IgnoreImpCasts());
  const clang::Expr *Base = nullptr;
  StringRef Field;
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
    if (const auto *PR =
            dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens())) {
      Base = PR->getBaseExpr();
      Field = PR->getPropertyDecl()->getName();
    }
  } else if (const auto *PR = dyn_cast<MSPropertyRefExpr>(E)) {
    Base = PR->getBaseExpr();
    Field = PR->getPropertyDecl()->getName();
  } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    Base = ME->getBase();
    Field = ME->getMemberDecl()->getName();
  }
  if (!Base || Field.size() != 1 || Field[0] < 'x' || Field[0] > 'z')
    return std::nullopt;
  const auto *DRE = dyn_cast<DeclRefExpr>(strip(Base));
  if (!DRE)
    return std::nullopt;
  StringRef Var = DRE->getDecl()->getName();
  char D = Field[0];
  if (Var == "threadIdx")
    return sym::threadIdx(D);
  if (Var == "blockIdx")
    return sym::blockIdx(D);
  if (Var == "blockDim")
    return sym::blockDim(D);
  if (Var == "gridDim")
    return sym::gridDim(D);
  return std::nullopt;
}

bool isBarrierName(StringRef N) {
  return N == "__syncthreads" || N == "__syncthreads_count" ||
         N == "__syncthreads_and" || N == "__syncthreads_or" ||
         N == "__syncwarp" || N == "__threadfence" ||
         N == "__threadfence_block" || N == "__threadfence_system" ||
         N == "__barrier_sync" || N == "__nvvm_bar0_popc" ||
         N == "__nvvm_bar_sync";
}

//===----------------------------------------------------------------------===//
// The interpreter
//===----------------------------------------------------------------------===//

std::string Interpreter::text(const clang::Expr *E) const {
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  std::string T;
  if (R.isValid())
    T = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  if (T.empty()) {
    llvm::raw_string_ostream OS(T);
    E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  }
  // One line, bounded: it is used in symbol names and messages.
  std::string Clean;
  bool Space = false;
  for (char C : T) {
    if (C == '\n' || C == '\t' || C == '\r' || C == ' ') {
      Space = !Clean.empty();
      continue;
    }
    if (Space)
      Clean += ' ';
    Space = false;
    Clean += C;
  }
  if (Clean.size() > 80)
    Clean = Clean.substr(0, 77) + "...";
  return Clean;
}

SourceLoc Interpreter::loc(SourceLocation L) const {
  SourceLoc R;
  if (L.isInvalid())
    return R;
  SourceLocation F = SM.getFileLoc(L);
  PresumedLoc P = SM.getPresumedLoc(F);
  if (P.isInvalid())
    return R;
  R.Raw = F.getRawEncoding();
  R.File = P.getFilename();
  R.Line = P.getLine();
  R.Column = P.getColumn();
  return R;
}

std::string Interpreter::uniqueName(const std::string &Base) {
  // Names made in a dry run carry '?': nothing recorded may mention them.
  if (DryRun)
    return Base + "?" + std::to_string(++FreshCounter);
  if (HostMode)
    return Base;
  std::string N = Base;
  for (unsigned I = 2; UsedNames.count(N); ++I)
    N = Base + "#" + std::to_string(I);
  UsedNames.insert(N);
  return N;
}

void Interpreter::noteSymbol(const SymExpr &S, const std::string &Origin,
                             SourceLocation L) {
  if (!recording() || S.op() != sym::Op::Sym)
    return;
  SymbolFacts &F = SymbolInfo[S.name()];
  F.Name = S.name();
  F.Kind = S.symbolKind();
  F.ThreadDependent = S.symbolThreadDependent();
  F.Origin = Origin;
  F.Loc = loc(L);
}

SymExpr Interpreter::unknownSymbol(const std::string &Name, bool ThreadDep,
                                const std::string &Why, SourceLocation L) {
  SymExpr S = SymExpr::symbol(uniqueName(Name), SymbolKind::Unknown, ThreadDep);
  noteSymbol(S, Why, L);
  return S;
}

void Interpreter::unknownFact(const std::string &Why, SourceLocation L) {
  if (!recording())
    return;
  SourceLoc SL = loc(L);
  for (const UnknownFacts &U : Out.Unknowns)
    if (U.Reason == Why && U.Loc.Line == SL.Line && U.Loc.Column == SL.Column)
      return;
  Out.Unknowns.push_back({Why, SL});
}

unsigned Interpreter::typeSize(QualType T) const {
  if (T.isNull() || T->isIncompleteType() || T->isDependentType() ||
      T->isVoidType() || !T->isConstantSizeType())
    return 0;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

SymExpr Interpreter::asExpr(const Value &V, const clang::Expr *E) {
  if (V.Kind == Value::Scalar)
    return V.E;
  return unknownSymbol(text(E), V.threadDependent(),
                       V.Kind == Value::Pointer
                           ? "a pointer used as an integer"
                           : "a value warplint cannot express",
                       E->getExprLoc());
}

//===----------------------------------------------------------------------===//
// Kernels and host functions
//===----------------------------------------------------------------------===//

void Interpreter::runKernel(const FunctionDecl &FD) {
  for (const ParmVarDecl *P : FD.parameters()) {
    QualType T = P->getType();
    std::string Name = P->getName().str();
    if (Name.empty())
      continue;
    UsedNames.insert(Name);
    if (T->isPointerType() || T->isArrayType()) {
      // A kernel's pointer parameters point to global memory.
      Vars[P] = Value::pointer(Name, MemorySpace::Global, SymExpr(0));
    } else if (T->isIntegralOrEnumerationType()) {
      SymExpr S = SymExpr::symbol(Name, SymbolKind::Param);
      noteSymbol(S, "kernel parameter", P->getLocation());
      Vars[P] = Value::scalar(S);
    } else if (T->isRecordType()) {
      Value V;
      V.Kind = Value::Struct;
      V.Root = Name;
      Vars[P] = V;
    } else {
      Vars[P] = Value::unknown(false);
    }
  }
  if (FD.hasBody())
    exec(FD.getBody());
  finishSymbols();
}

/// Lists every symbol the recorded facts mention, with what it stands for.
void Interpreter::finishSymbols() {
  std::map<std::string, SymExpr> Used;
  for (const AccessFacts &A : Out.Accesses)
    A.ByteOffset.collectSymbols(Used);
  for (const BranchFacts &B : Out.Branches)
    B.Condition.collectSymbols(Used);
  for (const LoopFacts &L : Out.Loops)
    for (const auto *E : {&L.Start, &L.Bound, &L.Step, &L.TripCount})
      if (*E)
        (*E)->collectSymbols(Used);
  for (const auto &[Name, S] : Used) {
    auto It = SymbolInfo.find(Name);
    if (It != SymbolInfo.end()) {
      Out.Symbols.push_back(It->second);
      continue;
    }
    SymbolFacts F;
    F.Name = Name;
    F.Kind = S.symbolKind();
    F.ThreadDependent = S.symbolThreadDependent();
    switch (F.Kind) {
    case SymbolKind::ThreadIdx:
    case SymbolKind::BlockIdx:
    case SymbolKind::BlockDim:
    case SymbolKind::GridDim:
      F.Origin = "built-in index variable";
      break;
    default:
      F.Origin = "unknown";
      break;
    }
    Out.Symbols.push_back(F);
  }
}

void Interpreter::runHostFunction(const FunctionDecl &FD) {
  HostMode = true;
  for (const ParmVarDecl *P : FD.parameters()) {
    if (P->getName().empty())
      continue;
    if (P->getType()->isIntegralOrEnumerationType())
      Vars[P] = Value::scalar(
          SymExpr::symbol(P->getName().str(), SymbolKind::Param));
  }
  if (FD.hasBody())
    exec(FD.getBody());
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

Flow Interpreter::exec(const Stmt *S) {
  if (!S)
    return {};
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return execCompound(CS);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        execDecl(VD);
    return {};
  }
  if (const auto *IS = dyn_cast<IfStmt>(S))
    return execIf(IS);
  if (const auto *FS = dyn_cast<ForStmt>(S))
    return execLoop(FS, FS->getInit(), FS->getCond(), FS->getInc(),
                    FS->getBody(), "for");
  if (const auto *WS = dyn_cast<WhileStmt>(S))
    return execLoop(WS, nullptr, WS->getCond(), nullptr, WS->getBody(),
                    "while");
  if (const auto *DS = dyn_cast<DoStmt>(S))
    return execLoop(DS, nullptr, DS->getCond(), nullptr, DS->getBody(), "do");
  if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    if (const clang::Expr *RV = RS->getRetValue()) {
      Value V = eval(RV);
      if (ReturnValue || !Guards.empty())
        MultipleReturns = true;
      ReturnValue = V;
    }
    return {true, "return"};
  }
  if (isa<BreakStmt>(S))
    return {true, "break"};
  if (isa<ContinueStmt>(S))
    return {true, "continue"};
  if (const auto *SS = dyn_cast<SwitchStmt>(S))
    return execSwitch(SS);
  if (const auto *E = dyn_cast<clang::Expr>(S)) {
    eval(E);
    return {};
  }
  if (const auto *AS = dyn_cast<AttributedStmt>(S))
    return exec(AS->getSubStmt());
  if (const auto *LS = dyn_cast<LabelStmt>(S))
    return exec(LS->getSubStmt());
  if (isa<NullStmt>(S))
    return {};
  if (const auto *CS = dyn_cast<CaseStmt>(S))
    return exec(CS->getSubStmt());
  if (const auto *DS = dyn_cast<DefaultStmt>(S))
    return exec(DS->getSubStmt());
  if (const auto *FR = dyn_cast<CXXForRangeStmt>(S)) {
    unknownFact("range-based for loop: its accesses are analysed with an "
                "unknown iteration",
                FR->getBeginLoc());
    std::set<const ValueDecl *> Assigned;
    collectAssigned(FR->getBody(), Assigned);
    havoc(Assigned);
    exec(FR->getLoopVarStmt());
    exec(FR->getBody());
    return {};
  }
  // goto, inline asm, try/catch and anything else: the effects on locals
  // are unknown from here on.
  std::string Kind = S->getStmtClassName();
  unknownFact("unsupported statement '" + Kind +
                  "': locals it may change are unknown after it",
              S->getBeginLoc());
  std::set<const ValueDecl *> Assigned;
  collectAssigned(S, Assigned);
  havoc(Assigned);
  return {};
}

/// Whether every path through \p S ends in return, break or continue,
/// judged from the syntax alone.
static bool alwaysExits(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body())
      if (alwaysExits(C))
        return true;
    return false;
  }
  if (const auto *IS = dyn_cast<IfStmt>(S))
    return IS->getElse() && alwaysExits(IS->getThen()) &&
           alwaysExits(IS->getElse());
  if (const auto *AS = dyn_cast<AttributedStmt>(S))
    return alwaysExits(AS->getSubStmt());
  return false;
}

Flow Interpreter::execCompound(const CompoundStmt *CS) {
  for (const Stmt *Child : CS->body()) {
    Flow F = exec(Child);
    if (F.AlwaysExits)
      return F; // the rest is unreachable
  }
  return {};
}

Env Interpreter::mergeEnvs(const SymExpr &Cond, const Env &Then,
                           const Env &Else) {
  Env R;
  for (const auto &[D, TV] : Then) {
    auto It = Else.find(D);
    if (It == Else.end())
      continue; // declared inside one branch only
    const Value &EV = It->second;
    if (TV == EV) {
      R[D] = TV;
      continue;
    }
    if (TV.Kind == Value::Scalar && EV.Kind == Value::Scalar) {
      R[D] = Value::scalar(SymExpr::select(Cond, TV.E, EV.E));
      continue;
    }
    if (TV.Kind == Value::Pointer && EV.Kind == Value::Pointer &&
        TV.Root == EV.Root && TV.Space == EV.Space) {
      R[D] = Value::pointer(TV.Root, TV.Space, SymExpr::select(Cond, TV.E, EV.E));
      continue;
    }
    R[D] = Value::unknown(TV.threadDependent() || EV.threadDependent() ||
                          Cond.isThreadDependent());
  }
  return R;
}

Flow Interpreter::execIf(const IfStmt *IS) {
  if (IS->isConsteval())
    return {};
  if (const Stmt *Init = IS->getInit())
    exec(Init);
  if (const VarDecl *CV = IS->getConditionVariable())
    execDecl(CV);
  const clang::Expr *CondE = IS->getCond();
  Value CV = eval(CondE);
  SymExpr Cond = asExpr(CV, CondE);

  // if constexpr and conditions that fold: only the live side runs.
  if (auto C = Cond.asConst()) {
    if (*C)
      return exec(IS->getThen());
    return exec(IS->getElse());
  }

  recordOp(OpKind::Branch, OpType::Other, IS, IS->getIfLoc());
  unsigned Id = recording() ? NextBranch++ : ~0u;
  bool ThenExits = alwaysExits(IS->getThen());

  BranchFacts B;
  B.Id = Id;
  B.Kind = ThenExits && !IS->getElse() ? BranchKind::EarlyExit : BranchKind::If;
  B.Condition = Cond;
  B.ThreadDependent = Cond.isThreadDependent();
  B.Text = text(CondE);
  B.Loc = loc(IS->getIfLoc());
  B.Calls = Calls;
  B.Loops = LoopStack;
  B.Guards = Guards;

  Env Before = Vars;
  size_t Depth = Guards.size();
  Guards.push_back({Id, true});
  Flow TF = exec(IS->getThen());
  Guards.resize(Depth);
  if (TF.ExitKind)
    B.ExitKind = TF.ExitKind;
  if (recording())
    Out.Branches.push_back(B);
  Env AfterThen = Vars;

  Vars = Before;
  Flow EF;
  if (const Stmt *Else = IS->getElse()) {
    Guards.push_back({Id, false});
    EF = exec(Else);
    Guards.resize(Depth);
  }
  Env AfterElse = Vars;

  if (TF.AlwaysExits && EF.AlwaysExits)
    return {true, TF.ExitKind};
  if (TF.AlwaysExits) {
    // Everything after this statement runs only where the exit was not
    // taken.
    Vars = AfterElse;
    Guards.push_back({Id, false});
    return {};
  }
  if (EF.AlwaysExits) {
    Vars = AfterThen;
    Guards.push_back({Id, true});
    return {};
  }
  Vars = mergeEnvs(Cond, AfterThen, AfterElse);
  return {};
}

Flow Interpreter::execSwitch(const SwitchStmt *SS) {
  if (const Stmt *Init = SS->getInit())
    exec(Init);
  const clang::Expr *CondE = SS->getCond();
  SymExpr Cond = asExpr(eval(CondE), CondE);
  recordOp(OpKind::Branch, OpType::Other, SS, SS->getSwitchLoc());
  unsigned Id = recording() ? NextBranch++ : ~0u;
  if (recording()) {
    BranchFacts B;
    B.Id = Id;
    B.Kind = BranchKind::Switch;
    B.Condition = Cond;
    B.ThreadDependent = Cond.isThreadDependent();
    B.Text = text(CondE);
    B.Loc = loc(SS->getSwitchLoc());
    B.Calls = Calls;
    B.Loops = LoopStack;
    B.Guards = Guards;
    Out.Branches.push_back(B);
  }
  // The cases are not told apart: the body runs under the switch's guard,
  // and locals it assigns are unknown after it.
  std::set<const ValueDecl *> Assigned;
  collectAssigned(SS->getBody(), Assigned);
  havoc(Assigned);
  size_t Depth = Guards.size();
  Guards.push_back({Id, true});
  // Every case is entered (the switch jumps to each label): a `break` (or
  // return) ends only its own case; what follows it up to the next label
  // is unreachable.
  if (const auto *Body = dyn_cast_or_null<CompoundStmt>(SS->getBody())) {
    bool Reachable = true;
    for (const Stmt *Child : Body->body()) {
      if (isa<SwitchCase>(Child))
        Reachable = true;
      if (!Reachable)
        continue;
      if (exec(Child).AlwaysExits)
        Reachable = false;
    }
  } else {
    exec(SS->getBody());
  }
  Guards.resize(Depth);
  havoc(Assigned);
  return {};
}

void Interpreter::recordSharedBuffer(const VarDecl *VD) {
  if (!recording() || !SeenShared.insert(VD).second)
    return;
  SharedBufferFacts S;
  S.Name = VD->getName().str();
  S.Loc = loc(VD->getLocation());
  QualType T = VD->getType();
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
  if (VD->hasAttr<CUDASharedAttr>()) {
    Space = MemorySpace::Shared;
    recordSharedBuffer(VD);
  } else if (VD->hasAttr<CUDAConstantAttr>()) {
    Space = MemorySpace::Constant;
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

void Interpreter::execDecl(const VarDecl *VD) {
  QualType T = VD->getType();
  if (VD->hasAttr<CUDASharedAttr>()) {
    recordSharedBuffer(VD);
    return;
  }
  if (VD->isStaticLocal() && !VD->hasInit())
    return;
  const clang::Expr *Init = VD->getInit();
  if (T->isArrayType()) {
    // A local array lives in local memory (or registers); an initializer
    // list is evaluated for its accesses only.
    if (Init)
      eval(Init);
    Vars[VD] = rootOf(VD);
    return;
  }
  if (T->isReferenceType()) {
    if (Init) {
      LValue LV = evalLValue(Init);
      if (LV.Kind == LValue::Var) {
        auto It = Vars.find(LV.Decl);
        if (It != Vars.end())
          Vars[VD] = It->second;
        return;
      }
      if (LV.Kind == LValue::Memory) {
        // A reference to memory: reads through it are accesses. Model it as
        // an unknown value; the accesses through the reference itself are
        // not followed.
        unknownFact("reference '" + VD->getName().str() +
                        "' to memory: accesses through it are not analysed",
                    VD->getLocation());
      }
    }
    Vars[VD] = Value::unknown(true);
    return;
  }
  if (!Init) {
    if (T->isIntegralOrEnumerationType())
      Vars[VD] = Value::scalar(
          unknownSymbol(VD->getName().str(), false,
                        "declared without an initializer", VD->getLocation()));
    else
      Vars[VD] = Value::unknown(false);
    return;
  }
  Value V = eval(Init);
  if (T->isIntegralOrEnumerationType() && V.Kind != Value::Scalar)
    V = Value::scalar(asExpr(V, Init));
  // Host code: int n = atoi(argv[1]) reads better as "n".
  if (HostMode && V.Kind == Value::Scalar && V.E.op() == sym::Op::Sym &&
      V.E.symbolKind() == SymbolKind::Unknown)
    V = Value::scalar(SymExpr::symbol(VD->getName().str(), SymbolKind::Unknown));
  Vars[VD] = V;
}

} // namespace detail
} // namespace warplint
