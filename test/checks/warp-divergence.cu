// warplint-warp-divergence: branches whose lanes split inside warps. Each
// kernel's configuration comes from its annotation. Warps are formed from
// the linear thread id, 32 lanes each; CuMAPz eq. 7 counts 2 paths for a
// warp that splits, 1 for one that does not, and branch efficiency is
// n_warp / n_path. Percentages print with one decimal, paths with two.
//
// RUN: %warplint --checks='-*,warplint-warp-divergence' --gpu-arch=sm_80 %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECK --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-warp-divergence' --gpu-arch=sm_80 --cuda-side=host %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHECK --implicit-check-not='warning:'
//
// WarnOnTail also reports the warps that split only at a bound.
// RUN: %warplint --checks='-*,warplint-warp-divergence' --gpu-arch=sm_80 \
// RUN:   --config="{CheckOptions: {warplint-warp-divergence.WarnOnTail: true}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,TAIL --implicit-check-not='warning:'
//
// WarnOnSingleLane also reports branches one lane of each split warp takes
// (`tid == 0`); they are silent by default.
// RUN: %warplint --checks='-*,warplint-warp-divergence' --gpu-arch=sm_80 \
// RUN:   --config="{CheckOptions: {warplint-warp-divergence.WarnOnSingleLane: true}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,SINGLE --implicit-check-not='warning:'
//
// MinSplitPercent (default 1): a branch that splits fewer than 1% of the
// warps is not reported; 0 reports every divergent one.
// RUN: %warplint --checks='-*,warplint-warp-divergence' --gpu-arch=sm_80 \
// RUN:   --config="{CheckOptions: {warplint-warp-divergence.MinSplitPercent: 0}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,MINSPLIT --implicit-check-not='warning:'
// RUN: %clang_tidy --load=%plugin --checks='-*,warplint-warp-divergence' \
// RUN:   --config="{CheckOptions: {warplint-warp-divergence.MinSplitPercent: lots}}" %s -- --cuda-device-only %builtin_cuda_args 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADSPLIT
// BADSPLIT: invalid MinSplitPercent for warplint-warp-divergence: 'lots' (a percentage of warps, 0 to 100); using 1
//
// A bad value is said (the plugin's; warplint refuses it: config-errors.test).
// RUN: %clang_tidy --load=%plugin --checks='-*,warplint-warp-divergence' \
// RUN:   --config="{CheckOptions: {warplint-warp-divergence.WarnOnTail: maybe}}" %s -- --cuda-device-only %builtin_cuda_args 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADOPT
// BADOPT: invalid WarnOnTail for warplint-warp-divergence: 'maybe' (true or false)
// RUN: %clang_tidy --load=%plugin --checks='-*,warplint-warp-divergence' \
// RUN:   --config="{CheckOptions: {warplint-warp-divergence.WarnOnSingleLane: often}}" %s -- --cuda-device-only %builtin_cuda_args 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADSINGLE
// BADSINGLE: invalid WarnOnSingleLane for warplint-warp-divergence: 'often' (true or false)

#define BLKDIM 16
#define MAX 4096

// Block 256 (8 warps), grid 4: 32 warps. Even and odd lanes alternate in
// every warp: 32 of 32 split, 2 paths each.
// warplint: launch grid(4) block(256)
__global__ void oddEven(float *out, const float *in) {
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  if (tid % 2 == 0)
    out[i] = in[i];
  // CHECK: :[[@LINE-2]]:3: warning: branch on 'tid % 2 == 0' diverges: 100% of warps split (2 paths per warp) [warplint-warp-divergence]
  // CHECK: :[[@LINE-3]]:3: note: in warp 0 of block (0, 0, 0), every 2nd lane from 0 (16 lanes) take it and every 2nd lane from 1 (16 lanes) do not; only one side has work: the lanes off it idle while it runs
  // n_path = 32 * 2 = 64 over 32 warps: 0.5.
  // CHECK: :[[@LINE-5]]:3: note: CuMAPz eq. 7: n_path = 64 over n_warp = 32 warp executions, branch efficiency 0.5
  // CHECK: note: assuming grid (4, 1, 1) block (256, 1, 1), from the annotation
}

