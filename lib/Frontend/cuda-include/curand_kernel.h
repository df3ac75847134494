/*===- curand_kernel.h - cuRAND device API --------------------------------===*
 *
 * Part of warplint's built-in CUDA headers: the device-side generators of
 * cuRAND (XORWOW, the default curandState; Philox4_32_10; MRG32k3a) with
 * curand_init, curand, curand_uniform, curand_normal and friends, written
 * from the cuRAND library reference. XORWOW and Philox follow their
 * published algorithms; the initialisation and the MRG32k3a stand-in are
 * simplified, as an analyzer needs the shape of the code, not the exact
 * streams.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_CURAND_KERNEL_H__
#define __WARPLINT_CURAND_KERNEL_H__
#include <curand.h>

#define CURAND_KERNEL_H_

#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_2POW53_INV_DOUBLE (1.1102230246251565e-16)
#define CURAND_PI_DOUBLE (3.1415926535897932)
#define CURAND_2PI (6.2831853071795860f)

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

#if defined(__CUDA__)

#pragma push_macro("__WL_QUAL")
#define __WL_QUAL static __inline__ __device__

/*--- XORWOW ----------------------------------------------------------------*/
__WL_QUAL unsigned int curand(curandStateXORWOW_t *__state) {
  unsigned int __t = __state->v[0] ^ (__state->v[0] >> 2);
  __state->v[0] = __state->v[1];
  __state->v[1] = __state->v[2];
  __state->v[2] = __state->v[3];
  __state->v[3] = __state->v[4];
  __state->v[4] = (__state->v[4] ^ (__state->v[4] << 4)) ^ (__t ^ (__t << 1));
  __state->d += 362437u;
  return __state->v[4] + __state->d;
}
__WL_QUAL void skipahead(unsigned long long __n, curandStateXORWOW_t *__state) {
  for (unsigned long long __i = 0; __i < (__n & 0xffffu); ++__i)
    curand(__state);
}
__WL_QUAL void skipahead_sequence(unsigned long long __n,
                                  curandStateXORWOW_t *__state) {
  __state->v[0] ^= (unsigned int)(__n * 0x9E3779B97F4A7C15ull);
  __state->v[1] ^= (unsigned int)(__n >> 32);
}
__WL_QUAL void curand_init(unsigned long long __seed,
                           unsigned long long __subsequence,
                           unsigned long long __offset,
                           curandStateXORWOW_t *__state) {
  unsigned int __s0 = (unsigned int)__seed ^ 0xaad26b49u;
  unsigned int __s1 = (unsigned int)(__seed >> 32) ^ 0xf7dcefddu;
  unsigned int __t0 = 1099087573u * __s0;
  unsigned int __t1 = 2591861531u * __s1;
  __state->d = 6615241u + __t1 + __t0;
  __state->v[0] = 123456789u + __t0;
  __state->v[1] = 362436069u ^ __t0;
  __state->v[2] = 521288629u + __t1;
  __state->v[3] = 88675123u ^ __t1;
  __state->v[4] = 5783321u + __t0;
  __state->boxmuller_flag = 0;
  __state->boxmuller_flag_double = 0;
  __state->boxmuller_extra = 0.f;
  __state->boxmuller_extra_double = 0.;
  skipahead_sequence(__subsequence, __state);
  skipahead(__offset, __state);
}

