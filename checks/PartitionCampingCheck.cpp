//===- PartitionCampingCheck.cpp - warplint-partition-camping -------------===//
#include "PartitionCampingCheck.h"

#include "CheckSupport.h"

#include "Warp/ChannelSkew.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

#include <cmath>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {
namespace checks {

static constexpr llvm::StringLiteral TUBinding = "tu";

PartitionCampingCheck::PartitionCampingCheck(StringRef Name,
                                             tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      GpuArch(Options.getLocalOrGlobal("GpuArch", "")),
      SystemHeaders(Context->getOptions().SystemHeaders.value_or(false)),
      Launch(Options.getLocalOrGlobal("Launch", "")),
      ArchDir(Options.getLocalOrGlobal("ArchDir", "")),
      Assume(Options.getLocalOrGlobal("Assume", "")),
      MinSkewText(Options.get("MinSkew", "2")),
      OnHashedText(Options.get("OnHashedArchitectures", "false")) {
  std::optional<double> Skew = parseNumberOption(MinSkewText);
  MinSkew = Skew && *Skew >= 1 ? *Skew : -1; // -1 is reported in check()
  OnHashedArchitectures = parseBoolOption(OnHashedText).value_or(false);
}

void PartitionCampingCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "GpuArch", GpuArch);
  Options.store(Opts, "Launch", Launch);
  Options.store(Opts, "ArchDir", ArchDir);
  Options.store(Opts, "Assume", Assume);
  Options.store(Opts, "MinSkew", MinSkewText);
  Options.store(Opts, "OnHashedArchitectures", OnHashedText);
}

void PartitionCampingCheck::registerPPCallbacks(const SourceManager &,
                                                Preprocessor *ThePP,
                                                Preprocessor *) {
  PP = ThePP;
  // A file with errors: the kernels whose own code parsed are analysed.
  if (ThePP)
    watchParse(*ThePP);
}

void PartitionCampingCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind(TUBinding), this);
}

namespace {
/// The uses of blockIdx.x / blockIdx.y in a kernel body, and whether each
/// can be rewritten in place.
struct BlockIdxUses : RecursiveASTVisitor<BlockIdxUses> {
  const SourceManager &SM;
  std::vector<std::pair<CharSourceRange, char>> Uses;
  std::string CannotRewrite;
  std::set<uint64_t> Seen;
  explicit BlockIdxUses(const SourceManager &SM) : SM(SM) {}
  bool VisitMSPropertyRefExpr(MSPropertyRefExpr *E) {
    const Expr *BaseE = E->getBaseExpr()->IgnoreParenImpCasts();
    // In a PseudoObjectExpr's syntactic form the base is opaque.
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(BaseE))
      if (OVE->getSourceExpr())
        BaseE = OVE->getSourceExpr()->IgnoreParenImpCasts();
    const auto *Base = dyn_cast<DeclRefExpr>(BaseE);
    if (!Base || Base->getDecl()->getName() != "blockIdx")
      return true;
    StringRef Prop = E->getPropertyDecl()->getName();
    char Dim = Prop.empty() ? 0 : Prop.back();
    if (Dim != 'x' && Dim != 'y')
      return true;
    SourceLocation B = E->getBeginLoc(), End = E->getEndLoc();
    if (B.isMacroID() || End.isMacroID()) {
      if (CannotRewrite.empty())
        CannotRewrite = "blockIdx." + std::string(1, Dim) +
                        " is used inside a macro at " +
                        SM.getSpellingLoc(B).printToString(SM);
      return true;
    }
    if (Seen.insert(B.getRawEncoding()).second)
      Uses.push_back({CharSourceRange::getTokenRange(B, End), Dim});
    return true;
  }
};

double fmtRound(double V) { return std::round(V * 100) / 100; }

std::string num(double V) {
  char Buf[32];
  snprintf(Buf, sizeof Buf, "%g", fmtRound(V));
  return Buf;
}

std::string histogram(const std::vector<unsigned> &H) {
  std::string S;
  for (unsigned N : H)
    S += (S.empty() ? "" : " ") + std::to_string(N);
  return S;
}

/// Whether a fact mentions blockIdx.x/.y in a __device__ function the
/// kernel calls (the fix rewrites the kernel body only).
bool usedInCallees(const KernelFacts &K) {
  auto Mentions = [](const sym::Expr &E) {
    return E.mentions("blockIdx.x") || E.mentions("blockIdx.y");
  };
  for (const AccessFacts &A : K.Accesses)
    if (!A.Calls.empty() && Mentions(A.ByteOffset))
      return true;
  for (const BranchFacts &B : K.Branches)
    if (!B.Calls.empty() && Mentions(B.Condition))
      return true;
  return false;
}

} // namespace

