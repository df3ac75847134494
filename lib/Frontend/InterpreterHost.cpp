//===- InterpreterHost.cpp - Host code: the program as it is run ----------===//
//
// The host side is interpreted for the values its launches take. Beyond
// the functions that reach a launch (HostInline), these rules make the
// values those of the program as it is run by default:
//
// - the command line: main's argc, and each call that reads argv and
//   answers yes or no (`checkCmdLineFlag(argc, argv, "n")`, a bool), is a
//   symbol of its own with the value it has when the program is run
//   without arguments (argc 1, the flag false): a launch whose values
//   depend on them takes each size's default in the code and says so
//   (lib/Facts/Launch.cpp). The host code itself runs with them unknown,
//   so that `if (argc < 3) return usage();` does not end the program;
// - host helpers: a function of the program (not of a system header) that
//   returns a number or writes one through a reference or pointer
//   parameter is run at its call, as a launcher is, within a budget;
// - globals: a global of the file that no code of the file writes, with an
//   initializer, has that value;
// - host loops whose condition is a known number at every iteration (`for
//   (int len = 64; len <= N; len *= 2)`, the loop that halves a size) run
//   iteration by iteration, as the program runs them: the values after the
//   loop are those it leaves, and a launch in the loop is recorded at the
//   first, middle and last iterations (LaunchSiteFacts::Iterations). A
//   loop whose condition is not known, or that exits under a condition
//   that is not, runs as the interpreter runs any loop;
// - calls into a file from the rest of its program: a wrapper that launches
// (`void bitonicSort(..., uint arrayLength)` in bitonicSort.cu) is often
// called from another file (main.cpp). collectExternalCalls runs a
// translation unit's host code from main and records each call it makes to a
// function it only declares, with the values it passes; the provider that a
// tool with the compile database installs (lib/Frontend/Tooling.cpp) gives
// them to extractFileFacts for the file that defines the function.
//
//===----------------------------------------------------------------------===//
#include "Frontend/FactsExtractor.h"
#include "Frontend/Interpreter.h"

#include <mutex>

