//===- InterpreterCall.cpp - Calls in the facts interpreter ---------------===//
//
// Calls: barriers, atomics and the other built-ins, device functions
// inlined in the calling context, and constructors.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Interpreter.h"

#include <functional>

#include <algorithm>

namespace warplint {
namespace detail {

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
        // The source may come through a cast adding const.
        const clang::Expr *SrcE = strip(OC->getArg(1))->IgnoreImpCasts();
        LValue Src = evalLValue(SrcE);
        if (Src.Kind == LValue::Memory)
          recordAggregateAccess(Src, SrcE, true, false);
        LValue Dst = evalLValue(OC->getArg(0));
        if (Dst.Kind == LValue::Memory)
          recordAggregateAccess(Dst, OC->getArg(0), false, true);
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
  if (std::optional<Value> V = evalCooperativeGroups(CE, Callee, Name))
    return *V;
  // Any other object's sync(): a barrier.
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

  {
    // Calls that are not inlined below are operations of their own.
    bool Inlined = Callee && Callee->hasBody() && !HostMode &&
                   !Ctx.getSourceManager().isInSystemHeader(Callee->getLocation());
    if (!Inlined)
      recordCallOp(CE, Callee, Name);
  }
  std::vector<Value> Args;
  // An argument that is a place in memory (`a[k + 1]`, `p->x`, `*q`) goes
  // to a reference parameter: the place, not a value read from it.
  std::vector<std::optional<LValue>> RefArgs(CE->getNumArgs());
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const clang::Expr *A = CE->getArg(I);
    // (Through a cast that adds const, `rd(a[k + 1])` for `const float &`.)
    const clang::Expr *S = strip(A)->IgnoreImpCasts();
    const auto *UO = dyn_cast<UnaryOperator>(S);
    const auto *DRE = dyn_cast<DeclRefExpr>(S);
    if (A->isGLValue() &&
        (isa<ArraySubscriptExpr>(S) || isa<MemberExpr>(S) ||
         (UO && UO->getOpcode() == UO_Deref) ||
         (DRE && RefToMemory.count(DRE->getDecl())))) {
      LValue LV = evalLValue(S);
      LV.Type = A->getType();
      if (LV.Kind == LValue::Memory) {
        Args.push_back(Value::unknown(LV.Ptr.E.isThreadDependent()));
        RefArgs[I] = std::move(LV);
        continue;
      }
      if (LV.Kind == LValue::Var) {
        auto It = Vars.find(LV.Decl);
        Args.push_back(It != Vars.end() ? It->second : Value::unknown(false));
        continue;
      }
    }
    Args.push_back(eval(A));
  }
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

  // Host code: the command line as when no argument is given
  // (InterpreterHost.cpp), before any call is followed.
  if (HostMode && Callee &&
      !(HostInline && Callee->getDefinition() &&
        HostInline->count(Callee->getDefinition())))
    if (std::optional<Value> V = commandLineCall(CE, Callee))
      return *V;
  if (HostMode && Callee)
    if (std::optional<Value> V = deviceCall(CE, Callee))
      return *V;
  // Host code: a function that reaches a launch runs with its arguments.
  if (HostMode && HostInline && Callee) {
    const FunctionDecl *Def = nullptr;
    if (Callee->hasBody(Def) && Def && HostInline->count(Def)) {
      PendingRefArgs = std::move(RefArgs);
      return inlineCall(Def, CE, std::move(Args));
    }
  }
  // Host code: the helpers that compute sizes (InterpreterHost.cpp).
  if (HostMode && Callee) {
    if (const FunctionDecl *Def = hostHelper(Callee)) {
      PendingRefArgs = std::move(RefArgs);
      return inlineCall(Def, CE, std::move(Args));
    }
  }
  // Host code: a function of another translation unit of the program.
  if (HostMode && Callee && OnExternalCall && !MuteLaunches &&
      !Callee->isDefined() && Callee->getBuiltinID() == 0 &&
      !Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
    OnExternalCall(CE, Callee, Args, *this);
  // A __device__ function with a body is analysed in the calling context.
  if (Callee && Callee->hasBody() && !HostMode &&
      !Ctx.getSourceManager().isInSystemHeader(Callee->getLocation())) {
    const FunctionDecl *Def = nullptr;
    Callee->hasBody(Def);
    if (Def && Def->getBody()) {
      PendingRefArgs = std::move(RefArgs);
      return inlineCall(Def, CE, std::move(Args));
    }
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
  if (HostMode && Callee)
    forgetOutArguments(CE, Callee);
  if (CE->getType()->isIntegralOrEnumerationType())
    return Value::scalar(unknownSymbol(text(CE), TD,
                                       "value returned by a function call",
                                       CE->getExprLoc()));
  return Value::unknown(TD);
}

namespace {

bool inCooperativeGroups(const Decl *D) {
  for (const DeclContext *C = D ? D->getDeclContext() : nullptr; C;
       C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C))
      if (NS->getName() == "cooperative_groups")
        return true;
  return false;
}

/// What kind of group a cooperative_groups object is.
struct GroupKind {
  enum KindT { None, Block, Tile, Grid, Other } Kind = None;
  int64_t TileSize = 0; ///< Tile: the N of thread_block_tile<N>
};

GroupKind groupKindOf(QualType T) {
  GroupKind G;
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !inCooperativeGroups(RD))
    return G;
  StringRef N = RD->getName();
  if (N == "thread_block") {
    G.Kind = GroupKind::Block;
  } else if (N == "grid_group") {
    G.Kind = GroupKind::Grid;
  } else if (N == "thread_block_tile") {
    G.Kind = GroupKind::Other;
    if (const auto *TS = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
      const TemplateArgumentList &Args = TS->getTemplateArgs();
      if (Args.size() >= 1 && Args[0].getKind() == TemplateArgument::Integral) {
        G.Kind = GroupKind::Tile;
        G.TileSize = Args[0].getAsIntegral().getExtValue();
      }
    }
  } else {
    G.Kind = GroupKind::Other; // thread_group, coalesced_group, ...
  }
  return G;
}

} // namespace

