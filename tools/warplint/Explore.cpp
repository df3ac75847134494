//===- Explore.cpp - Which variant of this kernel to write ----------------===//
//
//   warplint --explore <file> -- <flags>
//
// CuMAPz's question, on the default estimate: for each kernel (under its
// first launch configuration), variants made by changing the kernel's
// facts, not its text, each estimated, ranked by predicted time:
//  - other block shapes covering the same work, when the kernel indexes
//    through blockDim (a kernel with a hard-coded tile would change
//    meaning);
//  - each two-dimensional shared buffer padded by one element;
//  - diagonal block order, on GPUs whose memory partitions are not hashed
//    (1.x);
//  - the roles of threadIdx.x and threadIdx.y swapped.
// Staging through shared memory, the read-only path and vector widths are
// not generated yet (docs/explore.md).
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Options.h"
#include "Analysis/TranslationUnitAnalysis.h"
#include "Arch/ArchSelect.h"
#include "Frontend/Tooling.h"
#include "Cost/Variants.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <fmt/format.h>

using namespace llvm;
using namespace warplint;
using namespace warplint::cli;

namespace {
struct Ranked {
  KernelVariant V;
  double Seconds = 0;
  std::string Bound;
};
} // namespace

int exploreKernels(const clang::tooling::CompilationDatabase &DB,
                   const std::vector<std::string> &Files,
                   const FrontendOptions &Opts) {
  std::vector<std::string> Bad;
  LaunchOptions LO = parseLaunchOption(joinedLaunchOptions(), Bad);
  EstimateOptions EO;
  if (!parseModelOptions(EO))
    return 2;
  bool Failed = false;
  unsigned Kernels = 0;
  extractFacts(DB, Files, Opts, [&](FileResult &R) {
    if (!R.Ok && R.Facts.Kernels.empty()) {
      Failed = true;
      return;
    }
    Expected<SelectedArch> Arch = archFor(R.Facts, Opts);
    if (!Arch) {
      errs() << "warplint: error: " << toString(Arch.takeError()) << "\n";
      Failed = true;
      return;
    }
    for (const KernelFacts &K : R.Facts.Kernels) {
      std::vector<std::string> KP;
      EstimateOptions KO = EO;
      for (const auto &[Name, A] : parseKernelAssumptions(K, KP))
        KO.Analysis.Enum.Assumptions[Name] = A;
      std::vector<LaunchConfig> Configs = resolveLaunchConfigs(K, LO, KP);
      if (Configs.empty())
        continue;
      ++Kernels;
      std::vector<Ranked> V;
      for (KernelVariant &X : kernelVariants(K, Configs.front(), Arch->Gpu)) {
        std::vector<KernelEstimate> E =
            estimateKernel(X.K, {X.L}, Arch->Arch, Arch->Gpu, KO);
        // No estimate (the variant does not fit on the GPU): not ranked.
        if (E.empty() || !(E.front().Cycles.TimeSeconds > 0))
          continue;
        V.push_back({std::move(X), E.front().Cycles.TimeSeconds,
                     E.front().Cycles.Bound});
      }
      if (V.empty())
        continue;
      double Base = V.front().Seconds;
      std::stable_sort(V.begin(), V.end(), [](const Ranked &A, const Ranked &B) {
        return A.Seconds < B.Seconds;
      });
      outs() << fmt::format("{}: kernel '{}' under {}, on {}\n", R.Facts.File,
                            K.Name, Configs.front().str(),
                            Arch->Gpu.Name.empty() ? Arch->Gpu.Sm : Arch->Gpu.Name);
      outs() << fmt::format("  {:<4} {:<24} {:>10} {:>7}  {:<18} {}\n", "rank",
                            "variant", "time (µs)", "gain", "bound", "change");
      for (size_t I = 0; I < V.size(); ++I)
        outs() << fmt::format("  {:<4} {:<24} {:>10.4g} {:>6.2f}x  {:<18} {}\n",
                              I + 1, V[I].V.Name, V[I].Seconds * 1e6,
                              V[I].Seconds > 0 ? Base / V[I].Seconds : 0.0,
                              V[I].Bound.empty() ? "-" : V[I].Bound,
                              V[I].V.Change);
      outs() << fmt::format("  (the launch assumed: {} assumption{}; the "
                            "estimate: warplint's model, docs/models/warplint.md)\n",
                            Configs.front().Assumptions.size(),
                            Configs.front().Assumptions.size() == 1 ? "" : "s");
    }
  });
  if (Failed)
    return 2;
  if (!Kernels) {
    errs() << "warplint: error: --explore: no kernel with a launch "
              "configuration was analysed\n";
    return 2;
  }
  return 0;
}
