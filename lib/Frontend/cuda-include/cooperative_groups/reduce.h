/*===- cooperative_groups/reduce.h - group reductions ---------------------===*
 *
 * Part of warplint's built-in CUDA headers: cooperative_groups::reduce and
 * the function objects plus, less, greater, bit_and, bit_or, bit_xor,
 * written from the CUDA C++ Programming Guide. reduce works on
 * thread_block_tile and coalesced_group, as a shuffle butterfly.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_CG_REDUCE_H__
#define __WARPLINT_CG_REDUCE_H__
#include <cooperative_groups.h>

#if defined(__CUDA__)
#define _CG_REDUCE_H_

namespace cooperative_groups {

template <class __T> struct plus {
  __device__ __T operator()(const __T __a, const __T __b) const {
    return __a + __b;
  }
};
template <class __T> struct less {
  __device__ __T operator()(const __T __a, const __T __b) const {
    return __a < __b ? __a : __b;
  }
};
template <class __T> struct greater {
  __device__ __T operator()(const __T __a, const __T __b) const {
    return __a < __b ? __b : __a;
  }
};
template <class __T> struct bit_and {
  __device__ __T operator()(const __T __a, const __T __b) const {
    return __a & __b;
  }
};
template <class __T> struct bit_or {
  __device__ __T operator()(const __T __a, const __T __b) const {
    return __a | __b;
  }
};
template <class __T> struct bit_xor {
  __device__ __T operator()(const __T __a, const __T __b) const {
    return __a ^ __b;
  }
};

/* Every lane of the group gets op folded over all lanes' values. */
template <class __Group, class __T, class __Op>
__device__ __T reduce(const __Group &__group, __T __val, __Op __op) {
  for (unsigned int __offset = (unsigned int)__group.num_threads() / 2;
       __offset > 0; __offset /= 2)
    __val = __op(__val, __group.shfl_xor(__val, __offset));
  return __val;
}

} // namespace cooperative_groups

#endif /* __CUDA__ */
#endif /* __WARPLINT_CG_REDUCE_H__ */
