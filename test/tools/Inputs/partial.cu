#include "not_there.h"
__device__ float twice(float x) { return 2 * x; }
__device__ float broken(float x) { return x * undeclared_thing; }
__global__ void clean(float *a) { a[threadIdx.x * 2] = twice(1.0f); }
__global__ void callsBroken(float *a) { a[threadIdx.x * 2] = broken(1.0f); }
__global__ void badParam(fp *a) { a[threadIdx.x * 2] = 1; }
__global__ void fromBroken(float *a) { a[threadIdx.x * 4] = 1; }
void run(float *a) { clean<<<1, 32>>>(a); callsBroken<<<1, 32>>>(a); }
void runBroken(float *a) { int b = missing_size; fromBroken<<<1, 64>>>(a); }
