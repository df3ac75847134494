// warplint-uncoalesced-access: sectors (2.0+) or transactions (1.x) per warp
// request against the ideal. Every expected number is worked out by hand in
// the comment above its kernel. MinFactor is 1.0 here, so any request that
// needs more than the ideal is reported.
//
// RUN: %warplint --checks='-*,warplint-uncoalesced-access' --gpu-arch=sm_80 \
// RUN:   --config="{CheckOptions: {warplint-uncoalesced-access.MinFactor: '1.0'}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CC80 --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-uncoalesced-access' --gpu-arch=sm_80 --cuda-side=host \
// RUN:   --config="{CheckOptions: {warplint-uncoalesced-access.MinFactor: '1.0'}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CC80 --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-uncoalesced-access' --gpu-arch=sm_13 \
// RUN:   --config="{CheckOptions: {warplint-uncoalesced-access.MinFactor: '1.0'}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CC13 --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-uncoalesced-access' --gpu-arch=sm_13 --cuda-side=host \
// RUN:   --config="{CheckOptions: {warplint-uncoalesced-access.MinFactor: '1.0'}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CC13 --implicit-check-not='warning:'
//
// A MinFactor that is not a number >= 1 is said, and 1.5 is used.
// (clang-tidy with the plugin: warplint refuses the value before any file.)
// RUN: %clang_tidy --load=%plugin --checks='-*,warplint-uncoalesced-access' \
// RUN:   --config="{CheckOptions: {warplint-uncoalesced-access.MinFactor: banana}}" %s -- --cuda-device-only %builtin_cuda_args 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADFACTOR
//
// An index that divides by a constant zero is undefined: not analysed, and
// said (it was skipped in silence).
// RUN: printf '__global__ void k(float *a) { a[threadIdx.x / 0] = 1; }\nvoid h(float *a) { k<<<1, 32>>>(a); }\n' > %t.div0.cu
// RUN: %warplint --checks='-*,warplint-uncoalesced-access' %t.div0.cu -- 2>&1 | FileCheck %s --check-prefix=UNDEF
// UNDEF: div0.cu:1:31: warning: global store to 'a' is not analysed: the index divides by zero ('threadIdx.x / 0'), which is undefined [warplint-uncoalesced-access]
// BADFACTOR: warning: invalid MinFactor for warplint-uncoalesced-access: 'banana' (a number >= 1, the sectors per request over the ideal from which a request is reported); using 1.5

// All kernels run 256-thread blocks unless said otherwise; t is the global
// thread index, so a block's addresses start on a 1024-byte boundary and
// only the lanes' pattern matters.
#define T (blockIdx.x * blockDim.x + threadIdx.x)

// Offset 0 and 32: one aligned 128-byte line, 4 sectors (ideal 4); on 1.3
// one 64-byte transaction per half-warp (ideal 2). Clean.
__global__ void copyOffset0(float *o, const float *i) { o[T] = i[T + 0]; }
__global__ void copyOffset32(float *o, const float *i) { o[T] = i[T + 32]; }
// Offset 16: bytes 64..191: sectors 2..5, still 4 (ideal 4), two lines;
// on 1.3 each half-warp sits in one 64-byte half of a segment: 2 (ideal 2).
// Clean.
__global__ void copyOffset16(float *o, const float *i) { o[T] = i[T + 16]; }
// Offset 1: bytes 4..131: sectors 0..4 = 5 in 2 lines (ideal 4); 128 of 160
// bytes used = 80%. On 1.3: half-warp 0, bytes 4..67, uses both halves of
// segment 0: one 128-byte transaction; half-warp 1, bytes 68..131: 68..127
// in the upper half of segment 0 (reduced to 64 bytes) and 128..131 in
// segment 1 (reduced to 32): 3 transactions (ideal 2), 128 of 224 bytes =
// 57%.
__global__ void copyOffset1(float *o, const float *i) { o[T] = i[T + 1]; }
// CC80: :[[@LINE-1]]:64: warning: global load from 'i' touches 5 sectors in 2 lines per warp request (ideal 4); 80% of fetched bytes are used [warplint-uncoalesced-access]
// CC80: :[[@LINE-2]]:64: note: the warp's addresses are contiguous but start 4 bytes past a 128-byte boundary
// CC13: :[[@LINE-3]]:64: warning: global load from 'i' needs 3 transactions for the 2 half-warps of a warp request (ideal 2); 57% of fetched bytes are used [warplint-uncoalesced-access]

