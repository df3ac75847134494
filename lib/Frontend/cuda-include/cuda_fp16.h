/*===- cuda_fp16.h - half precision ---------------------------------------===*
 *
 * Part of warplint's built-in CUDA headers: __half and __half2 with the
 * conversion, arithmetic, comparison, math and warp functions of the CUDA
 * half-precision intrinsics API, written from the CUDA Math API reference.
 * Everything is computed through float (with clang's _Float16 for the
 * conversions) and is available on host and device alike.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_CUDA_FP16_H__
#define __WARPLINT_CUDA_FP16_H__
#include <__warplint_cuda.h>

#define __CUDA_FP16_H__
#define __CUDA_FP16_HPP__
#define __CUDA_FP16_TYPES_EXIST__

#pragma push_macro("__WL_HD")
#pragma push_macro("__WL_DEV")
#define __WL_HD static __inline__ __host__ __device__
#define __WL_DEV static __inline__ __device__

/*--- Storage ---------------------------------------------------------------*/
typedef struct __half_raw {
  unsigned short x;
} __half_raw;
typedef struct __half2_raw {
  unsigned short x;
  unsigned short y;
} __half2_raw;

__WL_HD unsigned short __wl_float2half_bits(float __f) {
  return __builtin_bit_cast(unsigned short, (_Float16)__f);
}
__WL_HD float __wl_half_bits2float(unsigned short __b) {
  return (float)__builtin_bit_cast(_Float16, __b);
}

struct __align__(2) __half {
protected:
  unsigned short __x;

public:
  __half() = default;
  __host__ __device__ constexpr __half(const __half_raw &__hr) : __x(__hr.x) {}
  __host__ __device__ __half &operator=(const __half_raw &__hr) {
    __x = __hr.x;
    return *this;
  }
  __host__ __device__ operator __half_raw() const {
    __half_raw __r;
    __r.x = __x;
    return __r;
  }
  /* conversions from and to the built-in arithmetic types */
  __host__ __device__ __half(float __f) : __x(__wl_float2half_bits(__f)) {}
  __host__ __device__ __half(double __f)
      : __x(__wl_float2half_bits((float)__f)) {}
  __host__ __device__ __half(short __v)
      : __x(__wl_float2half_bits((float)__v)) {}
  __host__ __device__ __half(unsigned short __v)
      : __x(__wl_float2half_bits((float)__v)) {}
  __host__ __device__ __half(int __v) : __x(__wl_float2half_bits((float)__v)) {}
  __host__ __device__ __half(unsigned int __v)
      : __x(__wl_float2half_bits((float)__v)) {}
  __host__ __device__ __half(long __v)
      : __x(__wl_float2half_bits((float)__v)) {}
  __host__ __device__ __half(unsigned long __v)
      : __x(__wl_float2half_bits((float)__v)) {}
  __host__ __device__ __half(long long __v)
      : __x(__wl_float2half_bits((float)__v)) {}
  __host__ __device__ __half(unsigned long long __v)
      : __x(__wl_float2half_bits((float)__v)) {}
  __host__ __device__ operator float() const {
    return __wl_half_bits2float(__x);
  }
  __host__ __device__ __half &operator=(float __f) {
    __x = __wl_float2half_bits(__f);
    return *this;
  }
  __host__ __device__ __half &operator=(double __f) {
    __x = __wl_float2half_bits((float)__f);
    return *this;
  }
  __host__ __device__ explicit operator bool() const {
    return (__x & 0x7fffU) != 0U;
  }
};

struct __align__(4) __half2 {
  __half x;
  __half y;
  __half2() = default;
  __host__ __device__ __half2(const __half &__a, const __half &__b)
      : x(__a), y(__b) {}
  __host__ __device__ __half2(const __half2_raw &__h2r) {
    __half_raw __a, __b;
    __a.x = __h2r.x;
    __b.x = __h2r.y;
    x = __a;
    y = __b;
  }
  __host__ __device__ __half2 &operator=(const __half2_raw &__h2r) {
    *this = __half2(__h2r);
    return *this;
  }
  __host__ __device__ operator __half2_raw() const {
    __half2_raw __r;
    __r.x = __half_raw(x).x;
    __r.y = __half_raw(y).x;
    return __r;
  }
};

