//===- PortExtractor.cpp - A sequential C function's loops as kernels -----===//
//
// See PortExtractor.h and docs/port.md.
//
//===----------------------------------------------------------------------===//
#include "Frontend/PortExtractor.h"
#include "Frontend/FactsExtractor.h"
#include "Frontend/Interpreter.h"
#include "Frontend/CarriedScalars.h"
#include "Frontend/PortScalars.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace warplint {
using namespace detail;

struct PortSource::Impl {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *F = nullptr;
  SourceLoc Loc;
  std::vector<PortLoop> Loops;
  std::vector<const ForStmt *> Stmts; ///< as Loops
  /// Per loop, its body's statements (PortLoop::Parts).
  std::vector<std::vector<const Stmt *>> PartStmts;
  KernelFacts Seq;
  std::vector<Distribution> Distributed;
  /// Pointer tables whose rows are separate arrays (rowTables).
  std::set<std::string> RowTables;
  std::set<std::string> ValueMembers; ///< readOnlyMembers
};

PortSource::PortSource(std::unique_ptr<Impl> I) : P(std::move(I)) {}
PortSource::~PortSource() = default;
const SourceLoc &PortSource::functionLoc() const { return P->Loc; }
const std::vector<PortLoop> &PortSource::loops() const { return P->Loops; }
const KernelFacts &PortSource::sequential() const { return P->Seq; }
const std::vector<Distribution> &PortSource::distributed() const {
  return P->Distributed;
}

namespace {

/// The arrays declared in \p S, at any depth.
void localArrays(const Stmt *S, std::vector<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (V->getType()->isArrayType() && V->isLocalVarDecl() &&
            !V->isStaticLocal())
          Out.push_back(V);
  for (const Stmt *C : S->children())
    localArrays(C, Out);
}

/// `int y;`: a declaration of scalars with no initializer, which runs no
/// code (hotspot3D declares each inner loop's variable so).
bool bareDeclaration(const Stmt *S) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(S);
  if (!DS)
    return false;
  for (const Decl *D : DS->decls()) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V || V->hasInit() || V->isStaticLocal() ||
        !V->getType()->isScalarType())
      return false;
  }
  return true;
}

const Stmt *onlyStatement(const Stmt *S) {
  while (true) {
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
      const Stmt *One = nullptr;
      for (const Stmt *C : CS->body()) {
        if (bareDeclaration(C))
          continue;
        if (One)
          return nullptr;
        One = C;
      }
      if (!One)
        return nullptr;
      S = One;
      continue;
    }
    if (const auto *AS = dyn_cast_or_null<AttributedStmt>(S)) {
      S = AS->getSubStmt();
      continue;
    }
    return S;
  }
}

} // namespace

