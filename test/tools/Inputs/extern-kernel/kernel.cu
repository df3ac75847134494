// The kernel, defined here and launched from main.cu, which declares it
// extern (relocatable device code, -rdc=true).
__global__ void rowSum(const float *in, float *out, int cols) {
  __shared__ float s[61];
  s[threadIdx.x] = in[blockIdx.x * cols + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0;
    for (int i = 0; i < 61; ++i)
      t += s[i];
    out[blockIdx.x] = t;
  }
}
