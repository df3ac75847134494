// Half and bfloat16 precision: conversions, arithmetic, half2 vector math,
// shuffles, atomics.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <cstdio>

__global__ void halfKernel(const __half *a, const half *b, __half *c,
                           __half2 *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half x = a[i], y = __ldg(&b[i]);
  __half s = __hadd(x, y);
  s = __hmul(s, __float2half(0.5f));
  s = __hfma(s, x, y);
  s = s + x * y - __hdiv(x, y);
  s += __float2half_rn(1.0f);
  float f = __half2float(s) + (float)x + static_cast<float>(y);
  bool cmp = __hlt(x, y) || __heq(x, y) || (x > y) || __hisnan(x);
  __half2 p = __floats2half2_rn(f, 2.0f);
  __half2 q = __halves2half2(x, y);
  __half2 r = __hfma2(p, q, __float2half2_rn(1.0f));
  r = __hadd2(r, __hmul2(p, q));
  r = r * q + p;
  float2 rf = __half22float2(r);
  __half lo = __low2half(r), hi = __high2half(r);
  float lf = __low2float(r) + __high2float(r);
  __half w = __shfl_down_sync(0xffffffffu, s, 1);
  __half2 w2 = __shfl_xor_sync(0xffffffffu, r, 1);
  __half m = __hmax(x, y);
  __half e = hexp(x) + hsqrt(y) + hrsqrt(y) + hlog(y) + hfloor(x);
  unsigned short bits = __half_as_ushort(s);
  __half back = __ushort_as_half(bits);
  int k = __half2int_rn(x) + __half2int_rz(y);
  __half ki = __int2half_rn(k);
  c[i] = cmp ? __float2half(rf.x + rf.y + lf) : lo + hi + w + m + e + back + ki;
  v[i] = w2;
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
  atomicAdd(&c[0], __float2half(1.0f));
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
  atomicAdd(&v[0], __float2half2_rn(1.0f));
#endif
}

__global__ void bf16Kernel(const __nv_bfloat16 *a, __nv_bfloat16 *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __nv_bfloat16 x = a[i];
    float f = __bfloat162float(x);
    __nv_bfloat16 y = __float2bfloat16(f * 2.0f);
    __nv_bfloat162 p = __floats2bfloat162_rn(f, f);
    float2 pf = __bfloat1622float2(__hmul2(p, p));
    b[i] = __hadd(x, y) + __shfl_xor_sync(0xffffffffu, y, 1) +
           __float2bfloat16(pf.x);
  }
}

int main() {
  __half h = __float2half(3.5f);
  half hh = 2.0f;
  float f = __half2float(h) + (float)hh;
  __nv_bfloat16 bh = __float2bfloat16(f);
  printf("%f %f\n", f, __bfloat162float(bh));
  __half *d;
  cudaMalloc(&d, 1024 * sizeof(__half));
  halfKernel<<<4, 256>>>(d, d, d, (__half2 *)d, 1024);
  return 0;
}
