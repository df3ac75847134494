/* GESUMMV (PolyBench): y = alpha * A x + beta * B x for N x N matrices A
   and B. Work size (CGPredict Table 4): 4096, 1-D. */
#ifndef N
#define N 4096
#endif

void gesummv(float alpha, float beta, float A[N][N], float B[N][N],
             float x[N], float y[N], float tmp[N]) {
  for (int i = 0; i < N; i++) {
    tmp[i] = 0;
    y[i] = 0;
    for (int j = 0; j < N; j++) {
      tmp[i] += A[i][j] * x[j];
      y[i] += B[i][j] * x[j];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}
