/*===- __warplint_device_functions.h - CUDA device-side API --------------===*
 *
 * Part of warplint's built-in CUDA headers: the device-side API clang's own
 * resource headers (__clang_cuda_*.h) leave to the CUDA toolkit -- atomics,
 * min/max, cache-hinted loads and stores, the texture and surface fetch
 * functions (__warplint_texture_functions.h), the device runtime API,
 * printf/malloc/assert -- written from the CUDA C++ Programming Guide, and
 * the inclusion of clang's pieces in the order __clang_cuda_runtime_wrapper.h
 * uses. Included by __warplint_cuda.h, CUDA compilation only.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_DEVICE_FUNCTIONS_H__
#define __WARPLINT_DEVICE_FUNCTIONS_H__

#pragma push_macro("__WL_DEV")
#pragma push_macro("__WL_HD")
#define __WL_DEV static __inline__ __device__
#define __WL_HD static __inline__ __host__ __device__

/*--- libdevice declarations and clang's device function wrappers -----------*/
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>

/*--- Address-space predicates and conversions (sm_20_intrinsics) -----------*/
#pragma push_macro("__WL_CONST")
#define __WL_CONST static __device__ __forceinline__ __attribute__((const))
__WL_CONST unsigned int __isGlobal(const void *__p) {
  return __nvvm_isspacep_global(__p);
}
__WL_CONST unsigned int __isShared(const void *__p) {
  return __nvvm_isspacep_shared(__p);
}
__WL_CONST unsigned int __isConstant(const void *__p) {
  return __nvvm_isspacep_const(__p);
}
__WL_CONST unsigned int __isLocal(const void *__p) {
  return __nvvm_isspacep_local(__p);
}
#pragma pop_macro("__WL_CONST")
__WL_DEV size_t __cvta_generic_to_global(const void *__p) {
  return (size_t)(void __attribute__((address_space(1))) *)__p;
}
__WL_DEV size_t __cvta_generic_to_shared(const void *__p) {
  return (size_t)(void __attribute__((address_space(3))) *)__p;
}
__WL_DEV size_t __cvta_generic_to_constant(const void *__p) {
  return (size_t)(void __attribute__((address_space(4))) *)__p;
}
__WL_DEV size_t __cvta_generic_to_local(const void *__p) {
  return (size_t)(void __attribute__((address_space(5))) *)__p;
}
__WL_DEV void *__cvta_global_to_generic(size_t __a) {
  return (void *)(void __attribute__((address_space(1))) *)__a;
}
__WL_DEV void *__cvta_shared_to_generic(size_t __a) {
  return (void *)(void __attribute__((address_space(3))) *)__a;
}
__WL_DEV void *__cvta_constant_to_generic(size_t __a) {
  return (void *)(void __attribute__((address_space(4))) *)__a;
}
__WL_DEV void *__cvta_local_to_generic(size_t __a) {
  return (void *)(void __attribute__((address_space(5))) *)__a;
}

/* Functions that user code commonly defines itself (min/max, the
 * atomicAdd(double *) fallback for GPUs before sm_60) are declared as
 * templates with a defaulted, unused parameter: a user's ordinary function
 * of the same signature then coexists with ours and wins overload
 * resolution, instead of being a redefinition. */
#pragma push_macro("__WL_OVERRIDABLE")
#define __WL_OVERRIDABLE template <class __wl_unused = void>

/*--- Atomics ---------------------------------------------------------------*/
/* Every function exists with _block and _system scoped twins; CUDA declares
 * the scoped ones for sm_60 and newer only. */
#pragma push_macro("__WL_ATOMIC")
#pragma push_macro("__WL_ATOMIC3")
#pragma push_macro("__WL_ATOMIC_SCOPED")
#pragma push_macro("__WL_ATOMIC3_SCOPED")
#define __WL_ATOMIC(__name, __T, __impl)                                       \
  __WL_DEV __T __name(__T *__address, __T __val) {                             \
    return __impl(__address, __val);                                           \
  }
