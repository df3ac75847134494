// The CUDA driver API basics next to the runtime API.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>

#define CU_CHECK(x)                                                            \
  do {                                                                         \
    CUresult r = (x);                                                          \
    if (r != CUDA_SUCCESS) {                                                   \
      const char *msg = nullptr;                                               \
      cuGetErrorString(r, &msg);                                               \
      printf("driver error %d: %s\n", (int)r, msg);                            \
      return 1;                                                                \
    }                                                                          \
  } while (0)

extern "C" __global__ void saxpy(float a, float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  CU_CHECK(cuInit(0));
  int count = 0, version = 0;
  CU_CHECK(cuDeviceGetCount(&count));
  CU_CHECK(cuDriverGetVersion(&version));
  CUdevice dev;
  CU_CHECK(cuDeviceGet(&dev, 0));
  char name[128];
  cuDeviceGetName(name, sizeof(name), dev);
  int sms = 0, major = 0;
  cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
  cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                       dev);
  size_t total = 0;
  cuDeviceTotalMem(&total, dev);
  CUcontext ctx;
  CU_CHECK(cuCtxCreate(&ctx, 0, dev));
  CUmodule mod;
  CUfunction fn;
  CU_CHECK(cuModuleLoad(&mod, "saxpy.ptx"));
  CU_CHECK(cuModuleGetFunction(&fn, mod, "saxpy"));
  int n = 1 << 20;
  CUdeviceptr dx, dy;
  cuMemAlloc(&dx, n * sizeof(float));
  cuMemAlloc(&dy, n * sizeof(float));
  float *hx = new float[n];
  cuMemcpyHtoD(dx, hx, n * sizeof(float));
  float a = 2.0f;
  void *args[] = {&a, &dx, &dy, &n};
  CUstream stream;
  cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING);
  CU_CHECK(cuLaunchKernel(fn, n / 256, 1, 1, 256, 1, 1, 0, stream, args,
                          nullptr));
  cuCtxSynchronize();
  cuMemcpyDtoH(hx, dy, n * sizeof(float));
  cudaStream_t rs = stream; // runtime and driver streams are the same type
  cudaStreamSynchronize(rs);
  cuMemFree(dx);
  cuMemFree(dy);
  cuStreamDestroy(stream);
  cuModuleUnload(mod);
  cuCtxDestroy(ctx);
  delete[] hx;
  printf("%s %d SMs sm_%d0 %zu bytes CUDA %d\n", name, sms, major, total,
         CUDA_VERSION);
  return 0;
}