typedef __half half;
typedef __half2 half2;
typedef __half nv_half;
typedef __half2 nv_half2;

/*--- Conversions -----------------------------------------------------------*/
__WL_HD __half __float2half(const float __a) { return __half(__a); }
__WL_HD __half __float2half_rn(const float __a) { return __half(__a); }
__WL_HD __half __float2half_rz(const float __a) { return __half(__a); }
__WL_HD __half __float2half_rd(const float __a) { return __half(__a); }
__WL_HD __half __float2half_ru(const float __a) { return __half(__a); }
__WL_HD __half __double2half(const double __a) { return __half(__a); }
__WL_HD float __half2float(const __half __a) { return (float)__a; }
__WL_HD __half2 __float2half2_rn(const float __a) {
  return __half2(__half(__a), __half(__a));
}
__WL_HD __half2 __floats2half2_rn(const float __a, const float __b) {
  return __half2(__half(__a), __half(__b));
}
__WL_HD __half2 __float22half2_rn(const float2 __a) {
  return __half2(__half(__a.x), __half(__a.y));
}
__WL_HD float2 __half22float2(const __half2 __a) {
  return make_float2((float)__a.x, (float)__a.y);
}
__WL_HD float __low2float(const __half2 __a) { return (float)__a.x; }
__WL_HD float __high2float(const __half2 __a) { return (float)__a.y; }
__WL_HD __half __low2half(const __half2 __a) { return __a.x; }
__WL_HD __half __high2half(const __half2 __a) { return __a.y; }
__WL_HD __half2 __low2half2(const __half2 __a) { return __half2(__a.x, __a.x); }
__WL_HD __half2 __high2half2(const __half2 __a) {
  return __half2(__a.y, __a.y);
}
__WL_HD __half2 __lows2half2(const __half2 __a, const __half2 __b) {
  return __half2(__a.x, __b.x);
}
__WL_HD __half2 __highs2half2(const __half2 __a, const __half2 __b) {
  return __half2(__a.y, __b.y);
}
__WL_HD __half2 __halves2half2(const __half __a, const __half __b) {
  return __half2(__a, __b);
}
__WL_HD __half2 __half2half2(const __half __a) { return __half2(__a, __a); }
__WL_HD __half2 __lowhigh2highlow(const __half2 __a) {
  return __half2(__a.y, __a.x);
}
__WL_HD __half2 make_half2(const __half __x, const __half __y) {
  return __half2(__x, __y);
}
__WL_HD short int __half_as_short(const __half __h) {
  return (short int)__half_raw(__h).x;
}
__WL_HD unsigned short int __half_as_ushort(const __half __h) {
  return __half_raw(__h).x;
}
__WL_HD __half __short_as_half(const short int __i) {
  __half_raw __r;
  __r.x = (unsigned short)__i;
  return __half(__r);
}
__WL_HD __half __ushort_as_half(const unsigned short int __i) {
  __half_raw __r;
  __r.x = __i;
  return __half(__r);
}
#pragma push_macro("__WL_CVT")
#define __WL_CVT(__name, __T)                                                  \
  __WL_HD __half __##__name##2half_rn(const __T __i) { return __half(__i); }   \
  __WL_HD __half __##__name##2half_rz(const __T __i) { return __half(__i); }   \
  __WL_HD __half __##__name##2half_rd(const __T __i) { return __half(__i); }   \
  __WL_HD __half __##__name##2half_ru(const __T __i) { return __half(__i); }   \
  __WL_HD __T __half2##__name##_rn(const __half __h) {                         \
    return (__T)__builtin_rintf((float)__h);                                   \
  }                                                                            \
  __WL_HD __T __half2##__name##_rz(const __half __h) {                         \
    return (__T)(float)__h;                                                    \
  }                                                                            \
  __WL_HD __T __half2##__name##_rd(const __half __h) {                         \
    return (__T)__builtin_floorf((float)__h);                                  \
  }                                                                            \
  __WL_HD __T __half2##__name##_ru(const __half __h) {                         \
    return (__T)__builtin_ceilf((float)__h);                                   \
  }
