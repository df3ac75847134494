#include <cuda.h>
#include <cuda_runtime.h>
__global__ void usesCudaH(float *p) { p[threadIdx.x] = 0.0f; }
