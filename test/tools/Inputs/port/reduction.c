/* Sums into a scalar: parallel reductions (port-reduction.test). */
#define N (1 << 20)

float dot(float a[N], float b[N]) {
  float s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * b[i];
  return s;
}

double norm2(double A[1024][1024]) {
  double s = 0;
  for (int i = 0; i < 1024; i++)
    for (int j = 0; j < 1024; j++)
      s = s + A[i][j] * A[i][j];
  return s;
}

int count(int a[N], int t) {
  int c = 0;
  for (int i = 0; i < N; i++)
    if (a[i] > t)
      c++;
  return c;
}

/* Not sums: a recurrence, and a sum whose running value is used. */
float decay(float a[N]) {
  float s = 0;
  for (int i = 0; i < N; i++)
    s = s * 0.5f + a[i];
  return s;
}

void prefix(float a[N], float p[N]) {
  float s = 0;
  for (int i = 0; i < N; i++)
    p[i] = (s += a[i]);
}
