/* A scratch array (port-scratch.test): PolyBench 4.2's DOITGEN fills sum[p]
   for every (r, q) and reads it back in the same iteration. */
#define NR 64
#define NQ 64
#define NP 32

void doitgen(float A[NR][NQ][NP], float C4[NP][NP], float sum[NP]) {
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++) {
      for (int p = 0; p < NP; p++) {
        sum[p] = 0;
        for (int s = 0; s < NP; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < NP; p++)
        A[r][q][p] = sum[p];
    }
}

/* The same with the copy shifted by one: the last element comes from
   another (r, q); r and q stay sequential. */
void shifted(float A[NR][NQ][NP], float C4[NP][NP], float sum[NP + 1]) {
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++) {
      for (int p = 0; p < NP; p++) {
        sum[p] = 0;
        for (int s = 0; s < NP; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < NP; p++)
        A[r][q][p] = sum[p + 1];
    }
}

/* The scratch array is passed to a call after the nest: its last content
   is used, so it is not scratch. */
void consume(float *t);
void escapes(float A[NR][NP], float B[NR][NP], float t[NP]) {
  for (int r = 0; r < NR; r++) {
    for (int p = 0; p < NP; p++)
      t[p] = A[r][p];
    for (int p = 0; p < NP; p++)
      B[r][p] = t[p];
  }
  consume(t);
}

/* The step writes t after the body reads it: the body reads the previous
   r's values. */
void in_step(float A[NR][NP], float B[NR][NP], float t[NP]) {
  for (int r = 0; r < NR; r++)
    for (int p = 0; p < NP;
         t[p] = A[r][p], p++)
      B[r][p] = t[p];
}

/* The loop's variable is changed in its body: 16 iterations, not 32. */
void skips_odd(float a[NP], float b[NP]) {
  for (int p = 0; p < NP; p++) {
    a[p] = b[p];
    p++;
  }
}