// Block 128 (4 warps), grid 3: 12 warps. Lane 0 of warp 0 of each block
// takes the branch: 3 of 12 warps split = 25%; n_path = 3*2 + 9 = 15,
// 15/12 = 1.25 paths per warp, efficiency 12/15 = 0.8.
// warplint: launch grid(3) block(128)
__global__ void threadZero(float *out, const float *in) {
  if (threadIdx.x == 0)
    out[blockIdx.x] = in[blockIdx.x * blockDim.x];
  // Every split warp has one lane on the path: only with WarnOnSingleLane.
  // SINGLE: :[[@LINE-3]]:3: warning: branch on 'threadIdx.x == 0' diverges: 25% of warps split (1.25 paths per warp) [warplint-warp-divergence]
  // SINGLE: :[[@LINE-4]]:3: note: in warp 0 of block (0, 0, 0), lane 0 takes it and lanes 1-31 do not
  // SINGLE: :[[@LINE-5]]:3: note: CuMAPz eq. 7: n_path = 15 over n_warp = 12 warp executions, branch efficiency 0.8
  // SINGLE: :[[@LINE-6]]:3: note: the branch serializes its work on one lane
}

// i < n with n = 1000, grid 4 of 256 (1024 threads): 1000 = 31*32 + 8, so
// only warp 31 of the grid (block 3, warp 7) straddles n: lanes 0-7 in,
// 8-31 out. Tail: silent by default. 1 of 32 warps = 3.125% -> 3.1;
// n_path = 33, 33/32 = 1.03125 -> 1.03.
// warplint: launch grid(4) block(256)
// warplint: assume n == 1000
__global__ void bounded(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2 * in[i];
  // TAIL: :[[@LINE-2]]:3: warning: branch on 'i < n' splits the warps that straddle its bound: 3.1% of warps split (1.03 paths per warp) [warplint-warp-divergence]
  // TAIL: :[[@LINE-3]]:3: note: in warp 7 of block (3, 0, 0), lanes 0-7 take it and lanes 8-31 do not
  // TAIL: :[[@LINE-4]]:3: note: CuMAPz eq. 7: n_path = 33 over n_warp = 32 warp executions, branch efficiency 0.97
  // TAIL: :[[@LINE-5]]:3: note: only the warps at the bound split
  // TAIL: :[[@LINE-6]]:3: note: assuming 'n' = 1000 (as given)
}

// Blocks of 32 x 8: every warp is one row, one threadIdx.y, so a branch on
// threadIdx.y never splits a warp; one on blockIdx.x is the same for the
// whole block. Silent with and without WarnOnTail.
// warplint: launch grid(4, 4) block(32, 8)
__global__ void warpUniform(float *out, const float *in) {
  int i = (blockIdx.y * 8 + threadIdx.y) * 128 + blockIdx.x * 32 + threadIdx.x;
  if (threadIdx.y == 0)
    out[i] = in[i];
  if (blockIdx.x == 1)
    out[i] = 0;
}

