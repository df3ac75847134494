// 8 nested grid-stride loops with one access at the bottom.
__global__ void nest(float *a, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    for (int j = threadIdx.x; j < n; j += blockDim.x)
      for (int k = threadIdx.x; k < n; k += blockDim.x)
        for (int l = threadIdx.x; l < n; l += blockDim.x)
          for (int m = threadIdx.x; m < n; m += blockDim.x)
            for (int o = threadIdx.x; o < n; o += blockDim.x)
              for (int p = threadIdx.x; p < n; p += blockDim.x)
                for (int q = threadIdx.x; q < n; q += blockDim.x)
                  a[i + j + k + l + m + o + p + q] += 1.0f;
}
void host(float *a) { nest<<<1, 256>>>(a, 4096); }
