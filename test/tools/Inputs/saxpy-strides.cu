// Wang-Lou Sec. 3.2's saxpy with x read at strides 1, 4, 8 and 16 floats.
#define N (1 << 22)
__global__ void s1(int n, float a, float *x, float *y) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i] + y[i]; }
__global__ void s4(int n, float a, float *x, float *y) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i * 4] + y[i]; }
__global__ void s8(int n, float a, float *x, float *y) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i * 8] + y[i]; }
__global__ void s16(int n, float a, float *x, float *y) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i * 16] + y[i]; }
void run(float *x, float *y) { s1<<<N / 256, 256>>>(N, 2.f, x, y); s4<<<N / 256, 256>>>(N, 2.f, x, y); s8<<<N / 256, 256>>>(N, 2.f, x, y); s16<<<N / 256, 256>>>(N, 2.f, x, y); }
