//===- matmul_host.cu - the "matmul" family on the GPU --------------------===//
#include "harness.h"

#include "../matmul/matmul.cu"

void familyMatmul(wl::Harness &H) {
  if (!H.begin("matmul", kMatmulVariants, kMatmulVariantCount))
    return;
  const size_t N = MM_N;
  std::vector<float> A = wl::randomFloats(N * N, 3, -1.0f, 1.0f);
  std::vector<float> B = wl::randomFloats(N * N, 4, -1.0f, 1.0f);
  // The CPU reference, accumulated in double, once for all variants.
  std::vector<float> Ref(N * N);
  std::vector<double> Row(N);
  for (size_t I = 0; I < N; ++I) {
    std::fill(Row.begin(), Row.end(), 0.0);
    for (size_t K = 0; K < N; ++K) {
      double AIK = A[I * N + K];
      const float *BK = &B[K * N];
      for (size_t J = 0; J < N; ++J)
        Row[J] += AIK * BK[J];
    }
    for (size_t J = 0; J < N; ++J)
      Ref[I * N + J] = static_cast<float>(Row[J]);
  }
  std::vector<size_t> Idx(N * N);
  for (size_t K = 0; K < N * N; ++K)
    Idx[K] = K;
  wl::DeviceBuffer<float> DA(N * N), DB(N * N), DC(N * N);
  DA.upload(A);
  DB.upload(B);
  for (int V = 0; V < kMatmulVariantCount; ++V) {
    wl::VariantRun R;
    R.Family = "matmul";
    R.Variant = kMatmulVariants[V];
    R.File = "matmul/matmul.cu";
    R.Problem = "MM_N=" + std::to_string(N);
    R.Prepare = [&] { DC.poison(); };
    R.Launch = [&, V] { matmulLaunch(V, DC.get(), DA.get(), DB.get()); };
    // Sums of MM_N products of values in [-1, 1] in float: a float sum's
    // error grows with MM_N * 2^-24 * max |partial sum|; 1e-3 absolute plus
    // 1e-4 relative is far above it and far below any indexing error.
    R.Check = [&] { return wl::compareAt(DC.download(), Idx, Ref, 1e-3, 1e-4); };
    H.run(R);
  }
}
