// Two kernels for the Hong-Kim extensions (test/tools/estimate-models.test).
// gather: each lane reads its own cache line, 8 times in a loop (memory
// divergent). smooth: three overlapping coalesced reads of one array (L2
// reuse).
__global__ void gather(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < 8; ++k)
    s += in[32 * i + k];
  out[i] = s;
}

__global__ void smooth(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] + in[i + 1] + in[i + 2];
}

void run(float *o, const float *i) {
  gather<<<256, 128>>>(o, i);
  smooth<<<1024, 256>>>(o, i);
}
