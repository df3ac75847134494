// Struct members of host code (issue 36, item 2): the integer members of a
// local struct the host sets (an initializer list, assignments, compound
// assignments, increments) are followed to the launch; a member set on one
// side of an `if` only, or handed to a call that is not followed, is not
// guessed. Values worked out by hand.
//
// RUN: %warplint --estimate --gpu-arch=sm_80 %s -- 2>&1 | FileCheck %s
// RUN: %warplint --estimate --gpu-arch=sm_80 %s -- 2>&1 | FileCheck %s --check-prefix=COND
#include <cuda_runtime.h>

struct Config {
  int n;
  int threads;
  int reps;
};

void readConfig(Config *c); // not defined here: not followed

__global__ void fill(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 0.0f;
}

__global__ void fill2(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 1.0f;
}

__global__ void fill3(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 2.0f;
}

__global__ void fill4(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 3.0f;
}

int main(int argc, char **argv) {
  float *d;
  // n = 2^20, threads 64 * 2 = 128, then 129 - 1 = 128 again: 8192 blocks.
  Config c = {1 << 20, 64, 1};
  c.threads *= 2;
  c.threads++;
  --c.threads;
  fill<<<(c.n + c.threads - 1) / c.threads, c.threads>>>(d, c.n);
// CHECK: fill (8192 x 128, sm_80): from the launch at {{.*}}launch-host-struct.cu:[[@LINE-1]]:3

  // A copy keeps the members; an assignment to the copy leaves the
  // original alone: 2^20 / 256 = 4096 blocks of 256.
  Config e = c;
  e.threads = 256;
  fill2<<<c.n / e.threads, e.threads>>>(d, c.n);
// CHECK: fill2 (4096 x 256, sm_80): from the launch at {{.*}}launch-host-struct.cu:[[@LINE-1]]:3

  // A member set on one side of an `if` is a choice of the two: the
  // program run without arguments takes 4096, 4096 / 128 = 32 blocks.
  Config f = {4096, 128, 1};
  if (argc > 1)
    f.n = 8192;
  fill4<<<f.n / f.threads, f.threads>>>(d, f.n);
// COND: fill4 (32 x 128, sm_80): from the launch at {{.*}}launch-host-struct.cu:[[@LINE-1]]:3
// COND: assuming the program run without command-line arguments, each size its default in the code ('argc' = 1)

  // The members a call that is not followed may write are unknown after
  // it: the launch falls back to a stated default, not to 128.
  readConfig(&c);
  fill3<<<c.n / c.threads, c.threads>>>(d, c.n);
// CHECK: fill3 ({{[0-9x]+}} x 256, sm_80): from the default launch (the block size of the launch at {{.*}}launch-host-struct.cu:[[@LINE-1]]:3 is not a constant)
  return 0;
}
