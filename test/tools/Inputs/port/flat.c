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
