//===- Explain.cpp - One access's warp map in the terminal ----------------===//
//
//   warplint --explain=FILE:LINE <file> -- <flags>
//
// For each global or shared access on that line, whether flagged or not:
// the kernel, the launch and GPU assumed, and the map of the worst warp
// request enumerated (lib/Report/WarpMap.h) as text: lanes against lines
// and sectors, or lanes against banks. For a branch or loop whose lanes
// split: one warp that does, its lanes on each path. docs/pictures.md.
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Options.h"
#include "Analysis/TranslationUnitAnalysis.h"
#include "Arch/ArchSelect.h"
#include "Frontend/Tooling.h"
#include "Report/WarpMap.h"
#include "Symbolic/Assumptions.h"
#include "Warp/Analyses.h"
#include "Warp/Divergence.h"

#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <set>

using namespace llvm;
using namespace warplint;
using namespace warplint::cli;

namespace {
std::string blockText(const std::array<int64_t, 3> &B) {
  return fmt::format("({}, {}, {})", B[0], B[1], B[2]);
}

/// FILE:LINE; the line is after the last colon.
bool parseSpec(StringRef Spec, std::string &File, unsigned &Line) {
  auto [F, L] = Spec.rsplit(':');
  if (F.empty() || L.getAsInteger(10, Line) || Line == 0)
    return false;
  File = F.str();
  return true;
}

bool sameFile(StringRef Facts, StringRef Asked) {
  SmallString<256> A(Asked);
  sys::fs::make_absolute(A);
  sys::path::remove_dots(A, true);
  return Facts == A || Facts.ends_with("/" + Asked.str()) || Facts == Asked;
}
} // namespace

bool forEachAnalysedKernel(const FileFacts &Facts, const FrontendOptions &Opts,
                           const AnalysedKernelFn &Fn) {
  if (!AssumeOpt.empty()) {
    std::map<std::string, sym::Assumption> Check;
    std::string Err = sym::parseAssumptions(AssumeOpt, Check);
    if (!Err.empty()) {
      errs() << "warplint: error: invalid --assume: " << Err << "\n";
      return false;
    }
  }
  FileSettings Set = fileSettings(Facts.File);
  const LaunchOptions &LO = Set.Launch;
  AnalysisOptions AO;
  AO.MinFactor = 0; // every access, flagged or not
  AO.MinExcessInLoop = 0;
  AO.MinWays = 1;
  AO.Enum.Assumptions = Set.Assume;
  Expected<SelectedArch> Arch = archFor(Facts, Opts, Set.ConfiguredArch);
  if (!Arch) {
    errs() << "warplint: error: " << toString(Arch.takeError()) << "\n";
    return false;
  }
  for (const KernelFacts &K : Facts.Kernels) {
    std::vector<std::string> KP;
    AnalysisOptions KO = AO;
    for (const auto &[Name, As] : parseKernelAssumptions(K, KP))
      KO.Enum.Assumptions[Name] = As;
    Fn(K, Arch->Gpu, resolveLaunchConfigs(K, LO, KP), KO);
  }
  return true;
}

