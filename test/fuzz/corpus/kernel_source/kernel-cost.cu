__global__ void copy4(float *out, const float *in) {
  int i = blockIdx.x * 512 + threadIdx.x;
  for (int k = 0; k < 4; ++k)
    out[i + 128 * k] = in[i + 128 * k];
}

__global__ void copy4Strided(float *out, const float *in) {
  int i = blockIdx.x * 512 * 32 + threadIdx.x * 32;
  for (int k = 0; k < 4; ++k)
    out[i + k] = in[i + k];
}

void run(float *o, const float *i) {
  copy4<<<64, 128>>>(o, i);
  copy4Strided<<<64, 128>>>(o, i);
}
