//===- copy_host.cu - the "copy" family on the GPU ------------------------===//
#include "harness.h"

#include "../copy/copy.cu"

void familyCopy(wl::Harness &H) {
  if (!H.begin("copy", kCopyVariants, kCopyVariantCount))
    return;
  // Offsets and strides of the load (variants 0-6); variant 7 strides the
  // store instead; 8 and 9 copy as aligned does, with vectors. Must follow
  // the kernels in copy.cu.
  const size_t Offset[] = {0, 1, 8, 32, 0, 0, 0, 0, 0, 0};
  const size_t Stride[] = {1, 1, 1, 1, 2, 4, 8, 1, 1, 1};
  const size_t N = COPY_N;
  const size_t NIn = N * COPY_MAX_STRIDE + COPY_MAX_OFFSET;
  std::vector<float> In = wl::randomFloats(NIn, 1, -1.0f, 1.0f);
  wl::DeviceBuffer<float> DIn(NIn), DOut(2 * N);
  DIn.upload(In);
  for (int V = 0; V < kCopyVariantCount; ++V) {
    wl::VariantRun R;
    R.Family = "copy";
    R.Variant = kCopyVariants[V];
    R.File = "copy/copy.cu";
    R.Problem = "COPY_N=" + std::to_string(N);
    R.Prepare = [&] { DOut.poison(); };
    R.Launch = [&, V] { copyLaunch(V, DOut.get(), DIn.get()); };
    R.Check = [&, V] {
      std::vector<float> Got = DOut.download();
      std::vector<size_t> Idx(N);
      std::vector<float> Ref(N);
      for (size_t I = 0; I < N; ++I) {
        Idx[I] = V == 7 ? 2 * I : I;
        Ref[I] = In[I * Stride[V] + Offset[V]];
      }
      return wl::compareAt(Got, Idx, Ref, 0.0, 0.0);
    };
    H.run(R);
  }
}
