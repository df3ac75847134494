// The tiled matrix multiply of Hong & Kim, ISCA'09, Fig. 12 (Sec. 3.6), the
// kernel of the paper's worked example (Table 2: 50738 cycles on a machine of
// 80 GB/s, 1 GHz, 16 SMs; arch/hongkim_example.yaml).
//
// The paper launches <<<80, 128>>>: 128 threads per block, 4 warps. Its
// figure uses tx and ty over a BLOCKSIZE x BLOCKSIZE tile; with a
// one-dimensional block of 128 threads we take tx = threadIdx.x % BLOCKSIZE
// and ty = threadIdx.x / BLOCKSIZE, so the 128 threads cover 8 of the 16
// rows of a 16 x 16 tile. The paper simplifies its example to 3 outer
// iterations and 1 inner iteration; here the outer loop runs 3 times (the
// matrices are 3 tiles wide) and the inner loop runs BLOCKSIZE times, as the
// source says. docs/models/hong-kim.md compares the two.
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
