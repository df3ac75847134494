// cuRAND device API (XORWOW, Philox, MRG32k3a) and host generator API;
// a Monte Carlo estimate of pi.
#include <curand_kernel.h>
#include <curand.h>
#include <cuda_runtime.h>
#include <stdio.h>

__global__ void setup(curandState *state, unsigned long long seed) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  curand_init(seed, id, 0, &state[id]);
}

__global__ void monteCarloPi(curandState *states, unsigned int *hits,
                             int samples) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  curandState local = states[id];
  unsigned int count = 0;
  for (int i = 0; i < samples; ++i) {
    float x = curand_uniform(&local);
    float y = curand_uniform(&local);
    if (x * x + y * y <= 1.0f)
      ++count;
  }
  states[id] = local;
  atomicAdd(hits, count);
}

__global__ void distributions(float *f, double *d, unsigned *u) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  curandStatePhilox4_32_10_t ph;
  curand_init(1234ULL, id, 0, &ph);
  float4 u4 = curand_uniform4(&ph);
  float4 n4 = curand_normal4(&ph);
  uint4 r4 = curand4(&ph);
  curandStateMRG32k3a mrg;
  curand_init(42, id, 0, &mrg);
  curandState_t xw;
  curand_init(7, 0, 0, &xw);
  skipahead(100, &xw);
  float2 n2 = curand_normal2(&xw);
  f[id] = u4.x + n4.y + curand_normal(&ph) + curand_log_normal(&xw, 0.f, 1.f) +
          curand_uniform(&mrg) + n2.x;
  d[id] = curand_uniform_double(&ph) + curand_normal_double(&mrg) +
          curand_log_normal_double(&xw, 0.0, 1.0);
  u[id] = curand(&xw) + curand(&ph) + curand(&mrg) + r4.z +
          curand_poisson(&xw, 4.0);
}

int main() {
  const int threads = 256, blocks = 64;
  curandState *states;
  unsigned int *hits;
  cudaMalloc(&states, threads * blocks * sizeof(curandState));
  cudaMalloc(&hits, sizeof(unsigned int));
  cudaMemset(hits, 0, sizeof(unsigned int));
  setup<<<blocks, threads>>>(states, 1234ULL);
  monteCarloPi<<<blocks, threads>>>(states, hits, 1000);
  unsigned int h = 0;
  cudaMemcpy(&h, hits, sizeof(h), cudaMemcpyDeviceToHost);
  printf("pi ~ %f\n", 4.0 * h / (threads * blocks * 1000.0));

  curandGenerator_t gen;
  float *data;
  cudaMalloc(&data, 1000 * sizeof(float));
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(gen, 1234ULL);
  curandGenerateUniform(gen, data, 1000);
  curandGenerateNormal(gen, data, 1000, 0.0f, 1.0f);
  curandDestroyGenerator(gen);
  cudaFree(data);
  cudaFree(states);
  cudaFree(hits);
  return 0;
}
