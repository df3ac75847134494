// A kernel in a header the compile command includes with -isystem.
__global__ void stridedInHeader(float *out, int n) {
  out[threadIdx.x * n] = 0.0f;
}
