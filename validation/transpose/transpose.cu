// Validation family "transpose": an out-of-place transpose of a TR_N x TR_N
// float matrix (2048 x 2048, as in CuMAPz Table IV) in 32 x 32 tiles, with
// 32 x 8 thread blocks that each move one tile (every thread 4 elements).
// The variants are the steps of CuMAPz Sec. 6.1 (Transpose, Fig. 8(b, d)),
// themselves those of Ruetsch and Micikevicius, "Optimizing Matrix Transpose
// in CUDA" (NVIDIA, 2009); the code is written for this project.
//
// What warplint should say is given for sm_80 ("default" in
// validation/expectations.json: 32 banks of 4 bytes, 32-byte sectors,
// address-hashed memory partitions, so no partition camping) and for sm_13
// (16 banks, half-warps, 8 channels of 256 bytes: partition camping is
// modelled, CuMAPz eq. 4-5).

#ifndef TR_N
#define TR_N 2048
#endif
#define TR_TILE 32
#define TR_ROWS 8

// trCopy: a tiled copy with the same indexing as the transposes, the upper
// bound of the family (Ruetsch and Micikevicius's "copy"). Both accesses are
// row-wise: no finding on sm_80. On sm_13 the 2048-float rows are 8192
// bytes, a multiple of 8 channels x 256 bytes, but the blocks of one grid row
// cover consecutive columns and so spread over the channels: no camping
// expected for the copy.
__global__ void trCopy(float *out, const float *in) {
  int x = blockIdx.x * TR_TILE + threadIdx.x;
  int y = blockIdx.y * TR_TILE + threadIdx.y;
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    out[(y + j) * TR_N + x] = in[(y + j) * TR_N + x];
}

// trNaive: reads rows, writes columns. The store's adjacent lanes are TR_N
// floats (8192 bytes) apart: sm_80, 32 sectors in 32 lines per warp store,
// ideal 4 (12% used): warplint-uncoalesced-access on the store. The load is
// coalesced. On sm_13 the store also camps on one partition (the column
// written by a grid row of blocks starts at the same channel).
__global__ void trNaive(float *out, const float *in) {
  int x = blockIdx.x * TR_TILE + threadIdx.x;
  int y = blockIdx.y * TR_TILE + threadIdx.y;
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    out[x * TR_N + (y + j)] = in[(y + j) * TR_N + x];
}

// trTiled: through a 32 x 32 shared tile: both global accesses coalesced;
// the tile is read by column (tile[threadIdx.x][...]), so the 32 lanes of a
// warp hit one bank: warplint-bank-conflict, 32 ways on sm_80 (16 ways per
// half-warp on sm_13). No uncoalesced access.
__global__ void trTiled(float *out, const float *in) {
  __shared__ float tile[TR_TILE][TR_TILE];
  int x = blockIdx.x * TR_TILE + threadIdx.x;
  int y = blockIdx.y * TR_TILE + threadIdx.y;
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * TR_N + x];
  __syncthreads();
  x = blockIdx.y * TR_TILE + threadIdx.x;
  y = blockIdx.x * TR_TILE + threadIdx.y;
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    out[(y + j) * TR_N + x] = tile[threadIdx.x][threadIdx.y + j];
}

// trPadded: the tile padded to 32 x 33 floats: conflict-free. On sm_80 no
// finding. On sm_13 CuMAPz finds severe channel skew (the store's blocks of
// one grid row write rows 8192 bytes apart): warplint-partition-camping.
__global__ void trPadded(float *out, const float *in) {
  __shared__ float tile[TR_TILE][TR_TILE + 1];
  int x = blockIdx.x * TR_TILE + threadIdx.x;
  int y = blockIdx.y * TR_TILE + threadIdx.y;
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * TR_N + x];
  __syncthreads();
  x = blockIdx.y * TR_TILE + threadIdx.x;
  y = blockIdx.x * TR_TILE + threadIdx.y;
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    out[(y + j) * TR_N + x] = tile[threadIdx.x][threadIdx.y + j];
}

// trDiagonal: padded tile and diagonal block order (CuMAPz Sec. 6.1:
// blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x, blockIdx_y =
// blockIdx.x): no bank conflict, and the blocks running together write to
// different partitions: no finding on sm_80 or sm_13.
__global__ void trDiagonal(float *out, const float *in) {
  __shared__ float tile[TR_TILE][TR_TILE + 1];
  int bx = (blockIdx.x + blockIdx.y) % gridDim.x;
  int by = blockIdx.x;
  int x = bx * TR_TILE + threadIdx.x;
  int y = by * TR_TILE + threadIdx.y;
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * TR_N + x];
  __syncthreads();
  x = by * TR_TILE + threadIdx.x;
  y = bx * TR_TILE + threadIdx.y;
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    out[(y + j) * TR_N + x] = tile[threadIdx.x][threadIdx.y + j];
}

// trDiagonalUnpadded: CuMAPz's last step, the padding rolled back: the
// diagonal order stays, the bank conflict is back: warplint-bank-conflict,
// 32 ways on sm_80 (16 on sm_13), no camping.
__global__ void trDiagonalUnpadded(float *out, const float *in) {
  __shared__ float tile[TR_TILE][TR_TILE];
  int bx = (blockIdx.x + blockIdx.y) % gridDim.x;
  int by = blockIdx.x;
  int x = bx * TR_TILE + threadIdx.x;
  int y = by * TR_TILE + threadIdx.y;
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * TR_N + x];
  __syncthreads();
  x = by * TR_TILE + threadIdx.x;
  y = bx * TR_TILE + threadIdx.y;
  for (int j = 0; j < TR_TILE; j += TR_ROWS)
    out[(y + j) * TR_N + x] = tile[threadIdx.x][threadIdx.y + j];
}

static const char *const kTransposeVariants[] = {
    "copy", "naive", "tiled", "padded", "diagonal", "diagonal_unpadded"};
static const int kTransposeVariantCount = 6;

// Every variant: a TR_N/32 x TR_N/32 grid of 32 x 8 blocks.
static void transposeLaunch(int v, float *out, const float *in) {
  dim3 grid(TR_N / TR_TILE, TR_N / TR_TILE), block(TR_TILE, TR_ROWS);
  if (v == 0)
    trCopy<<<grid, block>>>(out, in);
  else if (v == 1)
    trNaive<<<grid, block>>>(out, in);
  else if (v == 2)
    trTiled<<<grid, block>>>(out, in);
  else if (v == 3)
    trPadded<<<grid, block>>>(out, in);
  else if (v == 4)
    trDiagonal<<<grid, block>>>(out, in);
  else if (v == 5)
    trDiagonalUnpadded<<<grid, block>>>(out, in);
}
