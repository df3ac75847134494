// Functions user code often defines itself, next to the CUDA ones: host
// min/max, an unguarded atomicAdd(double *) CAS loop, device helpers that
// shadow nothing, a float atomicMax.
#include <cuda_runtime.h>
#include <cstdio>

int min(int a, int b) { return a < b ? a : b; }
static int max(int a, int b) { return a > b ? a : b; }
template <typename T> T clampT(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }

__device__ double atomicAdd(double *address, double val) {
  unsigned long long int *p = (unsigned long long int *)address;
  unsigned long long int old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed,
                    __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}

__device__ float atomicMax(float *address, float val) {
  int *ia = (int *)address;
  int old = *ia, assumed;
  do {
    assumed = old;
    old = atomicCAS(ia, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (old != assumed);
  return __int_as_float(old);
}

__global__ void k(double *d, float *f, int *i) {
  atomicAdd(d, 1.0);
  atomicMax(f, 2.0f);
  i[threadIdx.x] = min(i[threadIdx.x], 4) + max(i[0], 3);
}

int main() {
  printf("%d %d %d\n", min(1, 2), max(3, 4), clampT(5, 0, 3));
  double *d;
  cudaMalloc(&d, sizeof(double));
  k<<<1, 1>>>(d, (float *)d, (int *)d);
  return 0;
}
