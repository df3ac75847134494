/*===- __warplint_toolkit_prelude.h - toolkit mode's first include -------===
 *
 * Toolkit mode only (a real CUDA toolkit's headers; lib/Frontend/Tooling.cpp
 * includes this before anything else). nvcc's host pass defines min and max
 * over the scalar types as host functions (crt/math_functions.hpp, under
 * !__CUDA_ARCH__); warplint parses the device side, where clang sees only
 * their device versions, so host code that calls them (cuda-samples'
 * lineOfSight and smokeParticles) does not compile. These are their host
 * twins, with the signatures of CUDA's math API.
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_TOOLKIT_PRELUDE_H
#define __WARPLINT_TOOLKIT_PRELUDE_H

#define __WL_TK_MINMAX(R, A, B)                                                \
  static inline __attribute__((host)) R min(const A __a, const B __b) {        \
    return __a < __b ? (R)__a : (R)__b;                                        \
  }                                                                            \
  static inline __attribute__((host)) R max(const A __a, const B __b) {        \
    return __a > __b ? (R)__a : (R)__b;                                        \
  }
__WL_TK_MINMAX(int, int, int)
__WL_TK_MINMAX(unsigned int, unsigned int, unsigned int)
__WL_TK_MINMAX(unsigned int, int, unsigned int)
__WL_TK_MINMAX(unsigned int, unsigned int, int)
__WL_TK_MINMAX(long int, long int, long int)
__WL_TK_MINMAX(unsigned long int, unsigned long int, unsigned long int)
__WL_TK_MINMAX(unsigned long int, long int, unsigned long int)
__WL_TK_MINMAX(unsigned long int, unsigned long int, long int)
__WL_TK_MINMAX(long long int, long long int, long long int)
__WL_TK_MINMAX(unsigned long long int, unsigned long long int,
               unsigned long long int)
__WL_TK_MINMAX(unsigned long long int, long long int, unsigned long long int)
__WL_TK_MINMAX(unsigned long long int, unsigned long long int, long long int)
__WL_TK_MINMAX(float, float, float)
__WL_TK_MINMAX(double, double, double)
__WL_TK_MINMAX(double, float, double)
__WL_TK_MINMAX(double, double, float)
#undef __WL_TK_MINMAX

#endif
