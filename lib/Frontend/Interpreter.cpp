//===- Interpreter.cpp - Core of the facts interpreter --------------------===//
//
// Helpers on the AST, source text and locations, symbols, and the entry
// points for kernels and host functions. Statements are in
// InterpreterStmt.cpp.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Interpreter.h"

#include <algorithm>

namespace warplint {
namespace detail {

//===----------------------------------------------------------------------===//
// Helpers on the AST
//===----------------------------------------------------------------------===//

const clang::Expr *strip(const clang::Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<ExprWithCleanups>(E)) {
      E = C->getSubExpr();
      continue;
    }
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = M->getSubExpr();
      continue;
    }
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E)) {
      E = B->getSubExpr();
      continue;
    }
    if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E)) {
      E = S->getReplacement();
      continue;
    }
    if (const auto *O = dyn_cast<OpaqueValueExpr>(E)) {
      if (!O->getSourceExpr())
        return E;
      E = O->getSourceExpr();
      continue;
    }
    return E;
  }
}

bool isCudaVectorTypeName(StringRef N, unsigned &Width) {
  static const char *Bases[] = {"char",  "uchar",    "short",     "ushort",
                                "int",   "uint",     "long",      "ulong",
                                "longlong", "ulonglong", "float", "double",
                                "half",  "bfloat16"};
  for (const char *B : Bases) {
    StringRef BS(B);
    if (!N.starts_with(BS) || N.size() != BS.size() + 1)
      continue;
    char D = N.back();
    if (D >= '1' && D <= '4') {
      Width = D - '0';
      return true;
    }
  }
  if (N == "__half2" || N == "__nv_bfloat162") {
    Width = 2;
    return true;
  }
  return false;
}

/// The name of a CUDA built-in index variable and the component, for
/// threadIdx.x and friends in clang's property form or as a plain member.
std::optional<SymExpr> builtinIndex(const clang::Expr *E) {
  E = strip(E->IgnoreImpCasts());
  const clang::Expr *Base = nullptr;
  StringRef Field;
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E)) {
    if (const auto *PR =
            dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens())) {
      Base = PR->getBaseExpr();
      Field = PR->getPropertyDecl()->getName();
    }
  } else if (const auto *PR = dyn_cast<MSPropertyRefExpr>(E)) {
    Base = PR->getBaseExpr();
    Field = PR->getPropertyDecl()->getName();
  } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    Base = ME->getBase();
    Field = ME->getMemberDecl()->getName();
  }
  if (!Base || Field.size() != 1 || Field[0] < 'x' || Field[0] > 'z')
    return std::nullopt;
  const auto *DRE = dyn_cast<DeclRefExpr>(strip(Base));
  if (!DRE)
    return std::nullopt;
  StringRef Var = DRE->getDecl()->getName();
  char D = Field[0];
  if (Var == "threadIdx")
    return sym::threadIdx(D);
  if (Var == "blockIdx")
    return sym::blockIdx(D);
  if (Var == "blockDim")
    return sym::blockDim(D);
  if (Var == "gridDim")
    return sym::gridDim(D);
  return std::nullopt;
}

bool isBarrierName(StringRef N) {
  return N == "__syncthreads" || N == "__syncthreads_count" ||
         N == "__syncthreads_and" || N == "__syncthreads_or" ||
         N == "__syncwarp" || N == "__threadfence" ||
         N == "__threadfence_block" || N == "__threadfence_system" ||
         N == "__barrier_sync" || N == "__nvvm_bar0_popc" ||
         N == "__nvvm_bar_sync";
}

//===----------------------------------------------------------------------===//
// The interpreter
//===----------------------------------------------------------------------===//

std::string Interpreter::text(const clang::Expr *E) const {
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  std::string T;
  if (R.isValid())
    T = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  if (T.empty()) {
    llvm::raw_string_ostream OS(T);
    E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  }
  // One line, bounded: it is used in symbol names and messages.
  std::string Clean;
  bool Space = false;
  for (char C : T) {
    if (C == '\n' || C == '\t' || C == '\r' || C == ' ') {
      Space = !Clean.empty();
      continue;
    }
    if (Space)
      Clean += ' ';
    Space = false;
    Clean += C;
  }
  if (Clean.size() > 80)
    Clean = Clean.substr(0, 77) + "...";
  return Clean;
}

SourceLoc Interpreter::loc(SourceLocation L) const {
  SourceLoc R;
  if (L.isInvalid())
    return R;
  SourceLocation F = SM.getFileLoc(L);
  PresumedLoc P = SM.getPresumedLoc(F);
  if (P.isInvalid())
    return R;
  R.Raw = F.getRawEncoding();
  R.File = P.getFilename();
  R.Line = P.getLine();
  R.Column = P.getColumn();
  return R;
}

std::string Interpreter::uniqueName(const std::string &Base) {
  // Names made in a dry run carry '?': nothing recorded may mention them.
  if (DryRun)
    return Base + "?" + std::to_string(++FreshCounter);
  if (HostMode)
    return Base;
  if (UsedNames.insert(Base).second)
    return Base;
  unsigned &I = NextSuffix.try_emplace(Base, 2).first->second;
  std::string N = Base + "#" + std::to_string(I);
  while (!UsedNames.insert(N).second)
    N = Base + "#" + std::to_string(++I);
  ++I;
  return N;
}

