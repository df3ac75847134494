__global__ void other(int *p) { p[threadIdx.x * 2] = 0; }
