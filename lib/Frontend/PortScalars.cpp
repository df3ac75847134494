//===- PortScalars.cpp - Scalars and exits of a port's loops --------------===//
//
// See PortScalars.h.
//
//===----------------------------------------------------------------------===//
#include "Frontend/PortScalars.h"
#include "Frontend/Interpreter.h"

#include "clang/AST/ParentMapContext.h"

#include <algorithm>

namespace warplint {
namespace detail {

namespace {

/// The scalars a body statement \p S writes and reads that are declared
/// outside it, by name, for loop distribution (BodyPart); what it declares
/// (scalar or array) counts as written, for the statements after it use
/// it. Induction variables of `for` loops are left out.
class PartScalars {
public:
  PartScalars(const Stmt *S, const SourceManager &SM,
              const std::set<const VarDecl *> &Taken)
      : S(S), SM(SM), Taken(Taken) {}
  void run(BodyPart &P) {
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Written.insert(V->getName().str());
    visit(S, false);
    for (const std::string &N : IVs) {
      Written.erase(N);
      Read.erase(N);
    }
    P.ScalarsWritten.assign(Written.begin(), Written.end());
    P.ScalarsRead.assign(Read.begin(), Read.end());
  }

private:
  const Stmt *S;
  const SourceManager &SM;
  /// The locals whose address the function takes: a local pointer may
  /// name them (`ps = &s`; `*ps` is s).
  const std::set<const VarDecl *> &Taken;
  std::set<std::string> Written, Read, IVs;
  /// What a local pointer may point at: one name for all of it, used by
  /// every access through a local pointer and every use of a variable in
  /// Taken, so that statements sharing it stay together.
  static constexpr const char *Pointee = "*(a local's address)";

  /// `*p`, `p[i]`, `p->f` with p a local pointer (not a parameter).
  static bool throughLocalPointer(const clang::Expr *E) {
    E = strip(E);
    const clang::Expr *B = nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      B = UO->getOpcode() == UO_Deref ? UO->getSubExpr() : nullptr;
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      B = AS->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      B = ME->isArrow() ? ME->getBase() : nullptr;
    const auto *D = B ? dyn_cast<DeclRefExpr>(B->IgnoreParenImpCasts()) : nullptr;
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    return V && V->getType()->isPointerType() && !isa<ParmVarDecl>(V) &&
           V->isLocalVarDecl();
  }

