// Published families "matmul-bpg" and "aat-bpg": the shared-memory steps of
// the CUDA C++ Best Practices Guide (NVIDIA), section "Shared Memory in
// Matrix Multiplication", whose tables give the effective bandwidth of each
// step on a Tesla V100. A is M x w, B is w x N, C = AB is M x N, with
// w = TILE (32) and w x w thread blocks; for C = A A^T, A is M x w and C is
// M x M. The code is written for this project from the steps' descriptions;
// the measurements are in validation/published/measurements.csv. M and N
// are not given there: 4096 is taken (the order of the variants does not
// depend on it).

#ifndef BPG_M
#define BPG_M 4096
#endif
#ifndef BPG_N
#define BPG_N 4096
#endif
#define TILE 32

// C = AB without shared memory: a warp reads one A element (broadcast) and
// a row of B per step.
__global__ void bpgSimple(float *c, const float *a, const float *b) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int i = 0; i < TILE; i++)
    sum += a[row * TILE + i] * b[i * BPG_N + col];
  c[row * BPG_N + col] = sum;
}

// The tile of A read once, coalesced, into shared memory; a warp reads its
// own row of it, so __syncwarp suffices.
__global__ void bpgSharedA(float *c, const float *a, const float *b) {
  __shared__ float aTile[TILE][TILE];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  aTile[threadIdx.y][threadIdx.x] = a[row * TILE + threadIdx.x];
  __syncwarp();
  for (int i = 0; i < TILE; i++)
    sum += aTile[threadIdx.y][i] * b[i * BPG_N + col];
  c[row * BPG_N + col] = sum;
}

// Both tiles in shared memory: B's tile is read by every warp of the block.
__global__ void bpgSharedAB(float *c, const float *a, const float *b) {
  __shared__ float aTile[TILE][TILE];
  __shared__ float bTile[TILE][TILE];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  aTile[threadIdx.y][threadIdx.x] = a[row * TILE + threadIdx.x];
  bTile[threadIdx.y][threadIdx.x] = b[threadIdx.y * BPG_N + col];
  __syncthreads();
  for (int i = 0; i < TILE; i++)
    sum += aTile[threadIdx.y][i] * bTile[i][threadIdx.x];
  c[row * BPG_N + col] = sum;
}

// C = A A^T reading A^T straight from global memory: a warp's lanes read
// words TILE floats apart.
__global__ void bpgAatSimple(float *c, const float *a) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int i = 0; i < TILE; i++)
    sum += a[row * TILE + i] * a[col * TILE + i];
  c[row * BPG_M + col] = sum;
}

// C = A A^T with both tiles read coalesced into shared memory, the
// transposed one padded to TILE + 1 columns.
__global__ void bpgAatShared(float *c, const float *a) {
  __shared__ float aTile[TILE][TILE];
  __shared__ float tTile[TILE][TILE + 1];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  aTile[threadIdx.y][threadIdx.x] = a[row * TILE + threadIdx.x];
  tTile[threadIdx.x][threadIdx.y] =
      a[(blockIdx.x * blockDim.x + threadIdx.y) * TILE + threadIdx.x];
  __syncthreads();
  for (int i = 0; i < TILE; i++)
    sum += aTile[threadIdx.y][i] * tTile[i][threadIdx.x];
  c[row * BPG_M + col] = sum;
}

void bestPracticesMatmul(int v, float *c, const float *a, const float *b) {
  dim3 block(TILE, TILE);
  dim3 gridAB(BPG_N / TILE, BPG_M / TILE);
  dim3 gridAAt(BPG_M / TILE, BPG_M / TILE);
  switch (v) {
  case 0: bpgSimple<<<gridAB, block>>>(c, a, b); break;
  case 1: bpgSharedA<<<gridAB, block>>>(c, a, b); break;
  case 2: bpgSharedAB<<<gridAB, block>>>(c, a, b); break;
  case 3: bpgAatSimple<<<gridAAt, block>>>(c, a); break;
  case 4: bpgAatShared<<<gridAAt, block>>>(c, a); break;
  }
}
