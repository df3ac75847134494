//===- Estimates.cpp - The estimators over every kernel -------------------===//
//
// --estimate and the estimates of the JSON and SARIF reports: the model
// options (parseModelOptions) and every kernel of every file through the
// estimators (collectEstimates).
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Options.h"
#include "Analysis/TranslationUnitAnalysis.h"
#include "Arch/ArchSelect.h"
#include "Cost/Estimate.h"
#include "Frontend/CompileFlags.h"
#include "Frontend/Ptxas.h"
#include "Frontend/Tooling.h"
#include "Symbolic/Assumptions.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace llvm;
using namespace warplint;
using namespace warplint::cli;

/// --model, --counts, --registers, --paper-rounding into O; false after an
/// error message.
bool parseModelOptions(EstimateOptions &O) {
  if (ModelOpt != "auto" && ModelOpt != "paper" &&
      !parseHongKimVariant(ModelOpt)) {
    errs() << "warplint: error: --model must be auto, warplint, paper, "
              "hong-kim, wang-lou, cgpredict or mdm, not '"
           << ModelOpt << "'\n";
    return false;
  }
  O.Model = ModelOpt;
  if (CountsFrom != "source" && CountsFrom != "ptx" &&
      CountsFrom != "source-as-written") {
    errs() << "warplint: error: --counts-from must be source, "
              "source-as-written or ptx, not '"
           << CountsFrom << "'\n";
    return false;
  }
  O.CountsFromPtx = CountsFrom == "ptx";
  O.CountsAsWritten = CountsFrom == "source-as-written";
  O.PaperRounding = PaperRounding;
  if (RegistersOpt)
    O.RegistersPerThread = RegistersOpt.getValue();
  for (StringRef Spec : CountsOpt) {
    std::string Err;
    if (!parseGivenCounts(Spec, O.GivenCounts, Err)) {
      errs() << "warplint: error: --counts='" << Spec << "': " << Err << "\n";
      return false;
    }
  }
  return true;
}

/// The estimators over every kernel of every file. Returns false on a bad
/// option; files that cannot be analysed go to \p Problems.
/// The value the checks would read for \p Key in \p File's configuration
/// (.clang-tidy files or --config; warplint-kernel-cost's local option,
/// else the global one).
static std::string configured(const std::string &File, StringRef Key) {
  // One provider for the run (these modes run on the main thread).
  static std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> P =
      makeProvider(makeBuiltinHeaderFileSystem());
  if (!P)
    return "";
  clang::tidy::ClangTidyOptions O = P->getOptions(File);
  for (std::string K : {"warplint-kernel-cost." + Key.str(), Key.str()}) {
    auto It = O.CheckOptions.find(K);
    if (It != O.CheckOptions.end() && !StringRef(It->second.Value).trim().empty())
      return It->second.Value;
  }
  return "";
}

FileSettings fileSettings(const std::string &File) {
  FileSettings S;
  S.ConfiguredArch = configured(File, "GpuArch");
  std::vector<std::string> Ignored; // said before the run
  S.Launch = parseLaunchOption(
      LaunchOpt.empty() ? configured(File, "Launch") : joinedLaunchOptions(),
      Ignored);
  sym::parseAssumptions(AssumeOpt.empty() ? configured(File, "Assume")
                                          : std::string(AssumeOpt),
                        S.Assume);
  return S;
}

Expected<SelectedArch> archFor(const FileFacts &F, const FrontendOptions &Opts,
                               StringRef Configured) {
  std::string Sm = GpuArch.empty() ? Configured.str() : std::string(GpuArch);
  if (Sm.empty() && !F.Compile.GpuArchs.empty())
    Sm = F.Compile.GpuArchs.front();
  if (Sm.empty())
    Sm = Opts.DefaultGpuArch;
  return selectArch(Sm, ArchDir);
}

std::optional<HostDevice> hostDeviceFor(StringRef CompileGpu) {
  // The host code's cudaGetDeviceProperties gives the GPU analysed: --arch,
  // else the one the compile command names, else --default-gpu-arch.
  std::string Sm = !GpuArch.empty()        ? std::string(GpuArch)
                   : !CompileGpu.empty() ? CompileGpu.str()
                                         : std::string(DefaultGpuArch);
  Expected<SelectedArch> A = selectArch(Sm, ArchDir);
  if (!A) {
    consumeError(A.takeError());
    return std::nullopt;
  }
  return hostDeviceOf(A->Arch);
}