/*--- Philox4x32-10 ---------------------------------------------------------*/
__WL_QUAL uint4 __wl_philox_round(uint4 __ctr, uint2 __key) {
  unsigned int __hi0 = __umulhi(0xD2511F53u, __ctr.x);
  unsigned int __lo0 = 0xD2511F53u * __ctr.x;
  unsigned int __hi1 = __umulhi(0xCD9E8D57u, __ctr.z);
  unsigned int __lo1 = 0xCD9E8D57u * __ctr.z;
  return make_uint4(__hi1 ^ __ctr.y ^ __key.x, __lo1, __hi0 ^ __ctr.w ^ __key.y,
                    __lo0);
}
__WL_QUAL uint4 __wl_philox4x32_10(uint4 __c, uint2 __k) {
  for (int __i = 0; __i < 10; ++__i) {
    __c = __wl_philox_round(__c, __k);
    __k.x += 0x9E3779B9u;
    __k.y += 0xBB67AE85u;
  }
  return __c;
}
__WL_QUAL void __wl_philox_incr(curandStatePhilox4_32_10_t *__s) {
  if (++__s->ctr.x)
    return;
  if (++__s->ctr.y)
    return;
  if (++__s->ctr.z)
    return;
  ++__s->ctr.w;
}
__WL_QUAL uint4 curand4(curandStatePhilox4_32_10_t *__state) {
  uint4 __r = __wl_philox4x32_10(__state->ctr, __state->key);
  __wl_philox_incr(__state);
  return __r;
}
__WL_QUAL unsigned int curand(curandStatePhilox4_32_10_t *__state) {
  if (__state->STATE == 0)
    __state->output = curand4(__state);
  unsigned int __r;
  switch (__state->STATE) {
  case 0:
    __r = __state->output.x;
    break;
  case 1:
    __r = __state->output.y;
    break;
  case 2:
    __r = __state->output.z;
    break;
  default:
    __r = __state->output.w;
    break;
  }
  __state->STATE = (__state->STATE + 1) & 3u;
  return __r;
}
__WL_QUAL void skipahead(unsigned long long __n,
                         curandStatePhilox4_32_10_t *__state) {
  unsigned long long __lo =
      ((unsigned long long)__state->ctr.y << 32 | __state->ctr.x) + __n / 4;
  __state->ctr.x = (unsigned int)__lo;
  __state->ctr.y = (unsigned int)(__lo >> 32);
  __state->STATE = (unsigned int)((__state->STATE + __n) & 3u);
}
__WL_QUAL void skipahead_sequence(unsigned long long __n,
                                  curandStatePhilox4_32_10_t *__state) {
  __state->ctr.z += (unsigned int)__n;
  __state->ctr.w += (unsigned int)(__n >> 32);
}
__WL_QUAL void curand_init(unsigned long long __seed,
                           unsigned long long __subsequence,
                           unsigned long long __offset,
                           curandStatePhilox4_32_10_t *__state) {
  __state->ctr = make_uint4(0, 0, 0, 0);
  __state->key = make_uint2((unsigned int)__seed, (unsigned int)(__seed >> 32));
  __state->STATE = 0;
  __state->boxmuller_flag = 0;
  __state->boxmuller_flag_double = 0;
  __state->boxmuller_extra = 0.f;
  __state->boxmuller_extra_double = 0.;
  skipahead_sequence(__subsequence, __state);
  skipahead(__offset, __state);
}

/*--- MRG32k3a (simplified stand-in) ----------------------------------------*/
__WL_QUAL unsigned int curand(curandStateMRG32k3a_t *__state) {
  unsigned long long __p1 =
      (1403580ull * __state->s1[1] + 4294156359ull * __state->s1[0]) %
      4294967087ull;
  __state->s1[0] = __state->s1[1];
  __state->s1[1] = __state->s1[2];
  __state->s1[2] = (unsigned int)__p1;
  unsigned long long __p2 =
      (527612ull * __state->s2[2] + 4293573854ull * __state->s2[0]) %
      4294944443ull;
  __state->s2[0] = __state->s2[1];
  __state->s2[1] = __state->s2[2];
  __state->s2[2] = (unsigned int)__p2;
  return (unsigned int)(__p1 > __p2 ? __p1 - __p2
                                    : __p1 + 4294967087ull - __p2);
}
__WL_QUAL void skipahead(unsigned long long __n,
                         curandStateMRG32k3a_t *__state) {
  for (unsigned long long __i = 0; __i < (__n & 0xffffu); ++__i)
    curand(__state);
}
__WL_QUAL void skipahead_sequence(unsigned long long __n,
                                  curandStateMRG32k3a_t *__state) {
  __state->s1[0] ^= (unsigned int)__n;
  __state->s2[0] ^= (unsigned int)(__n >> 32);
}
__WL_QUAL void curand_init(unsigned long long __seed,
                           unsigned long long __subsequence,
                           unsigned long long __offset,
                           curandStateMRG32k3a_t *__state) {
  unsigned int __lo = (unsigned int)__seed, __hi = (unsigned int)(__seed >> 32);
  __state->s1[0] = 12345u ^ __lo;
  __state->s1[1] = 12345u ^ __hi;
  __state->s1[2] = 12345u;
  __state->s2[0] = 12345u ^ __lo;
  __state->s2[1] = 12345u ^ __hi;
  __state->s2[2] = 12345u;
  __state->boxmuller_flag = 0;
  __state->boxmuller_flag_double = 0;
  __state->boxmuller_extra = 0.f;
  __state->boxmuller_extra_double = 0.;
  skipahead_sequence(__subsequence, __state);
  skipahead(__offset, __state);
}

