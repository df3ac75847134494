/*===- crt/sm_70_rt.hpp - warp match functions (sm_70+) ------------------===*
 *
 * Part of warplint's built-in CUDA headers. clang's
 * __clang_cuda_intrinsics.h includes this file for sm_70 and newer (and for
 * host compilation) after defining the __match{32,64}_{any,all}_sync
 * builtins; it supplies the overloaded __match_any_sync/__match_all_sync of
 * the CUDA API on top of them.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_SM_70_RT_HPP__
#define __WARPLINT_SM_70_RT_HPP__

#pragma push_macro("__WL_MATCH32")
#pragma push_macro("__WL_MATCH64")
#define __WL_MATCH32(__T, __conv)                                              \
  static __inline__ __device__ unsigned int __match_any_sync(                  \
      unsigned int __mask, __T __value) {                                      \
    return __match32_any_sync(__mask, __conv(__value));                        \
  }                                                                            \
  static __inline__ __device__ unsigned int __match_all_sync(                  \
      unsigned int __mask, __T __value, int *__pred) {                         \
    return __match32_all_sync(__mask, __conv(__value), __pred);                \
  }
#define __WL_MATCH64(__T, __conv)                                              \
  static __inline__ __device__ unsigned int __match_any_sync(                  \
      unsigned int __mask, __T __value) {                                      \
    return __match64_any_sync(__mask, __conv(__value));                        \
  }                                                                            \
  static __inline__ __device__ unsigned int __match_all_sync(                  \
      unsigned int __mask, __T __value, int *__pred) {                         \
    return __match64_all_sync(__mask, __conv(__value), __pred);                \
  }

__WL_MATCH32(unsigned int, (unsigned int))
__WL_MATCH32(int, (unsigned int))
__WL_MATCH32(float, __float_as_uint)
__WL_MATCH64(unsigned long long, (unsigned long long))
__WL_MATCH64(long long, (unsigned long long))
__WL_MATCH64(double, (unsigned long long)__double_as_longlong)
#if __SIZEOF_LONG__ == 8
__WL_MATCH64(unsigned long, (unsigned long long))
__WL_MATCH64(long, (unsigned long long))
#else
__WL_MATCH32(unsigned long, (unsigned int))
__WL_MATCH32(long, (unsigned int))
#endif

#pragma pop_macro("__WL_MATCH64")
#pragma pop_macro("__WL_MATCH32")

#endif /* __WARPLINT_SM_70_RT_HPP__ */
