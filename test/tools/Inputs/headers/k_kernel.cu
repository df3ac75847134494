// Included by main.cu, Rodinia's way.
__global__ void stride2(float *o, const float *i) { o[threadIdx.x * 2] = i[threadIdx.x]; }
