// Block dimensions of 1 are kept as given (issue 36, item 8): with
// `dim3 dimBlock(1, rows)` and rows unknown, the block is 1 x 256 (the
// default block's threads in the unknown dimension, said), not 256 x 1. The
// lanes of a warp then run down a column: y varies, x does not. The store
// to a[r * cols + c] has lanes 'cols' floats apart (uncoalesced), and the
// advice is to widen the block (not to swap the indices, which a 256 x 1
// block would have suggested for the wrong reason).
//
// RUN: %warplint --estimate --gpu-arch=sm_80 %s -- 2>&1 | FileCheck %s
// RUN: %warplint --checks='-*,warplint-uncoalesced-access' --gpu-arch=sm_80 %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN

__global__ void column(float *a, int rows, int cols) {
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x;
  if (r < rows)
    a[r * cols + c] = 0.0f;
}
// WARN: launch-block-one.cu:[[@LINE-2]]:5: warning: global store to 'a' touches 32 sectors in 32 lines per warp request (ideal 4)
// WARN: note: a warp spans 32 rows of the block (blockDim.x = 1), which are 512 elements apart
// WARN: note: assuming grid (512, 1, 1) block (1, 256, 1)
// WARN: note: to fix: make the block at least 32 threads wide

int rowsOf(const char *file);

int main() {
  float *d;
  int rows = rowsOf("matrix.txt");
  dim3 dimBlock(1, rows);
  column<<<512, dimBlock>>>(d, rows, 512);
// CHECK: column (512 x 1x256, sm_80): from the launch at {{.*}}launch-block-one.cu:[[@LINE-1]]:3
// CHECK: assuming blockDim.y = 256 (the launch computes it as 'rows'; the block's other dimensions are as given)
  return 0;
}
