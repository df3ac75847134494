// Validation family "matmul": C = A * B for MM_N x MM_N row-major floats
// (1024 x 1024, as in CuMAPz Table IV), 16 x 16 output tiles on a 64 x 64
// grid. The variants follow CuMAPz Sec. 6.1 (MatrixMul, Fig. 8(a, c)): stage
// one operand in shared memory, then both, then halve the block along x or y
// while keeping the tiles and the grid (Volkov's conversion: each thread
// computes two outputs), plus a pair that stores the A tile transposed,
// unpadded and padded. Written for this project.
//
// Expected findings are given for sm_80 ("default" in
// validation/expectations.json: 32 banks, 32-byte sectors) and sm_13
// (16 banks, half-warps). With 16 x 16 blocks a warp of 32 lanes is two rows
// of 16 threads (threadIdx.y = r, r + 1); a half-warp is one row.
//
// CuMAPz's third single-operand variant stages C; here C is only written
// once per thread, so there is nothing to stage and that variant is left out.

#ifndef MM_N
#define MM_N 1024
#endif
#define MM_TILE 16

// mmNaive: no shared memory. A[row][k]: the 16 lanes of a row read one
// element (a broadcast), so a warp reads 2 distinct words: no more sectors
// than the ideal on sm_80; B[k][col]: 16 consecutive floats per row, 2 rows
// 4096 bytes apart: 4 sectors, ideal 4. Expected on sm_80: no finding.
// (CuMAPz counts the broadcast read of A as badly coalesced on 1.x, where a
// half-warp's single word still costs a 32-byte transaction: warplint's
// 1.3 rule compares 32 bytes with the 64-byte ideal and does not flag it.)
__global__ void mmNaive(float *C, const float *A, const float *B) {
  int row = blockIdx.y * MM_TILE + threadIdx.y;
  int col = blockIdx.x * MM_TILE + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < MM_N; ++k)
    s += A[row * MM_N + k] * B[k * MM_N + col];
  C[row * MM_N + col] = s;
}

