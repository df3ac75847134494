// Launches in host loops (issue 36, item 5): a loop whose condition is a
// known number at every iteration runs as the program runs it; a launch in
// it is analysed at the first, middle and last iterations, each said, and
// the values the loop leaves are those after its last iteration. A timing
// loop repeating one launch is one launch. Values worked out by hand.
//
// RUN: %warplint --estimate --gpu-arch=sm_80 %s -- 2>&1 | FileCheck %s
// RUN: %warplint --estimate --gpu-arch=sm_80 %s -- 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: %warplint --dump-facts %s -- 2>/dev/null | FileCheck %s --check-prefix=FACTS

// Gaussian elimination as Rodinia's gaussian launches it: step t of n.
__global__ void Fan1(float *m, float *a, int size, int t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size - 1 - t)
    return;
  m[size * (i + t + 1) + t] = a[size * (i + t + 1) + t] / a[size * t + t];
}

__global__ void batch(float *d, int stride) {
  d[blockIdx.x * stride + threadIdx.x] *= 2.0f;
}

int main() {
  float *m, *a;
  const int Size = 1024;
  // 1023 iterations, t = 0, 511 and 1022 (the first, middle and last); the
  // grid 1024 / 512 = 2 blocks each time.
  for (int t = 0; t < Size - 1; t++)
    Fan1<<<Size / 512, 512>>>(m, a, Size, t);
// CHECK: Fan1 (2 x 512, sm_80): from the launch at {{.*}}launch-host-loop.cu:[[@LINE-1]]:5, in iteration 1 of 1023 of the host loop at {{.*}}launch-host-loop.cu:[[@LINE-2]]:3
// The loop's total for the kernel: its 1023 launches, from the three
// estimated.
// CHECK-NEXT: the host loop at {{.*}}launch-host-loop.cu:[[@LINE-5]]:3 launches it 1023 times: about {{[0-9.]+ [um]?}}s in all (1023 x the mean of the 3 iterations estimated)
// CHECK: assuming 't' = 0 (its value at the launch)
// CHECK: Fan1 (2 x 512, sm_80): from the launch at {{.*}}launch-host-loop.cu:[[@LINE-6]]:5, in iteration 512 of 1023 of the host loop
// CHECK: assuming 't' = 511 (its value at the launch)
// CHECK: Fan1 (2 x 512, sm_80): from the launch at {{.*}}launch-host-loop.cu:[[@LINE-8]]:5, in iteration 1023 of 1023 of the host loop
// CHECK: assuming 't' = 1022 (its value at the launch)

  // As fastWalshTransform: log2N = 23 down by 2 while above 11: 6
  // iterations, each launching 8192 x 256 threads; after them N = 2^23 /
  // 4^6 = 2048 and M = 4^6 = 4096, so the last launch has 4096 blocks of
  // 2048 / 4 = 512 threads.
  int log2N = 23, N = 1 << 23, M = 1;
  for (; log2N > 11; log2N -= 2, N >>= 2, M <<= 2)
    batch<<<8192, 256>>>(m, N / 4);
  batch<<<M, N / 4>>>(m, log2N);
// CHECK: batch (8192 x 256, sm_80): from the launch at {{.*}}launch-host-loop.cu:[[@LINE-2]]:5, in iteration 1 of 6 of the host loop
// CHECK: batch (8192 x 256, sm_80): from the launch at {{.*}}launch-host-loop.cu:[[@LINE-3]]:5, in iteration 4 of 6 of the host loop
// CHECK: batch (8192 x 256, sm_80): from the launch at {{.*}}launch-host-loop.cu:[[@LINE-4]]:5, in iteration 6 of 6 of the host loop
// CHECK: batch (4096 x 512, sm_80): from the launch at {{.*}}launch-host-loop.cu:[[@LINE-4]]:3
// CHECK-NOT: batch (

  // A timing loop: 100 runs of one launch, analysed once (its first).
  for (int rep = 0; rep < 100; ++rep)
    Fan1<<<4, 256>>>(m, a, 2048, 7);
// TIMING: Fan1 (4 x 256, sm_80): from the launch at {{.*}}launch-host-loop.cu:[[@LINE-1]]:5, in iteration 1 of 100 of the host loop
// TIMING-NOT: Fan1 (4 x 256
  return 0;
}
// FACTS: "iterations": [
// FACTS-NEXT: {
// FACTS-NEXT: "index": 0,
// FACTS: "trips": 1023
