// Values from the command line (issue 36, item 3): the program is analysed
// as it runs without arguments. main's argc is 1, and a call that reads argv
// and answers yes or no (cuda-samples' checkCmdLineFlag) is false, so each
// size is its default in the code; the launch says so. A launch only a flag
// reaches (`if (runShmoo) shmoo()`) is not analysed while another is. A
// value read from the command line some other way stays unknown, with the
// default grid said.
//
// RUN: %warplint --estimate --gpu-arch=sm_80 %s -- 2>&1 | FileCheck %s
// RUN: %warplint --estimate --gpu-arch=sm_80 %s -- 2>&1 | FileCheck %s --check-prefix=SWEEP
// RUN: %warplint --dump-facts %s -- 2>/dev/null | FileCheck %s --check-prefix=FACTS

bool checkCmdLineFlag(int argc, const char **argv, const char *name);
int getCmdLineArgumentInt(int argc, const char **argv, const char *name);
int atoi(const char *s);

__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] *= 2.0f;
}
__global__ void sweep(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += 1.0f;
}

void shmoo(float *d) {
  for (int n = 1024; n <= 1 << 20; n *= 2)
    sweep<<<n / 256, 256>>>(d, n);
}

int main(int argc, char **argv) {
  float *d;
  // n = 1 << 20 and 128 threads without arguments: 8192 blocks.
  int n = 1 << 20, threads = 128;
  if (checkCmdLineFlag(argc, (const char **)argv, "n"))
    n = getCmdLineArgumentInt(argc, (const char **)argv, "n");
  if (checkCmdLineFlag(argc, (const char **)argv, "threads"))
    threads = getCmdLineArgumentInt(argc, (const char **)argv, "threads");
  scale<<<n / threads, threads>>>(d, n);
// CHECK: scale (8192 x 128, sm_80): from the launch at {{.*}}launch-command-line.cu:[[@LINE-1]]:3
// CHECK-NEXT: warplint:
// CHECK: assuming the program run without command-line arguments, each size its default in the code ('checkCmdLineFlag(argc, (const char **)argv, "n")' false, 'checkCmdLineFlag(argc, (const char **)argv, "threads")' false)

  // argc > 1 is false: 256-thread blocks over 4096 floats.
  int m = argc > 1 ? atoi(argv[1]) : 4096;
  scale<<<m / 256, 256>>>(d, m);
// CHECK: scale (16 x 256, sm_80): from the launch at {{.*}}launch-command-line.cu:[[@LINE-1]]:3
// CHECK: assuming the program run without command-line arguments, each size its default in the code ('argc' = 1)

  // Only with -shmoo: its launches of sweep are left out for this one,
  // 1 << 20 / 256 = 4096 blocks.
// SWEEP-NOT: sweep (
  bool runShmoo = checkCmdLineFlag(argc, (const char **)argv, "shmoo");
  if (runShmoo)
    shmoo(d);
  else
    sweep<<<(1 << 20) / 256, 256>>>(d, 1 << 20);
// SWEEP: sweep (4096 x 256, sm_80): from the launch at {{.*}}launch-command-line.cu:[[@LINE-1]]:5
// SWEEP-NOT: sweep (

  // Read from the command line without a default: unknown. The launch's
  // unknowns are chosen together: k = 2048 gives the default grid of
  // 2048 / 32 = 64 blocks, and the kernel's n is the same 2048.
  int k = atoi(argv[2]);
  scale<<<k / 32, 32>>>(d, k);
// CHECK: scale (64 x 32, sm_80): from the launch at {{.*}}launch-command-line.cu:[[@LINE-1]]:3
// CHECK: assuming 'k' = 2048 (not known at the launch: chosen so that gridDim.x, computed as 'k/32', is the default 64 blocks; the kernel's arguments take the same value)
// CHECK: assuming 'n' = 2048 (its value at the launch)
  return 0;
}
// FACTS: "command_line": {
// FACTS-NEXT: "argc": 1,
// FACTS-NEXT: "checkCmdLineFlag(argc, (const char **)argv, \"n\")": 0,
