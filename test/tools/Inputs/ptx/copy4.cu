// The kernel of ptx-counts.test: 4 coalesced copies per thread in a loop.
__global__ void copy4(float *out, const float *in) {
  int i = blockIdx.x * 512 + threadIdx.x;
  for (int k = 0; k < 4; ++k)
    out[i + 128 * k] = in[i + 128 * k];
}

void run(float *o, const float *i) { copy4<<<64, 128>>>(o, i); }