#define __WL_ATOMIC3(__name, __T, __impl)                                      \
  __WL_DEV __T __name(__T *__address, __T __compare, __T __val) {              \
    return __impl(__address, __compare, __val);                                \
  }
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#define __WL_ATOMIC_SCOPED(__name, __T, __impl)                                \
  __WL_ATOMIC(__name, __T, __impl)                                             \
  __WL_ATOMIC(__name##_block, __T, __impl##_block)                             \
  __WL_ATOMIC(__name##_system, __T, __impl##_system)
#define __WL_ATOMIC3_SCOPED(__name, __T, __impl)                               \
  __WL_ATOMIC3(__name, __T, __impl)                                            \
  __WL_ATOMIC3(__name##_block, __T, __impl##_block)                            \
  __WL_ATOMIC3(__name##_system, __T, __impl##_system)
#else
#define __WL_ATOMIC_SCOPED(__name, __T, __impl) __WL_ATOMIC(__name, __T, __impl)
#define __WL_ATOMIC3_SCOPED(__name, __T, __impl)                               \
  __WL_ATOMIC3(__name, __T, __impl)
#endif

__WL_ATOMIC_SCOPED(atomicAdd, int, __iAtomicAdd)
__WL_ATOMIC_SCOPED(atomicAdd, unsigned int, __uAtomicAdd)
__WL_ATOMIC_SCOPED(atomicAdd, unsigned long long int, __ullAtomicAdd)
__WL_ATOMIC_SCOPED(atomicAdd, float, __fAtomicAdd)
/* atomicAdd(double *) needs sm_60; it is declared for every target, but
 * overridably, since code for older GPUs brings its own (a CAS loop). */
__WL_OVERRIDABLE __WL_DEV double atomicAdd(double *__address, double __val) {
  return __dAtomicAdd(__address, __val);
}
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
__WL_ATOMIC(atomicAdd_block, double, __dAtomicAdd_block)
__WL_ATOMIC(atomicAdd_system, double, __dAtomicAdd_system)
#endif

__WL_DEV int atomicSub(int *__address, int __val) {
  return __iAtomicAdd(__address, -__val);
}
__WL_DEV unsigned int atomicSub(unsigned int *__address, unsigned int __val) {
  return __uAtomicAdd(__address, (unsigned int)-(int)__val);
}
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
__WL_DEV int atomicSub_block(int *__address, int __val) {
  return __iAtomicAdd_block(__address, -__val);
}
__WL_DEV unsigned int atomicSub_block(unsigned int *__address,
                                      unsigned int __val) {
  return __uAtomicAdd_block(__address, (unsigned int)-(int)__val);
}
__WL_DEV int atomicSub_system(int *__address, int __val) {
  return __iAtomicAdd_system(__address, -__val);
}
__WL_DEV unsigned int atomicSub_system(unsigned int *__address,
                                       unsigned int __val) {
  return __uAtomicAdd_system(__address, (unsigned int)-(int)__val);
}
#endif

__WL_ATOMIC_SCOPED(atomicExch, int, __iAtomicExch)
__WL_ATOMIC_SCOPED(atomicExch, unsigned int, __uAtomicExch)
__WL_ATOMIC_SCOPED(atomicExch, unsigned long long int, __ullAtomicExch)
__WL_ATOMIC_SCOPED(atomicExch, float, __fAtomicExch)

__WL_ATOMIC_SCOPED(atomicMin, int, __iAtomicMin)
__WL_ATOMIC_SCOPED(atomicMin, unsigned int, __uAtomicMin)
__WL_ATOMIC_SCOPED(atomicMin, unsigned long long int, __ullAtomicMin)
__WL_ATOMIC_SCOPED(atomicMin, long long int, __illAtomicMin)
__WL_ATOMIC_SCOPED(atomicMax, int, __iAtomicMax)
__WL_ATOMIC_SCOPED(atomicMax, unsigned int, __uAtomicMax)
__WL_ATOMIC_SCOPED(atomicMax, unsigned long long int, __ullAtomicMax)
__WL_ATOMIC_SCOPED(atomicMax, long long int, __illAtomicMax)

__WL_ATOMIC_SCOPED(atomicInc, unsigned int, __uAtomicInc)
__WL_ATOMIC_SCOPED(atomicDec, unsigned int, __uAtomicDec)

__WL_ATOMIC3_SCOPED(atomicCAS, int, __iAtomicCAS)
__WL_ATOMIC3_SCOPED(atomicCAS, unsigned int, __uAtomicCAS)
__WL_ATOMIC3_SCOPED(atomicCAS, unsigned long long int, __ullAtomicCAS)
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
__WL_DEV unsigned short int atomicCAS(unsigned short int *__address,
                                      unsigned short int __compare,
                                      unsigned short int __val) {
  unsigned short int __old;
  __asm__ __volatile__("atom.cas.b16 %0, [%1], %2, %3;"
                       : "=h"(__old)
                       : "l"(__address), "h"(__compare), "h"(__val)
                       : "memory");
  return __old;
}
#endif

__WL_ATOMIC_SCOPED(atomicAnd, int, __iAtomicAnd)
__WL_ATOMIC_SCOPED(atomicAnd, unsigned int, __uAtomicAnd)
__WL_ATOMIC_SCOPED(atomicAnd, unsigned long long int, __ullAtomicAnd)
__WL_ATOMIC_SCOPED(atomicOr, int, __iAtomicOr)
__WL_ATOMIC_SCOPED(atomicOr, unsigned int, __uAtomicOr)
__WL_ATOMIC_SCOPED(atomicOr, unsigned long long int, __ullAtomicOr)
__WL_ATOMIC_SCOPED(atomicXor, int, __iAtomicXor)
__WL_ATOMIC_SCOPED(atomicXor, unsigned int, __uAtomicXor)
__WL_ATOMIC_SCOPED(atomicXor, unsigned long long int, __ullAtomicXor)

#pragma pop_macro("__WL_ATOMIC3_SCOPED")
#pragma pop_macro("__WL_ATOMIC_SCOPED")
#pragma pop_macro("__WL_ATOMIC3")
#pragma pop_macro("__WL_ATOMIC")

/*--- min / max -------------------------------------------------------------*/
/* clang's __clang_cuda_math.h defines the device min(int, int) and
 * max(int, int); the host twins and the other overloads of the CUDA math API
 * follow, all overridable (see above). */
__WL_OVERRIDABLE static __inline__ __host__ int min(int __a, int __b) {
  return __a < __b ? __a : __b;
}
__WL_OVERRIDABLE static __inline__ __host__ int max(int __a, int __b) {
  return __a > __b ? __a : __b;
}
#pragma push_macro("__WL_MINMAX")
#define __WL_MINMAX(__R, __A, __B)                                             \
  __WL_OVERRIDABLE __WL_HD __R min(__A __a, __B __b) {                         \
    return (__R)__a < (__R)__b ? (__R)__a : (__R)__b;                          \
  }                                                                            \
  __WL_OVERRIDABLE __WL_HD __R max(__A __a, __B __b) {                         \
    return (__R)__a > (__R)__b ? (__R)__a : (__R)__b;                          \
  }
__WL_MINMAX(unsigned int, unsigned int, unsigned int)
__WL_MINMAX(unsigned int, int, unsigned int)
__WL_MINMAX(unsigned int, unsigned int, int)
__WL_MINMAX(long int, long int, long int)
__WL_MINMAX(unsigned long int, unsigned long int, unsigned long int)
__WL_MINMAX(unsigned long int, long int, unsigned long int)
__WL_MINMAX(unsigned long int, unsigned long int, long int)
__WL_MINMAX(long long int, long long int, long long int)
__WL_MINMAX(unsigned long long int, unsigned long long int,
            unsigned long long int)
__WL_MINMAX(unsigned long long int, long long int, unsigned long long int)
__WL_MINMAX(unsigned long long int, unsigned long long int, long long int)
#pragma pop_macro("__WL_MINMAX")
__WL_OVERRIDABLE __WL_HD float min(float __a, float __b) {
  return fminf(__a, __b);
}
__WL_OVERRIDABLE __WL_HD float max(float __a, float __b) {
  return fmaxf(__a, __b);
}
__WL_OVERRIDABLE __WL_HD double min(double __a, double __b) {
  return fmin(__a, __b);
}
__WL_OVERRIDABLE __WL_HD double max(double __a, double __b) {
  return fmax(__a, __b);
}
__WL_OVERRIDABLE __WL_HD double min(float __a, double __b) {
  return fmin((double)__a, __b);
}
__WL_OVERRIDABLE __WL_HD double max(float __a, double __b) {
  return fmax((double)__a, __b);
}
__WL_OVERRIDABLE __WL_HD double min(double __a, float __b) {
  return fmin(__a, (double)__b);
}
__WL_OVERRIDABLE __WL_HD double max(double __a, float __b) {
  return fmax(__a, (double)__b);
}
#pragma pop_macro("__WL_OVERRIDABLE")

/*--- CUDA-only math functions ----------------------------------------------*/
/* clang defines the device side of these; the CUDA math API also declares
 * them for the host. */
extern "C" {
extern __host__ float rsqrtf(float);
extern __host__ double rsqrt(double);
extern __host__ float rcbrtf(float);
extern __host__ double rcbrt(double);
extern __host__ float sinpif(float);
extern __host__ double sinpi(double);
extern __host__ float cospif(float);
extern __host__ double cospi(double);
extern __host__ void sincospif(float, float *, float *);
extern __host__ void sincospi(double, double *, double *);
extern __host__ float normcdff(float);
extern __host__ double normcdf(double);
extern __host__ float normcdfinvf(float);
extern __host__ double normcdfinv(double);
extern __host__ float erfinvf(float);
extern __host__ double erfinv(double);
extern __host__ float erfcinvf(float);
extern __host__ double erfcinv(double);
extern __host__ float erfcxf(float);
extern __host__ double erfcx(double);
}
/* float overloads of the double-named functions above */
__WL_HD float rsqrt(float __a) { return rsqrtf(__a); }
__WL_HD float rcbrt(float __a) { return rcbrtf(__a); }
__WL_HD float sinpi(float __a) { return sinpif(__a); }
__WL_HD float cospi(float __a) { return cospif(__a); }
__WL_HD void sincospi(float __a, float *__s, float *__c) {
  sincospif(__a, __s, __c);
}
__WL_HD float erfinv(float __a) { return erfinvf(__a); }
__WL_HD float erfcinv(float __a) { return erfcinvf(__a); }
__WL_HD float normcdfinv(float __a) { return normcdfinvf(__a); }
__WL_HD float normcdf(float __a) { return normcdff(__a); }
__WL_HD float erfcx(float __a) { return erfcxf(__a); }

/*--- Miscellaneous intrinsics ----------------------------------------------*/
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
__WL_DEV void __nanosleep(unsigned int __ns) { __nvvm_nanosleep(__ns); }
#endif
/* No __globaltimer(): the toolkit does not declare one (projects define
   their own over %globaltimer, which would clash). */

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 610
/* sm_61 integer dot products */
__WL_DEV int __dp4a(int __a, int __b, int __c) {
  int __r;
  __asm__("dp4a.s32.s32 %0, %1, %2, %3;"
          : "=r"(__r)
          : "r"(__a), "r"(__b), "r"(__c));
  return __r;
}
__WL_DEV unsigned int __dp4a(unsigned int __a, unsigned int __b,
                             unsigned int __c) {
  unsigned int __r;
  __asm__("dp4a.u32.u32 %0, %1, %2, %3;"
          : "=r"(__r)
          : "r"(__a), "r"(__b), "r"(__c));
  return __r;
}
__WL_DEV int __dp4a(char4 __a, char4 __b, int __c) {
  int __ia, __ib;
  memcpy(&__ia, &__a, sizeof(int));
  memcpy(&__ib, &__b, sizeof(int));
  return __dp4a(__ia, __ib, __c);
}
__WL_DEV unsigned int __dp4a(uchar4 __a, uchar4 __b, unsigned int __c) {
  unsigned int __ia, __ib;
  memcpy(&__ia, &__a, sizeof(unsigned int));
  memcpy(&__ib, &__b, sizeof(unsigned int));
  return __dp4a(__ia, __ib, __c);
}
__WL_DEV int __dp2a_lo(int __a, int __b, int __c) {
  int __r;
  __asm__("dp2a.lo.s32.s32 %0, %1, %2, %3;"
          : "=r"(__r)
          : "r"(__a), "r"(__b), "r"(__c));
  return __r;
}
__WL_DEV unsigned int __dp2a_lo(unsigned int __a, unsigned int __b,
                                unsigned int __c) {
  unsigned int __r;
  __asm__("dp2a.lo.u32.u32 %0, %1, %2, %3;"
          : "=r"(__r)
          : "r"(__a), "r"(__b), "r"(__c));
  return __r;
}
__WL_DEV int __dp2a_hi(int __a, int __b, int __c) {
  int __r;
  __asm__("dp2a.hi.s32.s32 %0, %1, %2, %3;"
          : "=r"(__r)
          : "r"(__a), "r"(__b), "r"(__c));
  return __r;
}
__WL_DEV unsigned int __dp2a_hi(unsigned int __a, unsigned int __b,
                                unsigned int __c) {
  unsigned int __r;
  __asm__("dp2a.hi.u32.u32 %0, %1, %2, %3;"
          : "=r"(__r)
          : "r"(__a), "r"(__b), "r"(__c));
  return __r;
}
#endif

/*--- Cache-hinted loads and stores (sm_32_intrinsics) ----------------------*/
/* __ldg itself comes from clang's __clang_cuda_intrinsics.h. The hinted
 * variants only differ in the PTX cache operator; an ordinary access
 * describes them well enough for analysis. */
#pragma push_macro("__WL_LDST")
#define __WL_LDST(__T)                                                         \
  __WL_DEV __T __ldcg(const __T *__ptr) { return *__ptr; }                     \
  __WL_DEV __T __ldca(const __T *__ptr) { return *__ptr; }                     \
  __WL_DEV __T __ldcs(const __T *__ptr) { return *__ptr; }                     \
  __WL_DEV __T __ldlu(const __T *__ptr) { return *__ptr; }                     \
  __WL_DEV __T __ldcv(const __T *__ptr) { return *__ptr; }                     \
  __WL_DEV void __stwb(__T *__ptr, __T __value) { *__ptr = __value; }          \
  __WL_DEV void __stcg(__T *__ptr, __T __value) { *__ptr = __value; }          \
  __WL_DEV void __stcs(__T *__ptr, __T __value) { *__ptr = __value; }          \
  __WL_DEV void __stwt(__T *__ptr, __T __value) { *__ptr = __value; }
__WL_LDST(char)
__WL_LDST(signed char)
__WL_LDST(short)
__WL_LDST(int)
__WL_LDST(long)
__WL_LDST(long long)
__WL_LDST(unsigned char)
__WL_LDST(unsigned short)
__WL_LDST(unsigned int)
__WL_LDST(unsigned long)
__WL_LDST(unsigned long long)
__WL_LDST(float)
__WL_LDST(double)
__WL_LDST(char2)
__WL_LDST(char4)
__WL_LDST(short2)
__WL_LDST(short4)
__WL_LDST(int2)
__WL_LDST(int4)
__WL_LDST(longlong2)
__WL_LDST(uchar2)
__WL_LDST(uchar4)
__WL_LDST(ushort2)
__WL_LDST(ushort4)
__WL_LDST(uint2)
__WL_LDST(uint4)
__WL_LDST(ulonglong2)
__WL_LDST(float2)
__WL_LDST(float4)
__WL_LDST(double2)
#pragma pop_macro("__WL_LDST")

/*--- Device-side runtime API (dynamic parallelism) -------------------------*/
extern "C" {
extern __device__ cudaError_t cudaGetLastError(void);
extern __device__ cudaError_t cudaPeekAtLastError(void);
extern __device__ const char *cudaGetErrorString(cudaError_t error);
extern __device__ const char *cudaGetErrorName(cudaError_t error);
extern __device__ cudaError_t cudaDeviceSynchronize(void);
extern __device__ cudaError_t cudaGetDevice(int *device);
extern __device__ cudaError_t cudaGetDeviceCount(int *count);
extern __device__ cudaError_t cudaDeviceGetAttribute(int *value,
                                                     enum cudaDeviceAttr attr,
                                                     int device);
extern __device__ cudaError_t cudaDeviceGetLimit(size_t *pValue,
                                                 enum cudaLimit limit);
extern __device__ cudaError_t cudaMalloc(void **devPtr, size_t size);
extern __device__ cudaError_t cudaFree(void *devPtr);
extern __device__ cudaError_t cudaMemcpyAsync(void *dst, const void *src,
                                              size_t count,
                                              enum cudaMemcpyKind kind,
                                              cudaStream_t stream = 0);
extern __device__ cudaError_t cudaMemsetAsync(void *devPtr, int value,
                                              size_t count,
                                              cudaStream_t stream = 0);
extern __device__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream,
                                                        unsigned int flags);
extern __device__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
extern __device__ cudaError_t cudaStreamWaitEvent(cudaStream_t stream,
                                                  cudaEvent_t event,
                                                  unsigned int flags = 0);
extern __device__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event,
                                                       unsigned int flags);
extern __device__ cudaError_t cudaEventRecord(cudaEvent_t event,
                                              cudaStream_t stream = 0);
extern __device__ cudaError_t cudaEventDestroy(cudaEvent_t event);
extern __device__ cudaError_t
cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
extern __device__ cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);
extern __device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
extern __device__ cudaError_t cudaLaunchDevice(
    void *func, void *parameterBuffer, dim3 gridDimension, dim3 blockDimension,
    unsigned int sharedMemSize, cudaStream_t stream);
extern __device__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSmemSize);
extern __device__ void cudaGraphSetConditional(cudaGraphConditionalHandle handle,
                                               unsigned int value);
}
template <class __T>
static __inline__ __device__ cudaError_t cudaMalloc(__T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}

