/* Inputs of port.test: sequential C for warplint --port. */
#define N 256

void gemm(float A[N][N], float B[N][N], float C[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}

void prefix(float a[N]) {
  for (int i = 1; i < N; i++)
    a[i] = a[i - 1] + a[i];
}

void steps(int n, float f[N], float a[N]) {
  for (int t = 0; t < 10; t++)
    for (int i = 0; i < n; i++)
      a[i] = a[i] * 0.5f + f[t];
}

float straight(float x) { return x * 2; }

void mixed(float a[N], float b[N]) {
  for (int i = 0; i < N; i++)
    b[i] = a[i] * 2;
  for (int i = 1; i < N; i++)
    a[i] = a[i - 1] + b[i];
}
