//===- InterpreterPort.cpp - A sequential loop nest run as a kernel -------===//
//
// `warplint --port` (docs/port.md, CGPredict Sec. 3.2): the loops chosen to
// become threads run once, their induction variable
// start + step x (blockIdx.d * blockDim.d + threadIdx.d) and their condition
// the guard a CUDA port puts around the body (`if (i < N)`).
//
//===----------------------------------------------------------------------===//
#include "Frontend/Interpreter.h"

#include <algorithm>

namespace warplint {
namespace detail {

const ValueDecl *portInductionVar(const ForStmt *FS, ASTContext &Ctx,
                                  int64_t &Step) {
  const ValueDecl *IV = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
    if (DS->isSingleDecl())
      IV = dyn_cast<VarDecl>(DS->getSingleDecl());
  } else if (const auto *BO =
                 dyn_cast_or_null<BinaryOperator>(FS->getInit())) {
    if (BO->getOpcode() == BO_Assign) {
      if (const auto *D = dyn_cast<DeclRefExpr>(strip(BO->getLHS())))
        IV = D->getDecl();
    } else if (BO->getOpcode() == BO_Comma) {
      // `for (k = 0, t = 0; k < n; k++)`: the variable the condition tests.
      const auto *C = dyn_cast_or_null<BinaryOperator>(
          FS->getCond() ? strip(FS->getCond()) : nullptr);
      const auto *CV =
          C && C->isComparisonOp()
              ? dyn_cast<DeclRefExpr>(strip(C->getLHS())->IgnoreImpCasts())
              : nullptr;
      std::vector<const BinaryOperator *> Parts{BO};
      while (!Parts.empty() && CV && !IV) {
        const BinaryOperator *P = Parts.back();
        Parts.pop_back();
        if (P->getOpcode() == BO_Comma) {
          for (const clang::Expr *Side : {P->getLHS(), P->getRHS()})
            if (const auto *Q = dyn_cast<BinaryOperator>(strip(Side)))
              Parts.push_back(Q);
        } else if (P->getOpcode() == BO_Assign) {
          if (const auto *D = dyn_cast<DeclRefExpr>(strip(P->getLHS())))
            if (D->getDecl() == CV->getDecl())
              IV = D->getDecl();
        }
      }
    }
  }
  if (!IV || !IV->getType()->isIntegerType())
    return nullptr;
  auto Names = [&](const clang::Expr *E) {
    const auto *D = dyn_cast<DeclRefExpr>(strip(E)->IgnoreImpCasts());
    return D && D->getDecl() == IV;
  };
  const clang::Expr *Inc = FS->getInc() ? strip(FS->getInc()) : nullptr;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (!Names(UO->getSubExpr()))
      return nullptr;
    if (UO->isIncrementOp()) {
      Step = 1;
      return IV;
    }
    if (UO->isDecrementOp()) {
      Step = -1;
      return IV;
    }
    return nullptr;
  }
  // `i = i + c`, `i = c + i`, `i = i - c`.
  if (const auto *A = dyn_cast_or_null<BinaryOperator>(Inc);
      A && A->getOpcode() == BO_Assign && Names(A->getLHS())) {
    const auto *R = dyn_cast<BinaryOperator>(strip(A->getRHS())->IgnoreImpCasts());
    if (!R || (R->getOpcode() != BO_Add && R->getOpcode() != BO_Sub))
      return nullptr;
    const clang::Expr *C = nullptr;
    if (Names(R->getLHS()))
      C = R->getRHS();
    else if (R->getOpcode() == BO_Add && Names(R->getRHS()))
      C = R->getLHS();
    std::optional<llvm::APSInt> V =
        C ? C->getIntegerConstantExpr(Ctx) : std::nullopt;
    if (!V || *V == 0)
      return nullptr;
    Step = R->getOpcode() == BO_Add ? V->getExtValue() : -V->getExtValue();
    return IV;
  }
  const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc);
  if (!CA || !Names(CA->getLHS()) ||
      (CA->getOpcode() != BO_AddAssign && CA->getOpcode() != BO_SubAssign))
    return nullptr;
  std::optional<llvm::APSInt> V = CA->getRHS()->getIntegerConstantExpr(Ctx);
  if (!V || *V == 0)
    return nullptr;
  Step = CA->getOpcode() == BO_AddAssign ? V->getExtValue() : -V->getExtValue();
  return IV;
}

