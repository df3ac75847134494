//===- TranslationUnitAnalysis.cpp ----------------------------------------===//
#include "Analysis/TranslationUnitAnalysis.h"

#include "Arch/ArchSelect.h"
#include "Frontend/FactsExtractor.h"
#include "Frontend/Tooling.h"
#include "Warp/MemoryModels.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Basic/TargetOptions.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <mutex>
#include <unordered_map>

namespace warplint {

namespace {

/// The live analyses, one per ASTContext. warplint runs files on several
/// threads, each with its own contexts, so the map is shared under a lock;
/// an analysis itself is only used by the thread of its context.
struct Registry {
  std::mutex M;
  std::unordered_map<const clang::ASTContext *, TranslationUnitAnalysis *> Live;
  TranslationUnitAnalysis::FactsObserver Observer;
};

Registry &registry() {
  static Registry R;
  return R;
}

/// The GPU the analysis is for: the GpuArch option if set; else the one
/// the compile command names (passed by warplint as a macro, so that one
/// clang 19 does not know, like sm_13, still counts); else the one the
/// translation unit is compiled for (--cuda-gpu-arch); else sm_80.
std::string gpuName(clang::ASTContext &Ctx, const clang::Preprocessor *PP,
                    const std::string &Option) {
  std::string Sm = Option.empty() ? compileGpuArch(Ctx, PP) : Option;
  return Sm.empty() ? "sm_80" : Sm;
}

} // namespace

LaunchOptions parseLaunchOption(const std::string &Option,
                                std::vector<std::string> &Problems) {
  LaunchOptions O;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  llvm::StringRef(Option).split(Parts, ';', -1, /*KeepEmpty=*/false);
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

TranslationUnitAnalysis::TranslationUnitAnalysis(clang::ASTContext &Ctx,
                                                 const clang::Preprocessor *PP)
    : Ctx(Ctx), PP(PP) {}

TranslationUnitAnalysis::~TranslationUnitAnalysis() = default;

TranslationUnitAnalysis &
TranslationUnitAnalysis::of(clang::ASTContext &Ctx,
                            const clang::Preprocessor *PP, bool SystemHeaders) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.M);
  auto It = R.Live.find(&Ctx);
  if (It != R.Live.end()) {
    if (PP && !It->second->PP)
      It->second->PP = PP;
    It->second->SystemHeaders |= SystemHeaders;
    return *It->second;
  }
  auto *A = new TranslationUnitAnalysis(Ctx, PP);
  A->SystemHeaders = SystemHeaders;
  R.Live[&Ctx] = A;
  // Destroyed with the context, before another context can take its
  // address.
  Ctx.AddDeallocation(
      [](void *P) {
        auto *A = static_cast<TranslationUnitAnalysis *>(P);
        {
          Registry &R = registry();
          std::lock_guard<std::mutex> Lock(R.M);
          R.Live.erase(&A->Ctx);
        }
        delete A;
      },
      A);
  return *A;
}

void TranslationUnitAnalysis::setFactsObserver(FactsObserver O) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.M);
  R.Observer = std::move(O);
}

const FileFacts &TranslationUnitAnalysis::facts() {
  if (!Facts) {
    llvm::Expected<SelectedArch> Arch = selectArch(gpuName(Ctx, PP, ""));
    if (!Arch)
      llvm::consumeError(Arch.takeError());
    return factsFor(Arch ? &*Arch : nullptr);
  }
  return *Facts;
}

const FileFacts &TranslationUnitAnalysis::factsFor(const SelectedArch *Arch) {
  // The host code runs on the GPU analysed: its cudaGetDeviceProperties
  // gives that GPU's (lib/Frontend/InterpreterHost.cpp).
  std::optional<HostDevice> Device;
  if (Arch)
    Device = hostDeviceOf(Arch->Arch);
  const std::string Gpu = Arch ? Arch->Arch.Id : "";
  if (Facts && (!Facts->ReadsDevice || Gpu == FactsGpu))
    return *Facts;
  if (Facts) {
    std::unique_ptr<FileFacts> &Other = OtherGpuFacts[Gpu];
    if (!Other) {
      Other = std::make_unique<FileFacts>();
      extractFileFacts(Ctx, *Other, SystemHeaders, Device ? &*Device : nullptr);
      ++Stats.FactExtractions;
    }
    return *Other;
  }
  Facts.emplace();
  FactsGpu = Gpu;
  extractFileFacts(Ctx, *Facts, SystemHeaders, Device ? &*Device : nullptr);
  ++Stats.FactExtractions;
  FactsObserver O;
  {
    Registry &R = registry();
    std::lock_guard<std::mutex> Lock(R.M);
    O = R.Observer;
  }
  if (O)
    O(*Facts);
  return *Facts;
}

