/* 2MM (PolyBench): two matrix products, tmp = alpha * A * B, then
   D = beta * D + tmp * C, on N x N floats. Work size (CGPredict Table 4):
   4096. */
#ifndef N
#define N 4096
#endif

void mm2(float alpha, float beta, float A[N][N], float B[N][N], float C[N][N],
         float D[N][N], float tmp[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      tmp[i][j] = 0;
      for (int k = 0; k < N; k++)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < N; k++)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}
