// Less common toolkit headers: cuComplex, WMMA tensor-core fragments, NVTX.
#include <cuComplex.h>
#include <mma.h>
#include <nvtx3/nvToolsExt.h>
#include <cuda_runtime.h>
#include <cstdio>

__global__ void complexMul(const cuFloatComplex *a, const cuFloatComplex *b,
                           cuFloatComplex *c, cuDoubleComplex *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    cuFloatComplex p = cuCmulf(a[i], cuConjf(b[i]));
    c[i] = cuCaddf(p, make_cuFloatComplex(cuCabsf(p), 0.0f));
    d[i] = cuCdiv(cuComplexFloatToDouble(c[i]), make_cuDoubleComplex(2.0, 1.0));
  }
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
using namespace nvcuda;
__global__ void wmmaGemm(const half *a, const half *b, float *c, int M, int N,
                         int K) {
  int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  int warpN = blockIdx.y * blockDim.y + threadIdx.y;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> af;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> bf;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(af, a + warpM * 16 * K + k, K);
    wmma::load_matrix_sync(bf, b + warpN * 16 * K + k, K);
    wmma::mma_sync(acc, af, bf, acc);
  }
  for (int i = 0; i < acc.num_elements; ++i)
    acc.x[i] *= 2.0f;
  wmma::store_matrix_sync(c + warpM * 16 * N + warpN * 16, acc, N,
                          wmma::mem_row_major);
  (void)M;
}
#endif

int main() {
  nvtxRangePushA("setup");
  cuFloatComplex *a;
  cudaMalloc(&a, 256 * sizeof(cuFloatComplex));
  nvtxRangePop();
  nvtxRangeId_t r = nvtxRangeStartA("compute");
  complexMul<<<1, 256>>>(a, a, a, (cuDoubleComplex *)a, 128);
  nvtxRangeEnd(r);
  nvtxMarkA("done");
  printf("%f\n", cuCrealf(make_cuComplex(1.0f, 2.0f)));
  return 0;
}
