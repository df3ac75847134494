//===- reduction_host.cu - the "reduction" family on the GPU --------------===//
#include "harness.h"

#include "../reduction/reduction.cu"

void familyReduction(wl::Harness &H) {
  if (!H.begin("reduction", kReductionVariants, kReductionVariantCount))
    return;
  const size_t N = RED_N;
  // Small non-negative ints: every partial sum is exact and >= 0, so the
  // poisoned value -1 never passes.
  std::vector<int> In = wl::randomInts(N, 5, 0, 15);
  wl::DeviceBuffer<int> DIn(N), DOut(N / RED_BLOCK);
  DIn.upload(In);
  for (int V = 0; V < kReductionVariantCount; ++V) {
    wl::VariantRun R;
    R.Family = "reduction";
    R.Variant = kReductionVariants[V];
    R.File = "reduction/reduction.cu";
    R.Problem = "RED_N=" + std::to_string(N);
    R.Prepare = [&] { DOut.poison(); };
    R.Launch = [&, V] { reductionLaunch(V, DOut.get(), DIn.get()); };
    R.Check = [&, V] {
      size_t Per = reductionPerBlock(V), Blocks = N / Per;
      std::vector<int> Ref(Blocks, 0);
      for (size_t I = 0; I < Blocks * Per; ++I)
        Ref[I / Per] += In[I];
      return wl::compareExact(DOut.download(), Ref);
    };
    H.run(R);
  }
}
