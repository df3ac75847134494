//===- KernelCostCheck.cpp - warplint-kernel-cost -------------------------===//
#include "KernelCostCheck.h"

#include "CheckSupport.h"

#include "Cost/Estimate.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {
namespace checks {

static constexpr llvm::StringLiteral TUBinding = "tu";

KernelCostCheck::KernelCostCheck(StringRef Name, tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      GpuArch(Options.getLocalOrGlobal("GpuArch", "")),
      SystemHeaders(Context->getOptions().SystemHeaders.value_or(false)),
      Launch(Options.getLocalOrGlobal("Launch", "")),
      ArchDir(Options.getLocalOrGlobal("ArchDir", "")),
      Assume(Options.getLocalOrGlobal("Assume", "")),
      Model(Options.getLocalOrGlobal("Model", "auto")),
      MaxCyclesText(Options.get("MaxCycles", "")),
      MaxMicrosecondsText(Options.get("MaxMicroseconds", "")),
      RegistersText(Options.getLocalOrGlobal("Registers", "")) {}

void KernelCostCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "GpuArch", GpuArch);
  Options.store(Opts, "Launch", Launch);
  Options.store(Opts, "ArchDir", ArchDir);
  Options.store(Opts, "Assume", Assume);
  Options.store(Opts, "Model", Model);
  Options.store(Opts, "MaxCycles", MaxCyclesText);
  Options.store(Opts, "MaxMicroseconds", MaxMicrosecondsText);
  Options.store(Opts, "Registers", RegistersText);
}

void KernelCostCheck::registerPPCallbacks(const SourceManager &,
                                          Preprocessor *ThePP, Preprocessor *) {
  PP = ThePP;
  // A file with errors: the kernels whose own code parsed are analysed.
  if (ThePP)
    watchParse(*ThePP);
}

void KernelCostCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind(TUBinding), this);
}

namespace {

/// A positive number from an option; nullopt when empty; Bad when invalid.
std::optional<double> positive(StringRef Text, bool &Bad) {
  if (Text.trim().empty())
    return std::nullopt;
  std::optional<double> V = parseNumberOption(Text);
  if (!V || !(*V > 0)) {
    Bad = true;
    return std::nullopt;
  }
  return V;
}

std::string fixed(double V, int Decimals) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.*f", Decimals, V);
  return Buf;
}

std::string microseconds(double Seconds) {
  return fixed(Seconds * 1e6, Seconds * 1e6 < 10 ? 2 : 1) + " us";
}

} // namespace

void KernelCostCheck::check(const MatchFinder::MatchResult &Result) {
  bool BadCycles = false, BadTime = false, BadRegs = false;
  std::optional<double> MaxCycles = positive(MaxCyclesText, BadCycles);
  std::optional<double> MaxUs = positive(MaxMicrosecondsText, BadTime);
  std::optional<double> Regs = positive(RegistersText, BadRegs);
  if (BadCycles)
    configurationDiag("invalid MaxCycles for %0: '%1' (a number > 0)")
        << getID() << MaxCyclesText;
  if (BadTime)
    configurationDiag("invalid MaxMicroseconds for %0: '%1' (a number > 0)")
        << getID() << MaxMicrosecondsText;
  if (BadRegs || (Regs && (*Regs != std::floor(*Regs) || *Regs > 255)))
    configurationDiag("invalid Registers for %0: '%1' (a whole number, 1 to "
                      "255)")
        << getID() << RegistersText;
  if (Model != "auto" && Model != "paper" && !parseHongKimVariant(Model))
    configurationDiag("invalid Model for %0: '%1' (auto, warplint, paper, "
                      "hong-kim, wang-lou, cgpredict or mdm)")
        << getID() << Model;
  // No budget, nothing to compare with: a `warplint-*` glob enables this
  // check too, and it must stay quiet there (docs/checks/kernel-cost.md).
  if (!MaxCycles && !MaxUs)
    return;
  std::vector<std::string> Problems;
  std::optional<CheckInput> In = prepareCheck(
      *Result.Context, PP, {GpuArch, ArchDir, Launch, Assume}, Problems,
      SystemHeaders);
  for (const std::string &P : Problems)
    configurationDiag("%0: %1") << getID() << P;
  if (!In)
    return;
  EstimateOptions EO;
  EO.Model =
      parseHongKimVariant(Model) || Model == "paper" ? Model : "auto";
  EO.MaxRegCount = In->TU->facts().Compile.MaxRegCount;
  if (Regs && !BadRegs && *Regs <= 255)
    EO.RegistersPerThread = unsigned(*Regs);
  for (const KernelContext &KC : In->kernels()) {
    const KernelFacts &K = *KC.Kernel;
    EstimateOptions KO = EO;
    KO.Analysis.Enum = KC.Enum;
    for (const KernelEstimate &E :
         estimateKernel(K, KC.Configs, In->Prepared->Arch, In->gpu(), KO)) {
      const CycleEstimate &C = E.Cycles;
      const HongKimResult &H = C.HongKim;
      if (!E.Occupancy.Detail.Valid || !H.Ok || !(C.TotalCycles > 0))
        continue;
      bool OverCycles = MaxCycles && C.TotalCycles > *MaxCycles;
      bool OverTime = MaxUs && C.TimeSeconds * 1e6 > *MaxUs;
      if (!OverCycles && !OverTime)
        continue;
      std::string Budget =
          OverCycles ? fixed(*MaxCycles, 0) + " cycles"
                     : fixed(*MaxUs, *MaxUs < 10 ? 2 : 1) + " us";
      diag(toLoc(K.Loc), "kernel '%0' costs an estimated %1 cycles (%2 at "
                         "%3 MHz), over its budget of %4")
          << K.Name << fixed(C.TotalCycles, 0) << microseconds(C.TimeSeconds)
          << fixed(In->Prepared->Arch.CoreClockMHz, 0) << Budget;
      diag(toLoc(K.Loc), "%0 model (%1): bound by %2; %3",
           DiagnosticIDs::Note)
          << toString(C.Model.Variant) << C.Model.Reason << C.Bound
          << C.Breakdown;
      diag(toLoc(K.Loc),
           "occupancy %0%% (%1 blocks, %2 warps per SM), limited by %3; "
           "per thread (%4): %5 computation, %6 coalesced and %7 uncoalesced "
           "memory, %8 synchronization instructions",
           DiagnosticIDs::Note)
          << fixed(E.Occupancy.Occupancy * 100, 0) << E.Occupancy.BlocksPerSm
          << E.Occupancy.WarpsPerSm << E.Occupancy.Limiter << C.CountsSource
          << fixed(C.Counts.Comp, 0) << fixed(C.Counts.CoalMem, 0)
          << fixed(C.Counts.UncoalMem, 0) << fixed(C.Counts.Synch, 0);
      clang::SourceLocation At = configLoc(E.Config, K);
      diag(At, "assuming %0", DiagnosticIDs::Note)
          << describeConfig(E.Config, In->gpu());
      // What the cycle figures rest on (not the CuMAPz terms' own).
      std::vector<std::string> Notes = E.Config.Assumptions;
      for (const auto *List : {&E.Occupancy.Assumptions, &H.Assumptions})
        for (const std::string &S : *List)
          if (std::find(Notes.begin(), Notes.end(), S) == Notes.end())
            Notes.push_back(S);
      if (!C.ModelNote.empty())
        Notes.push_back(C.ModelNote);
      for (const std::string &S : Notes)
        diag(At, "assuming %0", DiagnosticIDs::Note) << S;
    }
  }
}

} // namespace checks
} // namespace warplint
