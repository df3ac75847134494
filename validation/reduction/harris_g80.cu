// Published family "reduction-harris": the seven steps of M. Harris,
// "Optimizing Parallel Reduction in CUDA" (NVIDIA, 2007), whose slides give
// the time of each step for a 4M-element (2^22 ints) sum on a GeForce 8800
// GTX (G80, compute capability 1.0) with 128-thread blocks. The code is
// written for this project from the steps' descriptions; the measurements
// are in validation/published/measurements.csv.
//
// Each launch is the first pass of the reduction (one partial sum per
// block); the published times include the later, much smaller passes.

#ifndef HR_N
#define HR_N (1 << 22)
#endif
#define HR_BLOCK 128
// Step 7's grid: the slides recommend 64 to 256 blocks; 64 is taken.
#define HR_K7_BLOCKS 64

// Step 1: interleaved addressing, the active threads chosen by a modulo:
// every warp diverges while s < 32.
__global__ void hr1Interleaved(int *out, const int *in) {
  __shared__ int sdata[HR_BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = in[i];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Step 2: interleaved addressing with a strided index: no divergence in the
// first steps, bank conflicts instead.
__global__ void hr2Strided(int *out, const int *in) {
  __shared__ int sdata[HR_BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = in[i];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Step 3: sequential addressing: contiguous active threads, no conflict.
__global__ void hr3Sequential(int *out, const int *in) {
  __shared__ int sdata[HR_BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = in[i];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Step 4: the first add during the load: half the blocks.
__global__ void hr4FirstAdd(int *out, const int *in) {
  __shared__ int sdata[HR_BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  sdata[tid] = in[i] + in[i + blockDim.x];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Step 5: the last six steps by the first warp alone, warp-synchronously
// (no barrier, no loop), as was valid on G80.
__global__ void hr5UnrollLast(int *out, const int *in) {
  __shared__ int sdata[HR_BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  sdata[tid] = in[i] + in[i + blockDim.x];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    volatile int *v = sdata;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
    v[tid] += v[tid + 8];
    v[tid] += v[tid + 4];
    v[tid] += v[tid + 2];
    v[tid] += v[tid + 1];
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Step 6: every step unrolled for the block size known at compile time.
__global__ void hr6Unrolled(int *out, const int *in) {
  __shared__ int sdata[HR_BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (HR_BLOCK * 2) + threadIdx.x;
  sdata[tid] = in[i] + in[i + HR_BLOCK];
  __syncthreads();
  if (HR_BLOCK >= 512) {
    if (tid < 256)
      sdata[tid] += sdata[tid + 256];
    __syncthreads();
  }
  if (HR_BLOCK >= 256) {
    if (tid < 128)
      sdata[tid] += sdata[tid + 128];
    __syncthreads();
  }
  if (HR_BLOCK >= 128) {
    if (tid < 64)
      sdata[tid] += sdata[tid + 64];
    __syncthreads();
  }
  if (tid < 32) {
    volatile int *v = sdata;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
    v[tid] += v[tid + 8];
    v[tid] += v[tid + 4];
    v[tid] += v[tid + 2];
    v[tid] += v[tid + 1];
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Step 7: each thread first sums many elements in a grid-stride loop (two
// per iteration), then as step 6.
__global__ void hr7Multiple(int *out, const int *in) {
  __shared__ int sdata[HR_BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (HR_BLOCK * 2) + threadIdx.x;
  unsigned gridSize = HR_BLOCK * 2 * gridDim.x;
  int sum = 0;
  while (i < HR_N) {
    sum += in[i] + in[i + HR_BLOCK];
    i += gridSize;
  }
  sdata[tid] = sum;
  __syncthreads();
  if (HR_BLOCK >= 512) {
    if (tid < 256)
      sdata[tid] += sdata[tid + 256];
    __syncthreads();
  }
  if (HR_BLOCK >= 256) {
    if (tid < 128)
      sdata[tid] += sdata[tid + 128];
    __syncthreads();
  }
  if (HR_BLOCK >= 128) {
    if (tid < 64)
      sdata[tid] += sdata[tid + 64];
    __syncthreads();
  }
  if (tid < 32) {
    volatile int *v = sdata;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
    v[tid] += v[tid + 8];
    v[tid] += v[tid + 4];
    v[tid] += v[tid + 2];
    v[tid] += v[tid + 1];
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// The first pass of each step, as the slides time it.
void harrisReduction(int step, int *out, const int *in) {
  switch (step) {
  case 1: hr1Interleaved<<<HR_N / HR_BLOCK, HR_BLOCK>>>(out, in); break;
  case 2: hr2Strided<<<HR_N / HR_BLOCK, HR_BLOCK>>>(out, in); break;
  case 3: hr3Sequential<<<HR_N / HR_BLOCK, HR_BLOCK>>>(out, in); break;
  case 4: hr4FirstAdd<<<HR_N / (2 * HR_BLOCK), HR_BLOCK>>>(out, in); break;
  case 5: hr5UnrollLast<<<HR_N / (2 * HR_BLOCK), HR_BLOCK>>>(out, in); break;
  case 6: hr6Unrolled<<<HR_N / (2 * HR_BLOCK), HR_BLOCK>>>(out, in); break;
  case 7: hr7Multiple<<<HR_K7_BLOCKS, HR_BLOCK>>>(out, in); break;
  }
}