  const VarDecl *outside(const clang::Expr *E) const {
    const auto *D = dyn_cast<DeclRefExpr>(strip(E)->IgnoreImpCasts());
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (!V)
      return nullptr;
    if (SM.isBeforeInTranslationUnit(S->getBeginLoc(), V->getLocation()) &&
        SM.isBeforeInTranslationUnit(V->getLocation(), S->getEndLoc()))
      return nullptr;
    return V;
  }
  void visit(const Stmt *T, bool Write) {
    if (!T)
      return;
    if (!Taken.empty()) {
      if (const auto *BO = dyn_cast<BinaryOperator>(T))
        if (BO->isAssignmentOp() && throughLocalPointer(BO->getLHS())) {
          Written.insert(Pointee);
          if (BO->isCompoundAssignmentOp())
            Read.insert(Pointee);
        }
      if (const auto *UO = dyn_cast<UnaryOperator>(T))
        if (UO->isIncrementDecrementOp() && throughLocalPointer(UO->getSubExpr())) {
          Written.insert(Pointee);
          Read.insert(Pointee);
        }
      if (const auto *E = dyn_cast<clang::Expr>(T))
        if (throughLocalPointer(E))
          Read.insert(Pointee);
      if (const auto *E = dyn_cast<clang::Expr>(T))
        if (const auto *D = dyn_cast<DeclRefExpr>(strip(E)->IgnoreImpCasts()))
          if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && Taken.count(V))
            (Write ? Written : Read).insert(Pointee);
      auto TakenVar = [&](const clang::Expr *E) {
        const auto *D = dyn_cast<DeclRefExpr>(strip(E));
        const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
        return V && Taken.count(V);
      };
      if (const auto *BO = dyn_cast<BinaryOperator>(T))
        if (BO->isAssignmentOp() && TakenVar(BO->getLHS()))
          Written.insert(Pointee);
      if (const auto *UO = dyn_cast<UnaryOperator>(T))
        if (UO->isIncrementDecrementOp() && TakenVar(UO->getSubExpr()))
          Written.insert(Pointee);
    }
    if (const auto *FS = dyn_cast<ForStmt>(T)) {
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit()))
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            IVs.insert(V->getName().str());
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit()))
        if (const VarDecl *V = outside(BO->getLHS()))
          IVs.insert(V->getName().str());
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(T))
      if (BO->isAssignmentOp()) {
        // A member of a struct variable: the variable is written.
        const clang::Expr *L = strip(BO->getLHS());
        while (const auto *ME = dyn_cast<MemberExpr>(L)) {
          if (ME->isArrow())
            break;
          L = strip(ME->getBase());
        }
        if (L != strip(BO->getLHS()))
          if (const VarDecl *V = outside(L)) {
            Written.insert(V->getName().str());
            Read.insert(V->getName().str());
            visit(BO->getRHS(), false);
            return;
          }
        if (const VarDecl *V = outside(BO->getLHS())) {
          Written.insert(V->getName().str());
          if (BO->isCompoundAssignmentOp())
            Read.insert(V->getName().str());
          visit(BO->getRHS(), false);
          return;
        }
      }
    if (const auto *UO = dyn_cast<UnaryOperator>(T))
      if (UO->isIncrementDecrementOp())
        if (const VarDecl *V = outside(UO->getSubExpr())) {
          Written.insert(V->getName().str());
          Read.insert(V->getName().str());
          return;
        }
    if (const auto *UO = dyn_cast<UnaryOperator>(T))
      if (UO->getOpcode() == UO_AddrOf)
        if (const VarDecl *V = outside(UO->getSubExpr())) {
          // Its address escapes: taken as written too.
          Written.insert(V->getName().str());
          Read.insert(V->getName().str());
          return;
        }
    if (const auto *E = dyn_cast<clang::Expr>(T))
      if (const VarDecl *V = outside(E)) {
        (Write ? Written : Read).insert(V->getName().str());
        return;
      }
    // A call: the globals its body (and the calls in it) reads and writes
    // are this statement's too (`y[i] = getg(x[i]); g = x[i];` stay
    // together).
    if (const auto *CE = dyn_cast<CallExpr>(T))
      if (const FunctionDecl *FD = CE->getDirectCallee()) {
        std::set<const FunctionDecl *> Seen;
        calleeGlobals(FD, Seen, 0);
      }
    for (const Stmt *C : T->children())
      visit(C, false);
  }
  void calleeGlobals(const FunctionDecl *FD, std::set<const FunctionDecl *> &Seen,
                     unsigned Depth) {
    const FunctionDecl *Def = nullptr;
    if (!FD || Depth > 8 || !FD->hasBody(Def) || !Def ||
        !Seen.insert(Def).second)
      return;
    std::vector<const Stmt *> Work{Def->getBody()};
    while (!Work.empty()) {
      const Stmt *X = Work.back();
      Work.pop_back();
      if (!X)
        continue;
      if (const auto *D = dyn_cast<DeclRefExpr>(X))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
          if (V->hasGlobalStorage() && !V->getType().isConstQualified()) {
            // Read or written: both, as the callee's order is not followed.
            Written.insert(V->getName().str());
            Read.insert(V->getName().str());
          }
      if (const auto *CE = dyn_cast<CallExpr>(X))
        calleeGlobals(CE->getDirectCallee(), Seen, Depth + 1);
      for (const Stmt *C : X->children())
        Work.push_back(C);
    }
  }
};

} // namespace

