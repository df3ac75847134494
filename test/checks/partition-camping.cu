// warplint-partition-camping: the first blocks to run put a global
// reference on few memory channels (CuMAPz eq. 4-5), with the fix-it of
// diagonal block reordering. On by default where partitions are not
// address-hashed (compute capability 1.x: 8 channels of 256 bytes on 1.3);
// silent on sm_80 unless asked.
//
// RUN: %warplint --checks='-*,warplint-partition-camping' --gpu-arch=sm_13 %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CC13 --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-partition-camping' --gpu-arch=sm_13 %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SNIP
// RUN: %warplint --checks='-*,warplint-partition-camping' --gpu-arch=sm_13 --cuda-side=host %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CC13 --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-partition-camping' --gpu-arch=sm_80 %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CC80 --allow-empty --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-partition-camping' --gpu-arch=sm_80 \
// RUN:   --config="{CheckOptions: {warplint-partition-camping.OnHashedArchitectures: true}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HASHED
// RUN: %clang_tidy --load=%plugin --checks='-*,warplint-partition-camping' \
// RUN:   --config="{CheckOptions: {GpuArch: sm_13, warplint-partition-camping.MinSkew: lots}}" %s -- --cuda-device-only %builtin_cuda_args 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADOPT
//
// --fix inserts the reordering into the kernels where re-analysis proved it
// lowers the skew; a second run is clean and the file still parses.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/fix.cu
// RUN: %warplint --checks='-*,warplint-partition-camping' --gpu-arch=sm_13 --fix %t/fix.cu -- > %t/fix.log 2>&1
// RUN: diff %s %t/fix.cu > %t/diff.txt || true
// RUN: FileCheck %s --check-prefix=DIFF --input-file=%t/diff.txt
// RUN: %warplint --checks='-*,warplint-partition-camping' --gpu-arch=sm_13 %t/fix.cu -- > %t/after.log 2>&1
// RUN: FileCheck %s --check-prefix=AFTER --input-file=%t/after.log --implicit-check-not='warning:'
// RUN: %warplint --dump-facts --gpu-arch=sm_13 %t/fix.cu -- > /dev/null

// CC80-NOT: warning:
// BADOPT: invalid MinSkew for warplint-partition-camping: 'lots' (a number >= 1)

#define TILE_DIM 32
#define BLOCK_ROWS 8
#define N 2048

// Ruetsch & Micikevicius's coalesced transpose, 2048 x 2048 floats, blocks
// of 32 x 8, grid 64 x 64. eq. 4: 8 * MIN(4 blocks per SM (1024 / 256
// threads), 256 / (32 * 4) = 2) = 16 blocks, (0..15, 0).
// The read's byte is (by*32 + ty)*8192 + bx*128 + 4*tx: channel bx/2, two
// blocks on each channel, ch_skew 1. The write's byte is (bx*32 + ty)*8192
// + by*128 + 4*tx: every block on channel 0 (8192 is a multiple of 8*256),
// ch_skew = n_channels = 8.
__global__ void transposeCoalesced(float *odata, const float *idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + yIndex * N;
  xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + yIndex * N;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * N];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i * N] = tile[threadIdx.x][threadIdx.y + i];
// CC13: :[[@LINE-1]]:5: warning: partition camping: the first 16 blocks to run put 'odata[index_out + i * N]' on 1 of 8 memory channels (ch_skew 8) [warplint-partition-camping]
// CC13: :[[@LINE-2]]:5: note: blocks per channel: 16 0 0 0 0 0 0 0 (channels of 256 bytes; CuMAPz eq. 4-5)
// CC13: note: assuming grid (64, 64, 1) block (32, 8, 1), from the launch at
// CC13: note: diagonal block reordering lowers ch_skew from 8 to 1: blockIdx.x and blockIdx.y are remapped at the top of the kernel (square grid mapping)
}
// The warning's snippet is the access's own line; the rewrite is the fix-it
// of the note at the kernel, whose snippet runs down to the last blockIdx.
// SNIP: :[[@LINE-8]]:5: warning: partition camping
// SNIP-NEXT: {{^ +}}[[#@LINE-9]] |     odata[index_out + i * N] = tile[threadIdx.x][threadIdx.y + i];
// SNIP-NEXT: {{^ *}}|{{ *}}^
// SNIP: :[[#@LINE-23]]:17: note: diagonal block reordering
// SNIP-NEXT: {{^ +}}[[#@LINE-24]] | __global__ void transposeCoalesced(
// SNIP: {{^ +}}[[#@LINE-19]] |   yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
// SNIP-NEXT: {{^ *}}|{{ *}}~~~~~~~~~~
// SNIP-NEXT: {{^ *}}|{{ *}}blockIdx_x
// DIFF: > const unsigned int blockIdx_y = blockIdx.x;
// DIFF-NEXT: > const unsigned int blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
// DIFF: < int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
// DIFF: > int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
// DIFF: > int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
// DIFF: > xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
// DIFF: > yIndex = blockIdx_x * TILE_DIM + threadIdx.y;

