//===- UncoalescedAccessCheck.cpp - warplint-uncoalesced-access -----------===//
#include "UncoalescedAccessCheck.h"

#include "CheckSupport.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"


#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {
namespace checks {

static constexpr llvm::StringLiteral TUBinding = "tu";

UncoalescedAccessCheck::UncoalescedAccessCheck(StringRef Name,
                                               tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      GpuArch(Options.getLocalOrGlobal("GpuArch", "")),
      SystemHeaders(Context->getOptions().SystemHeaders.value_or(false)),
      Launch(Options.getLocalOrGlobal("Launch", "")),
      ArchDir(Options.getLocalOrGlobal("ArchDir", "")),
      Assume(Options.getLocalOrGlobal("Assume", "")),
      MinFactorText(Options.get("MinFactor", "1.5")),
      MinExcessText(Options.get("MinExcessSectors", "1")) {
  std::optional<double> F = parseNumberOption(MinFactorText);
  if (F && *F >= 1.0)
    MinFactor = *F;
  std::optional<double> D = parseNumberOption(MinExcessText);
  if (D && *D >= 0)
    MinExcess = *D;
}

void UncoalescedAccessCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "GpuArch", GpuArch);
  Options.store(Opts, "Launch", Launch);
  Options.store(Opts, "ArchDir", ArchDir);
  Options.store(Opts, "Assume", Assume);
  Options.store(Opts, "MinFactor", MinFactorText);
  Options.store(Opts, "MinExcessSectors", MinExcessText);
}

void UncoalescedAccessCheck::registerPPCallbacks(const SourceManager &,
                                      Preprocessor *ThePP, Preprocessor *) {
  PP = ThePP;
  // A file with errors: the kernels whose own code parsed are analysed.
  if (ThePP)
    watchParse(*ThePP);
}

void UncoalescedAccessCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind(TUBinding), this);
}

static const char *verb(const AccessFacts &A) {
  if (A.IsRead && A.IsWrite)
    return "global load and store of";
  return A.IsWrite ? "global store to" : "global load from";
}

