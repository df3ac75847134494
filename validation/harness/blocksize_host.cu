//===- blocksize_host.cu - the "blocksize" family on the GPU --------------===//
#include "harness.h"

#include "../blocksize/blocksize.cu"

void familyBlocksize(wl::Harness &H) {
  if (!H.begin("blocksize", kBlocksizeVariants, kBlocksizeVariantCount))
    return;
  const size_t N = BS_N;
  static_assert(BS_N == BS_W * BS_H, "the saxpy and the 2-D copy share buffers");
  std::vector<float> X = wl::randomFloats(N, 8, -1.0f, 1.0f);
  std::vector<float> Y0 = wl::randomFloats(N, 9, -1.0f, 1.0f);
  wl::DeviceBuffer<float> DX(N), DY(N);
  DX.upload(X);
  std::vector<size_t> Idx(N);
  for (size_t I = 0; I < N; ++I)
    Idx[I] = I;
  for (int V = 0; V < kBlocksizeVariantCount; ++V) {
    bool Saxpy = V <= 5 || V >= 11;
    wl::VariantRun R;
    R.Family = "blocksize";
    R.Variant = kBlocksizeVariants[V];
    R.File = "blocksize/blocksize.cu";
    R.Problem = "BS_N=" + std::to_string(N);
    // The saxpy updates y in place: the checked launch starts from Y0 (the
    // timed ones that follow keep updating it, which does not change the
    // work). The copy starts from a poisoned output.
    R.Prepare = [&, Saxpy] {
      if (Saxpy)
        DY.upload(Y0);
      else
        DY.poison();
    };
    R.Launch = [&, V] { blocksizeLaunch(V, DY.get(), DX.get()); };
    R.Check = [&, Saxpy] {
      std::vector<float> Ref(N);
      for (size_t I = 0; I < N; ++I)
        Ref[I] = Saxpy ? 2.0f * X[I] + Y0[I] : X[I];
      return wl::compareAt(DY.download(), Idx, Ref, 1e-6, 1e-6);
    };
    H.run(R);
  }
}
