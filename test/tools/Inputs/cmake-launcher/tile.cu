#define TILE 32
__global__ void transposeTile(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
}
void run(float *o, const float *i) { transposeTile<<<1, dim3(32, 32)>>>(o, i); }
