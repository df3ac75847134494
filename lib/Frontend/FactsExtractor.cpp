//===- FactsExtractor.cpp - AST to KernelFacts ----------------------------===//
//
// See FactsExtractor.h. The interpreter is deliberately simple: it runs each
// statement once, in order; branches are run on both sides and their
// environments merged with select(); loops are run once on a generic
// iteration whose loop-carried variables are first found by a dry run
// (variables that grow by a loop-invariant amount become affine in the
// loop's iteration symbol, the rest become named unknowns).
//
//===----------------------------------------------------------------------===//
#include "Frontend/FactsExtractor.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprObjC.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <map>
#include <set>

using namespace clang;
using SymExpr = warplint::sym::Expr;
using warplint::sym::SymbolKind;

namespace warplint {
namespace {

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

struct Value {
  enum KindT { Unknown, Scalar, Pointer, Dim3, Struct } Kind = Unknown;
  SymExpr E;                 // Scalar: the value; Pointer: the byte offset
  std::string Root;       // Pointer: what the address is based on
  MemorySpace Space = MemorySpace::Unknown;
  SymExpr D[3] = {SymExpr(1), SymExpr(1), SymExpr(1)}; // Dim3
  bool ThreadDep = false; // Unknown/Struct: may differ between threads
  // Pointer: the subscripts applied so far to the array named by Root,
  // while the pointer is still a plain s[i][j]... chain (SubsValid).
  std::vector<SymExpr> Subs;
  bool SubsValid = false;

