/* FDTD-2D (PolyBench): TMAX time steps of a 2-D finite-difference
   time-domain update of the fields ex, ey (electric) and hz (magnetic) on
   an N x N grid. Work size (CGPredict Table 4): 4096, 2-D. The paper does
   not give its number of time steps: TMAX is PolyBench/GPU's default, 500
   (an assumption, docs/port.md). */
#ifndef N
#define N 4096
#endif
#ifndef TMAX
#define TMAX 500
#endif

void fdtd2d(float fict[TMAX], float ex[N][N], float ey[N][N],
            float hz[N][N]) {
  for (int t = 0; t < TMAX; t++) {
    for (int j = 0; j < N; j++)
      ey[0][j] = fict[t];
    for (int i = 1; i < N; i++)
      for (int j = 0; j < N; j++)
        ey[i][j] = ey[i][j] - 0.5f * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < N; i++)
      for (int j = 1; j < N; j++)
        ex[i][j] = ex[i][j] - 0.5f * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < N - 1; i++)
      for (int j = 0; j < N - 1; j++)
        hz[i][j] = hz[i][j] - 0.7f * (ex[i][j + 1] - ex[i][j] +
                                      ey[i + 1][j] - ey[i][j]);
  }
}