void PartitionCampingCheck::check(const MatchFinder::MatchResult &Result) {
  std::vector<std::string> Problems;
  std::optional<CheckInput> In = prepareCheck(
      *Result.Context, PP, {GpuArch, ArchDir, Launch, Assume}, Problems,
      SystemHeaders);
  for (const std::string &P : Problems)
    configurationDiag("%0: %1") << getID() << P;
  if (MinSkew < 0) {
    configurationDiag("invalid MinSkew for %0: '%1' (a number >= 1)")
        << getID() << MinSkewText;
    return;
  }
  if (!In)
    return;
  const GpuModel &Gpu = In->gpu();
  if (Gpu.PartitionsHashed && !OnHashedArchitectures)
    return;
  ChannelParams CP{Gpu.Partitions ? Gpu.Partitions : 8,
                   Gpu.PartitionWidth ? Gpu.PartitionWidth : 256};
  const SourceManager &SM = *Result.SourceManager;

  // The kernels' declarations, to find their bodies.
  std::map<uint64_t, const FunctionDecl *> Kernels;
  for (const auto &N :
       match(functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal))
                 .bind("k"),
             *Result.Context))
    if (const auto *FD = N.getNodeAs<FunctionDecl>("k"))
      Kernels[FD->getLocation().getRawEncoding()] = FD;

  for (const KernelContext &KC : In->kernels()) {
    const KernelFacts &K = *KC.Kernel;
    for (const LaunchConfig &L : KC.Configs) {
      ChannelSkewResult R =
          analyzeChannelSkew(K, L, CP, campingBlocksPerSm(Gpu, L), KC.Enum);
      if (!R.Analysed)
        continue;
      // Re-analysis under diagonal block reordering.
      bool Square = L.Grid[0] == L.Grid[1];
      DiagonalMapping M =
          Square ? DiagonalMapping::Square : DiagonalMapping::General;
      ChannelSkewResult D = analyzeChannelSkew(
          diagonalReordering(K, M), L, CP, campingBlocksPerSm(Gpu, L),
          KC.Enum);
      std::string NoFix;
      std::vector<FixItHint> Fixes;
      const FunctionDecl *FD = nullptr;
      if (auto It = Kernels.find(K.Loc.Raw); It != Kernels.end())
        FD = It->second;
      if (L.Grid[1] <= 1)
        NoFix = "the grid has one row of blocks";
      else if (!D.Analysed || D.Skew >= R.Skew)
        NoFix = "re-analysis gives ch_skew " + num(D.Analysed ? D.Skew : R.Skew) +
                " with it, no better than " + num(R.Skew);
      else if (!FD || !FD->getBody() || FD->isTemplateInstantiation() ||
               FD->getTemplatedKind() != FunctionDecl::TK_NonTemplate)
        NoFix = "the kernel is a template or its body was not found";
      else if (usedInCallees(K))
        NoFix = "blockIdx is used in a __device__ function the kernel calls";
      else {
        const auto *Body = dyn_cast<CompoundStmt>(FD->getBody());
        BlockIdxUses V(SM);
        V.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
        StringRef BodyText = Lexer::getSourceText(
            CharSourceRange::getTokenRange(FD->getBody()->getSourceRange()), SM,
            Result.Context->getLangOpts());
        if (!V.CannotRewrite.empty())
          NoFix = V.CannotRewrite;
        else if (!Body || Body->getLBracLoc().isMacroID())
          NoFix = "the kernel body comes from a macro";
        else if (BodyText.contains("blockIdx_x") ||
                 BodyText.contains("blockIdx_y") ||
                 BodyText.contains("blockIdx_linear"))
          NoFix = "the kernel already uses the names blockIdx_x/blockIdx_y";
        else {
          std::string Indent = "  ";
          if (!Body->body_empty()) {
            unsigned Col = SM.getExpansionColumnNumber(Body->body_front()->getBeginLoc());
            if (Col > 1)
              Indent = std::string(Col - 1, ' ');
          }
          std::string Text;
          for (const std::string &Decl : diagonalDeclarations(M))
            Text += "\n" + Indent + Decl;
          Fixes.push_back(FixItHint::CreateInsertion(
              Body->getLBracLoc().getLocWithOffset(1), Text));
          for (const auto &[Range, Dim] : V.Uses)
            Fixes.push_back(FixItHint::CreateReplacement(
                Range, std::string("blockIdx_") + Dim));
        }
      }

      bool FixGiven = false;
      for (const ReferenceSkew &RS : R.Refs) {
        if (!RS.Access || RS.ChannelsUsed == 0 || RS.Skew < MinSkew)
          continue;
        const AccessFacts &A = *RS.Access;
        diag(toLoc(A.Loc), "partition camping: the first %0 blocks to run "
                           "put '%1' on %2 of %3 memory channels (ch_skew %4)")
            << R.BlocksToCheck << A.Text << RS.ChannelsUsed << CP.Channels
            << num(RS.Skew);
        diag(toLoc(A.Loc), "blocks per channel: %0 (channels of %1 bytes; "
                           "CuMAPz eq. 4-5)",
             DiagnosticIDs::Note)
            << histogram(RS.BlocksPerChannel) << CP.WidthBytes;
        std::vector<std::string> Assumed = R.Assumptions;
        for (const auto &[Loc, Text] :
             assumptionNotes(L, K, Gpu, A, Assumed))
          diag(Loc, "assuming %0", DiagnosticIDs::Note) << Text;
        if (!FixGiven) {
          if (NoFix.empty()) {
            // The rewrite is the note's fix-it, at the kernel: the
            // warning's snippet stays the access's own line.
            auto Note = diag(toLoc(K.Loc),
                             "diagonal block reordering lowers ch_skew from "
                             "%0 to %1: blockIdx.x and blockIdx.y are "
                             "remapped at the top of the kernel (%2 grid "
                             "mapping)",
                             DiagnosticIDs::Note)
                        << num(R.Skew) << num(D.Skew)
                        << (Square ? "square" : "rectangular");
            for (const FixItHint &F : Fixes)
              Note << F;
          } else
            diag(toLoc(K.Loc),
                 "diagonal block reordering is not offered: %0",
                 DiagnosticIDs::Note)
                << NoFix;
        }
        FixGiven = true;
      }
    }
  }
}

} // namespace checks
} // namespace warplint
