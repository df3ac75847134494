/* BICG (PolyBench, the BiCGStab sub-kernel): s = A^T r and q = A p for an
   N x N matrix A. Work size (CGPredict Table 4): 4096, 1-D. */
#ifndef N
#define N 4096
#endif

void bicg(float A[N][N], float r[N], float s[N], float p[N], float q[N]) {
  for (int j = 0; j < N; j++) {
    s[j] = 0;
    for (int i = 0; i < N; i++)
      s[j] += r[i] * A[i][j];
  }
  for (int i = 0; i < N; i++) {
    q[i] = 0;
    for (int j = 0; j < N; j++)
      q[i] += A[i][j] * p[j];
  }
}
