// Declarations that NVIDIA's cuda-samples use and that the built-in headers
// once lacked: stream attributes, memory pools, graph memory/conditional
// nodes, the driver's virtual-memory API, cooperative-groups conversions,
// shuffles of user types, assert, and the Sobol generators.
#include <cuda_runtime.h>
#include <cuda.h>
#include <cooperative_groups.h>
#include <curand_kernel.h>
namespace cg = cooperative_groups;

struct Pair { int a; float b; };

__global__ void shuffles(uint4 *out, Pair *p, cudaGraphConditionalHandle h) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
  cg::coalesced_group active = tile;
  cg::thread_group any = tile;
  uint4 v = out[threadIdx.x];
  v = tile.shfl_xor(v, 1);
  Pair q = __shfl_xor_sync(0xffffffffu, p[threadIdx.x], 2);
  q = __shfl_down_sync(0xffffffffu, q, 1);
  int s = active.shfl_xor((int)active.thread_rank(), 1);
  assert(s >= 0);
  any.sync();
  out[threadIdx.x] = v;
  p[threadIdx.x] = q;
  cudaGraphSetConditional(h, s != 0);
}

__global__ void scratch_tile(float *out) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block cta = cg::this_thread_block(scratch);
  out[cta.thread_rank()] = 0.f;
}

__global__ void sobol(float *out, curandDirectionVectors32_t *dv,
                      curandDirectionVectors64_t *dv64) {
  curandStateSobol32_t s32;
  curandStateSobol64_t s64;
  curand_init(dv[0], threadIdx.x, &s32);
  curand_init(dv64[0], 10ull, &s64);
  out[threadIdx.x] = curand_uniform(&s32) + (float)curand_normal_double(&s64);
}

void host_side(cudaStream_t stream, float *data, size_t bytes) {
  cudaStreamAttrValue attr = {};
  attr.accessPolicyWindow.base_ptr = data;
  attr.accessPolicyWindow.num_bytes = bytes;
  attr.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  attr.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  cudaStreamAttrID id = cudaStreamAttributeAccessPolicyWindow;
  cudaStreamSetAttribute(stream, id, &attr);
  cudaStreamGetAttribute(stream, id, &attr);
  cudaCtxResetPersistingL2Cache();

  cudaMemLocation loc = {cudaMemLocationTypeDevice, 0};
  cudaMemPrefetchAsync(data, bytes, loc, 0, stream);
  cudaMemPool_t pool;
  cudaDeviceGetDefaultMemPool(&pool, 0);
  cuuint64_t threshold = ~0ull;
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.handleTypes = cudaMemHandleTypePosixFileDescriptor;
  props.location = loc;
  cudaMemAccessDesc desc = {loc, cudaMemAccessFlagsProtReadWrite};
  cudaMemPoolSetAccess(pool, &desc, 1);
  float *p = nullptr;
  cudaMallocAsync(&p, bytes, stream);
  cudaFreeAsync(p, stream);

  cudaGraph_t graph;
  cudaGraphCreate(&graph, 0);
  cudaMemAllocNodeParams alloc = {};
  alloc.poolProps = props;
  alloc.bytesize = bytes;
  cudaGraphNode_t allocNode, freeNode;
  cudaGraphAddMemAllocNode(&allocNode, graph, nullptr, 0, &alloc);
  cudaGraphAddMemFreeNode(&freeNode, graph, &allocNode, 1, alloc.dptr);
  cudaMemsetParams ms = {};
  ms.dst = data;
  size_t used = 0;
  cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &used);
  cudaGraphConditionalHandle h;
  cudaGraphConditionalHandleCreate(&h, graph, 1, cudaGraphCondAssignDefault);
  cudaGraphNodeParams cp = {cudaGraphNodeTypeConditional};
  cp.conditional.handle = h;
  cp.conditional.type = cudaGraphCondTypeWhile;
  cudaGraphNode_t cnode;
  cudaGraphAddNode(&cnode, graph, nullptr, nullptr, 0, &cp);

  cudaMipmappedArray_t mip = nullptr;
  cudaArray_t level;
  cudaGetMipmappedArrayLevel(&level, mip, 0);
  unsigned int flags = cudaGraphicsMapFlagsReadOnly;
  (void)flags;
}

void driver_side() {
  int vmm = 0;
  cuDeviceGetAttribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED, 0);
  int mode = CU_COMPUTEMODE_PROHIBITED;
  (void)mode;
  CUmemAllocationProp prop = {};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  size_t gran = 0;
  cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
  CUdeviceptr ptr;
  cuMemAddressReserve(&ptr, gran, 0, 0, 0);
  CUmemGenericAllocationHandle handle;
  cuMemCreate(&handle, gran, &prop, 0);
  cuMemMap(ptr, gran, 0, handle, 0);
  CUmemAccessDesc access = {};
  access.location = prop.location;
  access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  cuMemSetAccess(ptr, gran, &access, 1);
}
