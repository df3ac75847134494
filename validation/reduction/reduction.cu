// Validation family "reduction": per-block sums of RED_N ints (each block
// writes its partial sum to out[blockIdx.x]), 256-thread blocks, in the
// steps of the well-known parallel-reduction progression (M. Harris,
// "Optimizing Parallel Reduction in CUDA", NVIDIA, 2007): interleaved
// addressing with a divergent branch, interleaved addressing with a strided
// index (bank conflicts), sequential addressing, the first add during the
// load, the last warp with shuffles, several elements per thread. The code
// is written for this project. Integer data, so the CPU reference check is
// exact.
//
// Expected findings are for sm_80 ("default" in validation/expectations.json:
// 32 banks); the warp-divergence check is the one of issue 4
// (warplint-warp-divergence: warns on branches that split warps in the body
// of the work; an interleaved reduction divergent, the sequential one not).

#ifndef RED_N
#define RED_N (1 << 24)
#endif
#define RED_BLOCK 256
#define RED_PER_THREAD 8

// redInterleavedDiv: s = 1, 2, 4, ...: "if (tid % (2 * s) == 0)" keeps lanes
// 0, 2s, 4s, ... of every warp: every warp splits in the first 5 steps.
// Expected: warplint-warp-divergence (with the sequential-addressing hint);
// no bank conflict (the active lanes of a warp touch distinct banks) and
// coalesced global accesses.
__global__ void redInterleavedDiv(int *out, const int *in) {
  __shared__ int sdata[RED_BLOCK];
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

// redInterleavedBank: the index 2*s*tid makes the active lanes contiguous
// (no divergence in the body for s < 8), but lanes 2*s words apart: on 32
// banks 2-way at s = 1, 4-way at s = 2, 8-way from s = 4 on (lanes 0..15 at
// s = 8 hit words 0, 16, ..., 240: banks 0 and 16). Expected:
// warplint-bank-conflict (worst 8 ways).
__global__ void redInterleavedBank(int *out, const int *in) {
  __shared__ int sdata[RED_BLOCK];
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

// redSequential: s = 128, 64, ...: "if (tid < s)": lanes 0..s-1 contiguous,
// conflict-free; warps split only once s < 32, in one warp per block.
// Expected: no finding (issue 4: the sequential reduction is not divergent).
__global__ void redSequential(int *out, const int *in) {
  __shared__ int sdata[RED_BLOCK];
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

// redFirstAdd: as redSequential, but each block reduces 2 * RED_BLOCK
// elements, adding two of them while loading (half the blocks, no idle
// threads in the first step). Both loads are coalesced. Expected: no finding.
__global__ void redFirstAdd(int *out, const int *in) {
  __shared__ int sdata[RED_BLOCK];
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

// redWarpShuffle: as redFirstAdd down to 64 partial sums, then the first
// warp finishes with __shfl_down_sync (no shared memory, no barrier in the
// last five steps). Expected: no finding.
__global__ void redWarpShuffle(int *out, const int *in) {
  __shared__ int sdata[RED_BLOCK];
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
    int v = sdata[tid] + sdata[tid + 32];
    for (int off = 16; off > 0; off >>= 1)
      v += __shfl_down_sync(0xffffffffu, v, off);
    if (tid == 0)
      out[blockIdx.x] = v;
  }
}

// redMultiple: each thread first sums RED_PER_THREAD elements, RED_BLOCK
// apart (every load coalesced), then as redWarpShuffle. An eighth of the
// blocks of redSequential. Expected: no finding.
__global__ void redMultiple(int *out, const int *in) {
  __shared__ int sdata[RED_BLOCK];
  unsigned tid = threadIdx.x;
  unsigned base = blockIdx.x * (RED_BLOCK * RED_PER_THREAD) + threadIdx.x;
  int sum = 0;
  for (int k = 0; k < RED_PER_THREAD; ++k)
    sum += in[base + k * RED_BLOCK];
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    int v = sdata[tid] + sdata[tid + 32];
    for (int off = 16; off > 0; off >>= 1)
      v += __shfl_down_sync(0xffffffffu, v, off);
    if (tid == 0)
      out[blockIdx.x] = v;
  }
}

static const char *const kReductionVariants[] = {
    "interleaved_divergent", "interleaved_bank_conflict", "sequential",
    "first_add", "warp_shuffle", "multiple_per_thread"};
static const int kReductionVariantCount = 6;

// Elements each block of variant V sums (the harness's CPU reference sums
// the same runs): RED_BLOCK, 2 * RED_BLOCK or RED_BLOCK * RED_PER_THREAD.
static int reductionPerBlock(int v) {
  return v <= 2 ? RED_BLOCK : v <= 4 ? 2 * RED_BLOCK : RED_BLOCK * RED_PER_THREAD;
}

static void reductionLaunch(int v, int *out, const int *in) {
  if (v == 0)
    redInterleavedDiv<<<RED_N / RED_BLOCK, RED_BLOCK>>>(out, in);
  else if (v == 1)
    redInterleavedBank<<<RED_N / RED_BLOCK, RED_BLOCK>>>(out, in);
  else if (v == 2)
    redSequential<<<RED_N / RED_BLOCK, RED_BLOCK>>>(out, in);
  else if (v == 3)
    redFirstAdd<<<RED_N / (2 * RED_BLOCK), RED_BLOCK>>>(out, in);
  else if (v == 4)
    redWarpShuffle<<<RED_N / (2 * RED_BLOCK), RED_BLOCK>>>(out, in);
  else if (v == 5)
    redMultiple<<<RED_N / (RED_BLOCK * RED_PER_THREAD), RED_BLOCK>>>(out, in);
}
