/* 2DCONV (PolyBench): a 3 x 3 convolution of an N x N image A into B, the
   border left out. Work size (CGPredict Table 4): 4096. */
#ifndef N
#define N 4096
#endif

void conv2d(float A[N][N], float B[N][N]) {
  const float c11 = 0.2f, c12 = 0.5f, c13 = -0.8f;
  const float c21 = -0.3f, c22 = 0.6f, c23 = -0.9f;
  const float c31 = 0.4f, c32 = 0.7f, c33 = 0.1f;
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i][j] = c11 * A[i - 1][j - 1] + c12 * A[i][j - 1] +
                c13 * A[i + 1][j - 1] + c21 * A[i - 1][j] + c22 * A[i][j] +
                c23 * A[i + 1][j] + c31 * A[i - 1][j + 1] +
                c32 * A[i][j + 1] + c33 * A[i + 1][j + 1];
}
