/* 3DCONV (PolyBench): a 3 x 3 x 3 stencil (eleven taps) of an N x N x N
   volume A into B, the border left out. CGPredict's Table 4 gives a work
   size of 4096 on a 2-D grid, which cannot be a cube (4096^3 floats do not
   fit the TK1's memory); this file uses N = 256 (docs/port.md says why),
   and is ported with i on the host and a 2-D grid over j, k. */
#ifndef N
#define N 256
#endif

void conv3d(float A[N][N][N], float B[N][N][N]) {
  const float c11 = 2, c12 = -3, c13 = 4, c21 = 5, c22 = 6, c23 = 7;
  const float c31 = -8, c32 = -9, c33 = 10;
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      for (int k = 1; k < N - 1; k++)
        B[i][j][k] = c11 * A[i - 1][j - 1][k - 1] + c13 * A[i + 1][j - 1][k - 1] +
                     c21 * A[i - 1][j - 1][k - 1] + c23 * A[i + 1][j - 1][k - 1] +
                     c31 * A[i - 1][j - 1][k - 1] + c33 * A[i + 1][j - 1][k - 1] +
                     c12 * A[i][j - 1][k] + c22 * A[i][j][k] +
                     c32 * A[i][j + 1][k] + c11 * A[i - 1][j - 1][k + 1] +
                     c13 * A[i + 1][j - 1][k + 1] + c21 * A[i - 1][j][k + 1] +
                     c23 * A[i + 1][j][k + 1] + c31 * A[i - 1][j + 1][k + 1] +
                     c33 * A[i + 1][j + 1][k + 1];
}