// CuMAPz Fig. 2 (BLKDIM 16): the halo loads that fetch outside the shared
// buffer. A warp holds two rows of 16 threads, so lanes 0 and 16 have
// threadIdx.x == 0 (and lanes 15 and 31 threadIdx.x == 15): every warp
// splits on both branches, 2 paths per warp (the paper's "four" paths in a
// warp are these two branches' two each). Grid 4 x 4 of 8 warps = 128
// warps: n_path = 256, branch efficiency 128/256 = 0.5.
// warplint: launch grid(4, 4) block(16, 16)
__global__ void cumapzFig2(float *out, const float *in) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float t1, t2, t3;
  __shared__ float s_in[BLKDIM][BLKDIM];
  s_in[threadIdx.x][threadIdx.y] = in[row * MAX + col + 1];
  __syncthreads();
  if (threadIdx.x == 0) // this part not prefetched
    t1 = in[row * MAX + col];
  else
    t1 = s_in[threadIdx.x - 1][threadIdx.y];
  // CHECK: :[[@LINE-4]]:3: warning: branch on 'threadIdx.x == 0' diverges: 100% of warps split (2 paths per warp) [warplint-warp-divergence]
  // CHECK: :[[@LINE-5]]:3: note: in warp 0 of block (0, 0, 0), lanes 0, 16 take it and lanes 1-15, 17-31 do not
  // CHECK: :[[@LINE-6]]:3: note: CuMAPz eq. 7: n_path = 256 over n_warp = 128 warp executions, branch efficiency 0.5
  t2 = s_in[threadIdx.x][threadIdx.y];
  if (threadIdx.x == blockDim.x - 1) // this part not prefetched
    t3 = in[row * MAX + col + 2];
  else
    t3 = s_in[threadIdx.x + 1][threadIdx.y];
  // CHECK: :[[@LINE-4]]:3: warning: branch on 'threadIdx.x == blockDim.x - 1' diverges: 100% of warps split (2 paths per warp) [warplint-warp-divergence]
  // CHECK: :[[@LINE-5]]:3: note: in warp 0 of block (0, 0, 0), lanes 15, 31 take it and lanes 0-14, 16-30 do not
  // CHECK: :[[@LINE-6]]:3: note: CuMAPz eq. 7: n_path = 256 over n_warp = 128 warp executions, branch efficiency 0.5
  out[row * MAX + col] = t1 * t2 * t3;
}

// Interleaved reduction, block 256, one block: s = 1, 2, 4, 8, 16 split all
// 8 warps (each holds lanes with tid % 2s == 0 and lanes without); s = 32:
// tid % 64 == 0 only in warps 0, 2, 4, 6 (4); s = 64: warps 0, 4 (2);
// s = 128: warp 0 (1). 47 of 64 warp executions = 73.4375% -> 73.4;
// n_path = 64 + 47 = 111, 111/64 = 1.734 -> 1.73; efficiency 64/111 = 0.58.
// warplint: launch grid(1) block(256)
__global__ void reduceInterleaved(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    // CHECK: :[[@LINE-2]]:5: warning: branch on 'tid % (2 * s) == 0' diverges: 73.4% of warps split (1.73 paths per warp) [warplint-warp-divergence]
    // CHECK: :[[@LINE-3]]:5: note: in warp 0 of block (0, 0, 0) at s = 1, every 2nd lane from 0 (16 lanes) take it
    // CHECK: :[[@LINE-4]]:5: note: CuMAPz eq. 7: n_path = 111 over n_warp = 64 warp executions, branch efficiency 0.58; evaluated for s = 1, 2, 4, 8, 16, 32, 64, 128
    // CHECK: :[[@LINE-5]]:5: note: interleaved reduction: sequential addressing
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
  // One block of 8 warps: warp 0 splits, 1 of 8 = 12.5%, 9/8 = 1.125 paths
  // (printed with two decimals). One lane: only with WarnOnSingleLane.
  // SINGLE: :[[@LINE-4]]:3: warning: branch on 'tid == 0' diverges: 12.5% of warps split
}

// Sequential addressing: s = 128, 64, 32 split no warp; s = 16, 8, 4, 2, 1
// split only warp 0, at the bound tid < s: tail, silent by default. With
// WarnOnTail: 5 of 64 = 7.8125% -> 7.8; n_path = 69, 69/64 = 1.078 -> 1.08.
// warplint: launch grid(1) block(256)
__global__ void reduceSequential(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    // TAIL: :[[@LINE-2]]:5: warning: branch on 'tid < s' splits the warps that straddle its bound: 7.8% of warps split (1.08 paths per warp) [warplint-warp-divergence]
    // TAIL: :[[@LINE-3]]:5: note: in warp 0 of block (0, 0, 0) at s = 16, lanes 0-15 take it and lanes 16-31 do not
    __syncthreads();
  }
}

