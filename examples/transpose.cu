// Matrix transpose in three steps: the bundled example of the README.
//
//   transposeNaive   reads rows, writes columns: the store is uncoalesced.
//   transposeTiled   stages a TILE x TILE tile through shared memory: both
//                    global accesses are coalesced, but reading the tile by
//                    column makes every lane of a warp hit the same bank.
//   transposePadded  pads the tile's rows by one word: conflict-free.
#include <cstdio>
#include <cuda_runtime.h>

#define TILE 32
#define ROWS 8

__global__ void transposeNaive(float *out, const float *in, int width,
                               int height) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[x * height + (y + j)] = in[(y + j) * width + x];
}

__global__ void transposeTiled(float *out, const float *in, int width,
                               int height) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposePadded(float *out, const float *in, int width,
                                int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int width = 4096, height = 4096;
  size_t bytes = size_t(width) * height * sizeof(float);
  float *in, *out;
  cudaMalloc(&in, bytes);
  cudaMalloc(&out, bytes);
  dim3 grid(width / TILE, height / TILE);
  dim3 block(TILE, ROWS);
  transposeNaive<<<grid, block>>>(out, in, width, height);
  transposeTiled<<<grid, block>>>(out, in, width, height);
  transposePadded<<<grid, block>>>(out, in, width, height);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess)
    std::printf("CUDA error: %s\n", cudaGetErrorString(err));
  cudaFree(in);
  cudaFree(out);
  return 0;
}
