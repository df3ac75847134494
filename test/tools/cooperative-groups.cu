// Cooperative groups (issue 14, item 6): this_thread_block(), thread_rank(),
// size(), tiled_partition<N>(), meta_group_rank() and cg::sync / g.sync()
// are the thread index, sizes and barriers they stand for, with warplint's
// built-in header and with a toolkit's.
//
// RUN: %warplint --gpu-arch=sm_80 %s -- 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not='warning:'
// RUN: %warplint --gpu-arch=sm_80 --cuda-side=host %s -- 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not='warning:'
// RUN: %warplint --gpu-arch=sm_80 --estimate %s -- 2>&1 | FileCheck %s --check-prefix=EST
// RUN: %warplint --dump-facts %s -- | %python -c "import json,sys; [print(k['name'], 'barriers', ' '.join(b['name'] for b in k['barriers']), 'index', k['accesses'][0]['byte_offset']) for k in json.load(sys.stdin)['files'][0]['kernels']]" | FileCheck %s --check-prefix=FACTS
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// cta.thread_rank() is threadIdx.x in a 1-D block; cta.size() is 256, so the
// halving loop runs 8 times: 1 + 8 barriers per thread. The loads are
// contiguous (no warning), and `cta.thread_rank() == 0` is one lane: not a
// warning by default.
__global__ void blockReduce(float *out, const float *in) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ float s[256];
  unsigned tid = cta.thread_rank();
  s[tid] = in[blockIdx.x * cta.size() + tid];
  cg::sync(cta);
  for (unsigned k = cta.size() / 2; k > 0; k >>= 1) {
    if (tid < k)
      s[tid] += s[tid + k];
    cg::sync(cta);
  }
  if (cta.thread_rank() == 0)
    out[blockIdx.x] = s[0];
}
// FACTS: blockReduce barriers cooperative_groups::sync cooperative_groups::sync index 4*blockDim.x*blockDim.y*blockDim.z*blockIdx.x + 4*blockDim.x*blockDim.y*threadIdx.z + 4*blockDim.x*threadIdx.y + 4*threadIdx.x
// EST-LABEL: blockReduce (64 x 256, sm_80)
// EST: counts per thread (derived): {{.*}}, 9 synchronization

// A 32-thread tile: tile.thread_rank() is the lane (rank % 32) and
// meta_group_rank() the warp (rank / 32); tile.sync() is a warp barrier.
// Even lanes store, 8 bytes apart: 16 lanes at 0, 16, ..., 240: 8 sectors in
// 2 lines for 64 bytes (ideal 2), 25% used; the branch splits every warp in
// two halves of 16 lanes.
__global__ void tileLanes(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned lane = tile.thread_rank();
  unsigned warp = tile.meta_group_rank();
  float v = in[blockIdx.x * blockDim.x + warp * 32 + lane];
  tile.sync();
  if (lane % 2 == 0)
    out[(blockIdx.x * blockDim.x + warp * 32 + lane) * 2] = v;
}
// WARN: :[[@LINE-3]]:3: warning: branch on 'lane % 2 == 0' diverges: 100% of warps split (2 paths per warp) [warplint-warp-divergence]
// WARN: :[[@LINE-3]]:5: warning: global store to 'out' touches 8 sectors in 2 lines per warp request (ideal 2); 25% of fetched bytes are used [warplint-uncoalesced-access]
// FACTS: tileLanes barriers __syncwarp index 4*blockDim.x*blockIdx.x + 128*((blockDim.x*blockDim.y*threadIdx.z + blockDim.x*threadIdx.y + threadIdx.x)/32) + 4*((blockDim.x*blockDim.y*threadIdx.z + blockDim.x*threadIdx.y + threadIdx.x) % 32)
// EST-LABEL: tileLanes (64 x 256, sm_80)
// EST: counts per thread (derived): {{.*}}, 1 synchronization

void launch(float *o, const float *i) {
  blockReduce<<<64, 256>>>(o, i);
  tileLanes<<<64, 256>>>(o, i);
}