const PreparedAnalysis &
TranslationUnitAnalysis::prepare(const AnalysisRequest &Req) {
  auto It = Prepared.find(Req);
  if (It != Prepared.end())
    return *It->second;
  auto P = std::make_unique<PreparedAnalysis>();
  ++Stats.Preparations;
  llvm::Expected<SelectedArch> Arch =
      selectArch(gpuName(Ctx, PP, Req.GpuArch), Req.ArchDir);
  if (!Arch) {
    P->Problems.push_back("invalid GpuArch: " +
                          llvm::toString(Arch.takeError()));
    return *Prepared.emplace(Req, std::move(P)).first->second;
  }
  P->Ok = true;
  P->Gpu = Arch->Gpu;
  P->Arch = Arch->Arch;
  P->ArchNote = Arch->Note;
  LaunchOptions LO = parseLaunchOption(Req.Launch, P->Problems);
  EnumerationOptions Base;
  if (!Req.Assume.empty()) {
    std::string Err = sym::parseAssumptions(Req.Assume, Base.Assumptions);
    if (!Err.empty())
      P->Problems.push_back("invalid Assume option: " + Err);
  }
  for (const KernelFacts &K : factsFor(&*Arch).Kernels) {
    KernelContext C;
    C.Kernel = &K;
    // Launch sites that cannot be analysed are said in the origin of the
    // configuration that stands in (on every finding), not as an option
    // error; errors in annotations and options are problems.
    std::vector<std::string> LaunchProblems;
    C.Configs = resolveLaunchConfigs(K, LO, LaunchProblems);
    for (std::string &Problem : LaunchProblems)
      (isLaunchSiteProblem(Problem) ? P->LaunchSiteNotes : P->Problems)
          .push_back(std::move(Problem));
    C.Enum = Base;
    for (const auto &[Name, A] : parseKernelAssumptions(K, P->Problems))
      C.Enum.Assumptions[Name] = A;
    // What the GPU stand-in assumed goes with every configuration's notes.
    if (!P->ArchNote.empty())
      for (LaunchConfig &L : C.Configs)
        L.Assumptions.push_back(P->ArchNote);
    P->Kernels.push_back(std::move(C));
  }
  return *Prepared.emplace(Req, std::move(P)).first->second;
}

const std::vector<CoalescingFinding> &
TranslationUnitAnalysis::uncoalescedAccesses(const AnalysisRequest &R,
                                             size_t KernelIndex,
                                             double MinFactor,
                                             double MinExcessInLoop) {
  auto Key = std::make_tuple(R, KernelIndex, MinFactor, MinExcessInLoop);
  auto It = Coalescing.find(Key);
  if (It != Coalescing.end())
    return It->second;
  const PreparedAnalysis &P = prepare(R);
  const KernelContext &KC = P.Kernels.at(KernelIndex);
  AnalysisOptions AO;
  AO.Enum = KC.Enum;
  AO.MinFactor = MinFactor;
  AO.MinExcessInLoop = MinExcessInLoop;
  ++Stats.FindingComputations;
  return Coalescing[Key] =
             findUncoalescedAccesses(*KC.Kernel, KC.Configs, P.Gpu, AO);
}

const std::vector<BankConflictFinding> &
TranslationUnitAnalysis::bankConflicts(const AnalysisRequest &R,
                                       size_t KernelIndex, unsigned MinWays,
                                       bool KeplerEightByteMode) {
  auto Key = std::make_tuple(R, KernelIndex, MinWays, KeplerEightByteMode);
  auto It = Banks.find(Key);
  if (It != Banks.end())
    return It->second;
  const PreparedAnalysis &P = prepare(R);
  const KernelContext &KC = P.Kernels.at(KernelIndex);
  GpuModel Gpu = P.Gpu;
  if (KeplerEightByteMode)
    Gpu.Banks = bankModelFor(Gpu.Major, Gpu.Minor, /*KeplerEightByteMode=*/true);
  AnalysisOptions AO;
  AO.Enum = KC.Enum;
  AO.MinWays = MinWays;
  ++Stats.FindingComputations;
  return Banks[Key] = findBankConflicts(*KC.Kernel, KC.Configs, Gpu, AO);
}

const std::vector<DivergenceResult> &
TranslationUnitAnalysis::divergence(const AnalysisRequest &R,
                                    size_t KernelIndex, size_t ConfigIndex) {
  auto Key = std::make_tuple(R, KernelIndex, ConfigIndex);
  auto It = Divergence.find(Key);
  if (It != Divergence.end())
    return It->second;
  const PreparedAnalysis &P = prepare(R);
  const KernelContext &KC = P.Kernels.at(KernelIndex);
  DivergenceOptions DO;
  DO.Enum = KC.Enum;
  ++Stats.FindingComputations;
  return Divergence[Key] =
             analyzeDivergence(*KC.Kernel, KC.Configs.at(ConfigIndex), DO);
}

} // namespace warplint