static void collectLoops(const Stmt *S, std::optional<unsigned> Parent,
                         PortSource::Impl &P, Interpreter &Locs,
                         ASTContext &Ctx) {
  if (!S)
    return;
  const auto *FS = dyn_cast<ForStmt>(S);
  if (!FS) {
    for (const Stmt *C : S->children())
      collectLoops(C, Parent, P, Locs, Ctx);
    return;
  }
  unsigned Index = P.Loops.size();
  PortLoop L;
  L.Loc = Locs.loc(FS->getBeginLoc());
  L.Parent = Parent;
  int64_t Step = 1;
  std::set<const VarDecl *> PrivateStructs;
  if (const ValueDecl *IV = portInductionVar(FS, Ctx, Step)) {
    L.Var = IV->getName().str();
    L.Step = Step;
    CarriedScalars CS(FS, IV, Ctx);
    std::string Carried = CS.firstCarried();
    L.WrittenScalars = CS.writtenNames();
    // A struct each iteration sets before it reads it is its own too; its
    // value after the loop, like a scalar's, is checked below.
    PrivateStructs = CS.privateStructs();
    for (const std::string &N : CS.privateStructNames())
      L.WrittenScalars.push_back(N);
    if (!Carried.empty())
      L.NotMappable = "the scalar '" + Carried +
                      "' is carried from one iteration to the next";
    for (const VarDecl *Sum : CS.sumReductions()) {
      QualType T = Sum->getType();
      if (!T->isArithmeticType() || T->isAnyComplexType()) {
        L.Sums.clear();
        break;
      }
      L.Sums.push_back({Sum->getName().str(),
                        unsigned(Ctx.getTypeSize(T) / 8),
                        T->isRealFloatingType()});
    }
  } else {
    L.NotMappable = "not a loop over one integer variable stepped by a "
                    "constant";
  }
  const SourceManager &SM = Ctx.getSourceManager();
  auto Line = [&](SourceLocation Loc) {
    return std::to_string(SM.getPresumedLineNumber(SM.getFileLoc(Loc)));
  };
  // Left early: the iterations after the exit do not run.
  if (const Stmt *Exit = leavesLoop(FS->getBody(), /*ContinueToo=*/false)) {
    const std::string Why =
        std::string("it is left early ('") +
        (isa<BreakStmt>(Exit)    ? "break"
         : isa<ReturnStmt>(Exit) ? "return"
                                 : "goto") +
        "' at line " + Line(Exit->getBeginLoc()) +
        "): the iterations after that one do not run";
    L.NotMappable = Why;
    L.Sums.clear();
    L.Undistributable = Why;
  } else if (const Stmt *Cont = leavesLoop(FS->getBody(), true)) {
    L.Undistributable = "a 'continue' (line " + Line(Cont->getBeginLoc()) +
                        ") skips the rest of its body";
  }
  // The induction variable changed in the body: the trip count is not
  // the header's.
  if (!L.Var.empty())
    if (const Stmt *W = writesVar(FS->getBody(), portInductionVar(FS, Ctx, Step))) {
      L.NotMappable = "its variable '" + L.Var + "' is changed in its body (line " +
                      Line(W->getBeginLoc()) + ")";
      L.Sums.clear();
      L.Undistributable = L.NotMappable;
    }
  // A scalar every thread would share.
  {
    std::string Name, Kind;
    if (const Stmt *W = sharedWrite({FS->getBody()}, FS, *P.F,
                                    Ctx.getSourceManager(), Name, Kind,
                                    PrivateStructs)) {
      L.NotMappable = "it writes '" + Name + "' (line " +
                      Line(W->getBeginLoc()) + "), " + Kind +
                      ": every thread would write the same one";
      L.Sums.clear();
    }
  }
  // A call whose effects threads would share, or that are not known.
  {
    std::string Why;
    if (unsafeCall({FS->getBody()}, FS, Ctx.getSourceManager(), Why) &&
        L.NotMappable.empty()) {
      L.NotMappable = Why;
      L.Sums.clear();
      L.Undistributable = L.NotMappable;
    }
  }
  // The condition or the step reads what the body writes.
  {
    std::set<const VarDecl *> Header;
    readVars(FS->getCond(), Header);
    readVars(FS->getInc(), Header);
    // Any variable: a local, a parameter, a global (`m = i;` in the body).
    for (const VarDecl *V : Header)
      if (!V->getType()->isArrayType() && V->getName() != L.Var &&
          writesVar(FS->getBody(), V)) {
        const std::string Why = "its condition reads '" + V->getName().str() +
                                "', which its body writes";
        L.NotMappable = Why;
        L.Sums.clear();
        L.Undistributable = Why;
        break;
      }
  }
  // Scalars whose value after the loop is read: not private to a thread.
  // (A sum's is: the reduction leaves it.)
  {
    std::vector<const Stmt *> Around;
    for (std::optional<unsigned> Pa = Parent; Pa; Pa = P.Loops[*Pa].Parent)
      Around.push_back(P.Stmts[*Pa]);
    std::vector<const VarDecl *> Written;
    std::set<const VarDecl *> Refs;
    readVars(FS->getBody(), Refs);
    for (const VarDecl *V : Refs)
      if (std::find(L.WrittenScalars.begin(), L.WrittenScalars.end(),
                    V->getName().str()) != L.WrittenScalars.end() &&
          std::none_of(L.Sums.begin(), L.Sums.end(),
                       [&](const PortLoop::SumReduction &S) {
                         return S.Var == V->getName().str();
                       })) {
        SourceLocation At = readAfter(V, FS, *P.F, Around, Ctx);
        if (At.isInvalid())
          continue;
        L.LiveOutScalars.push_back(V->getName().str());
        if (L.NotMappable.empty())
          L.NotMappable = std::string(V->getType()->isRecordType()
                                          ? "the struct '"
                                          : "the scalar '") +
                          V->getName().str() +
                          "' it writes is read after it (line " + Line(At) +
                          "): each thread would leave its own value";
      }
  }
  std::vector<const VarDecl *> Arrays;
  localArrays(FS->getBody(), Arrays);
  for (const VarDecl *V : Arrays)
    L.LocalArrays.push_back(V->getName().str());
  P.Loops.push_back(L);
  P.Stmts.push_back(FS);
  if (Parent)
    P.Loops[*Parent].Children.push_back(Index);
  for (const Stmt *C : FS->children())
    collectLoops(C, Index, P, Locs, Ctx);
  if (const Stmt *Only = onlyStatement(FS->getBody()))
    P.Loops[Index].PerfectChild =
        isa<ForStmt>(Only) && !P.Loops[Index].Children.empty() &&
        P.Stmts[P.Loops[Index].Children.front()] == Only;
  // The body's statements, for loop distribution.
  std::vector<const Stmt *> Parts;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(FS->getBody()))
    Parts.assign(CS->body_begin(), CS->body_end());
  else if (FS->getBody())
    Parts.push_back(FS->getBody());
  P.PartStmts.resize(P.Loops.size());
  std::set<const VarDecl *> Taken;
  addressTakenLocals(*P.F, Taken);
  for (const Stmt *St : Parts) {
    // A bare declaration is no statement of its own to distribute.
    if (bareDeclaration(St) && Parts.size() > 1)
      continue;
    BodyPart BP;
    BP.Begin = Locs.loc(St->getBeginLoc());
    BP.End = Locs.loc(St->getEndLoc());
    const Stmt *Bare = St;
    while (const auto *AS = dyn_cast<AttributedStmt>(Bare))
      Bare = AS->getSubStmt();
    for (unsigned C : P.Loops[Index].Children)
      if (holdsStmt(St, P.Stmts[C])) {
        BP.Loops.push_back(C);
        BP.IsLoop = P.Stmts[C] == Bare;
      }
    BP.IsLoop = BP.IsLoop && BP.Loops.size() == 1;
    partScalars(St, Ctx.getSourceManager(), Taken, BP);
    P.Loops[Index].Parts.push_back(std::move(BP));
    P.PartStmts[Index].push_back(St);
  }
}

