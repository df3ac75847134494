/*===- cuda_bf16.h - bfloat16 ---------------------------------------------===*
 *
 * Part of warplint's built-in CUDA headers: __nv_bfloat16 and
 * __nv_bfloat162 with the common conversion, arithmetic, comparison and warp
 * functions of the CUDA bfloat16 intrinsics API, written from the CUDA Math
 * API reference. Computed through float, on host and device alike.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_CUDA_BF16_H__
#define __WARPLINT_CUDA_BF16_H__
#include <__warplint_cuda.h>
#include <cuda_fp16.h>

#define __CUDA_BF16_H__
#define __CUDA_BF16_HPP__
#define __CUDA_BF16_TYPES_EXIST__

#pragma push_macro("__WL_HD")
#pragma push_macro("__WL_DEV")
#define __WL_HD static __inline__ __host__ __device__
#define __WL_DEV static __inline__ __device__

typedef struct __nv_bfloat16_raw {
  unsigned short x;
} __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw {
  unsigned short x;
  unsigned short y;
} __nv_bfloat162_raw;

/* round to nearest even; NaNs stay (quiet) NaNs */
__WL_HD unsigned short __wl_float2bf16_bits(float __f) {
  unsigned int __u = __builtin_bit_cast(unsigned int, __f);
  if ((__u & 0x7fffffffU) > 0x7f800000U)
    return (unsigned short)((__u >> 16) | 0x0040U);
  __u += 0x7fffU + ((__u >> 16) & 1U);
  return (unsigned short)(__u >> 16);
}
__WL_HD float __wl_bf16_bits2float(unsigned short __b) {
  return __builtin_bit_cast(float, (unsigned int)__b << 16);
}

struct __align__(2) __nv_bfloat16 {
protected:
  unsigned short __x;

public:
  __nv_bfloat16() = default;
  __host__ __device__ constexpr __nv_bfloat16(const __nv_bfloat16_raw &__hr)
      : __x(__hr.x) {}
  __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &__hr) {
    __x = __hr.x;
    return *this;
  }
  __host__ __device__ operator __nv_bfloat16_raw() const {
    __nv_bfloat16_raw __r;
    __r.x = __x;
    return __r;
  }
  __host__ __device__ __nv_bfloat16(float __f)
      : __x(__wl_float2bf16_bits(__f)) {}
  __host__ __device__ __nv_bfloat16(double __f)
      : __x(__wl_float2bf16_bits((float)__f)) {}
  __host__ __device__ __nv_bfloat16(int __v)
      : __x(__wl_float2bf16_bits((float)__v)) {}
  __host__ __device__ __nv_bfloat16(unsigned int __v)
      : __x(__wl_float2bf16_bits((float)__v)) {}
  __host__ __device__ __nv_bfloat16(long long __v)
      : __x(__wl_float2bf16_bits((float)__v)) {}
  __host__ __device__ __nv_bfloat16(unsigned long long __v)
      : __x(__wl_float2bf16_bits((float)__v)) {}
  __host__ __device__ operator float() const {
    return __wl_bf16_bits2float(__x);
  }
  __host__ __device__ __nv_bfloat16 &operator=(float __f) {
    __x = __wl_float2bf16_bits(__f);
    return *this;
  }
  __host__ __device__ explicit operator bool() const {
    return (__x & 0x7fffU) != 0U;
  }
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;
  __nv_bfloat162() = default;
  __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &__a,
                                     const __nv_bfloat16 &__b)
      : x(__a), y(__b) {}
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

