// warplint: launch block(banana)
__global__ void k(float *a) { a[threadIdx.x * 32] = 1; }

__global__ void big(float *a) { a[threadIdx.x * 32] = 1; }

void host(float *a) { big<<<1, dim3(32, 64)>>>(a); }