/// Loop distribution (distributeLoops): the copies' scalar facts, from the
/// statements each keeps.
static void splitOnce(PortSource::Impl &P, ASTContext &Ctx) {
  P.PartStmts.resize(P.Loops.size());
  P.Distributed =
      distributeLoops(P.Loops, parallelLoops(P.Loops, P.Seq), P.Seq);
  for (size_t I = P.Stmts.size(); I < P.Loops.size(); ++I) {
    PortLoop &C = P.Loops[I];
    const unsigned O = *C.Original;
    const ForStmt *FS = P.Stmts[O];
    P.Stmts.push_back(FS);
    std::vector<const Stmt *> Kept;
    for (unsigned K : C.KeepParts)
      Kept.push_back(P.PartStmts[O][K]);
    C.NotMappable.clear();
    C.WrittenScalars.clear();
    C.Sums.clear();
    C.LocalArrays.clear();
    int64_t Step = 1;
    std::set<const VarDecl *> PrivateStructs;
    if (const ValueDecl *IV = portInductionVar(FS, Ctx, Step)) {
      CarriedScalars CS(FS, IV, Ctx);
      std::string Carried = CS.firstCarried(&Kept);
      C.WrittenScalars = CS.writtenNames();
      PrivateStructs = CS.privateStructs();
      for (const std::string &N : CS.privateStructNames())
        C.WrittenScalars.push_back(N);
      if (!Carried.empty())
        C.NotMappable = "the scalar '" + Carried +
                        "' is carried from one iteration to the next";
      C.LiveOutScalars.clear();
      for (const std::string &V : P.Loops[O].LiveOutScalars)
        if (std::find(C.WrittenScalars.begin(), C.WrittenScalars.end(), V) !=
            C.WrittenScalars.end()) {
          C.LiveOutScalars.push_back(V);
          if (C.NotMappable.empty())
            C.NotMappable = "the scalar '" + V +
                            "' it writes is read after the loop: each "
                            "thread would leave its own value";
        }
      for (const VarDecl *Sum : CS.sumReductions()) {
        QualType T = Sum->getType();
        if (!T->isArithmeticType() || T->isAnyComplexType()) {
          C.Sums.clear();
          break;
        }
        C.Sums.push_back({Sum->getName().str(),
                          unsigned(Ctx.getTypeSize(T) / 8),
                          T->isRealFloatingType()});
      }
    } else {
      C.NotMappable = P.Loops[O].NotMappable;
    }
    {
      std::string Name, Kind;
      if (sharedWrite(Kept, FS, *P.F, Ctx.getSourceManager(), Name, Kind,
                      PrivateStructs)) {
        C.NotMappable = "it writes '" + Name + "', " + Kind +
                        ": every thread would write the same one";
        C.Sums.clear();
      }
      std::string Why;
      if (unsafeCall(Kept, FS, Ctx.getSourceManager(), Why) &&
          C.NotMappable.empty()) {
        C.NotMappable = Why;
        C.Sums.clear();
      }
    }
    std::vector<const VarDecl *> Arrays;
    for (const Stmt *S : Kept)
      localArrays(S, Arrays);
    for (const VarDecl *V : Arrays)
      C.LocalArrays.push_back(V->getName().str());
  }
  P.PartStmts.resize(P.Loops.size());
}

