//===- Port.cpp - How fast would this C loop be on a GPU ------------------===//
//
//   warplint --port=FUNCTION FILE.c [--port-map=x=j,y=i] [--port-block=32x8]
//            [--arch=jetson_tk1] [--format=json] [-- <compiler args>]
//
// CGPredict's question (Wang, Zhong & Mitra, ACM TECS 2017; docs/port.md):
// the function's loop nests become kernels (Facts/LoopMapping.h), each
// legal mapping of their loops to threads is made into KernelFacts by the
// interpreter (Frontend/PortExtractor.h), estimated like any CUDA kernel
// (Cost/Estimate.h) and ranked; the report (Report/PortReport.h) adds the
// access class of each array and the arrays worth staging in shared memory
// (Cost/PortInsights.h).
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Options.h"
#include "PortAliasing.h"
#include "PortLoops.h"
#include "PortTiling.h"
#include "Cost/PortInsights.h"
#include "Facts/InvariantUpdates.h"
#include "Facts/LoopMapping.h"
#include "Facts/ReductionTail.h"
#include "Frontend/PortExtractor.h"
#include "Report/PortReport.h"
#include "Symbolic/Assumptions.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;
using namespace warplint;
using namespace warplint::cli;

/// The compiler arguments of \p File's command that matter to parsing it
/// alone (macros, include directories, the language standard), and the
/// user's --extra-arg(-before).
static std::vector<std::string>
portArgs(const clang::tooling::CompilationDatabase &DB, StringRef File,
         const FrontendOptions &Opts) {
  std::vector<std::string> Args(Opts.UserArgsBefore);
  std::vector<clang::tooling::CompileCommand> Cmds = DB.getCompileCommands(File);
  if (!Cmds.empty()) {
    const std::vector<std::string> &CL = Cmds.front().CommandLine;
    for (size_t I = 1; I < CL.size(); ++I) {
      StringRef A = CL[I];
      if ((A == "-D" || A == "-I" || A == "-U" || A == "-include") &&
          I + 1 < CL.size()) {
        Args.push_back(CL[I]);
        Args.push_back(CL[++I]);
      } else if (A.starts_with("-D") || A.starts_with("-I") ||
                 A.starts_with("-U") || A.starts_with("-std=")) {
        Args.push_back(CL[I]);
      }
    }
  }
  Args.insert(Args.end(), Opts.UserArgsAfter.begin(), Opts.UserArgsAfter.end());
  return Args;
}

namespace {
/// What the command line says about the mappings; false after an error.
struct PortOptions {
  PortBlocks Blocks;
  std::optional<MappingSpec> Spec;
  EstimateOptions EO;
  bool parse() {
    std::string Err;
    for (const std::string &B : PortBlock) {
      auto Shape = parseBlockShape(B, Err);
      if (!Shape) {
        errs() << "warplint: error: --port-block: " << Err << "\n";
        return false;
      }
      ((*Shape)[1] > 1 ? Blocks.TwoD : Blocks.OneD) = *Shape;
    }
    if (!PortMap.empty()) {
      Spec = parseMappingSpec(PortMap, Err);
      if (!Spec) {
        errs() << "warplint: error: --port-map='" << PortMap << "': " << Err
               << "\n";
        return false;
      }
    }
    if (!parseModelOptions(EO))
      return false;
    if (!AssumeOpt.empty()) {
      Err = sym::parseAssumptions(AssumeOpt, EO.Analysis.Enum.Assumptions);
      if (!Err.empty()) {
        errs() << "warplint: error: invalid --assume: " << Err << "\n";
        return false;
      }
    }
    return true;
  }
};
} // namespace

