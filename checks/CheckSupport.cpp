//===- CheckSupport.cpp ---------------------------------------------------===//
#include "CheckSupport.h"

#include <cmath>

#include "Frontend/FactsExtractor.h"
#include "Frontend/Tooling.h"

#include "clang/Basic/TargetInfo.h"
#include "clang/Basic/TargetOptions.h"

namespace warplint {
namespace checks {

std::optional<SelectedArch> gpuFor(clang::ASTContext &Ctx,
                                   const clang::Preprocessor *PP,
                                   llvm::StringRef Option,
                                   llvm::StringRef ArchDir, std::string &Error) {
  std::string Sm = Option.str();
  if (Sm.empty() && PP) {
    if (const clang::IdentifierInfo *II =
            PP->getIdentifierInfo(GpuArchMacro))
      if (const clang::MacroInfo *MI = PP->getMacroInfo(II))
        if (MI->getNumTokens() == 1)
          Sm = PP->getSpelling(MI->getReplacementToken(0));
  }
  if (Sm.empty()) {
    // The device target is the main target on the device side and the
    // auxiliary one on the host side.
    const clang::TargetInfo *T = &Ctx.getTargetInfo();
    if (!T->getTriple().isNVPTX())
      T = Ctx.getAuxTargetInfo();
    if (T && T->getTriple().isNVPTX())
      Sm = T->getTargetOpts().CPU;
  }
  if (Sm.empty())
    Sm = "sm_80";
  llvm::Expected<SelectedArch> A = selectArch(Sm, ArchDir);
  if (!A) {
    Error = llvm::toString(A.takeError());
    return std::nullopt;
  }
  return std::move(*A);
}

LaunchOptions parseLaunchOption(llvm::StringRef Option,
                                std::vector<std::string> &Problems) {
  LaunchOptions O;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Option.split(Parts, ';', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef P : Parts) {
    auto [Name, Spec] = P.split(':');
    Name = Name.trim();
    if (Name.empty() || Spec.trim().empty()) {
      Problems.push_back("invalid Launch option entry '" + P.trim().str() +
                         "': expected 'kernel: grid(...) block(...)'");
      continue;
    }
    O.PerKernel[Name.str()] = Spec.trim().str();
  }
  return O;
}

std::optional<bool> parseBoolOption(llvm::StringRef Text) {
  Text = Text.trim();
  if (Text.equals_insensitive("true") || Text == "1")
    return true;
  if (Text.equals_insensitive("false") || Text == "0")
    return false;
  return std::nullopt;
}

std::optional<double> parseNumberOption(llvm::StringRef Text) {
  double V;
  if (Text.trim().getAsDouble(V) || !std::isfinite(V))
    return std::nullopt;
  return V;
}

std::string describeConfig(const LaunchConfig &L, const GpuModel &Gpu) {
  return L.str() + ", from " + L.Origin + ", on " +
         (Gpu.Name.empty() ? "" : Gpu.Name + ", ") + Gpu.Sm + ": " +
         Gpu.describe();
}

clang::SourceLocation configLoc(const LaunchConfig &L, const KernelFacts &K) {
  if (L.Loc.Raw)
    return toLoc(L.Loc);
  return toLoc(K.Loc);
}

std::vector<std::pair<clang::SourceLocation, std::string>>
assumptionNotes(const LaunchConfig &L, const KernelFacts &K,
                const GpuModel &Gpu, const AccessFacts &A,
                const std::vector<std::string> &AccessAssumptions) {
  std::vector<std::pair<clang::SourceLocation, std::string>> R;
  clang::SourceLocation At = configLoc(L, K);
  R.push_back({At, describeConfig(L, Gpu)});
  for (const std::string &S : L.Assumptions)
    R.push_back({At, S});
  for (const std::string &S : AccessAssumptions)
    R.push_back({toLoc(A.Loc), S});
  return R;
}

FileAnalysis analyzeFile(clang::ASTContext &Ctx, const LaunchOptions &Launch,
                         const AnalysisOptions &Base) {
  FileAnalysis R;
  extractFileFacts(Ctx, R.Facts);
  for (const KernelFacts &K : R.Facts.Kernels) {
    KernelContext C;
    C.Kernel = &K;
    C.Configs = resolveLaunchConfigs(K, Launch, R.Problems);
    C.Options = Base;
    for (const auto &[Name, A] : parseKernelAssumptions(K, R.Problems))
      C.Options.Enum.Assumptions[Name] = A;
    R.Kernels.push_back(std::move(C));
  }
  return R;
}

std::optional<CheckInput> prepareCheck(clang::ASTContext &Ctx,
                                       const clang::Preprocessor *PP,
                                       const CommonOptions &Opts,
                                       AnalysisOptions Base,
                                       std::vector<std::string> &Problems) {
  std::string Err;
  std::optional<SelectedArch> Arch =
      gpuFor(Ctx, PP, Opts.GpuArch, Opts.ArchDir, Err);
  if (!Arch) {
    Problems.push_back("invalid GpuArch: " + Err);
    return std::nullopt;
  }
  LaunchOptions LO = parseLaunchOption(Opts.Launch, Problems);
  if (!Opts.Assume.empty()) {
    std::string AssumeErr =
        sym::parseAssumptions(Opts.Assume, Base.Enum.Assumptions);
    if (!AssumeErr.empty())
      Problems.push_back("invalid Assume option: " + AssumeErr);
  }
  CheckInput In{Arch->Gpu, analyzeFile(Ctx, LO, Base), Arch->Arch, Arch->Note};
  // What the GPU stand-in assumed goes with every configuration's notes.
  if (!In.ArchNote.empty())
    for (KernelContext &KC : In.File.Kernels)
      for (LaunchConfig &L : KC.Configs)
        L.Assumptions.push_back(In.ArchNote);
  return In;
}

} // namespace checks
} // namespace warplint
