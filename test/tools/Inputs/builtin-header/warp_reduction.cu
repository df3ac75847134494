// Warp-level primitives: shuffles (sync and legacy forms), votes, match,
// bit manipulation and fast-math intrinsics, and a shuffle-based reduction.
#include <cuda_runtime.h>
#include <stdio.h>

#define FULL_MASK 0xffffffff

__inline__ __device__ float warpReduceSum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(FULL_MASK, val, offset);
  return val;
}

template <typename T> __device__ T warpReduceMax(T val) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1)
    val = max(val, __shfl_xor_sync(0xffffffffu, val, mask, 32));
  return val;
}

__inline__ __device__ float blockReduceSum(float val) {
  static __shared__ float shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduceSum(val);
  if (lane == 0)
    shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0.0f;
  if (wid == 0)
    val = warpReduceSum(val);
  return val;
}

__global__ void reduceKernel(const float *in, float *out, int n) {
  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0)
    atomicAdd(out, sum);
}

__global__ void shuffles(int *ip, float *fp, double *dp, long long *lp,
                         unsigned *up) {
  int lane = threadIdx.x & 31;
  int i = ip[threadIdx.x];
  float f = fp[threadIdx.x];
  double d = dp[threadIdx.x];
  long long l = lp[threadIdx.x];
  unsigned u = up[threadIdx.x];
  i = __shfl_sync(FULL_MASK, i, 0);
  f = __shfl_up_sync(FULL_MASK, f, 1);
  d = __shfl_down_sync(FULL_MASK, d, 2, 16);
  l = __shfl_xor_sync(FULL_MASK, l, 4);
  u = __shfl_sync(__activemask(), u, lane ^ 1);
  // legacy (pre-CUDA 9) forms
  i += __shfl(i, 0);
  f += __shfl_up(f, 1);
  f += __shfl_down(f, 1);
  i += __shfl_xor(i, 1);
  ip[threadIdx.x] = i + warpReduceMax(i);
  fp[threadIdx.x] = f + warpReduceMax(f);
  dp[threadIdx.x] = d;
  lp[threadIdx.x] = l;
  up[threadIdx.x] = u;
}

__global__ void votes(const int *pred, unsigned *out) {
  int p = pred[threadIdx.x];
  unsigned ballot = __ballot_sync(FULL_MASK, p);
  int all = __all_sync(FULL_MASK, p);
  int any = __any_sync(FULL_MASK, p);
  unsigned active = __activemask();
  unsigned legacy = __ballot(p) + __all(p) + __any(p);
  unsigned m = 0;
#if __CUDA_ARCH__ >= 700
  m = __match_any_sync(FULL_MASK, p);
  int allpred;
  m += __match_all_sync(FULL_MASK, (unsigned)p, &allpred);
#endif
#if __CUDA_ARCH__ >= 800
  m += __reduce_add_sync(FULL_MASK, (unsigned)p);
  m += __reduce_max_sync(FULL_MASK, p);
#endif
  out[threadIdx.x] = ballot + all + any + active + legacy + m;
}

__global__ void bits(unsigned *u, unsigned long long *ull, int *out) {
  unsigned x = u[threadIdx.x];
  unsigned long long y = ull[threadIdx.x];
  int r = __popc(x) + __popcll(y) + __clz(x) + __clzll(y) + __ffs(x) +
          __ffsll(y);
  r += (int)__brev(x) + (int)__brevll(y);
  r += __mul24((int)x, 3) + (int)__umul24(x, 3u);
  r += __mulhi((int)x, 7) + (int)__umulhi(x, 7u) + (int)__byte_perm(x, x, 0x3210);
  r += (int)__funnelshift_l(x, x, 3) + (int)__funnelshift_r(x, x, 5);
  r += (int)__sad((int)x, 1, 2u) + (int)__usad(x, 1u, 2u);
  out[threadIdx.x] = r;
}

__global__ void fastmath(float *f) {
  float x = f[threadIdx.x];
  float y = __fdividef(x, 3.0f) + __expf(x) + __logf(x + 1.0f) + __sinf(x) +
            __cosf(x) + __tanf(x) + __powf(x, 2.0f) + __saturatef(x) +
            __exp10f(x) + __log2f(x + 1.0f) + __log10f(x + 1.0f);
  float s, c;
  __sincosf(x, &s, &c);
  y += __fadd_rn(s, c) + __fmul_rz(s, c) + __fmaf_rn(x, y, 1.0f) +
       __frcp_rn(x) + __fsqrt_rn(x) + __frsqrt_rn(x) + __fdiv_rn(x, 3.0f);
  y += __int_as_float(__float_as_int(y)) + __uint_as_float(1u);
  y += (float)__float2int_rn(x) + (float)__float2uint_rz(x) + __int2float_rn(3);
  y += (float)__double2float_rn(__dadd_rn((double)x, 1.0));
  y += (float)__longlong_as_double(__double_as_longlong(1.0));
  f[threadIdx.x] = y;
}

int main() {
  float *d_in, *d_out;
  cudaMalloc(&d_in, 1 << 20);
  cudaMalloc(&d_out, sizeof(float));
  cudaMemset(d_out, 0, sizeof(float));
  reduceKernel<<<256, 256>>>(d_in, d_out, (1 << 20) / 4);
  float h = 0;
  cudaMemcpy(&h, d_out, sizeof(float), cudaMemcpyDeviceToHost);
  printf("sum = %f\n", h);
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
