// A naive transpose whose sizes are not known at the launch (the host
// function takes them as parameters): the explorer stages the store for
// the sizes the estimate assumes, and says so.
__global__ void naive(float *out, const float *in, int width, int height) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[x * height + y + j] = in[(y + j) * width + x];
}

void run(float *out, const float *in, int width, int height) {
  naive<<<dim3(width / 32, height / 32), dim3(32, 8)>>>(out, in, width, height);
}