/// Every candidate of \p PK estimated and ranked into \p Out.
static void estimateKernelMappings(const PortSource &Src, const PortKernel &PK,
                                   const PortOptions &PO,
                                   const SelectedArch &Arch, PortedKernel &Out) {
  const std::vector<PortLoop> &Loops = Src.loops();
  const auto &Assumed = PO.EO.Analysis.Enum.Assumptions;
  // A host loop's variable is a kernel argument: every launch is estimated
  // as its middle one (unless --assume fixes the variable).
  EstimateOptions EO = PO.EO;
  HostLoopValues HV = hostLoopValues(Loops, PK.HostLoops, Src.sequential(),
                                     Assumed, EO.Analysis.Enum.Assumptions);
  if (!HV.Problem.empty()) {
    Out.Problem = HV.Problem;
    return;
  }
  Out.Launches *= HV.Launches;
  Out.HostLoops.insert(Out.HostLoops.end(), HV.Names.begin(), HV.Names.end());
  std::map<unsigned, std::string> &HostNotes = HV.Notes;
  std::map<std::string, int64_t> &HostValue = HV.Values;
  std::map<unsigned, int64_t> &HostTrips = HV.Trips;
  bool SpecApplies =
      PO.Spec && std::any_of(PK.Candidates.begin(), PK.Candidates.end(),
                             [&](const LoopMapping &M) {
                               return matchesSpec(M, *PO.Spec, Loops);
                             });
  for (const LoopMapping &M : PK.Candidates) {
    std::vector<int64_t> Trips;
    std::vector<std::string> Notes;
    for (unsigned D : M.Dims) {
      std::string Why, Averaged;
      std::optional<int64_t> N = loopTripCount(
          Loops[D], Src.sequential(), EO.Analysis.Enum.Assumptions, Why,
          &Averaged);
      if (!N) {
        Out.Problem = Why;
        return;
      }
      if (!Averaged.empty())
        Notes.push_back(Averaged);
      Trips.push_back(*N);
    }
    KernelFacts K = Src.kernel(M);
    if (!M.Reduce.empty()) {
      for (const PortLoop::SumReduction &Sum : Loops[M.Root].Sums)
        for (const std::string &N : appendSumReductionTail(
                 K, Sum.Var, Sum.Bytes, Sum.Floating, Loops[M.Root].Loc))
          if (std::find(Notes.begin(), Notes.end(), N) == Notes.end())
            Notes.push_back(N);
    }
    for (const std::string &N : K.PortNotes)
      Notes.push_back(N);
    const KernelFacts Unrewritten = K;
    // The kernel's symbol for a host loop's variable is 'i#2' where the
    // function declared 'i' before the loop (int i, j;): bind that one.
    EstimateOptions EOM = EO;
    std::set<std::string> HostSymbols;
    for (const SymbolFacts &SF : K.Symbols) {
      if (SF.Origin != "the host loop's variable: one value per launch")
        continue;
      const std::string Base = SF.Name.substr(0, SF.Name.find('#'));
      auto It = HostValue.find(Base);
      if (It == HostValue.end())
        continue;
      sym::Assumption A;
      A.Equal = It->second;
      EOM.Analysis.Enum.Assumptions[SF.Name] = A;
      HostSymbols.insert(SF.Name);
    }
    // What the compiler does with an element updated in every iteration of
    // a loop (Facts/InvariantUpdates.h).
    const PortAliasing Rule =
        PortMayAlias ? PortAliasing::MayAlias : PortAliasing::Restrict;
    if (std::string N = overlapNote(K); !N.empty())
      Notes.push_back(std::move(N));
    const std::vector<std::string> RuleNotes = keepInvariantUpdates(K, Rule);
    Notes.insert(Notes.end(), RuleNotes.begin(), RuleNotes.end());
    if (M.Tile > 0)
      for (const std::string &N : tilingNotes(M, Loops))
        Notes.push_back(N);
    if (!M.Interchange.empty())
      Notes.push_back(M.Interchange);
    LaunchConfig L = launchFor(M, Trips, Loops);
    if (!Arch.Note.empty())
      L.Assumptions.push_back(Arch.Note);
    // The host loops this mapping still launches from (not those it runs
    // in the thread: hostLoopInThread).
    int64_t Launches = 1;
    std::vector<std::string> Hosts;
    for (size_t I = 0; I < PK.HostLoops.size(); ++I) {
      const unsigned H = PK.HostLoops[I];
      if (std::find(M.InThread.begin(), M.InThread.end(), H) !=
          M.InThread.end()) {
        // Its variable is the thread's loop now, not one launch's value
        // (the middle one, or --assume's).
        EOM.Analysis.Enum.Assumptions.erase(Loops[H].Var);
        if (const LoopFacts *F = loopFactsOf(Loops[H], Src.sequential()))
          EOM.Analysis.Enum.Assumptions.erase(F->IterSymbol);
        continue;
      }
      Launches *= HostTrips[H];
      Hosts.push_back(Out.HostLoops[I]);
      if (auto It = HostNotes.find(H); It != HostNotes.end())
        L.Assumptions.push_back(It->second);
      // A host loop left early launches at most its count.
      if (llvm::StringRef(Loops[H].NotMappable).starts_with("it is left early"))
        L.Assumptions.push_back(formatv(
            "the host loop '{0}' (line {1}) is counted at its full {2} "
            "iterations: {3}, and when is not known",
            Loops[H].Var, Loops[H].Loc.Line, HostTrips[H],
            llvm::StringRef(Loops[H].NotMappable)
                .split(": the iterations").first));
    }
    // Every host loop launches: the host nest's exact count.
    if (M.InThread.empty() && !PK.HostLoops.empty())
      Launches = HV.Launches;
    // The host branches around the kernel: counted as taken, or, where
    // --assume's values decide one the other way, not launched.
    if (!hostGuards(K, EOM.Analysis.Enum.Assumptions, Notes))
      Launches = 0;
    if (Launches > 1)
      L.Assumptions.push_back(formatv(
          "the time is {0} launches' GPU time; the host's cost of launching "
          "the kernel {0} times (microseconds each, by the driver) is not "
          "included",
          Launches));
    for (unsigned H : M.InThread)
      L.Assumptions.push_back(formatv(
          "the host loop '{0}' (line {1}, {2} iterations) runs inside each "
          "thread around '{3}': {4} instead of {5} launches; two threads "
          "never touch one element either writes, for any iterations of "
          "'{0}' (the arrays taken not to overlap)",
          Loops[H].Var, Loops[H].Loc.Line, HostTrips[H], Loops[M.Root].Var,
          Launches == 1 ? std::string("one launch")
                        : formatv("{0} launches", Launches).str(),
          Out.Launches));
    L.Assumptions.insert(L.Assumptions.end(), Notes.begin(), Notes.end());
    std::vector<KernelEstimate> E =
        estimateKernel(K, {L}, Arch.Arch, Arch.Gpu, EOM);
    if (E.empty() || !(E.front().Cycles.TimeSeconds > 0))
      continue; // does not fit on the GPU: not ranked
    PortedMapping PM;
    PM.Name = M.name(Loops);
    PM.Estimate = std::move(E.front());
    PM.Estimate.File = Loops[M.Root].Loc.File;
    PM.Chosen = SpecApplies && matchesSpec(M, *PO.Spec, Loops);
    // The middle value of a host loop is said once, as such.
    for (const auto &[V, A] : EOM.Analysis.Enum.Assumptions) {
      if ((Assumed.count(V) && !HostSymbols.count(V)) || !A.Equal)
        continue;
      const std::string Given =
          formatv("'{0}' = {1} (as given)", V, *A.Equal).str();
      auto &As = PM.Estimate.Assumptions;
      As.erase(std::remove(As.begin(), As.end(), Given), As.end());
    }
    for (const UnknownFacts &U : K.Unknowns)
      PM.Estimate.Assumptions.push_back(
          formatv("line {0}: {1}", U.Loc.Line, U.Reason));
    PM.SecondsPerLaunch = PM.Estimate.Cycles.TimeSeconds;
    PM.Launches = Launches;
    PM.HostLoops = Hosts;
    PM.Seconds = PM.SecondsPerLaunch * double(Launches);
    if (std::optional<AliasAlternative> Alt = otherAliasing(
            Unrewritten, Rule, RuleNotes, L, Arch.Arch, Arch.Gpu, EOM)) {
      PM.OtherAliasSeconds = Alt->SecondsPerLaunch * double(Launches);
      PM.OtherIsMayAlias = Rule == PortAliasing::Restrict;
      PM.OtherAliasAccesses = std::move(Alt->Accesses);
    }
    if (PM.Estimate.Cycles.Derived) {
      PM.Arrays = arrayClasses(K, *PM.Estimate.Cycles.Derived);
      if (M.Tile == 0)
        PM.Shared = sharedCandidates(K, L, *PM.Estimate.Cycles.Derived);
    }
    if (M.Tile > 0)
      PM.Tiling = tilingOf(M, Loops, K, PM.Estimate);
    Out.Name = K.Name;
    Out.Mappings.push_back(std::move(PM));
  }
  std::stable_sort(Out.Mappings.begin(), Out.Mappings.end(),
                   [](const PortedMapping &A, const PortedMapping &B) {
                     return A.Seconds < B.Seconds;
                   });
  if (Out.Mappings.empty()) {
    Out.Problem = "no mapping fits on the GPU";
    return;
  }
  // One chosen: the fastest that --port-map names, else the fastest.
  bool Chosen = false;
  for (PortedMapping &PM : Out.Mappings) {
    PM.Chosen = PM.Chosen && !Chosen;
    Chosen |= PM.Chosen;
  }
  if (!Chosen)
    Out.Mappings.front().Chosen = true;
  // The kernel's launches are the chosen mapping's.
  for (const PortedMapping &PM : Out.Mappings)
    if (PM.Chosen) {
      Out.Launches = PM.Launches;
      Out.HostLoops = PM.HostLoops;
    }
}

