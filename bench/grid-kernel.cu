// The kernel of bench/run_all.py's grid-size sweep (end to end): the tiled
// transpose that warplint-bench-analysis also uses, launched on a GRID x GRID
// grid; run_all.py passes -DGRID=N. warplint's cost must not grow with GRID.
#ifndef GRID
#define GRID 64
#endif
#define TILE 32
__global__ void transposeTiled(float *out, const float *in, int width) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
void run(float *o, const float *i) {
  transposeTiled<<<dim3(GRID, GRID), dim3(32, 8)>>>(o, i, GRID * 32);
}
