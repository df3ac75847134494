/*===- __warplint_cuda.h - warplint's CUDA prelude -----------------------===*
 *
 * warplint parses CUDA with clang and no CUDA toolkit. This header is
 * force-included (-include __warplint_cuda.h) into every translation unit,
 * with -nocudainc so that clang's own __clang_cuda_runtime_wrapper.h (which
 * needs a toolkit) stays out. It sets up what that wrapper and nvcc's
 * implicit cuda_runtime.h set up: the CUDA macros and keywords, the built-in
 * variables and vector types, the device function library (clang's resource
 * headers plus __warplint_device_functions.h) and the host runtime API.
 *
 * Written for clang 19 from the CUDA documentation; mimics CUDA 12.4.
 *
 * In plain C++ (no -x cuda) only the host side is provided, with the
 * execution-space keywords defined away, as for a .cpp file that includes
 * <cuda_runtime.h>.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_CUDA_H__
#define __WARPLINT_CUDA_H__

#if !defined(__cplusplus)
#error "warplint's CUDA headers need C++ (CUDA or C++ mode)"
#endif

/*--- Toolkit version -------------------------------------------------------*/
#define CUDA_VERSION 12040
#define CUDART_VERSION 12040
#define __CUDA_API_VERSION 12040
#define __WARPLINT_CUDA__ 1

/* Single-letter macros from the command line (-DN=1024, -DT=float ...) would
 * break clang's resource headers, which name template parameters N and T:
 * they are set aside while this header is read. */
#pragma push_macro("A")
#pragma push_macro("B")
#pragma push_macro("C")
#pragma push_macro("D")
#pragma push_macro("E")
#pragma push_macro("F")
#pragma push_macro("G")
#pragma push_macro("H")
#pragma push_macro("I")
#pragma push_macro("J")
#pragma push_macro("K")
#pragma push_macro("L")
#pragma push_macro("M")
#pragma push_macro("N")
#pragma push_macro("O")
#pragma push_macro("P")
#pragma push_macro("Q")
#pragma push_macro("R")
#pragma push_macro("S")
#pragma push_macro("T")
#pragma push_macro("U")
#pragma push_macro("V")
#pragma push_macro("W")
#pragma push_macro("X")
#pragma push_macro("Y")
#pragma push_macro("Z")
#undef A
#undef B
#undef C
#undef D
#undef E
#undef F
#undef G
#undef H
#undef I
#undef J
#undef K
#undef L
#undef M
#undef N
#undef O
#undef P
#undef Q
#undef R
#undef S
#undef T
#undef U
#undef V
#undef W
#undef X
#undef Y
#undef Z

/*--- Standard headers ------------------------------------------------------*/
/* As clang's wrapper does: math forward declarations must precede <cmath>,
 * and libstdc++ must see __CUDACC__ while its headers are first read (so
 * that it stays away from __float128). */
#if defined(__CUDA__)
#include <__clang_cuda_math_forward_declares.h>
#define __CUDACC__
#endif
#include <cmath>
#include <cstdlib>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>
#include <assert.h> /* the toolkit headers pull assert() in */
#include <stddef.h>
#include <stdint.h>
#if defined(__CUDA__)
#undef __CUDACC__
#endif

/*--- Execution and memory spaces -------------------------------------------*/
#if defined(__CUDA__)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* clang implements managed memory for HIP only: a __managed__ variable
 * becomes a __device__ one (which host code may use too under clang) that
 * keeps an `annotate("__managed__")` attribute for the analysis to see. */
#define __managed__                                                            \
  __attribute__((device)) __attribute__((annotate("__managed__")))
#define __device_builtin_texture_type__                                        \
  __attribute__((device_builtin_texture_type))
#define __device_builtin_surface_type__                                        \
  __attribute__((device_builtin_surface_type))
/* __launch_bounds__(maxThreads[, minBlocks[, maxBlocksPerCluster]]). clang
 * only accepts the third argument for sm_90 and newer (and warns about it
 * otherwise), so below sm_90 and on the host side it is dropped. */
#define __WL_LB_PICK(_1, _2, _3, __name, ...) __name
#define __launch_bounds__(...)                                                 \
  __WL_LB_PICK(__VA_ARGS__, __WL_LB3, __WL_LB2, __WL_LB1, )(__VA_ARGS__)