namespace warplint {
namespace detail {

namespace {
/// Whether \p T is `char **` or `const char **` (argv).
bool isArgvType(QualType T) {
  if (!T->isPointerType())
    return false;
  QualType P = T->getPointeeType();
  return P->isPointerType() && P->getPointeeType()->isAnyCharacterType();
}

class GlobalWrites : public RecursiveASTVisitor<GlobalWrites> {
public:
  std::set<const VarDecl *> &Out;
  explicit GlobalWrites(std::set<const VarDecl *> &Out) : Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  void written(const clang::Expr *E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->hasGlobalStorage() && !VD->isStaticLocal())
          Out.insert(VD->getCanonicalDecl());
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      written(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      written(UO->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    // Passed to a non-const reference parameter.
    if (const FunctionDecl *F = CE->getDirectCallee())
      for (unsigned I = 0; I < CE->getNumArgs() && I < F->getNumParams(); ++I) {
        QualType T = F->getParamDecl(I)->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
          written(CE->getArg(I));
      }
    return true;
  }
};
} // namespace

std::optional<Value> Interpreter::commandLineCall(const CallExpr *CE,
                                                  const FunctionDecl *Callee) {
  if (!CE->getType()->isBooleanType())
    return std::nullopt;
  bool ReadsArgv = false;
  for (const clang::Expr *A : CE->arguments())
    ReadsArgv |= isArgvType(A->IgnoreParenCasts()->getType());
  if (!ReadsArgv)
    return std::nullopt;
  if (Callee && Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
    return std::nullopt;
  const std::string Name = text(CE);
  CommandLine[Name] = 0;
  return Value::scalar(SymExpr::symbol(Name, SymbolKind::Param));
}

const FunctionDecl *Interpreter::hostHelper(const FunctionDecl *Callee) {
  constexpr unsigned MaxHelpers = 1u << 16;
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || !Def || isa<CXXMethodDecl>(Def) ||
      HelpersInlined >= MaxHelpers || Def->isMain() ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()) ||
      Def->hasAttr<CUDAGlobalAttr>() ||
      (Def->hasAttr<CUDADeviceAttr>() && !Def->hasAttr<CUDAHostAttr>()))
    return nullptr;
  auto Number = [](QualType T) {
    return T->isIntegralOrEnumerationType() || T->isRealFloatingType();
  };
  bool Useful = Number(Def->getReturnType());
  for (const ParmVarDecl *P : Def->parameters()) {
    QualType T = P->getType();
    if ((T->isReferenceType() || T->isPointerType()) &&
        !T->getPointeeType().isConstQualified() && Number(T->getPointeeType()))
      Useful = true;
  }
  if (!Useful)
    return nullptr;
  ++HelpersInlined;
  return Def;
}

std::optional<Value> Interpreter::globalInitialValue(const VarDecl *VD) {
  if (!HostMode || !VD->hasGlobalStorage() || VD->isStaticLocal() ||
      !VD->getDeclContext()->getRedeclContext()->isFileContext())
    return std::nullopt;
  QualType T = VD->getType();
  if (!T->isIntegralOrEnumerationType() && !T->isRealFloatingType())
    return std::nullopt;
  const VarDecl *Def = VD->getDefinition();
  const clang::Expr *Init = Def ? Def->getInit() : nullptr;
  // A constant of another file of the program: its value there.
  if (!Def && ExternConstants && T.isConstQualified() &&
      T->isIntegralOrEnumerationType() && VD->getIdentifier())
    if (auto It = ExternConstants->find(VD->getName().str());
        It != ExternConstants->end())
      return Value::scalar(SymExpr(It->second));
  if (!Init)
    return std::nullopt;
  if (!WrittenGlobals) {
    WrittenGlobals.emplace();
    GlobalWrites W(*WrittenGlobals);
    W.TraverseDecl(Ctx.getTranslationUnitDecl());
  }
  if (WrittenGlobals->count(VD->getCanonicalDecl()))
    return std::nullopt;
  // Evaluated where it stands: no local of the code running is in scope.
  Env Saved = std::move(Vars);
  Vars = Env();
  Value V = eval(Init);
  Vars = std::move(Saved);
  if (V.Kind == Value::Scalar && V.E.isConst())
    return V;
  if (V.Real)
    return V;
  return std::nullopt;
}

namespace {
/// Whether \p S holds a return or goto (not in a lambda).
bool leavesFunction(const Stmt *S, bool Returns = true) {
  if (!S)
    return false;
  if ((Returns && isa<ReturnStmt>(S)) || isa<GotoStmt>(S) ||
      isa<IndirectGotoStmt>(S))
    return true;
  if (isa<LambdaExpr>(S))
    return false;
  for (const Stmt *C : S->children())
    if (leavesFunction(C, Returns))
      return true;
  return false;
}

/// Whether a host loop's body is worth running iteration by iteration: it
/// launches, calls a function that does (\p Launchers) or one of another
/// file (\p External), or only computes locals (no call, no store to
/// memory: a loop that finds a size). A loop filling or checking arrays on
/// the CPU is not.
bool worthRunning(const Stmt *S, const std::set<const FunctionDecl *> *Launchers,
                  bool External, const SourceManager &SM, bool &Pure) {
  if (!S)
    return false;
  if (isa<CUDAKernelCallExpr>(S))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *F = CE->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (F && F->hasBody(Def) && Launchers && Launchers->count(Def))
      return true;
    if (F && External && !F->isDefined() && F->getBuiltinID() == 0 &&
        !SM.isInSystemHeader(F->getLocation()))
      return true;
    Pure = false;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() &&
        !isa<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      Pure = false;
  if (isa<CXXOperatorCallExpr>(S) || isa<CXXMemberCallExpr>(S))
    Pure = false;
  for (const Stmt *C : S->children())
    if (worthRunning(C, Launchers, External, SM, Pure))
      return true;
  return false;
}

/// The variables \p S names.
void namedIn(const Stmt *S, std::set<const ValueDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    Out.insert(DRE->getDecl());
  for (const Stmt *C : S->children())
    namedIn(C, Out);
}

/// Whether two runs of a loop body left the locals alike: equal values,
/// or both an unknown of its own (each run names its unknowns afresh).
bool sameEnv(const Env &A, const Env &B) {
  auto Fresh = [](const Value &V) {
    return V.Kind == Value::Scalar && V.E.op() == sym::Op::Sym &&
           V.E.symbolKind() == SymbolKind::Unknown;
  };
  if (A.size() != B.size())
    return false;
  for (auto I = A.begin(), J = B.begin(); I != A.end(); ++I, ++J)
    if (I->first != J->first ||
        !(I->second == J->second || (Fresh(I->second) && Fresh(J->second))))
      return false;
  return true;
}
} // namespace

std::optional<int64_t> Interpreter::hostCondition(const clang::Expr *CondE) {
  SymExpr C = asExpr(eval(CondE), CondE);
  if (std::optional<int64_t> K = C.asConst())
    return K;
  // `for (len = 64; len <= N; len *= 2)` with N = 4096 unless a flag is
  // given: the iterations of the run without arguments (the launches in
  // them keep their values over the flags, which resolve them alike).
  std::map<std::string, SymExpr> Run;
  for (const auto &[Name, V] : CommandLine)
    Run.emplace(Name, SymExpr(V));
  return Run.empty() ? std::nullopt : C.substitute(Run).asConst();
}

std::optional<unsigned>
Interpreter::runHostLoop(const clang::Expr *CondE, const clang::Expr *Inc,
                         const Stmt *Body, bool IsDo, SourceLoc Where,
                         bool &Returned) {
  // Iterations of one loop, and of all loops of a host function run.
  constexpr unsigned MaxTrips = 1u << 16, MaxSteps = 1u << 18;
  const size_t GuardDepth = Guards.size();
  for (unsigned N = 0;; ++N) {
    if (!(IsDo && N == 0)) {
      std::optional<int64_t> C = hostCondition(CondE);
      if (!C)
        return std::nullopt;
      if (!*C)
        return N;
    }
    if (N >= MaxTrips || ++HostLoopSteps > MaxSteps)
      return std::nullopt;
    // Trips 0 until the loop ends (OnHostLoopDone then sets it).
    HostLoops.push_back({Where, N, 0});
    Flow F = exec(Body);
    HostLoops.pop_back();
    // An exit under a condition that is not known: the iterations cannot
    // be told.
    if (Guards.size() != GuardDepth) {
      Guards.resize(GuardDepth);
      return std::nullopt;
    }
    if (F.AlwaysExits && F.ExitKind && StringRef(F.ExitKind) == "break")
      return N + 1;
    if (F.AlwaysExits && F.ExitKind && StringRef(F.ExitKind) == "return") {
      Returned = true; // under known conditions: the function returns here
      return N + 1;
    }
    if (Inc)
      eval(Inc);
  }
}

std::optional<Flow> Interpreter::execHostLoop(const Stmt *Loop,
                                              const clang::Expr *CondE,
                                              const clang::Expr *Inc,
                                              const Stmt *Body, bool IsDo) {
  if (!CondE || leavesFunction(Body, /*Returns=*/false))
    return std::nullopt;
  bool Pure = true;
  if (!worthRunning(Body, HostInline, bool(OnExternalCall),
                    Ctx.getSourceManager(), Pure) &&
      !Pure)
    return std::nullopt;
  const Env Start = Vars;
  const SourceLoc Where = loc(Loop->getBeginLoc());
  // A body that does not name the loop's control variables and leaves the
  // locals as it found them on a second run (a timing loop repeating one
  // launch) runs the same at every iteration: the iterations are counted
  // on the condition and increment alone, and the body is run once.
  std::set<const ValueDecl *> Control, InBody;
  namedIn(CondE, Control);
  namedIn(Inc, Control);
  namedIn(Body, InBody);
  bool Independent = !IsDo && !leavesFunction(Body);
  for (const ValueDecl *D : Control)
    Independent &= !InBody.count(D);
  if (Independent) {
    ++MuteLaunches;
    const size_t GuardDepth = Guards.size();
    exec(Body);
    Env Once = Vars;
    exec(Body);
    bool Steady = Guards.size() == GuardDepth && sameEnv(Once, Vars);
    Guards.resize(GuardDepth);
    Vars = Start;
    unsigned N = 0;
    bool Known = Steady;
    while (Known) {
      std::optional<int64_t> C = hostCondition(CondE);
      if (!C || N >= (1u << 20)) {
        Known = false;
        break;
      }
      if (!*C)
        break;
      ++N;
      if (Inc)
        eval(Inc);
    }
    --MuteLaunches;
    if (Known) {
      // The control variables' final values, then the body once (its
      // launches recorded as the first of N iterations).
      Env After = Vars;
      Vars = Start;
      if (N > 0) {
        HostLoops.push_back({Where, 0, N});
        exec(Body);
        HostLoops.pop_back();
        Guards.resize(GuardDepth);
      }
      for (const ValueDecl *D : Control)
        if (auto It = After.find(D); It != After.end())
          Vars[D] = It->second;
      return Flow{};
    }
    Vars = Start;
  }
  // One run, iteration by iteration; the launches met are kept at the
  // first, middle and last iterations once the count is known
  // (OnHostLoopDone), or all dropped when the loop turns out not to be
  // one of known values (then it runs as any loop).
  const unsigned Depth = unsigned(HostLoops.size());
  const std::optional<Value> StartReturn = ReturnValue;
  const bool StartMultiple = MultipleReturns;
  bool Returned = false;
  std::optional<unsigned> Trips =
      runHostLoop(CondE, Inc, Body, IsDo, Where, Returned);
  if (OnHostLoopDone)
    OnHostLoopDone(Where, Depth, Trips ? *Trips : 0);
  if (!Trips) {
    // The steps spent count: a loop that fails again at each iteration of
    // an outer one must not run forever.
    Vars = Start;
    ReturnValue = StartReturn;
    MultipleReturns = StartMultiple;
    return std::nullopt;
  }
  return Returned ? Flow{true, "return"} : Flow{};
}

void Interpreter::forgetOutArguments(const CallExpr *CE,
                                     const FunctionDecl *Callee) {
  // A call not followed may write the locals it is given by reference or
  // by address (`getSizes(n, blocks, threads)`, `f(&n)`): they are unknown
  // after it.
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams(); ++I) {
    QualType T = Callee->getParamDecl(I)->getType();
    if (!(T->isReferenceType() || T->isPointerType()) ||
        T->getPointeeType().isConstQualified())
      continue;
    const clang::Expr *A = CE->getArg(I)->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(A);
        UO && UO->getOpcode() == UO_AddrOf && T->isPointerType())
      A = UO->getSubExpr()->IgnoreParenImpCasts();
    else if (T->isPointerType())
      continue;
    const auto *DRE = dyn_cast<DeclRefExpr>(A);
    if (!DRE || !Vars.count(DRE->getDecl()))
      continue;
    const ValueDecl *D = DRE->getDecl();
    Vars[D] = D->getType()->isIntegralOrEnumerationType()
                  ? Value::scalar(unknownSymbol(
                        D->getName().str(), false,
                        "written by the call to '" + Name.str() +
                            "', which is not followed",
                        CE->getExprLoc()))
                  : Value::unknown(false);
  }
}

} // namespace detail

