//===- arch_yaml_fuzzer.cpp - libFuzzer target: architecture files --------===//
//
// The input is one architecture file's text (arch/*.yaml, docs/arch.md).
// parseArchYaml must either give a validated ArchSpec or an error message,
// never crash, whatever the YAML. A file it accepts must be usable: the GPU
// model is derived from it and a small kernel's occupancy and estimate are
// computed on it (a value validation let through must not divide by zero
// or overflow in the models).
//
//===----------------------------------------------------------------------===//
#include "Arch/ArchDatabase.h"
#include "Cost/Estimate.h"
#include "Warp/Analyses.h"

#include "llvm/Support/Error.h"

using namespace warplint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  // Half the inputs are checked against a file name (the id check).
  llvm::Expected<ArchSpec> A =
      parseArchYaml(Text, Size % 2 ? "fuzz.yaml" : "");
  if (!A) {
    std::string Message = llvm::toString(A.takeError());
    if (Message.empty())
      __builtin_trap(); // an error must say what is wrong
    return 0;
  }
  (void)A->sm();
  (void)standInNote("sm_80", *A);
  GpuModel Gpu = gpuModelFromArch(*A, Size % 3 == 0);

  KernelFacts K;
  K.Name = "k";
  LaunchConfig L;
  L.Grid = {{64, 2, 1}};
  L.Block = {{Size % 2 ? 256 : 96, 1, 1}};
  L.SharedBytes = int64_t(Size % 5) * 1024;
  EstimateOptions O;
  (void)kernelOccupancy(K, L, *A, O);
  for (const KernelEstimate &E : estimateKernel(K, {L}, *A, Gpu, O))
    (void)toJSON(E);
  return 0;
}
