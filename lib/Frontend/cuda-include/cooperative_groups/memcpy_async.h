/*===- cooperative_groups/memcpy_async.h - group copies -------------------===*
 *
 * Part of warplint's built-in CUDA headers: cooperative_groups::memcpy_async,
 * wait and wait_prior, written from the CUDA C++ Programming Guide. The copy
 * is modelled as a plain strided copy by the group's threads; wait syncs
 * the group.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_CG_MEMCPY_ASYNC_H__
#define __WARPLINT_CG_MEMCPY_ASYNC_H__
#include <cooperative_groups.h>

#if defined(__CUDA__)
#define _CG_MEMCPY_ASYNC_H_

namespace cuda {
/* cuda::aligned_size_t<Align>(n): a byte count with a promised alignment. */
template <size_t __Align> struct aligned_size_t {
  size_t value;
  __host__ __device__ constexpr explicit aligned_size_t(size_t __n)
      : value(__n) {}
  __host__ __device__ constexpr operator size_t() const { return value; }
};
} // namespace cuda

namespace cooperative_groups {

template <class __Group>
__device__ void memcpy_async(const __Group &__group, void *__dst,
                             const void *__src, size_t __count) {
  char *__d = (char *)__dst;
  const char *__s = (const char *)__src;
  for (size_t __i = (size_t)__group.thread_rank(); __i < __count;
       __i += (size_t)__group.num_threads())
    __d[__i] = __s[__i];
}
template <class __Group, size_t __Align>
__device__ void memcpy_async(const __Group &__group, void *__dst,
                             const void *__src,
                             cuda::aligned_size_t<__Align> __count) {
  memcpy_async(__group, __dst, __src, (size_t)__count);
}
template <class __Group, class __T>
__device__ void memcpy_async(const __Group &__group, __T *__dst,
                             size_t __dst_count, const __T *__src,
                             size_t __src_count) {
  memcpy_async(__group, (void *)__dst, (const void *)__src,
               (__dst_count < __src_count ? __dst_count : __src_count) *
                   sizeof(__T));
}

template <class __Group> __device__ void wait(const __Group &__group) {
  __group.sync();
}
template <unsigned int __NumStages, class __Group>
__device__ void wait_prior(const __Group &__group) {
  __group.sync();
}

} // namespace cooperative_groups

#endif /* __CUDA__ */
#endif /* __WARPLINT_CG_MEMCPY_ASYNC_H__ */
