// Excess sectors per kernel (issue 14, item 10): Nsight Compute's
// "excessive sectors" summed over a launch, in the estimate's text and in
// the JSON report's derived counts. Every number is worked out by hand.
//
// RUN: %warplint --gpu-arch=sm_80 --estimate %s -- 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: %warplint --gpu-arch=sm_80 --format=json %s -- > %t.json
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); [print(k['kernel'], k['hong_kim']['counts']['derived']['excess_sectors_per_warp'], k['hong_kim']['counts']['derived']['global_sectors_per_warp'], k['hong_kim']['counts']['derived']['excess_unit']) for k in d['kernels']]" %t.json | FileCheck %s --check-prefix=JSON
// RUN: %warplint --gpu-arch=sm_13 --estimate %s -- 2>&1 | FileCheck %s --check-prefix=CC13

// 1024 blocks of 256 threads: 8192 warps. Each warp reads 128 bytes that
// start 4 bytes past a line: 5 sectors for an ideal of 4, 1 excess; its
// write is 4 aligned sectors. Per warp 9 sectors, 1 excess (11%); per
// launch 8192 excess of 73,728.
__global__ void offsetCopy(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}
// TEXT-LABEL: offsetCopy (1024 x 256, sm_80)
// TEXT: excess 32-byte sectors: 8192 per launch (1 per warp), 11% of the 7.373e+04 its global requests move
// JSON: offsetCopy 1 9 32-byte sectors

// Stride 2: the read spans 256 bytes, 8 sectors for an ideal of 4, 4
// excess; the write 4. Per warp 12 sectors, 4 excess (33%); per launch
// 32,768 of 98,304.
__global__ void strided(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}
// TEXT-LABEL: strided (1024 x 256, sm_80)
// TEXT: excess 32-byte sectors: 3.277e+04 per launch (4 per warp), 33% of the 9.83e+04 its global requests move
// JSON: strided 4 12 32-byte sectors

// On 1.3 the unit is transactions. offsetCopy: the first half-warp reads
// bytes 4..67, inside one 128-byte segment: one transaction; the second
// reads 68..131 and crosses a 128-byte boundary: two. 3 for an ideal of 2,
// plus 2 aligned for the write: 5 per warp, 1 excess (20%), 8192 per
// launch. strided: each half-warp's 16 lanes span 128 bytes, one segment,
// one transaction each as the ideal: no excess, no line.
// CC13-LABEL: offsetCopy (1024 x 256, sm_13)
// CC13: excess transactions: 8192 per launch (1 per warp), 20% of the 4.096e+04 its global requests move
// CC13-NOT: excess {{[0-9a-z]+}}
int main() {
  float *o, *i;
  offsetCopy<<<1024, 256>>>(o, i);
  strided<<<1024, 256>>>(o, i);
}
