/* A tiled GEMM (port-tiled.test, docs/port.md "Tiled C and shared
   memory"): the tile loops ii, jj step by 32, the loops over a tile are the
   block's threads, As and Bs its shared tiles. gemm_plain is the same
   product untiled. */
#define N 256
#define T 32

void gemm_tiled(float alpha, float A[N][N], float B[N][N], float C[N][N]) {
  for (int ii = 0; ii < N; ii += T)
    for (int jj = 0; jj < N; jj += T) {
      float As[T][T], Bs[T][T];
      for (int kk = 0; kk < N; kk += T) {
        for (int i = 0; i < T; i++)
          for (int j = 0; j < T; j++) {
            As[i][j] = A[ii + i][kk + j];
            Bs[i][j] = B[kk + i][jj + j];
          }
        for (int i = 0; i < T; i++)
          for (int j = 0; j < T; j++)
            for (int k = 0; k < T; k++)
              C[ii + i][jj + j] += alpha * As[i][k] * Bs[k][j];
      }
    }
}

void gemm_plain(float alpha, float A[N][N], float B[N][N], float C[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
}

/* SYRK's tile product: Aj[j][k] runs down a column of the tile across the
   threads (bank conflicts); Ap is the same tile padded to T + 1. */
void syrk_tiled(float A[N][N], float C[N][N]) {
  for (int ii = 0; ii < N; ii += T)
    for (int jj = 0; jj < N; jj += T) {
      float Ai[T][T], Aj[T][T];
      for (int kk = 0; kk < N; kk += T) {
        for (int i = 0; i < T; i++)
          for (int j = 0; j < T; j++) {
            Ai[i][j] = A[ii + i][kk + j];
            Aj[i][j] = A[jj + i][kk + j];
          }
        for (int i = 0; i < T; i++)
          for (int j = 0; j < T; j++)
            for (int k = 0; k < T; k++)
              C[ii + i][jj + j] += Ai[i][k] * Aj[j][k];
      }
    }
}

void syrk_padded(float A[N][N], float C[N][N]) {
  for (int ii = 0; ii < N; ii += T)
    for (int jj = 0; jj < N; jj += T) {
      float Ai[T][T], Ap[T][T + 1];
      for (int kk = 0; kk < N; kk += T) {
        for (int i = 0; i < T; i++)
          for (int j = 0; j < T; j++) {
            Ai[i][j] = A[ii + i][kk + j];
            Ap[i][j] = A[jj + i][kk + j];
          }
        for (int i = 0; i < T; i++)
          for (int j = 0; j < T; j++)
            for (int k = 0; k < T; k++)
              C[ii + i][jj + j] += Ai[i][k] * Ap[j][k];
      }
    }
}
