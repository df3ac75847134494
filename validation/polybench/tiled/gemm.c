/* GEMM (PolyBench), tiled for shared memory (CGPredict Sec. 4.3, Table 5):
   C = alpha * A * B + beta * C for N x N matrices of float, written as
   sequential C tiled 32 x 32 for `warplint --port` (docs/port.md, "Tiled C
   and shared memory"). Each (ii, jj) tile of C is one block; the local
   arrays As and Bs (2 x 4 KiB) are the block's shared tiles of A and B;
   each loop nest over a tile (i, j) is one phase of the block's threads.
   Work size as in CGPredict's Table 5: 1024. */
#ifndef N
#define N 1024
#endif
#define TILE 32

void gemm(float alpha, float beta, float A[N][N], float B[N][N],
          float C[N][N]) {
  for (int ii = 0; ii < N; ii += TILE)
    for (int jj = 0; jj < N; jj += TILE) {
      float As[TILE][TILE], Bs[TILE][TILE];
      for (int i = 0; i < TILE; i++)
        for (int j = 0; j < TILE; j++)
          C[ii + i][jj + j] *= beta;
      for (int kk = 0; kk < N; kk += TILE) {
        /* stage the tiles A[ii.., kk..] and B[kk.., jj..] */
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++) {
            As[i][j] = A[ii + i][kk + j];
            Bs[i][j] = B[kk + i][jj + j];
          }
        /* the tile product */
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++)
            for (int k = 0; k < TILE; k++)
              C[ii + i][jj + j] += alpha * As[i][k] * Bs[k][j];
      }
    }
}
