//===- ParseProblems.cpp - Analysing what parsed --------------------------===//
#include "Frontend/ParseProblems.h"
#include "Frontend/Tooling.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <map>
#include <mutex>
#include <set>

using namespace clang;

namespace warplint {

namespace {

struct Registry {
  std::mutex M;
  std::map<const SourceManager *, std::weak_ptr<ParseProblems>> Live;
};

Registry &registry() {
  static Registry R;
  return R;
}

/// Forwards every diagnostic to the consumer it replaces, recording where
/// the errors are.
class ErrorRecorder : public DiagnosticConsumer {
public:
  ErrorRecorder(DiagnosticConsumer *Next,
                std::unique_ptr<DiagnosticConsumer> Owned,
                std::shared_ptr<ParseProblems> P)
      : Next(Next), Owned(std::move(Owned)), P(std::move(P)) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    if (Next)
      Next->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    if (Next)
      Next->EndSourceFile();
    sync();
  }
  void finish() override {
    if (Next)
      Next->finish();
    sync();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Next ? Next->IncludeInDiagnosticCounts() : true;
  }
  void clear() override {
    if (Next)
      Next->clear();
    DiagnosticConsumer::clear();
  }
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    if (L == DiagnosticsEngine::Note) {
      if (Swallowing)
        return;
    } else {
      Swallowing = false;
    }
    if (L >= DiagnosticsEngine::Error) {
      llvm::SmallString<128> Msg;
      Info.FormatDiagnostic(Msg);
      // A kernel launched from device code (dynamic parallelism): nvcc
      // accepts it (with -rdc=true), clang 19 does not. Not an error of
      // the user's code: recorded, not reported, not counted.
      // When the launch's configuration call is the error, the kernel call
      // that follows finds no viable candidate: both go.
      bool Launch = isDeviceSideLaunch(Info);
      bool FollowsLaunch =
          AfterLaunch && Info.getID() == diag::err_ovl_no_viable_function_in_call;
      AfterLaunch = Launch;
      if (Launch || FollowsLaunch || isSharedConstructor(Info)) {
        if (!FollowsLaunch) // one note per launch
          P->Tolerated.push_back({Info.getLocation(), std::string(Msg)});
        Swallowing = true;
        return;
      }
      P->Errors.push_back({Info.getLocation(), std::string(Msg)});
      if (L == DiagnosticsEngine::Fatal && !P->Fatal)
        P->Fatal = P->Errors.back();
      // warplint parses with no error limit, so that every error's place
      // is known; the output stops after ShownErrors of them, as clang's
      // default -ferror-limit does.
      if (L == DiagnosticsEngine::Error && ++Shown > ShownErrors) {
        Swallowing = true;
        return;
      }
    }
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    if (Next)
      Next->HandleDiagnostic(L, Info);
    sync();
  }

  static constexpr unsigned ShownErrors = 20;

private:
  static bool isDeviceSideLaunch(const Diagnostic &Info) {
    // "reference to __global__ function %2 in __global__/__device__/__host__
    // __device__ function", or (a kernel template launching itself, or any
    // launch with a toolkit's headers) "reference to __host__ function
    // '__cudaPushCallConfiguration' (or 'cudaConfigureCall') in ...": the
    // launch's configuration call.
    if (Info.getID() != diag::err_ref_bad_target || Info.getNumArgs() <= 3 ||
        Info.getRawArg(1) != 0 || Info.getRawArg(3) == 2)
      return false;
    if (Info.getRawArg(0) == 1)
      return true;
    if (Info.getRawArg(0) != 2 ||
        Info.getArgKind(2) != DiagnosticsEngine::ak_nameddecl)
      return false;
    const auto *D = reinterpret_cast<const NamedDecl *>(Info.getRawArg(2));
    return D && D->getIdentifier() &&
           (D->getName() == "__cudaPushCallConfiguration" ||
            D->getName() == "cudaConfigureCall");
  }
  /// A __shared__ variable of a class type with a constructor and no
  /// initializer (`__shared__ cuda::barrier<...> bar;`): nvcc warns that
  /// the dynamic initialization is not done and goes on; clang 19 gives an
  /// error. One with an initializer (`= 5`) stays an error, as in nvcc.
  static bool isSharedConstructor(const Diagnostic &Info) {
    if (Info.getID() != diag::err_shared_var_init || !Info.hasSourceManager() ||
        Info.getLocation().isInvalid())
      return false;
    const SourceManager &SM = Info.getSourceManager();
    bool Invalid = false;
    const char *P = SM.getCharacterData(SM.getSpellingLoc(Info.getLocation()),
                                        &Invalid);
    if (Invalid || !P)
      return false;
    // The declarator from its name to the end of the declaration.
    while (*P && (isalnum((unsigned char)*P) || *P == '_'))
      ++P;
    for (; *P && *P != ';' && *P != ','; ++P)
      if (*P == '=' || *P == '(' || *P == '{')
        return false;
    return *P == ';' || *P == ',';
  }
  bool Swallowing = false;
  bool AfterLaunch = false; // the last error was a device-side launch
  unsigned Shown = 0;
  /// The counts are the replaced consumer's: it may hear of diagnostics
  /// that do not pass through here (clang-tidy's checks report to it
  /// directly), and the compiler prints "N warnings generated" from ours.
  void sync() {
    if (!Next)
      return;
    NumWarnings = Next->getNumWarnings();
    NumErrors = Next->getNumErrors();
  }