// Strides of S floats: lanes 4*S bytes apart.
// S = 2: 256 bytes: 8 sectors in 2 lines (ideal 4), 50%. 1.3: a half-warp
//   spans one 128-byte segment, using both halves: 2 transactions (ideal
//   2): clean.
__global__ void stride2(float *o, const float *i) { o[T] = i[2 * T]; }
// CC80: :[[@LINE-1]]:60: warning: global load from 'i' touches 8 sectors in 2 lines per warp request (ideal 4); 50% of fetched bytes are used
// CC80: :[[@LINE-2]]:60: note: adjacent lanes are 2 elements (8 bytes) apart
// S = 4: 512 bytes: 16 sectors in 4 lines (ideal 4), 25%. 1.3: a half-warp
//   spans 2 segments, each used in both halves: 4 transactions of 128 bytes
//   (ideal 2), 128 of 512 bytes = 25%.
__global__ void stride4(float *o, const float *i) { o[T] = i[4 * T]; }
// CC80: :[[@LINE-1]]:60: warning: global load from 'i' touches 16 sectors in 4 lines per warp request (ideal 4); 25% of fetched bytes are used
// CC13: :[[@LINE-2]]:60: warning: global load from 'i' needs 4 transactions for the 2 half-warps of a warp request (ideal 2); 25% of fetched bytes are used
// S = 8: lanes 32 bytes apart: 32 sectors in 8 lines (ideal 4), 128 of 1024
//   bytes = 12.5%, printed 13%. 1.3: 4 lanes per segment at 0, 32, 64, 96:
//   8 transactions of 128 bytes (ideal 2), 13%.
__global__ void stride8(float *o, const float *i) { o[T] = i[8 * T]; }
// CC80: :[[@LINE-1]]:60: warning: global load from 'i' touches 32 sectors in 8 lines per warp request (ideal 4); 13% of fetched bytes are used
// CC13: :[[@LINE-2]]:60: warning: global load from 'i' needs 8 transactions for the 2 half-warps of a warp request (ideal 2); 13% of fetched bytes are used
// S = 16: 32 sectors in 16 lines, 13%. 1.3: 2 lanes per segment at 0 and
//   64: 16 transactions of 128 bytes (ideal 2), 128 of 2048 bytes = 6%.
__global__ void stride16(float *o, const float *i) { o[T] = i[16 * T]; }
// CC80: :[[@LINE-1]]:61: warning: global load from 'i' touches 32 sectors in 16 lines per warp request (ideal 4); 13% of fetched bytes are used
// CC13: :[[@LINE-2]]:61: warning: global load from 'i' needs 16 transactions for the 2 half-warps of a warp request (ideal 2); 6% of fetched bytes are used
// S = 32: 32 sectors in 32 lines, 13%. 1.3: one lane per segment, reduced
//   to 32 bytes: 32 transactions (ideal 2), 128 of 1024 bytes = 13%.
__global__ void stride32(float *o, const float *i) { o[T] = i[32 * T]; }
// CC80: :[[@LINE-1]]:61: warning: global load from 'i' touches 32 sectors in 32 lines per warp request (ideal 4); 13% of fetched bytes are used
// CC80: :[[@LINE-2]]:61: note: adjacent lanes are 32 elements (128 bytes) apart
// CC13: :[[@LINE-3]]:61: warning: global load from 'i' needs 32 transactions for the 2 half-warps of a warp request (ideal 2); 13% of fetched bytes are used

