//===- BankConflictCheck.cpp - warplint-bank-conflict ---------------------===//
#include "BankConflictCheck.h"

#include "CheckSupport.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <algorithm>

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {
namespace checks {

static constexpr llvm::StringLiteral TUBinding = "tu";

BankConflictCheck::BankConflictCheck(StringRef Name,
                                     tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      GpuArch(Options.getLocalOrGlobal("GpuArch", "")),
      SystemHeaders(Context->getOptions().SystemHeaders.value_or(false)),
      Launch(Options.getLocalOrGlobal("Launch", "")),
      ArchDir(Options.getLocalOrGlobal("ArchDir", "")),
      Assume(Options.getLocalOrGlobal("Assume", "")),
      MinWaysText(Options.get("MinWays", "2")),
      BankWidth(Options.get("BankWidth", 4u)) {
  unsigned W = 0;
  MinWays = !StringRef(MinWaysText).trim().getAsInteger(10, W) && W >= 2 ? W : 0;
}

void BankConflictCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "GpuArch", GpuArch);
  Options.store(Opts, "Launch", Launch);
  Options.store(Opts, "ArchDir", ArchDir);
  Options.store(Opts, "Assume", Assume);
  Options.store(Opts, "MinWays", MinWaysText);
  Options.store(Opts, "BankWidth", BankWidth);
}

void BankConflictCheck::registerPPCallbacks(const SourceManager &,
                                      Preprocessor *ThePP, Preprocessor *) {
  PP = ThePP;
  // A file with errors: the kernels whose own code parsed are analysed.
  if (ThePP)
    watchParse(*ThePP);
}

void BankConflictCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind(TUBinding), this);
}

/// "BLKDIM" -> "BLKDIM + 1"; anything that is not a plain sum or product is
/// parenthesised first.
static std::string padded(const std::string &Text) {
  // "BLKDIM + 1" -> "BLKDIM + 2"
  size_t Plus = Text.rfind('+');
  if (Plus != std::string::npos) {
    StringRef Tail = StringRef(Text).substr(Plus + 1).trim();
    unsigned N;
    if (!Tail.empty() && !Tail.getAsInteger(10, N) &&
        StringRef(Text).substr(0, Plus).trim().size() > 0)
      return StringRef(Text).substr(0, Plus).rtrim().str() + " + " +
             std::to_string(N + 1);
  }
  for (char C : Text)
    if (!(isalnum(static_cast<unsigned char>(C)) || C == '_' || C == ' ' ||
          C == '+' || C == '*'))
      return "(" + Text + ") + 1";
  return Text + " + 1";
}

void BankConflictCheck::check(const MatchFinder::MatchResult &Result) {
  std::vector<std::string> Problems;
  std::optional<CheckInput> In = prepareCheck(
      *Result.Context, PP, {GpuArch, ArchDir, Launch, Assume}, Problems,
      SystemHeaders);
  for (const std::string &P : Problems)
    configurationDiag("%0: %1") << getID() << P;
  if (!MinWays)
    configurationDiag("invalid MinWays for %0: '%1' (a whole number >= 2, "
                      "the smallest degree of conflict reported); using 2")
        << getID() << MinWaysText;
  const unsigned Ways = MinWays ? MinWays : 2;
  if (!In)
    return;
  GpuModel GpuCopy = In->gpu();
  GpuModel *Gpu = &GpuCopy;
  bool EightByteMode = false;
  if (BankWidth != 4 && BankWidth != 8)
    configurationDiag("invalid BankWidth for %0: %1 (4 or 8 bytes)")
        << getID() << BankWidth;
  else if (BankWidth == 8 && Gpu->Major != 3)
    configurationDiag("%0: BankWidth 8 applies to compute capability 3.x "
                      "only; %1 has 4-byte banks")
        << getID() << Gpu->Sm;
  else if (BankWidth == 8)
  {
    Gpu->Banks = bankModelFor(Gpu->Major, Gpu->Minor, /*KeplerEightByteMode=*/true);
    EightByteMode = true;
  }
  for (size_t KI = 0; KI < In->kernels().size(); ++KI) {
    const KernelContext &KC = In->kernels()[KI];
    // The padding fix-it goes on the first warning of each buffer only:
    // the same edit twice would conflict.
    std::set<const SharedBufferFacts *> Fixed;
    const std::vector<BankConflictFinding> &All =
        In->TU->bankConflicts(In->Request, KI, Ways, EightByteMode);
    // One root cause, one warning: the kernel's accesses to the same buffer
    // with the same degree and explanation are a note of the first.
    std::vector<bool> Folded(All.size(), false);
    for (size_t FI = 0; FI < All.size(); ++FI) {
      if (Folded[FI])
        continue;
      const BankConflictFinding &F = All[FI];
      std::vector<const AccessFacts *> Same;
      for (size_t GI = FI + 1; GI < All.size(); ++GI) {
        const BankConflictFinding &G = All[GI];
        if (!Folded[GI] && G.Buffer == F.Buffer &&
            G.Access->Base == F.Access->Base &&
            G.Worst.Ways == F.Worst.Ways && G.Cause == F.Cause) {
          Folded[GI] = true;
          Same.push_back(G.Access);
        }
      }
      const AccessFacts &A = *F.Access;
      diag(toLoc(A.Loc), "%0-way bank conflict on shared buffer '%1': %2")
          << F.Worst.Ways << A.Base << F.Why;
      for (const auto &[Loc, Text] : assumptionNotes(F.Config, *KC.Kernel, *Gpu,
                                                     A, F.Assumptions))
        diag(Loc, "assuming %0", DiagnosticIDs::Note) << Text;
      if (F.Buffer) {
        if (F.Padding) {
          // The fix-it is the note's, at the declaration: the warning's
          // snippet then shows the access's own line, not every line down
          // from the declaration. warplint --fix applies it; clang-tidy
          // needs --fix-notes.
          auto D = diag(toLoc(F.Buffer->Loc),
                        "padding the innermost dimension of '%0' to [%1] "
                        "removes the conflicts on every access to it",
                        DiagnosticIDs::Note)
                   << F.Buffer->Name << padded(F.Buffer->DimTexts.back());
          if (!F.Buffer->DimLocs.empty() && F.Buffer->DimLocs.back().Raw &&
              F.Buffer->DimEnds.back().Raw && Fixed.insert(F.Buffer).second)
            D << FixItHint::CreateReplacement(
                CharSourceRange::getCharRange(toLoc(F.Buffer->DimLocs.back()),
                                              toLoc(F.Buffer->DimEnds.back())),
                padded(F.Buffer->DimTexts.back()));
        } else
          diag(toLoc(F.Buffer->Loc), "'%0' declared here; padding is not "
                                     "offered: %1",
               DiagnosticIDs::Note)
              << F.Buffer->Name << F.NoPaddingBecause;
      }
      if (!Same.empty()) {
        size_t NPlaces = 0;
        const std::string Lines = otherPlaces(A, Same, NPlaces);
        diag(toLoc(A.Loc),
             "%0 more %select{access|accesses}1 to '%2' in this kernel "
             "%select{has|have}1 the same conflict (%select{line|lines}4 %3); "
             "not reported separately",
             DiagnosticIDs::Note)
            << unsigned(Same.size()) << (Same.size() > 1 ? 1 : 0) << A.Base
            << Lines << (NPlaces > 1 ? 1 : 0);
      }
    }
  }
}

} // namespace checks
} // namespace warplint