static bool holds(const Stmt *S, const Stmt *Target) {
  if (!S)
    return false;
  if (S == Target)
    return true;
  for (const Stmt *C : S->children())
    if (holds(C, Target))
      return true;
  return false;
}

void Interpreter::runPorted(const FunctionDecl &FD, const Stmt *Root) {
  PortRows = true;
  bindKernelParameters(FD);
  if (FD.hasBody())
    execToward(FD.getBody(), Root);
  finishSymbols();
}

Flow Interpreter::execToward(const Stmt *S, const Stmt *Root) {
  if (S == Root)
    return exec(S);
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *C : CS->body()) {
      if (holds(C, Root))
        return execToward(C, Root);
      if (const auto *DS = dyn_cast<DeclStmt>(C)) {
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            if (V->getType()->isArrayType() && V->isLocalVarDecl())
              PortDeviceArrays.insert(V);
        // The host runs it, once per launch at most: its values are bound,
        // its work is not the kernel's (`double u1 = slow(seed);`).
        ++DryRun;
        exec(C);
        --DryRun;
        // A size the host computes in a way warplint does not follow (`int
        // n = atoi(argv[2]);`) is a kernel argument by the variable's
        // name, which --assume gives.
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            if (V->getType()->isIntegralOrEnumerationType() && V->getInit())
              if (auto It = Vars.find(V);
                  It != Vars.end() && It->second.Kind == Value::Scalar &&
                  It->second.E.mentions(SymbolKind::Unknown) &&
                  !It->second.threadDependent()) {
                SymExpr P = SymExpr::symbol(uniqueName(V->getName().str()),
                                            SymbolKind::Param);
                noteSymbol(P,
                           "the value '" + text(V->getInit()) +
                               "' the host computes before the kernel",
                           V->getLocation());
                Vars[V] = Value::scalar(P);
              }
      } else if (const auto *BO =
                     dyn_cast<BinaryOperator>(C->IgnoreContainers())) {
        // `tpb = order;`: a plain assignment to a local, run on the host
        // like a declaration (its value bound, its work not the kernel's).
        const auto *DRE =
            dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
        const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        if (BO->getOpcode() == BO_Assign && V && V->isLocalVarDecl() &&
            !V->isStaticLocal() && V->getType()->isScalarType()) {
          ++DryRun;
          exec(C);
          --DryRun;
        }
      }
    }
    return {};
  }
  if (const auto *FS = dyn_cast<ForStmt>(S)) {
    // A host loop: its variable is a kernel parameter, one value per launch.
    int64_t Step = 1;
    if (const ValueDecl *IV = portInductionVar(FS, Ctx, Step)) {
      // `int i, j;` at the top of the function took the name 'i' for its
      // placeholder ("declared without an initializer"), which the loop's
      // start overwrites: the kernel argument takes the name back, so that
      // --assume='i == ...' and the reports say 'i', not 'i#2'.
      const std::string Base = IV->getName().str();
      auto Old = Vars.find(IV);
      const bool Placeholder =
          Old != Vars.end() && Old->second.Kind == Value::Scalar &&
          Old->second.E.op() == sym::Op::Sym && Old->second.E.name() == Base &&
          Old->second.E.symbolKind() == SymbolKind::Unknown;
      std::string Name = Placeholder ? Base : uniqueName(Base);
      SymExpr P = SymExpr::symbol(Name, SymbolKind::Param);
      noteSymbol(P, "the host loop's variable: one value per launch",
                 FS->getBeginLoc());
      Vars[IV] = Value::scalar(P);
    }
    return execToward(FS->getBody(), Root);
  }
  if (isa<WhileStmt>(S) || isa<DoStmt>(S)) {
    // Not a counted loop: its iterations are not known, and the estimate
    // is of one of them; said, not guessed.
    const SourceManager &SM = Ctx.getSourceManager();
    const std::string Note =
        std::string("the kernel runs once per iteration of the '") +
        (isa<DoStmt>(S) ? "do ... while" : "while") + "' loop at line " +
        std::to_string(SM.getPresumedLineNumber(SM.getFileLoc(S->getBeginLoc()))) +
        ", whose number of iterations is not known: the time is for one of "
        "them (write it as a 'for' loop with a known count to have it "
        "multiplied)";
    if (std::find(Out.PortNotes.begin(), Out.PortNotes.end(), Note) ==
        Out.PortNotes.end())
      Out.PortNotes.push_back(Note);
    if (const auto *WS = dyn_cast<WhileStmt>(S))
      return execToward(WS->getBody(), Root);
    return execToward(cast<DoStmt>(S)->getBody(), Root);
  }
  if (const auto *IS = dyn_cast<IfStmt>(S)) {
    // A host branch around the kernel: whether it is taken is the host's
    // business. Recorded (KernelFacts::PortHostGuards); the port says how
    // it counts the launches (hostGuards in tools/warplint/PortLoops.cpp).
    const bool Then = holds(IS->getThen(), Root);
    const SourceManager &SM = Ctx.getSourceManager();
    {
      ++DryRun;
      Value C = eval(IS->getCond());
      --DryRun;
      KernelFacts::HostGuard G;
      G.Condition = asExpr(C, IS->getCond());
      G.Taken = Then;
      G.Text = text(IS->getCond());
      G.Line = SM.getPresumedLineNumber(SM.getFileLoc(IS->getBeginLoc()));
      Out.PortHostGuards.push_back(std::move(G));
    }
    return execToward(Then ? IS->getThen() : IS->getElse(), Root);
  }
  if (const auto *AS = dyn_cast<AttributedStmt>(S))
    return execToward(AS->getSubStmt(), Root);
  if (const auto *LS = dyn_cast<LabelStmt>(S))
    return execToward(LS->getSubStmt(), Root);
  unknownFact(std::string("the statement '") + S->getStmtClassName() +
                  "' around the loop nest is not followed",
              S->getBeginLoc());
  return {};
}