__WL_HD __nv_bfloat16 __float2bfloat16(const float __a) {
  return __nv_bfloat16(__a);
}
__WL_HD __nv_bfloat16 __float2bfloat16_rn(const float __a) {
  return __nv_bfloat16(__a);
}
__WL_HD __nv_bfloat16 __float2bfloat16_rz(const float __a) {
  return __nv_bfloat16(__a);
}
__WL_HD __nv_bfloat16 __double2bfloat16(const double __a) {
  return __nv_bfloat16(__a);
}
__WL_HD float __bfloat162float(const __nv_bfloat16 __a) { return (float)__a; }
__WL_HD __nv_bfloat162 __float2bfloat162_rn(const float __a) {
  return __nv_bfloat162(__nv_bfloat16(__a), __nv_bfloat16(__a));
}
__WL_HD __nv_bfloat162 __floats2bfloat162_rn(const float __a, const float __b) {
  return __nv_bfloat162(__nv_bfloat16(__a), __nv_bfloat16(__b));
}
__WL_HD __nv_bfloat162 __float22bfloat162_rn(const float2 __a) {
  return __nv_bfloat162(__nv_bfloat16(__a.x), __nv_bfloat16(__a.y));
}
__WL_HD float2 __bfloat1622float2(const __nv_bfloat162 __a) {
  return make_float2((float)__a.x, (float)__a.y);
}
__WL_HD float __low2float(const __nv_bfloat162 __a) { return (float)__a.x; }
__WL_HD float __high2float(const __nv_bfloat162 __a) { return (float)__a.y; }
__WL_HD __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 __a,
                                          const __nv_bfloat16 __b) {
  return __nv_bfloat162(__a, __b);
}
__WL_HD __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 __a) {
  return __nv_bfloat162(__a, __a);
}
__WL_HD __nv_bfloat162 make_bfloat162(const __nv_bfloat16 __x,
                                      const __nv_bfloat16 __y) {
  return __nv_bfloat162(__x, __y);
}
__WL_HD unsigned short __bfloat16_as_ushort(const __nv_bfloat16 __h) {
  return __nv_bfloat16_raw(__h).x;
}
__WL_HD short __bfloat16_as_short(const __nv_bfloat16 __h) {
  return (short)__nv_bfloat16_raw(__h).x;
}
__WL_HD __nv_bfloat16 __ushort_as_bfloat16(const unsigned short __i) {
  __nv_bfloat16_raw __r;
  __r.x = __i;
  return __nv_bfloat16(__r);
}
__WL_HD __nv_bfloat16 __short_as_bfloat16(const short __i) {
  __nv_bfloat16_raw __r;
  __r.x = (unsigned short)__i;
  return __nv_bfloat16(__r);
}
__WL_HD __nv_bfloat16 __int2bfloat16_rn(const int __i) {
  return __nv_bfloat16(__i);
}
__WL_HD int __bfloat162int_rz(const __nv_bfloat16 __h) {
  return (int)(float)__h;
}
__WL_HD __half __bfloat162half(const __nv_bfloat16 __h) {
  return __half((float)__h);
}

#pragma push_macro("__WL_BBIN")
#define __WL_BBIN(__name, __name2, __expr)                                     \
  __WL_HD __nv_bfloat16 __name(const __nv_bfloat16 __a,                        \
                               const __nv_bfloat16 __b) {                      \
    float __fa = (float)__a, __fb = (float)__b;                                \
    return __nv_bfloat16(__expr);                                              \
  }                                                                            \
  __WL_HD __nv_bfloat162 __name2(const __nv_bfloat162 __a,                     \
                                 const __nv_bfloat162 __b) {                   \
    return __nv_bfloat162(__name(__a.x, __b.x), __name(__a.y, __b.y));         \
  }
__WL_BBIN(__hadd, __hadd2, __fa + __fb)
__WL_BBIN(__hsub, __hsub2, __fa - __fb)
__WL_BBIN(__hmul, __hmul2, __fa *__fb)
__WL_BBIN(__hdiv, __h2div, __fa / __fb)
__WL_BBIN(__hmax, __hmax2, __builtin_fmaxf(__fa, __fb))
__WL_BBIN(__hmin, __hmin2, __builtin_fminf(__fa, __fb))
#pragma pop_macro("__WL_BBIN")
__WL_HD __nv_bfloat16 __hfma(const __nv_bfloat16 __a, const __nv_bfloat16 __b,
                             const __nv_bfloat16 __c) {
  return __nv_bfloat16(__builtin_fmaf((float)__a, (float)__b, (float)__c));
}
__WL_HD __nv_bfloat162 __hfma2(const __nv_bfloat162 __a,
                               const __nv_bfloat162 __b,
                               const __nv_bfloat162 __c) {
  return __nv_bfloat162(__hfma(__a.x, __b.x, __c.x),
                        __hfma(__a.y, __b.y, __c.y));
}
__WL_HD __nv_bfloat16 __hneg(const __nv_bfloat16 __a) {
  return __nv_bfloat16(-(float)__a);
}
__WL_HD __nv_bfloat16 __habs(const __nv_bfloat16 __a) {
  return __nv_bfloat16(__builtin_fabsf((float)__a));
}
__WL_HD bool __heq(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return (float)__a == (float)__b;
}
__WL_HD bool __hne(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return (float)__a != (float)__b;
}
__WL_HD bool __hlt(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return (float)__a < (float)__b;
}
__WL_HD bool __hgt(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return (float)__a > (float)__b;
}
__WL_HD bool __hle(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return (float)__a <= (float)__b;
}
__WL_HD bool __hge(const __nv_bfloat16 __a, const __nv_bfloat16 __b) {
  return (float)__a >= (float)__b;
}
__WL_HD bool __hisnan(const __nv_bfloat16 __a) {
  float __f = (float)__a;
  return __f != __f;
}
__WL_HD __nv_bfloat16 hsqrt(const __nv_bfloat16 __a) {
  return __nv_bfloat16(__builtin_sqrtf((float)__a));
}
__WL_HD __nv_bfloat16 hexp(const __nv_bfloat16 __a) {
  return __nv_bfloat16(__builtin_expf((float)__a));
}

