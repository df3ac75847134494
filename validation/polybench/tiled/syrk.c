/* SYRK (PolyBench), tiled for shared memory (CGPredict Sec. 4.3, Table 5):
   C = alpha * A A^T + beta * C for N x N floats, as sequential C tiled
   32 x 32 for `warplint --port` (docs/port.md, "Tiled C and shared
   memory"). A (ii, jj) tile of C per block; its shared memory holds the
   rows ii.. and jj.. of A over a kk strip (Ai, Aj: 2 x 4 KiB). The
   product reads Aj[j][k], a column of the tile across the threads j: the
   bank conflicts CGPredict Sec. 4.3 describes. Work size as in
   CGPredict's Table 5: 1024. */
#ifndef N
#define N 1024
#endif
#define TILE 32

void syrk(float alpha, float beta, float A[N][N], float C[N][N]) {
  for (int ii = 0; ii < N; ii += TILE)
    for (int jj = 0; jj < N; jj += TILE) {
      float Ai[TILE][TILE], Aj[TILE][TILE];
      for (int i = 0; i < TILE; i++)
        for (int j = 0; j < TILE; j++)
          C[ii + i][jj + j] *= beta;
      for (int kk = 0; kk < N; kk += TILE) {
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++) {
            Ai[i][j] = A[ii + i][kk + j];
            Aj[i][j] = A[jj + i][kk + j];
          }
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++)
            for (int k = 0; k < TILE; k++)
              C[ii + i][jj + j] += alpha * Ai[i][k] * Aj[j][k];
      }
    }
}
