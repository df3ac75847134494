//===- WarpDivergenceCheck.cpp - warplint-warp-divergence -----------------===//
#include "WarpDivergenceCheck.h"

#include "CheckSupport.h"

#include "Warp/Divergence.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <cmath>
#include <cstdio>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {
namespace checks {

static constexpr llvm::StringLiteral TUBinding = "tu";

WarpDivergenceCheck::WarpDivergenceCheck(StringRef Name,
                                         tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      GpuArch(Options.getLocalOrGlobal("GpuArch", "")),
      SystemHeaders(Context->getOptions().SystemHeaders.value_or(false)),
      Launch(Options.getLocalOrGlobal("Launch", "")),
      ArchDir(Options.getLocalOrGlobal("ArchDir", "")),
      Assume(Options.getLocalOrGlobal("Assume", "")),
      WarnOnTailText(Options.get("WarnOnTail", "false")),
      WarnOnSingleLaneText(Options.get("WarnOnSingleLane", "false")),
      MinSplitPercentText(Options.get("MinSplitPercent", "1")) {
  std::optional<double> P = parseNumberOption(MinSplitPercentText);
  if (P && *P >= 0 && *P <= 100)
    MinSplitPercent = *P;
  std::optional<bool> B = parseBoolOption(WarnOnTailText);
  WarnOnTailValid = B.has_value();
  WarnOnTail = B.value_or(false);
  std::optional<bool> S = parseBoolOption(WarnOnSingleLaneText);
  WarnOnSingleLaneValid = S.has_value();
  WarnOnSingleLane = S.value_or(false);
}

void WarpDivergenceCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "GpuArch", GpuArch);
  Options.store(Opts, "Launch", Launch);
  Options.store(Opts, "ArchDir", ArchDir);
  Options.store(Opts, "Assume", Assume);
  Options.store(Opts, "WarnOnTail", WarnOnTailText);
  Options.store(Opts, "WarnOnSingleLane", WarnOnSingleLaneText);
  Options.store(Opts, "MinSplitPercent", MinSplitPercentText);
}

void WarpDivergenceCheck::registerPPCallbacks(const SourceManager &,
                                              Preprocessor *ThePP,
                                              Preprocessor *) {
  PP = ThePP;
  // A file with errors: the kernels whose own code parsed are analysed.
  if (ThePP)
    watchParse(*ThePP);
}

void WarpDivergenceCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind(TUBinding), this);
}