void Interpreter::noteSymbol(const SymExpr &S, const std::string &Origin,
                             SourceLocation L) {
  if (!recording() || S.op() != sym::Op::Sym)
    return;
  SymbolFacts &F = SymbolInfo[S.name()];
  F.Name = S.name();
  F.Kind = S.symbolKind();
  F.ThreadDependent = S.symbolThreadDependent();
  F.Origin = Origin;
  F.Loc = loc(L);
}

SymExpr Interpreter::unknownSymbol(const std::string &Name, bool ThreadDep,
                                const std::string &Why, SourceLocation L) {
  SymExpr S = SymExpr::symbol(uniqueName(Name), SymbolKind::Unknown, ThreadDep);
  noteSymbol(S, Why, L);
  return S;
}

void Interpreter::unknownFact(const std::string &Why, SourceLocation L) {
  if (!recording())
    return;
  SourceLoc SL = loc(L);
  for (const UnknownFacts &U : Out.Unknowns)
    if (U.Reason == Why && U.Loc.Line == SL.Line && U.Loc.Column == SL.Column)
      return;
  Out.Unknowns.push_back({Why, SL});
}

unsigned Interpreter::typeSize(QualType T) const {
  if (T.isNull() || T->isIncompleteType() || T->isDependentType() ||
      T->isVoidType() || !T->isConstantSizeType())
    return 0;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

SymExpr Interpreter::asExpr(const Value &V, const clang::Expr *E) {
  if (V.Kind == Value::Scalar)
    return V.E;
  return unknownSymbol(text(E), V.threadDependent(),
                       V.Kind == Value::Pointer
                           ? "a pointer used as an integer"
                           : "a value warplint cannot express",
                       E->getExprLoc());
}

//===----------------------------------------------------------------------===//
// Kernels and host functions
//===----------------------------------------------------------------------===//

void Interpreter::runKernel(const FunctionDecl &FD) {
  bindKernelParameters(FD);
  if (FD.hasBody())
    exec(FD.getBody());
  finishSymbols();
}

void Interpreter::bindKernelParameters(const FunctionDecl &FD) {
  for (const ParmVarDecl *P : FD.parameters()) {
    QualType T = P->getType();
    std::string Name = P->getName().str();
    if (Name.empty())
      continue;
    UsedNames.insert(Name);
    if (T->isPointerType() || T->isArrayType()) {
      // A kernel's pointer parameters point to global memory.
      Vars[P] = Value::pointer(Name, MemorySpace::Global, SymExpr(0));
      // `float C[N][N]`: C[i][j] has a subscript per dimension.
      if (ArrayPointerSubscripts && T->isPointerType() &&
          T->getPointeeType()->isArrayType())
        Vars[P].SubsValid = true;
    } else if (T->isIntegralOrEnumerationType()) {
      SymExpr S = SymExpr::symbol(Name, SymbolKind::Param);
      noteSymbol(S, "kernel parameter", P->getLocation());
      Vars[P] = Value::scalar(S);
    } else if (T->isRecordType()) {
      Value V;
      V.Kind = Value::Struct;
      V.Root = Name;
      Vars[P] = V;
    } else {
      Vars[P] = Value::unknown(false);
    }
  }
}

/// Lists every symbol the recorded facts mention, with what it stands for.
void Interpreter::finishSymbols() {
  std::map<std::string, SymExpr> Used;
  for (const AccessFacts &A : Out.Accesses)
    A.ByteOffset.collectSymbols(Used);
  for (const BranchFacts &B : Out.Branches)
    B.Condition.collectSymbols(Used);
  for (const LoopFacts &L : Out.Loops)
    for (const auto *E : {&L.Start, &L.Bound, &L.Step, &L.TripCount})
      if (*E)
        (*E)->collectSymbols(Used);
  for (const auto &[Name, S] : Used) {
    auto It = SymbolInfo.find(Name);
    if (It != SymbolInfo.end()) {
      Out.Symbols.push_back(It->second);
      continue;
    }
    SymbolFacts F;
    F.Name = Name;
    F.Kind = S.symbolKind();
    F.ThreadDependent = S.symbolThreadDependent();
    switch (F.Kind) {
    case SymbolKind::ThreadIdx:
    case SymbolKind::BlockIdx:
    case SymbolKind::BlockDim:
    case SymbolKind::GridDim:
      F.Origin = "built-in index variable";
      break;
    default:
      F.Origin = "unknown";
      break;
    }
    Out.Symbols.push_back(F);
  }
}

void Interpreter::runHostFunction(const FunctionDecl &FD,
                                  const ExternalCall *From) {
  HostMode = true;
  if (From) {
    CommandLine = From->CommandLine;
    DeviceReads = From->Device;
    OuterUnder = From->Under;
    HostLoops = From->Iterations;
    Calls.push_back(From->Loc);
  }
  for (unsigned I = 0; I < FD.getNumParams(); ++I) {
    const ParmVarDecl *P = FD.getParamDecl(I);
    if (P->getName().empty())
      continue;
    if (From && I < From->Args.size() && From->Args[I] &&
        P->getType()->isIntegralOrEnumerationType()) {
      Vars[P] = Value::scalar(*From->Args[I]);
      continue;
    }
    // main(argc, argv): 1 when the program is run without arguments,
    // which the launches that depend on it take (lib/Facts/Launch.cpp).
    if (FD.isMain() && P == FD.getParamDecl(0))
      CommandLine[P->getName().str()] = 1;
    if (P->getType()->isIntegralOrEnumerationType())
      Vars[P] = Value::scalar(
          SymExpr::symbol(P->getName().str(), SymbolKind::Param));
  }
  if (FD.hasBody())
    exec(FD.getBody());
}

} // namespace detail
} // namespace warplint
