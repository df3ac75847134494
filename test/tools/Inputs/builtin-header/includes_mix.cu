// Every toolkit header warplint provides, mixed with C and C++ standard
// headers in the orders real code uses, and macros defined before them.
#define BLOCK_SIZE 256
#define N 1024
#define T float
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <assert.h>
#include <cuda.h>
#include "cuda_runtime.h"
#include "device_launch_parameters.h"
#include <cmath>
#include <vector>
#include <iostream>
#include <algorithm>
#include <numeric>
#include <string>
#include <memory>
#include <map>
#include <unordered_map>
#include <functional>
#include <complex>
#include <chrono>
#include <random>
#include <limits>
#include <cstdint>
#include <cstring>
#include <cassert>
#include <climits>
#include <cfloat>
#include <type_traits>
#include <utility>
#include <tuple>
#include <array>
#include <sstream>
#include <fstream>
#include <iomanip>
#include <thread>
#include <mutex>
#include <atomic>
#include <new>
#include <cuda_runtime_api.h>
#include <device_functions.h>
#include <vector_types.h>
#include <vector_functions.h>
#include <driver_types.h>
#include <driver_functions.h>
#include <builtin_types.h>
#include <host_defines.h>
#include <math_constants.h>
#include <math_functions.h>
#include <device_atomic_functions.h>
#include <sm_20_atomic_functions.h>
#include <sm_32_intrinsics.h>
#include <sm_60_atomic_functions.h>
#include <texture_types.h>
#include <texture_fetch_functions.h>
#include <texture_indirect_functions.h>
#include <surface_types.h>
#include <surface_functions.h>
#include <channel_descriptor.h>
#include <cuda_texture_types.h>
#include <cuda_device_runtime_api.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <curand_kernel.h>
#include <curand.h>
#include <cuda_profiler_api.h>
#include <stdio.h>
#include <cuda_runtime.h>

#if !defined(__CUDACC__) || CUDART_VERSION < 11000 || CUDA_VERSION < 11000
#error "expected a recent CUDA"
#endif
#if __CUDACC_VER_MAJOR__ < 12
#error "expected CUDA 12"
#endif

template <typename Tp> struct Accum {
  Tp value;
  __host__ __device__ Accum() : value(0) {}
  __host__ __device__ void add(Tp v) { value += v; }
};

__global__ void kernel(T *out, const std::complex<float> *z, int n) {
  int i = blockIdx.x * BLOCK_SIZE + threadIdx.x;
  Accum<T> acc;
  if (i < n && i < N) {
    acc.add(std::abs(z[i]) + std::norm(z[i]));
    acc.add(std::numeric_limits<T>::epsilon());
    acc.add(std::max(1.0f, 2.0f) + std::min(3.0f, 4.0f));
    out[i] = acc.value + CUDART_PI_F;
  }
}

int main() {
  std::vector<T> h(N);
  std::iota(h.begin(), h.end(), 0.0f);
  std::sort(h.begin(), h.end(), std::greater<T>());
  std::unique_ptr<int[]> p(new int[4]);
  std::map<std::string, int> m;
  m["x"] = 1;
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> dist(0.0f, 1.0f);
  auto t0 = std::chrono::high_resolution_clock::now();
  T *d;
  std::complex<float> *z;
  cudaMalloc(&d, N * sizeof(T));
  cudaMalloc(&z, N * sizeof(std::complex<float>));
  kernel<<<N / BLOCK_SIZE, BLOCK_SIZE>>>(d, z, N);
  cudaMemcpy(h.data(), d, N * sizeof(T), cudaMemcpyDeviceToHost);
  auto t1 = std::chrono::high_resolution_clock::now();
  std::cout << std::setprecision(3) << dist(rng) << " "
            << std::chrono::duration<double>(t1 - t0).count() << " "
            << std::accumulate(h.begin(), h.end(), 0.0) << std::endl;
  return 0;
}
