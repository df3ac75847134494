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
