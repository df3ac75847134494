// Host-side values (issue 14, items 3, 5 and 13): the launch's arguments and
// shape are followed back through the host code: through helper functions
// called with literals and #defines, through a ternary (one configuration
// per branch, the branch said), through a function pointer; a shared pitch
// the host computes decides the bank conflict; and where a value stays
// unknown and the guessed value would make an access unreachable, another
// value is chosen and said. Every number is worked out by hand below.
//
// RUN: %warplint --checks='-*,warplint-uncoalesced-access,warplint-bank-conflict' \
// RUN:   --gpu-arch=sm_80 %s -- 2>&1 | FileCheck %s --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-uncoalesced-access,warplint-bank-conflict' \
// RUN:   --gpu-arch=sm_80 --cuda-side=host %s -- 2>&1 | FileCheck %s --implicit-check-not='warning:'

#define WIDTH 1024
#define HEIGHT 2048
#define TILE 16

// A 16 x 16 block: a warp is two rows of 16 lanes. The read in[x * height + y]
// has 16 distinct x, 'height' = 2048 floats (8192 bytes) apart, each with two
// adjacent y in one sector: 16 sectors in 16 lines, ideal 128 bytes = 4
// sectors; 128 of 16 * 32 bytes used = 25%. The write out[y * width + x] is
// two 64-byte runs, 'width' = 1024 floats apart, each 2 sectors: 4 sectors,
// the ideal. Both values reach the launch through runCopy's parameters.
__global__ void copyT(float *out, const float *in, int width, int height) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < width && y < height)
    out[y * width + x] = in[x * height + y];
}
// CHECK: host-values.cu:[[@LINE-2]]:26: warning: global load from 'in' touches 16 sectors in 16 lines per warp request (ideal 4); 25% of fetched bytes are used
// CHECK: note: adjacent lanes are 2048 elements (8192 bytes) apart: the index changes by 'height' per threadIdx.x
// CHECK: host-values.cu:[[@LINE+6]]:3: note: assuming grid (64, 128, 1) block (16, 16, 1), from the launch at {{.*}}host-values.cu:[[@LINE+6]]:3 reached through the call at {{.*}}host-values.cu:[[@LINE+108]]:3,
// CHECK: note: assuming 'height' = 2048 (its value at the launch)
// CHECK: note: assuming 'width' = 1024 (its value at the launch)
static void runCopy(float *o, const float *i, int w, int h) {
  dim3 block(TILE, TILE);
  dim3 grid(w / TILE, h / TILE);
  copyT<<<grid, block>>>(o, i, w, h);
}

// The stride between lanes is blockDim.x / 64 floats, so the two block sizes
// the ternary chooses give two verdicts. Block 256: 4 floats (16 bytes)
// apart, 32 lanes span 512 bytes: 16 sectors in 4 lines, 25% used. Block
// 128: 2 floats apart, 256 bytes: 8 sectors in 2 lines, 50% used.
__global__ void spread(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[threadIdx.x * (blockDim.x / 64)];
}
// CHECK: host-values.cu:[[@LINE-2]]:14: warning: global load from 'in' touches 16 sectors in 4 lines per warp request (ideal 4); 25% of fetched bytes are used
// CHECK: note: assuming grid (64, 1, 1) block (256, 1, 1), from the launch at {{.*}}host-values.cu:[[@LINE+91]]:3, when '1 < readConfig()' is true,
// CHECK: note: assuming 'n' = 8192 (its value at the launch)
// CHECK: host-values.cu:[[@LINE-5]]:14: warning: global load from 'in' touches 8 sectors in 2 lines per warp request (ideal 4); 50% of fetched bytes are used
// CHECK: note: assuming grid (64, 1, 1) block (128, 1, 1), from the launch at {{.*}}host-values.cu:[[@LINE+88]]:3, when '1 < readConfig()' is false,

