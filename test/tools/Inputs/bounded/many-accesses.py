"""Writes a kernel with N misaligned stores in one loop (every pair on one
buffer, in the same loop: the neighbour search compares them) and N
strided stores outside it, to standard output."""
import sys

n = int(sys.argv[1])
print("__global__ void many(float *a, int m) {")
print("  int t = blockIdx.x * blockDim.x + threadIdx.x;")
print("  for (int j = 0; j < m; ++j) {")
for i in range(n):
    print("    a[t + j * 1048576 + %d] = %d.0f;" % (i * 64 + 1, i))
print("  }")
for i in range(n):
    print("  a[t * %d + %d] = %d.0f;" % (i % 7 + 2, i, i))
print("}")