/// Loop distribution, kept only where a copy becomes parallel (or a
/// reduction): a split that leaves every copy sequential is undone, the
/// loop marked so, and the rest split again.
static void distribute(PortSource::Impl &P, ASTContext &Ctx) {
  const std::vector<PortLoop> Loops = P.Loops;
  const std::vector<const ForStmt *> Stmts = P.Stmts;
  const std::vector<std::vector<const Stmt *>> Parts = P.PartStmts;
  std::vector<std::string> Useless(Loops.size());
  for (int Round = 0; Round < 8; ++Round) {
    P.Loops = Loops;
    P.Stmts = Stmts;
    P.PartStmts = Parts;
    for (size_t I = 0; I < Loops.size(); ++I)
      if (!Useless[I].empty())
        P.Loops[I].Undistributable = Useless[I];
    splitOnce(P, Ctx);
    const std::vector<LoopVerdict> V = parallelLoops(P.Loops, P.Seq);
    bool Again = false;
    for (const Distribution &D : P.Distributed)
      if (std::none_of(D.Copies.begin(), D.Copies.end(), [&](unsigned C) {
            return V[C].Parallel || V[C].Reduction;
          })) {
        Useless[D.Loop] = "no part of it would run in parallel";
        Again = true;
      }
    if (!Again)
      return;
  }
}

