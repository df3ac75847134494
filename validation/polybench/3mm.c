/* 3MM (PolyBench): E = A * B, F = C * D, G = E * F on N x N floats. Work
   size (CGPredict Table 4): 2048. */
#ifndef N
#define N 2048
#endif

void mm3(float A[N][N], float B[N][N], float C[N][N], float D[N][N],
         float E[N][N], float F[N][N], float G[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      E[i][j] = 0;
      for (int k = 0; k < N; k++)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      F[i][j] = 0;
      for (int k = 0; k < N; k++)
        F[i][j] += C[i][k] * D[k][j];
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      G[i][j] = 0;
      for (int k = 0; k < N; k++)
        G[i][j] += E[i][k] * F[k][j];
    }
}
