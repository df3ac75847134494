// Math in device and host code: <math.h>/<cmath>, the single and double
// precision functions, std:: forms, min/max overloads, CUDART constants.
#include <math.h>
#include <cmath>
#include <algorithm>
#include <cuda_runtime.h>
#include <math_constants.h>
#include <stdio.h>

__device__ float deviceMath(float x, double y) {
  float r = sqrtf(x) + rsqrtf(x) + expf(x) + __expf(x) + exp2f(x) + logf(x) +
            log2f(x) + log10f(x) + sinf(x) + cosf(x) + tanf(x) + asinf(x) +
            acosf(x) + atanf(x) + atan2f(x, 1.0f) + sinhf(x) + coshf(x) +
            tanhf(x) + powf(x, 2.5f) + fabsf(x) + fminf(x, 1.0f) +
            fmaxf(x, 1.0f) + floorf(x) + ceilf(x) + truncf(x) + roundf(x) +
            rintf(x) + fmodf(x, 2.0f) + fmaf(x, x, x) + cbrtf(x) + hypotf(x, x) +
            erff(x) + erfcf(x) + lgammaf(x) + tgammaf(x) + exp10f(x) +
            copysignf(x, -1.0f) + rcbrtf(x) + sinpif(x) + cospif(x) +
            normcdff(x) + normcdfinvf(0.5f) + erfinvf(0.5f) + ldexpf(x, 2) +
            scalbnf(x, 3) + logbf(x) + (float)ilogbf(x) + nextafterf(x, 0.f);
  float s, c;
  sincosf(x, &s, &c);
  sincospif(x, &s, &c);
  double d = sqrt(y) + rsqrt(y) + exp(y) + log(y) + sin(y) + cos(y) + tan(y) +
             pow(y, 2.0) + fabs(y) + fmin(y, 1.0) + fmax(y, 1.0) + floor(y) +
             ceil(y) + trunc(y) + round(y) + fma(y, y, y) + cbrt(y) +
             hypot(y, y) + erf(y) + exp2(y) + log2(y) + log1p(y) + expm1(y) +
             atan2(y, 1.0) + normcdf(y) + sinpi(y) + cospi(y);
  double ds, dc;
  sincos(y, &ds, &dc);
  r += std::sqrt(x) + std::exp(x) + std::abs(x) + std::fabs(x) +
       std::pow(x, 2.0f) + std::min(x, 1.0f) + std::max(x, 0.0f) +
       std::floor(x) + std::sin(x) + std::fma(x, x, x);
  r += sqrt(x) + exp(x) + sin(x) + abs(x) + fabs(x) + pow(x, 2) + rsqrt(x);
  bool special = isnan(x) || isinf(x) || isfinite(x) || std::isnan(d) ||
                 signbit(x) || __isnanf(x) || __isinff(x) || __finitef(x);
  return r + (float)d + s + c + (float)(ds + dc) + (special ? 1.0f : 0.0f);
}

__device__ int minmax(int a, unsigned b, long long c, float f, double g) {
  int m = min(a, 3) + max(a, 4);
  unsigned u = min(b, 2u) + max(b, 7u) + min(a, b) + max(b, a);
  long long l = min(c, 5ll) + max(c, 6ll);
  float fl = min(f, 1.0f) + max(f, 2.0f);
  double db = min(g, 1.0) + max(g, 2.0) + min(f, g) + max(g, f);
  return m + (int)u + (int)l + (int)fl + (int)db + abs(a) + (int)llabs(c) +
         umin(b, 1u) + umax(b, 1u) + (int)llmin(c, 1) + (int)llmax(c, 1) +
         (int)ullmin(1ull, 2ull) + (int)ullmax(1ull, 2ull);
}

__host__ __device__ float both(float x) {
  return sqrtf(x) + powf(x, 2.0f) + min(x, 1.0f) + max(x, 2.0f) +
         fminf(x, 0.5f) + std::abs(x);
}

__global__ void kernel(float *out, const double *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = deviceMath(out[i], in[i]) + (float)minmax(i, i, i, out[i], in[i]) +
           both(out[i]) + CUDART_PI_F + CUDART_INF_F + CUDART_NAN_F +
           (float)CUDART_PI + (float)CUDART_SQRT_2PI + CUDART_ZERO_F +
           (float)CUDART_LN2;
}

int main() {
  float h = both(2.0f) + min(1, 2) + max(1, 2) + min(1.0f, 2.0f);
  double e = std::exp(1.0) + sqrt(2.0) + CUDART_PI + fmax(1.0, 2.0);
  int m = min(3, 4) + max(3u, 4u);
  printf("%f %f %d %f\n", h, e, m, rsqrtf(4.0f));
  float *d;
  double *dd;
  cudaMalloc(&d, 256 * sizeof(float));
  cudaMalloc(&dd, 256 * sizeof(double));
  kernel<<<1, 256>>>(d, dd, 256);
  cudaDeviceSynchronize();
  return 0;
}
