// The same 8-iteration loop three ways: as written (nvcc unrolls it),
// kept with `#pragma unroll 1`, and a runtime loop unrolled by 4.
__global__ void asWritten(float *out, const float *in) {
  float s = 0;
  for (int j = 0; j < 8; ++j)
    s += in[j * 32 + threadIdx.x];
  out[threadIdx.x] = s;
}
__global__ void kept(float *out, const float *in) {
  float s = 0;
#pragma unroll 1
  for (int j = 0; j < 8; ++j)
    s += in[j * 32 + threadIdx.x];
  out[threadIdx.x] = s;
}
__global__ void byFour(float *out, const float *in, int n) {
  float s = 0;
#pragma unroll 4
  for (int j = 0; j < n; ++j)
    s += in[j * 32 + threadIdx.x];
  out[threadIdx.x] = s;
}
__global__ void plain(float *out, const float *in, int n) {
  float s = 0;
  for (int j = 0; j < n; ++j)
    s += in[j * 32 + threadIdx.x];
  out[threadIdx.x] = s;
}
void run(float *o, const float *i) {
  asWritten<<<1, 32>>>(o, i);
  kept<<<1, 32>>>(o, i);
  byFour<<<1, 32>>>(o, i, 8);
  plain<<<1, 32>>>(o, i, 8);
}
