// explain.test: a loop whose trip count differs between lanes (4, 3, 2, 1
// iterations by threadIdx.x % 4): the map marks the lanes that run the
// most.
__global__ void uneven(float *out) {
  float s = 0;
  for (int i = threadIdx.x % 4; i < 4; ++i)
    s += i;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
void run(float *o) { uneven<<<64, 128>>>(o); }