// mmSharedA: the A tile staged in shared memory (As[ty][tx], read as
// As[ty][k]: one word per row of lanes, a broadcast), B read from global
// memory. No bank conflict, no uncoalesced access: no finding.
__global__ void mmSharedA(float *C, const float *A, const float *B) {
  __shared__ float As[MM_TILE][MM_TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * MM_TILE + ty;
  int col = blockIdx.x * MM_TILE + tx;
  float s = 0.0f;
  for (int t = 0; t < MM_N / MM_TILE; ++t) {
    As[ty][tx] = A[row * MM_N + t * MM_TILE + tx];
    __syncthreads();
    for (int k = 0; k < MM_TILE; ++k)
      s += As[ty][k] * B[(t * MM_TILE + k) * MM_N + col];
    __syncthreads();
  }
  C[row * MM_N + col] = s;
}

// mmSharedB: the B tile staged (Bs[ty][tx], read as Bs[k][tx]: 16
// consecutive words), A read from global memory. No finding.
__global__ void mmSharedB(float *C, const float *A, const float *B) {
  __shared__ float Bs[MM_TILE][MM_TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * MM_TILE + ty;
  int col = blockIdx.x * MM_TILE + tx;
  float s = 0.0f;
  for (int t = 0; t < MM_N / MM_TILE; ++t) {
    Bs[ty][tx] = B[(t * MM_TILE + ty) * MM_N + col];
    __syncthreads();
    for (int k = 0; k < MM_TILE; ++k)
      s += A[row * MM_N + t * MM_TILE + k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * MM_N + col] = s;
}

// mmSharedAB: both tiles staged (the classic tiled multiply). No finding;
// the fastest of the 16 x 16 variants on any GPU with shared memory.
__global__ void mmSharedAB(float *C, const float *A, const float *B) {
  __shared__ float As[MM_TILE][MM_TILE];
  __shared__ float Bs[MM_TILE][MM_TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * MM_TILE + ty;
  int col = blockIdx.x * MM_TILE + tx;
  float s = 0.0f;
  for (int t = 0; t < MM_N / MM_TILE; ++t) {
    As[ty][tx] = A[row * MM_N + t * MM_TILE + tx];
    Bs[ty][tx] = B[(t * MM_TILE + ty) * MM_N + col];
    __syncthreads();
    for (int k = 0; k < MM_TILE; ++k)
      s += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * MM_N + col] = s;
}

// mmSharedABx: CuMAPz's AB_x: 8 x 16 blocks, each thread computes columns
// tx and tx + 8 of the same tile. A warp is 4 rows of 8 lanes: the stores
// As[ty][tx] hit words 16*r + tx, so rows r and r + 2 share banks on sm_80
// (2-way), rows r and r + 1 on sm_13's 16 banks (2-way, as CuMAPz says);
// the same holds for the stores to Bs and the reads As[ty][k] (words 16*r
// + k). Expected: warplint-bank-conflict, 2 ways. Global loads: 4 rows x 32 bytes
// per warp = 4 sectors, ideal 4 on sm_80 (no finding); on sm_13 a half-warp
// needs two 32-byte transactions for 2 x 32 bytes: uncoalesced there.
__global__ void mmSharedABx(float *C, const float *A, const float *B) {
  __shared__ float As[MM_TILE][MM_TILE];
  __shared__ float Bs[MM_TILE][MM_TILE];
  int tx = threadIdx.x, ty = threadIdx.y; // blockDim (8, 16)
  int row = blockIdx.y * MM_TILE + ty;
  int col = blockIdx.x * MM_TILE + tx;
  float s0 = 0.0f, s1 = 0.0f;
  for (int t = 0; t < MM_N / MM_TILE; ++t) {
    As[ty][tx] = A[row * MM_N + t * MM_TILE + tx];
    As[ty][tx + 8] = A[row * MM_N + t * MM_TILE + tx + 8];
    Bs[ty][tx] = B[(t * MM_TILE + ty) * MM_N + col];
    Bs[ty][tx + 8] = B[(t * MM_TILE + ty) * MM_N + col + 8];
    __syncthreads();
    for (int k = 0; k < MM_TILE; ++k) {
      s0 += As[ty][k] * Bs[k][tx];
      s1 += As[ty][k] * Bs[k][tx + 8];
    }
    __syncthreads();
  }
  C[row * MM_N + col] = s0;
  C[row * MM_N + col + 8] = s1;
}

// mmSharedABy: CuMAPz's AB_y: 16 x 8 blocks, each thread computes rows ty
// and ty + 8. Warps stay two full rows of 16 lanes: no bank conflict, no
// uncoalesced access: no finding (more work per thread, half the threads).
__global__ void mmSharedABy(float *C, const float *A, const float *B) {
  __shared__ float As[MM_TILE][MM_TILE];
  __shared__ float Bs[MM_TILE][MM_TILE];
  int tx = threadIdx.x, ty = threadIdx.y; // blockDim (16, 8)
  int row = blockIdx.y * MM_TILE + ty;
  int col = blockIdx.x * MM_TILE + tx;
  float s0 = 0.0f, s1 = 0.0f;
  for (int t = 0; t < MM_N / MM_TILE; ++t) {
    As[ty][tx] = A[row * MM_N + t * MM_TILE + tx];
    As[ty + 8][tx] = A[(row + 8) * MM_N + t * MM_TILE + tx];
    Bs[ty][tx] = B[(t * MM_TILE + ty) * MM_N + col];
    Bs[ty + 8][tx] = B[(t * MM_TILE + ty + 8) * MM_N + col];
    __syncthreads();
    for (int k = 0; k < MM_TILE; ++k) {
      s0 += As[ty][k] * Bs[k][tx];
      s1 += As[ty + 8][k] * Bs[k][tx];
    }
    __syncthreads();
  }
  C[row * MM_N + col] = s0;
  C[(row + 8) * MM_N + col] = s1;
}

// mmSharedATrans: both staged, the A tile stored transposed (AsT[tx][ty],
// read as AsT[k][ty]). The store hits words 16*tx + ty: on sm_80 lanes
// tx = 0, 2, 4, ... of a row share a bank (16*tx mod 32 is 0 or 16):
// warplint-bank-conflict, 8 ways; on sm_13 all 16 lanes of the half-warp
// share one bank: 16 ways.
__global__ void mmSharedATrans(float *C, const float *A, const float *B) {
  __shared__ float AsT[MM_TILE][MM_TILE];
  __shared__ float Bs[MM_TILE][MM_TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * MM_TILE + ty;
  int col = blockIdx.x * MM_TILE + tx;
  float s = 0.0f;
  for (int t = 0; t < MM_N / MM_TILE; ++t) {
    AsT[tx][ty] = A[row * MM_N + t * MM_TILE + tx];
    Bs[ty][tx] = B[(t * MM_TILE + ty) * MM_N + col];
    __syncthreads();
    for (int k = 0; k < MM_TILE; ++k)
      s += AsT[k][ty] * Bs[k][tx];
    __syncthreads();
  }
  C[row * MM_N + col] = s;
}

// mmSharedATransPad: the same with AsT padded to 16 x 17 floats. The store
// hits words 17*tx + ty: on sm_13 (16 banks, one row per half-warp) all
// distinct banks: no finding. On sm_80 a warp holds rows ty and ty + 1:
// 17*15 + 1 = 256 = 0 (mod 32) puts lane (15, ty+1) on the bank of lane
// (0, ty): warplint-bank-conflict, 2 ways (padding by one word is not enough
// for 16-wide blocks on 32 banks).
__global__ void mmSharedATransPad(float *C, const float *A, const float *B) {
  __shared__ float AsT[MM_TILE][MM_TILE + 1];
  __shared__ float Bs[MM_TILE][MM_TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * MM_TILE + ty;
  int col = blockIdx.x * MM_TILE + tx;
  float s = 0.0f;
  for (int t = 0; t < MM_N / MM_TILE; ++t) {
    AsT[tx][ty] = A[row * MM_N + t * MM_TILE + tx];
    Bs[ty][tx] = B[(t * MM_TILE + ty) * MM_N + col];
    __syncthreads();
    for (int k = 0; k < MM_TILE; ++k)
      s += AsT[k][ty] * Bs[k][tx];
    __syncthreads();
  }
  C[row * MM_N + col] = s;
}

static const char *const kMatmulVariants[] = {
    "naive", "shared_a", "shared_b", "shared_ab", "shared_ab_x",
    "shared_ab_y", "shared_a_transposed", "shared_a_transposed_padded"};
static const int kMatmulVariantCount = 8;

// Every variant: a 64 x 64 grid (one 16 x 16 tile of C per block).
static void matmulLaunch(int v, float *C, const float *A, const float *B) {
  dim3 grid(MM_N / MM_TILE, MM_N / MM_TILE);
  dim3 b16(MM_TILE, MM_TILE), bx(MM_TILE / 2, MM_TILE), by(MM_TILE, MM_TILE / 2);
  if (v == 0)
    mmNaive<<<grid, b16>>>(C, A, B);
  else if (v == 1)
    mmSharedA<<<grid, b16>>>(C, A, B);
  else if (v == 2)
    mmSharedB<<<grid, b16>>>(C, A, B);
  else if (v == 3)
    mmSharedAB<<<grid, b16>>>(C, A, B);
  else if (v == 4)
    mmSharedABx<<<grid, bx>>>(C, A, B);
  else if (v == 5)
    mmSharedABy<<<grid, by>>>(C, A, B);
  else if (v == 6)
    mmSharedATrans<<<grid, b16>>>(C, A, B);
  else if (v == 7)
    mmSharedATransPad<<<grid, b16>>>(C, A, B);
}