void UncoalescedAccessCheck::check(const MatchFinder::MatchResult &Result) {
  std::vector<std::string> Problems;
  std::optional<CheckInput> In = prepareCheck(
      *Result.Context, PP, {GpuArch, ArchDir, Launch, Assume}, Problems,
      SystemHeaders);
  for (const std::string &P : Problems)
    configurationDiag("%0: %1") << getID() << P;
  if (!MinFactor)
    configurationDiag("invalid MinFactor for %0: '%1' (a number >= 1, the "
                      "sectors per request over the ideal from which a "
                      "request is reported); using 1.5")
        << getID() << MinFactorText;
  if (!MinExcess)
    configurationDiag("invalid MinExcessSectors for %0: '%1' (a number of "
                      "sectors, 0 or more; 0 turns the rule off); using 1")
        << getID() << MinExcessText;
  if (!In)
    return;
  const GpuModel *Gpu = &In->gpu();
  for (size_t KI = 0; KI < In->kernels().size(); ++KI) {
    const KernelContext &KC = In->kernels()[KI];
    const std::vector<CoalescingFinding> &All = In->TU->uncoalescedAccesses(
        In->Request, KI, MinFactor.value_or(1.5), MinExcess.value_or(1.0));
    // An address the C++ leaves undefined is not analysed; said, not
    // skipped in silence.
    for (const AccessFacts &A : KC.Kernel->Accesses)
      if (!A.Undefined.empty() && A.Space == MemorySpace::Global)
        diag(toLoc(A.Loc), "%0 '%1' is not analysed: %2")
            << verb(A) << A.Base << A.Undefined;
    // One root cause, one warning: the accesses of a kernel to the same
    // buffer with the same numbers and the same explanation are reported
    // at the first, with a note listing the others.
    auto SameCause = [](const CoalescingFinding &X, const CoalescingFinding &Y) {
      return X.Access->Base == Y.Access->Base &&
             X.Access->IsRead == Y.Access->IsRead &&
             X.Access->IsWrite == Y.Access->IsWrite &&
             X.Worst.Sectors == Y.Worst.Sectors &&
             X.Worst.Transactions == Y.Worst.Transactions &&
             X.Worst.IdealSectors == Y.Worst.IdealSectors &&
             X.Worst.IdealTransactions == Y.Worst.IdealTransactions &&
             X.Worst.BytesRequested == Y.Worst.BytesRequested &&
             X.Worst.BytesFetched == Y.Worst.BytesFetched && X.Why == Y.Why &&
             X.Config.Grid == Y.Config.Grid && X.Config.Block == Y.Config.Block;
    };
    std::vector<bool> Folded(All.size(), false);
    for (size_t FI = 0; FI < All.size(); ++FI) {
      if (Folded[FI])
        continue;
      const CoalescingFinding &F = All[FI];
      std::vector<const AccessFacts *> Same;
      for (size_t GI = FI + 1; GI < All.size(); ++GI)
        if (!Folded[GI] && SameCause(F, All[GI])) {
          Folded[GI] = true;
          Same.push_back(All[GI].Access);
        }
      const AccessFacts &A = *F.Access;
      unsigned Used = unsigned(std::lround(100 * F.Worst.efficiency()));
      bool Half = F.Family == CoalescingFamily::CC1_0 ||
                  F.Family == CoalescingFamily::CC1_2;
      if (Half)
        diag(toLoc(A.Loc), "%0 '%1' needs %2 %plural{1:transaction|:transactions}2 for the %3 "
                           "half-warps of a warp request (ideal %4); %5%% of "
                           "fetched bytes are used")
            << verb(A) << A.Base << F.Worst.Transactions << F.Worst.Requests
            << F.Worst.IdealTransactions << Used;
      else
        diag(toLoc(A.Loc), "%0 '%1' touches %2 %plural{1:sector|:sectors}2 in %3 "
                           "%plural{1:line|:lines}3 per warp "
                           "request (ideal %4); %5%% of fetched bytes are used")
            << verb(A) << A.Base << F.Worst.Sectors << F.Worst.Transactions
            << F.Worst.IdealSectors << Used;
      if (!F.Why.empty())
        diag(toLoc(A.Loc), "%0", DiagnosticIDs::Note) << F.Why;
      if (F.ByExcess) {
        char Mean[32], Factor[32];
        snprintf(Mean, sizeof Mean, "%.3g", F.ExcessMean);
        snprintf(Factor, sizeof Factor, "%g", MinFactor.value_or(1.5));
        const bool One = std::string(Mean) == "1";
        diag(toLoc(A.Loc),
             "%0 excess %1 per warp request on average, in a loop: below the "
             "%2x factor, but paid on every iteration (MinExcessSectors)",
             DiagnosticIDs::Note)
            << Mean
            << (Half ? (One ? "transaction" : "transactions")
                     : (One ? "sector" : "sectors"))
            << Factor;
      }
      if (F.Share < 1.0)
        diag(toLoc(A.Loc), "%0%% of the enumerated warp requests are like this",
             DiagnosticIDs::Note)
            << unsigned(std::lround(100 * F.Share));
      for (const auto &[Loc, Text] : assumptionNotes(F.Config, *KC.Kernel, *Gpu,
                                                     A, F.Assumptions))
        diag(Loc, "assuming %0", DiagnosticIDs::Note) << Text;
      if (!F.Fix.empty())
        diag(toLoc(A.Loc), "to fix: %0", DiagnosticIDs::Note) << F.Fix;
      if (!Same.empty()) {
        size_t NPlaces = 0;
        const std::string Lines = otherPlaces(A, Same, NPlaces);
        diag(toLoc(A.Loc),
             "%0 more %select{access|accesses}1 to '%2' in this kernel "
             "%select{has|have}1 the same pattern and numbers (%select{line|"
             "lines}4 %3); not reported separately",
             DiagnosticIDs::Note)
            << unsigned(Same.size()) << (Same.size() > 1 ? 1 : 0) << A.Base
            << Lines << (NPlaces > 1 ? 1 : 0);
      }
    }
  }
}

} // namespace checks
} // namespace warplint
