// Vector types: sizes and alignments, make_* helpers, vectorised loads with
// __ldg and the cache-hinted loads/stores.
#include <cuda_runtime.h>
#include <vector_types.h>
#include <vector_functions.h>
#include <stdio.h>

static_assert(sizeof(char1) == 1 && alignof(char1) == 1, "char1");
static_assert(sizeof(char2) == 2 && alignof(char2) == 2, "char2");
static_assert(sizeof(char3) == 3 && alignof(char3) == 1, "char3");
static_assert(sizeof(char4) == 4 && alignof(char4) == 4, "char4");
static_assert(sizeof(uchar4) == 4 && alignof(uchar4) == 4, "uchar4");
static_assert(sizeof(short2) == 4 && alignof(short2) == 4, "short2");
static_assert(sizeof(short4) == 8 && alignof(short4) == 8, "short4");
static_assert(sizeof(ushort3) == 6 && alignof(ushort3) == 2, "ushort3");
static_assert(sizeof(int1) == 4 && alignof(int1) == 4, "int1");
static_assert(sizeof(int2) == 8 && alignof(int2) == 8, "int2");
static_assert(sizeof(int3) == 12 && alignof(int3) == 4, "int3");
static_assert(sizeof(int4) == 16 && alignof(int4) == 16, "int4");
static_assert(sizeof(uint4) == 16 && alignof(uint4) == 16, "uint4");
static_assert(sizeof(uint3) == 12 && alignof(uint3) == 4, "uint3");
static_assert(sizeof(long2) == 2 * sizeof(long), "long2");
static_assert(alignof(long2) == 2 * sizeof(long), "long2 align");
static_assert(sizeof(ulong4) == 4 * sizeof(long) && alignof(ulong4) == 16,
              "ulong4");
static_assert(sizeof(longlong2) == 16 && alignof(longlong2) == 16, "ll2");
static_assert(sizeof(ulonglong4) == 32 && alignof(ulonglong4) == 16, "ull4");
static_assert(sizeof(float1) == 4 && alignof(float1) == 4, "float1");
static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "float2");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
static_assert(sizeof(double1) == 8 && alignof(double1) == 8, "double1");
static_assert(sizeof(double2) == 16 && alignof(double2) == 16, "double2");
static_assert(sizeof(double3) == 24 && alignof(double3) == 8, "double3");
static_assert(sizeof(double4) == 32 && alignof(double4) == 16, "double4");
static_assert(sizeof(dim3) == 12, "dim3");

__global__ void saxpy4(int n, float a, const float4 *__restrict__ x,
                       float4 *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 4) {
    float4 xv = __ldg(&x[i]);
    float4 yv = y[i];
    yv.x += a * xv.x;
    yv.y += a * xv.y;
    yv.z += a * xv.z;
    yv.w += a * xv.w;
    y[i] = yv;
    reinterpret_cast<float4 *>(y)[i] =
        make_float4(yv.x, yv.y, yv.z, yv.w);
  }
}

__global__ void dvec(const double2 *in, double2 *out, const int4 *iv,
                     const uchar4 *pix, float2 *f2, const float *fs) {
  int i = threadIdx.x;
  double2 v = __ldg(in + i);
  double2 w = make_double2(v.x * 2.0, v.y * 0.5);
  int4 q = __ldg(&iv[i]);
  uchar4 p = __ldg(&pix[i]);
  float2 g = make_float2((float)q.x, (float)p.w);
  float s = __ldg(&fs[i]) + __ldcg(&fs[i]) + __ldcs(fs + i) + __ldca(fs) +
            __ldlu(fs) + __ldcv(fs);
  __stcg(&f2[i], g);
  __stcs(&out[i], w);
  __stwt(&f2[i], make_float2(s, s));
  __stwb(&out[i], make_double2(s, (double)q.w));
  char4 c4 = make_char4(1, 2, 3, 4);
  short2 s2 = make_short2(1, 2);
  ushort4 us4 = make_ushort4(1, 2, 3, 4);
  int3 i3 = make_int3(1, 2, 3);
  uint2 u2 = make_uint2(1u, 2u);
  long3 l3 = make_long3(1, 2, 3);
  ulong1 ul1 = make_ulong1(1ul);
  longlong4 ll4 = make_longlong4(1, 2, 3, 4);
  ulonglong2 ull2 = make_ulonglong2(1ull, 2ull);
  float3 f3 = make_float3(1.f, 2.f, 3.f);
  double4 d4 = make_double4(1, 2, 3, 4);
  double1 d1 = make_double1(1.0);
  uchar3 uc3 = make_uchar3(1, 2, 3);
  out[i].x += c4.x + s2.y + us4.z + i3.x + u2.y + l3.z + ul1.x + ll4.w +
              ull2.x + f3.y + d4.z + d1.x + uc3.z;
}

int main() {
  float4 h = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  double2 hd = make_double2(1.0, 2.0);
  int2 hi = make_int2(1, 2);
  printf("%f %f %d\n", h.x + h.w, hd.y, hi.x);
  float4 *x, *y;
  cudaMalloc(&x, 1024 * sizeof(float4));
  cudaMalloc(&y, 1024 * sizeof(float4));
  saxpy4<<<16, 256>>>(4096, 2.0f, x, y);
  return 0;
}