llvm::Expected<std::unique_ptr<PortSource>>
PortSource::load(llvm::StringRef File, llvm::StringRef Function,
                 llvm::ArrayRef<std::string> Args) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + File + "': " + Why);
  };
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf =
      llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return Fail("cannot be read: " + Buf.getError().message());
  llvm::SmallString<256> Path(File);
  llvm::sys::fs::make_absolute(Path);
  std::vector<std::string> CArgs{"-resource-dir", WARPLINT_CLANG_RESOURCE_DIR,
                                 "-ferror-limit=0"};
  CArgs.insert(CArgs.end(), Args.begin(), Args.end());
  std::string DiagText;
  llvm::raw_string_ostream DOS(DiagText);
  auto DiagOpts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = false;
  TextDiagnosticPrinter Printer(DOS, DiagOpts.get());
  auto I = std::make_unique<Impl>();
  I->AST = tooling::buildASTFromCodeWithArgs(
      (*Buf)->getBuffer(), CArgs, Path, "warplint",
      std::make_shared<PCHContainerOperations>(),
      tooling::getClangStripDependencyFileAdjuster(),
      tooling::FileContentMappings(), &Printer);
  DOS.flush();
  if (!I->AST || I->AST->getDiagnostics().hasErrorOccurred())
    return Fail("could not be parsed; nothing was analysed:\n" + DiagText);
  ASTContext &Ctx = I->AST->getASTContext();
  std::vector<std::string> Names;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody() ||
        Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
      continue;
    Names.push_back(FD->getNameAsString());
    if (FD->getName() == Function)
      I->F = FD;
  }
  if (!I->F)
    return Fail("no function '" + Function + "' with a body" +
                (Names.empty() ? std::string(" (it defines none)")
                               : " (it defines: " + llvm::join(Names, ", ") +
                                     ")"));
  KernelFacts Scratch;
  Interpreter Locs(Ctx, Scratch);
  I->Loc = Locs.loc(I->F->getLocation());
  collectLoops(I->F->getBody(), std::nullopt, *I, Locs, Ctx);
  {
    std::set<std::string> Escaping;
    escapingArrays(*I->F, Escaping);
    std::map<std::string, std::vector<std::string>> Sources;
    pointerSources(*I->F, Sources);
    for (PortLoop &L : I->Loops) {
      L.Escaping.assign(Escaping.begin(), Escaping.end());
      L.PointerSources = Sources;
    }
    rowTables(*I->F, Escaping, I->RowTables);
    readOnlyMembers(*I->F, I->ValueMembers);
  }
  I->Seq = extractFunctionFacts(*I->F, Ctx,
                                [&](Interpreter &In) {
                                  In.ArrayPointerSubscripts = true;
                                  In.PortRows = true;
                                  In.PortRowTables = I->RowTables;
                                  In.PortValueMembers = I->ValueMembers;
                                  In.runKernel(*I->F);
                                });
  distribute(*I, Ctx);
  return std::unique_ptr<PortSource>(new PortSource(std::move(I)));
}

