/* CORR (PolyBench): the correlation matrix of M variables over N samples
   (data[N][M]): each column's mean and standard deviation, the data
   centred and reduced, then symmat[j1][j2] = sum_i data[i][j1] data[i][j2],
   accumulated in symmat[j1][j2] as PolyBench writes it.
   Work size (CGPredict Table 4): 1024, 1-D. */
#ifndef N
#define N 1024
#endif
#define M N

float sqrtf(float);

void corr(float float_n, float eps, float data[N][M], float mean[M],
          float stddev[M], float symmat[M][M]) {
  for (int j = 0; j < M; j++) {
    mean[j] = 0;
    for (int i = 0; i < N; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int j = 0; j < M; j++) {
    stddev[j] = 0;
    for (int i = 0; i < N; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = sqrtf(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0f : stddev[j];
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= sqrtf(float_n) * stddev[j];
    }
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
