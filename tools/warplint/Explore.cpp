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
//  - the roles of threadIdx.x and threadIdx.y swapped;
//  - global buffers staged through shared memory (lib/Cost/Staging.h).
// --format=text (a ranked table per kernel) or json (every variant with its
// estimate, assumptions and, for padding, the fix as a replacement).
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Options.h"
#include "Analysis/TranslationUnitAnalysis.h"
#include "Arch/ArchSelect.h"
#include "Frontend/Tooling.h"
#include "Cost/Variants.h"
#include "Report/ExploreHtml.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

using namespace llvm;
using namespace warplint;
using namespace warplint::cli;

namespace {
struct Ranked {
  KernelVariant V;
  KernelEstimate E;
  double Seconds = 0;
  std::string Bound;
};

/// For a padded buffer the kernel declares in its own text: the
/// replacement of the innermost dimension, [N] -> [N + 1].
std::optional<json::Object> padFix(const KernelFacts &K, const KernelVariant &V) {
  if (V.Name.rfind("pad ", 0) != 0)
    return std::nullopt;
  for (const SharedBufferFacts &B : K.SharedBuffers) {
    if ("pad " + B.Name != V.Name || B.DimLocs.empty() || B.DimEnds.empty() ||
        !B.DimLocs.back().valid() || !B.DimEnds.back().valid() ||
        B.DimTexts.empty())
      continue;
    const SourceLoc &A = B.DimLocs.back(), &E = B.DimEnds.back();
    return json::Object{{"file", A.File},
                        {"line", A.Line},
                        {"column", A.Column},
                        {"end_line", E.Line},
                        {"end_column", E.Column},
                        {"text", B.DimTexts.back()},
                        {"replacement", B.DimTexts.back() + " + 1"}};
  }
  return std::nullopt;
}

std::vector<std::string> assumed(const LaunchConfig &L, const KernelEstimate &E) {
  std::vector<std::string> A = L.Assumptions;
  for (const std::string &S : E.Assumptions)
    if (std::find(A.begin(), A.end(), S) == A.end())
      A.push_back(S);
  return A;
}
} // namespace

