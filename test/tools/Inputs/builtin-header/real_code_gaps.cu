// API seen in real code that the built-in header lacked (issue 16, item 2):
// thread-block tiles wider than a warp, the pool overload of
// cudaMallocAsync, graph capture into an existing graph and graph node
// queries, and a project's own __globaltimer (the toolkit declares none).
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__device__ __forceinline__ unsigned long long __globaltimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void wideTiles(float *a, unsigned long long *when) {
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<64> t64 = cg::tiled_partition<64>(b);
  cg::thread_block_tile<256> t256 = cg::tiled_partition<256>(b);
  a[b.thread_rank()] = float(t64.thread_rank() + t64.meta_group_rank() +
                             t256.num_threads());
  t64.sync();
  when[b.thread_rank()] = __globaltimer();
}

void graphs(float *a, unsigned long long *w, cudaStream_t s, cudaMemPool_t pool) {
  void *p = nullptr;
  float *f = nullptr;
  cudaMallocAsync(&p, 100, pool, s);
  cudaMallocAsync(&f, 100 * sizeof(float), pool, s);
  cudaGraph_t g = nullptr;
  cudaGraphExec_t ge = nullptr;
  cudaGraphCreate(&g, 0);
  cudaStreamBeginCaptureToGraph(s, g, nullptr, nullptr, 0,
                                cudaStreamCaptureModeGlobal);
  wideTiles<<<1, 256, 0, s>>>(a, w);
  cudaStreamEndCapture(s, &g);
  cudaGraphNode_t nodes[4];
  size_t n = 4;
  cudaGraphGetNodes(g, nodes, &n);
  cudaGraphGetRootNodes(g, nodes, &n);
  cudaKernelNodeParams kp = {};
  cudaGraphKernelNodeGetParams(nodes[0], &kp);
  cudaGraphKernelNodeSetParams(nodes[0], &kp);
  cudaGraphInstantiate(&ge, g, 0);
  cudaGraphExecKernelNodeSetParams(ge, nodes[0], &kp);
}
