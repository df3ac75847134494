#define BLOCKSIZE 16

struct Matrix {
  int width;
  int height;
  float *elements;
};

__global__ void MatrixMulKernel(Matrix M, Matrix N, Matrix P) {
  int bx = blockIdx.x;
  int by = 0;
  int tx = threadIdx.x % BLOCKSIZE;
  int ty = threadIdx.x / BLOCKSIZE;
  const int wM = 3 * BLOCKSIZE;
  const int wN = 80 * BLOCKSIZE;
  int starta = wM * BLOCKSIZE * by;
  int enda = starta + wM - 1;
  int stepa = BLOCKSIZE;
  int startb = BLOCKSIZE * bx;
  int stepb = BLOCKSIZE * wN;
  float subsum = 0;
  for (int a = starta, b = startb; a <= enda; a += stepa, b += stepb) {
    __shared__ float Msub[BLOCKSIZE][BLOCKSIZE];
    __shared__ float Nsub[BLOCKSIZE][BLOCKSIZE];

    Msub[ty][tx] = M.elements[a + wM * ty + tx];
    Nsub[ty][tx] = N.elements[b + wN * ty + tx];

    __syncthreads();

    for (int k = 0; k < BLOCKSIZE; ++k)
      subsum += Msub[ty][k] * Nsub[k][tx];

    __syncthreads();
  }

  int index = wN * BLOCKSIZE * by + BLOCKSIZE * bx;
  P.elements[index + wN * ty + tx] = subsum;
}

void run(Matrix M, Matrix N, Matrix P) {
  MatrixMulKernel<<<80, 128>>>(M, N, P);
}