// float4 and double, consecutive: 512 bytes = 16 sectors in 4 lines (ideal
// 16); 256 bytes = 8 sectors (ideal 8). Clean on both.
__global__ void copyFloat4(float4 *o, const float4 *i) { o[T] = i[T]; }
__global__ void copyDouble(double *o, const double *i) { o[T] = i[T]; }
// float4 at stride 2: lanes 32 bytes apart, 16 of each 32: 32 sectors in 8
// lines (ideal 16), 50%. 1.3: each half-warp covers 512 bytes, 4 segments
// used in both halves: 8 transactions (ideal 4), 50%.
__global__ void float4Stride2(float4 *o, const float4 *i) { o[T] = i[2 * T]; }
// CC80: :[[@LINE-1]]:68: warning: global load from 'i' touches 32 sectors in 8 lines per warp request (ideal 16); 50% of fetched bytes are used
// CC13: :[[@LINE-2]]:68: warning: global load from 'i' needs 8 transactions for the 2 half-warps of a warp request (ideal 4); 50% of fetched bytes are used

// Reading a column-major matrix by rows: lanes 'n' elements apart on both
// sides; swapping threadIdx.x and threadIdx.y makes both contiguous (from
// 2 x 32 to 2 x 4 sectors), so the swap is offered. n = 1024 at the launch.
__global__ void columnScale(float *out, const float *in, int n) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  out[x * n + y] = 2.0f * in[x * n + y];
}
// CC80: :[[@LINE-2]]:3: warning: global store to 'out' touches 32 sectors in 32 lines per warp request (ideal 4); 13% of fetched bytes are used
// CC80: :[[@LINE-3]]:3: note: to fix: swap the roles of threadIdx.x and threadIdx.y in this index, so that consecutive lanes touch consecutive elements
// CC80: :[[@LINE-4]]:27: warning: global load from 'in' touches 32 sectors in 32 lines per warp request (ideal 4); 13% of fetched bytes are used
// CC80: :[[@LINE-5]]:27: note: to fix: swap the roles of threadIdx.x and threadIdx.y in this index, so that consecutive lanes touch consecutive elements
// CC13: :[[@LINE-6]]:3: warning: global store to 'out' needs 32 transactions
// CC13: :[[@LINE-7]]:27: warning: global load from 'in' needs 32 transactions

// The naive transpose: the store walks down a column. height = 1024 at the
// launch: lanes 4096 bytes apart: 32 sectors in 32 lines (ideal 4), 13%.
// 1.3: one lane per segment: 32 transactions of 32 bytes (ideal 2), 13%.
__global__ void transposeNaive(float *out, const float *in, int width,
                               int height) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[x * height + (y + j)] = in[(y + j) * width + x];
  // CC80: :[[@LINE-1]]:5: warning: global store to 'out' touches 32 sectors in 32 lines per warp request (ideal 4); 13% of fetched bytes are used
  // CC80: :[[@LINE-2]]:5: note: adjacent lanes are 1024 elements (4096 bytes) apart: the index changes by 'height' per threadIdx.x
  // CC80: note: assuming grid (32, 32, 1) block (32, 8, 1), from the launch at {{.*}}uncoalesced-access.cu:{{[0-9]+}}:3, on {{.*}}sm_80: compute capability 8.0 (32-byte sectors; 32 banks)
  // Swapping threadIdx.x and threadIdx.y everywhere would make the load
  // as strided as the store is now (32 + 4 sectors either way): the fix
  // offered is a tile (issue 14, item 12).
  // CC80: :[[@LINE-7]]:5: note: to fix: stage the data through a shared-memory tile: read it with consecutive lanes on consecutive elements, then write it from the tile the same way (swapping threadIdx.x and threadIdx.y would move the problem to 'in[(y + j) * width + x]', not remove it)
  // CC13: :[[@LINE-8]]:5: warning: global store to 'out' needs 32 transactions for the 2 half-warps of a warp request (ideal 2); 13% of fetched bytes are used
}

