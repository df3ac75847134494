/* Loops whose iterations look independent in their subscripts but are not
   (docs/port.md, "What it does"): none may become threads. */
#define N 4096
int rand(void);
int printf(const char *, ...);
float g;
static void setg(float v) { g = v; }
static void acc(float *s, float v) { *s = *s + v; }
static float twice(float v) { return 2 * v; }

/* 't' is set only when the inner loop gets past its 'break'. */
void brk(const float *x, float *y) {
  int i, k;
  float t = 0;
  for (i = 0; i < N; i++) {
    for (k = 0; k < 4; k++) {
      if (x[i * 4 + k] > 0)
        break;
      t = x[i * 4 + k];
    }
    y[i] = t;
  }
}

/* The callee writes a global. */
void callg(const float *x, float *y) {
  int i;
  for (i = 0; i < N; i++) {
    y[i] = g;
    setg(x[i]);
  }
}

/* The callee writes the scalar whose address it gets. */
float sum(const float *x) {
  int i;
  float s = 0;
  for (i = 0; i < N; i++)
    acc(&s, x[i]);
  return s;
}

/* One static array for all iterations. */
void stat(const float *x, float *y) {
  int i;
  for (i = 0; i < N; i++) {
    static float buf[2];
    buf[1] = buf[0];
    buf[0] = x[i];
    y[i] = buf[1];
  }
}

/* A library function with a state, one that prints. */
void rnd(float *y) {
  int i;
  for (i = 0; i < N; i++)
    y[i] = rand();
}
void dump(const float *y) {
  int i;
  for (i = 0; i < N; i++)
    printf("%f\n", y[i]);
}

/* A pure function of the file and the math library: parallel. */
float sqrtf(float);
void pure(const float *x, float *y) {
  int i;
  for (i = 0; i < N; i++)
    y[i] = twice(sqrtf(x[i]));
}

/* Every row of the table set to one array in the loop: one row for all k. */
void samerow(float **w, float *pool) {
  int k, j;
  for (k = 0; k < 256; k++) {
    w[k] = pool;
    for (j = 0; j < 256; j++)
      w[k][j] = k;
  }
}

/* A helper reads the global the loop writes: its statements stay together. */
float gs;
static float getg(float v) { return v * gs; }
void calleeread(const float *x, float *y) {
  int i;
  for (i = 0; i < N; i++) {
    y[i] = getg(x[i]);
    gs = x[i];
  }
}

/* The bound is a global the body changes. */
int gn;
void gbound(float *y) {
  int i;
  for (i = 0; i < gn; i++) {
    y[i] = 1;
    if (y[i] > 0)
      gn = i;
  }
}

/* isinf is glibc's __builtin_isinf_sign: pure. */
int isinf(double);
void clean(float *y) {
  int i;
  for (i = 0; i < N; i++)
    if (isinf(y[i]))
      y[i] = 0;
}

/* Loops that may end early: counted at their full count, said. */
void search(const double *cdf, const double *u, int *idx, int n) {
  for (int j = 0; j < n; j++) {
    int r = n - 1;
    for (int x = 0; x < n; x++)
      if (cdf[x] >= u[j]) {
        r = x;
        break;
      }
    idx[j] = r;
  }
}

void attempts(float *a, const float *e, int n) {
  for (int t = 0; t < 12; t++) {
    for (int i = 0; i < n; i++)
      a[i] += e[i];
    if (a[0] > 1)
      break;
  }
}

/* A size the function computes before its loops in a way warplint does
   not follow: given by the variable's name. */
int atoi(const char *);
void sized(float *a, char **argv) {
  int n = atoi(argv[2]);
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

/* A loop whose variable is a member: named by its place. */
typedef struct { int i; } Cursor;
void member_var(Cursor *it, float *a, int n) {
  for (it->i = 0; it->i < n; it->i++)
    a[it->i] = 0;
}
