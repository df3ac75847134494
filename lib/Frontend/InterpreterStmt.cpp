//===- InterpreterStmt.cpp - Statements of the facts interpreter ----------===//
#include "Frontend/Interpreter.h"

#include <algorithm>

namespace warplint {
namespace detail {

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

Flow Interpreter::exec(const Stmt *S) {
  if (!S || PortSkip.count(S))
    return {};
  if (auto It = PortSplit.find(S); It != PortSplit.end()) {
    // One run per copy (lib/Facts/LoopDistribution.cpp).
    std::vector<std::set<const Stmt *>> Copies = std::move(It->second);
    PortSplit.erase(It);
    Flow F;
    for (const std::set<const Stmt *> &Skip : Copies) {
      std::vector<const Stmt *> Added;
      for (const Stmt *T : Skip)
        if (PortSkip.insert(T).second)
          Added.push_back(T);
      F = exec(S);
      for (const Stmt *T : Added)
        PortSkip.erase(T);
    }
    PortSplit[S] = std::move(Copies);
    return F;
  }
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
      // Several returns, or one under a condition of the function's own
      // (the caller's conditions do not make its return conditional).
      if (ReturnValue || Guards.size() > ReturnGuardDepth)
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
  if (const auto *AS = dyn_cast<AttributedStmt>(S)) {
    // `#pragma unroll [N]` before a loop: a LoopHintAttr.
    for (const Attr *A : AS->getAttrs())
      if (const auto *H = dyn_cast<LoopHintAttr>(A)) {
        if (H->getOption() == LoopHintAttr::Unroll)
          PendingUnroll = H->getState() == LoopHintAttr::Disable ? 1u : 0u;
        else if (H->getOption() == LoopHintAttr::UnrollCount)
          if (const clang::Expr *V = H->getValue())
            if (auto N = V->getIntegerConstantExpr(Ctx))
              PendingUnroll = unsigned(std::max<int64_t>(1, N->getExtValue()));
      }
    Flow F = exec(AS->getSubStmt());
    PendingUnroll.reset();
    return F;
  }
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
    if (TV.Kind == Value::Dim3 && EV.Kind == Value::Dim3) {
      // `dim3 grid(64); if (c) grid.x = n;`: each component its own select.
      Value V;
      V.Kind = Value::Dim3;
      for (int I = 0; I < 3; ++I)
        V.D[I] = TV.D[I] == EV.D[I] ? TV.D[I]
                                    : SymExpr::select(Cond, TV.D[I], EV.D[I]);
      R[D] = V;
      continue;
    }
    if (TV.Kind == Value::Struct && EV.Kind == Value::Struct &&
        TV.Root == EV.Root) {
      // A host struct: each member both sides set, its own select.
      Value V = TV;
      V.Fields.clear();
      V.DeviceProps = TV.DeviceProps && EV.DeviceProps;
      for (const auto &[F, X] : TV.Fields)
        if (auto E = EV.Fields.find(F); E != EV.Fields.end())
          V.Fields[F] = X == E->second ? X : SymExpr::select(Cond, X, E->second);
      R[D] = V;
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
  // Host code: the condition, for the launches it guards (hostGuards).
  if (HostMode && !DryRun) {
    Id = unsigned(HostConds.size());
    HostConds.push_back(Cond);
  }
  bool ThenExits = alwaysExits(IS->getThen());

  BranchFacts B = branchFact(
      Id, ThenExits && !IS->getElse() ? BranchKind::EarlyExit : BranchKind::If,
      Cond, CondE, IS->getIfLoc());

  Env Before = Vars;
  size_t Depth = Guards.size();
  Guards.push_back({Id, true});
  Flow TF = exec(IS->getThen());
  Guards.resize(Depth);
  if (TF.ExitKind)
    B.ExitKind = TF.ExitKind;
  if (recording())
    Out.Branches.push_back(B);
  Env AfterThen = std::move(Vars);

  Vars = std::move(Before);
  Flow EF;
  if (const Stmt *Else = IS->getElse()) {
    Guards.push_back({Id, false});
    EF = exec(Else);
    Guards.resize(Depth);
  }
  // Vars now holds what the else side leaves.
  if (TF.AlwaysExits && EF.AlwaysExits)
    return {true, TF.ExitKind};
  if (TF.AlwaysExits) {
    // Everything after this statement runs only where the exit was not
    // taken.
    Guards.push_back({Id, false});
    return {};
  }
  if (EF.AlwaysExits) {
    Vars = std::move(AfterThen);
    Guards.push_back({Id, true});
    return {};
  }
  Vars = mergeEnvs(Cond, AfterThen, Vars);
  return {};
}

Flow Interpreter::execSwitch(const SwitchStmt *SS) {
  if (const Stmt *Init = SS->getInit())
    exec(Init);
  const clang::Expr *CondE = SS->getCond();
  SymExpr Cond = asExpr(eval(CondE), CondE);
  // Host code switching on a known value (`switch (threads) { case 256:
  // kernel<256><<<...>>>; break; ... }`): only the case taken runs.
  if (HostMode)
    if (std::optional<int64_t> K = Cond.asConst())
      if (std::optional<Flow> F = execSwitchCase(SS, *K))
        return *F;
  recordOp(OpKind::Branch, OpType::Other, SS, SS->getSwitchLoc());
  unsigned Id = recording() ? NextBranch++ : ~0u;
  if (recording())
    Out.Branches.push_back(
        branchFact(Id, BranchKind::Switch, Cond, CondE, SS->getSwitchLoc()));
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

std::optional<Flow> Interpreter::execSwitchCase(const SwitchStmt *SS,
                                               int64_t Value) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(SS->getBody());
  if (!Body)
    return std::nullopt;
  auto Matches = [&](const Stmt *S) {
    // A label and the labels it holds (`case 1: case 2: ...`).
    for (const auto *C = dyn_cast<SwitchCase>(S); C;
         C = dyn_cast<SwitchCase>(C->getSubStmt())) {
      const auto *CS = dyn_cast<CaseStmt>(C);
      clang::Expr::EvalResult R;
      if (CS && !CS->getRHS() && CS->getLHS()->EvaluateAsInt(R, Ctx) &&
          R.Val.getInt().getExtValue() == Value)
        return true;
    }
    return false;
  };
  auto Children = Body->body();
  auto Start = std::find_if(Children.begin(), Children.end(), Matches);
  if (Start == Children.end())
    Start = std::find_if(Children.begin(), Children.end(), [](const Stmt *S) {
      return isa<DefaultStmt>(S);
    });
  for (auto It = Start; It != Children.end(); ++It) {
    Flow F = exec(*It);
    if (F.AlwaysExits)
      return F.ExitKind && StringRef(F.ExitKind) == "break" ? Flow{} : F;
  }
  return Flow{};
}

void Interpreter::execDecl(const VarDecl *VD) {
  QualType T = VD->getType();
  if (VD->hasAttr<CUDASharedAttr>() || PortShared.count(VD)) {
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
      // (Through a cast that adds const: `const Pt &q = pts[i];`.)
      LValue LV = evalLValue(strip(Init)->IgnoreImpCasts());
      LV.Type = T.getNonReferenceType();
      if (LV.Kind == LValue::Var) {
        auto It = Vars.find(LV.Decl);
        if (It != Vars.end()) {
          Value Copy = It->second; // Vars[VD] may move It's element
          Vars[VD] = std::move(Copy);
        }
        return;
      }
      if (LV.Kind == LValue::Memory) {
        // A reference to memory: reads and writes through it are accesses
        // of the place it was bound to.
        RefToMemory[VD] = LV;
        if (LV.BoundText.empty())
          RefToMemory[VD].BoundText = text(Init);
        Vars[VD] = Value::unknown(LV.Ptr.E.isThreadDependent());
        return;
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
  // --port: a size the function computes before its loops in a way
  // warplint does not follow (`int n = atoi(argv[2]);`) is one value, a
  // kernel argument by the variable's name, which --assume gives.
  if (PortRows && LoopStack.empty() && !DryRun &&
      T->isIntegralOrEnumerationType() && V.Kind == Value::Scalar &&
      V.E.mentions(SymbolKind::Unknown) && !V.threadDependent()) {
    SymExpr P = SymExpr::symbol(uniqueName(VD->getName().str()),
                                SymbolKind::Param);
    noteSymbol(P, "the value '" + text(Init) + "' the host computes before "
                  "the loops", VD->getLocation());
    V = Value::scalar(P);
  }
  // Host code: int n = atoi(argv[1]) reads better as "n".
  if (HostMode && V.Kind == Value::Scalar && V.E.op() == sym::Op::Sym &&
      V.E.symbolKind() == SymbolKind::Unknown)
    V = Value::scalar(SymExpr::symbol(VD->getName().str(), SymbolKind::Unknown));
  Vars[VD] = V;
}

} // namespace detail
} // namespace warplint
