// Inputs of readable-run.test: what one cause looks like in several
// findings.
#define N 1024

// One template, two instantiations, the same strided store in each: one
// cause, one warning.
template <int Tag>
__global__ void columnCopy(float *out, const float *in, int height) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  out[x * height + y] = in[y * N + x];
}

// Two findings of one kernel and one launch: the launch's notes once.
__global__ void twoFindings(float *out, const float *in, int height) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * N + x];
  __syncthreads();
  out[x * height + y] = tile[threadIdx.x][threadIdx.y];
}

// The same 2-way conflict in two instantiations, on bank 0 in one and bank
// 1 in the other: one cause.
template <int Offset>
__global__ void pairs(float *out) {
  __shared__ float s[2 * 256 + 2];
  s[2 * threadIdx.x + Offset] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Three lanes store 32 bytes apart: 3 sectors in 1 line.
__global__ void threeLanes(float *out) {
  if (threadIdx.x < 3)
    out[threadIdx.x * 8] = 1.0f;
}

void launch(float *f, const float *cf) {
  dim3 grid(N / 32, N / 8), block(32, 8);
  columnCopy<1><<<grid, block>>>(f, cf, N);
  columnCopy<2><<<grid, block>>>(f, cf, N);
  twoFindings<<<grid, block>>>(f, cf, N);
  threeLanes<<<1, 32>>>(f);
  pairs<0><<<4, 256>>>(f);
  pairs<1><<<4, 256>>>(f);
}