using namespace detail;

namespace {
std::mutex ProviderLock;
ExternalCallProvider Provider;

/// The host functions of the program the translation unit defines (not
/// a system header's, not a kernel or device-only function) that reach a
/// call of a function it only declares: they are run at their calls.
class HostFunctions : public RecursiveASTVisitor<HostFunctions> {
public:
  explicit HostFunctions(const SourceManager &SM) : SM(SM) {}
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || Def != FD || SM.isInSystemHeader(FD->getLocation()) ||
        FD->hasAttr<CUDAGlobalAttr>() ||
        (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>()))
      return true;
    if (FD->isMain())
      Main = FD;
    const FunctionDecl *Saved = Current;
    Current = FD;
    RecursiveASTVisitor::TraverseStmt(FD->getBody());
    Current = Saved;
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!Current || !F)
      return true;
    if (const FunctionDecl *Def = F->getDefinition())
      Callers[Def].insert(Current);
    else if (F->getBuiltinID() == 0 && !SM.isInSystemHeader(F->getLocation()))
      Reaching.insert(Current);
    return true;
  }
  /// Reaching, closed over the callers.
  void close() {
    std::vector<const FunctionDecl *> Work(Reaching.begin(), Reaching.end());
    while (!Work.empty()) {
      const FunctionDecl *F = Work.back();
      Work.pop_back();
      for (const FunctionDecl *C : Callers[F])
        if (Reaching.insert(C).second)
          Work.push_back(C);
    }
  }
  const SourceManager &SM;
  const FunctionDecl *Current = nullptr;
  std::map<const FunctionDecl *, std::set<const FunctionDecl *>> Callers;
  std::set<const FunctionDecl *> Reaching;
  const FunctionDecl *Main = nullptr;
};
} // namespace

