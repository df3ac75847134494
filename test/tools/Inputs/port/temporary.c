/* A temporary array declared before the loop nests (PolyBench 4.2's
   durbin writes z[] in one loop and copies it back in the next): every
   thread of the port's kernels sees the same array, so the port allocates
   it in device memory and its accesses are global ones. */
#define N 4096

void reverse_add(float y[N], float r[N]) {
  float z[N];
  for (int i = 0; i < N; i++)
    z[i] = y[i] + r[N - 1 - i];
  for (int i = 0; i < N; i++)
    y[i] = z[i];
}

/* A private array, declared in the parallel loop's body: one per thread,
   not a device buffer. */
void private_row(float A[N][8], float out[N]) {
  for (int i = 0; i < N; i++) {
    float t[8];
    for (int k = 0; k < 8; k++)
      t[k] = A[i][k];
    out[i] = t[0] + t[7];
  }
}
