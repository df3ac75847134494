/*===- cuComplex.h - single and double precision complex numbers ----------===*
 *
 * Part of warplint's built-in CUDA headers: cuFloatComplex/cuDoubleComplex
 * (float2/double2) and their arithmetic, written from the CUDA toolkit
 * documentation of cuComplex.h. Host and device.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_CUCOMPLEX_H__
#define __WARPLINT_CUCOMPLEX_H__
#include <__warplint_cuda.h>

#define CU_COMPLEX_H_

#pragma push_macro("__WL_HD")
#define __WL_HD static __inline__ __host__ __device__

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

__WL_HD float cuCrealf(cuFloatComplex __x) { return __x.x; }
__WL_HD float cuCimagf(cuFloatComplex __x) { return __x.y; }
__WL_HD cuFloatComplex make_cuFloatComplex(float __r, float __i) {
  return make_float2(__r, __i);
}
__WL_HD cuFloatComplex cuConjf(cuFloatComplex __x) {
  return make_cuFloatComplex(__x.x, -__x.y);
}
__WL_HD cuFloatComplex cuCaddf(cuFloatComplex __x, cuFloatComplex __y) {
  return make_cuFloatComplex(__x.x + __y.x, __x.y + __y.y);
}
__WL_HD cuFloatComplex cuCsubf(cuFloatComplex __x, cuFloatComplex __y) {
  return make_cuFloatComplex(__x.x - __y.x, __x.y - __y.y);
}
__WL_HD cuFloatComplex cuCmulf(cuFloatComplex __x, cuFloatComplex __y) {
  return make_cuFloatComplex(__x.x * __y.x - __x.y * __y.y,
                             __x.x * __y.y + __x.y * __y.x);
}
__WL_HD cuFloatComplex cuCdivf(cuFloatComplex __x, cuFloatComplex __y) {
  float __s = __builtin_fabsf(__y.x) + __builtin_fabsf(__y.y);
  float __oos = 1.0f / __s;
  float __ars = __x.x * __oos, __ais = __x.y * __oos;
  float __brs = __y.x * __oos, __bis = __y.y * __oos;
  float __oos2 = 1.0f / (__brs * __brs + __bis * __bis);
  return make_cuFloatComplex((__ars * __brs + __ais * __bis) * __oos2,
                             (__ais * __brs - __ars * __bis) * __oos2);
}
__WL_HD float cuCabsf(cuFloatComplex __x) {
  return __builtin_sqrtf(__x.x * __x.x + __x.y * __x.y);
}
__WL_HD cuFloatComplex cuCfmaf(cuFloatComplex __x, cuFloatComplex __y,
                               cuFloatComplex __d) {
  return cuCaddf(cuCmulf(__x, __y), __d);
}

__WL_HD double cuCreal(cuDoubleComplex __x) { return __x.x; }
__WL_HD double cuCimag(cuDoubleComplex __x) { return __x.y; }
__WL_HD cuDoubleComplex make_cuDoubleComplex(double __r, double __i) {
  return make_double2(__r, __i);
}
__WL_HD cuDoubleComplex cuConj(cuDoubleComplex __x) {
  return make_cuDoubleComplex(__x.x, -__x.y);
}
__WL_HD cuDoubleComplex cuCadd(cuDoubleComplex __x, cuDoubleComplex __y) {
  return make_cuDoubleComplex(__x.x + __y.x, __x.y + __y.y);
}
__WL_HD cuDoubleComplex cuCsub(cuDoubleComplex __x, cuDoubleComplex __y) {
  return make_cuDoubleComplex(__x.x - __y.x, __x.y - __y.y);
}
__WL_HD cuDoubleComplex cuCmul(cuDoubleComplex __x, cuDoubleComplex __y) {
  return make_cuDoubleComplex(__x.x * __y.x - __x.y * __y.y,
                              __x.x * __y.y + __x.y * __y.x);
}
__WL_HD cuDoubleComplex cuCdiv(cuDoubleComplex __x, cuDoubleComplex __y) {
  double __s = __builtin_fabs(__y.x) + __builtin_fabs(__y.y);
  double __oos = 1.0 / __s;
  double __ars = __x.x * __oos, __ais = __x.y * __oos;
  double __brs = __y.x * __oos, __bis = __y.y * __oos;
  double __oos2 = 1.0 / (__brs * __brs + __bis * __bis);
  return make_cuDoubleComplex((__ars * __brs + __ais * __bis) * __oos2,
                              (__ais * __brs - __ars * __bis) * __oos2);
}
__WL_HD double cuCabs(cuDoubleComplex __x) {
  return __builtin_sqrt(__x.x * __x.x + __x.y * __x.y);
}
__WL_HD cuDoubleComplex cuCfma(cuDoubleComplex __x, cuDoubleComplex __y,
                               cuDoubleComplex __d) {
  return cuCadd(cuCmul(__x, __y), __d);
}

__WL_HD cuComplex make_cuComplex(float __x, float __y) {
  return make_cuFloatComplex(__x, __y);
}
__WL_HD cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex __c) {
  return make_cuDoubleComplex((double)__c.x, (double)__c.y);
}
__WL_HD cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex __c) {
  return make_cuFloatComplex((float)__c.x, (float)__c.y);
}

#pragma pop_macro("__WL_HD")
#endif /* __WARPLINT_CUCOMPLEX_H__ */
