// Validation family "blocksize": the same two kernels launched with
// different block sizes and shapes; only the launch configuration changes
// between variants (the variants are launches, told apart by their block in
// validation/expectations.json). Written for this project.
//
// 1. bsSaxpy, y = a*x + y over BS_N floats, with 1-D blocks of 32 to 1024
//    threads (grid = BS_N / block). Every warp is full and contiguous: no
//    finding for any block size. What changes is occupancy: a GPU holds at
//    most a fixed number of blocks per SM (32 on compute capability 8.0 and
//    9.0, 16 on 7.5 and 8.6/8.9), so 32-thread blocks fill only 1024 of
//    2048 thread slots of an sm_80 SM (50%), 64-thread blocks fill them all;
//    1024-thread blocks fill 2 x 1024 = 2048 on sm_80. The estimate's
//    occupancy (and the CuMAPz lat_hiding term) should follow.
// 2. bsCopy2D, a row-major copy of a BS_W x BS_H float matrix with 2-D
//    blocks of 256 threads: 32x8, 16x16, 8x32, 4x64, 2x128. A warp covers
//    32/bx rows of bx floats. On sm_80 a row piece of 8 or more floats is a
//    whole number of 32-byte sectors, so 32x8, 16x16, 8x32 need the ideal 4
//    sectors per warp (no finding); 4x64 needs 8 sectors (8 rows of 16
//    bytes, ideal 4, 50% used) and 2x128 needs 16 (ideal 4, 25% used):
//    warplint-uncoalesced-access on the load and on the store.

#ifndef BS_N
#define BS_N (1 << 24)
#endif
#define BS_W 4096
#define BS_H 4096

__global__ void bsSaxpy(float *y, const float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + y[i];
}

__global__ void bsCopy2D(float *out, const float *in) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * BS_W + x] = in[y * BS_W + x];
}

// bsSaxpy2, bsSaxpy4: the saxpy with 2 (4) consecutive elements per
// thread as one float2 (float4), launched with 32-thread blocks like
// saxpy_b32: the vector widths `warplint --explore` proposes for it
// (docs/explore.md). Expected: no finding.
__global__ void bsSaxpy2(float2 *y, const float2 *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float2 v = x[i], w = y[i];
  w.x = a * v.x + w.x;
  w.y = a * v.y + w.y;
  y[i] = w;
}

__global__ void bsSaxpy4(float4 *y, const float4 *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = x[i], w = y[i];
  w.x = a * v.x + w.x;
  w.y = a * v.y + w.y;
  w.z = a * v.z + w.z;
  w.w = a * v.w + w.w;
  y[i] = w;
}

static const char *const kBlocksizeVariants[] = {
    "saxpy_b32",   "saxpy_b64",   "saxpy_b128",  "saxpy_b256",   "saxpy_b512",
    "saxpy_b1024", "copy2d_32x8", "copy2d_16x16", "copy2d_8x32", "copy2d_4x64",
    "copy2d_2x128", "saxpy2_b32", "saxpy4_b32"};
static const int kBlocksizeVariantCount = 13;

// Variants 0-5, 11 and 12 take (y, x); 6-10 take (out = y, in = x).
static void blocksizeLaunch(int v, float *y, const float *x) {
  if (v == 0)
    bsSaxpy<<<BS_N / 32, 32>>>(y, x, 2.0f);
  else if (v == 1)
    bsSaxpy<<<BS_N / 64, 64>>>(y, x, 2.0f);
  else if (v == 2)
    bsSaxpy<<<BS_N / 128, 128>>>(y, x, 2.0f);
  else if (v == 3)
    bsSaxpy<<<BS_N / 256, 256>>>(y, x, 2.0f);
  else if (v == 4)
    bsSaxpy<<<BS_N / 512, 512>>>(y, x, 2.0f);
  else if (v == 5)
    bsSaxpy<<<BS_N / 1024, 1024>>>(y, x, 2.0f);
  else if (v == 6)
    bsCopy2D<<<dim3(BS_W / 32, BS_H / 8), dim3(32, 8)>>>(y, x);
  else if (v == 7)
    bsCopy2D<<<dim3(BS_W / 16, BS_H / 16), dim3(16, 16)>>>(y, x);
  else if (v == 8)
    bsCopy2D<<<dim3(BS_W / 8, BS_H / 32), dim3(8, 32)>>>(y, x);
  else if (v == 9)
    bsCopy2D<<<dim3(BS_W / 4, BS_H / 64), dim3(4, 64)>>>(y, x);
  else if (v == 10)
    bsCopy2D<<<dim3(BS_W / 2, BS_H / 128), dim3(2, 128)>>>(y, x);
  else if (v == 11)
    bsSaxpy2<<<BS_N / 2 / 32, 32>>>(reinterpret_cast<float2 *>(y),
                                    reinterpret_cast<const float2 *>(x), 2.0f);
  else if (v == 12)
    bsSaxpy4<<<BS_N / 4 / 32, 32>>>(reinterpret_cast<float4 *>(y),
                                    reinterpret_cast<const float4 *>(x), 2.0f);
}
