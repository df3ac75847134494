// Atomic functions for every documented type, the scoped variants and the
// classic atomicAdd(double) fallback for GPUs before sm_60.
#include <cuda_runtime.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
__device__ double atomicAdd(double *address, double val) {
  unsigned long long int *address_as_ull = (unsigned long long int *)address;
  unsigned long long int old = *address_as_ull, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed,
                    __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}
#endif

__device__ float atomicMaxFloat(float *addr, float value) {
  int *ia = (int *)addr;
  int old = *ia, assumed;
  do {
    assumed = old;
    old = atomicCAS(ia, assumed, __float_as_int(fmaxf(value, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

__global__ void allAtomics(int *i, unsigned *u, unsigned long long *ull,
                           long long *ll, float *f, double *d,
                           unsigned short *us) {
  int t = threadIdx.x;
  atomicAdd(i, 1);
  atomicAdd(u, 1u);
  atomicAdd(ull, 1ull);
  atomicAdd(f, 1.0f);
  atomicAdd(d, 1.0);
  atomicSub(i, 1);
  atomicSub(u, 1u);
  atomicExch(i, t);
  atomicExch(u, (unsigned)t);
  atomicExch(ull, (unsigned long long)t);
  atomicExch(f, (float)t);
  atomicMin(i, t);
  atomicMin(u, (unsigned)t);
  atomicMin(ull, (unsigned long long)t);
  atomicMin(ll, (long long)t);
  atomicMax(i, t);
  atomicMax(u, (unsigned)t);
  atomicMax(ull, (unsigned long long)t);
  atomicMax(ll, (long long)t);
  atomicInc(u, 100u);
  atomicDec(u, 100u);
  atomicCAS(i, 0, t);
  atomicCAS(u, 0u, (unsigned)t);
  atomicCAS(ull, 0ull, (unsigned long long)t);
  atomicAnd(i, t);
  atomicAnd(u, (unsigned)t);
  atomicAnd(ull, (unsigned long long)t);
  atomicOr(i, t);
  atomicOr(u, (unsigned)t);
  atomicOr(ull, (unsigned long long)t);
  atomicXor(i, t);
  atomicXor(u, (unsigned)t);
  atomicXor(ull, (unsigned long long)t);
  atomicMaxFloat(f, (float)t);
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
  atomicAdd_block(i, 1);
  atomicAdd_system(f, 1.0f);
  atomicAdd_block(d, 1.0);
  atomicSub_system(u, 1u);
  atomicExch_block(ull, 1ull);
  atomicMin_system(ll, 2ll);
  atomicMax_block(u, 3u);
  atomicInc_system(u, 9u);
  atomicDec_block(u, 9u);
  atomicCAS_block(i, 0, 1);
  atomicCAS_system(ull, 0ull, 1ull);
  atomicAnd_system(i, 1);
  atomicOr_block(u, 1u);
  atomicXor_system(ull, 1ull);
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
  atomicCAS(us, (unsigned short)0, (unsigned short)1);
#else
  (void)us;
#endif
}

__global__ void histogram(const unsigned char *data, unsigned int *hist,
                          int n) {
  __shared__ unsigned int local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    atomicAdd(&hist[b], local[b]);
}

int main() {
  unsigned char *data;
  unsigned int *hist;
  cudaMalloc(&data, 1 << 20);
  cudaMalloc(&hist, 256 * sizeof(unsigned int));
  histogram<<<64, 256>>>(data, hist, 1 << 20);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
