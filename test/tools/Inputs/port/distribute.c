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

/* Left early: the iterations after the break do not run. */
void leaves(float a[N], float b[N], float c[N + 1]) {
  for (int i = 1; i < N; i++) {
    a[i] = b[i] * 2;
    if (c[i] < 0)
      break;
    c[i] = c[i - 1] + a[i];
  }
}

void returns(float a[N], float b[N]) {
  for (int i = 0; i < N; i++) {
    if (a[i] < 0)
      return;
    b[i] = 1;
  }
}

/* The bound is a scalar the body lowers. */
void bound(float a[N], float b[N], float c[N]) {
  int m = N;
  for (int i = 1; i < m; i++) {
    a[i] = b[i] * 2;
    if (a[i] < 0)
      m = i;
    c[i] = c[i - 1] + a[i];
  }
}

/* A continue skips the rest of the body: kept together. */
void skips(float a[N], float b[N], float c[N]) {
  for (int i = 1; i < N; i++) {
    a[i] = b[i] * 2;
    if (a[i] < 0)
      continue;
    c[i] = c[i - 1] + a[i];
  }
}

/* The last index of a negative element, read after the loop. */
void live_out(float a[N], int out[1]) {
  int last = -1;
  for (int i = 0; i < N; i++)
    if (a[i] < 0)
      last = i;
  out[0] = last;
}

/* A temporary overwritten before any read after the loop. */
void dead_after(float a[N], float b[N], float c[N]) {
  float t = 0;
  for (int i = 0; i < N; i++) {
    t = a[i] * 2;
    b[i] = t;
  }
  t = 1;
  c[0] = t;
}

/* An array declared in the body goes with its users. */
void local_array(float a[N], float b[N], float c[N]) {
  for (int i = 1; i < N; i++) {
    float w[2] = {a[i], a[i - 1]};
    b[i] = w[0] + w[1];
    c[i] = c[i - 1] + 1;
  }
}

/* A global scalar written by every iteration: threads would share it. */
int glast;
void global_write(float a[N]) {
  for (int i = 0; i < N; i++)
    if (a[i] < 0)
      glast = i;
}

/* A write that does not always run: b[i] reads the last negative value up
   to i, carried from earlier iterations. */
void cond_carried(float a[N], float b[N]) {
  float last = 0;
  for (int i = 0; i < N; i++) {
    if (a[i] < 0)
      last = a[i];
    b[i] = last;
  }
}

/* Written in both branches: private to each iteration. */
void both_branches(float a[N], float b[N]) {
  float v;
  for (int i = 0; i < N; i++) {
    if (a[i] < 0)
      v = a[i];
    else
      v = 0;
    b[i] = v;
  }
}

/* A member of a struct declared outside the loop. */
struct Pair { float v, w; };
void struct_member(float a[N], float b[N], float out[1]) {
  struct Pair s;
  for (int i = 0; i < N; i++) {
    s.v = a[i];
    b[i] = s.v;
  }
  out[0] = s.v;
}
