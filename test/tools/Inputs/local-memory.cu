// Two kernels with a 16-float local array: indexed by a value read at run
// time (nvcc 13 --ptx, sm_80: ld.local / st.local), and by the counter of
// a 16-iteration loop only (unrolled: registers, no local memory).
__global__ void gathered(const float *in, float *out, const int *idx) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float buf[16];
  for (int i = 0; i < 16; i++) buf[i] = in[i * 4096 + t];
  float s = 0;
  for (int i = 0; i < 16; i++) s += buf[idx[i]];
  out[t] = s;
}
__global__ void unrolled(const float *in, float *out, const int *idx) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float buf[16];
  for (int i = 0; i < 16; i++) buf[i] = in[i * 4096 + t];
  float s = 0;
  for (int i = 0; i < 16; i++) s += buf[15 - i];
  out[t] = s;
}
void run(const float *in, float *out, const int *idx) {
  gathered<<<16, 256>>>(in, out, idx);
  unrolled<<<16, 256>>>(in, out, idx);
}
