/* SYR2K (PolyBench): C = alpha * A B^T + alpha * B A^T + beta * C for
   N x N matrices. Work size (CGPredict Table 4): 1024. */
#ifndef N
#define N 1024
#endif

void syr2k(float alpha, float beta, float A[N][N], float B[N][N],
           float C[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < N; k++)
        C[i][j] += alpha * A[i][k] * B[j][k] + alpha * B[i][k] * A[j][k];
    }
}
