/* GEMM (PolyBench): C = alpha * A * B + beta * C, all NI x NJ x NK
   matrices of float, written as plain sequential C for `warplint --port`.
   Work size as in CGPredict's Table 4: 1024. */
#ifndef N
#define N 1024
#endif

void gemm(float alpha, float beta, float A[N][N], float B[N][N],
          float C[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < N; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}