std::optional<Value> Interpreter::evalCooperativeGroups(
    const CallExpr *CE, const FunctionDecl *Callee, StringRef Name) {
  if (!Callee || !inCooperativeGroups(Callee))
    return std::nullopt;
  // The group: the object of a member call, else the first argument
  // (cg::sync(g), cg::thread_rank(g), cg::group_size(g)).
  const clang::Expr *Obj = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    Obj = MC->getImplicitObjectArgument();
  else if (const auto *ME = dyn_cast<MemberExpr>(
               CE->getCallee()->IgnoreParenImpCasts()))
    Obj = ME->getBase(); // a static member called on an object: cta.size()
  else if (CE->getNumArgs() >= 1)
    Obj = CE->getArg(0);
  // The group handles themselves: what matters is their type.
  if (Name == "this_thread_block" || Name == "this_grid" ||
      Name == "tiled_partition" || Name == "this_cluster") {
    for (const clang::Expr *A : CE->arguments())
      eval(A);
    return Value::unknown(false);
  }
  if (!Obj)
    return std::nullopt;
  // The object's own type, before a derived-to-base conversion to the
  // class that declares the method.
  GroupKind G = groupKindOf(Obj->IgnoreParenImpCasts()->getType());
  if (G.Kind == GroupKind::None || G.Kind == GroupKind::Other)
    return std::nullopt;
  const SymExpr Bx = sym::blockDim('x'), By = sym::blockDim('y'),
                Bz = sym::blockDim('z');
  const SymExpr BlockRank = sym::threadIdx('x') + sym::threadIdx('y') * Bx +
                            sym::threadIdx('z') * Bx * By;
  const SymExpr BlockSize = Bx * By * Bz;
  auto Dim3Of = [](SymExpr X, SymExpr Y, SymExpr Z) {
    Value V;
    V.Kind = Value::Dim3;
    V.D[0] = std::move(X);
    V.D[1] = std::move(Y);
    V.D[2] = std::move(Z);
    return V;
  };
  if (Name == "sync") {
    eval(Obj);
    // A tile of a warp or less synchronises its warp, not the block.
    recordBarrier(G.Kind == GroupKind::Tile && G.TileSize <= 32
                      ? "__syncwarp"
                      : "cooperative_groups::sync",
                  CE->getBeginLoc());
    return Value::unknown(false);
  }
  if (Name == "thread_rank") {
    if (G.Kind == GroupKind::Block)
      return Value::scalar(BlockRank);
    if (G.Kind == GroupKind::Tile)
      return Value::scalar(SymExpr::mod(BlockRank, SymExpr(G.TileSize)));
    const SymExpr BlockId = sym::blockIdx('x') +
                            sym::blockIdx('y') * sym::gridDim('x') +
                            sym::blockIdx('z') * sym::gridDim('x') *
                                sym::gridDim('y');
    return Value::scalar(BlockId * BlockSize + BlockRank);
  }
  if (Name == "size" || Name == "num_threads" || Name == "group_size") {
    if (G.Kind == GroupKind::Block)
      return Value::scalar(BlockSize);
    if (G.Kind == GroupKind::Tile)
      return Value::scalar(SymExpr(G.TileSize));
    return Value::scalar(BlockSize * sym::gridDim('x') * sym::gridDim('y') *
                         sym::gridDim('z'));
  }
  if (G.Kind == GroupKind::Tile && Name == "meta_group_rank")
    return Value::scalar(SymExpr::div(BlockRank, SymExpr(G.TileSize)));
  if (G.Kind == GroupKind::Tile && Name == "meta_group_size")
    return Value::scalar(SymExpr::div(BlockSize + SymExpr(G.TileSize - 1),
                                      SymExpr(G.TileSize)));
  if (G.Kind == GroupKind::Block) {
    if (Name == "thread_index")
      return Dim3Of(sym::threadIdx('x'), sym::threadIdx('y'),
                    sym::threadIdx('z'));
    if (Name == "group_index")
      return Dim3Of(sym::blockIdx('x'), sym::blockIdx('y'), sym::blockIdx('z'));
    if (Name == "dim_threads" || Name == "group_dim")
      return Dim3Of(Bx, By, Bz);
  }
  return std::nullopt;
}

