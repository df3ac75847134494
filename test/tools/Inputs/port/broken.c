void broken(float *a) { for (int i = 0; i < 4; i++) a[i] = }
