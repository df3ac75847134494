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

/* j writes 'last', read after it: interchanged, each thread would keep its
   own value. */
void last_value(float A[M][M], float C[M][N], float D[M][N]) {
  int i, j, k;
  float last = 0;
  for (i = 0; i < M; i++)
    for (k = 0; k < M; k++) {
      for (j = 0; j < N; j++) {
        C[i][j] += A[i][k];
        last = C[i][j];
      }
      for (j = 0; j < N; j++)
        D[i][j] += last;
    }
}

/* j's trip count moves with k, the loop it would leave. */
void tri_inner(float A[M][M], float C[M][M]) {
  int i, j, k;
  for (i = 0; i < M; i++)
    for (k = 0; k < M; k++)
      for (j = 0; j < k; j++)
        C[i][j] += A[i][k];
}
