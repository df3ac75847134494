// Launch syntax in all its forms, templated kernels, launches from
// templates and the launch APIs.
#include <cuda_runtime.h>
#include <cstdio>

template <int BLOCK_SIZE, typename T>
__global__ void scale(T *data, T factor, int n) {
  int i = blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

__global__ void noargs() {}
__global__ void fill(float *p, float v, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  for (; i < n; i += (size_t)blockDim.x * gridDim.x)
    p[i] = v;
}

struct Functor {
  float a;
  __device__ float operator()(float x) const { return a * x; }
};
template <class F> __global__ void apply(F f, float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = f(p[i]);
}

template <int BLOCK_SIZE, typename T> void launchScale(T *d, T f, int n,
                                                       cudaStream_t s) {
  dim3 grid((n + BLOCK_SIZE - 1) / BLOCK_SIZE);
  scale<BLOCK_SIZE, T><<<grid, BLOCK_SIZE, 0, s>>>(d, f, n);
}

int main() {
  const int n = 1 << 20;
  float *d;
  double *dd;
  cudaMalloc((void **)&d, n * sizeof(float));
  cudaMalloc(&dd, n * sizeof(double));
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  size_t shmem = 1024;

  noargs<<<1, 1>>>();
  fill<<<256, 256>>>(d, 1.0f, n);
  fill<<<dim3(256), dim3(256)>>>(d, 1.0f, n);
  fill<<<dim3(16, 16), dim3(32, 8), shmem>>>(d, 2.0f, n);
  fill<<<dim3(16, 16, 1), dim3(32, 8, 1), 0, stream>>>(d, 3.0f, n);
  fill<<<n / 256, 256, 0, 0>>>(d, 4.0f, n);
  fill<<<n / 256, 256, shmem, cudaStreamPerThread>>>(d, 5.0f, n);
  scale<256, float><<<(n + 255) / 256, 256>>>(d, 2.0f, n);
  scale<128><<<(n + 127) / 128, 128, 0, stream>>>(dd, 0.5, n);
  launchScale<512>(d, 3.0f, n, stream);
  launchScale<64>(dd, 3.0, n, 0);
  apply<<<n / 256, 256>>>(Functor{2.0f}, d, n);
  auto lam = [] __device__(float x) { return x + 1.0f; };
  apply<<<n / 256, 256>>>(lam, d, n);

  int nn = n;
  void *args[] = {&d, &nn};
  float v = 1.0f;
  size_t sn = n;
  void *fargs[] = {&d, &v, &sn};
  cudaLaunchKernel((const void *)fill, dim3(256), dim3(256), fargs, 0, stream);
  cudaLaunchKernel(fill, dim3(256), dim3(256), fargs);
  cudaLaunchCooperativeKernel((void *)noargs, 1, 1, nullptr, 0, 0);
  (void)args;

  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(256);
  cfg.blockDim = dim3(256);
  cfg.dynamicSmemBytes = 0;
  cfg.stream = stream;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = 2;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  cudaLaunchKernelEx(&cfg, fill, d, 6.0f, sn);

  int numBlocks = 0, minGrid = 0, blockSize = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, fill, 256, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, scale<256, float>,
                                                256, 0);
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, fill, 0, 0);
  printf("%d %d %d\n", numBlocks, minGrid, blockSize);

  cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);
  cudaFree(d);
  cudaFree(dd);
  return 0;
}