__WL_CVT(int, int)
__WL_CVT(uint, unsigned int)
__WL_CVT(short, short int)
__WL_CVT(ushort, unsigned short int)
__WL_CVT(ll, long long int)
__WL_CVT(ull, unsigned long long int)
#pragma pop_macro("__WL_CVT")

/*--- Arithmetic ------------------------------------------------------------*/
__WL_HD __half __hadd(const __half __a, const __half __b) {
  return __half((float)__a + (float)__b);
}
__WL_HD __half __hsub(const __half __a, const __half __b) {
  return __half((float)__a - (float)__b);
}
__WL_HD __half __hmul(const __half __a, const __half __b) {
  return __half((float)__a * (float)__b);
}
__WL_HD __half __hdiv(const __half __a, const __half __b) {
  return __half((float)__a / (float)__b);
}
__WL_HD __half __hfma(const __half __a, const __half __b, const __half __c) {
  return __half(__builtin_fmaf((float)__a, (float)__b, (float)__c));
}
__WL_HD __half __hneg(const __half __a) { return __half(-(float)__a); }
__WL_HD __half __habs(const __half __a) {
  return __half(__builtin_fabsf((float)__a));
}
__WL_HD float __wl_sat(float __f) {
  return __f < 0.0f ? 0.0f : (__f > 1.0f ? 1.0f : __f);
}
__WL_HD __half __hadd_sat(const __half __a, const __half __b) {
  return __half(__wl_sat((float)__a + (float)__b));
}
__WL_HD __half __hsub_sat(const __half __a, const __half __b) {
  return __half(__wl_sat((float)__a - (float)__b));
}
__WL_HD __half __hmul_sat(const __half __a, const __half __b) {
  return __half(__wl_sat((float)__a * (float)__b));
}
__WL_HD __half __hfma_sat(const __half __a, const __half __b,
                          const __half __c) {
  return __half(__wl_sat(__builtin_fmaf((float)__a, (float)__b, (float)__c)));
}
__WL_HD __half __hadd_rn(const __half __a, const __half __b) {
  return __hadd(__a, __b);
}
__WL_HD __half __hsub_rn(const __half __a, const __half __b) {
  return __hsub(__a, __b);
}
__WL_HD __half __hmul_rn(const __half __a, const __half __b) {
  return __hmul(__a, __b);
}

#pragma push_macro("__WL_H2BIN")
#pragma push_macro("__WL_H2UN")
#define __WL_H2BIN(__name2, __name1)                                           \
  __WL_HD __half2 __name2(const __half2 __a, const __half2 __b) {              \
    return __half2(__name1(__a.x, __b.x), __name1(__a.y, __b.y));              \
  }
#define __WL_H2UN(__name2, __name1)                                            \
  __WL_HD __half2 __name2(const __half2 __a) {                                 \
    return __half2(__name1(__a.x), __name1(__a.y));                            \
  }
__WL_H2BIN(__hadd2, __hadd)
__WL_H2BIN(__hsub2, __hsub)
__WL_H2BIN(__hmul2, __hmul)
__WL_H2BIN(__h2div, __hdiv)
__WL_H2BIN(__hadd2_sat, __hadd_sat)
__WL_H2BIN(__hsub2_sat, __hsub_sat)
__WL_H2BIN(__hmul2_sat, __hmul_sat)
__WL_H2BIN(__hadd2_rn, __hadd)
__WL_H2BIN(__hsub2_rn, __hsub)
__WL_H2BIN(__hmul2_rn, __hmul)
__WL_H2UN(__hneg2, __hneg)
__WL_H2UN(__habs2, __habs)
__WL_HD __half2 __hfma2(const __half2 __a, const __half2 __b,
                        const __half2 __c) {
  return __half2(__hfma(__a.x, __b.x, __c.x), __hfma(__a.y, __b.y, __c.y));
}
__WL_HD __half2 __hfma2_sat(const __half2 __a, const __half2 __b,
                            const __half2 __c) {
  return __half2(__hfma_sat(__a.x, __b.x, __c.x),
                 __hfma_sat(__a.y, __b.y, __c.y));
}

/*--- Comparisons -----------------------------------------------------------*/
#pragma push_macro("__WL_HCMP")
/* __WL_HCMP(name, op, unordered): bool name(half, half), the per-lane
 * half2 name2(half2, half2) and the all-lanes bool __hb<name>2. */
