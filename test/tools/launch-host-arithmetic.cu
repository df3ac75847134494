// The launch as the host computes it (issue 36, item 1 and 2): floating-point
// arithmetic with C's conversions and the math functions, std::min/max,
// globals the file never writes, enums, sizeof, an iDivUp-style helper and a
// helper writing the block through reference parameters. Each grid below is
// worked out by hand.
//
// RUN: %warplint --estimate --gpu-arch=sm_80 %s -- 2>&1 | FileCheck %s

#include <cmath>
#include <algorithm>

#define NX 4096

__global__ void fill(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 0.0f;
}

// Globals of the file that nothing in it writes: their initial values.
int MATRIX_SIZE = 1024;
const float SCALE = 0.5f;
enum { TILE = 32 };

int iDivUp(int a, int b) { return (a % b != 0) ? (a / b + 1) : (a / b); }

// Out-parameters: the helper's writes reach the caller.
void shape(int n, int maxThreads, int &blocks, int &threads) {
  threads = n < maxThreads * 2 ? n / 2 : maxThreads;
  blocks = std::min(64, n / (threads * 2));
}

int main() {
  float *d;
  // ceil(4096.0f / 32.0f) = 128, through float casts and a size_t.
  dim3 block;
  block.x = 32;
  dim3 grid1((size_t)(ceil(((float)NX) / ((float)block.x))), 1);
  fill<<<grid1, block>>>(d, NX);
// CHECK: fill (128 x 32, sm_80): from the launch at {{.*}}launch-host-arithmetic.cu:[[@LINE-1]]:3

  // floor(sqrt(1024.0f / fmaxf(0.0017f, 1.0f))) * 32 = 32 * 32 = 1024; / 32
  // = 32 blocks in x; std::max(1024 / 64, 3) = 16 in y.
  float scale = fmaxf(192.0f / (128.0f * 880.0f), 1.0f);
  float tiles = 1024.0f / scale;
  int dim = (int)(floor(sqrt(tiles)) * TILE);
  dim3 g2(dim / TILE, std::max(dim / 64, 3));
  fill<<<g2, 128>>>(d, NX);
// CHECK: fill (32x16 x 128, sm_80): from the launch at {{.*}}launch-host-arithmetic.cu:[[@LINE-1]]:3

  // A global and a const float: 1024 * 0.5 = 512 floats, 512 / 64 = 8 blocks
  // of 64; sizeof(float4) / sizeof(float) = 4 is the y dimension.
  int n = (int)(MATRIX_SIZE * SCALE);
  fill<<<dim3(n / 64, sizeof(float4) / sizeof(float)), 64>>>(d, n);
// CHECK: fill (8x4 x 64, sm_80): from the launch at {{.*}}launch-host-arithmetic.cu:[[@LINE-1]]:3

  // iDivUp(1000, 96) = 11 (1000 = 10 * 96 + 40); round(2.5) = 3 in y
  // (half away from zero), trunc of 2.9 as an int = 2 in z.
  fill<<<dim3(iDivUp(1000, 96), (int)round(2.5), (int)2.9f), 96>>>(d, 1000);
// CHECK: fill (11x3x2 x 96, sm_80): from the launch at {{.*}}launch-host-arithmetic.cu:[[@LINE-1]]:3

  // shape(1 << 20, 128, ...): threads = 128, blocks = min(64, 4096) = 64.
  int blocks = 0, threads = 0;
  shape(1 << 20, 128, blocks, threads);
  fill<<<blocks, threads>>>(d, 1 << 20);
// CHECK: fill (64 x 128, sm_80): from the launch at {{.*}}launch-host-arithmetic.cu:[[@LINE-1]]:3
  return 0;
}
