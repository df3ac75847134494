__global__ void columnTile32(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
void run(float *o) { columnTile32<<<64, dim3(32, 32)>>>(o); }