#define __WL_HCMP(__name, __bname, __op, __unordered)                          \
  __WL_HD bool __name(const __half __a, const __half __b) {                    \
    float __fa = (float)__a, __fb = (float)__b;                                \
    if (__fa != __fa || __fb != __fb)                                          \
      return __unordered;                                                      \
    return __fa __op __fb;                                                     \
  }                                                                            \
  __WL_HD __half2 __name##2(const __half2 __a, const __half2 __b) {            \
    return __half2(__half(__name(__a.x, __b.x) ? 1.0f : 0.0f),                 \
                   __half(__name(__a.y, __b.y) ? 1.0f : 0.0f));                \
  }                                                                            \
  __WL_HD bool __bname(const __half2 __a, const __half2 __b) {                 \
    return __name(__a.x, __b.x) && __name(__a.y, __b.y);                       \
  }
__WL_HCMP(__heq, __hbeq2, ==, false)
__WL_HCMP(__hne, __hbne2, !=, false)
__WL_HCMP(__hle, __hble2, <=, false)
__WL_HCMP(__hge, __hbge2, >=, false)
__WL_HCMP(__hlt, __hblt2, <, false)
__WL_HCMP(__hgt, __hbgt2, >, false)
__WL_HCMP(__hequ, __hbequ2, ==, true)
__WL_HCMP(__hneu, __hbneu2, !=, true)
__WL_HCMP(__hleu, __hbleu2, <=, true)
__WL_HCMP(__hgeu, __hbgeu2, >=, true)
__WL_HCMP(__hltu, __hbltu2, <, true)
__WL_HCMP(__hgtu, __hbgtu2, >, true)
#pragma pop_macro("__WL_HCMP")
__WL_HD bool __hisnan(const __half __a) {
  float __f = (float)__a;
  return __f != __f;
}
__WL_HD int __hisinf(const __half __a) {
  float __f = (float)__a;
  return __f == __builtin_huge_valf()
             ? 1
             : (__f == -__builtin_huge_valf() ? -1 : 0);
}
__WL_HD __half2 __hisnan2(const __half2 __a) {
  return __half2(__half(__hisnan(__a.x) ? 1.0f : 0.0f),
                 __half(__hisnan(__a.y) ? 1.0f : 0.0f));
}
__WL_HD __half __hmax(const __half __a, const __half __b) {
  return __half(__builtin_fmaxf((float)__a, (float)__b));
}
__WL_HD __half __hmin(const __half __a, const __half __b) {
  return __half(__builtin_fminf((float)__a, (float)__b));
}
__WL_HD __half __hmax_nan(const __half __a, const __half __b) {
  return __hisnan(__a) ? __a : (__hisnan(__b) ? __b : __hmax(__a, __b));
}
__WL_HD __half __hmin_nan(const __half __a, const __half __b) {
  return __hisnan(__a) ? __a : (__hisnan(__b) ? __b : __hmin(__a, __b));
}
__WL_H2BIN(__hmax2, __hmax)
__WL_H2BIN(__hmin2, __hmin)
__WL_H2BIN(__hmax2_nan, __hmax_nan)
__WL_H2BIN(__hmin2_nan, __hmin_nan)

/*--- Math ------------------------------------------------------------------*/
#pragma push_macro("__WL_HMATH")
#define __WL_HMATH(__hname, __h2name, __fexpr)                                 \
  __WL_HD __half __hname(const __half __a) {                                   \
    float __f = (float)__a;                                                    \
    return __half(__fexpr);                                                    \
  }                                                                            \
  __WL_H2UN(__h2name, __hname)