void partScalars(const Stmt *S, const SourceManager &SM,
                 const std::set<const VarDecl *> &Taken, BodyPart &P) {
  PartScalars(S, SM, Taken).run(P);
}

/// The first statement in \p S that leaves the loop it is the body of: a
/// `break` or `continue` not inside an inner loop (`break` not inside a
/// `switch` either), a `return`, a `goto`; nullptr when none. With
/// \p ContinueToo false, a `continue` does not count.
const Stmt *leavesLoop(const Stmt *S, bool ContinueToo, bool InLoop,
                       bool InSwitch) {
  if (!S)
    return nullptr;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S))
    return S;
  if (isa<BreakStmt>(S))
    return InLoop || InSwitch ? nullptr : S;
  if (isa<ContinueStmt>(S))
    return InLoop || !ContinueToo ? nullptr : S;
  const bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S);
  const bool Switch = isa<SwitchStmt>(S);
  for (const Stmt *C : S->children())
    if (const Stmt *R =
            leavesLoop(C, ContinueToo, InLoop || Loop, InSwitch || Switch))
      return R;
  return nullptr;
}

/// The local variables \p S reads, by declaration.
const clang::Expr *writtenLhs(const Stmt *S) {
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(S))
    if (BO->isAssignmentOp())
      return BO->getLHS();
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(S))
    if (UO->isIncrementDecrementOp())
      return UO->getSubExpr();
  return nullptr;
}

void readVars(const Stmt *S, std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      Out.insert(V);
  for (const Stmt *C : S->children())
    readVars(C, Out);
}

/// Every reference to a variable in \p S: where, and whether it is the
/// left side of a plain assignment whose right side does not read it (the
/// reference writes without reading).
struct VarRef {
  SourceLocation Loc;
  bool OnlyWrites = false;
  const DeclRefExpr *Ref = nullptr;
};
static void collectRefs(const Stmt *S, const VarDecl *V,
                        std::vector<VarRef> &Out) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->getOpcode() == BO_Assign)
      if (const auto *D = dyn_cast<DeclRefExpr>(strip(BO->getLHS())))
        if (D->getDecl() == V) {
          std::vector<VarRef> Rhs;
          collectRefs(BO->getRHS(), V, Rhs);
          Out.push_back({D->getLocation(), Rhs.empty(), D});
          Out.insert(Out.end(), Rhs.begin(), Rhs.end());
          return;
        }
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    if (D->getDecl() == V)
      Out.push_back({D->getLocation(), false, D});
  for (const Stmt *C : S->children())
    collectRefs(C, V, Out);
}

