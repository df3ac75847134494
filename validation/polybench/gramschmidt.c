/* GRAMSCHMIDT (PolyBench): the QR decomposition A = Q R of an N x N
   matrix by modified Gram-Schmidt: for each column k, its norm, Q's column
   k, then R's row k and the update of the columns after k. Work size
   (CGPredict Table 4): 8192, 1-D. */
#ifndef N
#define N 8192
#endif

float sqrtf(float);

void gramschmidt(float A[N][N], float R[N][N], float Q[N][N]) {
  for (int k = 0; k < N; k++) {
    float nrm = 0;
    for (int i = 0; i < N; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrtf(nrm);
    for (int i = 0; i < N; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < N; j++) {
      R[k][j] = 0;
      for (int i = 0; i < N; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < N; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}