namespace {

/// "100", "12.5", "73.4": what findingNumbers reads as split_percent.
std::string percent(double F) {
  double P = F * 100;
  char Buf[32];
  if (std::fabs(P - std::round(P)) < 1e-9)
    std::snprintf(Buf, sizeof Buf, "%.0f", P);
  else
    std::snprintf(Buf, sizeof Buf, "%.1f", P);
  return Buf;
}

/// "2", "1.5", "1.73" (at most two decimals, no trailing zeros).
std::string decimal(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.2f", V);
  std::string S = Buf;
  while (!S.empty() && S.back() == '0')
    S.pop_back();
  if (!S.empty() && S.back() == '.')
    S.pop_back();
  return S;
}

unsigned popcount(uint32_t X) {
  unsigned N = 0;
  for (; X; X &= X - 1)
    ++N;
  return N;
}

/// "lane 0", "lanes 0-7", "lanes 0, 16", "every 2nd lane from 0 (16 lanes)".
std::string lanes(uint32_t M) {
  std::vector<std::pair<unsigned, unsigned>> Runs;
  for (unsigned L = 0; L < 32; ++L)
    if (M >> L & 1) {
      if (!Runs.empty() && Runs.back().second + 1 == L)
        Runs.back().second = L;
      else
        Runs.push_back({L, L});
    }
  unsigned N = popcount(M);
  if (N == 0)
    return "no lane";
  if (Runs.size() > 4) {
    // An arithmetic progression of single lanes.
    bool Single = true;
    for (auto &R : Runs)
      Single = Single && R.first == R.second;
    unsigned Step = Runs[1].first - Runs[0].first;
    bool Even = Single;
    for (size_t I = 1; I < Runs.size() && Even; ++I)
      Even = Runs[I].first - Runs[I - 1].first == Step;
    if (Even) {
      std::string Nth = Step == 2 ? "2nd" : Step == 3 ? "3rd" : std::to_string(Step) + "th";
      return "every " + Nth + " lane from " + std::to_string(Runs[0].first) +
             " (" + std::to_string(N) + " lanes)";
    }
  }
  std::string S = N == 1 ? "lane " : "lanes ";
  for (size_t I = 0; I < Runs.size(); ++I) {
    if (I == 4) {
      S += ", ... (" + std::to_string(N) + " lanes)";
      break;
    }
    if (I)
      S += ", ";
    S += std::to_string(Runs[I].first);
    if (Runs[I].second != Runs[I].first)
      S += "-" + std::to_string(Runs[I].second);
  }
  return S;
}

/// Whether anything but the branch test itself depends on the branch (or
/// runs in the loop): an access, a barrier, a loop or a nested branch.
/// \p Side: only what runs where the branch is taken (true) or not
/// (false); unset, either.
bool guardsWork(const KernelFacts &K, const DivergenceResult &R,
                std::optional<bool> Side = std::nullopt) {
  auto Guarded = [&](const std::vector<GuardRef> &G) {
    for (const GuardRef &X : G)
      if (X.Branch == R.Branch->Id && (!Side || X.Taken == *Side))
        return true;
    return false;
  };
  auto InLoop = [&](const std::vector<unsigned> &Loops) {
    for (unsigned Id : Loops)
      if (Id == R.Loop->Id)
        return true;
    return false;
  };
  for (const AccessFacts &A : K.Accesses)
    if (R.Branch ? Guarded(A.Guards) : InLoop(A.Loops))
      return true;
  for (const BarrierFacts &B : K.Barriers)
    if (R.Branch ? Guarded(B.Guards) : InLoop(B.Loops))
      return true;
  for (const LoopFacts &L : K.Loops)
    if (R.Branch ? Guarded(L.Guards) : L.Parent && *L.Parent == R.Loop->Id)
      return true;
  // A `?:` under it is a select, not work of its own (divRndUp's
  // `n % d ? 1 : 0`).
  for (const BranchFacts &B : K.Branches)
    if (B.Kind != BranchKind::Conditional &&
        (R.Branch ? Guarded(B.Guards) : InLoop(B.Loops)))
      return true;
  return false;
}

/// An interleaved reduction's test: tid % (c * s) == 0 where s is the
/// variable of an enclosing loop.
bool isInterleavedReduction(const KernelFacts &K, const BranchFacts &B) {
  const sym::Expr &C = B.Condition;
  if (C.op() != sym::Op::Eq && C.op() != sym::Op::Ne)
    return false;
  for (const sym::Expr &Side : C.operands()) {
    if (Side.op() != sym::Op::Mod || !Side.operands()[0].isThreadDependent())
      continue;
    for (unsigned Id : B.Loops)
      for (const LoopFacts &L : K.Loops)
        if (L.Id == Id && !L.IterSymbol.empty() &&
            Side.operands()[1].mentions(L.IterSymbol))
          return true;
  }
  return false;
}

/// "s = 4", or for an iteration counter of a loop over k ("k.iter"),
/// "iteration 2 of the k loop".
std::string loopValue(const std::string &Sym, const std::string &Values) {
  llvm::StringRef S(Sym);
  if (S.consume_back(".iter"))
    return (Values.find(',') == std::string::npos ? "iteration " : "iterations ") +
           Values + " of the " + S.str() + " loop";
  return Sym + " = " + Values;
}

std::string where(const SplitExample &E) {
  std::string S = "warp " + std::to_string(E.Warp) + " of block (" +
                  std::to_string(E.BlockIdx[0]) + ", " +
                  std::to_string(E.BlockIdx[1]) + ", " +
                  std::to_string(E.BlockIdx[2]) + ")";
  bool First = true;
  for (const auto &[Name, V] : E.Iterations) {
    S += (First ? " at " : ", ") + loopValue(Name, std::to_string(V));
    First = false;
  }
  return S;
}

std::string iterations(const DivergenceResult &R) {
  std::string S;
  for (const auto &[Name, Vals] : R.IterationsEvaluated) {
    S += S.empty() ? "" : "; ";
    std::string List;
    for (size_t I = 0; I < Vals.size(); ++I)
      List += (I ? ", " : "") + std::to_string(Vals[I]);
    S += loopValue(Name, List);
  }
  return S;
}

} // namespace

