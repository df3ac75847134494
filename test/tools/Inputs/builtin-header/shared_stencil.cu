// Shared memory: static 1D/2D, extern dynamic (also from a template), and a
// 2D 5-point stencil and a 1D stencil with halos.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define RADIUS 3
#define BLOCK 256
#define TILE 16

__global__ void stencil1d(const int *in, int *out, int n) {
  __shared__ int temp[BLOCK + 2 * RADIUS];
  int gindex = threadIdx.x + blockIdx.x * blockDim.x;
  int lindex = threadIdx.x + RADIUS;
  temp[lindex] = gindex < n ? in[gindex] : 0;
  if (threadIdx.x < RADIUS) {
    temp[lindex - RADIUS] = gindex >= RADIUS ? in[gindex - RADIUS] : 0;
    temp[lindex + BLOCK] = gindex + BLOCK < n ? in[gindex + BLOCK] : 0;
  }
  __syncthreads();
  int result = 0;
  for (int offset = -RADIUS; offset <= RADIUS; offset++)
    result += temp[lindex + offset];
  if (gindex < n)
    out[gindex] = result;
}

__global__ void stencil2d(const float *__restrict__ in, float *__restrict__ out,
                          int nx, int ny) {
  __shared__ float tile[TILE + 2][TILE + 2];
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < nx && y < ny) {
    tile[ty][tx] = in[y * nx + x];
    if (threadIdx.x == 0 && x > 0)
      tile[ty][0] = in[y * nx + x - 1];
    if (threadIdx.x == TILE - 1 && x < nx - 1)
      tile[ty][TILE + 1] = in[y * nx + x + 1];
    if (threadIdx.y == 0 && y > 0)
      tile[0][tx] = in[(y - 1) * nx + x];
    if (threadIdx.y == TILE - 1 && y < ny - 1)
      tile[TILE + 1][tx] = in[(y + 1) * nx + x];
  }
  __syncthreads();
  if (x > 0 && y > 0 && x < nx - 1 && y < ny - 1)
    out[y * nx + x] = 0.2f * (tile[ty][tx] + tile[ty][tx - 1] +
                              tile[ty][tx + 1] + tile[ty - 1][tx] +
                              tile[ty + 1][tx]);
}

__global__ void transpose(float *odata, const float *idata, int width,
                          int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < width && y < height)
    tile[threadIdx.y][threadIdx.x] = idata[y * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < height && y < width)
    odata[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

extern __shared__ float dyn[];
__global__ void dynamicShared(float *out, int n) {
  float *a = dyn;
  float *b = &dyn[blockDim.x];
  a[threadIdx.x] = (float)threadIdx.x;
  b[threadIdx.x] = 2.0f * threadIdx.x;
  __syncthreads();
  if ((int)threadIdx.x < n)
    out[threadIdx.x] = a[blockDim.x - 1 - threadIdx.x] + b[threadIdx.x];
}

template <typename T> struct SharedMemory {
  __device__ T *getPointer() {
    extern __shared__ __align__(sizeof(T)) unsigned char smem_raw[];
    return reinterpret_cast<T *>(smem_raw);
  }
};

template <typename T, unsigned int blockSize>
__global__ void blockSum(const T *in, T *out, unsigned int n) {
  SharedMemory<T> smem;
  T *sdata = smem.getPointer();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  T sum = (i < n) ? in[i] : T(0);
  if (i + blockSize < n)
    sum += in[i + blockSize];
  sdata[tid] = sum;
  __syncthreads();
#pragma unroll
  for (unsigned int s = blockSize / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] = sum = sum + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  int nx = 512, ny = 512;
  int *din, *dout;
  float *fin, *fout;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, n * sizeof(int));
  cudaMalloc(&fin, nx * ny * sizeof(float));
  cudaMalloc(&fout, nx * ny * sizeof(float));
  stencil1d<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(din, dout, n);
  dim3 block(TILE, TILE);
  dim3 grid((nx + TILE - 1) / TILE, (ny + TILE - 1) / TILE);
  stencil2d<<<grid, block>>>(fin, fout, nx, ny);
  transpose<<<grid, block>>>(fout, fin, nx, ny);
  dynamicShared<<<1, 128, 2 * 128 * sizeof(float)>>>(fout, 128);
  blockSum<float, 256><<<64, 256, 256 * sizeof(float)>>>(fin, fout, nx * ny);
  blockSum<double, 128><<<64, 128, 128 * sizeof(double)>>>((double *)fin,
                                                           (double *)fout, 100);
  cudaDeviceSynchronize();
  printf("done\n");
  cudaFree(din);
  cudaFree(dout);
  cudaFree(fin);
  cudaFree(fout);
  return 0;
}
