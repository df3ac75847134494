/*===- cooperative_groups.h - CUDA Cooperative Groups ---------------------===*
 *
 * Part of warplint's built-in CUDA headers: namespace cooperative_groups
 * (thread_group, thread_block, grid_group, cluster_group, coalesced_group,
 * thread_block_tile<N>, this_thread_block(), this_grid(), tiled_partition,
 * sync ...), written from the Cooperative Groups chapter of the CUDA C++
 * Programming Guide. Tiles use the warp intrinsics; a grid-wide sync
 * (grid_group::sync) is declared only, as it needs the cooperative-launch
 * runtime.
 *
 *===----------------------------------------------------------------------===*/
#ifndef __WARPLINT_COOPERATIVE_GROUPS_H__
#define __WARPLINT_COOPERATIVE_GROUPS_H__
#include <__warplint_cuda.h>

#if defined(__CUDA__)

#define _COOPERATIVE_GROUPS_H_

namespace cooperative_groups {

namespace __wl_details {
static __inline__ __device__ unsigned int __lane_id() {
  return __nvvm_read_ptx_sreg_laneid();
}
static __inline__ __device__ unsigned int __block_thread_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
static __inline__ __device__ unsigned int __block_num_threads() {
  return blockDim.x * blockDim.y * blockDim.z;
}
/* The lanes of the __size-wide tile the calling lane belongs to. */
static __inline__ __device__ unsigned int __tile_mask(unsigned int __size) {
  if (__size >= 32u)
    return 0xffffffffu;
  unsigned int __base = __lane_id() & ~(__size - 1u);
  return ((1u << __size) - 1u) << __base;
}
enum __group_kind : unsigned int {
  __kind_thread_block = 0,
  __kind_tile = 1,
  __kind_coalesced = 2,
  __kind_grid = 3,
  __kind_cluster = 4
};
} // namespace __wl_details

/* Generic handle to any group (what tiled_partition(parent, n) returns). */
class thread_group {
protected:
  unsigned int __kind;
  unsigned int __mask;
  unsigned int __tile_size;

