// warplint-bank-conflict: n-way shared-memory bank conflicts, and the
// [N] -> [N + 1] padding fix-it. Every kernel is launched below, so the
// configuration comes from its launch site. Run on both sides of the CUDA
// compilation, on a 1.3 device (16 banks, half-warps) and on sm_80 (32
// banks, whole warps).
//
// RUN: %warplint --checks='-*,warplint-bank-conflict' --gpu-arch=sm_13 %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CC13,BOTH --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-bank-conflict' --gpu-arch=sm_13 %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SNIP
// RUN: %warplint --checks='-*,warplint-bank-conflict' --gpu-arch=sm_13 --cuda-side=host %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CC13,BOTH --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-bank-conflict' --gpu-arch=sm_80 %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CC80,BOTH --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-bank-conflict' --gpu-arch=sm_80 --cuda-side=host %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CC80,BOTH --implicit-check-not='warning:'
//
// A MinWays that is not a whole number >= 2 is said, and 2 is used (a
// "1-way conflict" is no conflict).
// (clang-tidy with the plugin: warplint refuses the value before any file,
// test/tools/config-errors.test.)
// RUN: %clang_tidy --load=%plugin --checks='-*,warplint-bank-conflict' \
// RUN:   --config="{CheckOptions: {warplint-bank-conflict.MinWays: 0}}" %s -- --cuda-device-only %builtin_cuda_args 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADWAYS
// BADWAYS: warning: invalid MinWays for warplint-bank-conflict: '0' (a whole number >= 2, the smallest degree of conflict reported); using 2
// BADWAYS-NOT: 1-way bank conflict
//
// Kepler's 8-byte bank mode (CGPredict Sec. 2.5): see the kernel 'wide'. On
// sm_37, for which the 3.5 Tesla K20X stands in.
// RUN: %warplint --checks='-*,warplint-bank-conflict' --gpu-arch=sm_37 \
// RUN:   --config="{CheckOptions: {warplint-bank-conflict.BankWidth: 8}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=K8
//
// --fix applies the padding where re-analysis proved it; a second run is
// clean on those buffers, the file still parses, and nothing else changed.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/fix.cu
// RUN: %warplint --checks='-*,warplint-bank-conflict' --gpu-arch=sm_80 --fix %t/fix.cu -- > %t/fix.log 2>&1
// RUN: diff %s %t/fix.cu > %t/diff.txt || true
// RUN: FileCheck %s --check-prefix=DIFF --input-file=%t/diff.txt --implicit-check-not='{{^[<>]}}'
// RUN: %warplint --checks='-*,warplint-bank-conflict' --gpu-arch=sm_80 %t/fix.cu -- > %t/after.log 2>&1
// RUN: FileCheck %s --check-prefix=AFTER --input-file=%t/after.log
// DIFF: < __shared__ float s_in[BLKDIM][BLKDIM + 1];
// DIFF: > __shared__ float s_in[BLKDIM][BLKDIM + 2];
// DIFF: < __shared__ float tile[TILE][TILE];
// DIFF: > __shared__ float tile[TILE][TILE + 1];
// AFTER-NOT: error
// AFTER-NOT: 'tile'
// AFTER: warning: 8-way bank conflict on shared buffer 's_in'
// AFTER-NOT: 'tile'
// AFTER-NOT: 2-way bank conflict on shared buffer 's_in'

#define MAX 1024
#define BLKDIM 16
#define TILE 32

