//===- launch_assume_fuzzer.cpp - libFuzzer target: --launch / --assume ---===//
//
// The input is text as a user writes it after --launch or --assume (or in a
// `// warplint: launch ...` / `// warplint: assume ...` annotation). Lines
// are split at the first newline: the first goes to the parsers whole, the
// rest as annotations of a kernel named "k".
//
//   parseLaunchSpec        "grid(1024,1024) block(16,16) shared(4096)"
//   parseLaunchOption      "k: grid(..) block(..); other: block(..)"
//   resolveLaunchConfigs   with that option and the annotations
//   parseAssumptions       "n >= 1024, n % 32 == 0"
//   parseKernelAssumptions the annotations
//
// Checked besides not crashing: a parse either succeeds or says why (never
// both, never neither); what resolveLaunchConfigs gives is a shape CUDA
// launches or says what was assumed; every value an assumption picks is
// one it admits.
//
//===----------------------------------------------------------------------===//
#include "Analysis/TranslationUnitAnalysis.h"
#include "Facts/Launch.h"
#include "Symbolic/Assumptions.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace warplint;

namespace {

[[noreturn]] void fail(const char *What, const std::string &Detail) {
  std::fprintf(stderr, "launch_assume_fuzzer: %s: %s\n", What, Detail.c_str());
  std::abort();
}

void checkAssumptions(const std::map<std::string, sym::Assumption> &As) {
  for (const auto &[Name, A] : As) {
    (void)A.str(Name);
    (void)sym::toInterval(A);
    for (int64_t Pref : {int64_t(0), int64_t(1) << 40, int64_t(-5), INT64_MIN})
      for (unsigned Variant : {0u, 1u, 7u})
        if (auto V = A.pick(Pref, Variant))
          if (!A.admits(*V))
            fail("pick() gave a value the assumption does not admit",
                 A.str(Name) + " -> " + std::to_string(*V));
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string Text(reinterpret_cast<const char *>(Data), Size);
  const size_t NL = Text.find('\n');
  const std::string First = Text.substr(0, NL);

  std::string Error;
  std::optional<LaunchConfig> L = parseLaunchSpec(First, Error);
  if (L.has_value() == !Error.empty())
    fail("parseLaunchSpec: a result and an error, or neither", First);
  if (L) {
    (void)L->str();
    (void)launchShapeProblem(L->Grid, L->Block);
  }

  std::map<std::string, sym::Assumption> Assumed;
  std::string AErr = sym::parseAssumptions(First, Assumed);
  if (AErr.empty())
    checkAssumptions(Assumed);

  std::vector<std::string> Problems;
  LaunchOptions Opts = parseLaunchOption(First, Problems);

  KernelFacts K;
  K.Name = "k";
  if (NL != std::string::npos) {
    size_t At = NL + 1;
    while (At <= Text.size() && K.Annotations.size() < 16) {
      size_t End = Text.find('\n', At);
      AnnotationFacts A;
      A.Text = Text.substr(At, End == std::string::npos ? End : End - At);
      K.Annotations.push_back(A);
      if (End == std::string::npos)
        break;
      At = End + 1;
    }
  }
  if (Size % 3 == 0) {
    LaunchBounds B;
    B.MaxThreadsPerBlock = int64_t(Size) * 37 % 2048;
    K.Bounds = B;
  }
  for (const auto &[Name, Spec] : Opts.PerKernel)
    if (Name != "k") // the option for some other kernel, under our name too
      Opts.PerKernel.emplace("k", Spec);
  std::vector<LaunchConfig> Configs = resolveLaunchConfigs(K, Opts, Problems);
  for (const LaunchConfig &C : Configs) {
    (void)C.str();
    if (!launchShapeProblem(C.Grid, C.Block).empty() && C.Assumptions.empty() &&
        Problems.empty())
      fail("a configuration CUDA would refuse, said nowhere", C.str());
  }
  std::map<std::string, sym::Assumption> FromAnnotations =
      parseKernelAssumptions(K, Problems);
  checkAssumptions(FromAnnotations);
  return 0;
}