  DiagnosticConsumer *Next;
  std::unique_ptr<DiagnosticConsumer> Owned;
  std::shared_ptr<ParseProblems> P;
};

/// Skips an #include that is not found, with an error of its own that
/// clang does not make fatal (its "file not found" stops the parse), and
/// records it.
class MissingIncludes : public PPCallbacks {
public:
  MissingIncludes(Preprocessor &PP, std::shared_ptr<ParseProblems> P)
      : PP(PP), SM(&PP.getSourceManager()), P(std::move(P)) {
    DiagnosticsEngine &D = PP.getDiagnostics();
    NotFound = D.getCustomDiagID(
        DiagnosticsEngine::Error,
        "'%0' file not found (warplint goes on without it, and analyses the "
        "kernels that parse)");
  }
  ~MissingIncludes() override {
    Registry &R = registry();
    std::lock_guard<std::mutex> Lock(R.M);
    auto It = R.Live.find(SM);
    if (It != R.Live.end() && It->second.lock() == P)
      R.Live.erase(It);
  }
  bool FileNotFound(StringRef FileName) override {
    Pending = FileName.str();
    return true;
  }
  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef FileName,
                          bool, CharSourceRange FilenameRange,
                          OptionalFileEntryRef File, StringRef, StringRef,
                          const Module *, bool, SrcMgr::CharacteristicKind) override {
    if (File || Pending.empty() || FileName != Pending)
      return;
    Pending.clear();
    P->MissingIncludes.push_back({FileName.str(), HashLoc});
    PP.getDiagnostics().Report(FilenameRange.getBegin(), NotFound)
        << FileName << FilenameRange;
  }

private:
  Preprocessor &PP;
  const SourceManager *SM;
  std::shared_ptr<ParseProblems> P;
  unsigned NotFound = 0;
  std::string Pending;
};

/// The functions \p Root calls, directly or through others, that have a
/// body in the translation unit; and whether some expression or
/// declaration on the way is marked as containing an error.
struct Reach : RecursiveASTVisitor<Reach> {
  std::vector<const FunctionDecl *> Funcs;
  std::set<const FunctionDecl *> Seen;
  SourceLocation Marked;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitExpr(Expr *E) {
    if (E->containsErrors() && Marked.isInvalid())
      Marked = E->getExprLoc();
    return true;
  }
  bool VisitValueDecl(ValueDecl *D) {
    if (D->isInvalidDecl() && Marked.isInvalid())
      Marked = D->getLocation();
    return true;
  }
  bool FollowKernels = true;
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee())
      if (FollowKernels || !F->hasAttr<CUDAGlobalAttr>())
        add(F);
    return true;
  }
  void add(const FunctionDecl *F) {
    const FunctionDecl *Def = nullptr;
    if (!F->hasBody(Def) || !Def || !Seen.insert(Def).second)
      return;
    Funcs.push_back(Def);
  }
  void run(const FunctionDecl &Root) {
    add(&Root);
    for (size_t I = 0; I < Funcs.size(); ++I)
      TraverseDecl(const_cast<FunctionDecl *>(Funcs[I]));
  }
};