// CuMAPz Table II, column-wise: s_in[threadIdx.x][threadIdx.y] with BLKDIM
// 16. Word = 16*tx + ty: the 16 lanes of a half-warp (tx = 0..15, one ty)
// all hit bank ty on 1.3. On sm_80 a warp holds two rows, ty and ty + 1:
// words 16*tx + ty fall in banks ty and ty + 16, 8 words each: 8-way.
__global__ void columnWise(float *out, const float *in) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float s_in[BLKDIM][BLKDIM];
  s_in[threadIdx.x][threadIdx.y] = in[row * MAX + col];
  // CC13: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared buffer 's_in': the 16 lanes of each half-warp hit one bank: lanes that differ in threadIdx.x are 16 words apart [warplint-bank-conflict]
  // CC80: :[[@LINE-2]]:3: warning: 8-way bank conflict on shared buffer 's_in': 8 lanes of a warp hit bank 0 at different words: lanes that differ in threadIdx.x are 16 words apart [warplint-bank-conflict]
  // CC13: :[[@LINE-4]]:20: note: padding the innermost dimension of 's_in' to [BLKDIM + 1] removes the conflicts on every access to it
  // CC80: :[[@LINE-5]]:20: note: 's_in' declared here; padding is not offered: with the padding, 's_in[threadIdx.x][threadIdx.y]' (line [[#@LINE-4]]) would still be 2-way
  // The load below has the same conflict: a note of the store's warning.
  // CC13: :[[@LINE-6]]:3: note: 1 more access to 's_in' in this kernel has the same conflict (line [[#@LINE+12]]); not reported separately
  // CC80: :[[@LINE-7]]:3: note: 1 more access to 's_in' in this kernel has the same conflict (line [[#@LINE+11]]); not reported separately
  // The warning's snippet is the access's own line; the padding fix-it is
  // the note's, at the declaration (a snippet of its own).
  // SNIP: :[[@LINE-10]]:3: warning: 16-way bank conflict on shared buffer 's_in'
  // SNIP-NEXT: {{^ +}}[[#@LINE-11]] |   s_in[threadIdx.x][threadIdx.y] = in[row * MAX + col];
  // SNIP-NEXT: {{^ *}}|{{ *}}^
  // SNIP: :[[@LINE-14]]:20: note: padding the innermost dimension of 's_in' to [BLKDIM + 1]
  // SNIP-NEXT: {{^ +}}[[#@LINE-15]] |   __shared__ float s_in[BLKDIM][BLKDIM];
  // SNIP-NEXT: {{^ *}}|{{ *}}^{{ *}}~~~~~~
  // SNIP-NEXT: {{^ *}}|{{ *}}BLKDIM + 1
  __syncthreads();
  out[row * MAX + col] = s_in[threadIdx.x][threadIdx.y];
}

// CuMAPz Table II, row-wise: conflict-free.
__global__ void rowWise(float *out, const float *in) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float s_in[BLKDIM][BLKDIM];
  s_in[threadIdx.y][threadIdx.x] = in[row * MAX + col];
  __syncthreads();
  out[row * MAX + col] = s_in[threadIdx.y][threadIdx.x];
}

// CuMAPz Table II, [BLKDIM][BLKDIM+1]: word = 17*tx + ty, banks tx + ty
// (mod 16) on 1.3: conflict-free. On sm_80 the two rows of a warp meet:
// word 17*15 + ty + 1 = 256 + ty shares bank ty with word ty: 2-way; there
// padding once more (18*tx + ty) is conflict-free, and re-analysis says so.
__global__ void padded(float *out, const float *in) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float s_in[BLKDIM][BLKDIM + 1];
  s_in[threadIdx.x][threadIdx.y] = in[row * MAX + col];
  // CC80: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared buffer 's_in'
  // CC80: :[[@LINE-3]]:20: note: padding the innermost dimension of 's_in' to [BLKDIM + 2] removes the conflicts on every access to it
  // CC80: :[[@LINE-3]]:3: note: 1 more access to 's_in' in this kernel has the same conflict (line [[#@LINE+2]]); not reported separately
  __syncthreads();
  out[row * MAX + col] = s_in[threadIdx.x][threadIdx.y];
}

// The tiled transpose: the tile is read by column. Word = 32*tx + ty + j:
// every lane of a (half-)warp hits bank ty + j.
__global__ void transposeTile(float *out, const float *in, int width) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
  // CC13: :[[@LINE-1]]:32: warning: 16-way bank conflict on shared buffer 'tile'
  // CC80: :[[@LINE-2]]:32: warning: 32-way bank conflict on shared buffer 'tile': the 32 lanes of each warp hit one bank: lanes that differ in threadIdx.x are 32 words apart [warplint-bank-conflict]
  // BOTH: :[[@LINE-12]]:20: note: padding the innermost dimension of 'tile' to [TILE + 1] removes the conflicts on every access to it
}

