//===- InterpreterLoop.cpp - Loops in the facts interpreter --------------===//
//
// A loop runs in two passes: a dry run finds the loop-carried locals that
// grow by a loop-invariant amount (these become start + step * iteration),
// the rest become named unknowns; the recorded pass runs one generic
// iteration. The loop's facts (induction variable, bounds, step, trip count)
// are recorded on the way.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Interpreter.h"

#include <algorithm>

namespace warplint {
namespace detail {

/// Collects the locals a statement may change.
void Interpreter::collectAssigned(const Stmt *S,
                                std::set<const ValueDecl *> &Assigned) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::set<const ValueDecl *> &Found;
    std::map<const ValueDecl *, std::set<std::string>> &Members;
    Finder(std::set<const ValueDecl *> &F,
           std::map<const ValueDecl *, std::set<std::string>> &M)
        : Found(F), Members(M) {}
    void add(const clang::Expr *E) {
      E = strip(E);
      // A member of a local object (`grid.x *= 2`): the object, and which
      // member.
      std::string Member;
      while (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          return;
        Member = ME->getMemberDecl()->getName().str();
        E = strip(ME->getBase());
      }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        Members[DRE->getDecl()].insert(Member.empty() ? "*" : Member);
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
  } F(Assigned, AssignedMembers);
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

/// The dry run: each carried local starts as a placeholder symbol;
/// afterwards those that grew by a loop-invariant amount are affine in the
/// iteration.
void Interpreter::dryRunLoop(const clang::Expr *CondE, const clang::Expr *Inc,
                             const Stmt *Body,
                             const std::set<const ValueDecl *> &Assigned,
                             Env &Before, LoopCarried &LC) {
  const std::vector<const ValueDecl *> &Carried = LC.Carried;
  std::map<const ValueDecl *, SymExpr> &Placeholder = LC.Placeholder,
                                       &Growth = LC.Growth,
                                       &EndValue = LC.EndValue;
  std::map<const ValueDecl *, bool> &EndThreadDep = LC.EndThreadDep;
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
  Vars = std::move(Saved);
  Guards = SavedGuards;
  ReturnValue = SavedRet;
  MultipleReturns = SavedMulti;
  --DryRun;
}

/// The induction variable: a carried local compared in the condition (the
/// first comparison of a chain of &&), with that comparison and the side
/// it stands on.
static const ValueDecl *
findInductionVar(const clang::Expr *CondE,
                 const std::vector<const ValueDecl *> &Carried,
                 const BinaryOperator *&CondCmp, bool &IVOnLeft) {
  const ValueDecl *IV = nullptr;
  if (!CondE)
    return nullptr;
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
  return IV;
}

/// Binds the locals the loop changes for its generic iteration: affine
/// ones in the iteration symbol \p Iter, the others to unknowns.
void Interpreter::bindCarried(LoopCarried &LC, Env &Before,
                              const std::set<const ValueDecl *> &Assigned,
                              const ValueDecl *IV, const SymExpr &Iter,
                              unsigned Id, LoopFacts &LF) {
  const std::vector<const ValueDecl *> &Carried = LC.Carried;
  std::map<const ValueDecl *, SymExpr> &Placeholder = LC.Placeholder,
                                       &Growth = LC.Growth,
                                       &EndValue = LC.EndValue;
  std::map<const ValueDecl *, bool> &EndThreadDep = LC.EndThreadDep;
  std::string IVName = IV ? IV->getName().str() : "";
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
}

/// The trip count of an affine loop from \p S while "iv Opc Bd", by \p St.
static std::optional<SymExpr> affineTripCount(SymExpr S, SymExpr Bd,
                                              SymExpr St,
                                              BinaryOperatorKind Opc) {
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
    return *Trip;
  }
  return std::nullopt;
}

/// Start, bound, step, comparison and trip count of a loop whose induction
/// variable is \p IV, compared in \p CondCmp (if any).
void Interpreter::recordLoopBounds(LoopFacts &LF, LoopCarried &LC, Env &Before,
                                   const ValueDecl *IV,
                                   const BinaryOperator *CondCmp,
                                   bool IVOnLeft, const clang::Expr *Inc,
                                   const Stmt *Body) {
  bool IVAffine = IV && LC.Growth.count(IV);
  const Value &B = Before[IV];
  if (B.Kind == Value::Scalar)
    LF.Start = B.E;
  LF.Affine = IVAffine;
  if (IVAffine)
    LF.Step = LC.Growth[IV];
  if (CondCmp) {
    const clang::Expr *Other = IVOnLeft ? CondCmp->getRHS() : CondCmp->getLHS();
    Env Saved = Vars;
    ++DryRun;
    Value BV = eval(Other);
    --DryRun;
    Vars = std::move(Saved);
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
      if (std::optional<SymExpr> Trip =
              affineTripCount(*LF.Start, *LF.Bound, *LF.Step, Opc))
        LF.TripCount = *Trip;
    } else if (!IVAffine && LF.Start && LF.Bound) {
      // Geometric loops (s >>= 1, s *= 2) with constant ends.
      auto S = LF.Start->asConst(), Bd = LF.Bound->asConst();
      if (S && Bd)
        if (std::optional<int64_t> Count =
                geometricTripCount(IV, Opc, *S, *Bd, Inc, Body))
          LF.TripCount = SymExpr(*Count);
    }
  }
  if (Inc)
    LF.Update = text(Inc);
}

