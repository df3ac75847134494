// A launch site whose grid is a parameter: not known in the file.
template <int B> __global__ void mm(float *c, const float *a, int w) {
  int x = blockIdx.x * B + threadIdx.x;
  c[x] = a[x * w];
}
void run(float *c, const float *a, int w, dim3 grid) {
  dim3 threads(32, 32);
  mm<32><<<grid, threads>>>(c, a, w);
}