// Narrow blocks, in[row * width + col] with width = 1024 (a launch
// argument), all rows 4096 bytes apart:
// - 16 wide: a warp covers 2 rows of 64 bytes: 4 sectors in 2 lines (ideal
//   4): clean on sm_80; on 1.3 a half-warp is one row: clean.
// - 8 wide: 4 rows of 32 bytes: 4 sectors in 4 lines (ideal 4): clean on
//   sm_80; on 1.3 a half-warp is 2 rows of 32 bytes: 4 transactions of 32
//   bytes (ideal 2), 100% used.
// - 4 wide: 8 rows of 16 bytes: 8 sectors (ideal 4), 50%; 1.3: 8
//   transactions of 32 bytes (ideal 2), 50%.
__global__ void rows(float *out, const float *in, int width) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * width + col] = in[row * width + col];
}
// CC13: :[[@LINE-2]]:3: warning: global store to 'out' needs 4 transactions for the 2 half-warps of a warp request (ideal 2); 100% of fetched bytes are used
// CC13: :[[@LINE-3]]:3: note: a warp spans 4 rows of the block (blockDim.x = 8), which are 1024 elements apart
// CC13: note: assuming grid (128, 32, 1) block (8, 32, 1)
// CC13: :[[@LINE-5]]:3: warning: global store to 'out' needs 8 transactions for the 2 half-warps of a warp request (ideal 2); 50% of fetched bytes are used
// CC13: note: assuming grid (256, 16, 1) block (4, 64, 1)
// CC13: :[[@LINE-7]]:28: warning: global load from 'in' needs 4 transactions
// CC13: :[[@LINE-8]]:28: warning: global load from 'in' needs 8 transactions
// CC80: :[[@LINE-9]]:3: warning: global store to 'out' touches 8 sectors in 8 lines per warp request (ideal 4); 50% of fetched bytes are used
// CC80: :[[@LINE-10]]:3: note: a warp spans 8 rows of the block (blockDim.x = 4), which are 1024 elements apart
// CC80: note: assuming grid (256, 16, 1) block (4, 64, 1)
// CC80: :[[@LINE-12]]:28: warning: global load from 'in' touches 8 sectors in 8 lines per warp request (ideal 4); 50% of fetched bytes are used

// A stride nobody gives a value for: 'height' is a runtime value at the
// launch. Lanes are height floats apart; for any height of at least 8 that
// is 32 sectors in 32 lines. warplint tries two admitted values and says
// the result does not depend on it.
__global__ void unknownStride(float *out, int height) {
  out[threadIdx.x * height] = 0.0f;
  // CC80: :[[@LINE-1]]:3: warning: global store to 'out' touches 32 sectors in 32 lines per warp request (ideal 4); 13% of fetched bytes are used
  // CC80: note: assuming nothing about 'height', whose value is not known here: the result is the same for height = 4096 and height = 4103
  // CC13: :[[@LINE-3]]:3: warning: global store to 'out' needs 32 transactions
}

// Hong & Kim, Fig. 12, launched <<<80, 128>>>: with a one-dimensional block
// ty is 0 and tx runs along the rows of M and N: every load and the store
// are contiguous and aligned (M.width is not known; its assumed value keeps
// rows aligned). Clean.
#define BLOCKSIZE 16
struct Matrix { int width; int height; float *elements; };
__global__ void MatrixMulKernel(Matrix M, Matrix N, Matrix P) {
  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int wM = M.width, wN = N.width;
  int starta = wM * BLOCKSIZE * by, enda = starta + wM - 1;
  float subsum = 0;
  for (int a = starta, b = BLOCKSIZE * bx, iter = 0; a <= enda;
       a += BLOCKSIZE, b += BLOCKSIZE * wN, iter++) {
    __shared__ float Msub[BLOCKSIZE][BLOCKSIZE];
    __shared__ float Nsub[BLOCKSIZE][BLOCKSIZE];
    Msub[ty][tx] = M.elements[a + wM * ty + tx];
    Nsub[ty][tx] = N.elements[b + wN * ty + tx];
    __syncthreads();
    for (int k = 0; k < BLOCKSIZE; ++k)
      subsum += Msub[ty][k] * Nsub[k][tx];
    __syncthreads();
  }
  int index = wN * BLOCKSIZE * by + BLOCKSIZE * bx;
  P.elements[index + wN * ty + tx] = subsum;
}