void setExternalCallProvider(ExternalCallProvider P) {
  std::lock_guard<std::mutex> G(ProviderLock);
  Provider = std::move(P);
}

std::map<std::string, int64_t> exportedConstants(ASTContext &Ctx) {
  // `extern "C" const uint MAX_SHORT_ARRAY_SIZE = 4 * THREADBLOCK_SIZE;`
  std::map<std::string, int64_t> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const Decl *> Top;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (const auto *LS = dyn_cast<LinkageSpecDecl>(D))
      Top.insert(Top.end(), LS->decls_begin(), LS->decls_end());
    else
      Top.push_back(D);
  }
  for (const Decl *D : Top) {
    const auto *VD = dyn_cast<VarDecl>(D);
    Expr::EvalResult R;
    if (VD && VD->getIdentifier() && VD->isExternallyVisible() &&
        VD->getType().isConstQualified() &&
        VD->getType()->isIntegralOrEnumerationType() && VD->getInit() &&
        SM.isInMainFile(VD->getLocation()) &&
        !VD->getInit()->isValueDependent() &&
        VD->getInit()->EvaluateAsInt(R, Ctx))
      Out[VD->getName().str()] = R.Val.getInt().getExtValue();
  }
  return Out;
}

ExternalCallProvider externalCallProvider() {
  std::lock_guard<std::mutex> G(ProviderLock);
  return Provider;
}