KernelFacts PortSource::kernel(const LoopMapping &M) const {
  ASTContext &Ctx = P->AST->getASTContext();
  KernelFacts K = extractFunctionFacts(*P->F, Ctx, [&](Interpreter &In) {
    static const char Dims[] = {'x', 'y', 'z'};
    if (M.Tile > 0) {
      // Tiled: the tile loops are the blocks, the phases' loops the
      // block's threads (as many as its iterations: no guard).
      for (size_t D = 0; D < M.Dims.size() && D < 3; ++D)
        In.ParallelLoops[P->Stmts[M.Dims[D]]] = sym::blockIdx(Dims[D]);
      for (const TilePhase &Ph : M.Phases) {
        for (size_t D = 0; D < Ph.Dims.size() && D < 3; ++D) {
          In.ParallelLoops[P->Stmts[Ph.Dims[D]]] = sym::threadIdx(Dims[D]);
          In.UnguardedLoops.insert(P->Stmts[Ph.Dims[D]]);
        }
        if (Ph.BarrierAfter)
          In.BarrierAfterLoops.insert(P->Stmts[Ph.Dims.back()]);
      }
      std::vector<const VarDecl *> Arrays;
      localArrays(P->Stmts[M.Dims.front()]->getBody(), Arrays);
      for (const VarDecl *V : Arrays)
        if (std::find(M.Shared.begin(), M.Shared.end(), V->getName().str()) !=
            M.Shared.end())
          In.PortShared.insert(V);
    } else {
      for (size_t D = 0; D < M.Dims.size() && D < 3; ++D)
        In.ParallelLoops[P->Stmts[M.Dims[D]]] = globalThreadIndex(Dims[D]);
      for (unsigned I : M.MoreX)
        In.ParallelLoops[P->Stmts[I]] = globalThreadIndex('x');
    }
    // A host loop run in the thread (hostLoopInThread) is the nest's
    // outermost loop, sequential in each thread.
    // Distributed loops: the statements of their bodies that the copies
    // in this nest do not keep are not run.
    std::vector<unsigned> Nest{M.InThread.empty() ? M.Root
                                                  : M.InThread.front()};
    std::map<unsigned, std::vector<std::set<const Stmt *>>> SkipsOf;
    for (size_t N = 0; N < Nest.size(); ++N) {
      const PortLoop &L = P->Loops[Nest[N]];
      Nest.insert(Nest.end(), L.Children.begin(), L.Children.end());
      if (!L.Original)
        continue;
      const std::vector<const Stmt *> &Parts = P->PartStmts[*L.Original];
      std::set<const Stmt *> Skip;
      for (unsigned K = 0; K < Parts.size(); ++K)
        if (std::find(L.KeepParts.begin(), L.KeepParts.end(), K) ==
            L.KeepParts.end())
          Skip.insert(Parts[K]);
      SkipsOf[*L.Original].push_back(std::move(Skip));
    }
    for (auto &[O, Skips] : SkipsOf) {
      if (Skips.size() == 1)
        In.PortSkip.insert(Skips.front().begin(), Skips.front().end());
      else
        In.PortSplit[P->Stmts[O]] = std::move(Skips);
    }
    In.PortRowTables = P->RowTables;
    In.PortValueMembers = P->ValueMembers;
    In.runPorted(*P->F,
                 P->Stmts[M.InThread.empty() ? M.Root : M.InThread.front()]);
  });
  K.Name += ":" + std::to_string(P->Loops[M.Root].Loc.Line) +
            copyLabel(P->Loops, M.Root);
  // Scratch arrays private to the mapped loops' iterations (privateArrays):
  // each thread its own copy, element e of thread g at e x threads + g, as
  // local memory interleaves them.
  if (M.Tile == 0) {
    std::vector<std::string> Private;
    for (unsigned D : M.Dims)
      for (const std::string &A : privateArrays(P->Loops, D, P->Seq))
        if (std::find(Private.begin(), Private.end(), A) == Private.end())
          Private.push_back(A);
    if (!Private.empty()) {
      using sym::Expr;
      static const char Dims[] = {'x', 'y', 'z'};
      Expr Threads(1), Id(0), Stride(1);
      for (char D : Dims) {
        const Expr Extent = sym::gridDim(D) * sym::blockDim(D);
        Id = Id + (sym::blockIdx(D) * sym::blockDim(D) + sym::threadIdx(D)) *
                      Stride;
        Stride = Stride * Extent;
        Threads = Threads * Extent;
      }
      for (AccessFacts &A : K.Accesses)
        if (std::find(Private.begin(), Private.end(), A.Base) !=
            Private.end()) {
          A.Index = A.Index * Threads + Id;
          A.ByteOffset = A.Index * Expr(int64_t(A.ElementSize));
          A.Subscripts.clear();
        }
      for (const std::string &A : Private)
        K.PortNotes.push_back(
            "'" + A + "' is scratch for each iteration of the mapped loops "
            "(each writes the elements it reads first; the arrays taken not "
            "to overlap): each thread gets its own copy, interleaved across "
            "the threads as local memory is; its content after the loops, "
            "the last iteration's in C, is not kept");
    }
  }
  K.Loc = P->Loops[M.Root].Loc;
  return K;
}

} // namespace warplint