// Launched through a function pointer with 512-thread blocks: lanes are 3
// floats (12 bytes) apart, 384 bytes: 12 sectors in 3 lines, 33% used.
__global__ void scale(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i * 3] *= 2.0f;
}
// CHECK: host-values.cu:[[@LINE-2]]:5: warning: global load and store of 'p' touches 12 sectors in 3 lines per warp request (ideal 4); 33% of fetched bytes are used
// CHECK: note: assuming grid (32, 1, 1) block (512, 1, 1), from the launch at {{.*}}host-values.cu:[[@LINE+80]]:3 through the function pointer 'k',
// CHECK: note: assuming 'n' = 16384 (its value at the launch)

// A pitch the host computes: 32 (unpadded) from the first call, 33 from the
// second. Column reads tile[tx * pitch + ty]: with pitch 32 the 32 lanes are
// 32 words apart, all in bank ty % 32: a 32-way conflict. With pitch 33 lane
// tx is in bank (tx * 33 + ty) % 32 = (tx + ty) % 32: 32 distinct banks, no
// conflict, so only the first call's launch is warned.
__global__ void columns(float *out, const float *in, int pitch) {
  extern __shared__ float tile[];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty * pitch + tx] = in[(blockIdx.x * 32 + ty) * 32 + tx];
  __syncthreads();
  out[(blockIdx.x * 32 + ty) * 32 + tx] = tile[tx * pitch + ty];
}
// CHECK: host-values.cu:[[@LINE-2]]:43: warning: 32-way bank conflict on shared buffer 'tile': the 32 lanes of each warp hit one bank: lanes that differ in threadIdx.x are 32 words apart
// CHECK: note: assuming grid (64, 1, 1) block (32, 8, 1), from the launch at {{.*}}host-values.cu:[[@LINE+7]]:3 reached through the call at {{.*}}host-values.cu:[[@LINE+65]]:3,
// CHECK: note: assuming 'pitch' = 32 (its value at the launch)
// A pitch one word longer, 33, is the first that re-analysis finds clean.
// CHECK: note: 'tile' declared here; padding is not offered: the buffer's size is set at launch; with 'pitch' = 33 instead of 32 (set where the kernel is launched) re-analysis finds no conflict on 'tile'
void runColumns(float *o, const float *i, int padded) {
  int pitch = padded ? 33 : 32;
  dim3 block(32, 8);
  columns<<<64, block, 32 * pitch * sizeof(float)>>>(o, i, pitch);
}

// A byte buffer in 16 x 4 blocks: a warp is two rows of 16 lanes, each lane
// on its own word (4 * tx bytes). The host computes the pitch the way image
// filters do, rounded to 64 bytes: ~0x3f & (4 * 82 + 0x3f) = 391 & ~63 =
// 384 bytes = 96 words, a multiple of 32: row 1's lanes hit banks 0..15 at
// other words than row 0's, a 2-way conflict. Pitches 388..444 (97..111
// words) still overlap banks 0..15 partly; 448 (112 words) puts row 1 on
// banks 16..31: the first clean pitch in 4-byte steps.
__global__ void rows(unsigned char *out, const unsigned char *in, int pitch) {
  extern __shared__ unsigned char bytes[];
  int tx = threadIdx.x, ty = threadIdx.y;
  bytes[ty * pitch + 4 * tx] = in[blockIdx.x * 64 + ty * 16 + tx];
  __syncthreads();
  out[blockIdx.x * 64 + ty * 16 + tx] = bytes[ty * pitch + 4 * tx];
}
// CHECK: host-values.cu:[[@LINE-4]]:3: warning: 2-way bank conflict on shared buffer 'bytes': 2 lanes of a warp hit bank 0 at different words: the 2 rows of the block in each warp (blockDim.x = 16) are 96 words apart, a multiple of 32 banks
// CHECK: note: assuming 'pitch' = 384 (its value at the launch)
// CHECK: note: 'bytes' declared here; padding is not offered: the buffer's size is set at launch; with 'pitch' = 448 instead of 384 (set where the kernel is launched) re-analysis finds no conflict on 'bytes'
// CHECK: note: 1 more access to 'bytes' in this kernel has the same conflict (line [[#@LINE-5]]); not reported separately
void runRows(unsigned char *o, const unsigned char *i) {
  int pitch = ~0x3f & (4 * (80 + 2) + 0x3f);
  dim3 block(16, 4);
  rows<<<64, block, 4 * pitch>>>(o, i, pitch);
}