#define __WL_LB1(__t) __attribute__((launch_bounds(__t)))
#define __WL_LB2(__t, __b) __attribute__((launch_bounds(__t, __b)))
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define __WL_LB3(__t, __b, __c) __attribute__((launch_bounds(__t, __b, __c)))
#else
#define __WL_LB3(__t, __b, __c) __attribute__((launch_bounds(__t, __b)))
#endif
/* __noinline__ is a keyword of clang's CUDA mode: no macro, so that
 * libstdc++'s __attribute__((__noinline__)) keeps working. */
/* __grid_constant__ arrived after clang 19; until then it is kept as an
 * annotation. */
#if __has_attribute(grid_constant)
#define __grid_constant__ __attribute__((grid_constant))
#else
#define __grid_constant__ __attribute__((annotate("__grid_constant__")))
#endif
/* Kernel attributes clang 19 does not know yet, kept as annotations with
 * their arguments: __cluster_dims__(x[, y[, z]]) and __maxnreg__(n). */
#if __has_attribute(cluster_dims)
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
#else
#define __cluster_dims__(...)                                                  \
  __attribute__((annotate("__cluster_dims__", __VA_ARGS__)))
#endif
#if __has_attribute(maxnreg)
#define __maxnreg__(n) __attribute__((maxnreg(n)))
#else
#define __maxnreg__(n) __attribute__((annotate("__maxnreg__", n)))
#endif
#else /* plain C++ */
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __launch_bounds__(...)
#define __grid_constant__
#define __cluster_dims__(...)
#define __maxnreg__(n)
#endif
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __location__(a) __attribute__((a))
#define __cudart_builtin__
#define __device_builtin__
#define __CUDA_DEPRECATED
#define CUDARTAPI
#define CUDARTAPI_CDECL
#define CUDAAPI
#define __dv(v) = v
/* __restrict__ and __inline__ are GNU keywords clang already knows. */

/*--- Built-in variables ----------------------------------------------------*/
#if defined(__CUDA__)
#include <__clang_cuda_builtin_vars.h>
/* device_launch_parameters.h is what declares them with nvcc. */
#define __DEVICE_LAUNCH_PARAMETERS_H__
#endif

/*--- Types -----------------------------------------------------------------*/
#include <__warplint_vector_types.h>
#include <__warplint_driver_types.h>

/*--- Host runtime API ------------------------------------------------------*/
#include <__warplint_runtime_api.h>

/*--- Device functions ------------------------------------------------------*/
#if defined(__CUDA__)
#include <__warplint_device_functions.h>
#endif

/* Include guards of the toolkit headers our wrappers stand in for, for code
 * that tests them. */
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __VECTOR_TYPES_H__
#define __VECTOR_FUNCTIONS_H__
#define __HOST_DEFINES_H__
#define __DEVICE_FUNCTIONS_H__
#define __BUILTIN_TYPES_H__

/* nvcc defines these for the whole translation unit; clang's wrapper defines
 * __CUDACC__ at its end, as here. */
#if defined(__CUDA__)
#define __CUDACC__ 1
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 4
#define __CUDACC_VER_BUILD__ 131
#endif

#pragma pop_macro("A")
#pragma pop_macro("B")
#pragma pop_macro("C")
#pragma pop_macro("D")
#pragma pop_macro("E")
#pragma pop_macro("F")
#pragma pop_macro("G")
#pragma pop_macro("H")
#pragma pop_macro("I")
#pragma pop_macro("J")
#pragma pop_macro("K")
#pragma pop_macro("L")
#pragma pop_macro("M")
#pragma pop_macro("N")
#pragma pop_macro("O")
#pragma pop_macro("P")
#pragma pop_macro("Q")
#pragma pop_macro("R")
#pragma pop_macro("S")
#pragma pop_macro("T")
#pragma pop_macro("U")
#pragma pop_macro("V")
#pragma pop_macro("W")
#pragma pop_macro("X")
#pragma pop_macro("Y")
#pragma pop_macro("Z")

#endif /* __WARPLINT_CUDA_H__ */
