/* Input of port.test: loop variables declared at the top of the function
   (C89 style, as PolyBench 4.2 writes them). */
#define M 64
#define N 96

void trmm_like(float A[M][M], float B[M][N]) {
  int i, j, k;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      for (k = i + 1; k < M; k++)
        B[i][j] += A[k][i] * B[k][j];
}

/* PolyBench 4.2's GEMM loop order (i, k, j): j is not i's only child. */
void gemm_ikj(float A[M][M], float B[M][N], float C[M][N]) {
  int i, j, k;
  for (i = 0; i < M; i++) {
    for (j = 0; j < N; j++)
      C[i][j] *= 2;
    for (k = 0; k < M; k++)
      for (j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
  }
}

/* j is independent in each k, but thread j at k + 1 touches what thread
   j + 1 touched at k: not interchanged. */
void shifted(float X[M][N + M]) {
  int i, j, k;
  for (i = 0; i < M; i++)
    for (k = 0; k < M; k++)
      for (j = 0; j < N; j++)
        X[i][j + k] = X[i][j + k] * 2;
}
