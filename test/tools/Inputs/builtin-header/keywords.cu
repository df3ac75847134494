// Execution and memory space keywords, built-in variables, dim3, barriers,
// fences, clock, printf, assert, device malloc/free.
#include <cuda_runtime.h>
#include <assert.h>
#include <stdio.h>

struct Params {
  int n;
  float scale;
};

__constant__ float c_coeffs[16];
__constant__ int c_n;
__device__ int d_counter;
__device__ __managed__ int m_flag;
__managed__ float m_values[32];

__device__ __forceinline__ float square(float x) { return x * x; }
__device__ __noinline__ float cube(float x) { return x * x * x; }
__host__ __device__ inline int clampi(int v, int lo, int hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}
static __device__ __inline__ int lane() { return threadIdx.x & (warpSize - 1); }

struct __align__(16) Particle {
  float x, y, z, m;
};
struct __align__(8) Pair {
  int a, b;
};
static_assert(alignof(Particle) == 16, "align 16");
static_assert(alignof(Pair) == 8, "align 8");

__global__ void __launch_bounds__(256) lb1(float *__restrict__ out,
                                           const float *__restrict__ in,
                                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = square(in[i]) + cube(in[i]) * c_coeffs[i & 15];
}

__global__ void __launch_bounds__(256, 4) lb2(float *out) {
  out[threadIdx.x] = (float)clampi(threadIdx.x, 0, 128);
}

__global__ void __launch_bounds__(128, 2, 1) lb3(float *out) {
  out[threadIdx.x] = 1.0f;
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) lbt(float *out) {
  out[threadIdx.x] = (float)BLOCK;
}

__global__ void gridconst(const __grid_constant__ Params p, float *out) {
  if ((int)threadIdx.x < p.n)
    out[threadIdx.x] *= p.scale;
}

__global__ void indices(int *out) {
  unsigned int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  unsigned int bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
  unsigned int nx = blockDim.x * gridDim.x;
  unsigned int ny = blockDim.y * gridDim.y;
  unsigned int gx = bx * blockDim.x + tx;
  unsigned int gy = by * blockDim.y + ty;
  unsigned int gz = bz * blockDim.z + tz;
  dim3 t = threadIdx;
  uint3 b = blockIdx;
  dim3 bd = blockDim;
  dim3 gd(gridDim);
  int w = warpSize;
  out[(gz * ny + gy) * nx + gx] = (int)(t.x + b.y + bd.z + gd.x) + w + lane();
}

__global__ void barriers(int *flags, int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = flags[threadIdx.x];
  __syncthreads();
  int c = __syncthreads_count(s[threadIdx.x] > 0);
  int a = __syncthreads_and(s[threadIdx.x] > 0);
  int o = __syncthreads_or(s[threadIdx.x] > 0);
  __syncwarp();
  __syncwarp(0xffffffffu);
  __threadfence_block();
  __threadfence();
  __threadfence_system();
  if (threadIdx.x == 0)
    out[blockIdx.x] = c + a + o;
}

__global__ void timing(long long *t, int *c) {
  long long start = clock64();
  clock_t s32 = clock();
  int acc = 0;
  for (int i = 0; i < 100; ++i)
    acc += i * (int)threadIdx.x;
  t[threadIdx.x] = clock64() - start;
  c[threadIdx.x] = (int)(clock() - s32) + acc;
}

__global__ void diagnostics(const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(n > 0);
  assert(i >= 0 && "index must be non-negative");
  if (i == 0)
    printf("n=%d first=%f block=(%d,%d,%d)\n", n, in[0], blockDim.x,
           blockDim.y, blockDim.z);
  if (i < n && in[i] < 0.0f)
    printf("negative value at %d: %g\n", i, (double)in[i]);
}

__global__ void heap(int n) {
  int *p = (int *)malloc(n * sizeof(int));
  if (p) {
    memset(p, 0, n * sizeof(int));
    p[0] = c_n + d_counter + m_flag;
    free(p);
  }
  float *q = new float[4];
  q[0] = m_values[threadIdx.x & 31];
  delete[] q;
}

int main() {
  dim3 block(16, 16);
  dim3 grid((1024 + block.x - 1) / block.x, (768 + block.y - 1) / block.y);
  dim3 grid3(4, 4, 4), one;
  uint3 u = make_uint3(1, 2, 3);
  dim3 fromu(u);
  unsigned int total = grid.x * grid.y * grid.z * block.x * block.y * block.z;
  printf("%u %u %u %u\n", total, one.x, fromu.z, grid3.y);
  float *d = nullptr;
  int *di = nullptr;
  long long *dl = nullptr;
  cudaMalloc(&d, 1024 * sizeof(float));
  cudaMalloc(&di, 1024 * sizeof(int));
  cudaMalloc(&dl, 1024 * sizeof(long long));
  lb1<<<4, 256>>>(d, d, 1024);
  lb2<<<4, 256>>>(d);
  lb3<<<4, 128>>>(d);
  lbt<128><<<8, 128>>>(d);
  Params p = {256, 2.0f};
  gridconst<<<1, 256>>>(p, d);
  indices<<<grid, block>>>(di);
  barriers<<<4, 256>>>(di, di);
  timing<<<1, 32>>>(dl, di);
  diagnostics<<<4, 256>>>(d, 1024);
  heap<<<1, 32>>>(16);
  m_flag = 1;
  cudaDeviceSynchronize();
  cudaFree(d);
  cudaFree(di);
  cudaFree(dl);
  return 0;
}