/// Where \p V's value after the loop \p FS is read: the first reference
/// after the loop that reads it, or a read inside a loop around FS (its
/// next iteration may read the value FS left); an invalid location when
/// the value is dead (the first reference after FS overwrites it).
SourceLocation readAfter(const VarDecl *V, const ForStmt *FS,
                         const FunctionDecl &F, const std::vector<const Stmt *> &Around,
                         ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<VarRef> Refs;
  collectRefs(F.getBody(), V, Refs);
  auto Inside = [&](SourceLocation L, const Stmt *S) {
    return !SM.isBeforeInTranslationUnit(L, S->getBeginLoc()) &&
           !SM.isBeforeInTranslationUnit(S->getEndLoc(), L);
  };
  // A write kills the value for the reads after it in the branch or loop
  // it runs in (its context); with no such construct between it and FS's
  // level, for all the reads after it.
  auto Context = [&](const VarRef &R) -> const Stmt * {
    DynTypedNode N = DynTypedNode::create(*R.Ref);
    for (int Depth = 0; Depth < 64; ++Depth) {
      auto Ps = Ctx.getParents(N);
      if (Ps.empty())
        return nullptr;
      N = Ps[0];
      const Stmt *S = N.get<Stmt>();
      if (!S || holdsStmt(S, FS))
        return nullptr;
      if (isa<IfStmt>(S) || isa<SwitchStmt>(S) || isa<ConditionalOperator>(S) ||
          isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<ForStmt>(S))
        return S;
      if (const auto *BO = dyn_cast<BinaryOperator>(S))
        if (BO->isLogicalOp())
          return S;
    }
    return FS; // too deep: kills nothing outside FS
  };
  // The first read, in \p Refs' order, that no earlier write kills.
  auto Exposed = [&](std::vector<const VarRef *> V) -> SourceLocation {
    std::sort(V.begin(), V.end(), [&](const VarRef *A, const VarRef *B) {
      return SM.isBeforeInTranslationUnit(A->Loc, B->Loc);
    });
    std::vector<const Stmt *> Killed;
    for (const VarRef *R : V) {
      if (R->OnlyWrites) {
        const Stmt *C = Context(*R);
        if (!C)
          return SourceLocation();
        Killed.push_back(C);
        continue;
      }
      if (std::none_of(Killed.begin(), Killed.end(), [&](const Stmt *C) {
            return holdsStmt(C, R->Ref);
          }))
        return R->Loc;
    }
    return SourceLocation();
  };
  std::vector<const VarRef *> After;
  for (const VarRef &R : Refs)
    if (!Inside(R.Loc, FS) && SM.isBeforeInTranslationUnit(FS->getEndLoc(), R.Loc))
      After.push_back(&R);
  if (SourceLocation L = Exposed(After); L.isValid())
    return L;
  // In a loop around it, before it: what its next iteration reads.
  for (const Stmt *A : Around) {
    std::vector<const VarRef *> Before;
    for (const VarRef &R : Refs)
      if (Inside(R.Loc, A) && !Inside(R.Loc, FS) &&
          SM.isBeforeInTranslationUnit(R.Loc, FS->getBeginLoc()))
        Before.push_back(&R);
    if (SourceLocation L = Exposed(Before); L.isValid())
      return L;
  }
  return SourceLocation();
}

/// Whether \p Target is \p S or inside it.
bool holdsStmt(const Stmt *S, const Stmt *Target) {
  if (!S)
    return false;
  if (S == Target)
    return true;
  for (const Stmt *C : S->children())
    if (holdsStmt(C, Target))
      return true;
  return false;
}

static void addressTaken(const Stmt *S, std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->getOpcode() == UO_AddrOf)
      if (const auto *D = dyn_cast<DeclRefExpr>(strip(UO->getSubExpr())))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
          Out.insert(V);
  for (const Stmt *C : S->children())
    addressTaken(C, Out);
}

void addressTakenLocals(const FunctionDecl &F, std::set<const VarDecl *> &Out) {
  std::set<const VarDecl *> All;
  addressTaken(F.getBody(), All);
  for (const VarDecl *V : All)
    if (V->isLocalVarDecl() && !V->getType()->isArrayType())
      Out.insert(V);
}

/// The written target of an assignment's left side, or of ++/--: a
/// variable, or the struct variable whose member it is.
static const VarDecl *target(const clang::Expr *E, bool &Member) {
  Member = false;
  E = strip(E);
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return nullptr; // through a pointer: memory, not a variable
    Member = true;
    E = strip(ME->getBase());
  }
  const auto *D = dyn_cast<DeclRefExpr>(E);
  return D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
}

