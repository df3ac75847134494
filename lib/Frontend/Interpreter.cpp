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
  exec(SS->getBody());
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

/// Collects the locals a statement may change.
void Interpreter::collectAssigned(const Stmt *S,
                                std::set<const ValueDecl *> &Assigned) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::set<const ValueDecl *> &Found;
    explicit Finder(std::set<const ValueDecl *> &F) : Found(F) {}
    void add(const clang::Expr *E) {
      E = strip(E);
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        if (isa<VarDecl>(DRE->getDecl()))
          Found.insert(DRE->getDecl());
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->isAssignmentOp())
        add(BO->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *UO) {
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
        add(UO->getSubExpr());
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *CE) {
      if (CE->isAssignmentOp() && CE->getNumArgs() > 0)
        add(CE->getArg(0));
      return true;
    }
    bool VisitCallExpr(CallExpr *CE) {
      // Locals passed by non-const reference may change.
      const FunctionDecl *FD = CE->getDirectCallee();
      if (!FD)
        return true;
      for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
        QualType PT = FD->getParamDecl(I)->getType();
        if (PT->isReferenceType() && !PT->getPointeeType().isConstQualified())
          add(CE->getArg(I));
      }
      return true;
    }
  } F(Assigned);
  F.TraverseStmt(const_cast<Stmt *>(S));
}

void Interpreter::havoc(const std::set<const ValueDecl *> &Assigned) {
  for (const ValueDecl *D : Assigned) {
    auto It = Vars.find(D);
    if (It == Vars.end())
      continue;
    if (It->second.Kind == Value::Pointer && !D->getType()->isPointerType())
      continue; // an array: its base does not change
    bool TD = It->second.threadDependent();
    if (D->getType()->isIntegralOrEnumerationType())
      It->second = Value::scalar(unknownSymbol(
          D->getName().str(), TD, "changed where warplint cannot follow",
          D->getLocation()));
    else
      It->second = Value::unknown(TD);
  }
}

