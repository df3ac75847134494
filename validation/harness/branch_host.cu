//===- branch_host.cu - the "branch" family on the GPU --------------------===//
#include "harness.h"

#include "../branch/branch.cu"

// The paths of branch.cu, on the CPU, in the same float arithmetic.
static float cpuPathA(float V) {
  for (int K = 0; K < BR_ITERS; ++K)
    V = V * 1.0001f + 0.5f;
  return V;
}
static float cpuPathB(float V) {
  for (int K = 0; K < BR_ITERS; ++K)
    V = V * 0.9999f - 0.25f;
  return V;
}

void familyBranch(wl::Harness &H) {
  if (!H.begin("branch", kBranchVariants, kBranchVariantCount))
    return;
  const size_t N = BR_N;
  std::vector<float> In = wl::randomFloats(N, 7, 0.0f, 1.0f);
  wl::DeviceBuffer<float> DIn(N), DOut(N);
  DIn.upload(In);
  for (int V = 0; V < kBranchVariantCount; ++V) {
    wl::VariantRun R;
    R.Family = "branch";
    R.Variant = kBranchVariants[V];
    R.File = "branch/branch.cu";
    R.Problem = "BR_N=" + std::to_string(N);
    R.Prepare = [&] { DOut.poison(); };
    R.Launch = [&, V] { branchLaunch(V, DOut.get(), DIn.get()); };
    R.Check = [&, V] {
      std::vector<size_t> Idx(N);
      std::vector<float> Ref(N);
      for (size_t I = 0; I < N; ++I) {
        size_t T = I % BR_BLOCK, B = I / BR_BLOCK;
        // Which path the variant's condition picks: 1 = A, 2 = B, 0 = none.
        int Path = 0;
        switch (V) {
        case 0: Path = T % 2 == 0 ? 1 : 2; break;
        case 1: Path = (T / 32) % 2 == 0 ? 1 : 2; break;
        case 2: Path = T % 32 < 16 ? 1 : 2; break;
        case 3: Path = B % 2 == 0 ? 1 : 2; break;
        case 4: Path = T == 0 ? 1 : 0; break;
        case 5: Path = T < 32 ? 1 : 0; break;
        case 6: Path = In[I] > 0.5f ? 1 : 2; break;
        }
        Idx[I] = I;
        Ref[I] = Path == 1 ? cpuPathA(In[I]) : Path == 2 ? cpuPathB(In[I]) : In[I];
      }
      // 256 dependent multiply-adds: the GPU may fuse them (one rounding
      // instead of two per step); 1e-4 relative covers that.
      return wl::compareAt(DOut.download(), Idx, Ref, 1e-5, 1e-4);
    };
    H.run(R);
  }
}