/*--- Distributions, for every generator ------------------------------------*/
#pragma push_macro("__WL_DISTRIBUTIONS")
#define __WL_DISTRIBUTIONS(__State)                                            \
  __WL_QUAL float curand_uniform(__State *__state) {                           \
    return curand(__state) * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);   \
  }                                                                            \
  __WL_QUAL double curand_uniform_double(__State *__state) {                   \
    unsigned long long __x = curand(__state);                                  \
    __x = (__x << 21) ^ curand(__state);                                       \
    return (double)(__x & ((1ull << 53) - 1)) * CURAND_2POW53_INV_DOUBLE +     \
           (CURAND_2POW53_INV_DOUBLE / 2.0);                                   \
  }                                                                            \
  __WL_QUAL float2 curand_normal2(__State *__state) {                          \
    float __u = curand_uniform(__state), __v = curand_uniform(__state);        \
    float __r = sqrtf(-2.0f * logf(__u)), __s, __c;                            \
    sincosf(CURAND_2PI *__v, &__s, &__c);                                      \
    return make_float2(__r * __s, __r * __c);                                  \
  }                                                                            \
  __WL_QUAL double2 curand_normal2_double(__State *__state) {                  \
    double __u = curand_uniform_double(__state),                               \
           __v = curand_uniform_double(__state);                               \
    double __r = sqrt(-2.0 * log(__u)), __s, __c;                              \
    sincos(2.0 * CURAND_PI_DOUBLE * __v, &__s, &__c);                          \
    return make_double2(__r * __s, __r * __c);                                 \
  }                                                                            \
  __WL_QUAL float curand_normal(__State *__state) {                            \
    if (__state->boxmuller_flag != 1) {                                        \
      float2 __v = curand_normal2(__state);                                    \
      __state->boxmuller_extra = __v.y;                                        \
      __state->boxmuller_flag = 1;                                             \
      return __v.x;                                                            \
    }                                                                          \
    __state->boxmuller_flag = 0;                                               \
    return __state->boxmuller_extra;                                           \
  }                                                                            \
  __WL_QUAL double curand_normal_double(__State *__state) {                    \
    if (__state->boxmuller_flag_double != 1) {                                 \
      double2 __v = curand_normal2_double(__state);                            \
      __state->boxmuller_extra_double = __v.y;                                 \
      __state->boxmuller_flag_double = 1;                                      \
      return __v.x;                                                            \
    }                                                                          \
    __state->boxmuller_flag_double = 0;                                        \
    return __state->boxmuller_extra_double;                                    \
  }                                                                            \
  __WL_QUAL float curand_log_normal(__State *__state, float __mean,            \
                                    float __stddev) {                          \
    return expf(__mean + __stddev * curand_normal(__state));                   \
  }                                                                            \
  __WL_QUAL double curand_log_normal_double(__State *__state, double __mean,   \
                                            double __stddev) {                 \
    return exp(__mean + __stddev * curand_normal_double(__state));             \
  }                                                                            \
  __WL_QUAL float2 curand_log_normal2(__State *__state, float __mean,          \
                                      float __stddev) {                        \
    float2 __v = curand_normal2(__state);                                      \
    return make_float2(expf(__mean + __stddev * __v.x),                        \
                       expf(__mean + __stddev * __v.y));                       \
  }                                                                            \
  __WL_QUAL unsigned int curand_poisson(__State *__state, double __lambda) {   \
    double __l = exp(-__lambda), __p = 1.0;                                    \
    unsigned int __k = 0;                                                      \
    do {                                                                       \
      ++__k;                                                                   \
      __p *= curand_uniform_double(__state);                                   \
    } while (__p > __l && __k < 1000000u);                                     \
    return __k - 1;                                                            \
  }
__WL_DISTRIBUTIONS(curandStateXORWOW_t)
__WL_DISTRIBUTIONS(curandStatePhilox4_32_10_t)
__WL_DISTRIBUTIONS(curandStateMRG32k3a_t)

