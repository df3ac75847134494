/* MVT (PolyBench): x1 += A y1 and x2 += A^T y2 for an N x N matrix A.
   Work size (CGPredict Table 4): 4096, 1-D. */
#ifndef N
#define N 4096
#endif

void mvt(float A[N][N], float x1[N], float x2[N], float y1[N], float y2[N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x1[i] += A[i][j] * y1[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x2[i] += A[j][i] * y2[j];
}