__WL_HD __nv_bfloat16 operator+(const __nv_bfloat16 &__a,
                                const __nv_bfloat16 &__b) {
  return __hadd(__a, __b);
}
__WL_HD __nv_bfloat16 operator-(const __nv_bfloat16 &__a,
                                const __nv_bfloat16 &__b) {
  return __hsub(__a, __b);
}
__WL_HD __nv_bfloat16 operator*(const __nv_bfloat16 &__a,
                                const __nv_bfloat16 &__b) {
  return __hmul(__a, __b);
}
__WL_HD __nv_bfloat16 operator/(const __nv_bfloat16 &__a,
                                const __nv_bfloat16 &__b) {
  return __hdiv(__a, __b);
}
__WL_HD __nv_bfloat16 &operator+=(__nv_bfloat16 &__a,
                                  const __nv_bfloat16 &__b) {
  __a = __hadd(__a, __b);
  return __a;
}
__WL_HD __nv_bfloat16 &operator*=(__nv_bfloat16 &__a,
                                  const __nv_bfloat16 &__b) {
  __a = __hmul(__a, __b);
  return __a;
}
__WL_HD __nv_bfloat16 operator-(const __nv_bfloat16 &__h) {
  return __hneg(__h);
}
__WL_HD bool operator==(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) {
  return __heq(__a, __b);
}
__WL_HD bool operator!=(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) {
  return __hne(__a, __b);
}
__WL_HD bool operator<(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) {
  return __hlt(__a, __b);
}
__WL_HD bool operator>(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) {
  return __hgt(__a, __b);
}
__WL_HD bool operator<=(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) {
  return __hle(__a, __b);
}
__WL_HD bool operator>=(const __nv_bfloat16 &__a, const __nv_bfloat16 &__b) {
  return __hge(__a, __b);
}
__WL_HD __nv_bfloat162 operator+(const __nv_bfloat162 &__a,
                                 const __nv_bfloat162 &__b) {
  return __hadd2(__a, __b);
}
__WL_HD __nv_bfloat162 operator*(const __nv_bfloat162 &__a,
                                 const __nv_bfloat162 &__b) {
  return __hmul2(__a, __b);
}

#if defined(__CUDA__)
#pragma push_macro("__WL_BSHFL")
#define __WL_BSHFL(__name, __OffT)                                             \
  __WL_DEV __nv_bfloat16 __name(unsigned int __mask, __nv_bfloat16 __var,      \
                                __OffT __delta, int __width = warpSize) {      \
    return __ushort_as_bfloat16((unsigned short)__name(                        \
        __mask, (unsigned int)__bfloat16_as_ushort(__var), __delta, __width)); \
  }
__WL_BSHFL(__shfl_sync, int)
__WL_BSHFL(__shfl_up_sync, unsigned int)
__WL_BSHFL(__shfl_down_sync, unsigned int)
__WL_BSHFL(__shfl_xor_sync, int)
#pragma pop_macro("__WL_BSHFL")
__WL_DEV __nv_bfloat16 __ldg(const __nv_bfloat16 *__ptr) {
  return __ushort_as_bfloat16(__ldg((const unsigned short *)__ptr));
}
#endif /* __CUDA__ */

#pragma pop_macro("__WL_DEV")
#pragma pop_macro("__WL_HD")

#endif /* __WARPLINT_CUDA_BF16_H__ */