// The padded transpose tile: word = 33*tx + ty + j: conflict-free on both.
__global__ void transposePadded(float *out, const float *in, int width) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Interleaved reduction: index = 2*s*tid, s = 1, 2, 4, ..., 128, with
// 256-thread blocks. Lanes active where index < 256. On sm_80 the worst step
// is s = 4 (lanes 0..31 of warp 0, words 0, 8, ..., 248: banks 0, 8, 16, 24,
// 8 words each): 8-way. On 1.3 (half-warps) s = 8: words 0, 16, ..., 240,
// all bank 0: 16-way.
__global__ void reduceInterleaved(const float *in, float *out) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    // sdata[index + s] (read first) and sdata[index] have the same
    // conflict, explained alike: one warning, the other a note. On sm_80
    // they hit different banks (4 and 0), which does not make a second
    // cause.
    // CC13: :[[@LINE-5]]:23: warning: 16-way bank conflict on shared buffer 'sdata'
    // CC13: :[[@LINE-6]]:23: note: 1 more access to 'sdata' in this kernel has the same conflict (line [[#@LINE-6]]); not reported separately
    // CC80: :[[@LINE-7]]:23: warning: 8-way bank conflict on shared buffer 'sdata': 8 lanes of a warp hit bank 4
    // CC80: :[[@LINE-8]]:23: note: 1 more access to 'sdata' in this kernel has the same conflict (line [[#@LINE-8]]); not reported separately
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// Sequential addressing: sdata[tid] += sdata[tid + s]: conflict-free.
__global__ void reduceSequential(const float *in, float *out) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// double and float4 in shared memory, consecutive: on sm_80 served in 2 and
// 4 phases, each conflict-free. Stride-2 doubles: lanes 16 bytes apart, a
// half-warp phase covers 64 words, banks 0,1,4,5,... twice: 2-way. On 1.3
// (16 banks, a half-warp at a time, as the Programming Guide's 1.x double
// example) consecutive doubles are 2-way, float4 4-way, stride-2 doubles
// 4-way.
__global__ void wide(double *out, const float4 *in4) {
  __shared__ double d[512];
  __shared__ float4 v[256];
  d[threadIdx.x] = out[threadIdx.x];
  // CC13: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared buffer 'd'
  v[threadIdx.x] = in4[threadIdx.x];
  // CC13: :[[@LINE-1]]:3: warning: 4-way bank conflict on shared buffer 'v'
  out[threadIdx.x] = d[2 * threadIdx.x];
  // CC80: :[[@LINE-1]]:22: warning: 2-way bank conflict on shared buffer 'd'
  // CC13: :[[@LINE-2]]:22: warning: 4-way bank conflict on shared buffer 'd'
  // With 8-byte banks a double is one word and the warp one phase: lanes
  // 2 words apart hit 16 banks twice: 2-way; consecutive doubles are clean.
  // K8-NOT: :[[@LINE-9]]:{{.*}} warning
  // K8: :[[@LINE-6]]:22: warning: 2-way bank conflict on shared buffer 'd'
  // K8: note: assuming grid (1, 1, 1) block (256, 1, 1), from the launch at {{.*}}, on NVIDIA Tesla K20X (GK110, Kepler), sm_35: compute capability 3.5 (32-byte sectors; 32 banks of 8 bytes)
  // K8: note: assuming sm_37 (compute capability 3.7) has no architecture file of its own: tesla_k20x {{.*}} stands for it
}


