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

/* Two sums in one loop: one reduction of both. */
void pair(float a[N], float b[N], float out[2]) {
  float s = 0, t = 0;
  for (int i = 0; i < N; i++) {
    s += a[i];
    t += b[i];
  }
  out[0] = s;
  out[1] = t;
}

/* A sum inside a loop that stays on the host: not a kernel, said why. */
void rows(float A[64][N], float r[64]) {
  for (int k = 0; k < 64; k++) {
    float s = 0;
    for (int i = 0; i < N; i++)
      s += A[k][i] * A[k - 1 < 0 ? 0 : k - 1][i];
    r[k] = s + (k > 0 ? r[k - 1] : 0);
  }
}