// Vector accesses (docs/checks/uncoalesced-access.md, "Vector accesses"):
// nvcc merges the fields of one aligned element read together into one
// vector access (checked with nvcc --ptx, sm_80), so the fields are one
// request. Read field by field, p[T].x alone would be 8 sectors for 128
// bytes used (50%).
// float2 .x and .y: one 8-byte load per lane (ld.global.v2.f32): 256
// contiguous bytes, 8 sectors in 2 lines (ideal 8). On 1.3 each half-warp's
// 128 bytes are one 128-byte transaction (ideal 2). Clean.
__global__ void float2Fields(float *o, const float2 *p) { o[T] = p[T].x + p[T].y; }
// uchar4's four bytes: one 4-byte load per lane (ld.global.v4.u8): 128
// bytes, 4 sectors (ideal 4). Clean.
__global__ void uchar4Bytes(unsigned *o, const uchar4 *c) {
  o[T] = c[T].x + c[T].y + c[T].z + c[T].w;
}
// float2 fields stored one after the other: one st.global.v2.f32. Clean.
__global__ void float2Store(float2 *p, const float *a) {
  p[T].x = a[T];
  p[T].y = 0.0f;
}
// float4 .x and .z: one 16-byte load per lane (ld.global.v4.f32) using 8
// of its bytes: 512 bytes, 16 sectors in 4 lines; the 256 bytes used would
// fit 8 sectors (ideal 8); 256 of 512 bytes used = 50%. On 1.3: each
// half-warp's 256 bytes are two 128-byte transactions, 4 per warp; 8 bytes
// per lane would be one per half-warp (ideal 2); 50%.
__global__ void float4XZ(float *o, const float4 *q) { o[T] = q[T].x + q[T].z; }
// CC80: :[[@LINE-1]]:67: warning: global load from 'q' touches 16 sectors in 4 lines per warp request (ideal 8); 50% of fetched bytes are used [warplint-uncoalesced-access]
// CC80: :[[@LINE-2]]:67: note: each lane loads one 16-byte vector (nvcc merges 2 field accesses into one) and uses 8 of its bytes
// CC13: :[[@LINE-3]]:67: warning: global load from 'q' needs 4 transactions for the 2 half-warps of a warp request (ideal 2); 50% of fetched bytes are used [warplint-uncoalesced-access]
// A struct of three floats is aligned to 4 bytes: nvcc reads it field by
// field (two ld.global.f32 here), each a request of its own; the two have
// the same cause and numbers, so .y is a note of .x's warning. Lanes 12 bytes
// apart: bytes 0..375, sectors 0..11 = 12 in 3 lines (ideal 4); 128 of 384
// bytes used = 33%. On 1.3, half-warp 0 spans bytes 0..187: segment 0 whole
// (128) and 128..187 reduced to 64; half-warp 1, bytes 192..379: 192..255
// (64) and segment 2 whole (128): 4 transactions (ideal 2), 128 of 384 =
// 33%.
struct Point3 {
  float x, y, z;
};
__global__ void aosFields(float *o, const Point3 *s) { o[T] = s[T].x + s[T].y; }
// CC80: :[[@LINE-1]]:68: warning: global load from 's' touches 12 sectors in 3 lines per warp request (ideal 4); 33% of fetched bytes are used [warplint-uncoalesced-access]
// CC80: :[[@LINE-2]]:68: note: adjacent lanes read the same 4-byte field of consecutive 12-byte elements (an array of structures); the element's 4-byte alignment keeps nvcc from loading it as one vector
// CC80: :[[@LINE-3]]:68: note: 1 more access to 's' in this kernel has the same pattern and numbers (line [[@LINE-3]]); not reported separately
// CC13: :[[@LINE-4]]:68: warning: global load from 's' needs 4 transactions for the 2 half-warps of a warp request (ideal 2); 33% of fetched bytes are used [warplint-uncoalesced-access]
// CC13: :[[@LINE-5]]:68: note: 1 more access to 's' in this kernel has the same pattern and numbers (line [[@LINE-5]]); not reported separately

