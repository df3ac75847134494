/* --port: local pointers the function sets from its arrays or from a
   local's address (test/tools/port-pointers.test). */
void pick(float *a, float *b, int n, int c) {
  float *q = c ? a : b;
  for (int i = 0; i < n - 1; i++)
    a[i] = q[i + 1] * 2;
}

void pick_write(float *a, float *b, int n, int c) {
  float *q = c ? a : b;
  for (int i = 0; i < n - 1; i++)
    q[i] = a[i + 1] * 2;
}

void running(const float *a, float *b, int n) {
  float s = 0;
  float *ps = &s;
  for (int i = 0; i < n; i++) {
    *ps += a[i];
    b[i] = s;
  }
}

/* Without the pointer, the sum and the copy split: the sum stays on the
   CPU, the copy of a (each b[i] its own a[i]) is a kernel. */
void split(const float *a, float *b, float *out, int n) {
  float s = 0;
  for (int i = 0; i < n; i++) {
    s += a[i];
    b[i] = a[i];
  }
  out[0] = s;
}

/* A base read from data before the loop holds still over it: fA[i] is its
   own element in each iteration of i; two such bases may overlap. */
void rows(float *fv, const long *off, int m, int n) {
  for (int l = 0; l < m; l++) {
    float *fA = &fv[off[l]];
    for (int i = 0; i < n; i++)
      fA[i] = fA[i] * 2;
  }
}

void two_bases(float *fv, const long *off, int l, int n) {
  float *fA = &fv[off[l]];
  float *fB = &fv[off[l + 1]];
  for (int i = 0; i < n; i++)
    fA[i] = fB[i] * 2;
}
