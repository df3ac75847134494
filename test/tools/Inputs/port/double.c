/* Input of port.test: the same polynomial in double and in float. */
#define N 65536
void poly_d(double a[N], double b[N]) {
  for (int i = 0; i < N; i++) {
    double x = a[i];
    for (int k = 0; k < 1000; k++)
      x = x * x * 0.5 + 0.25;
    b[i] = x;
  }
}
void poly_f(float a[N], float b[N]) {
  for (int i = 0; i < N; i++) {
    float x = a[i];
    for (int k = 0; k < 1000; k++)
      x = x * x * 0.5f + 0.25f;
    b[i] = x;
  }
}