// The same struct copied whole (Rodinia lavaMD's `rA_shared[wtx] = rA[wtx]`):
// nvcc copies it field by field too (three ld.global.f32 and three
// st.global.f32, CUDA 13 --ptx for sm_80), each a request with the numbers
// above; the load and the store each one warning.
__global__ void aosCopy(Point3 *o, const Point3 *s) { o[T] = s[T]; }
// CC80: :[[@LINE-1]]:55: warning: global store to 'o' touches 12 sectors in 3 lines per warp request (ideal 4); 33% of fetched bytes are used [warplint-uncoalesced-access]
// CC80: :[[@LINE-2]]:55: note: 2 more accesses to 'o' in this kernel have the same pattern and numbers (line [[@LINE-2]]); not reported separately
// CC80: :[[@LINE-3]]:62: warning: global load from 's' touches 12 sectors in 3 lines per warp request (ideal 4); 33% of fetched bytes are used [warplint-uncoalesced-access]
// CC13: :[[@LINE-4]]:55: warning: global store to 'o' needs 4 transactions for the 2 half-warps of a warp request (ideal 2); 33% of fetched bytes are used [warplint-uncoalesced-access]
// CC13: :[[@LINE-5]]:62: warning: global load from 's' needs 4 transactions for the 2 half-warps of a warp request (ideal 2); 33% of fetched bytes are used [warplint-uncoalesced-access]

// The same fields read through a helper's const reference (C++: the
// argument binds to the place s[T], it is not copied): the helper's reads
// are loads from 's' with the numbers above, named by the place bound.
__device__ float sumXY(const Point3 &p) { return p.x + p.y; }
__global__ void aosByReference(float *o, const Point3 *s) { o[T] = sumXY(s[T]); }
// CC80: :[[@LINE-2]]:52: warning: global load from 's' touches 12 sectors in 3 lines per warp request (ideal 4); 33% of fetched bytes are used [warplint-uncoalesced-access]
// CC80: :[[@LINE-3]]:52: note: 1 more access to 's' in this kernel has the same pattern and numbers (line [[@LINE-3]]); not reported separately
// CC13: :[[@LINE-4]]:52: warning: global load from 's' needs 4 transactions for the 2 half-warps of a warp request (ideal 2); 33% of fetched bytes are used [warplint-uncoalesced-access]

// A base picked in an if/else (Parboil tpacf's random_x): the index is no
// affine form, but the lanes are one float apart from 4 bytes past a line:
// contiguous and misaligned, 5 sectors for 4, as with a single base.
__global__ void pickedBase(float *o, const float *i, int n) {
  const float *src;
  if (blockIdx.x < 8) src = i + 1024 * blockIdx.x;
  else                src = i + 1024 * (blockIdx.x - 8);
  o[T] = src[threadIdx.x + 1];
  // CC80: :[[@LINE-1]]:10: warning: global load from 'i' touches 5 sectors in 2 lines per warp request (ideal 4); 80% of fetched bytes are used [warplint-uncoalesced-access]
  // CC80: :[[@LINE-2]]:10: note: the warp's addresses are contiguous but start 4 bytes past a 128-byte boundary
  // CC13: :[[@LINE-3]]:10: warning: global load from 'i' needs 3 transactions for the 2 half-warps of a warp request (ideal 2); 57% of fetched bytes are used [warplint-uncoalesced-access]
  // CC13: :[[@LINE-4]]:10: note: the warp's addresses are contiguous but start 4 bytes past a 128-byte boundary
}