__WL_HMATH(hsqrt, h2sqrt, __builtin_sqrtf(__f))
__WL_HMATH(hrsqrt, h2rsqrt, 1.0f / __builtin_sqrtf(__f))
__WL_HMATH(hrcp, h2rcp, 1.0f / __f)
__WL_HMATH(hexp, h2exp, __builtin_expf(__f))
__WL_HMATH(hexp2, h2exp2, __builtin_exp2f(__f))
__WL_HMATH(hexp10, h2exp10, __builtin_powf(10.0f, __f))
__WL_HMATH(hlog, h2log, __builtin_logf(__f))
__WL_HMATH(hlog2, h2log2, __builtin_log2f(__f))
__WL_HMATH(hlog10, h2log10, __builtin_log10f(__f))
__WL_HMATH(hsin, h2sin, __builtin_sinf(__f))
__WL_HMATH(hcos, h2cos, __builtin_cosf(__f))
__WL_HMATH(htanh, h2tanh, __builtin_tanhf(__f))
__WL_HMATH(htrunc, h2trunc, __builtin_truncf(__f))
__WL_HMATH(hceil, h2ceil, __builtin_ceilf(__f))
__WL_HMATH(hfloor, h2floor, __builtin_floorf(__f))
__WL_HMATH(hrint, h2rint, __builtin_rintf(__f))
#pragma pop_macro("__WL_HMATH")
#pragma pop_macro("__WL_H2UN")
#pragma pop_macro("__WL_H2BIN")

/*--- Operators -------------------------------------------------------------*/
__WL_HD __half operator+(const __half &__a, const __half &__b) {
  return __hadd(__a, __b);
}
__WL_HD __half operator-(const __half &__a, const __half &__b) {
  return __hsub(__a, __b);
}
__WL_HD __half operator*(const __half &__a, const __half &__b) {
  return __hmul(__a, __b);
}
__WL_HD __half operator/(const __half &__a, const __half &__b) {
  return __hdiv(__a, __b);
}
__WL_HD __half &operator+=(__half &__a, const __half &__b) {
  __a = __hadd(__a, __b);
  return __a;
}
__WL_HD __half &operator-=(__half &__a, const __half &__b) {
  __a = __hsub(__a, __b);
  return __a;
}
__WL_HD __half &operator*=(__half &__a, const __half &__b) {
  __a = __hmul(__a, __b);
  return __a;
}
__WL_HD __half &operator/=(__half &__a, const __half &__b) {
  __a = __hdiv(__a, __b);
  return __a;
}
__WL_HD __half &operator++(__half &__h) {
  __h = __hadd(__h, __half(1.0f));
  return __h;
}
__WL_HD __half &operator--(__half &__h) {
  __h = __hsub(__h, __half(1.0f));
  return __h;
}
__WL_HD __half operator++(__half &__h, int) {
  __half __r = __h;
  __h = __hadd(__h, __half(1.0f));
  return __r;
}
__WL_HD __half operator--(__half &__h, int) {
  __half __r = __h;
  __h = __hsub(__h, __half(1.0f));
  return __r;
}
__WL_HD __half operator+(const __half &__h) { return __h; }
__WL_HD __half operator-(const __half &__h) { return __hneg(__h); }
__WL_HD bool operator==(const __half &__a, const __half &__b) {
  return __heq(__a, __b);
}
__WL_HD bool operator!=(const __half &__a, const __half &__b) {
  return __hneu(__a, __b);
}
__WL_HD bool operator>(const __half &__a, const __half &__b) {
  return __hgt(__a, __b);
}
__WL_HD bool operator<(const __half &__a, const __half &__b) {
  return __hlt(__a, __b);
}
__WL_HD bool operator>=(const __half &__a, const __half &__b) {
  return __hge(__a, __b);
}
__WL_HD bool operator<=(const __half &__a, const __half &__b) {
  return __hle(__a, __b);
}
__WL_HD __half2 operator+(const __half2 &__a, const __half2 &__b) {
  return __hadd2(__a, __b);
}
__WL_HD __half2 operator-(const __half2 &__a, const __half2 &__b) {
  return __hsub2(__a, __b);
}
__WL_HD __half2 operator*(const __half2 &__a, const __half2 &__b) {
  return __hmul2(__a, __b);
}
__WL_HD __half2 operator/(const __half2 &__a, const __half2 &__b) {
  return __h2div(__a, __b);
}
__WL_HD __half2 &operator+=(__half2 &__a, const __half2 &__b) {
  __a = __hadd2(__a, __b);
  return __a;
}
__WL_HD __half2 &operator-=(__half2 &__a, const __half2 &__b) {
  __a = __hsub2(__a, __b);
  return __a;
}
__WL_HD __half2 &operator*=(__half2 &__a, const __half2 &__b) {
  __a = __hmul2(__a, __b);
  return __a;
}
__WL_HD __half2 &operator/=(__half2 &__a, const __half2 &__b) {
  __a = __h2div(__a, __b);
  return __a;
}
__WL_HD __half2 operator+(const __half2 &__h) { return __h; }
__WL_HD __half2 operator-(const __half2 &__h) { return __hneg2(__h); }
__WL_HD bool operator==(const __half2 &__a, const __half2 &__b) {
  return __hbeq2(__a, __b);
}
__WL_HD bool operator!=(const __half2 &__a, const __half2 &__b) {
  return __hbneu2(__a, __b);
}
__WL_HD bool operator>(const __half2 &__a, const __half2 &__b) {
  return __hbgt2(__a, __b);
}
__WL_HD bool operator<(const __half2 &__a, const __half2 &__b) {
  return __hblt2(__a, __b);
}
__WL_HD bool operator>=(const __half2 &__a, const __half2 &__b) {
  return __hbge2(__a, __b);
}
__WL_HD bool operator<=(const __half2 &__a, const __half2 &__b) {
  return __hble2(__a, __b);
}

