// Device properties (issue 36, item 3): the host code's
// cudaGetDeviceProperties and cudaDeviceGetAttribute give the properties of
// the GPU analysed (its arch file), so that a launch scaled by the GPU is
// the one that runs on it; a note names the properties read. A helper that
// looks the cores per SM up in a table of its own (as cuda-samples'
// _ConvertSMVer2Cores does) is run, and a dim3 component doubled in a host
// loop (as SobolQRNG rounds its grid) is followed. Values worked out by
// hand from arch/h200.yaml (132 SMs, 9.0) and arch/t4.yaml (40 SMs, 7.5).
//
// RUN: %warplint --estimate --arch=h200 %s -- 2>&1 | FileCheck %s --check-prefix=H200
// RUN: %warplint --estimate --arch=t4 %s -- 2>&1 | FileCheck %s --check-prefix=T4
// RUN: %warplint --dump-facts --arch=h200 %s -- 2>/dev/null | FileCheck %s --check-prefix=FACTS
#include <cuda_runtime.h>

inline int coresPerSM(int major, int minor) {
  typedef struct {
    int SM;
    int Cores;
  } SMtoCores;
  SMtoCores table[] = {{0x75, 64}, {0x80, 64}, {0x90, 128}, {-1, -1}};
  int index = 0;
  while (table[index].SM != -1) {
    if (table[index].SM == ((major << 4) + minor))
      return table[index].Cores;
    index++;
  }
  return table[index - 1].Cores;
}

__global__ void scaled(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 0.0f;
}

__global__ void rounded(float *a) {
  a[blockIdx.y * gridDim.x * blockDim.x + blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}

int main() {
  float *d;
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  // On the H200, 128 cores per SM and 132 SMs give the grid (132, 128 / 32
  // = 4); on the T4, 64 cores per SM and 40 SMs give (40, 64 / 32 = 2).
  int cores = coresPerSM(prop.major, prop.minor);
  int threads;
  cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerBlock, 0);
  dim3 grid(prop.multiProcessorCount, cores / 32);
  scaled<<<grid, threads / 4>>>(d, 1 << 20);
// H200: scaled (132x4 x 256, sm_90): from the launch at {{.*}}launch-device-properties.cu:[[@LINE-1]]:3
// H200: the GPU's properties the host code reads are those of the NVIDIA H200 {{.*}}(arch/h200.yaml): major = 9, maxThreadsPerBlock = 1024, minor = 0, multiProcessorCount = 132
// T4: scaled (40x2 x 256, sm_75): from the launch at {{.*}}launch-device-properties.cu:[[@LINE-3]]:3
// T4: the GPU's properties the host code reads are those of the NVIDIA Tesla T4 {{.*}}(arch/t4.yaml): major = 7, maxThreadsPerBlock = 1024, minor = 5, multiProcessorCount = 40

  // Four blocks per SM, rounded up to a power of two: 4 x 132 = 528 -> 1024
  // on the H200, 4 x 40 = 160 -> 256 on the T4.
  dim3 g2;
  g2.y = 100;
  unsigned target = 4 * prop.multiProcessorCount;
  for (g2.x = 1; g2.x < target; g2.x *= 2)
    ;
  rounded<<<g2, 64>>>(d);
// H200: rounded (1024x100 x 64, sm_90): from the launch at {{.*}}launch-device-properties.cu:[[@LINE-1]]:3
// T4: rounded (256x100 x 64, sm_75): from the launch at {{.*}}launch-device-properties.cu:[[@LINE-2]]:3
  return 0;
}
// FACTS: "device": {
// FACTS-NEXT: "major": 9,
// FACTS-NEXT: "maxThreadsPerBlock": 1024,
// FACTS-NEXT: "minor": 0,
// FACTS-NEXT: "multiProcessorCount": 132
// FACTS-NEXT: },
// FACTS-NEXT: "device_gpu": "NVIDIA H200 {{.*}}(arch/h200.yaml)",
// FACTS: "reads_device": true,