/// The trip count of a geometric loop (s >>= 1, s *= 2) from \p Start while
/// "iv Opc Bound", found by running its update on plain numbers.
std::optional<int64_t>
Interpreter::geometricTripCount(const ValueDecl *IV, BinaryOperatorKind Opc,
                                int64_t Start, int64_t Bound,
                                const clang::Expr *Inc, const Stmt *Body) {
  // Run the update on plain numbers.
  std::optional<int64_t> Count;
  int64_t V = Start, N = 0;
  auto Holds = [&](int64_t X) {
    switch (Opc) {
    case BO_LT: return X < Bound;
    case BO_LE: return X <= Bound;
    case BO_GT: return X > Bound;
    case BO_GE: return X >= Bound;
    case BO_NE: return X != Bound;
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
  Vars = std::move(Saved);
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
  return Count;
}

/// After the loop the locals it changes are unknown (their final values are
/// rarely used as indices); locals declared before the loop keep their
/// post-loop values.
void Interpreter::leaveLoop(const Env &Before,
                            const std::set<const ValueDecl *> &Assigned,
                            unsigned Id) {
  Env After = Before;
  for (const ValueDecl *D : Assigned) {
    auto It = After.find(D);
    if (It == After.end())
      continue;
    if (It->second.Kind == Value::Pointer && !D->getType()->isPointerType())
      continue;
    bool TD = It->second.threadDependent() ||
              (Vars.count(D) && Vars[D].threadDependent());
    if (D->getType()->isIntegralOrEnumerationType()) {
      It->second = Value::scalar(unknownSymbol(
          D->getName().str() + "@after_loop" + std::to_string(Id), TD,
          "value after a loop", D->getLocation()));
    } else if (It->second.Kind == Value::Dim3 &&
               !AssignedMembers[D].count("*")) {
      // A dim3 whose components a loop sets (`for (grid.x = 1; grid.x <
      // n; grid.x *= 2)`): those are unknown after it, the others kept.
      for (int I = 0; I < 3; ++I)
        if (AssignedMembers[D].count(std::string(1, "xyz"[I])))
          It->second.D[I] = unknownSymbol(
              D->getName().str() + "." + std::string(1, "xyz"[I]) +
                  "@after_loop" + std::to_string(Id),
              TD, "value after a loop", D->getLocation());
    } else if (It->second.Kind == Value::Struct &&
               !AssignedMembers[D].count("*")) {
      // A host struct whose members a loop sets: those are unknown after it.
      for (auto F = It->second.Fields.begin(); F != It->second.Fields.end();)
        F = AssignedMembers[D].count(F->first->getName().str())
                ? It->second.Fields.erase(F)
                : std::next(F);
    } else {
      It->second = Value::unknown(TD);
    }
  }
  for (auto &[D, V] : Vars)
    if (!After.count(D) && Before.count(D))
      After[D] = V;
  Vars = After;
}

Flow Interpreter::execLoopSummary(const clang::Expr *CondE,
                                  const clang::Expr *Inc, const Stmt *Body) {
  Env Before = Vars;
  std::set<const ValueDecl *> Assigned;
  collectAssigned(Body, Assigned);
  if (Inc)
    collectAssigned(Inc, Assigned);
  if (CondE)
    collectAssigned(CondE, Assigned);
  // Every local the loop changes is unknown inside it (as in a dry run),
  // with the thread dependence it came in with.
  for (const ValueDecl *D : Assigned)
    if (Vars.count(D) &&
        !(Vars[D].Kind == Value::Pointer && !D->getType()->isPointerType()))
      Vars[D] = Value::unknown(Vars[D].threadDependent());
  size_t GuardDepth = Guards.size();
  if (CondE)
    eval(CondE);
  exec(Body);
  Guards.resize(GuardDepth);
  if (Inc)
    eval(Inc);
  leaveLoop(Before, Assigned, ~0u);
  return {};
}

Flow Interpreter::execLoop(const Stmt *Loop, const Stmt *Init,
                           const clang::Expr *CondE, const clang::Expr *Inc,
                           const Stmt *Body, const char *Kind) {
  if (auto P = ParallelLoops.find(Loop); P != ParallelLoops.end())
    return execParallelLoop(cast<ForStmt>(Loop), P->second);
  if (Init)
    exec(Init);
  // Inside another loop's dry run nothing is recorded, and that run only
  // needs what this loop does to the locals: one pass over the body with
  // every local it changes unknown. Doing this loop's own dry run there
  // too would run the body of the n-th nested loop 2^n times.
  if (DryRun > 0)
    return execLoopSummary(CondE, Inc, Body);
  if (HostMode)
    if (std::optional<Flow> F =
            execHostLoop(Loop, CondE, Inc, Body, isa<DoStmt>(Loop)))
      return *F;
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
  LoopCarried LC;
  for (const ValueDecl *D : Assigned)
    if (Before.count(D) && D->getType()->isIntegralOrEnumerationType())
      LC.Carried.push_back(D);
  std::sort(LC.Carried.begin(), LC.Carried.end(),
            [](const ValueDecl *A, const ValueDecl *B) {
              return A->getLocation() < B->getLocation();
            });
  dryRunLoop(CondE, Inc, Body, Assigned, Before, LC);

  // Find the induction variable: a carried affine local in the condition.
  const BinaryOperator *CondCmp = nullptr;
  bool IVOnLeft = true;
  const ValueDecl *IV = findInductionVar(CondE, LC.Carried, CondCmp, IVOnLeft);
  if (!IV && LC.Carried.size() == 1 && Inc)
    IV = LC.Carried.front();

  LoopFacts LF;
  LF.Id = Id;
  LF.Kind = Kind;
  LF.UnrollPragma = PendingUnroll;
  PendingUnroll.reset();
  LF.Loc = loc(Loop->getBeginLoc());
  LF.Calls = Calls;
  LF.Guards = Guards;
  LF.Depth = LoopStack.size();
  if (!LoopStack.empty())
    LF.Parent = LoopStack.back();

  std::string IVName = IV ? IV->getName().str() : "";
  LF.Var = IVName;
  bool IVAffine = IV && LC.Growth.count(IV);
  // The iteration symbol: named after a canonical induction variable
  // (start 0, step 1) so that indices read as written; "<var>.iter" else.
  bool Canonical = IVAffine && Before[IV].Kind == Value::Scalar &&
                   Before[IV].E == SymExpr(0) && LC.Growth[IV] == SymExpr(1);
  std::string IterBase =
      IV ? (Canonical ? IVName : IVName + ".iter")
         : "loop" + std::to_string(Id) + ".iter";
  SymExpr Iter = SymExpr::symbol(uniqueName(IterBase), SymbolKind::LoopIter);
  LF.IterSymbol = Iter.name();
  noteSymbol(Iter, std::string("iteration number of the ") + Kind + " loop",
             Loop->getBeginLoc());

  bindCarried(LC, Before, Assigned, IV, Iter, Id, LF);
  if (IV)
    recordLoopBounds(LF, LC, Before, IV, CondCmp, IVOnLeft, Inc, Body);
  if (LF.Start && LF.Start->isThreadDependent())
    LF.ThreadDependentTripCount = true;
  if (LF.Bound && LF.Bound->isThreadDependent())
    LF.ThreadDependentTripCount = true;
  if (!LF.Bound && IV && LC.EndThreadDep[IV])
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

  leaveLoop(Before, Assigned, Id);
  return {};
}

} // namespace detail
} // namespace warplint