// Out-parameters of __device__ functions (issue 14, item 2): the values a
// helper writes through a reference or a pointer reach the caller. Thread t
// of a 64-wide image works on (row t / 64, column t % 64); the load
// in[row * 64 + col] is contiguous, the store out[col * 64 + row] puts
// adjacent lanes 64 elements (256 bytes) apart: 32 sectors in 32 lines for
// 128 bytes (ideal 4), 128 of 1024 bytes = 13% used. On 1.3 each lane of a
// half-warp is in its own segment, one 32-byte transaction each: 32 per warp
// (ideal 2), 128 of 1024 bytes = 13%. Were row and col not followed out of
// the helper, they would look the same for every lane.
__device__ void divmodRef(int i, int d, int &q, int &r) {
  q = i / d;
  r = i % d;
}
__device__ void divmodPtr(int i, int d, int *q, int *r) {
  *q = i / d;
  *r = i % d;
}
__global__ void outByReference(float *o, const float *i) {
  int row, col;
  divmodRef(T, 64, row, col);
  o[col * 64 + row] = i[row * 64 + col];
}
// CC80: :[[@LINE-2]]:3: warning: global store to 'o' touches 32 sectors in 32 lines per warp request (ideal 4); 13% of fetched bytes are used [warplint-uncoalesced-access]
// CC80: :[[@LINE-3]]:3: note: adjacent lanes are 64 elements (256 bytes) apart
// CC13: :[[@LINE-4]]:3: warning: global store to 'o' needs 32 transactions for the 2 half-warps of a warp request (ideal 2); 13% of fetched bytes are used [warplint-uncoalesced-access]
__global__ void outByPointer(float *o, const float *i) {
  int row, col;
  divmodPtr(T, 64, &row, &col);
  o[col * 64 + row] = i[row * 64 + col];
}
// CC80: :[[@LINE-2]]:3: warning: global store to 'o' touches 32 sectors in 32 lines per warp request (ideal 4); 13% of fetched bytes are used [warplint-uncoalesced-access]
// CC80: :[[@LINE-3]]:3: note: adjacent lanes are 64 elements (256 bytes) apart
// CC13: :[[@LINE-4]]:3: warning: global store to 'o' needs 32 transactions for the 2 half-warps of a warp request (ideal 2); 13% of fetched bytes are used [warplint-uncoalesced-access]

// A store under a branch on loaded data (issue 14, item 8): which lanes
// find the key is not known. With all 32 lanes, o[32 * T] would be 32
// sectors for 128 bytes (ideal 4); with the one lane a search usually has,
// 1 sector (ideal 1). The verdict rests on the guess: no warning. The same
// store with no branch is reported (stride32 above).
__global__ void storeWhereFound(float *o, const float *keys, float key) {
  if (keys[T] == key)
    o[32 * T] = 1.0f;
}

// An access only the grid's last block makes (issue 14, item 4): none of
// the first blocks reaches it, so the last one is enumerated (and said).
// Lanes 16 floats (64 bytes) apart: 2048 bytes, 32 sectors in 16 lines for
// 128 bytes (ideal 4), 13%. On 1.3, each 128-byte segment holds two lanes,
// at bytes 0 and 64 of it, so no reduction: 8 transactions of 128 bytes
// per half-warp, 16 (ideal 2), 128 of 2048 bytes = 6%.
__global__ void lastBlockSummary(float *o, const float *i, int n) {
  if (blockIdx.x == gridDim.x - 1)
    o[n + 16 * threadIdx.x] = i[T];
}
// CC80: :[[@LINE-2]]:5: warning: global store to 'o' touches 32 sectors in 16 lines per warp request (ideal 4); 13% of fetched bytes are used [warplint-uncoalesced-access]
// CC80: :[[@LINE-3]]:5: note: assuming no warp of the first blocks reaches the access; the blocks at the grid's edge (the last of each dimension) do, and were enumerated
// CC13: :[[@LINE-4]]:5: warning: global store to 'o' needs 16 transactions for the 2 half-warps of a warp request (ideal 2); 6% of fetched bytes are used [warplint-uncoalesced-access]

