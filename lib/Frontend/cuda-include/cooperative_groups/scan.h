/*===- cooperative_groups/scan.h - group scans ----------------------------===*
 *
 * Part of warplint's built-in CUDA headers: cooperative_groups::
 * inclusive_scan and exclusive_scan over a thread_block_tile or
 * coalesced_group (Hillis-Steele with shfl_up), written from the CUDA C++
 * Programming Guide.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_CG_SCAN_H__
#define __WARPLINT_CG_SCAN_H__
#include <cooperative_groups/reduce.h>

#if defined(__CUDA__)
#define _CG_SCAN_H_

namespace cooperative_groups {

template <class __Group, class __T, class __Op>
__device__ __T inclusive_scan(const __Group &__group, __T __val, __Op __op) {
  unsigned int __rank = (unsigned int)__group.thread_rank();
  for (unsigned int __offset = 1; __offset < __group.num_threads();
       __offset *= 2) {
    __T __other = __group.shfl_up(__val, __offset);
    if (__rank >= __offset)
      __val = __op(__val, __other);
  }
  return __val;
}
template <class __Group, class __T>
__device__ __T inclusive_scan(const __Group &__group, __T __val) {
  return inclusive_scan(__group, __val, plus<__T>());
}

template <class __Group, class __T, class __Op>
__device__ __T exclusive_scan(const __Group &__group, __T __val, __Op __op) {
  __T __inc = inclusive_scan(__group, __val, __op);
  __T __prev = __group.shfl_up(__inc, 1);
  return __group.thread_rank() == 0 ? __T() : __prev;
}
template <class __Group, class __T>
__device__ __T exclusive_scan(const __Group &__group, __T __val) {
  return exclusive_scan(__group, __val, plus<__T>());
}

} // namespace cooperative_groups

#endif /* __CUDA__ */
#endif /* __WARPLINT_CG_SCAN_H__ */