Value Interpreter::inlineCall(const FunctionDecl *Callee, const CallExpr *CE,
                              std::vector<Value> Args) {
  std::vector<std::optional<LValue>> RefArgs = std::move(PendingRefArgs);
  PendingRefArgs.clear();
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
  const bool SavedThisIsLocal = ThisIsLocal;
  std::optional<Value> SavedThis = ThisPointer;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    // Whether the object is a thread's own: a local variable (not a
    // reference, static or __shared__), a member of one, or a subobject
    // of `this` when `this` is one (nested method calls).
    std::function<bool(const clang::Expr *)> Local =
        [&](const clang::Expr *O) -> bool {
      O = strip(O)->IgnoreParenImpCasts();
      if (isa<CXXThisExpr>(O))
        return SavedThisIsLocal;
      if (const auto *ME = dyn_cast<MemberExpr>(O)) {
        if (ME->isArrow())
          return isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
                 SavedThisIsLocal;
        return Local(ME->getBase());
      }
      const auto *DRE = dyn_cast<DeclRefExpr>(O);
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (VD && LocalRefs.count(VD))
        return true;
      return VD && VD->isLocalVarDecl() && !VD->isStaticLocal() &&
             !VD->getType()->isReferenceType() &&
             !VD->hasAttr<CUDASharedAttr>();
    };
    ThisIsLocal = Local(MC->getImplicitObjectArgument());
    // An object in memory: `this` points at it.
    SavedThis = ThisPointer;
    ThisPointer.reset();
    if (!ThisIsLocal) {
      const clang::Expr *O = MC->getImplicitObjectArgument();
      const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
      if (ME && ME->isArrow()) {
        Value P = eval(O);
        if (P.Kind == Value::Pointer)
          ThisPointer = P;
      } else {
        // (Through a cast that adds const, for a const method.)
        LValue OL = evalLValue(strip(O)->IgnoreImpCasts());
        if (OL.Kind == LValue::Memory)
          ThisPointer = OL.Ptr;
      }
    }
  }
  size_t GuardDepth = Guards.size();
  const size_t SavedReturnGuardDepth = ReturnGuardDepth;
  ReturnGuardDepth = GuardDepth;
  ReturnValue.reset();
  MultipleReturns = false;

  // Member calls: the object argument comes first in a CXXOperatorCallExpr
  // of a method, and is not a parameter.
  unsigned Shift = 0;
  if (isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee) &&
      !cast<CXXMethodDecl>(Callee)->isStatic())
    Shift = 1;
  // Out-parameters: a non-const reference to a caller's local is copied
  // in and, after the call, out (`void divmod(int i, int d, int &q, int
  // &r)`); a pointer to a caller's local (`divmod(i, d, &q, &r)`) makes `*p`
  // that local, unless the callee assigns p itself or has loops (whose
  // loop-carried analysis follows variables, not what a pointer names).
  std::vector<std::pair<const ValueDecl *, const ValueDecl *>> CopyOut;
  std::vector<const ValueDecl *> AddedLocalRefs;
  std::vector<const ValueDecl *> Aliased;
  std::vector<const ValueDecl *> BoundRefs; // in RefToMemory for the call
  std::set<const ValueDecl *> CalleeAssigns;
  bool CalleeLoops = false;
  auto LocalOf = [&](const clang::Expr *A) -> const ValueDecl * {
    const auto *DRE = dyn_cast<DeclRefExpr>(strip(A->IgnoreParenImpCasts()));
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || VD->hasGlobalStorage() || VD->getType()->isArrayType() ||
        VD->getType()->isReferenceType())
      return nullptr;
    return VD;
  };
  bool HasPointerToLocal = false;
  for (unsigned I = 0; I + Shift < CE->getNumArgs(); ++I) {
    const auto *UO =
        dyn_cast<UnaryOperator>(CE->getArg(I + Shift)->IgnoreParenImpCasts());
    HasPointerToLocal |= UO && UO->getOpcode() == UO_AddrOf;
  }
  if (HasPointerToLocal) {
    collectAssigned(Callee->getBody(), CalleeAssigns);
    struct LoopFinder : RecursiveASTVisitor<LoopFinder> {
      bool Found = false;
      bool VisitForStmt(ForStmt *) { return !(Found = true); }
      bool VisitWhileStmt(WhileStmt *) { return !(Found = true); }
      bool VisitDoStmt(DoStmt *) { return !(Found = true); }
      bool VisitCXXForRangeStmt(CXXForRangeStmt *) { return !(Found = true); }
    } LF;
    LF.TraverseStmt(const_cast<Stmt *>(Callee->getBody()));
    CalleeLoops = LF.Found;
  }
  for (unsigned I = 0; I < Callee->getNumParams(); ++I) {
    const ParmVarDecl *P = Callee->getParamDecl(I);
    if (I + Shift < Args.size()) {
      Value V = Args[I + Shift];
      const clang::Expr *A = CE->getArg(I + Shift);
      QualType PT = P->getType();
      if (PT->isReferenceType() && I + Shift < RefArgs.size() &&
          RefArgs[I + Shift]) {
        // Bound to a place in memory: the callee's reads and writes
        // through it are accesses of that place.
        RefToMemory[P] = *RefArgs[I + Shift];
        if (RefToMemory[P].BoundText.empty())
          RefToMemory[P].BoundText = text(A);
        BoundRefs.push_back(P);
      } else if (PT->isReferenceType() &&
          !PT.getNonReferenceType().isConstQualified()) {
        if (const ValueDecl *L = LocalOf(A)) {
          CopyOut.push_back({P, L});
          if (PT.getNonReferenceType()->isRecordType())
            if (const auto *LV = dyn_cast<VarDecl>(L);
                LV && !LV->hasAttr<CUDASharedAttr>() &&
                (LV->isLocalVarDecl() || LocalRefs.count(LV)))
              AddedLocalRefs.push_back(P);
        }
      } else if (PT->isPointerType()) {
        const auto *UO = dyn_cast<UnaryOperator>(A->IgnoreParenImpCasts());
        const ValueDecl *L = UO && UO->getOpcode() == UO_AddrOf
                                 ? LocalOf(UO->getSubExpr())
                                 : nullptr;
        if (L && !CalleeLoops && !CalleeAssigns.count(P) &&
            !PT->getPointeeType()->isRecordType()) {
          PointsToLocal[P] = L;
          Aliased.push_back(P);
        }
      }
      Vars[P] = V;
    } else if (P->hasDefaultArg()) {
      Vars[P] = eval(P->getDefaultArg());
    }
  }
  LocalRefs.insert(AddedLocalRefs.begin(), AddedLocalRefs.end());
  Calls.push_back(loc(CE->getBeginLoc()));
  CallStack.push_back(Callee);
  unsigned SavedInstance = InlineInstance;
  InlineInstance = ++NextInlineInstance;
  exec(Callee->getBody());
  InlineInstance = SavedInstance;
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
  Env After = Env::restrict(std::move(Vars), Saved);
  // What the callee wrote through an out-parameter (a local whose address
  // was taken is not in Saved: `&q` drops q).
  for (const ValueDecl *P : BoundRefs)
    RefToMemory.erase(P);
  for (const ValueDecl *P : Aliased) {
    const ValueDecl *L = PointsToLocal[P];
    PointsToLocal.erase(P);
    if (Saved.count(L))
      continue; // restrict() took the callee's value already
    if (auto It = Vars.find(L); It != Vars.end())
      After[L] = It->second;
  }
  for (const auto &[P, L] : CopyOut) {
    if (auto It = Vars.find(P); It != Vars.end())
      After[L] = It->second;
    else
      After.erase(L);
  }
  Vars = std::move(After);
  Guards.resize(GuardDepth);
  ReturnValue = SavedRet;
  MultipleReturns = SavedMulti;
  ReturnGuardDepth = SavedReturnGuardDepth;
  ThisIsLocal = SavedThisIsLocal;
  ThisPointer = SavedThis;
  for (const ValueDecl *P : AddedLocalRefs)
    LocalRefs.erase(P);
  return Result;
}

Value Interpreter::evalConstruct(const CXXConstructExpr *CE) {
  if (std::optional<Value> S = hostRecord(CE))
    return *S;
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
    // float4 v = in[i]: a read of the whole vector; a struct's copy
    // (`P t = p[k + 1]`, a by-value argument) reads its fields as nvcc
    // does (recordAggregateAccess). The source may come through a cast
    // adding const.
    const clang::Expr *Src = strip(CE->getArg(0))->IgnoreImpCasts();
    LValue LV = evalLValue(Src);
    if (LV.Kind == LValue::Memory) {
      recordAggregateAccess(LV, Src, true, false);
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

} // namespace detail
} // namespace warplint