// Fig. 2 generalised (validation/stencil/cumapz_stencil.cu): the halo test
// written as a bound, x < 0 || x >= BLKDIM with x = threadIdx.x + j - 1.
// With 16-wide blocks the bound is crossed in both rows of every warp, so
// it is not a tail: j = 0 splits every warp (lanes 0, 16 have x = -1),
// j = 1 none, j = 2 every warp (lanes 15, 31 have x = 16). Grid 4 x 4 of 8
// warps, 3 iterations: 384 warp executions, 256 split = 66.7%; n_path =
// 384 + 256 = 640, 640/384 = 1.67 paths per warp, efficiency 0.6.
// warplint: launch grid(4, 4) block(16, 16)
__global__ void haloBound(float *out, const float *in) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float s_in[BLKDIM][BLKDIM];
  s_in[threadIdx.y][threadIdx.x] = in[row * MAX + col + 1];
  __syncthreads();
  float t[3];
  for (int j = 0; j < 3; ++j) {
    int x = (int)threadIdx.x + j - 1;
    if (x < 0 || x >= BLKDIM)
      t[j] = in[row * MAX + col + j];
    else
      t[j] = s_in[threadIdx.y][x];
    // CHECK: :[[@LINE-4]]:5: warning: branch on 'x < 0 || x >= BLKDIM' diverges: 66.7% of warps split (1.67 paths per warp) [warplint-warp-divergence]
    // CHECK: :[[@LINE-5]]:5: note: in warp 0 of block (0, 0, 0) at j = 0, lanes 0, 16 take it and lanes 1-15, 17-31 do not
    // CHECK: :[[@LINE-6]]:5: note: CuMAPz eq. 7: n_path = 640 over n_warp = 384 warp executions, branch efficiency 0.6; evaluated for j = 0, 1, 2
  }
  out[row * MAX + col] = t[0] * t[1] * t[2];
}

// Only block 0 of 200 takes the even/odd split: its 8 warps of 1600 split
// (0.5%, under the 1% default); n_path = 1600 + 8 = 1608, 1.005 paths per
// warp (printed 1), efficiency 1600/1608 = 0.995 (printed 1).
// warplint: launch grid(200) block(256)
__global__ void firstBlockOnly(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x == 0 && threadIdx.x % 2 == 0)
    out[i] = in[i] * 2.0f;
  // MINSPLIT: :[[@LINE-2]]:3: warning: branch on 'blockIdx.x == 0 && threadIdx.x % 2 == 0' diverges: 0.5% of warps split (1 paths per warp) [warplint-warp-divergence]
}

// Blocks of one warp (Rodinia's lud_perimeter): the bound splits the warp
// of every block into two halves with work of their own; with no full
// warp beside it that is no tail, but two roles run one after the other.
// warplint: launch grid(64) block(32)
__global__ void halfWarpRoles(float *out, const float *in) {
  __shared__ float s[32];
  if (threadIdx.x < 16)
    s[threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x] * 2.0f;
  else
    s[threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x] + 1.0f;
  // CHECK: :[[@LINE-4]]:3: warning: branch on 'threadIdx.x < 16' diverges: 100% of warps split (2 paths per warp) [warplint-warp-divergence]
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = s[31 - threadIdx.x];
}

// Members of a thread's own object, set in a method it calls on itself
// (Rodinia dwt2d's loaders): values in registers, like a local struct's; a
// parity branch that only sets them guards no work (no warning).
struct Loader {
  int stride;
  __device__ void set(int x, int n) {
    if (x & 1)
      stride = n / 2;
    else
      stride = n / 2 + 1;
  }
  __device__ int init(int x, int n) {
    this->set(x, n);
    return stride;
  }
};
// warplint: launch grid(64) block(192)
__global__ void localLoader(int *out, int n) {
  Loader l;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[x] = l.init(x, n);
}