// Elimination step t of an n x n matrix, lanes 'size' floats apart. The
// launch's unknown n is chosen with its grid (n, n) at the default 64 x 64
// blocks: n = 64, so size = n * 1000 = 64000. 't' is not known; the
// threads with x < 64000 - 1 - t reach the access for t = 4096 or 4103
// alike (said). 256000 bytes between lanes: 32 sectors in 32 lines, 4
// bytes of each 32-byte sector used: 13%.
__global__ void eliminate(float *a, const float *m, int size, int t) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= size - 1 - t)
    return;
  a[size * (x + 1 + t) + y] -= m[size * (x + 1 + t) + t];
}
// CHECK: host-values.cu:[[@LINE-2]]:3: warning: global load and store of 'a' touches 32 sectors in 32 lines per warp request (ideal 4); 13% of fetched bytes are used
// CHECK: note: adjacent lanes are 64000 elements (256000 bytes) apart: the index changes by 'size' per threadIdx.x
// CHECK: note: assuming 'n' = 64 (not known at the launch: chosen so that gridDim.x, computed as 'n', is the default 64 blocks; the kernel's arguments take the same value)
// CHECK: note: assuming nothing about 't', whose value is not known here: the result is the same for t = 4096 and t = 4103
// CHECK: host-values.cu:[[@LINE-6]]:32: warning: global load from 'm' touches 32 sectors in 32 lines per warp request (ideal 4); 13% of fetched bytes are used

// Values the host reads at run time that warplint does not follow (not the
// command line, whose values are those of a run without arguments:
// launch-command-line.cu).
int readConfig();

int main(int argc, char **argv) {
  float *o, *i;
  runCopy(o, i, WIDTH, HEIGHT);
  int threads = readConfig() > 1 ? 256 : 128;
  spread<<<64, threads>>>(o, i, 8192);
  void (*k)(float *, int) = scale;
  k<<<32, 512>>>(o, 16384);
  runColumns(o, i, 0);
  runColumns(o, i, 1);
  runRows((unsigned char *)o, (const unsigned char *)i);
  int n = readConfig();
  dim3 block(32, 8), grid(n, n);
  for (int t = 0; t < n; ++t)
    eliminate<<<grid, block>>>(o, i, n * 1000, t);
  return 0;
}

// The same elimination with no launch in the file: 'size' and 't' both
// take the default 4096, where x >= size - 1 - t = -1 for every thread and
// no thread reaches the access. t = 0 is chosen instead (said in a note),
// where the threads with x < 4095 do: lanes 4096 floats (16384 bytes)
// apart, 32 sectors in 32 lines, 13% of the bytes used.
__global__ void eliminateAlone(float *a, const float *m, int size, int t) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= size - 1 - t)
    return;
  a[size * (x + 1 + t) + y] -= m[size * (x + 1 + t) + t];
}
// CHECK: host-values.cu:[[@LINE-2]]:3: warning: global load and store of 'a' touches 32 sectors in 32 lines per warp request (ideal 4); 13% of fetched bytes are used
// CHECK: note: adjacent lanes are 4096 elements (16384 bytes) apart: the index changes by 'size' per threadIdx.x
// CHECK: note: assuming 't' = 0 (its value is not known here; chosen so that the access is reached: with 't' = 4096 no thread reaches it;
// CHECK: host-values.cu:[[@LINE-5]]:32: warning: global load from 'm' touches 32 sectors in 32 lines per warp request (ideal 4); 13% of fetched bytes are used
// CHECK: note: assuming 't' = 0 (its value is not known here; chosen so that the access is reached
