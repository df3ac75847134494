//===- FactsExtractor.cpp - AST to KernelFacts ----------------------------===//
//
// See FactsExtractor.h: finds the kernels and the functions that launch them,
// and runs the interpreter (Interpreter.h) over each.
//
//===----------------------------------------------------------------------===//
#include "Frontend/FactsExtractor.h"
#include "Facts/MergeAccesses.h"
#include "Frontend/Interpreter.h"
#include "Frontend/ParseProblems.h"
#include "llvm/Support/Path.h"

namespace warplint {
using namespace detail;
namespace {

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
  KernelCollector(ASTContext &Ctx, bool SystemHeaders)
      : SM(Ctx.getSourceManager()), SystemHeaders(SystemHeaders) {}
  /// What is in a system header is left out, unless asked for.
  bool skipped(SourceLocation L) const {
    return !SystemHeaders && SM.isInSystemHeader(L);
  }
  bool shouldVisitTemplateInstantiations() const { return true; }

  /// Declarations in system headers (the built-in CUDA header, a toolkit's)
  /// hold no kernel or launch that is analysed (see VisitFunctionDecl):
  /// not walked.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        skipped(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  std::vector<const FunctionDecl *> Kernels, InvalidKernels;
  std::vector<const FunctionTemplateDecl *> UninstantiatedTemplates;
  std::vector<const FunctionDecl *> Launchers;

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (skipped(FD->getLocation()))
      return true;
    if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext())
      return true;
    if (FD->isInvalidDecl()) {
      // A kernel clang could not make sense of (a compile error in its
      // declaration): reported as not analysed.
      if (FD->hasAttr<CUDAGlobalAttr>())
        InvalidKernels.push_back(FD);
      return true;
    }
    if (FD->hasAttr<CUDAGlobalAttr>())
      Kernels.push_back(FD);
    return true;
  }
  bool VisitFunctionTemplateDecl(FunctionTemplateDecl *TD) {
    const FunctionDecl *FD = TD->getTemplatedDecl();
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody() ||
        skipped(TD->getLocation()))
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
        !skipped(Current->getLocation()) &&
        SeenLaunchers.insert(Current).second)
      Launchers.push_back(Current);
    return true;
  }
  /// Host calls between functions of the file: who calls whom, so that a
  /// launch in a helper is interpreted with its callers' arguments.
  bool VisitCallExpr(CallExpr *CE) {
    if (isa<CUDAKernelCallExpr>(CE) || !Current ||
        Current->isDependentContext() || Current->hasAttr<CUDAGlobalAttr>() ||
        (Current->hasAttr<CUDADeviceAttr>() && !Current->hasAttr<CUDAHostAttr>()) ||
        skipped(Current->getLocation()))
      return true;
    const FunctionDecl *Callee = CE->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (!Callee || !Callee->hasBody(Def) || !Def ||
        skipped(Def->getLocation()) || Def->isDependentContext())
      return true;
    Callers[Def].insert(Current);
    return true;
  }
  /// For each function of the file with a body, the functions that call it.
  std::map<const FunctionDecl *, std::set<const FunctionDecl *>> Callers;

private:
  const SourceManager &SM;
  bool SystemHeaders;
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
  return extractFunctionFacts(Kernel, Ctx,
                              [&](Interpreter &I) { I.runKernel(Kernel); });
}

KernelFacts
extractFunctionFacts(const FunctionDecl &Kernel, ASTContext &Ctx,
                     const std::function<void(Interpreter &)> &Run) {
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
  Run(I);
  mergeVectorAccesses(K);
  return K;
}

