// Host side as NVIDIA samples and benchmark suites write it: error-checking
// macros, device queries, allocation and copy flavours, events, streams,
// symbols, function attributes, occupancy, unified and pinned memory.
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <cuda_profiler_api.h>
#include <driver_types.h>
#include <device_launch_parameters.h>
#include <algorithm>
#include <iostream>
#include <vector>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
template <typename T>
void check(T result, char const *const func, const char *const file,
           int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\" \n", file, line,
            static_cast<unsigned int>(result), cudaGetErrorName(result), func);
    exit(EXIT_FAILURE);
  }
}

#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)
inline void __getLastCudaError(const char *errorMessage, const char *file,
                               const int line) {
  cudaError_t err = cudaGetLastError();
  if (cudaSuccess != err) {
    fprintf(stderr, "%s(%i) : getLastCudaError() CUDA error : %s : (%d) %s.\n",
            file, line, errorMessage, static_cast<int>(err),
            cudaGetErrorString(err));
    exit(EXIT_FAILURE);
  }
}

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      std::cerr << "CUDA error " << cudaGetErrorString(err__) << " at "        \
                << __FILE__ << ":" << __LINE__ << std::endl;                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

#define gpuErrchk(ans)                                                         \
  { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line,
                      bool abort = true) {
  if (code != cudaSuccess) {
    fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file,
            line);
    if (abort)
      exit(code);
  }
}

__constant__ float c_filter[9];
__device__ float d_scale;
__device__ int d_table[64];

__global__ void vecAdd(const float *a, const float *b, float *c, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n)
    c[i] = (a[i] + b[i]) * d_scale + c_filter[i % 9];
}

__global__ void pitched(float *p, size_t pitch, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    float *row = (float *)((char *)p + y * pitch);
    row[x] += 1.0f;
  }
}