/* Philox's four-at-a-time forms */
__WL_QUAL float4 curand_uniform4(curandStatePhilox4_32_10_t *__state) {
  uint4 __u = curand4(__state);
  return make_float4(__u.x * CURAND_2POW32_INV + CURAND_2POW32_INV / 2.0f,
                     __u.y * CURAND_2POW32_INV + CURAND_2POW32_INV / 2.0f,
                     __u.z * CURAND_2POW32_INV + CURAND_2POW32_INV / 2.0f,
                     __u.w * CURAND_2POW32_INV + CURAND_2POW32_INV / 2.0f);
}
__WL_QUAL double2 curand_uniform2_double(curandStatePhilox4_32_10_t *__state) {
  return make_double2(curand_uniform_double(__state),
                      curand_uniform_double(__state));
}
__WL_QUAL float4 curand_normal4(curandStatePhilox4_32_10_t *__state) {
  float2 __a = curand_normal2(__state), __b = curand_normal2(__state);
  return make_float4(__a.x, __a.y, __b.x, __b.y);
}
__WL_QUAL float4 curand_log_normal4(curandStatePhilox4_32_10_t *__state,
                                    float __mean, float __stddev) {
  float4 __n = curand_normal4(__state);
  return make_float4(
      expf(__mean + __stddev * __n.x), expf(__mean + __stddev * __n.y),
      expf(__mean + __stddev * __n.z), expf(__mean + __stddev * __n.w));
}
__WL_QUAL uint4 curand_poisson4(curandStatePhilox4_32_10_t *__state,
                                double __lambda) {
  return make_uint4(
      curand_poisson(__state, __lambda), curand_poisson(__state, __lambda),
      curand_poisson(__state, __lambda), curand_poisson(__state, __lambda));
}

/*--- Sobol quasi-random generators -----------------------------------------*/
struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateSobol64 curandStateSobol64_t;

__WL_QUAL unsigned int curand(curandStateSobol32_t *__state) {
  unsigned int __r = __state->x;
  __state->x ^= __state->direction_vectors[__ffs(~__state->i) - 1];
  __state->i++;
  return __r;
}
__WL_QUAL unsigned long long curand(curandStateSobol64_t *__state) {
  unsigned long long __r = __state->x;
  __state->x ^= __state->direction_vectors[__ffsll(~__state->i) - 1];
  __state->i++;
  return __r;
}
__WL_QUAL void curand_init(curandDirectionVectors32_t __direction_vectors,
                           unsigned int __offset,
                           curandStateSobol32_t *__state) {
  __state->i = 0;
  __state->x = 0;
  __state->c = 0;
  for (int __k = 0; __k < 32; ++__k)
    __state->direction_vectors[__k] = __direction_vectors[__k];
  __state->boxmuller_flag = __state->boxmuller_flag_double = 0;
  for (unsigned int __n = 0; __n < __offset; ++__n)
    (void)curand(__state);
}
__WL_QUAL void curand_init(curandDirectionVectors64_t __direction_vectors,
                           unsigned long long __offset,
                           curandStateSobol64_t *__state) {
  __state->i = 0;
  __state->x = 0;
  __state->c = 0;
  for (int __k = 0; __k < 64; ++__k)
    __state->direction_vectors[__k] = __direction_vectors[__k];
  __state->boxmuller_flag = __state->boxmuller_flag_double = 0;
  for (unsigned long long __n = 0; __n < __offset; ++__n)
    (void)curand(__state);
}
__WL_QUAL void skipahead(unsigned int __n, curandStateSobol32_t *__state) {
  for (unsigned int __k = 0; __k < __n; ++__k)
    (void)curand(__state);
}
__WL_QUAL void skipahead(unsigned long long __n,
                         curandStateSobol64_t *__state) {
  for (unsigned long long __k = 0; __k < __n; ++__k)
    (void)curand(__state);
}
__WL_DISTRIBUTIONS(curandStateSobol32_t)
__WL_DISTRIBUTIONS(curandStateSobol64_t)

#pragma pop_macro("__WL_DISTRIBUTIONS")
#pragma pop_macro("__WL_QUAL")

#endif /* __CUDA__ */

#endif /* __WARPLINT_CURAND_KERNEL_H__ */
