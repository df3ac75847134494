// A plain C++ translation unit (parsed with -x c++) using the runtime API,
// as the host-side .cpp files of CUDA projects do.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda.h>
#include <vector>
#include <iostream>
#include <memory>
#include <string>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::cerr << cudaGetErrorString(e) << std::endl;                         \
      return 1;                                                                \
    }                                                                          \
  } while (0)

void launchFromCu(float *d, int n, cudaStream_t s); // defined in a .cu file

int main() {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::vector<float> h(1024, 1.0f);
  float *d = nullptr;
  CHECK(cudaMalloc(&d, h.size() * sizeof(float)));
  CHECK(cudaMemcpy(d, h.data(), h.size() * sizeof(float),
                   cudaMemcpyHostToDevice));
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  launchFromCu(d, (int)h.size(), s);
  dim3 grid(4), block(256);
  float4 v = make_float4(1, 2, 3, 4);
  __half hv = __float2half(v.x);
  std::shared_ptr<float> sp(new float(__half2float(hv)));
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaFree(d));
  std::cout << prop.name << " " << grid.x * block.x << " " << *sp
            << std::endl;
  return 0;
}
