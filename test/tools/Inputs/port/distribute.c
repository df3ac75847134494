/* Loop distribution (port-distribution.test): loops whose statements can
   run one after the other as separate loops. */
#define M 1900
#define N 2100

/* PolyBench 4.2's ATAX: tmp = A x, then y = A^T tmp, in one i loop. */
void atax(float A[M][N], float x[N], float y[N], float tmp[M]) {
  for (int i = 0; i < N; i++)
    y[i] = 0;
  for (int i = 0; i < M; i++) {
    tmp[i] = 0;
    for (int j = 0; j < N; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (int j = 0; j < N; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

/* PolyBench 4.2's BICG: both products in one j loop, itself in the i
   loop: the j loop is split first, then i. */
void bicg(float A[N][M], float s[M], float q[N], float p[M], float r[N]) {
  for (int i = 0; i < M; i++)
    s[i] = 0;
  for (int i = 0; i < N; i++) {
    q[i] = 0;
    for (int j = 0; j < M; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

/* b[i + 1] is written by the second statement and read by the first in
   the next iteration: a backward dependence, no distribution. */
void backward(float a[N], float b[N + 1], float c[N]) {
  for (int i = 0; i < N; i++) {
    a[i] = b[i] + 1;
    b[i + 1] = a[i] * 2;
  }
}

/* A scalar written by one statement and read by the next keeps them in
   one loop. */
void scalar(float A[M][N], float x[M], float y[N]) {
  float s;
  for (int i = 0; i < M; i++) {
    s = x[i] * 2;
    for (int j = 0; j < N; j++)
      y[j] = y[j] + s * A[i][j];
  }
}

/* Inside a parallel loop nothing is split (GESUMMV: two sums in one j). */
void gesummv(float A[N][N], float B[N][N], float x[N], float y[N],
             float tmp[N]) {
  for (int i = 0; i < N; i++) {
    tmp[i] = 0;
    y[i] = 0;
    for (int j = 0; j < N; j++) {
      tmp[i] += A[i][j] * x[j];
      y[i] += B[i][j] * x[j];
    }
  }
}