/// The kernels a launch through a function pointer may call: those named
/// in the callee expression itself (`(f ? k1 : k2)<<<...>>>`), or, for a
/// variable (`kern<<<...>>>` after `void (*kern)(float *) = f ? k1 : k2;`),
/// in its initializer and in every assignment to it in \p Scope.
static std::vector<const FunctionDecl *>
kernelsNamedBy(const clang::Expr *Callee, const Stmt *Scope) {
  struct Refs : RecursiveASTVisitor<Refs> {
    std::vector<const FunctionDecl *> Found;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
        if (FD->hasAttr<CUDAGlobalAttr>() &&
            std::find(Found.begin(), Found.end(), FD) == Found.end())
          Found.push_back(FD);
      return true;
    }
  } R;
  const clang::Expr *E = Callee->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref)
      E = UO->getSubExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD) {
    R.TraverseStmt(const_cast<clang::Expr *>(E));
    return R.Found;
  }
  if (const clang::Expr *Init = VD->getInit())
    R.TraverseStmt(const_cast<clang::Expr *>(Init));
  struct Assigns : RecursiveASTVisitor<Assigns> {
    const VarDecl *V;
    Refs *Into;
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->getOpcode() != BO_Assign)
        return true;
      if (const auto *L = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
        if (L->getDecl() == V)
          Into->TraverseStmt(B->getRHS());
      return true;
    }
  } A;
  A.V = VD;
  A.Into = &R;
  if (Scope)
    A.TraverseStmt(const_cast<Stmt *>(Scope));
  return R.Found;
}

namespace detail {
void launchShape(const CUDAKernelCallExpr *CE, const FunctionDecl &Kernel,
                 Interpreter &In, LaunchSiteFacts &L) {
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
  for (unsigned A = 0; A < CE->getNumArgs() && A < Kernel.getNumParams();
       ++A) {
    LaunchArg LA;
    LA.Param = Kernel.getParamDecl(A)->getName().str();
    LA.Text = In.text(CE->getArg(A));
    Value V = In.eval(CE->getArg(A));
    if (V.Kind == Value::Scalar)
      LA.Value = V.E;
    L.Args.push_back(LA);
  }
}
} // namespace detail

