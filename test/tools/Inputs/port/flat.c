/* Rodinia's layout: a matrix in one array, rows of a length known at run
   time. */
void scale(float *a, int n, int m) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      a[i * m + j] = a[i * m + j] * 2.0f;
}
/* The right neighbour of the row's last element is the next row's first:
   i is not parallel. */
void shift(float *a, int n, int m) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      a[i * m + j] = a[i * m + j + 1];
}
/* Rows through an array of pointers (backprop's float **w): w[k][j] is row
   k's element j, a different element for every k. */
void adjust(const float *delta, float **w, int nd, int nk) {
  int j, k;
  for (j = 0; j < nd; j++)
    for (k = 0; k < nk; k++)
      w[k][j] += delta[j];
}
/* hotspot3D's shape: each inner loop's variable declared bare in the body
   around it; the index flattened over two runtime lengths. */
void sweep(float *out, const float *in, int nx, int ny, int nz) {
  int z;
  for (z = 0; z < nz; z++) {
    int y;
    for (y = 0; y < ny; y++) {
      int x;
      for (x = 0; x < nx; x++) {
        int c = x + y * nx + z * nx * ny;
        out[c] = 2.0f * in[c];
      }
    }
  }
}

/* Blocks of 16 elements, the last clamped to n (Rodinia cfd's loops):
   each block its own elements, so b is parallel, with its 16 iterations
   in the thread. */
void blocks(int n, const float *v, float *o) {
  for (int b = 0; b < n / 16; b++) {
    int s = b * 16;
    int e = (b + 1) * 16 > n ? n : (b + 1) * 16;
    for (int i = s; i < e; i++)
      o[i] = v[i] + v[i + n];
  }
}
