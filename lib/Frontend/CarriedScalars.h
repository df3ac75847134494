//===- CarriedScalars.h - Scalars a port's loop carries ---------*- C++ -*-===//
//
// `warplint --port` (docs/port.md): the scalars a loop's body writes, which
// of them it reads before a write that always runs (carried from one
// iteration to the next), and whether those are sums (a parallel
// reduction). Used by PortExtractor.cpp only.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CARRIEDSCALARS_H
#define WARPLINT_FRONTEND_CARRIEDSCALARS_H

#include "Frontend/Interpreter.h"
#include "Frontend/PortScalars.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <set>
#include <string>
#include <vector>

namespace warplint {
namespace detail {

/// The scalar locals declared outside \p FS that its body writes and reads
/// before writing (in source order): carried from one iteration to the next
/// (`sum += a[i]` with `sum` declared before the loop).
class CarriedScalars {
public:
  CarriedScalars(const ForStmt *FS, const ValueDecl *IV, ASTContext &Ctx)
      : FS(FS), IV(IV), SM(Ctx.getSourceManager()), Ctx(Ctx) {}
  /// Over the body, or only the statements \p Parts of it (a copy made by
  /// loop distribution).
  std::string firstCarried(const std::vector<const Stmt *> *Parts = nullptr) {
    if (Parts)
      for (const Stmt *S : *Parts)
        walk(S, true);
    else
      walk(FS->getBody(), true);
    for (const ValueDecl *V : Order)
      if (Written.count(V) && ReadFirst.count(V))
        return V->getName().str();
    return "";
  }
  /// The structs declared outside the loop that its body writes, member by
  /// member or whole, and reads only where this iteration has set what it
  /// reads (`d.x = a[i]; ... d.x`), their address never taken: each
  /// iteration's own, like a scalar written before it is read. Call after
  /// firstCarried.
  std::set<const VarDecl *> privateStructs() const {
    std::set<const VarDecl *> R;
    for (const VarDecl *V : StructsWritten)
      if (!StructsReadFirst.count(V) && !StructsEscaping.count(V))
        R.insert(V);
    return R;
  }
  /// The structs of privateStructs, by name (their value after the loop
  /// is the last iteration's, like writtenNames' scalars).
  std::vector<std::string> privateStructNames() const {
    std::vector<std::string> R;
    for (const VarDecl *V : privateStructs())
      R.push_back(V->getName().str());
    return R;
  }
  /// The scalars declared outside the loop that its body writes, but for
  /// the induction variables of loops inside it: their value after the
  /// loop is the last iteration's.
  std::vector<std::string> writtenNames() const {
    std::vector<std::string> R;
    for (const ValueDecl *V : Order)
      if (Written.count(V) && !InnerIVs.count(V))
        R.push_back(V->getName().str());
    return R;
  }
  /// The carried scalars when every use of each in the loop is a sum
  /// (`s += e`, `s -= e`, `s = s + e`, `s = e + s`, `s = s - e`, e free of
  /// s): a parallel reduction can run the loop. Empty otherwise.
  std::vector<const VarDecl *> sumReductions() {
    std::vector<const VarDecl *> Sums;
    for (const ValueDecl *V : Order)
      if (Written.count(V) && ReadFirst.count(V)) {
        if (!SumUse.count(V) || OtherUse.count(V))
          return {};
        Sums.push_back(cast<VarDecl>(V));
      }
    return Sums;
  }

private:
  const ForStmt *FS;
  const ValueDecl *IV;
  const SourceManager &SM;
  ASTContext &Ctx;
  std::vector<const ValueDecl *> Order;