// A 16 x 16 tile stored transposed, launched with a block set by a chained
// assignment (`block.x = block.y = 16`, Parboil lbm's style): the block is
// (16, 16, 1), so a warp holds two rows and t[tx][ty] puts 8 lanes (16 on
// 1.3's half-warps) 16 words apart on one bank. Padding to [16 + 1] would
// leave the rows' second halves 2-way on 32 banks: not offered there.
__global__ void chainedBlock(float *out, const float *in) {
  __shared__ float t[16][16];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  t[threadIdx.x][threadIdx.y] = in[y * 1024 + x];
  // CC80: :[[@LINE-1]]:3: warning: 8-way bank conflict on shared buffer 't': 8 lanes of a warp hit bank 0 at different words: lanes that differ in threadIdx.x are 16 words apart [warplint-bank-conflict]
  // CC80: note: assuming grid (64, 64, 1) block (16, 16, 1), from the launch at
  // CC80: note: 't' declared here; padding is not offered: with the padding, 't[threadIdx.x][threadIdx.y]' (line [[@LINE-3]]) would still be 2-way
  // CC13: :[[@LINE-4]]:3: warning: 16-way bank conflict on shared buffer 't': the 16 lanes of each half-warp hit one bank: lanes that differ in threadIdx.x are 16 words apart [warplint-bank-conflict]
  // CC13: note: assuming grid (64, 64, 1) block (16, 16, 1), from the launch at
  __syncthreads();
  out[y * 1024 + x] = t[threadIdx.y][threadIdx.x];
}
// A 2-D array that is a member of a __shared__ struct (Parboil bfs's
// queues): lane l writes elems[l & 7][l >> 3] after tail's 8 words; rows
// are 400 words apart, 400 % 32 == 16, so rows 0, 2, 4, 6 share banks:
// 4-way on 32 banks (on 1.3's 16 banks every row does: 8-way). No padding
// is offered: the array is padded in the struct's declaration.
struct Queues {
  int tail[8];
  int elems[8][400];
};
__global__ void structQueues(int *dst) {
  __shared__ Queues Q;
  int qi = threadIdx.x & 7, p = threadIdx.x >> 3;
  Q.elems[qi][p] = qi;
  // CC80: :[[@LINE-1]]:3: warning: 4-way bank conflict on shared buffer 'Q': 4 lanes of a warp hit bank 8 at different words [warplint-bank-conflict]
  // CC80: note: 'Q' declared here; padding is not offered: the buffer is a struct: pad its member array in the struct's declaration
  // CC13: :[[@LINE-3]]:3: warning: 8-way bank conflict on shared buffer 'Q': 8 lanes of a half-warp hit bank 8 at different words [warplint-bank-conflict]
  __syncthreads();
  dst[blockIdx.x * 512 + p * 8 + qi] = Q.elems[qi][p] + Q.tail[qi];
}
// The same queues read in a method called on the __shared__ object
// (Parboil bfs's `local_q.concatenate(...)`): `this` points at it.
struct QueuesM {
  int tail[8];
  int elems[8][400];
  __device__ int head() const { return elems[threadIdx.x & 7][threadIdx.x >> 3]; }
  // CC80: :[[@LINE-1]]:40: warning: 4-way bank conflict on shared buffer 'Q': 4 lanes of a warp hit bank 8 at different words [warplint-bank-conflict]
  // CC13: :[[@LINE-2]]:40: warning: 8-way bank conflict on shared buffer 'Q': 8 lanes of a half-warp hit bank 8 at different words [warplint-bank-conflict]
};
__global__ void structMethod(int *dst) {
  __shared__ QueuesM Q;
  Q.tail[threadIdx.x & 7] = 0;
  __syncthreads();
  dst[blockIdx.x * 512 + threadIdx.x] = Q.head();
}
void launchChained(float *o, const float *i) {
  dim3 block, grid;
  block.x = block.y = 16;
  grid.x = grid.y = 64;
  chainedBlock<<<grid, block>>>(o, i);
  structQueues<<<64, 512>>>((int *)o);
  structMethod<<<64, 512>>>((int *)o);
}

void launchAll(float *o, const float *i, double *d, const float4 *v) {
  dim3 block16(BLKDIM, BLKDIM), grid16(MAX / BLKDIM, MAX / BLKDIM);
  columnWise<<<grid16, block16>>>(o, i);
  rowWise<<<grid16, block16>>>(o, i);
  padded<<<grid16, block16>>>(o, i);
  dim3 blockT(TILE, 8), gridT(MAX / TILE, MAX / TILE);
  transposeTile<<<gridT, blockT>>>(o, i, MAX);
  transposePadded<<<gridT, blockT>>>(o, i, MAX);
  reduceInterleaved<<<1024, 256>>>(i, o);
  reduceSequential<<<1024, 256>>>(i, o);
  wide<<<1, 256>>>(d, v);
}
