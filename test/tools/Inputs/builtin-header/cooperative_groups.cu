// Cooperative groups: thread blocks, tiles, coalesced groups, grid sync,
// reductions and scans, memcpy_async, clusters on sm_90.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda_runtime.h>
#include <cstdio>

namespace cg = cooperative_groups;

__device__ int reduce_sum(cg::thread_group g, int *temp, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    g.sync();
    if (lane < i)
      val += temp[lane + i];
    g.sync();
  }
  return val;
}

template <int TileSize> __device__ float tileSum(cg::thread_block_tile<TileSize> t, float v) {
  for (int i = t.size() / 2; i > 0; i /= 2)
    v += t.shfl_down(v, i);
  return v;
}

__global__ void blockAndTiles(const float *in, float *out, int *iout) {
  extern __shared__ int temp[];
  cg::thread_block block = cg::this_thread_block();
  int my = (int)block.thread_rank();
  int s = reduce_sum(block, temp, my);
  block.sync();
  cg::sync(block);
  dim3 gi = block.group_index();
  dim3 ti = block.thread_index();
  dim3 gd = block.group_dim();

  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  cg::thread_block_tile<16> tile16 = cg::tiled_partition<16>(tile32);
  auto tile4 = cg::tiled_partition<4>(block);
  float v = in[block.thread_rank()];
  float w = tileSum<32>(tile32, v);
  w += tile16.shfl(v, 0) + tile16.shfl_up(v, 1) + tile16.shfl_xor(v, 1);
  unsigned b = tile32.ballot(v > 0.0f);
  int anyp = tile4.any(v > 1.0f), allp = tile4.all(v > 0.5f);
  tile32.sync();
  unsigned mg = tile16.meta_group_rank() + tile16.meta_group_size();
  float r = cg::reduce(tile32, v, cg::plus<float>());
  int mx = cg::reduce(tile16, my, cg::greater<int>());
  int mn = cg::reduce(tile4, my, cg::less<int>());
  int x = cg::reduce(tile32, my, cg::bit_xor<int>());
  int sc = cg::inclusive_scan(tile32, my) + cg::exclusive_scan(tile16, my);

  cg::thread_group dyn = cg::tiled_partition(block, 8);
  dyn.sync();
  int dr = (int)dyn.thread_rank() + (int)dyn.size();

  if (v > 0.0f) {
    cg::coalesced_group active = cg::coalesced_threads();
    int rank = (int)active.thread_rank();
    int leader = active.shfl(rank, 0);
    active.sync();
    dr += leader + (int)active.num_threads();
  }
  out[block.thread_rank()] = w + r + (float)(b + anyp + allp + mg);
  iout[block.thread_rank()] = s + mx + mn + x + sc + dr + (int)(gi.x + ti.y + gd.z);
}

__global__ void gridSync(float *data, int n) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n;
       i += grid.size())
    data[i] *= 2.0f;
  grid.sync();
  if (grid.thread_rank() == 0)
    data[0] = (float)grid.num_blocks() + (float)grid.block_rank();
  cg::sync(grid);
}

__global__ void asyncCopy(const int *global, int *out) {
  extern __shared__ int shm[];
  cg::thread_block tb = cg::this_thread_block();
  cg::memcpy_async(tb, shm, global + blockIdx.x * blockDim.x,
                   sizeof(int) * blockDim.x);
  cg::wait(tb);
  out[tb.thread_rank()] = shm[blockDim.x - 1 - tb.thread_rank()];
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
__global__ void __cluster_dims__(2, 1, 1) clusterKernel(int *out) {
  __shared__ int smem[32];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned int rank = cluster.block_rank();
  smem[threadIdx.x % 32] = (int)rank;
  cluster.sync();
  int *remote = cluster.map_shared_rank(smem, (int)(rank ^ 1));
  out[threadIdx.x] = remote[threadIdx.x % 32] + (int)cluster.num_blocks();
  cluster.sync();
}
#endif

int main() {
  float *d;
  int *di;
  cudaMalloc(&d, 1024 * sizeof(float));
  cudaMalloc(&di, 1024 * sizeof(int));
  blockAndTiles<<<4, 256, 256 * sizeof(int)>>>(d, d, di);
  int n = 1024;
  void *args[] = {&d, &n};
  cudaLaunchCooperativeKernel((void *)gridSync, dim3(8), dim3(128), args);
  asyncCopy<<<4, 256, 256 * sizeof(int)>>>(di, di);
  int dev = 0, supports = 0;
  cudaDeviceGetAttribute(&supports, cudaDevAttrCooperativeLaunch, dev);
  printf("coop %d\n", supports);
  return 0;
}
