//===- FactsExtractor.cpp - AST to KernelFacts ----------------------------===//
//
// See FactsExtractor.h: finds the kernels and the functions that launch them,
// and runs the interpreter (Interpreter.h) over each.
//
//===----------------------------------------------------------------------===//
#include "Frontend/FactsExtractor.h"
#include "Facts/MergeAccesses.h"
#include "Frontend/Interpreter.h"

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
  mergeVectorAccesses(K);
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
