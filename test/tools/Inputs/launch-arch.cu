__global__ void k(float *a) { a[threadIdx.x] = 1.0f; }
int main() {
  float *d;
  k<<<1, 32>>>(d);
}