  static Value scalar(SymExpr X) {
    Value V;
    V.Kind = Scalar;
    V.E = std::move(X);
    return V;
  }
  static Value pointer(std::string Root, MemorySpace S, SymExpr Offset) {
    Value V;
    V.Kind = Pointer;
    V.Root = std::move(Root);
    V.Space = S;
    V.E = std::move(Offset);
    return V;
  }
  static Value unknown(bool ThreadDep) {
    Value V;
    V.ThreadDep = ThreadDep;
    return V;
  }
  bool threadDependent() const {
    switch (Kind) {
    case Scalar:
    case Pointer:
      return E.isThreadDependent();
    case Dim3:
      return D[0].isThreadDependent() || D[1].isThreadDependent() ||
             D[2].isThreadDependent();
    default:
      return ThreadDep;
    }
  }
  bool operator==(const Value &O) const {
    if (Kind != O.Kind)
      return false;
    switch (Kind) {
    case Scalar:
      return E == O.E;
    case Pointer:
      return E == O.E && Root == O.Root && Space == O.Space;
    case Dim3:
      return D[0] == O.D[0] && D[1] == O.D[1] && D[2] == O.D[2];
    case Struct:
      return Root == O.Root;
    case Unknown:
      return ThreadDep == O.ThreadDep;
    }
    return false;
  }
};

/// An lvalue: a local variable, a place in memory, or something else.
struct LValue {
  enum KindT { None, Var, Memory } Kind = None;
  const ValueDecl *Decl = nullptr;
  Value Ptr; // Memory: a Pointer value
  QualType Type;
};

using Env = std::map<const ValueDecl *, Value>;

/// Control-flow summary of a statement.
struct Flow {
  bool AlwaysExits = false; // every path ends in return/break/continue
  const char *ExitKind = nullptr;
};

//===----------------------------------------------------------------------===//
// Helpers on the AST
//===----------------------------------------------------------------------===//

static const clang::Expr *strip(const clang::Expr *E) {
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

static bool isCudaVectorTypeName(StringRef N, unsigned &Width) {
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
static std::optional<SymExpr> builtinIndex(const clang::Expr *E) {
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

static bool isBarrierName(StringRef N) {
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

class Interpreter {
public:
  Interpreter(ASTContext &Ctx, KernelFacts &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out) {}

  /// Host-side mode: only launch sites are wanted.
  std::function<void(const CUDAKernelCallExpr *, Interpreter &)> OnLaunch;
  bool HostMode = false;

  void runKernel(const FunctionDecl &FD);
  void runHostFunction(const FunctionDecl &FD);

  Value eval(const clang::Expr *E);
  std::string text(const clang::Expr *E) const;
  SourceLoc loc(SourceLocation L) const;

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  KernelFacts &Out;

  Env Vars;
  std::vector<GuardRef> Guards;
  std::vector<unsigned> LoopStack;
  CallChain Calls;
  std::vector<const FunctionDecl *> CallStack;
  unsigned DryRun = 0; // > 0: nothing is recorded
  unsigned NextBranch = 0, NextLoop = 0;
  std::set<std::string> UsedNames;
  std::map<std::string, SymbolFacts> SymbolInfo;
  std::set<const VarDecl *> SeenShared;
  // The value returned by the device function being inlined.
  std::optional<Value> ReturnValue;
  bool MultipleReturns = false;
  unsigned FreshCounter = 0;

  bool recording() const { return DryRun == 0 && !HostMode; }

  // Symbols
  std::string uniqueName(const std::string &Base);
  SymExpr unknownSymbol(const std::string &Name, bool ThreadDep,
                     const std::string &Why, SourceLocation L);
  void unknownFact(const std::string &Why, SourceLocation L);
  void noteSymbol(const SymExpr &S, const std::string &Origin, SourceLocation L);

  // Statements
  Flow exec(const Stmt *S);
  Flow execCompound(const CompoundStmt *CS);
  Flow execIf(const IfStmt *IS);
  Flow execLoop(const Stmt *Loop, const Stmt *Init, const clang::Expr *Cond,
                const clang::Expr *Inc, const Stmt *Body, const char *Kind);
  void execDecl(const VarDecl *VD);
  Flow execSwitch(const SwitchStmt *SS);

  // Expressions
  LValue evalLValue(const clang::Expr *E);
  Value load(const LValue &LV, const clang::Expr *E);
  void recordAccess(const LValue &LV, const clang::Expr *E, bool Read,
                    bool Write, bool Atomic = false);
  Value evalBinary(const BinaryOperator *BO);
  Value evalUnary(const UnaryOperator *UO);
  Value evalCall(const CallExpr *CE);
  Value evalConstruct(const CXXConstructExpr *CE);
  Value evalChildren(const clang::Expr *E, const std::string &Why);
  Value assign(const LValue &LV, const Value &V, const clang::Expr *E);
  Value inlineCall(const FunctionDecl *Callee, const CallExpr *CE,
                   std::vector<Value> Args);
  SymExpr asExpr(const Value &V, const clang::Expr *E);
  Value pointerArith(const Value &Ptr, const Value &Off, QualType PointeeTy,
                     bool Subtract);
  void recordBarrier(StringRef Name, SourceLocation L);
  void recordSharedBuffer(const VarDecl *VD);
  Value rootOf(const VarDecl *VD);
  unsigned typeSize(QualType T) const;
  void collectAssigned(const Stmt *S, std::set<const ValueDecl *> &Assigned);
  void havoc(const std::set<const ValueDecl *> &Assigned);
  void finishSymbols();
  Env mergeEnvs(const SymExpr &Cond, const Env &Then, const Env &Else);
};

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

/// Matches a loop update of \p Var and returns how it changes.
struct UpdateInfo {
  const VarDecl *Var = nullptr;
  std::string Text;
};

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
  if (Opc == BO_Assign) {
    Value V = eval(BO->getRHS());
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
    return assign(LV, V, BO->getLHS());
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
  exec(Callee->getBody());
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

//===----------------------------------------------------------------------===//
// Whole-file driver
//===----------------------------------------------------------------------===//

static std::string kernelName(const FunctionDecl &FD, std::string &TArgs) {
  std::string Full;
  llvm::raw_string_ostream OS(Full);
  PrintingPolicy PP(FD.getASTContext().getLangOpts());
  PP.SuppressUnwrittenScope = true;
  FD.getNameForDiagnostic(OS, PP, /*Qualified=*/true);
  OS.flush();
  std::string Plain = FD.getQualifiedNameAsString();
  TArgs = Full.size() > Plain.size() ? Full.substr(Plain.size()) : "";
  return Full;
}

class KernelCollector : public RecursiveASTVisitor<KernelCollector> {
public:
  explicit KernelCollector(ASTContext &Ctx) : SM(Ctx.getSourceManager()) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  std::vector<const FunctionDecl *> Kernels;
  std::vector<const FunctionTemplateDecl *> UninstantiatedTemplates;
  std::vector<const FunctionDecl *> Launchers;

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (SM.isInSystemHeader(FD->getLocation()))
      return true;
    if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext() ||
        FD->isInvalidDecl())
      return true;
    if (FD->hasAttr<CUDAGlobalAttr>())
      Kernels.push_back(FD);
    return true;
  }
  bool VisitFunctionTemplateDecl(FunctionTemplateDecl *TD) {
    const FunctionDecl *FD = TD->getTemplatedDecl();
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody() ||
        SM.isInSystemHeader(TD->getLocation()))
      return true;
    bool Any = false;
    for (const FunctionDecl *Spec : TD->specializations())
      Any |= Spec->hasBody();
    if (!Any)
      UninstantiatedTemplates.push_back(TD);
    return true;
  }
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Current = Saved;
    return R;
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *FD) {
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool R = RecursiveASTVisitor::TraverseCXXMethodDecl(FD);
    Current = Saved;
    return R;
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *) {
    if (Current && !Current->isDependentContext() &&
        !SM.isInSystemHeader(Current->getLocation()) &&
        SeenLaunchers.insert(Current).second)
      Launchers.push_back(Current);
    return true;
  }

private:
  const SourceManager &SM;
  const FunctionDecl *Current = nullptr;
  std::set<const FunctionDecl *> SeenLaunchers;
};

static void collectLaunchBounds(const FunctionDecl &FD, ASTContext &Ctx,
                                KernelFacts &K) {
  const auto *LB = FD.getAttr<CUDALaunchBoundsAttr>();
  if (!LB)
    return;
  auto EvalInt = [&](const clang::Expr *E) -> std::optional<int64_t> {
    if (!E || E->isValueDependent())
      return std::nullopt;
    clang::Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    return std::nullopt;
  };
  LaunchBounds B;
  if (auto M = EvalInt(LB->getMaxThreads()))
    B.MaxThreadsPerBlock = *M;
  B.MinBlocksPerSM = EvalInt(LB->getMinBlocks());
  B.MaxBlocksPerCluster = EvalInt(LB->getMaxBlocks());
  K.Bounds = B;
}

/// Reads the `// warplint: ...` comments in the comment lines right above
/// the kernel (its template header included).
static void collectAnnotations(const FunctionDecl &FD, ASTContext &Ctx,
                               KernelFacts &K) {
  const SourceManager &SM = Ctx.getSourceManager();
  const FunctionDecl *Pattern = FD.getTemplateInstantiationPattern();
  const Decl *D = Pattern ? Pattern : &FD;
  if (const FunctionTemplateDecl *T =
          cast<FunctionDecl>(D)->getDescribedFunctionTemplate())
    D = T;
  SourceLocation Begin = SM.getExpansionLoc(D->getBeginLoc());
  if (Begin.isInvalid())
    return;
  FileID File = SM.getFileID(Begin);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return;
  unsigned Line = SM.getSpellingLineNumber(Begin);
  std::vector<AnnotationFacts> Found;
  // Walk up over comment lines (and blank ones between them).
  for (unsigned L = Line; L > 1; --L) {
    SourceLocation LS = SM.translateLineCol(File, L - 1, 1);
    unsigned Off = SM.getFileOffset(LS);
    StringRef Rest = Buffer.substr(Off);
    StringRef Text = Rest.take_until([](char C) { return C == '\n'; });
    StringRef T = Text.trim();
    if (T.empty())
      continue;
    if (!T.starts_with("//"))
      break;
    StringRef Body = T.drop_front(2).trim();
    if (!Body.consume_front("warplint:"))
      continue;
    AnnotationFacts A;
    A.Text = Body.trim().str();
    PresumedLoc P = SM.getPresumedLoc(LS);
    A.Loc.File = P.isValid() ? P.getFilename() : "";
    A.Loc.Line = L - 1;
    A.Loc.Column = Text.find("//") + 1;
    Found.push_back(A);
  }
  K.Annotations.assign(Found.rbegin(), Found.rend());
}

} // namespace

KernelFacts extractKernelFacts(const FunctionDecl &Kernel, ASTContext &Ctx) {
  KernelFacts K;
  K.Name = kernelName(Kernel, K.TemplateArgs);
  Interpreter I(Ctx, K);
  K.Loc = I.loc(Kernel.getLocation());
  for (const ParmVarDecl *P : Kernel.parameters()) {
    ParamFacts PF;
    PF.Name = P->getName().str();
    QualType T = P->getType();
    PF.Type = T.getAsString(Ctx.getPrintingPolicy());
    PF.Loc = I.loc(P->getLocation());
    PF.Restrict = T.isRestrictQualified();
    if (T->isPointerType()) {
      PF.IsPointer = true;
      QualType PT = T->getPointeeType();
      PF.PointeeConst = PT.isConstQualified();
      if (!PT->isIncompleteType() && !PT->isVoidType() &&
          PT->isConstantSizeType())
        PF.PointeeSize = Ctx.getTypeSizeInChars(PT).getQuantity();
    }
    K.Params.push_back(PF);
  }
  collectLaunchBounds(Kernel, Ctx, K);
  collectAnnotations(Kernel, Ctx, K);
  I.runKernel(Kernel);
  return K;
}

void extractFileFacts(ASTContext &Ctx, FileFacts &Out) {
  KernelCollector C(Ctx);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());