int portFunction(const clang::tooling::CompilationDatabase &DB,
                 const std::vector<std::string> &Files,
                 const FrontendOptions &Opts) {
  if (Files.size() != 1) {
    errs() << "warplint: error: --port analyses one file, not "
           << Files.size() << "\n";
    return 2;
  }
  PortOptions PO;
  if (!PO.parse())
    return 2;
  Expected<std::unique_ptr<PortSource>> Src =
      PortSource::load(Files.front(), PortFunction,
                       portArgs(DB, Files.front(), Opts));
  if (!Src) {
    errs() << "warplint: error: " << toString(Src.takeError()) << "\n";
    return 2;
  }
  const PortSource &S = **Src;
  const std::vector<PortLoop> &Loops = S.loops();
  auto Where = [&](const SourceLoc &L) {
    return formatv("{0}:{1}:{2}", L.File, L.Line, L.Column).str();
  };
  if (Loops.empty()) {
    errs() << "warplint: error: " << Where(S.functionLoc()) << ": function '"
           << PortFunction
           << "' has no for loop: nothing to map to GPU threads\n";
    return 2;
  }
  FileFacts NoFacts;
  Expected<SelectedArch> Arch = archFor(NoFacts, Opts);
  if (!Arch) {
    errs() << "warplint: error: " << toString(Arch.takeError()) << "\n";
    return 2;
  }
  std::vector<LoopVerdict> Verdicts = parallelLoops(Loops, S.sequential());
  // --port-map must name loops of the function that can become threads.
  if (PO.Spec) {
    std::vector<std::string> Vars;
    for (const PortLoop &L : Loops)
      if (!L.Var.empty() &&
          std::find(Vars.begin(), Vars.end(), L.Var) == Vars.end())
        Vars.push_back(L.Var);
    for (const std::string &N : {PO.Spec->X, PO.Spec->Y}) {
      if (N.empty())
        continue;
      if (std::find(Vars.begin(), Vars.end(), N) == Vars.end()) {
        errs() << "warplint: error: --port-map='" << PortMap
               << "': no loop of '" << PortFunction << "' has the variable '"
               << N << "' (its loops: " << llvm::join(Vars, ", ") << ")\n";
        return 2;
      }
      // Several loops may have the variable (two j loops): one that can
      // become threads is enough.
      std::optional<size_t> Blocked;
      bool Can = false;
      for (size_t I = 0; I < Loops.size(); ++I) {
        if (Loops[I].Var != N || Loops[I].Replaced)
          continue;
        if (Verdicts[I].Parallel || Verdicts[I].Reduction ||
            std::find(PortIndependent.begin(), PortIndependent.end(), N) !=
                PortIndependent.end())
          Can = true;
        else if (!Blocked)
          Blocked = I;
      }
      if (!Can && Blocked) {
        errs() << "warplint: error: --port-map='" << PortMap
               << "': the loop '" << N << "' at " << Where(Loops[*Blocked].Loc)
               << " cannot become threads: " << Verdicts[*Blocked].Why
               << " (--port-independent=" << N << " to assert it can)\n";
        return 2;
      }
    }
    if (!PO.Spec->Inside.empty() &&
        std::find(Vars.begin(), Vars.end(), PO.Spec->Inside) == Vars.end()) {
      errs() << "warplint: error: --port-map='" << PortMap
             << "': no loop of '" << PortFunction << "' has the variable '"
             << PO.Spec->Inside << "' (its loops: " << llvm::join(Vars, ", ")
             << ")\n";
      return 2;
    }
  }
  std::vector<std::string> Asserted;
  for (size_t I = 0; I < Loops.size(); ++I) {
    LoopVerdict &V = Verdicts[I];
    const std::string &Var = Loops[I].Var;
    // --port-map: only the loops it names become threads; the others run
    // on the host (or in the thread).
    if (PO.Spec && (V.Parallel || V.Reduction) && Var != PO.Spec->X &&
        Var != PO.Spec->Y)
      V = {false, "--port-map does not name it"};
    if (!V.Parallel && Loops[I].NotMappable.empty() &&
        std::find(PortIndependent.begin(), PortIndependent.end(), Var) !=
            PortIndependent.end()) {
      Asserted.push_back(formatv("the iterations of loop '{0}' at line {1} are "
                                 "independent (--port-independent; warplint "
                                 "found: {2})",
                                 Var, Loops[I].Loc.Line, V.Why));
      V = {true, ""};
    }
  }
  std::vector<PortKernel> PKs = portKernels(Loops, Verdicts, PO.Blocks);
  // A tiled nest (docs/port.md, "Tiled C and shared memory"): its one
  // mapping, the tile loops as blocks and the tiles' arrays shared.
  std::map<unsigned, std::string> NotTiled;
  std::vector<std::string> OnlyShared(PortShared.begin(), PortShared.end());
  for (const std::string &A : OnlyShared)
    if (std::none_of(Loops.begin(), Loops.end(), [&](const PortLoop &L) {
          return std::find(L.LocalArrays.begin(), L.LocalArrays.end(), A) !=
                 L.LocalArrays.end();
        })) {
      errs() << "warplint: error: --port-shared: '" << A
             << "' is not an array declared inside a loop of '"
             << PortFunction << "'\n";
      return 2;
    }
  // A parallel loop inside a sequential loop of the thread (i-k-j GEMM):
  // the interchanged mapping (docs/port.md, "Interchanged loops").
  std::map<unsigned, std::string> NotInterchanged; // by root
  std::vector<std::string> NotInThread; // why no host loop runs in a thread
  for (PortKernel &PK : PKs) {
    std::string WhyNot;
    if (std::optional<LoopMapping> M = interchangedMapping(
            Loops, Verdicts, PK, S.sequential(), PO.Blocks, WhyNot))
      PK.Candidates.insert(PK.Candidates.begin(), *M);
    else
      NotInterchanged[PK.Root] = WhyNot;
    // Its innermost host loop run in each thread (hostLoopInThread).
    std::vector<LoopMapping> In =
        hostLoopInThread(Loops, PK, S.sequential(), WhyNot);
    PK.Candidates.insert(PK.Candidates.end(), In.begin(), In.end());
    if (In.empty() && !PK.HostLoops.empty())
      NotInThread.push_back(formatv("for '{0}' (line {1}): {2}",
                                    Loops[PK.Root].Var,
                                    Loops[PK.Root].Loc.Line, WhyNot));
  }
  for (PortKernel &PK : PKs) {
    if (PortUntiled || Loops[PK.Root].Step <= 1 ||
        Verdicts[PK.Root].Reduction)
      continue;
    std::string WhyNot;
    if (std::optional<LoopMapping> M =
            tiledMapping(Loops, Verdicts, PK, S.sequential(), WhyNot,
                         OnlyShared.empty() ? nullptr : &OnlyShared))
      PK.Candidates = {*M};
    else
      NotTiled[PK.Root] = "the loop nest is not mapped as a tiled one: " +
                          WhyNot;
  }

  PortReport R;
  R.File = Files.front();
  R.Function = PortFunction;
  R.FunctionLoc = S.functionLoc();
  R.Gpu = Arch->Arch.Name.empty() ? Arch->Arch.Id : Arch->Arch.Name;
  R.Model = PO.EO.Model;
  // --port is CGPredict's question: on a GPU whose file gives CGPredict's
  // measured departure delays (the Jetson TK1), its model is the default;
  // docs/port.md shows it within 19 % of the published times there, where
  // warplint's own model is 5 to 10 x too fast on uncoalesced rows.
  if (ModelOpt.getNumOccurrences() == 0 && Arch->Arch.CgDepartureDelL2 > 0 &&
      Arch->Arch.CgDepartureDelDram > 0) {
    PO.EO.Model = R.Model = "cgpredict";
    R.ModelNote = "the default of --port on this GPU (CGPredict's model, "
                  "with the departure delays measured on it; --model=auto "
                  "for warplint's)";
  }
  listSequentialLoops(Loops, Verdicts, PKs, NotInterchanged, R);
  for (const Distribution &D : S.distributed()) {
    std::vector<std::string> Parts;
    for (unsigned C : D.Copies)
      Parts.push_back(keptLines(Loops, C));
    R.Distributed.push_back(SequentialLoop{
        Loops[D.Loop].Var, Loops[D.Loop].Loc,
        formatv("into {0} loops, one after the other, of its statements at "
                "{1}: '{2}' is not parallel ({3}); no statement of a later "
                "loop touches, in an earlier iteration, what a statement of "
                "an earlier loop touches in a later one (the arrays taken not "
                "to overlap, as everywhere in the port)",
                D.Copies.size(), llvm::join(Parts, "; "), Loops[D.Loop].Var,
                Verdicts[D.Loop].Why)});
  }
  bool Any = false;
  for (const PortKernel &PK : PKs) {
    PortedKernel K;
    K.Name = PortFunction + ":" + std::to_string(Loops[PK.Root].Loc.Line) +
             copyLabel(Loops, PK.Root);
    K.Loc = Loops[PK.Root].Loc;
    K.Loop = Loops[PK.Root].Var;
    K.Part = keptLines(Loops, PK.Root);
    // In a copy of a distributed loop (ATAX's y = A^T tmp: j inside the
    // third i loop): which one.
    if (K.Part.empty() && !PK.HostLoops.empty() &&
        Loops[PK.HostLoops.back()].Original)
      K.Part = keptLines(Loops, PK.HostLoops.back()) + " of the loop '" +
               Loops[PK.HostLoops.back()].Var + "' (line " +
               std::to_string(Loops[PK.HostLoops.back()].Loc.Line) + ")";
    estimateKernelMappings(S, PK, PO, *Arch, K);
    for (PortedMapping &M : K.Mappings) {
      M.Estimate.Assumptions.insert(M.Estimate.Assumptions.end(),
                                    Asserted.begin(), Asserted.end());
      if (NotTiled.count(PK.Root))
        M.Estimate.Assumptions.push_back(NotTiled[PK.Root]);
    }
    for (const PortedMapping &M : K.Mappings)
      if (M.Chosen) {
        R.TotalSeconds += M.Seconds;
        Any = true;
        // A while loop around the kernel (InterpreterPort.cpp's note):
        // the total is per iteration of it, said with the total.
        const StringRef Prefix = "the kernel runs once per iteration of ";
        for (StringRef A : M.Estimate.Assumptions)
          if (A.consume_front(Prefix)) {
            std::string Loop = A.split(", whose").first.str();
            if (std::find(R.UncountedLoops.begin(), R.UncountedLoops.end(),
                          Loop) == R.UncountedLoops.end())
              R.UncountedLoops.push_back(Loop);
          }
      }
    R.Kernels.push_back(std::move(K));
  }
  // A --port-map whose loops no kernel can map as asked (j not directly
  // inside i for x=j,y=i): said, not silently replaced.
  if (PO.Spec) {
    const std::string Want =
        "x=" + PO.Spec->X + (PO.Spec->Y.empty() ? "" : " y=" + PO.Spec->Y) +
        (PO.Spec->Inside.empty() ? ""
                                 : " (" + PO.Spec->Inside + " in the thread)");
    bool Matched = false;
    std::vector<std::string> Offered;
    for (const PortedKernel &K : R.Kernels)
      for (const PortedMapping &M : K.Mappings) {
        Matched |= M.Name == Want ||
                   llvm::StringRef(M.Name).starts_with(Want + " (sum of ");
        Offered.push_back(M.Name);
      }
    if (!Matched) {
      std::string Note =
          "--port-map='" + PortMap + "' matches no mapping of '" +
          PortFunction + "' (offered: " +
          (Offered.empty() ? std::string("none") : llvm::join(Offered, ", ")) +
          "; a 2-D mapping needs the y loop's body to be exactly the x "
          "loop" +
          (PO.Spec->Inside.empty() || NotInThread.empty()
               ? std::string()
               : "; no host loop runs in the thread " +
                     llvm::join(NotInThread, "; ")) +
          "): the fastest one is chosen";
      errs() << "warplint: warning: " << Note << "\n";
      for (PortedKernel &K : R.Kernels)
        for (PortedMapping &M : K.Mappings)
          if (M.Chosen)
            M.Estimate.Assumptions.push_back(Note);
    }
  }
  if (Format == "json")
    outs() << formatv("{0:2}", toJSON(R)) << "\n";
  else
    outs() << renderPortText(R);
  outs().flush(); // the report before the errors
  if (PKs.empty()) {
    errs() << "warplint: error: " << Where(S.functionLoc())
           << ": no loop of '" << PortFunction
           << "' can run in parallel (see why above)\n";
    return 1;
  }
  bool Problems = false;
  for (const PortedKernel &K : R.Kernels)
    if (!K.Problem.empty()) {
      errs() << "warplint: error: " << Where(K.Loc) << ": kernel '" << K.Name
             << "' was not estimated: " << K.Problem << "\n";
      Problems = true;
    }
  return Any && !Problems ? 0 : 2;
}