void WarpDivergenceCheck::check(const MatchFinder::MatchResult &Result) {
  std::vector<std::string> Problems;
  std::optional<CheckInput> In = prepareCheck(
      *Result.Context, PP, {GpuArch, ArchDir, Launch, Assume}, Problems,
      SystemHeaders);
  for (const std::string &P : Problems)
    configurationDiag("%0: %1") << getID() << P;
  if (!WarnOnTailValid)
    configurationDiag("invalid WarnOnTail for %0: '%1' (true or false)")
        << getID() << WarnOnTailText;
  if (!MinSplitPercent)
    configurationDiag("invalid MinSplitPercent for %0: '%1' (a percentage "
                      "of warps, 0 to 100); using 1")
        << getID() << MinSplitPercentText;
  if (!WarnOnSingleLaneValid)
    configurationDiag("invalid WarnOnSingleLane for %0: '%1' (true or false)")
        << getID() << WarnOnSingleLaneText;
  if (!In)
    return;
  const GpuModel &Gpu = In->gpu();
  for (size_t KI = 0; KI < In->kernels().size(); ++KI) {
    const KernelContext &KC = In->kernels()[KI];
    const KernelFacts &K = *KC.Kernel;
    // One warning per branch: the first configuration that gives one.
    std::set<std::pair<bool, unsigned>> Warned;
    for (size_t CI = 0; CI < KC.Configs.size(); ++CI) {
      const LaunchConfig &L = KC.Configs[CI];
      for (const DivergenceResult &R : In->TU->divergence(In->Request, KI, CI)) {
        bool IsLoop = R.Loop != nullptr;
        unsigned Id = IsLoop ? R.Loop->Id : R.Branch->Id;
        if (Warned.count({IsLoop, Id}))
          continue;
        if (R.Class != DivergenceClass::Divergent &&
            !(WarnOnTail && R.Class == DivergenceClass::Tail))
          continue;
        // A ?: is usually compiled to a select, not a branch.
        if (R.Branch && R.Branch->Kind == BranchKind::Conditional)
          continue;
        // One lane writing a result while the others wait costs the body
        // once: not what users want warned by default.
        if (!WarnOnSingleLane && R.singleLane())
          continue;
        // A branch that splits a handful of warps (a bound at the image's
        // edge the tail rule does not recognise) costs that share at most.
        if (R.Warps > 0 &&
            100.0 * R.SplitWarps / R.Warps < MinSplitPercent.value_or(1.0))
          continue;
        if (!guardsWork(K, R) || !R.Example)
          continue;
        // Work on one side only (an if with no else; a loop's body): the
        // lanes off that side idle while it runs, no second path. With one
        // such lane per split warp (`if (tid != last)`, one clamped
        // thread's shorter loop) the cost is that lane: not reported.
        const bool OneSided =
            IsLoop || !(guardsWork(K, R, true) && guardsWork(K, R, false));
        const bool WorkTaken = IsLoop || guardsWork(K, R, true);
        if (OneSided && WorkTaken && R.oneIdleLane() && !WarnOnTail)
          continue;
        // With work on both sides, one lane alone on the other side runs
        // it once: a single-lane split, mirrored.
        if (!OneSided && R.oneIdleLane() && !WarnOnSingleLane)
          continue;
        Warned.insert({IsLoop, Id});
        const SourceLoc &Loc = IsLoop ? R.Loop->Loc : R.Branch->Loc;
        const bool Tail = R.Class == DivergenceClass::Tail;
        std::string What;
        if (IsLoop)
          What = "the trip count of this " + R.Loop->Kind +
                 " loop differs between the lanes of a warp";
        else
          What = std::string(R.Branch->Kind == BranchKind::EarlyExit
                                 ? "early exit"
                                 : "branch") +
                 " on '" + R.Branch->Text + "' " +
                 (Tail ? "splits the warps that straddle its bound"
                       : "diverges");
        diag(toLoc(Loc), "%0: %1%% of warps split (%2 paths per warp)")
            << What << percent(R.splitFraction()) << decimal(R.pathsPerWarp());

        // Which lanes go which way, in one example warp.
        const SplitExample &E = *R.Example;
        std::string Why;
        const uint32_t Go = E.Taken & E.Reaching, Stay = E.Reaching & ~E.Taken;
        const bool One = popcount(Go) == 1, OneStay = popcount(Stay) == 1;
        if (IsLoop)
          Why = "in " + where(E) + ", " + lanes(Go) + (One ? " runs " : " run ") +
                std::to_string(E.MaxTrips) + " iterations and " +
                lanes(Stay) + " " +
                (E.MinTrips == E.MaxTrips - 1 ? "one fewer"
                                              : "as few as " +
                                                    std::to_string(E.MinTrips));
        else
          Why = "in " + where(E) + ", " + lanes(Go) + " " +
                (R.Branch->Kind == BranchKind::EarlyExit
                     ? (One ? "leaves" : "leave")
                     : (One ? "takes it" : "take it")) +
                " and " + lanes(Stay) + (OneStay ? " does not" : " do not");
        diag(toLoc(Loc),
             OneSided ? (IsLoop ? "%0; the lanes with fewer iterations idle "
                                  "until the others finish"
                                : "%0; only one side has work: the lanes off "
                                  "it idle while it runs")
                      : "%0; the paths run one after the other",
             DiagnosticIDs::Note)
            << Why;
        std::string Eq7 =
            "CuMAPz eq. 7: n_path = " + decimal(R.Paths) + " over n_warp = " +
            decimal(R.Warps) + " warp executions, branch efficiency " +
            decimal(R.branchEfficiency());
        if (!R.IterationsEvaluated.empty())
          Eq7 += "; evaluated for " + iterations(R);
        if (!R.AllBlocks)
          Eq7 += "; over representative blocks";
        diag(toLoc(Loc), "%0", DiagnosticIDs::Note) << Eq7;

        // The known rewrites.
        if (!IsLoop && isInterleavedReduction(K, *R.Branch))
          diag(toLoc(Loc),
               "interleaved reduction: sequential addressing keeps the "
               "active lanes contiguous and splits no warp until fewer than "
               "32 lanes are active: 'for (s = blockDim.x / 2; s > 0; s >>= "
               "1) if (tid < s) ...' with the partner at tid + s",
               DiagnosticIDs::Note);
        else if (!IsLoop && !Tail && popcount(E.Taken & E.Reaching) == 1)
          diag(toLoc(Loc),
               "the branch serializes its work on one lane while the other "
               "lanes of the warp wait; keep what it does small, or share the "
               "work among the warp's lanes",
               DiagnosticIDs::Note);
        else if (Tail)
          diag(toLoc(Loc),
               "only the warps at the bound split; a size that is a multiple "
               "of 32 (padded data) removes the split",
               DiagnosticIDs::Note);

        clang::SourceLocation At = configLoc(L, K);
        diag(At, "assuming %0", DiagnosticIDs::Note) << describeConfig(L, Gpu);
        for (const std::string &S : L.Assumptions)
          diag(At, "assuming %0", DiagnosticIDs::Note) << S;
        for (const std::string &S : R.Assumptions)
          diag(toLoc(Loc), "assuming %0", DiagnosticIDs::Note) << S;
      }
    }
  }
}

} // namespace checks
} // namespace warplint