  __device__ thread_group(unsigned int __k, unsigned int __m = 0,
                          unsigned int __s = 0)
      : __kind(__k), __mask(__m), __tile_size(__s) {}

public:
  __device__ void sync() const;
  __device__ unsigned long long num_threads() const {
    if (__kind == __wl_details::__kind_thread_block)
      return __wl_details::__block_num_threads();
    if (__kind == __wl_details::__kind_tile)
      return __tile_size;
    return (unsigned long long)__popc(__mask);
  }
  __device__ unsigned long long size() const { return num_threads(); }
  __device__ unsigned long long thread_rank() const {
    if (__kind == __wl_details::__kind_thread_block)
      return __wl_details::__block_thread_rank();
    if (__kind == __wl_details::__kind_tile)
      return __wl_details::__lane_id() & (__tile_size - 1u);
    return (unsigned long long)__popc(__mask &
                                      __nvvm_read_ptx_sreg_lanemask_lt());
  }
  __device__ bool is_valid() const { return true; }
  __device__ unsigned int get_type() const { return __kind; }
};

/* The threads of the calling block. */
class thread_block : public thread_group {
  friend __device__ thread_block this_thread_block();
  __device__ thread_block() : thread_group(__wl_details::__kind_thread_block) {}

public:
  static __device__ void sync() { __syncthreads(); }
  static __device__ unsigned int thread_rank() {
    return __wl_details::__block_thread_rank();
  }
  static __device__ unsigned int num_threads() {
    return __wl_details::__block_num_threads();
  }
  static __device__ unsigned int size() { return num_threads(); }
  static __device__ dim3 group_index() { return dim3(blockIdx); }
  static __device__ dim3 thread_index() { return dim3(threadIdx); }
  static __device__ dim3 group_dim() { return dim3(blockDim); }
  static __device__ dim3 dim_threads() { return dim3(blockDim); }
};

__device__ inline thread_block this_thread_block() { return thread_block(); }

/* Scratch storage for multi-warp tiles; only its type matters here. */
template <unsigned int __MaxBlockSize = 1024> struct block_tile_memory {
  alignas(16) unsigned char __wl_reserved[8 * ((__MaxBlockSize + 31) / 32)];
};
template <unsigned int __MaxBlockSize>
__device__ inline thread_block
this_thread_block(block_tile_memory<__MaxBlockSize> &__scratch) {
  (void)__scratch;
  return this_thread_block();
}

/* All threads of the grid (needs a cooperative launch to sync). */
class grid_group : public thread_group {
  friend __device__ grid_group this_grid();
  __device__ grid_group() : thread_group(__wl_details::__kind_grid) {}

public:
  __device__ bool is_valid() const { return true; }
  /* Grid-wide barrier: declared only. */
  __device__ void sync() const;
  __device__ unsigned long long num_threads() const {
    return (unsigned long long)__wl_details::__block_num_threads() *
           (gridDim.x * gridDim.y * gridDim.z);
  }
  __device__ unsigned long long size() const { return num_threads(); }
  __device__ unsigned long long block_rank() const {
    return (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  }
  __device__ unsigned long long num_blocks() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  __device__ unsigned long long thread_rank() const {
    return block_rank() * __wl_details::__block_num_threads() +
           __wl_details::__block_thread_rank();
  }
  __device__ dim3 group_dim() const { return dim3(gridDim); }
  __device__ dim3 dim_blocks() const { return dim3(gridDim); }
  __device__ dim3 block_index() const { return dim3(blockIdx); }
};

__device__ inline grid_group this_grid() { return grid_group(); }

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
/* The thread blocks of the calling cluster (sm_90). */
class cluster_group : public thread_group {
  friend __device__ cluster_group this_cluster();
  __device__ cluster_group() : thread_group(__wl_details::__kind_cluster) {}

public:
  static __device__ void sync() {
    __cluster_barrier_arrive();
    __cluster_barrier_wait();
  }
  static __device__ void barrier_arrive() { __cluster_barrier_arrive(); }
  static __device__ void barrier_wait() { __cluster_barrier_wait(); }
  static __device__ unsigned int block_rank() {
    return __clusterRelativeBlockRank();
  }
  static __device__ unsigned int num_blocks() {
    return __clusterSizeInBlocks();
  }
  static __device__ dim3 dim_blocks() { return __clusterDim(); }
  static __device__ dim3 block_index() { return __clusterRelativeBlockIdx(); }
  static __device__ unsigned int thread_rank() {
    return block_rank() * __wl_details::__block_num_threads() +
           __wl_details::__block_thread_rank();
  }
  static __device__ unsigned int num_threads() {
    return num_blocks() * __wl_details::__block_num_threads();
  }
  static __device__ unsigned int query_shared_rank(const void *__addr) {
    return __cluster_query_shared_rank(__addr);
  }
  template <class __T>
  static __device__ __T *map_shared_rank(__T *__addr, int __rank) {
    return (__T *)__cluster_map_shared_rank(__addr, __rank);
  }
};
__device__ inline cluster_group this_cluster() { return cluster_group(); }
#endif

/* A set of lanes of one warp (thread_block_tile and coalesced_group). */
class __wl_warp_group : public thread_group {
protected:
  __device__ __wl_warp_group(unsigned int __k, unsigned int __m,
                             unsigned int __s)
      : thread_group(__k, __m, __s) {}

public:
  __device__ void sync() const { __syncwarp(__mask); }
  __device__ int any(int __pred) const { return __any_sync(__mask, __pred); }
  __device__ int all(int __pred) const { return __all_sync(__mask, __pred); }
  __device__ unsigned int ballot(int __pred) const {
    return __ballot_sync(__mask, __pred);
  }
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
  template <class __T> __device__ unsigned int match_any(__T __val) const {
    return __match_any_sync(__mask, __val);
  }
  template <class __T>
  __device__ unsigned int match_all(__T __val, int &__pred) const {
    return __match_all_sync(__mask, __val, &__pred);
  }
#endif
};

/* A tile of __Size lanes carved out of a warp (__Size <= 32), or of
   __Size / 32 whole warps of the block (64 ... 1024, CUDA 11.1's large
   tiles: no shuffles, a barrier over the tile). */
template <unsigned int __Size, class __ParentT = void> class thread_block_tile;
template <unsigned int __Size, bool __Large = (__Size > 32)> class __wl_tile;

template <unsigned int __Size>
class __wl_tile<__Size, true> : public thread_group {
  static_assert(__Size <= 1024 && (__Size & (__Size - 1)) == 0,
                "thread_block_tile size must be a power of two <= 1024");

protected:
  __device__ __wl_tile()
      : thread_group(__wl_details::__kind_tile, 0xffffffffu, __Size) {}

public:
  static constexpr unsigned int __wl_tile_size = __Size;
  __device__ unsigned int thread_rank() const {
    return __wl_details::__block_thread_rank() & (__Size - 1u);
  }
  static constexpr __device__ unsigned int num_threads() { return __Size; }
  static constexpr __device__ unsigned int size() { return __Size; }
  __device__ unsigned int meta_group_rank() const {
    return __wl_details::__block_thread_rank() / __Size;
  }
  __device__ unsigned int meta_group_size() const {
    return (__wl_details::__block_num_threads() + __Size - 1u) / __Size;
  }
  __device__ void sync() const { __syncthreads(); }
};

template <unsigned int __Size>
class __wl_tile<__Size, false> : public __wl_warp_group {
  static_assert(__Size > 0 && __Size <= 32 && (__Size & (__Size - 1)) == 0,
                "thread_block_tile size must be a power of two <= 32");

protected:
  __device__ __wl_tile()
      : __wl_warp_group(__wl_details::__kind_tile,
                        __wl_details::__tile_mask(__Size), __Size) {}

public:
  static constexpr unsigned int __wl_tile_size = __Size;
  __device__ unsigned int thread_rank() const {
    return __wl_details::__lane_id() & (__Size - 1u);
  }
  static constexpr __device__ unsigned int num_threads() { return __Size; }
  static constexpr __device__ unsigned int size() { return __Size; }
  __device__ unsigned int meta_group_rank() const {
    return __wl_details::__block_thread_rank() / __Size;
  }
  __device__ unsigned int meta_group_size() const {
    return (__wl_details::__block_num_threads() + __Size - 1u) / __Size;
  }
  template <class __T> __device__ __T shfl(__T __var, int __src) const {
    return __shfl_sync(__mask, __var, __src, __Size);
  }
  template <class __T>
  __device__ __T shfl_down(__T __var, unsigned int __delta) const {
    return __shfl_down_sync(__mask, __var, __delta, __Size);
  }
  template <class __T>
  __device__ __T shfl_up(__T __var, unsigned int __delta) const {
    return __shfl_up_sync(__mask, __var, __delta, __Size);
  }
  template <class __T>
  __device__ __T shfl_xor(__T __var, unsigned int __lane_mask) const {
    return __shfl_xor_sync(__mask, __var, (int)__lane_mask, __Size);
  }
};

template <unsigned int __Size>
class thread_block_tile<__Size, void> : public __wl_tile<__Size> {
protected:
  __device__ thread_block_tile() : __wl_tile<__Size>() {}
};

template <unsigned int __Size, class __ParentT>
class thread_block_tile : public thread_block_tile<__Size, void> {
  template <unsigned int __S, class __P>
  friend __device__ thread_block_tile<__S, __P>
  tiled_partition(const __P &__parent);
  __device__ thread_block_tile() : thread_block_tile<__Size, void>() {}
};

template <unsigned int __Size, class __ParentT>
__device__ thread_block_tile<__Size, __ParentT>
tiled_partition(const __ParentT &__parent) {
  (void)__parent;
  return thread_block_tile<__Size, __ParentT>();
}

/* The currently active lanes of the warp. */
class coalesced_group : public __wl_warp_group {
  friend __device__ coalesced_group coalesced_threads();
  friend __device__ coalesced_group labeled_partition(const coalesced_group &,
                                                      int);
  friend __device__ coalesced_group binary_partition(const coalesced_group &,
                                                     bool);
  __device__ explicit coalesced_group(unsigned int __m)
      : __wl_warp_group(__wl_details::__kind_coalesced, __m, 0) {}

public:
  __device__ unsigned long long num_threads() const {
    return (unsigned long long)__popc(__mask);
  }
  __device__ unsigned long long size() const { return num_threads(); }
  __device__ unsigned long long thread_rank() const {
    return (unsigned long long)__popc(__mask &
                                      __nvvm_read_ptx_sreg_lanemask_lt());
  }
  __device__ unsigned int meta_group_rank() const { return 0; }
  __device__ unsigned int meta_group_size() const { return 1; }
  template <class __T> __device__ __T shfl(__T __var, int __src) const {
    return __shfl_sync(__mask, __var, __fns(__mask, 0, __src + 1));
  }
  template <class __T>
  __device__ __T shfl_down(__T __var, unsigned int __delta) const {
    return __shfl_down_sync(__mask, __var, __delta);
  }
  template <class __T>
  __device__ __T shfl_up(__T __var, unsigned int __delta) const {
    return __shfl_up_sync(__mask, __var, __delta);
  }
  template <class __T>
  __device__ __T shfl_xor(__T __var, unsigned int __lane_mask) const {
    return __shfl_xor_sync(__mask, __var, (int)__lane_mask);
  }
  /* A tile converts to the coalesced group of its lanes. */
  template <unsigned int __S>
  __device__ coalesced_group(const thread_block_tile<__S, void> &)
      : __wl_warp_group(__wl_details::__kind_coalesced,
                        __wl_details::__tile_mask(__S), 0) {}
};

__device__ inline coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
__device__ inline coalesced_group labeled_partition(const coalesced_group &__g,
                                                    int __label) {
  (void)__g;
  return coalesced_group(__match_any_sync(__activemask(), __label));
}
#endif
__device__ inline coalesced_group binary_partition(const coalesced_group &__g,
                                                   bool __pred) {
  unsigned int __m = __activemask();
  unsigned int __b = __ballot_sync(__m, __pred);
  (void)__g;
  return coalesced_group(__pred ? __b : (__m & ~__b));
}

/* Tiles of a runtime size, as a generic thread_group. */
class __wl_dynamic_tile : public thread_group {
public:
  __device__ explicit __wl_dynamic_tile(unsigned int __s)
      : thread_group(__wl_details::__kind_tile, __wl_details::__tile_mask(__s),
                     __s) {}
};
__device__ inline thread_group tiled_partition(const thread_group &__parent,
                                               unsigned int __tilesz) {
  (void)__parent;
  return __wl_dynamic_tile(__tilesz);
}
__device__ inline thread_group tiled_partition(const thread_block &__parent,
                                               unsigned int __tilesz) {
  (void)__parent;
  return __wl_dynamic_tile(__tilesz);
}

/* thread_group::sync dispatches on the kind of group it stands for. */
__device__ inline void thread_group::sync() const {
  if (__kind == __wl_details::__kind_thread_block)
    __syncthreads();
  else if (__kind == __wl_details::__kind_grid)
    static_cast<const grid_group *>(this)->sync();
  else
    __syncwarp(__mask);
}

/* Free-function forms. */
template <class __Group> __device__ void sync(const __Group &__g) {
  __g.sync();
}
template <class __Group>
__device__ unsigned long long thread_rank(const __Group &__g) {
  return __g.thread_rank();
}
template <class __Group>
__device__ unsigned long long group_size(const __Group &__g) {
  return __g.num_threads();
}

} // namespace cooperative_groups

#endif /* __CUDA__ */

#endif /* __WARPLINT_COOPERATIVE_GROUPS_H__ */