bool within(const SourceManager &SM, SourceLocation L, SourceRange R) {
  if (L.isInvalid() || R.isInvalid())
    return false;
  L = SM.getExpansionLoc(L);
  SourceLocation B = SM.getExpansionLoc(R.getBegin());
  SourceLocation E = SM.getExpansionRange(R.getEnd()).getEnd();
  return !SM.isBeforeInTranslationUnit(L, B) && !SM.isBeforeInTranslationUnit(E, L);
}

} // namespace

void watchParse(Preprocessor &PP) {
  const SourceManager *SM = &PP.getSourceManager();
  auto P = std::make_shared<ParseProblems>();
  {
    Registry &R = registry();
    std::lock_guard<std::mutex> Lock(R.M);
    auto It = R.Live.find(SM);
    if (It != R.Live.end() && !It->second.expired())
      return;
    R.Live[SM] = P;
  }
  DiagnosticsEngine &D = PP.getDiagnostics();
  DiagnosticConsumer *Old = D.getClient();
  std::unique_ptr<DiagnosticConsumer> Owned = D.takeClient();
  D.setClient(new ErrorRecorder(Old, std::move(Owned), P), /*ShouldOwnClient=*/true);
  PP.addPPCallbacks(std::make_unique<MissingIncludes>(PP, P));
}

std::shared_ptr<const ParseProblems> parseProblemsOf(const SourceManager &SM) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.M);
  auto It = R.Live.find(&SM);
  return It == R.Live.end() ? nullptr : It->second.lock();
}

const ParseProblems::Error *errorWithin(const ParseProblems &P,
                                        const FunctionDecl &D,
                                        const SourceManager &SM,
                                        ParseProblems::Error &Scratch,
                                        bool FollowKernels,
                                        const FunctionDecl **In) {
  Reach R;
  R.FollowKernels = FollowKernels;
  R.run(D);
  if (In)
    *In = R.Funcs.empty() ? &D : R.Funcs.front();
  for (const ParseProblems::Error &E : P.Errors)
    for (const FunctionDecl *F : R.Funcs)
      if (within(SM, E.Loc, F->getSourceRange())) {
        if (In)
          *In = F;
        return &E;
      }
  // After a fatal error clang reports nothing more: code that ends after
  // it may hold errors nobody saw.
  if (P.Fatal && P.Fatal->Loc.isValid())
    for (const FunctionDecl *F : R.Funcs) {
      SourceLocation End = SM.getExpansionRange(F->getSourceRange().getEnd()).getEnd();
      if (End.isValid() &&
          SM.isBeforeInTranslationUnit(SM.getExpansionLoc(P.Fatal->Loc), End)) {
        Scratch = {P.Fatal->Loc, P.Fatal->Message + "; clang reports no error "
                                 "after a fatal one"};
        return &Scratch;
      }
    }
  if (R.Marked.isValid()) {
    Scratch = {R.Marked, "an expression or declaration clang could not make "
                         "sense of (it depends on an error elsewhere)"};
    return &Scratch;
  }
  return nullptr;
}

std::string partialParseMessage(const FileFacts &F) {
  std::string Skipped;
  for (const FileFacts::Skip &S : F.Skipped)
    Skipped += std::string(Skipped.empty() ? "" : "; ") + "'" + S.Kernel +
               "': " + S.Reason;
  std::string Missing;
  for (const UnknownFacts &M : F.MissingIncludes)
    Missing += std::string(Missing.empty() ? "" : ", ") + "'" + M.Reason +
               "' (" + llvm::sys::path::filename(M.Loc.File).str() + ":" +
               std::to_string(M.Loc.Line) + ")";
  std::string R;
  if (F.Kernels.empty()) {
    R = "'" + F.File + "' could not be parsed; it was not analysed";
    if (!Skipped.empty())
      R += " (" + Skipped + ")";
  } else {
    std::string Names;
    for (const KernelFacts &K : F.Kernels)
      Names += std::string(Names.empty() ? "" : ", ") + "'" + K.Name + "'";
    R = "'" + F.File + "' has compile errors; the kernels whose own code has "
        "none were analysed (" + Names + ")";
    if (!Skipped.empty())
      R += "; not analysed: " + Skipped;
  }
  if (!Missing.empty())
    R += "; not found, and left out: " + Missing;
  return R;
}

} // namespace warplint
