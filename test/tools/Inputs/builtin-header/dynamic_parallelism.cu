// The device-side runtime API used by dynamic-parallelism code: streams,
// errors and allocations from kernels. (Device-side launches themselves,
// child<<<...>>>() inside a kernel, are rejected by clang 19's Sema whatever
// the headers say: "reference to __global__ function in __global__
// function".)
#include <cuda_runtime.h>
#include <cstdio>

__global__ void child(int *data, int depth) { data[threadIdx.x] += depth; }

__global__ void parent(int *data, int depth) {
  if (threadIdx.x == 0) {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaStreamDestroy(s);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess)
      printf("failed: %s %s\n", cudaGetErrorName(err), cudaGetErrorString(err));
    int *tmp;
    if (cudaMalloc((void **)&tmp, 32 * sizeof(int)) == cudaSuccess)
      cudaFree(tmp);
    int *tmp2;
    if (cudaMalloc(&tmp2, 32 * sizeof(int)) == cudaSuccess)
      cudaFree(tmp2);
    int dev = 0, sms = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    data[0] = sms + depth;
  }
}

int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  parent<<<1, 32>>>(d, 0);
  child<<<1, 32>>>(d, 1);
  cudaDeviceSynchronize();
  return 0;
}