int exploreKernels(const clang::tooling::CompilationDatabase &DB,
                   const std::vector<std::string> &Files,
                   const FrontendOptions &Opts) {
  EstimateOptions EO;
  if (!parseModelOptions(EO))
    return 2;
  if (Format != "text" && Format != "json" && Format != "html") {
    errs() << "warplint: error: --explore writes --format=text, json or html, not '"
           << Format << "'\n";
    return 2;
  }
  bool Failed = false;
  unsigned Kernels = 0;
  json::Array Json;
  std::vector<ExploreKernelPage> Pages;
  extractFacts(DB, Files, Opts, [&](FileResult &R) {
    if (!R.Ok && R.Facts.Kernels.empty()) {
      Failed = true;
      return;
    }
    FileSettings Set = fileSettings(R.Facts.File);
    Expected<SelectedArch> Arch = archFor(R.Facts, Opts, Set.ConfiguredArch);
    if (!Arch) {
      errs() << "warplint: error: " << toString(Arch.takeError()) << "\n";
      Failed = true;
      return;
    }
    for (const KernelFacts &K : R.Facts.Kernels) {
      std::vector<std::string> KP;
      EstimateOptions KO = EO;
      for (const auto &[Name, A] : Set.Assume)
        KO.Analysis.Enum.Assumptions[Name] = A;
      for (const auto &[Name, A] : parseKernelAssumptions(K, KP))
        KO.Analysis.Enum.Assumptions[Name] = A;
      std::vector<LaunchConfig> Configs = resolveLaunchConfigs(K, Set.Launch, KP);
      if (Configs.empty())
        continue;
      ++Kernels;
      std::vector<Ranked> V;
      // Scalar parameters the launch does not give: the values the
      // estimate assumes for them, so that the rewrites see the same ones.
      std::map<std::string, int64_t> Assumed;
      for (const ParamFacts &P : K.Params) {
        if (P.IsPointer || Configs.front().Args.count(P.Name))
          continue;
        auto It = KO.Analysis.Enum.Assumptions.find(P.Name);
        sym::Assumption None;
        const sym::Assumption &A =
            It == KO.Analysis.Enum.Assumptions.end() ? None : It->second;
        std::optional<int64_t> V =
            A.Equal ? A.Equal
                    : A.pick(KO.Analysis.Enum.DefaultParamValue,
                             KO.Analysis.Enum.Variant);
        if (V)
          Assumed[P.Name] = *V;
      }
      for (KernelVariant &X : kernelVariants(K, Configs.front(), Arch->Gpu,
                                             Arch->Arch.ReadOnlyCacheBytes,
                                             &Assumed)) {
        std::vector<KernelEstimate> E =
            estimateKernel(X.K, {X.L}, Arch->Arch, Arch->Gpu, KO);
        // No estimate (the variant does not fit on the GPU): not ranked.
        if (E.empty() || !(E.front().Cycles.TimeSeconds > 0))
          continue;
        const double T = E.front().Cycles.TimeSeconds;
        std::string Bound = E.front().Cycles.Bound;
        V.push_back({std::move(X), std::move(E.front()), T, std::move(Bound)});
      }
      if (V.empty())
        continue;
      double Base = V.front().Seconds;
      std::stable_sort(V.begin(), V.end(), [](const Ranked &A, const Ranked &B) {
        return A.Seconds < B.Seconds;
      });
      // Variants with the same estimate share a rank: the model cannot
      // tell them apart, and the order it lists them in says nothing.
      std::vector<unsigned> Rank(V.size());
      for (size_t I = 0; I < V.size(); ++I)
        Rank[I] = I > 0 && std::abs(V[I].Seconds - V[I - 1].Seconds) <=
                               1e-9 * V[I].Seconds
                      ? Rank[I - 1]
                      : unsigned(I + 1);
      const std::string GpuName =
          Arch->Gpu.Name.empty() ? Arch->Gpu.Sm : Arch->Gpu.Name;
      if (Format == "json") {
        json::Array Vs;
        for (size_t I = 0; I < V.size(); ++I) {
          json::Array As;
          for (const std::string &A : assumed(V[I].V.L, V[I].E))
            As.push_back(A);
          json::Object O{{"rank", static_cast<int64_t>(Rank[I])},
                         {"variant", V[I].V.Name},
                         {"change", V[I].V.Change},
                         {"time_seconds", V[I].Seconds},
                         {"gain", Base / V[I].Seconds},
                         {"bound", V[I].Bound},
                         {"launch", V[I].V.L.str()},
                         {"assumptions", std::move(As)},
                         {"estimate", toJSON(V[I].E)}};
          if (std::optional<json::Object> F = padFix(K, V[I].V))
            O["fix"] = std::move(*F);
          Vs.push_back(std::move(O));
        }
        Json.push_back(json::Object{{"file", R.Facts.File},
                                    {"kernel", K.Name},
                                    {"launch", Configs.front().str()},
                                    {"gpu", GpuName},
                                    {"arch", Arch->Arch.Id},
                                    {"variants", std::move(Vs)}});
        continue;
      }
      if (Format == "html") {
        ExploreKernelPage P{R.Facts.File, K.Name, Configs.front().str(), GpuName,
                            {}, {}};
        for (size_t I = 0; I < V.size(); ++I) {
          std::vector<std::string> A = assumed(V[I].V.L, V[I].E);
          for (const std::string &S : A)
            if (std::find(P.Assumptions.begin(), P.Assumptions.end(), S) ==
                P.Assumptions.end())
              P.Assumptions.push_back(S);
          ExploreRow Row{Rank[I], V[I].V.Name, V[I].V.Change,
                         V[I].Bound, "", V[I].Seconds, Base / V[I].Seconds,
                         unsigned(A.size())};
          if (std::optional<json::Object> F = padFix(K, V[I].V))
            Row.Fix = fmt::format("{}:{}:{}: '{}' -> '{}'", *F->getString("file"),
                                  *F->getInteger("line"), *F->getInteger("column"),
                                  *F->getString("text"), *F->getString("replacement"));
          P.Rows.push_back(std::move(Row));
        }
        Pages.push_back(std::move(P));
        continue;
      }
      outs() << fmt::format("{}: kernel '{}' under {}, on {}\n", R.Facts.File,
                            K.Name, Configs.front().str(), GpuName);
      outs() << fmt::format("  {:<4} {:<30} {:>10} {:>7}  {:<16} {:>7}  {}\n",
                            "rank", "variant", "time (µs)", "gain", "bound",
                            "assumed", "change");
      std::vector<std::string> All;
      for (size_t I = 0; I < V.size(); ++I) {
        std::vector<std::string> A = assumed(V[I].V.L, V[I].E);
        for (const std::string &S : A)
          if (std::find(All.begin(), All.end(), S) == All.end())
            All.push_back(S);
        outs() << fmt::format("  {:<4} {:<30} {:>10.4g} {:>6.2f}x  {:<16} {:>7}  {}\n",
                              Rank[I], V[I].V.Name, V[I].Seconds * 1e6,
                              Base / V[I].Seconds,
                              V[I].Bound.empty() ? "-" : V[I].Bound, A.size(),
                              V[I].V.Change);
        if (std::optional<json::Object> F = padFix(K, V[I].V))
          outs() << fmt::format("       fix: {}:{}:{}: replace '{}' with '{}'\n",
                                *F->getString("file"), *F->getInteger("line"),
                                *F->getInteger("column"), *F->getString("text"),
                                *F->getString("replacement"));
      }
      outs() << "  estimated with warplint's model (docs/models/warplint.md); "
                "'assumed' counts the values each estimate assumed";
      outs() << (All.empty() ? ": none\n" : ":\n");
      for (const std::string &S : All)
        outs() << "    - " << S << "\n";
    }
  });
  if (Format == "json" && Kernels) {
    std::string S;
    raw_string_ostream OS(S);
    OS << formatv("{0:2}", json::Value(json::Object{
                               {"schema", "warplint-explore/1"},
                               {"kernels", std::move(Json)}}))
       << "\n";
    if (!writeReport(OS.str()))
      return 2;
  }
  if (Format == "html" && Kernels && !writeReport(renderExploreHtml(Pages)))
    return 2;
  if (Failed)
    return 2;
  if (!Kernels) {
    errs() << "warplint: error: --explore: no kernel with a launch "
              "configuration was analysed\n";
    return 2;
  }
  return 0;
}
