//===- transpose_host.cu - the "transpose" family on the GPU --------------===//
#include "harness.h"

#include "../transpose/transpose.cu"

void familyTranspose(wl::Harness &H) {
  if (!H.begin("transpose", kTransposeVariants, kTransposeVariantCount))
    return;
  const size_t N = TR_N;
  std::vector<float> In = wl::randomFloats(N * N, 2, -1.0f, 1.0f);
  wl::DeviceBuffer<float> DIn(N * N), DOut(N * N);
  DIn.upload(In);
  for (int V = 0; V < kTransposeVariantCount; ++V) {
    wl::VariantRun R;
    R.Family = "transpose";
    R.Variant = kTransposeVariants[V];
    R.File = "transpose/transpose.cu";
    R.Problem = "TR_N=" + std::to_string(N);
    R.Prepare = [&] { DOut.poison(); };
    R.Launch = [&, V] { transposeLaunch(V, DOut.get(), DIn.get()); };
    R.Check = [&, V] {
      std::vector<float> Got = DOut.download();
      std::vector<size_t> Idx(N * N);
      std::vector<float> Ref(N * N);
      // Variant 0 copies; the others write out[x][y] = in[y][x].
      for (size_t Y = 0; Y < N; ++Y)
        for (size_t X = 0; X < N; ++X) {
          size_t K = Y * N + X;
          Idx[K] = K;
          Ref[K] = V == 0 ? In[Y * N + X] : In[X * N + Y];
        }
      return wl::compareAt(Got, Idx, Ref, 0.0, 0.0);
    };
    H.run(R);
  }
}