static const Stmt *findShared(const Stmt *S, const ForStmt *FS,
                              const std::set<const VarDecl *> &Taken,
                              const std::set<const VarDecl *> &Private,
                              const SourceManager &SM, std::string &Name,
                              std::string &Kind) {
  if (!S)
    return nullptr;
  const clang::Expr *Lhs = writtenLhs(S);
  if (Lhs) {
    bool Member = false;
    if (const VarDecl *V = target(Lhs, Member)) {
      const bool Outside =
          !(SM.isBeforeInTranslationUnit(FS->getBeginLoc(), V->getLocation()) &&
            SM.isBeforeInTranslationUnit(V->getLocation(), FS->getEndLoc()));
      if (V->hasGlobalStorage() && !V->getType()->isArrayType()) {
        Name = V->getName().str();
        Kind = V->isStaticLocal() ? "a static variable" : "a global variable";
        return S;
      }
      if (Outside && Member && !V->hasGlobalStorage() && !Private.count(V)) {
        Name = V->getName().str();
        Kind = "a struct declared outside the loop, which an iteration "
               "reads before setting it (or whose address it takes)";
        return S;
      }
      if (Outside && !Member && Taken.count(V) &&
          !V->getType()->isArrayType()) {
        Name = V->getName().str();
        Kind = "a variable whose address the function takes";
        return S;
      }
    }
  }
  for (const Stmt *C : S->children())
    if (const Stmt *R = findShared(C, FS, Taken, Private, SM, Name, Kind))
      return R;
  return nullptr;
}

const Stmt *sharedWrite(const std::vector<const Stmt *> &Parts,
                        const ForStmt *FS, const FunctionDecl &F,
                        const SourceManager &SM, std::string &Name,
                        std::string &Kind,
                        const std::set<const VarDecl *> &Private) {
  std::set<const VarDecl *> Taken;
  addressTaken(F.getBody(), Taken);
  for (const Stmt *P : Parts)
    if (const Stmt *R = findShared(P, FS, Taken, Private, SM, Name, Kind))
      return R;
  return nullptr;
}

const Stmt *writesVar(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return nullptr;
  auto Is = [&](const clang::Expr *E) {
    const auto *D = dyn_cast<DeclRefExpr>(strip(E));
    return D && D->getDecl() == V;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() && Is(BO->getLHS()))
      return S;
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if ((UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        Is(UO->getSubExpr()))
      return S;
  for (const Stmt *C : S->children())
    if (const Stmt *R = writesVar(C, V))
      return R;
  return nullptr;
}

static void escaping(const Stmt *S, std::set<std::string> &Out) {
  if (!S)
    return;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
    // The base subscripted (a[i], a[i][j]) is a use as an array.
    const clang::Expr *B = AS->getBase()->IgnoreParenImpCasts();
    if (!isa<DeclRefExpr>(B))
      escaping(B, Out);
    escaping(AS->getIdx(), Out);
    return;
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      if (V->getType()->isArrayType() || V->getType()->isPointerType())
        Out.insert(V->getName().str());
  for (const Stmt *C : S->children())
    escaping(C, Out);
}

static void tablesWritten(const Stmt *S, std::set<const ValueDecl *> &Out) {
  if (!S)
    return;
  const clang::Expr *Lhs = writtenLhs(S);
  if (Lhs) {
    const clang::Expr *Base = nullptr;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(strip(Lhs)))
      Base = AS->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(strip(Lhs)))
      if (UO->getOpcode() == UO_Deref)
        Base = UO->getSubExpr();
    if (Base)
      if (const auto *D = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()))
        Out.insert(D->getDecl());
  }
  for (const Stmt *C : S->children())
    tablesWritten(C, Out);
}

void rowTables(const FunctionDecl &F, const std::set<std::string> &Escaping,
               std::set<std::string> &Out) {
  std::set<const ValueDecl *> Written;
  tablesWritten(F.getBody(), Written);
  for (const ParmVarDecl *P : F.parameters()) {
    const QualType T = P->getType();
    if (!T->isPointerType() || !T->getPointeeType()->isPointerType() ||
        Written.count(P) || Escaping.count(P->getName().str()) ||
        writesVar(F.getBody(), P))
      continue;
    Out.insert(P->getName().str());
  }
}

void escapingArrays(const FunctionDecl &F, std::set<std::string> &Out) {
  escaping(F.getBody(), Out);
}

} // namespace detail
} // namespace warplint