  std::map<const FunctionDecl *, size_t> Index;
  for (const FunctionDecl *FD : C.Kernels) {
    const FunctionDecl *Canon = FD->getCanonicalDecl();
    if (Index.count(Canon))
      continue;
    Index[Canon] = Out.Kernels.size();
    Out.Kernels.push_back(extractKernelFacts(*FD, Ctx));
  }
  for (const FunctionTemplateDecl *TD : C.UninstantiatedTemplates) {
    KernelFacts Dummy;
    Interpreter I(Ctx, Dummy);
    Out.Unknowns.push_back(
        {"kernel template '" + TD->getNameAsString() +
             "' is never instantiated in this file: launch it or instantiate "
             "it explicitly to analyse it",
         I.loc(TD->getLocation())});
  }

  // Launch sites: each host function holding one is interpreted for the
  // values of its launch configurations.
  for (const FunctionDecl *Host : C.Launchers) {
    KernelFacts Scratch;
    Interpreter I(Ctx, Scratch);
    I.OnLaunch = [&](const CUDAKernelCallExpr *CE, Interpreter &In) {
      const FunctionDecl *Kernel = CE->getDirectCallee();
      if (!Kernel)
        return;
      auto It = Index.find(Kernel->getCanonicalDecl());
      if (It == Index.end())
        return;
      LaunchSiteFacts L;
      std::string TA;
      L.Kernel = kernelName(*Kernel, TA);
      L.Caller = Host->getQualifiedNameAsString();
      L.Loc = In.loc(CE->getBeginLoc());
      if (const CallExpr *Cfg = CE->getConfig()) {
        auto Dim = [&](unsigned I, std::optional<Dim3Value> &D,
                       std::string &Text) {
          if (I >= Cfg->getNumArgs())
            return;
          Text = In.text(Cfg->getArg(I));
          Value V = In.eval(Cfg->getArg(I));
          if (V.Kind == Value::Dim3) {
            D = Dim3Value{V.D[0], V.D[1], V.D[2]};
          } else if (V.Kind == Value::Scalar) {
            D = Dim3Value{V.E, SymExpr(1), SymExpr(1)};
          }
        };
        Dim(0, L.Grid, L.GridText);
        Dim(1, L.Block, L.BlockText);
        if (Cfg->getNumArgs() > 2 && !isa<CXXDefaultArgExpr>(Cfg->getArg(2))) {
          Value S = In.eval(Cfg->getArg(2));
          if (S.Kind == Value::Scalar)
            L.SharedBytes = S.E;
        } else {
          L.SharedBytes = SymExpr(0);
        }
        if (Cfg->getNumArgs() > 3 && !isa<CXXDefaultArgExpr>(Cfg->getArg(3)))
          L.Stream = In.text(Cfg->getArg(3));
      }
      for (unsigned A = 0; A < CE->getNumArgs() && A < Kernel->getNumParams();
           ++A) {
        LaunchArg LA;
        LA.Param = Kernel->getParamDecl(A)->getName().str();
        LA.Text = In.text(CE->getArg(A));
        Value V = In.eval(CE->getArg(A));
        if (V.Kind == Value::Scalar)
          LA.Value = V.E;
        L.Args.push_back(LA);
      }
      Out.Kernels[It->second].LaunchSites.push_back(L);
    };
    I.runHostFunction(*Host);
  }
}

} // namespace warplint