  /// Whether the loop's body runs at least once: `for (v = a; v < b; ...)`
  /// (or <=, >, >=) with a and b integer constants that pass the test.
  bool runsOnce(const ForStmt *L) const {
    const auto *C = dyn_cast_or_null<BinaryOperator>(L->getCond());
    if (!C || !C->isComparisonOp())
      return false;
    const clang::Expr *Start = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(L->getInit())) {
      if (DS->isSingleDecl())
        if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl()))
          Start = V->getInit();
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(L->getInit())) {
      if (BO->getOpcode() == BO_Assign)
        Start = BO->getRHS();
    }
    clang::Expr::EvalResult A, B;
    if (!Start || !Start->EvaluateAsInt(A, Ctx) ||
        !C->getRHS()->EvaluateAsInt(B, Ctx))
      return false;
    const llvm::APSInt &X = A.Val.getInt(), &Y = B.Val.getInt();
    switch (C->getOpcode()) {
    case BO_LT: return X < Y;
    case BO_LE: return X <= Y;
    case BO_GT: return X > Y;
    case BO_GE: return X >= Y;
    default: return false;
    }
  }
  std::set<const ValueDecl *> Seen, Written, ReadFirst;
  /// Structs declared outside (privateStructs).
  std::set<const VarDecl *> StructsWritten, StructsReadFirst, StructsEscaping;
  /// Uses as a sum's accumulator, and any other use.
  std::set<const ValueDecl *> SumUse, OtherUse;
  /// Variables declared outside that loops inside take as their induction
  /// variable (`int i, j;` at the top of the function).
  std::set<const ValueDecl *> InnerIVs;

  /// `V + e`, `e + V` or `V - e` with V the tracked \p V: e, else nullptr.
  const clang::Expr *sumOperand(const clang::Expr *E, const VarDecl *V) const {
    const auto *BO = dyn_cast<BinaryOperator>(strip(E)->IgnoreImpCasts());
    if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub))
      return nullptr;
    if (tracked(BO->getLHS()) == V)
      return BO->getRHS();
    if (BO->getOpcode() == BO_Add && tracked(BO->getRHS()) == V)
      return BO->getLHS();
    return nullptr;
  }

  const VarDecl *tracked(const clang::Expr *E) const {
    const auto *D = dyn_cast<DeclRefExpr>(strip(E)->IgnoreImpCasts());
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (!V || V == IV || isa<ParmVarDecl>(V) || !V->isLocalVarDecl() ||
        !V->getType()->isScalarType() || V->getType()->isPointerType())
      return nullptr;
    // Declared inside the loop: private to an iteration.
    if (SM.isBeforeInTranslationUnit(FS->getBeginLoc(), V->getLocation()) &&
        SM.isBeforeInTranslationUnit(V->getLocation(), FS->getEndLoc()))
      return nullptr;
    return V;
  }
  /// A read of a scalar that no write always run before it in the
  /// iteration has set (Definite) reads the previous iteration's value.
  void event(const VarDecl *V, bool Write) {
    if (Seen.insert(V).second)
      Order.push_back(V);
    if (!Write && !Definite.count(V))
      ReadFirst.insert(V);
    if (Write) {
      Written.insert(V);
      Definite.insert(V);
    }
  }
  /// The scalars written on every path so far: a branch's writes count
  /// after it only when every branch makes them; a loop's body's not at
  /// all (it may not run).
  std::set<const ValueDecl *> Definite;
  /// The same for the members of structs declared outside: a struct and
  /// the path of the member set ("" for the whole struct, "x", "p.x").
  std::set<std::pair<const VarDecl *, std::string>> DefiniteMembers;
  void walkBranches(const Stmt *A, const Stmt *B, bool Discarded) {
    const std::set<const ValueDecl *> Before = Definite;
    const auto BeforeM = DefiniteMembers;
    walk(A, Discarded);
    const std::set<const ValueDecl *> AfterA = Definite;
    const auto AfterAM = DefiniteMembers;
    Definite = Before;
    DefiniteMembers = BeforeM;
    walk(B, Discarded);
    std::set<const ValueDecl *> Both = Before;
    auto BothM = BeforeM;
    if (A && B) {
      for (const ValueDecl *V : AfterA)
        if (Definite.count(V))
          Both.insert(V);
      for (const auto &M : AfterAM)
        if (DefiniteMembers.count(M))
          BothM.insert(M);
    }
    Definite = std::move(Both);
    DefiniteMembers = std::move(BothM);
  }
  void walkMaybe(const Stmt *S, bool Discarded) {
    const std::set<const ValueDecl *> Before = Definite;
    const auto BeforeM = DefiniteMembers;
    walk(S, Discarded);
    Definite = Before;
    DefiniteMembers = BeforeM;
  }

  /// `d`, `d.x`, `d.p.x` with d a local struct declared outside the loop:
  /// d, and the member's path ("" for d itself).
  const VarDecl *trackedStruct(const clang::Expr *E, std::string &Path) const {
    E = strip(E)->IgnoreImpCasts();
    Path.clear();
    while (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      Path = ME->getMemberDecl()->getName().str() +
             (Path.empty() ? "" : "." + Path);
      E = strip(ME->getBase())->IgnoreImpCasts();
    }
    const auto *D = dyn_cast<DeclRefExpr>(E);
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (!V || isa<ParmVarDecl>(V) || !V->isLocalVarDecl() ||
        V->isStaticLocal() || !V->getType()->isRecordType())
      return nullptr;
    if (SM.isBeforeInTranslationUnit(FS->getBeginLoc(), V->getLocation()) &&
        SM.isBeforeInTranslationUnit(V->getLocation(), FS->getEndLoc()))
      return nullptr;
    return V;
  }
  /// Whether this iteration has set all of member \p Path of \p V: it,
  /// a struct around it, or every member inside it.
  bool setAll(const VarDecl *V, const std::string &Path, QualType T) const {
    if (DefiniteMembers.count({V, ""}) ||
        (!Path.empty() && DefiniteMembers.count({V, Path})))
      return true;
    for (size_t P = Path.find('.'); P != std::string::npos;
         P = Path.find('.', P + 1))
      if (DefiniteMembers.count({V, Path.substr(0, P)}))
        return true;
    const auto *RD = T->getAsRecordDecl();
    if (!RD || RD->field_empty() || RD->isUnion())
      return false;
    for (const FieldDecl *F : RD->fields())
      if (!setAll(V,
                  (Path.empty() ? "" : Path + ".") + F->getName().str(),
                  F->getType()))
        return false;
    return true;
  }
  void structRead(const VarDecl *V, const std::string &Path, QualType T) {
    if (!setAll(V, Path, T))
      StructsReadFirst.insert(V);
  }
  void structWrite(const VarDecl *V, const std::string &Path) {
    StructsWritten.insert(V);
    DefiniteMembers.insert({V, Path});
  }
  /// \p Discarded: S is a statement whose value is not used (a sum's
  /// update must be one: `x = (s += e)` reads s).
  void walk(const Stmt *S, bool Discarded = false) {
    if (!S)
      return;
    std::string Path;
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      if (BO->isAssignmentOp())
        if (const VarDecl *V = trackedStruct(BO->getLHS(), Path)) {
          if (BO->isCompoundAssignmentOp())
            structRead(V, Path, BO->getLHS()->getType());
          walk(BO->getRHS());
          structWrite(V, Path);
          return;
        }
    if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp())
        if (const VarDecl *V = trackedStruct(UO->getSubExpr(), Path)) {
          structRead(V, Path, UO->getSubExpr()->getType());
          structWrite(V, Path);
          return;
        }
      if (UO->getOpcode() == UO_AddrOf)
        if (const VarDecl *V = trackedStruct(UO->getSubExpr(), Path)) {
          StructsEscaping.insert(V);
          return;
        }
    }
    // `d = e` of a struct type: an operator= call in C++.
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S))
      if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
        if (const VarDecl *V = trackedStruct(OC->getArg(0), Path)) {
          walk(OC->getArg(1));
          structWrite(V, Path);
          return;
        }
    if (const auto *E = dyn_cast<clang::Expr>(S))
      if (const VarDecl *V = trackedStruct(E, Path)) {
        structRead(V, Path, E->getType());
        return;
      }
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (const VarDecl *V = tracked(BO->getLHS())) {
        if (BO->getOpcode() == BO_Assign) {
          if (const clang::Expr *Term = sumOperand(BO->getRHS(), V)) {
            (Discarded ? SumUse : OtherUse).insert(V);
            event(V, false);
            event(V, true);
            walk(Term);
            return;
          }
          OtherUse.insert(V);
          walk(BO->getRHS());
          event(V, true);
          return;
        }
        if (BO->isCompoundAssignmentOp()) {
          (Discarded && (BO->getOpcode() == BO_AddAssign ||
                         BO->getOpcode() == BO_SubAssign)
               ? SumUse
               : OtherUse)
              .insert(V);
          event(V, false);
          event(V, true);
          walk(BO->getRHS());
          return;
        }
      }
    }
    // `c++;` is a sum of ones (a count).
    if (const auto *UO = dyn_cast<UnaryOperator>(S))
      if (UO->isIncrementDecrementOp())
        if (const VarDecl *V = tracked(UO->getSubExpr())) {
          (Discarded ? SumUse : OtherUse).insert(V);
          event(V, false);
          event(V, true);
          return;
        }
    if (const auto *E = dyn_cast<clang::Expr>(S))
      if (const VarDecl *V = tracked(E)) {
        OtherUse.insert(V);
        event(V, false);
        return;
      }
    if (const auto *IS = dyn_cast<IfStmt>(S)) {
      walk(IS->getInit(), true);
      walk(IS->getCond());
      walkBranches(IS->getThen(), IS->getElse(), true);
      return;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(S)) {
      walk(CO->getCond());
      walkBranches(CO->getTrueExpr(), CO->getFalseExpr(), false);
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      if (BO->isLogicalOp()) {
        walk(BO->getLHS());
        walkMaybe(BO->getRHS(), false);
        return;
      }
    if (const auto *FS2 = dyn_cast<ForStmt>(S)) {
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS2->getInit()))
        if (BO->getOpcode() == BO_Assign)
          if (const VarDecl *V = tracked(BO->getLHS()))
            InnerIVs.insert(V);
      walk(FS2->getInit(), true);
      walk(FS2->getCond());
      const std::set<const ValueDecl *> Before = Definite;
      const auto BeforeM = DefiniteMembers;
      walk(FS2->getInc(), true);
      walk(FS2->getBody(), true);
      // A body that may not run sets nothing for sure; nor one that a
      // `break` or `continue` (or a jump out) may cut short before a write.
      if (!runsOnce(FS2) || leavesLoop(FS2->getBody(), true)) {
        Definite = Before;
        DefiniteMembers = BeforeM;
      }
      return;
    }
    if (const auto *WS = dyn_cast<WhileStmt>(S)) {
      walk(WS->getCond());
      walkMaybe(WS->getBody(), true);
      return;
    }
    if (const auto *SS = dyn_cast<SwitchStmt>(S)) {
      walk(SS->getCond());
      walkMaybe(SS->getBody(), true);
      return;
    }
    const bool Block = isa<CompoundStmt>(S) || isa<WhileStmt>(S) ||
                       isa<DoStmt>(S) || isa<AttributedStmt>(S) ||
                       isa<LabelStmt>(S);
    for (const Stmt *C : S->children()) {
      // A loop's or if's condition is read.
      const bool Cond = (isa<WhileStmt>(S) && C == cast<WhileStmt>(S)->getCond()) ||
                        (isa<DoStmt>(S) && C == cast<DoStmt>(S)->getCond());
      walk(C, Block && !Cond);
    }
  }
};

} // namespace detail
} // namespace warplint

#endif
