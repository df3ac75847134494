/* Host loops that can or cannot run inside each thread (port.test,
   INTHREAD, WAVE, TMV). */
#define N 2048

/* The transposed product: every i updates every y[j]; thread j can run all
   of i with y[j] in a register. */
void tmv(float A[N][N], float x[N], float y[N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[j] += A[i][j] * x[i];
}

/* A wavefront: row i + 1 reads row i at j - 1 and j + 1, which other
   threads write. */
void wave(float B[N][N]) {
  for (int i = 0; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i + 1][j] = B[i][j + 1] + B[i][j - 1];
}
