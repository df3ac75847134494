/* 2MM (PolyBench), tiled for shared memory (CGPredict Sec. 4.3, Table 5):
   tmp = alpha * A * B, then D = beta * D + tmp * C, on N x N floats, as
   sequential C tiled 32 x 32 for `warplint --port` (docs/port.md, "Tiled C
   and shared memory"). Each product is one kernel: a (ii, jj) tile of the
   result per block, the local tiles Xs and Ys (2 x 4 KiB) its shared
   memory. Work size as in CGPredict's Table 5: 4096. */
#ifndef N
#define N 4096
#endif
#define TILE 32

void mm2(float alpha, float beta, float A[N][N], float B[N][N], float C[N][N],
         float D[N][N], float tmp[N][N]) {
  for (int ii = 0; ii < N; ii += TILE)
    for (int jj = 0; jj < N; jj += TILE) {
      float Xs[TILE][TILE], Ys[TILE][TILE];
      for (int i = 0; i < TILE; i++)
        for (int j = 0; j < TILE; j++)
          tmp[ii + i][jj + j] = 0;
      for (int kk = 0; kk < N; kk += TILE) {
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++) {
            Xs[i][j] = A[ii + i][kk + j];
            Ys[i][j] = B[kk + i][jj + j];
          }
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++)
            for (int k = 0; k < TILE; k++)
              tmp[ii + i][jj + j] += alpha * Xs[i][k] * Ys[k][j];
      }
    }
  for (int ii = 0; ii < N; ii += TILE)
    for (int jj = 0; jj < N; jj += TILE) {
      float Xs[TILE][TILE], Ys[TILE][TILE];
      for (int i = 0; i < TILE; i++)
        for (int j = 0; j < TILE; j++)
          D[ii + i][jj + j] *= beta;
      for (int kk = 0; kk < N; kk += TILE) {
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++) {
            Xs[i][j] = tmp[ii + i][kk + j];
            Ys[i][j] = C[kk + i][jj + j];
          }
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++)
            for (int k = 0; k < TILE; k++)
              D[ii + i][jj + j] += Xs[i][k] * Ys[k][j];
      }
    }
}