int explainAccess(const clang::tooling::CompilationDatabase &DB,
                  const std::vector<std::string> &Files,
                  const FrontendOptions &Opts, StringRef Spec) {
  std::string File;
  unsigned Line = 0;
  if (!parseSpec(Spec, File, Line)) {
    errs() << "warplint: error: --explain='" << Spec
           << "': expected FILE:LINE, e.g. --explain=transpose.cu:19\n";
    return 2;
  }
  unsigned Shown = 0;
  bool Failed = false;
  extractFacts(DB, Files, Opts, [&](FileResult &R) {
    if (!R.Ok && R.Facts.Kernels.empty()) {
      Failed = true;
      return;
    }
    bool Ok = forEachAnalysedKernel(R.Facts, Opts, [&](const KernelFacts &K,
                                                       const GpuModel &Gpu,
                                                       const std::vector<LaunchConfig> &Configs,
                                                       const AnalysisOptions &KO) {
      bool Here = false;
      for (const AccessFacts &A : K.Accesses)
        Here = Here || (A.Loc.Line == Line && sameFile(A.Loc.File, File));
      for (const BranchFacts &B : K.Branches)
        Here = Here || (B.Loc.Line == Line && sameFile(B.Loc.File, File));
      for (const LoopFacts &L : K.Loops)
        Here = Here || (L.Loc.Line == Line && sameFile(L.Loc.File, File));
      if (!Here)
        return;
      // A branch or loop on the line whose lanes split: one warp that does.
      for (const LaunchConfig &C : Configs) {
        DivergenceOptions DO;
        DO.Enum = KO.Enum;
        for (const DivergenceResult &D : analyzeDivergence(K, C, DO)) {
          const SourceLoc &At = D.Branch ? D.Branch->Loc : D.Loop->Loc;
          if (!D.Example || At.Line != Line || !sameFile(At.File, File))
            continue;
          outs() << fmt::format(
              "{}:{}:{}: {} in kernel '{}'\n  assuming {}, on {}{}\n",
              At.File, At.Line, At.Column, D.Branch ? "branch" : "loop",
              K.Name, C.str(), Gpu.Name.empty() ? "" : Gpu.Name + ", ", Gpu.Sm);
          for (const std::string &S : D.Assumptions)
            outs() << "  assuming " << S << "\n";
          outs() << fmt::format("  warp {} of block {}, a warp that splits "
                                "({:.3g}% of the warps do):\n",
                                D.Example->Warp, blockText(D.Example->BlockIdx),
                                100 * D.splitFraction());
          outs() << divergenceMapText(divergenceMapOf(D));
          ++Shown;
        }
      }
      auto Head = [&](const AccessFacts &A, const LaunchConfig &C,
                      const std::vector<std::string> &Assumed, unsigned Warp,
                      const std::array<int64_t, 3> &Block) {
        outs() << fmt::format(
            "{}:{}:{}: {} {} '{}' in kernel '{}'\n  assuming {}, on {}{}\n",
            A.Loc.File, A.Loc.Line, A.Loc.Column,
            A.Space == MemorySpace::Shared ? "shared" : "global",
            A.IsWrite ? "store to" : "load from", A.Base, K.Name, C.str(),
            Gpu.Name.empty() ? "" : Gpu.Name + ", ", Gpu.Sm);
        for (const std::string &S : C.Assumptions)
          outs() << "  assuming " << S << "\n";
        for (const std::string &S : Assumed)
          outs() << "  assuming " << S << "\n";
        outs() << fmt::format("  warp {} of block {}, the worst request "
                              "enumerated:\n",
                              Warp, blockText(Block));
      };
      for (const CoalescingFinding &F :
           findUncoalescedAccesses(K, Configs, Gpu, KO)) {
        if (F.Access->Loc.Line != Line || !sameFile(F.Access->Loc.File, File))
          continue;
        Head(*F.Access, F.Config, F.Assumptions, F.WorstWarp, F.WorstBlock);
        outs() << globalMapText(globalMap(F.WorstRequest));
        ++Shown;
      }
      std::set<const AccessFacts *> Explained;
      for (const BankConflictFinding &F :
           findBankConflicts(K, Configs, Gpu, KO)) {
        if (F.Access->Loc.Line != Line || !sameFile(F.Access->Loc.File, File))
          continue;
        Head(*F.Access, F.Config, F.Assumptions, F.WorstWarp, F.WorstBlock);
        outs() << sharedMapText(sharedMap(F.WorstRequest, Gpu.Banks.Banks,
                                          Gpu.Banks.BankWidth));
        Explained.insert(F.Access);
        ++Shown;
      }
      // An access on the line that could not be enumerated: why, rather
      // than nothing (`s[t << sh]`: a shift by a value warplint cannot
      // express).
      for (const AccessFacts &A : K.Accesses) {
        if (A.Loc.Line != Line || !sameFile(A.Loc.File, File) ||
            Explained.count(&A) || Configs.empty() ||
            (A.Space != MemorySpace::Shared && A.Space != MemorySpace::Global))
          continue;
        AccessEnumeration E = enumerateAccess(K, A, Configs.front(), KO.Enum);
        if (E.Unanalysable.empty())
          continue;
        outs() << fmt::format(
            "{}:{}:{}: {} {} '{}' in kernel '{}': not analysed: {}\n",
            A.Loc.File, A.Loc.Line, A.Loc.Column,
            A.Space == MemorySpace::Shared ? "shared" : "global",
            A.IsWrite ? "store to" : "load from", A.Base, K.Name,
            E.Unanalysable);
        ++Shown;
      }
    });
    Failed = Failed || !Ok;
  });
  if (Failed)
    return 2;
  if (!Shown) {
    errs() << "warplint: error: --explain='" << Spec
           << "': no global or shared access, and no branch or loop whose "
              "lanes split, on that line of an analysed kernel\n";
    return 2;
  }
  return 0;
}