/*--- printf, malloc, free, assert ------------------------------------------*/
extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ void free(void *) __attribute__((nothrow));
__device__ void *malloc(size_t) __attribute__((nothrow))
__attribute__((malloc));
__device__ void __assertfail(const char *__message, const char *__file,
                             unsigned __line, const char *__function,
                             size_t __charSize);
/* glibc's assert() expands to __assert_fail(); this is its device twin. */
__device__ static inline void __assert_fail(const char *__message,
                                            const char *__file, unsigned __line,
                                            const char *__function) {
  __assertfail(__message, __file, __line, __function, sizeof(char));
}
__device__ int printf(const char *, ...);
}
namespace std {
__device__ static inline void free(void *__ptr) { ::free(__ptr); }
__device__ static inline void *malloc(size_t __size) {
  return ::malloc(__size);
}
} // namespace std

/*--- Built-in variables: conversions to dim3 / uint3 -----------------------*/
/* (declared by __clang_cuda_builtin_vars.h, defined once the types exist) */
__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const {
  return {x, y, z};
}
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const {
  return {x, y, z};
}
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const {
  return {x, y, z};
}
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const {
  return {x, y, z};
}

/*--- std math on the device, warp intrinsics, __ldg, complex ---------------*/
#include <__clang_cuda_cmath.h>
#include <__clang_cuda_intrinsics.h>

