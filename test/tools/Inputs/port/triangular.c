/* Triangular nests whose iterations are independent only because of the
   inner loop's bounds (port.test, TRIANGULAR). */
#define M 256
#define N 256

/* CORR's last nest: row j1 right of the diagonal and column j1 below it. */
void corr_tri(float data[N][M], float symmat[M][M]) {
  for (int j1 = 0; j1 < M - 1; j1++) {
    symmat[j1][j1] = 1.0f;
    for (int j2 = j1 + 1; j2 < M; j2++) {
      symmat[j1][j2] = 0;
      for (int i = 0; i < N; i++)
        symmat[j1][j2] += data[i][j1] * data[i][j2];
      symmat[j2][j1] = symmat[j1][j2];
    }
  }
}

/* The same with j2 over the whole row: two iterations of j1 meet. */
void corr_full(float data[N][M], float symmat[M][M]) {
  for (int j1 = 0; j1 < M; j1++)
    for (int j2 = 0; j2 < M; j2++) {
      symmat[j1][j2] = data[j1][j2];
      symmat[j2][j1] = data[j2][j1];
    }
}

/* COVARIANCE's perfect triangular nest: j from i to M, both mapped. */
void cov_tri(float data[N][M], float cov[M][M]) {
  for (int i = 0; i < M; i++)
    for (int j = i; j < M; j++) {
      float s = 0;
      for (int k = 0; k < N; k++)
        s += data[k][i] * data[k][j];
      cov[i][j] = s;
    }
}