bool collectEstimates(const clang::tooling::CompilationDatabase &DB,
                      const std::vector<std::string> &Files,
                      const FrontendOptions &Opts,
                      std::vector<KernelEstimate> &All,
                      std::vector<FileProblem> &Problems,
                      const std::vector<std::optional<FileFacts>> *Known,
                      std::set<std::string> *ValueNames) {
  std::vector<std::string> Bad;
  LaunchOptions LO = parseLaunchOption(joinedLaunchOptions(), Bad);
  EstimateOptions EO;
  EO.ChannelSkewOnHashed = ChannelSkewOnHashed;
  if (!parseModelOptions(EO))
    return false;
  if (!AssumeOpt.empty()) {
    std::string Err =
        sym::parseAssumptions(AssumeOpt, EO.Analysis.Enum.Assumptions);
    if (!Err.empty()) {
      errs() << "warplint: error: invalid --assume: " << Err << "\n";
      return false;
    }
  }
  for (const std::string &P : Bad)
    errs() << "warplint: error: invalid --launch: " << P << "\n";
  if (!Bad.empty())
    return false;
  std::set<std::string> Seen;
  auto OnFile = [&](FileResult &R) {
    if (!R.Ok) {
      if (Seen.insert(R.File).second)
        Problems.push_back({R.File, "the file could not be parsed"});
      return;
    }
    // Compile errors: the kernels that parsed are estimated, and the file
    // is still a problem (exit code 2).
    if (R.HadErrors && Seen.insert(R.File).second)
      Problems.push_back({R.File, partialParseMessage(R.Facts)});
    if (ValueNames)
      addValueNames(R.Facts, *ValueNames);
    // The file's configuration, as the checks read it, where the command
    // line gives none (an error in it was said before the run).
    FileSettings Set = fileSettings(R.Facts.File);
    EstimateOptions CO = EO;
    CO.Analysis.Enum.Assumptions = Set.Assume;
    Expected<SelectedArch> Arch = archFor(R.Facts, Opts, Set.ConfiguredArch);
    if (!Arch) {
      std::string Err = toString(Arch.takeError());
      errs() << "warplint: error: " << R.Facts.File << ": " << Err << "\n";
      Problems.push_back({R.Facts.File, Err});
      return;
    }
    // nvcc, when asked for: the file's PTX and ptxas's resource usage.
    EstimateOptions FO = CO;
    if (EO.CountsFromPtx || RegistersFromPtxas) {
      PtxasRunOptions PO;
      PO.Nvcc = NvccOpt;
      PO.CudaPath = R.Facts.Compile.CudaPath;
      std::vector<std::string> Flags;
      std::vector<clang::tooling::CompileCommand> Cmds =
          DB.getCompileCommands(R.Facts.File);
      if (!Cmds.empty())
        Flags = ptxasRelevantFlags(Cmds.front().CommandLine);
      Expected<NvccFacts> N =
          nvccFactsFor(R.Facts.File, Arch->Arch.sm(), Flags, PO,
                       EO.CountsFromPtx, RegistersFromPtxas);
      if (!N) {
        std::string Err = toString(N.takeError());
        errs() << "warplint: error: " << R.Facts.File << ": " << Err << "\n";
        Problems.push_back({R.Facts.File, Err});
        return;
      }
      FO.Ptx = std::move(N->Ptx);
      FO.Ptxas = std::move(N->Ptxas);
    }
    for (const KernelFacts &K : R.Facts.Kernels) {
      std::vector<std::string> KP;
      EstimateOptions KO = FO;
      KO.MaxRegCount = R.Facts.Compile.MaxRegCount;
      for (const auto &[Name, A] : parseKernelAssumptions(K, KP))
        KO.Analysis.Enum.Assumptions[Name] = A;
      std::vector<LaunchConfig> Configs = resolveLaunchConfigs(K, Set.Launch, KP);
      for (const std::string &P : KP)
        errs() << "warplint: warning: " << K.Name << ": " << P << "\n";
      if (!Arch->Note.empty())
        for (LaunchConfig &C : Configs)
          C.Assumptions.push_back(Arch->Note);
      for (KernelEstimate &E :
           estimateKernel(K, Configs, Arch->Arch, Arch->Gpu, KO)) {
        E.File = R.Facts.File;
        All.push_back(std::move(E));
      }
    }
  };
  // Files whose facts the checks already extracted are not parsed again;
  // their compile command still says which GPU, -maxrregcount and toolkit.
  for (size_t I = 0; I < Files.size(); ++I) {
    if (!Known || I >= Known->size() || !(*Known)[I]) {
      extractFacts(DB, {Files[I]}, Opts, OnFile);
      continue;
    }
    FileResult R;
    R.File = Files[I];
    R.Ok = true;
    R.Facts = *(*Known)[I];
    R.Facts.File = Files[I];
    std::vector<clang::tooling::CompileCommand> Cmds =
        DB.getCompileCommands(Files[I]);
    if (!Cmds.empty()) {
      TranslatedCommand TC = translateCompileCommand(Cmds.front().CommandLine,
                                                     Cmds.front().Directory);
      R.Facts.Compile.GpuArchs = TC.GpuArchs;
      R.Facts.Compile.MaxRegCount = TC.MaxRegCount;
      R.Facts.Compile.CudaPath = TC.CudaPath;
    }
    OnFile(R);
  }
  // Launches in host loops: the loop's total for the kernel.
  hostLoopTotals(All);
  return true;
}