/* __shfl*_sync on any trivially copyable non-arithmetic T (structs, uint4,
 * pointers, enums): shuffled as 32-bit words, as the toolkit does. */
#define __WL_SHFL_ANY(__name, __ArgT)                                         \
  template <class __T,                                                       \
            int = sizeof(char[(!__is_arithmetic(__T) &&                      \
                               __is_trivially_copyable(__T))                 \
                                  ? 1                                        \
                                  : -1])>                                    \
  static __inline__ __device__ __T __name(unsigned int __mask, __T __var,    \
                                          __ArgT __arg, int __width = 32) {  \
    int __w[(sizeof(__T) + 3) / 4];                                          \
    __builtin_memcpy(__w, &__var, sizeof(__T));                              \
    for (unsigned int __i = 0; __i < (sizeof(__T) + 3) / 4; ++__i)           \
      __w[__i] = __name(__mask, __w[__i], __arg, __width);                   \
    __builtin_memcpy((void *)&__var, __w, sizeof(__T));                      \
    return __var;                                                            \
  }
__WL_SHFL_ANY(__shfl_sync, int)
__WL_SHFL_ANY(__shfl_xor_sync, int)
__WL_SHFL_ANY(__shfl_up_sync, unsigned int)
__WL_SHFL_ANY(__shfl_down_sync, unsigned int)
#undef __WL_SHFL_ANY
#include <__clang_cuda_complex_builtins.h>

/*--- Texture and surface functions -----------------------------------------*/
#include <__warplint_texture_functions.h>

#pragma pop_macro("__WL_HD")
#pragma pop_macro("__WL_DEV")

#endif /* __WARPLINT_DEVICE_FUNCTIONS_H__ */
