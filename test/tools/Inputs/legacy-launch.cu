// Launches written as nvcc reads them, with spaces inside the brackets.
__global__ void strided(float *a) { a[threadIdx.x * 2] = 1; }
__global__ void columns(float *out) {
  __shared__ float s[32][32];
  s[threadIdx.x][threadIdx.y] = 1.0f;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.y][threadIdx.x];
}
void run(float *a) {
  strided << < 1, 32 >> > (a);
  columns<< <1, dim3(32, 32)>> >(a);
  const char *text = "k << < 1, 2 >> > (x)"; // a string: left alone
  (void)text;
}