// The same with the tile padded against bank conflicts: the global
// accesses, and so the skew, do not change.
__global__ void transposeNoBankConflicts(float *odata, const float *idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + yIndex * N;
  xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + yIndex * N;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * N];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i * N] = tile[threadIdx.x][threadIdx.y + i];
// CC13: :[[@LINE-1]]:5: warning: partition camping: the first 16 blocks to run put 'odata[index_out + i * N]' on 1 of 8 memory channels (ch_skew 8) [warplint-partition-camping]
// CC13: note: diagonal block reordering lowers ch_skew from 8 to 1
}

// Diagonal block ordering written by hand: blockIdx_x = bx and blockIdx_y
// = bx for the first blocks (by = 0), so the write's byte is
// (bx*32 + ty)*8192 + bx*128 + 4*tx, channel bx/2: no skew, no warning.
__global__ void transposeDiagonal(float *odata, const float *idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int blockIdx_x, blockIdx_y;
  blockIdx_y = blockIdx.x;
  blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
  int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + yIndex * N;
  xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + yIndex * N;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * N];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i * N] = tile[threadIdx.x][threadIdx.y + i];
}

// Hotspot-like: blocks of 32 threads over tiles that overlap by half (each
// block advances 16 floats, as Hotspot's tiles overlap by their halo), rows
// of 496 floats, grid 30 x 30. eq. 4: 8 * MIN(8, 2) = 16 blocks, (0..15, 0).
// Block b touches bytes 64b .. 64b+127: channels {0} for b = 0..2, {0,1}
// for 3, {1} for 4..6, {1,2} for 7, {2} for 8..10, {2,3} for 11, {3} for
// 12..14, {3,4} for 15: blocks per channel 4 5 5 5 1 0 0 0, ch_skew 5/1.
// Diagonal reordering makes the first blocks (b, b): byte 4*(496b + 16b) =
// 2048b, all on channel 0, ch_skew 8: worse, so no fix.
__global__ void hotspotLike(float *out, const float *in) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y;
  out[y * 496 + x] = 0.5f * in[y * 496 + x];
// CC13: :[[@LINE-1]]:3: warning: partition camping: the first 16 blocks to run put 'out[y * 496 + x]' on 5 of 8 memory channels (ch_skew 5) [warplint-partition-camping]
// CC13: note: blocks per channel: 4 5 5 5 1 0 0 0 (channels of 256 bytes; CuMAPz eq. 4-5)
// CC13: :[[@LINE-3]]:29: warning: partition camping: the first 16 blocks to run put 'in[y * 496 + x]' on 5 of 8 memory channels (ch_skew 5) [warplint-partition-camping]
// CC13: note: blocks per channel: 4 5 5 5 1 0 0 0 (channels of 256 bytes; CuMAPz eq. 4-5)
// CC13: note: diagonal block reordering is not offered: re-analysis gives ch_skew 8 with it, no better than 5
// On request on sm_80 (the A100's file: 10 partitions of 256 bytes):
// HASHED: :[[@LINE-7]]:3: warning: partition camping: the first 20 blocks to run put 'out[y * 496 + x]' on 6 of 10 memory channels (ch_skew 5)
}

// Every use must be rewritable: here blockIdx.x hides in a macro.
#define COL (blockIdx.x * TILE_DIM + threadIdx.x)
__global__ void transposeMacro(float *odata, const float *idata) {
  int row = blockIdx.y * TILE_DIM + threadIdx.y;
  odata[COL * N + row] = idata[row * N + COL];
// CC13: :[[@LINE-1]]:3: warning: partition camping: the first 16 blocks to run put 'odata[COL * N + row]' on 1 of 8 memory channels (ch_skew 8) [warplint-partition-camping]
// CC13: note: diagonal block reordering is not offered: blockIdx.x is used inside a macro at
}

// AFTER-NOT: transposeCoalesced
// AFTER-NOT: transposeNoBankConflicts
// AFTER: warning: partition camping: {{.*}}'out[y * 496 + x]'
// AFTER: warning: partition camping: {{.*}}'in[y * 496 + x]'
// AFTER: warning: partition camping: {{.*}}'odata[COL * N + row]'

void launch(float *o, const float *i) {
  dim3 grid(N / TILE_DIM, N / TILE_DIM), threads(TILE_DIM, BLOCK_ROWS);
  transposeCoalesced<<<grid, threads>>>(o, i);
  transposeNoBankConflicts<<<grid, threads>>>(o, i);
  transposeDiagonal<<<grid, threads>>>(o, i);
  hotspotLike<<<dim3(30, 30), 32>>>(o, i);
  transposeMacro<<<dim3(N / TILE_DIM, N / TILE_DIM), dim3(TILE_DIM, 1)>>>(o, i);
}
