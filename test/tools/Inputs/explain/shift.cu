// An index shifted by a value warplint cannot express: --explain says the
// access is there and why it is not analysed (test/tools/explain.test).
__global__ void shifted(unsigned *out, int sh) {
  __shared__ unsigned s[2048];
  unsigned t = threadIdx.x;
  s[2 * t] = t;
  __syncthreads();
  out[t] = s[t << sh];
}
void launch(unsigned *o) { shifted<<<1, 256>>>(o, 1); }
