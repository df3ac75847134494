// Loops bounded by the launch (issue 14, item 7): a geometric loop over
// blockDim has an exact trip count once the launch fixes blockDim, and the
// estimate counts its barriers that many times.
//
// RUN: %warplint --gpu-arch=sm_80 --estimate %s -- 2>&1 | FileCheck %s

// Block 256: k = 128, 64, 32, 16, 8, 4, 2, 1: 8 iterations, one barrier
// each, plus the one after the load: 9 per thread.
__global__ void halving(float *out, const float *in) {
  __shared__ float s[1024];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (tid < k)
      s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// Block 1024: k = 1, 2, 4, ..., 512: 10 iterations, two barriers each, plus
// the one after the load: 21 per thread.
__global__ void doubling(float *out, const float *in) {
  __shared__ float s[1024];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned k = 1; k < blockDim.x; k *= 2) {
    float v = tid >= k ? s[tid - k] : 0.f;
    __syncthreads();
    s[tid] += v;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = s[tid];
}

// Block 128, a shift by 2 each step: k = 64, 16, 4, 1: 4 iterations, plus
// the barrier after the load: 5 per thread.
__global__ void quartering(float *out, const float *in) {
  __shared__ float s[1024];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 2) {
    if (tid < k)
      s[tid] += s[tid + k];
    __syncthreads();
  }
  out[blockIdx.x] = s[0];
}

void launch(float *o, const float *i) {
  halving<<<64, 256>>>(o, i);
  doubling<<<8, 1024>>>(o, i);
  quartering<<<64, 128>>>(o, i);
}

// CHECK-LABEL: halving (64 x 256, sm_80)
// CHECK: counts per thread (derived): {{[0-9]+}} computation, {{.*}} memory, 9 synchronization
// CHECK-NOT: times per thread (
// CHECK-LABEL: doubling (8 x 1024, sm_80)
// CHECK: counts per thread (derived): {{[0-9]+}} computation, {{.*}} memory, 21 synchronization
// CHECK-NOT: times per thread (
// CHECK-LABEL: quartering (64 x 128, sm_80)
// CHECK: counts per thread (derived): {{[0-9]+}} computation, {{.*}} memory, 5 synchronization
// CHECK-NOT: times per thread (