// An access that one interior block makes (blockIdx.x == 37 of 64): neither
// the first blocks nor the grid's edge reach it; block 37 is found from the
// guard and enumerated (and said). The same lanes 16 floats apart: 32
// sectors in 16 lines (ideal 4); on 1.3, 16 transactions (ideal 2).
__global__ void oneInteriorBlock(float *o, const float *i, int n) {
  if (blockIdx.x == 37)
    o[n + 16 * threadIdx.x] = i[T];
}
// CC80: :[[@LINE-2]]:5: warning: global store to 'o' touches 32 sectors in 16 lines per warp request (ideal 4); 13% of fetched bytes are used [warplint-uncoalesced-access]
// CC80: :[[@LINE-3]]:5: note: assuming no warp of the first blocks or of the grid's edge reaches the access; the guards around it hold in block (37, 0, 0), which was enumerated
// CC13: :[[@LINE-4]]:5: warning: global store to 'o' needs 16 transactions for the 2 half-warps of a warp request (ideal 2); 6% of fetched bytes are used [warplint-uncoalesced-access]

void launchAll(float *o, const float *i, float4 *o4, const float4 *i4,
               double *od, const double *id, Matrix M, Matrix N, Matrix P,
               int n, const float2 *p2, float2 *w2, const uchar4 *c4,
               unsigned *u, const Point3 *s3, Point3 *o3) {
  unknownStride<<<64, 256>>>(o, n);
  copyOffset0<<<64, 256>>>(o, i);
  copyOffset32<<<64, 256>>>(o, i);
  copyOffset16<<<64, 256>>>(o, i);
  copyOffset1<<<64, 256>>>(o, i);
  stride2<<<64, 256>>>(o, i);
  stride4<<<64, 256>>>(o, i);
  stride8<<<64, 256>>>(o, i);
  stride16<<<64, 256>>>(o, i);
  stride32<<<64, 256>>>(o, i);
  copyFloat4<<<64, 256>>>(o4, i4);
  copyDouble<<<64, 256>>>(od, id);
  float4Stride2<<<64, 256>>>(o4, i4);
  transposeNaive<<<dim3(32, 32), dim3(32, 8)>>>(o, i, 1024, 1024);
  columnScale<<<dim3(32, 128), dim3(32, 8)>>>(o, i, 1024);
  rows<<<dim3(64, 16), dim3(16, 16)>>>(o, i, 1024);
  rows<<<dim3(128, 32), dim3(8, 32)>>>(o, i, 1024);
  rows<<<dim3(256, 16), dim3(4, 64)>>>(o, i, 1024);
  MatrixMulKernel<<<80, 128>>>(M, N, P);
  float2Fields<<<64, 256>>>(o, p2);
  uchar4Bytes<<<64, 256>>>(u, c4);
  float2Store<<<64, 256>>>(w2, i);
  float4XZ<<<64, 256>>>(o, i4);
  aosFields<<<64, 256>>>(o, s3);
  aosCopy<<<64, 256>>>(o3, s3);
  aosByReference<<<64, 256>>>(o, s3);
  pickedBase<<<16, 256>>>(o, i, 1024);
  outByReference<<<16, 256>>>(o, i);
  outByPointer<<<16, 256>>>(o, i);
  storeWhereFound<<<64, 256>>>(o, i, 3.0f);
  lastBlockSummary<<<64, 256>>>(o, i, 1 << 20);
  oneInteriorBlock<<<64, 256>>>(o, i, 1 << 20);
}