int main(int argc, char **argv) {
  int deviceCount = 0;
  checkCudaErrors(cudaGetDeviceCount(&deviceCount));
  if (deviceCount == 0) {
    printf("There are no available device(s) that support CUDA\n");
    return EXIT_FAILURE;
  }
  int dev = argc > 1 ? atoi(argv[1]) : 0;
  checkCudaErrors(cudaSetDevice(dev));
  checkCudaErrors(cudaGetDevice(&dev));
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
  printf("Device %d: \"%s\" SM %d.%d, %d SMs, %zu bytes global, %zu smem/block,"
         " %d regs/block, warp %d, %d threads/block, dims %d %d %d, grid %d %d "
         "%d, clock %d kHz, mem clock %d kHz, bus %d bits, L2 %d, "
         "%d threads/SM, %zu smem/SM, %d concurrent, %d managed\n",
         dev, prop.name, prop.major, prop.minor, prop.multiProcessorCount,
         prop.totalGlobalMem, prop.sharedMemPerBlock, prop.regsPerBlock,
         prop.warpSize, prop.maxThreadsPerBlock, prop.maxThreadsDim[0],
         prop.maxThreadsDim[1], prop.maxThreadsDim[2], prop.maxGridSize[0],
         prop.maxGridSize[1], prop.maxGridSize[2], prop.clockRate,
         prop.memoryClockRate, prop.memoryBusWidth, prop.l2CacheSize,
         prop.maxThreadsPerMultiProcessor, prop.sharedMemPerMultiprocessor,
         prop.concurrentKernels, prop.managedMemory);
  double bw = 2.0 * prop.memoryClockRate * (prop.memoryBusWidth / 8) / 1.0e6;
  int smCount = 0, maxSmem = 0, major = 0, minor = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&smCount, cudaDevAttrMultiProcessorCount,
                                    dev));
  CUDA_CHECK(cudaDeviceGetAttribute(
      &maxSmem, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
  int driverVersion = 0, runtimeVersion = 0;
  cudaDriverGetVersion(&driverVersion);
  cudaRuntimeGetVersion(&runtimeVersion);
  size_t freeMem = 0, totalMem = 0;
  gpuErrchk(cudaMemGetInfo(&freeMem, &totalMem));
  printf("%f GB/s %d %d %d.%d v%d/%d (CUDART %d) %zu/%zu\n", bw, smCount,
         maxSmem, major, minor, driverVersion, runtimeVersion, CUDART_VERSION,
         freeMem, totalMem);
  checkCudaErrors(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync |
                                     cudaDeviceMapHost));

  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  std::vector<float> ha(n, 1.0f), hb(n, 2.0f), hc(n);
  float *da = nullptr, *db = nullptr, *dc = nullptr;
  checkCudaErrors(cudaMalloc((void **)&da, bytes));
  checkCudaErrors(cudaMalloc(&db, bytes));
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&dc), bytes));
  checkCudaErrors(cudaMemcpy(da, ha.data(), bytes, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(db, &hb[0], bytes, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(dc, 0, bytes));
  float filter[9] = {1, 2, 1, 2, 4, 2, 1, 2, 1};
  float scale = 0.5f;
  int table[64] = {0};
  checkCudaErrors(cudaMemcpyToSymbol(c_filter, filter, sizeof(filter)));
  checkCudaErrors(cudaMemcpyToSymbol(d_scale, &scale, sizeof(float), 0,
                                     cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpyFromSymbol(table, d_table, sizeof(table)));
  float *symAddr = nullptr;
  cudaGetSymbolAddress((void **)&symAddr, d_scale);

  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));
  checkCudaErrors(cudaEventRecord(start, 0));
  int threads = 256;
  int blocks = (n + threads - 1) / threads;
  vecAdd<<<blocks, threads>>>(da, db, dc, n);
  getLastCudaError("vecAdd kernel execution failed");
  CUDA_CHECK(cudaPeekAtLastError());
  checkCudaErrors(cudaEventRecord(stop));
  checkCudaErrors(cudaEventSynchronize(stop));
  float ms = 0.0f;
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
  checkCudaErrors(cudaMemcpy(hc.data(), dc, bytes, cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaDeviceSynchronize());
  cudaThreadSynchronize();
  float maxv = *std::max_element(hc.begin(), hc.end());
  std::cout << "time " << ms << " ms, max " << maxv << std::endl;

  const int nStreams = 4;
  cudaStream_t streams[nStreams];
  for (int i = 0; i < nStreams; ++i)
    checkCudaErrors(cudaStreamCreateWithFlags(&streams[i],
                                              cudaStreamNonBlocking));
  float *pinned = nullptr, *mapped = nullptr, *mappedDev = nullptr;
  checkCudaErrors(cudaMallocHost((void **)&pinned, bytes));
  checkCudaErrors(cudaHostAlloc((void **)&mapped, bytes, cudaHostAllocMapped));
  checkCudaErrors(cudaHostGetDevicePointer((void **)&mappedDev, mapped, 0));
  int chunk = n / nStreams;
  for (int i = 0; i < nStreams; ++i) {
    int off = i * chunk;
    cudaMemcpyAsync(da + off, pinned + off, chunk * sizeof(float),
                    cudaMemcpyHostToDevice, streams[i]);
    vecAdd<<<chunk / threads, threads, 0, streams[i]>>>(da + off, db + off,
                                                        dc + off, chunk);
    cudaMemcpyAsync(pinned + off, dc + off, chunk * sizeof(float),
                    cudaMemcpyDeviceToHost, streams[i]);
    cudaMemsetAsync(db + off, 0, chunk * sizeof(float), streams[i]);
  }
  cudaStreamWaitEvent(streams[1], stop, 0);
  for (int i = 0; i < nStreams; ++i) {
    checkCudaErrors(cudaStreamSynchronize(streams[i]));
    checkCudaErrors(cudaStreamDestroy(streams[i]));
  }

  float *managed = nullptr;
  checkCudaErrors(cudaMallocManaged(&managed, bytes));
  checkCudaErrors(cudaMallocManaged((void **)&managed, bytes,
                                    cudaMemAttachGlobal));
  cudaMemPrefetchAsync(managed, bytes, dev, 0);
  cudaMemAdvise(managed, bytes, cudaMemAdviseSetReadMostly, dev);
  for (int i = 0; i < n; ++i)
    managed[i] = (float)i;

  float *pitchedPtr = nullptr;
  size_t pitch = 0;
  int w = 1000, h = 800;
  checkCudaErrors(cudaMallocPitch((void **)&pitchedPtr, &pitch,
                                  w * sizeof(float), h));
  checkCudaErrors(cudaMemcpy2D(pitchedPtr, pitch, ha.data(), w * sizeof(float),
                               w * sizeof(float), h, cudaMemcpyHostToDevice));
  dim3 b2(16, 16), g2((w + 15) / 16, (h + 15) / 16);
  pitched<<<g2, b2>>>(pitchedPtr, pitch, w, h);
  cudaExtent ext = make_cudaExtent(64 * sizeof(float), 64, 64);
  cudaPitchedPtr p3;
  cudaMalloc3D(&p3, ext);
  cudaMemset3D(p3, 0, ext);

  cudaFuncAttributes attr;
  checkCudaErrors(cudaFuncGetAttributes(&attr, vecAdd));
  checkCudaErrors(cudaFuncSetCacheConfig(vecAdd, cudaFuncCachePreferL1));
  checkCudaErrors(cudaFuncSetAttribute(
      vecAdd, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024));
  checkCudaErrors(cudaFuncSetAttribute(
      (const void *)pitched, cudaFuncAttributePreferredSharedMemoryCarveout,
      50));
  cudaDeviceSetCacheConfig(cudaFuncCachePreferShared);
  cudaDeviceSetLimit(cudaLimitMallocHeapSize, 128 * 1024 * 1024);
  int numBlocks = 0;
  checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &numBlocks, vecAdd, threads, 0));
  printf("regs %d smem %zu local %zu maxThreads %d blocks/SM %d\n",
         attr.numRegs, attr.sharedSizeBytes, attr.localSizeBytes,
         attr.maxThreadsPerBlock, numBlocks);

  cudaPointerAttributes pattr;
  cudaPointerGetAttributes(&pattr, da);
  if (pattr.type == cudaMemoryTypeDevice)
    printf("device pointer on %d\n", pattr.device);

  cudaProfilerStart();
  cudaProfilerStop();
  cudaError_t e = cudaGetLastError();
  if (e == cudaErrorMemoryAllocation || e == cudaErrorInvalidValue ||
      e == cudaErrorLaunchFailure || e == cudaErrorIllegalAddress)
    return 1;

  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaFreeHost(pinned));
  cudaFreeHost(mapped);
  cudaFree(managed);
  cudaFree(pitchedPtr);
  cudaFree(p3.ptr);
  checkCudaErrors(cudaFree(da));
  checkCudaErrors(cudaFree(db));
  checkCudaErrors(cudaFree(dc));
  checkCudaErrors(cudaDeviceReset());
  return EXIT_SUCCESS;
}
