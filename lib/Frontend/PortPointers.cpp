//===- PortPointers.cpp - Pointers and struct members of a port -----------===//
//
// `warplint --port` (docs/port.md): the members a function reads through
// a struct pointer parameter and never writes (readOnlyMembers), and what
// its local pointers are set from (pointerSources). Declared in
// PortScalars.h.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Interpreter.h"
#include "Frontend/PortScalars.h"

#include <set>

using namespace clang;

namespace warplint {
namespace detail {

static void membersWritten(const Stmt *S, std::set<std::string> &Fields,
                           std::set<const ValueDecl *> &Passed) {
  if (!S)
    return;
  auto MemberOf = [](const clang::Expr *E) -> const MemberExpr * {
    return dyn_cast<MemberExpr>(strip(E));
  };
  if (const clang::Expr *Lhs = writtenLhs(S))
    if (const MemberExpr *ME = MemberOf(Lhs))
      Fields.insert(ME->getMemberDecl()->getName().str());
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->getOpcode() == UO_AddrOf)
      if (const MemberExpr *ME = MemberOf(UO->getSubExpr()))
        Fields.insert(ME->getMemberDecl()->getName().str());
  if (const auto *CE = dyn_cast<CallExpr>(S))
    for (const clang::Expr *A : CE->arguments())
      if (const auto *D = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts()))
        Passed.insert(D->getDecl());
  for (const Stmt *C : S->children())
    membersWritten(C, Fields, Passed);
}

void readOnlyMembers(const FunctionDecl &F, std::set<std::string> &Out) {
  std::set<std::string> Fields;
  std::set<const ValueDecl *> Passed;
  membersWritten(F.getBody(), Fields, Passed);
  for (const ParmVarDecl *P : F.parameters()) {
    const QualType T = P->getType();
    if (!T->isPointerType() || !T->getPointeeType()->isRecordType() ||
        Passed.count(P) || writesVar(F.getBody(), P))
      continue;
    const auto *RD = T->getPointeeType()->getAsRecordDecl();
    if (!RD)
      continue;
    for (const FieldDecl *FD : RD->fields())
      if ((FD->getType()->isIntegralOrEnumerationType() ||
           FD->getType()->isPointerType()) &&
          !Fields.count(FD->getName().str()))
        Out.insert(P->getName().str() + "->" + FD->getName().str());
  }
}

static void namedPointers(const Stmt *S, std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      if (V->getType()->isPointerType() || V->getType()->isArrayType())
        Out.insert(V);
  for (const Stmt *C : S->children())
    namedPointers(C, Out);
}

static void pointerSets(const Stmt *S,
                        std::map<const VarDecl *, std::set<const VarDecl *>> &To) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (V->getType()->isPointerType() && V->getInit())
          namedPointers(V->getInit(), To[V]);
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp())
      if (const auto *D = dyn_cast<DeclRefExpr>(strip(BO->getLHS())))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
          if (V->getType()->isPointerType() && !isa<ParmVarDecl>(V))
            namedPointers(BO->getRHS(), To[V]);
  for (const Stmt *C : S->children())
    pointerSets(C, To);
}

void pointerSources(const FunctionDecl &F,
                    std::map<std::string, std::vector<std::string>> &Out) {
  std::map<const VarDecl *, std::set<const VarDecl *>> To;
  pointerSets(F.getBody(), To);
  for (const auto &[V, Direct] : To) {
    std::set<const VarDecl *> All, Work(Direct.begin(), Direct.end());
    while (!Work.empty()) {
      const VarDecl *X = *Work.begin();
      Work.erase(Work.begin());
      if (X == V || !All.insert(X).second)
        continue;
      if (auto It = To.find(X); It != To.end())
        Work.insert(It->second.begin(), It->second.end());
    }
    std::vector<std::string> &Names = Out[V->getName().str()];
    for (const VarDecl *X : All)
      Names.push_back(X->getName().str());
  }
}

} // namespace detail
} // namespace warplint
