#define T (blockIdx.x * blockDim.x + threadIdx.x)

__global__ void copyOffset0(float *o, const float *i) { o[T] = i[T + 0]; }
__global__ void copyOffset32(float *o, const float *i) { o[T] = i[T + 32]; }
__global__ void copyOffset16(float *o, const float *i) { o[T] = i[T + 16]; }
__global__ void copyOffset1(float *o, const float *i) { o[T] = i[T + 1]; }

__global__ void stride2(float *o, const float *i) { o[T] = i[2 * T]; }
__global__ void stride4(float *o, const float *i) { o[T] = i[4 * T]; }
__global__ void stride8(float *o, const float *i) { o[T] = i[8 * T]; }
__global__ void stride16(float *o, const float *i) { o[T] = i[16 * T]; }
__global__ void stride32(float *o, const float *i) { o[T] = i[32 * T]; }

__global__ void copyFloat4(float4 *o, const float4 *i) { o[T] = i[T]; }
__global__ void copyDouble(double *o, const double *i) { o[T] = i[T]; }
__global__ void float4Stride2(float4 *o, const float4 *i) { o[T] = i[2 * T]; }

__global__ void columnScale(float *out, const float *in, int n) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  out[x * n + y] = 2.0f * in[x * n + y];
}

__global__ void transposeNaive(float *out, const float *in, int width,
                               int height) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[x * height + (y + j)] = in[(y + j) * width + x];
}

