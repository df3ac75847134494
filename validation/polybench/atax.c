/* ATAX (PolyBench): y = A^T (A x) for an N x N matrix A, through
   tmp = A x. Work size (CGPredict Table 4): 4096, 1-D. */
#ifndef N
#define N 4096
#endif

void atax(float A[N][N], float x[N], float y[N], float tmp[N]) {
  for (int i = 0; i < N; i++) {
    tmp[i] = 0;
    for (int j = 0; j < N; j++)
      tmp[i] += A[i][j] * x[j];
  }
  for (int j = 0; j < N; j++) {
    y[j] = 0;
    for (int i = 0; i < N; i++)
      y[j] += A[i][j] * tmp[i];
  }
}