Flow Interpreter::execLoop(const Stmt *Loop, const Stmt *Init,
                           const clang::Expr *CondE, const clang::Expr *Inc,
                           const Stmt *Body, const char *Kind) {
  if (Init)
    exec(Init);
  Env Before = Vars;
  unsigned Id = recording() ? NextLoop++ : ~0u;

  // Every local the loop may change.
  std::set<const ValueDecl *> Assigned;
  collectAssigned(Body, Assigned);
  if (Inc)
    collectAssigned(Inc, Assigned);
  if (CondE)
    collectAssigned(CondE, Assigned);
  // Loop-carried locals whose value the loop can change, in a fixed order.
  std::vector<const ValueDecl *> Carried;
  for (const ValueDecl *D : Assigned)
    if (Before.count(D) && D->getType()->isIntegralOrEnumerationType())
      Carried.push_back(D);
  std::sort(Carried.begin(), Carried.end(),
            [](const ValueDecl *A, const ValueDecl *B) {
              return A->getLocation() < B->getLocation();
            });

  // Dry run: each carried local starts as a placeholder symbol; afterwards
  // those that grew by a loop-invariant amount are affine in the iteration.
  std::map<const ValueDecl *, SymExpr> Placeholder, Growth, EndValue;
  std::map<const ValueDecl *, bool> EndThreadDep;
  {
    ++DryRun;
    Env Saved = Vars;
    auto SavedGuards = Guards;
    auto SavedRet = ReturnValue;
    bool SavedMulti = MultipleReturns;
    for (const ValueDecl *D : Carried) {
      SymExpr P = SymExpr::symbol("$carried" + std::to_string(++FreshCounter),
                            SymbolKind::Unknown,
                            Before[D].threadDependent());
      Placeholder[D] = P;
      Vars[D] = Value::scalar(P);
    }
    for (const ValueDecl *D : Assigned)
      if (!Placeholder.count(D) && Vars.count(D) &&
          !(Vars[D].Kind == Value::Pointer && !D->getType()->isPointerType()))
        Vars[D] = Value::unknown(Vars[D].threadDependent());
    if (CondE)
      eval(CondE);
    exec(Body);
    if (Inc)
      eval(Inc);
    for (const ValueDecl *D : Carried) {
      const Value &End = Vars[D];
      EndThreadDep[D] = End.threadDependent();
      if (End.Kind == Value::Scalar)
        EndValue[D] = End.E;
      if (End.Kind != Value::Scalar)
        continue;
      SymExpr Diff = End.E - Placeholder[D];
      bool Invariant = true;
      for (const auto &[OD, P] : Placeholder)
        if (Diff.mentions(P.name()))
          Invariant = false;
      std::map<std::string, SymExpr> Syms;
      Diff.collectSymbols(Syms);
      for (const auto &[N, S] : Syms)
        if (N.find('?') != std::string::npos)
          Invariant = false; // depends on something made inside the loop
      if (Invariant && !Diff.isConst()) {
        Growth[D] = Diff;
      } else if (Invariant && Diff.isConst() && Diff.value() != 0) {
        Growth[D] = Diff;
      }
    }
    Vars = Saved;
    Guards = SavedGuards;
    ReturnValue = SavedRet;
    MultipleReturns = SavedMulti;
    --DryRun;
  }

  // Find the induction variable: a carried affine local in the condition.
  const ValueDecl *IV = nullptr;
  const BinaryOperator *CondCmp = nullptr;
  bool IVOnLeft = true;
  if (CondE) {
    const clang::Expr *C = strip(CondE);
    // for (...; i < n && ok; ...): look at the first comparison.
    while (const auto *BO = dyn_cast<BinaryOperator>(C)) {
      if (BO->getOpcode() != BO_LAnd)
        break;
      C = strip(BO->getLHS());
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(C)) {
      if (BO->isComparisonOp()) {
        auto VarOf = [](const clang::Expr *E) -> const ValueDecl * {
          E = strip(E);
          while (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
            E = strip(IC->getSubExpr());
          if (const auto *CE = dyn_cast<CStyleCastExpr>(E))
            E = strip(CE->getSubExpr());
          while (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
            E = strip(IC->getSubExpr());
          if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
            return DRE->getDecl();
          return nullptr;
        };
        const ValueDecl *L = VarOf(BO->getLHS()), *R = VarOf(BO->getRHS());
        if (L && std::find(Carried.begin(), Carried.end(), L) != Carried.end()) {
          IV = L;
          IVOnLeft = true;
        } else if (R &&
                   std::find(Carried.begin(), Carried.end(), R) != Carried.end()) {
          IV = R;
          IVOnLeft = false;
        }
        if (IV)
          CondCmp = BO;
      }
    }
  }
  if (!IV && Carried.size() == 1 && Inc)
    IV = Carried.front();

  LoopFacts LF;
  LF.Id = Id;
  LF.Kind = Kind;
  LF.Loc = loc(Loop->getBeginLoc());
  LF.Calls = Calls;
  LF.Guards = Guards;
  LF.Depth = LoopStack.size();
  if (!LoopStack.empty())
    LF.Parent = LoopStack.back();

  std::string IVName = IV ? IV->getName().str() : "";
  LF.Var = IVName;
  bool IVAffine = IV && Growth.count(IV);
  // The iteration symbol: named after a canonical induction variable
  // (start 0, step 1) so that indices read as written; "<var>.iter" else.
  bool Canonical = IVAffine && Before[IV].Kind == Value::Scalar &&
                   Before[IV].E == SymExpr(0) && Growth[IV] == SymExpr(1);
  std::string IterBase =
      IV ? (Canonical ? IVName : IVName + ".iter")
         : "loop" + std::to_string(Id) + ".iter";
  SymExpr Iter = SymExpr::symbol(uniqueName(IterBase), SymbolKind::LoopIter);
  LF.IterSymbol = Iter.name();
  noteSymbol(Iter, std::string("iteration number of the ") + Kind + " loop",
             Loop->getBeginLoc());

  // Bind carried locals for the generic iteration.
  for (const ValueDecl *D : Carried) {
    const Value &B = Before[D];
    auto G = Growth.find(D);
    if (G != Growth.end() && B.Kind == Value::Scalar) {
      Vars[D] = Value::scalar(B.E + G->second * Iter);
      continue;
    }
    bool TD = B.threadDependent() || EndThreadDep[D];
    if (D == IV) {
      SymExpr S = SymExpr::symbol(uniqueName(IVName), SymbolKind::LoopVar, TD);
      noteSymbol(S, "induction variable of a non-affine loop",
                 D->getLocation());
      LF.IterSymbol = S.name();
      auto EV = EndValue.find(D);
      if (EV != EndValue.end()) {
        SymExpr N = EV->second.substitute({{Placeholder[D].name(), S}});
        bool Clean = true;
        std::map<std::string, SymExpr> Syms;
        N.collectSymbols(Syms);
        for (const auto &[Name, Sym] : Syms)
          if (Name.find('?') != std::string::npos || Name[0] == '$')
            Clean = false;
        if (Clean)
          LF.Next = N;
      }
      Vars[D] = Value::scalar(S);
      continue;
    }
    Vars[D] = Value::scalar(unknownSymbol(
        D->getName().str() + "@loop" + std::to_string(Id), TD,
        "changes from one loop iteration to the next in a way warplint cannot "
        "express",
        D->getLocation()));
  }
  for (const ValueDecl *D : Assigned)
    if (!std::count(Carried.begin(), Carried.end(), D) && Vars.count(D) &&
        !(Vars[D].Kind == Value::Pointer && !D->getType()->isPointerType()))
      Vars[D] = Value::unknown(Vars[D].threadDependent());

  if (IV) {
    const Value &B = Before[IV];
    if (B.Kind == Value::Scalar)
      LF.Start = B.E;
    LF.Affine = IVAffine;
    if (IVAffine)
      LF.Step = Growth[IV];
    if (CondCmp) {
      const clang::Expr *Other = IVOnLeft ? CondCmp->getRHS() : CondCmp->getLHS();
      Env Saved = Vars;
      ++DryRun;
      Value BV = eval(Other);
      --DryRun;
      Vars = Saved;
      if (BV.Kind == Value::Scalar) {
        bool Invariant = true;
        std::map<std::string, SymExpr> Syms;
        BV.E.collectSymbols(Syms);
        for (const auto &[N, S] : Syms)
          if (N.find('?') != std::string::npos)
            Invariant = false;
        if (Invariant)
          LF.Bound = BV.E;
      }
      BinaryOperatorKind Opc = CondCmp->getOpcode();
      if (!IVOnLeft) {
        // n > i is i < n
        switch (Opc) {
        case BO_LT: Opc = BO_GT; break;
        case BO_GT: Opc = BO_LT; break;
        case BO_LE: Opc = BO_GE; break;
        case BO_GE: Opc = BO_LE; break;
        default: break;
        }
      }
      LF.Comparison = BinaryOperator::getOpcodeStr(Opc).str();
      if (LF.Start && LF.Bound && LF.Step) {
        SymExpr S = *LF.Start, Bd = *LF.Bound, St = *LF.Step;
        std::optional<SymExpr> Trip;
        auto StepC = St.asConst();
        bool Up = !StepC || *StepC > 0;
        if (Up && (Opc == BO_LT || Opc == BO_NE))
          Trip = (Bd - S + St - 1) / St;
        else if (Up && Opc == BO_LE)
          Trip = (Bd - S + St) / St;
        else if (!Up && Opc == BO_GT)
          Trip = (S - Bd - St - 1) / (-St);
        else if (!Up && Opc == BO_GE)
          Trip = (S - Bd - St) / (-St);
        if (Trip) {
          if (auto C = Trip->asConst())
            Trip = SymExpr(std::max<int64_t>(*C, 0));
          LF.TripCount = *Trip;
        }
      } else if (!IVAffine && LF.Start && LF.Bound) {
        // Geometric loops (s >>= 1, s *= 2) with constant ends.
        auto S = LF.Start->asConst(), Bd = LF.Bound->asConst();
        if (S && Bd) {
          std::map<std::string, SymExpr> Empty;
          // Run the update on plain numbers.
          std::optional<int64_t> Count;
          int64_t V = *S, N = 0;
          auto Holds = [&](int64_t X) {
            switch (Opc) {
            case BO_LT: return X < *Bd;
            case BO_LE: return X <= *Bd;
            case BO_GT: return X > *Bd;
            case BO_GE: return X >= *Bd;
            case BO_NE: return X != *Bd;
            default: return false;
            }
          };
          // Evaluate the update expression symbolically on the IV.
          Env Saved = Vars;
          ++DryRun;
          SymExpr P = SymExpr::symbol("$iv", SymbolKind::Unknown);
          Vars[IV] = Value::scalar(P);
          if (Inc)
            eval(Inc);
          else
            exec(Body);
          Value Next = Vars[IV];
          --DryRun;
          Vars = Saved;
          if (Next.Kind == Value::Scalar) {
            while (N <= 64 && Holds(V)) {
              auto NV = Next.E.evaluate(std::map<std::string, int64_t>{{"$iv", V}});
              if (!NV || *NV == V)
                break;
              V = *NV;
              ++N;
            }
            if (!Holds(V))
              Count = N;
          }
          if (Count)
            LF.TripCount = SymExpr(*Count);
        }
      }
    }
    if (Inc)
      LF.Update = text(Inc);
  }
  if (LF.Start && LF.Start->isThreadDependent())
    LF.ThreadDependentTripCount = true;
  if (LF.Bound && LF.Bound->isThreadDependent())
    LF.ThreadDependentTripCount = true;
  if (!LF.Bound && IV && EndThreadDep[IV])
    LF.ThreadDependentTripCount = true;
  if (recording())
    Out.Loops.push_back(LF);

  // The recorded run over one generic iteration.
  LoopStack.push_back(Id);
  size_t GuardDepth = Guards.size();
  if (CondE)
    eval(CondE);
  exec(Body);
  Guards.resize(GuardDepth); // continue/break guards end with the body
  if (Inc)
    eval(Inc);
  LoopStack.pop_back();

  // After the loop the carried locals are unknown (their final values are
  // rarely used as indices).
  Env After = Before;
  for (const ValueDecl *D : Assigned) {
    auto It = After.find(D);
    if (It == After.end())
      continue;
    if (It->second.Kind == Value::Pointer && !D->getType()->isPointerType())
      continue;
    bool TD = It->second.threadDependent() ||
              (Vars.count(D) && Vars[D].threadDependent());
    if (D->getType()->isIntegralOrEnumerationType())
      It->second = Value::scalar(unknownSymbol(
          D->getName().str() + "@after_loop" + std::to_string(Id), TD,
          "value after a loop", D->getLocation()));
    else
      It->second = Value::unknown(TD);
  }
  // Locals declared before the loop keep their post-loop values.
  for (auto &[D, V] : Vars)
    if (!After.count(D) && Before.count(D))
      After[D] = V;
  Vars = After;
  return {};
}


} // namespace detail
} // namespace warplint
