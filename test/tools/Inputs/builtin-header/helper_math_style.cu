// Code in the style of the samples' helper headers: operators and
// constructors on the vector types defined by user code, host fallbacks
// guarded by __CUDACC__, and sm-specific intrinsics behind __CUDA_ARCH__.
#include <cuda_runtime.h>
#include <math.h>

#ifndef __CUDACC__
inline float fminf(float a, float b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
#endif

inline __host__ __device__ float2 make_float2(float s) {
  return make_float2(s, s);
}
inline __host__ __device__ float3 make_float3(float4 a) {
  return make_float3(a.x, a.y, a.z);
}
inline __host__ __device__ int2 make_int2(int s) { return make_int2(s, s); }
inline __host__ __device__ float2 operator+(float2 a, float2 b) {
  return make_float2(a.x + b.x, a.y + b.y);
}
inline __host__ __device__ void operator+=(float3 &a, float3 b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
}
inline __host__ __device__ float3 operator*(float3 a, float b) {
  return make_float3(a.x * b, a.y * b, a.z * b);
}
inline __host__ __device__ float dot(float3 a, float3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline __host__ __device__ float clamp(float f, float a, float b) {
  return fmaxf(a, fminf(f, b));
}
inline __host__ __device__ float3 normalize(float3 v) {
  float invLen = rsqrtf(dot(v, v));
  return v * invLen;
}
inline __device__ __host__ float mix(float a, float b, float t) {
  return a + t * (b - a);
}

__global__ void nbody(float4 *pos, float3 *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float3 a = make_float3(0.0f, 0.0f, 0.0f);
  float3 pi = make_float3(pos[i]);
  for (int j = 0; j < n; ++j) {
    float3 d = make_float3(pos[j]);
    d += pi * -1.0f;
    float dist2 = dot(d, d) + 1e-9f;
    float inv = rsqrtf(dist2);
    a += d * (pos[j].w * inv * inv * inv);
  }
  acc[i] = normalize(a) * clamp(mix(0.0f, 1.0f, 0.5f), 0.0f, 1.0f);
}

__global__ void archSpecific(int *out, const char4 *a, const char4 *b,
                             unsigned long long *t) {
  int i = threadIdx.x;
  __shared__ int sh[32];
  sh[i & 31] = i;
  int r = 0;
#if __CUDA_ARCH__ >= 610
  r += __dp4a(a[i], b[i], 0) + __dp2a_lo(i, i, 0);
#endif
#if __CUDA_ARCH__ >= 700
  __nanosleep(100);
#endif
  r += (int)__isShared(&sh[0]) + (int)__isGlobal(out) +
       (int)__cvta_generic_to_shared(&sh[1]);
  t[i] = clock64(); // no __globaltimer(): nvcc 13 declares none
  out[i] = r + sh[(i + 1) & 31];
}

int main() {
  float2 v = make_float2(1.0f) + make_float2(2.0f, 3.0f);
  float3 w = make_float3(make_float4(1, 2, 3, 4));
  w += make_float3(1, 1, 1);
  return (int)(v.x + w.z + clamp(2.0f, 0.0f, 1.0f)) + max(1, 2);
}
