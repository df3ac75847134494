/* 3MM (PolyBench), tiled for shared memory (CGPredict Sec. 4.3, Table 5):
   E = A * B, F = C * D, G = E * F on N x N floats, as sequential C tiled
   32 x 32 for `warplint --port` (docs/port.md, "Tiled C and shared
   memory"). Each product is one kernel: a (ii, jj) tile of the result per
   block, the local tiles Xs and Ys (2 x 4 KiB) its shared memory. Work
   size as in CGPredict's Table 5: 2048. */
#ifndef N
#define N 2048
#endif
#define TILE 32

void mm3(float A[N][N], float B[N][N], float C[N][N], float D[N][N],
         float E[N][N], float F[N][N], float G[N][N]) {
  for (int ii = 0; ii < N; ii += TILE)
    for (int jj = 0; jj < N; jj += TILE) {
      float Xs[TILE][TILE], Ys[TILE][TILE];
      for (int i = 0; i < TILE; i++)
        for (int j = 0; j < TILE; j++)
          E[ii + i][jj + j] = 0;
      for (int kk = 0; kk < N; kk += TILE) {
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++) {
            Xs[i][j] = A[ii + i][kk + j];
            Ys[i][j] = B[kk + i][jj + j];
          }
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++)
            for (int k = 0; k < TILE; k++)
              E[ii + i][jj + j] += Xs[i][k] * Ys[k][j];
      }
    }
  for (int ii = 0; ii < N; ii += TILE)
    for (int jj = 0; jj < N; jj += TILE) {
      float Xs[TILE][TILE], Ys[TILE][TILE];
      for (int i = 0; i < TILE; i++)
        for (int j = 0; j < TILE; j++)
          F[ii + i][jj + j] = 0;
      for (int kk = 0; kk < N; kk += TILE) {
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++) {
            Xs[i][j] = C[ii + i][kk + j];
            Ys[i][j] = D[kk + i][jj + j];
          }
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++)
            for (int k = 0; k < TILE; k++)
              F[ii + i][jj + j] += Xs[i][k] * Ys[k][j];
      }
    }
  for (int ii = 0; ii < N; ii += TILE)
    for (int jj = 0; jj < N; jj += TILE) {
      float Xs[TILE][TILE], Ys[TILE][TILE];
      for (int i = 0; i < TILE; i++)
        for (int j = 0; j < TILE; j++)
          G[ii + i][jj + j] = 0;
      for (int kk = 0; kk < N; kk += TILE) {
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++) {
            Xs[i][j] = E[ii + i][kk + j];
            Ys[i][j] = F[kk + i][jj + j];
          }
        for (int i = 0; i < TILE; i++)
          for (int j = 0; j < TILE; j++)
            for (int k = 0; k < TILE; k++)
              G[ii + i][jj + j] += Xs[i][k] * Ys[k][j];
      }
    }
}
