#define MAX 1024
#define BLKDIM 16
#define TILE 32

__global__ void columnWise(float *out, const float *in) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float s_in[BLKDIM][BLKDIM];
  s_in[threadIdx.x][threadIdx.y] = in[row * MAX + col];
  __syncthreads();
  out[row * MAX + col] = s_in[threadIdx.x][threadIdx.y];
}

__global__ void rowWise(float *out, const float *in) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float s_in[BLKDIM][BLKDIM];
  s_in[threadIdx.y][threadIdx.x] = in[row * MAX + col];
  __syncthreads();
  out[row * MAX + col] = s_in[threadIdx.y][threadIdx.x];
}

__global__ void padded(float *out, const float *in) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float s_in[BLKDIM][BLKDIM + 1];
  s_in[threadIdx.x][threadIdx.y] = in[row * MAX + col];
  __syncthreads();
  out[row * MAX + col] = s_in[threadIdx.x][threadIdx.y];
}

__global__ void transposeTile(float *out, const float *in, int width) {
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