void extractFileFacts(ASTContext &Ctx, FileFacts &Out, bool SystemHeaders,
                      const HostDevice *Device) {
  KernelCollector C(Ctx, SystemHeaders);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());

  // A file with compile errors: what is missing is said, and only the
  // kernels whose own code (and the device functions they call) has no
  // error are analysed.
  const SourceManager &SM = Ctx.getSourceManager();
  std::shared_ptr<const ParseProblems> Problems = parseProblemsOf(SM);
  KernelFacts LocScratch;
  Interpreter Locs(Ctx, LocScratch);
  auto describe = [&](const ParseProblems::Error &E) {
    SourceLoc L = Locs.loc(E.Loc);
    return "the error at " + llvm::sys::path::filename(L.File).str() + ":" +
           std::to_string(L.Line) + ":" + std::to_string(L.Column) + " ('" +
           E.Message + "')";
  };
  if (Problems)
    for (const ParseProblems::Error &T : Problems->Tolerated)
      Out.Unknowns.push_back(
          {StringRef(T.Message).starts_with("initialization is not supported")
               ? "a __shared__ object's constructor is not run (as nvcc "
                 "does not run it); clang 19 calls this an error ('" +
                     T.Message + "')"
               : "a kernel launched from device code (dynamic parallelism) "
                 "is not analysed as a launch; clang 19 does not support it "
                 "('" + T.Message + "')",
           Locs.loc(T.Loc)});
  if (Problems && Problems->any()) {
    Out.Errors = unsigned(Problems->Errors.size());
    for (const ParseProblems::Missing &M : Problems->MissingIncludes)
      Out.MissingIncludes.push_back({M.Name, Locs.loc(M.Loc)});
  }
  std::map<const FunctionDecl *, size_t> Index;
  std::set<const FunctionDecl *> SkippedKernels;
  for (const FunctionDecl *FD : C.InvalidKernels) {
    if (!SkippedKernels.insert(FD->getCanonicalDecl()).second)
      continue;
    ParseProblems::Error Scratch;
    const ParseProblems::Error *E =
        Problems ? errorWithin(*Problems, *FD, SM, Scratch, true) : nullptr;
    std::string TA;
    Out.Skipped.push_back(
        {kernelName(*FD, TA), Locs.loc(FD->getLocation()),
         E ? describe(*E) + " is in its code"
           : std::string("clang found its declaration invalid")});
  }
  for (const FunctionDecl *FD : C.Kernels) {
    const FunctionDecl *Canon = FD->getCanonicalDecl();
    if (Index.count(Canon) || SkippedKernels.count(Canon))
      continue;
    if (Problems && !Problems->Errors.empty()) {
      ParseProblems::Error Scratch;
      const FunctionDecl *In = nullptr;
      if (const ParseProblems::Error *E = errorWithin(
              *Problems, *FD, SM, Scratch, /*FollowKernels=*/true, &In)) {
        std::string TA;
        const bool Own = !In || In->getCanonicalDecl() == Canon;
        Out.Skipped.push_back(
            {kernelName(*FD, TA), Locs.loc(FD->getLocation()),
             describe(*E) + (Own ? std::string(" is in its code")
                                 : " is in '" + In->getQualifiedNameAsString() +
                                       "', which it calls")});
        SkippedKernels.insert(Canon);
        continue;
      }
    }
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

  // Launch sites: the host functions holding one, and those calling them,
  // are interpreted for the values of the launch configurations. A
  // function that reaches a launch is inlined at its calls, so that a
  // launch in `void run(int w, int h)` sees the sizes its callers pass; the
  // interpretation starts at the functions nobody in the file calls (and at
  // a launcher that only a cycle of calls reaches).
  std::set<const FunctionDecl *> Reaching;
  std::vector<const FunctionDecl *> Work;
  for (const FunctionDecl *L : C.Launchers) {
    const FunctionDecl *Def = nullptr;
    L->hasBody(Def);
    if (Def && Reaching.insert(Def).second)
      Work.push_back(Def);
  }
  while (!Work.empty()) {
    const FunctionDecl *F = Work.back();
    Work.pop_back();
    auto It = C.Callers.find(F);
    if (It == C.Callers.end())
      continue;
    for (const FunctionDecl *Caller : It->second)
      if (Reaching.insert(Caller).second)
        Work.push_back(Caller);
  }
  std::vector<const FunctionDecl *> Roots;
  std::set<const FunctionDecl *> Covered;
  auto Cover = [&](const FunctionDecl *Root) {
    std::vector<const FunctionDecl *> W{Root};
    while (!W.empty()) {
      const FunctionDecl *F = W.back();
      W.pop_back();
      if (!Covered.insert(F).second)
        continue;
      for (const auto &[Callee, Callers] : C.Callers)
        if (Callers.count(F) && Reaching.count(Callee))
          W.push_back(Callee);
    }
  };
  // Roots in the order of the file: callers first found through the
  // launchers' order keeps the output stable.
  std::vector<const FunctionDecl *> Ordered(Reaching.begin(), Reaching.end());
  std::sort(Ordered.begin(), Ordered.end(),
            [&](const FunctionDecl *A, const FunctionDecl *B) {
              return Ctx.getSourceManager().isBeforeInTranslationUnit(
                  A->getLocation(), B->getLocation());
            });
  for (const FunctionDecl *F : Ordered) {
    auto It = C.Callers.find(F);
    if (It == C.Callers.end() || It->second.empty()) {
      Roots.push_back(F);
      Cover(F);
    }
  }
  for (const FunctionDecl *L : C.Launchers) {
    const FunctionDecl *Def = nullptr;
    L->hasBody(Def);
    if (Def && !Covered.count(Def)) {
      Roots.push_back(Def);
      Cover(Def);
    }
  }
  // A root with parameters that other files of the program call (the
  // provider knows them, from the compile database) runs once per call
  // found, the first 4, with the values each passes.
  ExternalCallProvider External = externalCallProvider();
  const std::string MainFile =
      SM.getFileEntryRefForID(SM.getMainFileID())
          ? SM.getFileEntryRefForID(SM.getMainFileID())->getName().str()
          : "";
  auto RunRoot = [&](const FunctionDecl *Host, const ExternalCall *From) {
    KernelFacts Scratch;
    Interpreter I(Ctx, Scratch);
    I.HostInline = &Reaching;
    I.OnLaunch = [&](const CUDAKernelCallExpr *CE, Interpreter &In) {
      // A loop's dry run sees placeholders for the values it carries; the
      // launch is recorded by the pass that follows it.
      if (In.inDryRun())
        return;
      const FunctionDecl *Direct = CE->getDirectCallee();
      const FunctionDecl *Where =
          In.currentFunction() ? In.currentFunction() : Host;
      std::vector<const FunctionDecl *> Targets;
      if (Direct)
        Targets.push_back(Direct);
      else
        Targets = kernelsNamedBy(CE->getCallee(), Where->getBody());
      for (const FunctionDecl *Kernel : Targets) {
      auto It = Index.find(Kernel->getCanonicalDecl());
      if (It == Index.end())
        continue;
      LaunchSiteFacts L;
      std::string TA;
      L.Kernel = kernelName(*Kernel, TA);
      if (Problems && !Problems->Errors.empty()) {
        ParseProblems::Error Scratch;
        if (const ParseProblems::Error *E = errorWithin(
                *Problems, *Where, SM, Scratch, /*FollowKernels=*/false))
          L.Unusable = describe(*E) + " is in '" +
                       Where->getQualifiedNameAsString() + "'";
      }
      L.Caller = Where->getQualifiedNameAsString();
      L.Calls = In.callChain();
      L.CommandLine = In.commandLine();
      L.Device = In.deviceReads();
      if (!L.Device.empty() && Device)
        L.DeviceGpu = Device->described();
      L.Under = In.hostGuards();
      L.Iterations = In.hostIterations();
      launchShape(CE, *Kernel, In, L);
      if (!Direct)
        L.Through = In.text(CE->getCallee());
      Out.Kernels[It->second].LaunchSites.push_back(L);
      }
    };
    I.OnHostLoopDone = [&](const SourceLoc &Loop, unsigned Depth,
                           unsigned Trips) {
      for (KernelFacts &K : Out.Kernels)
        keepRepresentative(K.LaunchSites, Loop, Depth, Trips);
    };
    I.Device = Device;
    I.runHostFunction(*Host, From);
    Out.ReadsDevice |= I.ReadDevice;
  };
  const std::map<std::string, int64_t> Constants =
      External ? exportedConstants(Ctx) : std::map<std::string, int64_t>();
  for (const FunctionDecl *Host : Roots) {
    std::vector<ExternalCall> Calls;
    if (External && Host->getNumParams() > 0 && !Host->isMain() &&
        Host->isExternallyVisible() && !MainFile.empty())
      Calls = External(MainFile, Host->getNameAsString(), Constants);
    Calls.erase(std::remove_if(Calls.begin(), Calls.end(),
                               [](const ExternalCall &C) { return bool(C.Launch); }),
                Calls.end());
    if (Calls.size() > 4)
      Calls.resize(4);
    if (Calls.empty())
      RunRoot(Host, nullptr);
    for (const ExternalCall &C : Calls)
      RunRoot(Host, &C);
  }
  // A kernel this file never launches, launched by another file of the
  // program that declares it (`extern __global__`): those launches.
  if (External && !MainFile.empty())
    for (KernelFacts &K : Out.Kernels) {
      if (!K.LaunchSites.empty() || !K.TemplateArgs.empty())
        continue;
      for (const ExternalCall &C : External(MainFile, K.Name, Constants)) {
        if (!C.Launch)
          continue;
        LaunchSiteFacts L = *C.Launch;
        L.Kernel = K.Name;
        // The parameters by this file's names (the declaration there may
        // name them otherwise).
        for (size_t A = 0; A < L.Args.size() && A < K.Params.size(); ++A)
          L.Args[A].Param = K.Params[A].Name;
        L.CommandLine = C.CommandLine;
        L.Device = C.Device;
        if (!L.Device.empty() && Device)
          L.DeviceGpu = Device->described();
        L.Under = C.Under;
        L.Iterations = C.Iterations;
        K.LaunchSites.push_back(std::move(L));
        if (K.LaunchSites.size() >= 4)
          break;
      }
    }
}

} // namespace warplint