/*--- Device-only: warp shuffles, loads, atomics ----------------------------*/
#if defined(__CUDA__)
#pragma push_macro("__WL_HSHFL")
#define __WL_HSHFL(__name, __OffT)                                             \
  __WL_DEV __half __name(unsigned int __mask, __half __var, __OffT __delta,    \
                         int __width = warpSize) {                             \
    return __ushort_as_half((unsigned short)__name(                            \
        __mask, (unsigned int)__half_as_ushort(__var), __delta, __width));     \
  }                                                                            \
  __WL_DEV __half2 __name(unsigned int __mask, __half2 __var, __OffT __delta,  \
                          int __width = warpSize) {                            \
    __half2_raw __r = __var;                                                   \
    unsigned int __u = (unsigned int)__r.x | ((unsigned int)__r.y << 16);      \
    __u = __name(__mask, __u, __delta, __width);                               \
    __r.x = (unsigned short)(__u & 0xffffU);                                   \
    __r.y = (unsigned short)(__u >> 16);                                       \
    return __half2(__r);                                                       \
  }
__WL_HSHFL(__shfl_sync, int)
__WL_HSHFL(__shfl_up_sync, unsigned int)
__WL_HSHFL(__shfl_down_sync, unsigned int)
__WL_HSHFL(__shfl_xor_sync, int)
#pragma pop_macro("__WL_HSHFL")

__WL_DEV __half __ldg(const __half *__ptr) {
  return __ushort_as_half(__ldg((const unsigned short *)__ptr));
}
__WL_DEV __half2 __ldg(const __half2 *__ptr) {
  unsigned int __u = __ldg((const unsigned int *)__ptr);
  __half2_raw __r;
  __r.x = (unsigned short)(__u & 0xffffU);
  __r.y = (unsigned short)(__u >> 16);
  return __half2(__r);
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
__WL_DEV __half2 atomicAdd(__half2 *__address, __half2 __val) {
  __half2_raw __v = __val, __r;
  unsigned int __in = (unsigned int)__v.x | ((unsigned int)__v.y << 16);
  unsigned int __out;
  __asm__ __volatile__("atom.add.noftz.f16x2 %0, [%1], %2;"
                       : "=r"(__out)
                       : "l"(__address), "r"(__in)
                       : "memory");
  __r.x = (unsigned short)(__out & 0xffffU);
  __r.y = (unsigned short)(__out >> 16);
  return __half2(__r);
}
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
__WL_DEV __half atomicAdd(__half *__address, __half __val) {
  unsigned short __in = __half_as_ushort(__val), __out;
  __asm__ __volatile__("atom.add.noftz.f16 %0, [%1], %2;"
                       : "=h"(__out)
                       : "l"(__address), "h"(__in)
                       : "memory");
  return __ushort_as_half(__out);
}
#endif
#endif /* __CUDA__ */

/*--- Constants -------------------------------------------------------------*/
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)

#pragma pop_macro("__WL_DEV")
#pragma pop_macro("__WL_HD")

#endif /* __WARPLINT_CUDA_FP16_H__ */