// The same through a reference parameter naming the kernel's local, with a
// `?:` helper under the branch (Rodinia dwt2d's rdwt53: column.loader):
// the helper's select is no work of its own; no warning.
__device__ int divUp(int n, int d) { return n / d + ((n % d) ? 1 : 0); }
struct IOBase {
  int low;
  __device__ void start(int x, int n) {
    if (x & 1)
      low = divUp(n, 2);
    else
      low = n / 2;
  }
};
struct Column {
  IOBase io;
  int offset;
};
__device__ void initColumn(int x, int n, Column &c) {
  c.offset = x;
  c.io.start(x, n);
}
// warplint: launch grid(64) block(192)
__global__ void columnByReference(int *out, int n) {
  Column c;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  initColumn(x, n, c);
  out[x] = c.io.low + c.offset;
}

// One idle lane is not a second path. Every lane but the block's last
// takes a branch with no else (a per-block histogram's `if (!skip)`):
// lanes 0-30 run the body once, lane 31 waits; nothing runs on its side.
// warplint: launch grid(1024) block(256)
__global__ void allButLastLane(float *out, const float *in) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x != blockDim.x - 1)
    out[i] = in[i] * 2.0f;
  // TAIL: :[[@LINE-2]]:3: warning: branch on 'threadIdx.x != blockDim.x - 1' diverges: 12.5% of warps split (1.12 paths per warp) [warplint-warp-divergence]
  // TAIL: :[[@LINE-3]]:3: note: in warp 7 of block (0, 0, 0), lanes 0-30 take it and lane 31 does not; only one side has work: the lanes off it idle while it runs
}

// A warp per row walks 545 elements 32 at a time: lane 0 runs 18
// iterations, lanes 1-31 17, in every warp; one partial iteration per warp
// (about 5%), a tail like a grid-stride loop's, however many warps it
// splits.
// warplint: launch grid(64) block(32, 4)
__global__ void rowWalk(unsigned *out, const unsigned *in) {
  unsigned row = blockIdx.x * 4 + threadIdx.y;
  for (int p = threadIdx.x; p < 545; p += 32)
    out[row * 576 + p] = in[row * 576 + p] + 1;
  // TAIL: :[[@LINE-2]]:3: warning: the trip count of this for loop differs between the lanes of a warp: 100% of warps split (2 paths per warp) [warplint-warp-divergence]
  // TAIL: :[[@LINE-3]]:3: note: in warp 0 of block (0, 0, 0), lane 0 runs 18 iterations and lanes 1-31 one fewer; the lanes with fewer iterations idle until the others finish
}

// The low edge of a stencil (needs i - 1 and j - 1): lane 0 of each row in
// the first block column does not take it, as the high edge's `i < nx - 1`
// splits the last block column: a bound on the global index at the grid's
// edge, a tail.
// warplint: launch grid(32, 256) block(32, 4)
__global__ void lowEdge(float *out, const float *in, int nx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && j > 0)
    out[j * nx + i] = in[j * nx + i] - in[j * nx + i - 1] - in[(j - 1) * nx + i];
  // TAIL: :[[@LINE-2]]:3: warning: branch on 'i > 0 && j > 0' splits the warps that straddle its bound: 3.1% of warps split (1.03 paths per warp) [warplint-warp-divergence]
}

// Both sides with work and one lane alone on the else side: that lane runs
// the else path once while the others wait, as a single-lane branch does
// (reported with WarnOnSingleLane).
// warplint: launch grid(64) block(256)
__global__ void lastLaneElse(float *out, const float *in) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 != 31)
    out[i] = in[i] * 2.0f;
  else
    out[i] = in[i + 1];
  // SINGLE: :[[@LINE-4]]:3: warning: branch on 'threadIdx.x % 32 != 31' diverges: 100% of warps split (2 paths per warp) [warplint-warp-divergence]
  // SINGLE: :[[@LINE-5]]:3: note: in warp 0 of block (0, 0, 0), lanes 0-30 take it and lane 31 does not; the paths run one after the other
}
