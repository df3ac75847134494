#define BLKDIM 16
#define MAX 4096

// warplint: launch grid(4) block(256)
__global__ void oddEven(float *out, const float *in) {
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  if (tid % 2 == 0)
    out[i] = in[i];
}

// warplint: launch grid(3) block(128)
__global__ void threadZero(float *out, const float *in) {
  if (threadIdx.x == 0)
    out[blockIdx.x] = in[blockIdx.x * blockDim.x];
}

// warplint: launch grid(4) block(256)
// warplint: assume n == 1000
__global__ void bounded(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2 * in[i];
}

// warplint: launch grid(4, 4) block(32, 8)
__global__ void warpUniform(float *out, const float *in) {
  int i = (blockIdx.y * 8 + threadIdx.y) * 128 + blockIdx.x * 32 + threadIdx.x;
  if (threadIdx.y == 0)
    out[i] = in[i];
  if (blockIdx.x == 1)
    out[i] = 0;
}

// warplint: launch grid(4, 4) block(16, 16)
