/*===- mma.h - warp matrix multiply-accumulate (WMMA) ---------------------===*
 *
 * Part of warplint's built-in CUDA headers: nvcuda::wmma fragments and the
 * fill/load/store/mma_sync operations on them (sm_70 and newer), written
 * from the "Warp Matrix Functions" section of the CUDA C++ Programming
 * Guide. The operations are declared only: their work is one tensor-core
 * instruction sequence that an analyzer recognises by name.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_MMA_H__
#define __WARPLINT_MMA_H__
#include <__warplint_cuda.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

#if defined(__CUDA__) && (!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700)
#define __CUDA_MMA_H__

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;

enum layout_t { mem_row_major, mem_col_major };

namespace precision {
struct tf32;
} // namespace precision
namespace experimental {
namespace precision {
struct u4;
struct s4;
struct b1;
} // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
} // namespace experimental

/* Element storage type of a fragment of __T. */
template <class __T> struct __wl_storage { typedef __T type; };
template <> struct __wl_storage<precision::tf32> { typedef float type; };
template <> struct __wl_storage<experimental::precision::u4> {
  typedef unsigned int type;
};
template <> struct __wl_storage<experimental::precision::s4> {
  typedef int type;
};
template <> struct __wl_storage<experimental::precision::b1> {
  typedef unsigned int type;
};

template <class __Use, int __m, int __n, int __k> struct __wl_frag_elems;
template <int __m, int __n, int __k>
struct __wl_frag_elems<matrix_a, __m, __n, __k> {
  static const int value = __m * __k / 32;
};
template <int __m, int __n, int __k>
struct __wl_frag_elems<matrix_b, __m, __n, __k> {
  static const int value = __k * __n / 32;
};
template <int __m, int __n, int __k>
struct __wl_frag_elems<accumulator, __m, __n, __k> {
  static const int value = __m * __n / 32;
};

template <class __Use, int __m, int __n, int __k, class __T,
          class __Layout = void>
class fragment {
public:
  typedef typename __wl_storage<__T>::type element_type;
  typedef element_type storage_element_type;
  enum { num_elements = __wl_frag_elems<__Use, __m, __n, __k>::value };
  element_type x[num_elements];
};

template <class __Use, int __m, int __n, int __k, class __T, class __Layout,
          class __V>
__device__ inline void
fill_fragment(fragment<__Use, __m, __n, __k, __T, __Layout> &__f,
              const __V &__v) {
  for (int __i = 0; __i < __f.num_elements; ++__i)
    __f.x[__i] = __v;
}

template <class __Use, int __m, int __n, int __k, class __T, class __Layout,
          class __P>
__device__ void
load_matrix_sync(fragment<__Use, __m, __n, __k, __T, __Layout> &__f,
                 const __P *__ptr, unsigned __ldm);
template <int __m, int __n, int __k, class __T, class __P>
__device__ void load_matrix_sync(fragment<accumulator, __m, __n, __k, __T> &__f,
                                 const __P *__ptr, unsigned __ldm,
                                 layout_t __layout);
template <int __m, int __n, int __k, class __T, class __P>
__device__ void
store_matrix_sync(__P *__ptr,
                  const fragment<accumulator, __m, __n, __k, __T> &__f,
                  unsigned __ldm, layout_t __layout);
template <int __m, int __n, int __k, class __Ta, class __La, class __Tb,
          class __Lb, class __Tc, class __Td>
__device__ void
mma_sync(fragment<accumulator, __m, __n, __k, __Td> &__d,
         const fragment<matrix_a, __m, __n, __k, __Ta, __La> &__a,
         const fragment<matrix_b, __m, __n, __k, __Tb, __Lb> &__b,
         const fragment<accumulator, __m, __n, __k, __Tc> &__c,
         bool __satf = false);
template <class __T> __device__ __T __float_to_tf32(__T __in) { return __in; }

} // namespace wmma
} // namespace nvcuda

#endif
#endif /* __WARPLINT_MMA_H__ */
