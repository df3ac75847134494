/* What the host runs around a kernel. */
#define N 1048576
static double slow(int *seed) {
  int q;
  double s = 0;
  for (q = 0; q < 1000; q++) {
    seed[0] = (seed[0] * 1103515245 + 12345) % 2147483647;
    s += seed[0];
  }
  return s;
}

/* The declaration's call runs on the host, once per t: not the kernel's. */
void frame(double *u, int *seed, int nfr) {
  int t, x;
  for (t = 0; t < nfr; t++) {
    double u1 = slow(seed);
    for (x = 0; x < N; x++)
      u[x] = u1 + x;
  }
}

/* A time loop of unknown count: the time is per iteration, and said. */
void relax(float *a, float *b, int steps) {
  int i, t = 0;
  do {
    for (i = 1; i < N - 1; i++)
      b[i] = 0.5f * (a[i - 1] + a[i + 1]);
    float *tmp = a;
    a = b;
    b = tmp;
    t++;
  } while (t < steps);
}

/* Host loops in a triangle (nw's anti-diagonals): b runs d times. */
void diag(int *m, int n) {
  int d, b, i;
  for (d = 1; d <= n; d++)
    for (b = 0; b < d; b++)
      for (i = 0; i < 256; i++)
        m[i] += b;
}

/* A host loop that starts where the one around it says. */
void blocks(float *out, const float *in, int nb, int col) {
  int b, r, c;
  for (b = 0; b < nb; b++) {
    int r0 = 16 * b;
    for (r = r0; r < r0 + 16; r++)
      for (c = 0; c < 256; c++)
        out[r * col + c] = in[r * col + c] * 2.0f;
  }
}

/* A size held in a global. */
int rows;
void step(int *dst, const int *src) {
  int t, n;
  for (t = 0; t < rows; t++)
    for (n = 0; n < 4096; n++)
      dst[n] = src[n] + t;
}

/* A size assigned (not initialized) before the nest. */
void assigned(const float *a, float *out, int count, int order) {
  int bid, k, tpb;
  tpb = order;
  for (bid = 0; bid < count; bid++) {
    float s = 0.0f;
    for (k = 0; k < tpb; k++)
      s += a[bid * 1024 + k];
    out[bid] = s;
  }
}