Flow Interpreter::execParallelLoop(const ForStmt *FS, const SymExpr &Thread) {
  if (FS->getInit())
    exec(FS->getInit());
  int64_t Step = 1;
  const ValueDecl *IV = portInductionVar(FS, Ctx, Step);
  if (!IV || !Vars.count(IV) || Vars[IV].Kind != Value::Scalar) {
    unknownFact("the loop mapped to threads has no induction variable with a "
                "known start and a constant step",
                FS->getBeginLoc());
    return exec(FS->getBody());
  }
  Vars[IV] = Value::scalar(Vars[IV].E + SymExpr(Step) * Thread);
  const clang::Expr *CondE = FS->getCond();
  if (!CondE || UnguardedLoops.count(FS)) {
    exec(FS->getBody());
    if (BarrierAfterLoops.count(FS))
      recordBarrier("__syncthreads", FS->getEndLoc());
    return {};
  }
  SymExpr Cond = asExpr(eval(CondE), CondE);
  recordOp(OpKind::Branch, OpType::Other, FS, FS->getForLoc());
  unsigned Id = recording() ? NextBranch++ : ~0u;
  BranchFacts B = branchFact(Id, BranchKind::If, Cond, CondE, FS->getForLoc());
  size_t Depth = Guards.size();
  Guards.push_back({Id, true});
  exec(FS->getBody());
  Guards.resize(Depth);
  if (recording())
    Out.Branches.push_back(B);
  if (BarrierAfterLoops.count(FS))
    recordBarrier("__syncthreads", FS->getEndLoc());
  return {};
}

} // namespace detail
} // namespace warplint
