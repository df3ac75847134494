// A system header (-isystem): its findings are not shown.
__global__ void sysStride4(float *o, const float *i) { o[threadIdx.x * 4] = i[threadIdx.x]; }
