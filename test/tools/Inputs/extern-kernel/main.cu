// The host: launches rowSum, defined in kernel.cu, with 61 threads a block
// and one block per row.
extern __global__ void rowSum(const float *a, float *b, int n);

int main() {
  const int rows = 3000, cols = 61;
  float *in = 0, *out = 0;
  rowSum<<<rows, cols>>>(in, out, cols);
  return 0;
}