std::vector<ExternalCall>
collectExternalCalls(ASTContext &Ctx, const HostDevice *Device,
                     const std::map<std::string, int64_t> &Constants) {
  HostFunctions F(Ctx.getSourceManager());
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  F.close();
  std::vector<ExternalCall> Out;
  if (!F.Main)
    return Out;
  KernelFacts Scratch;
  Interpreter I(Ctx, Scratch);
  I.HostInline = &F.Reaching;
  I.Device = Device;
  I.ExternConstants = &Constants;
  I.OnExternalCall = [&](const CallExpr *CE, const FunctionDecl *Callee,
                         const std::vector<Value> &Args, Interpreter &In) {
    if (In.inDryRun())
      return;
    ExternalCall C;
    C.Function = Callee->getNameAsString();
    for (const Value &V : Args)
      C.Args.push_back(V.Kind == Value::Scalar ? std::optional<sym::Expr>(V.E)
                                               : std::nullopt);
    C.Loc = In.loc(CE->getBeginLoc());
    C.CommandLine = In.commandLine();
    C.Device = In.deviceReads();
    C.Under = In.hostGuards();
    C.Iterations = In.hostIterations();
    Out.push_back(std::move(C));
  };
  // Launches of kernels this file declares but does not define.
  I.OnLaunch = [&](const CUDAKernelCallExpr *CE, Interpreter &In) {
    const FunctionDecl *K = CE->getDirectCallee();
    if (In.inDryRun() || !K || K->isDefined() || !K->getIdentifier() ||
        K->isTemplateInstantiation())
      return;
    ExternalCall C;
    C.Function = K->getNameAsString();
    C.Launch.emplace();
    launchShape(CE, *K, In, *C.Launch);
    C.Launch->Caller = In.currentFunction()
                           ? In.currentFunction()->getQualifiedNameAsString()
                           : "main";
    C.Loc = C.Launch->Loc;
    C.CommandLine = In.commandLine();
    C.Device = In.deviceReads();
    C.Under = In.hostGuards();
    C.Iterations = In.hostIterations();
    Out.push_back(std::move(C));
  };
  // As for launches: the calls in a host loop are kept at its first,
  // middle and last iterations.
  I.OnHostLoopDone = [&](const SourceLoc &Loop, unsigned Depth, unsigned Trips) {
    keepRepresentative(Out, Loop, Depth, Trips);
  };
  I.runHostFunction(*F.Main);
  return Out;
}

} // namespace warplint
