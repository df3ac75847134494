// Templates, functors, host-device lambdas, constexpr and the standard
// library in device code, class members as kernels' helpers.
#include <cuda_runtime.h>
#include <cstdio>
#include <type_traits>
#include <utility>
#include <algorithm>

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y>
__global__ void matmulTiled(const T *A, const T *B, T *C, int M, int N, int K) {
  __shared__ T As[BLOCK_DIM_Y][BLOCK_DIM_X];
  __shared__ T Bs[BLOCK_DIM_Y][BLOCK_DIM_X];
  int row = blockIdx.y * BLOCK_DIM_Y + threadIdx.y;
  int col = blockIdx.x * BLOCK_DIM_X + threadIdx.x;
  T acc = T(0);
  for (int t = 0; t < (K + BLOCK_DIM_X - 1) / BLOCK_DIM_X; ++t) {
    int ak = t * BLOCK_DIM_X + threadIdx.x;
    int bk = t * BLOCK_DIM_Y + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < M && ak < K) ? A[row * K + ak] : T(0);
    Bs[threadIdx.y][threadIdx.x] = (col < N && bk < K) ? B[bk * N + col] : T(0);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BLOCK_DIM_X; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}

template <typename F, typename... Args>
__global__ void launchLambda(F f, Args... args) {
  f(threadIdx.x + blockIdx.x * blockDim.x, args...);
}

template <class T> struct DeviceArray {
  T *ptr;
  int n;
  __host__ __device__ T &operator[](int i) { return ptr[i]; }
  __host__ __device__ int size() const { return n; }
};

struct Op {
  template <class T> __device__ T operator()(T a, T b) const { return a + b; }
};

template <class T, class BinOp>
__global__ void transformReduce(DeviceArray<T> arr, T *out, BinOp op) {
  T v = T();
  for (int i = threadIdx.x; i < arr.size(); i += blockDim.x)
    v = op(v, arr[i]);
  atomicAdd(out, v);
}

constexpr int kWarps = 8;
constexpr __host__ __device__ int ceilDiv(int a, int b) { return (a + b - 1) / b; }
static_assert(ceilDiv(10, 3) == 4, "ceilDiv");

template <typename T>
__device__ typename std::enable_if<std::is_floating_point<T>::value, T>::type
safeDiv(T a, T b) {
  return b == T(0) ? T(0) : a / b;
}

int main() {
  const int M = 128, N = 128, K = 128;
  float *A, *B, *C;
  cudaMalloc(&A, M * K * sizeof(float));
  cudaMalloc(&B, K * N * sizeof(float));
  cudaMalloc(&C, M * N * sizeof(float));
  constexpr int BX = 16, BY = 16;
  dim3 block(BX, BY);
  dim3 grid(ceilDiv(N, BX), ceilDiv(M, BY));
  matmulTiled<float, BX, BY><<<grid, block>>>(A, B, C, M, N, K);
  matmulTiled<double, 32, 8><<<dim3(4, 16), dim3(32, 8)>>>(
      (const double *)A, (const double *)B, (double *)C, 64, 64, 64);

  float scale = 3.0f;
  auto body = [=] __host__ __device__(int i, float *p, int n) {
    if (i < n)
      p[i] = safeDiv(p[i], scale) + (float)kWarps;
  };
  launchLambda<<<M, 32>>>(body, C, M * N);
  launchLambda<<<1, 32>>>([] __device__(int i, int *q) { q[i] = i; },
                          (int *)A);

  DeviceArray<float> arr{C, M * N};
  transformReduce<<<1, 256>>>(arr, A, Op());
  transformReduce<<<1, 256>>>(DeviceArray<int>{(int *)B, 16}, (int *)A, Op());
  std::pair<int, int> pr = std::make_pair(1, 2);
  printf("%d\n", std::max(pr.first, pr.second));
  return 0;
}
