// warplint-uncoalesced-access, the excess-sector rule (issue 14, item 10):
// with the default options (MinFactor 1.5, MinExcessSectors 1), an access in
// a loop whose requests need at least one sector more than the ideal is
// reported even below the factor; outside loops, and for a stencil's
// neighbours on a GPU with caches, it is not.
//
// RUN: %warplint --checks='-*,warplint-uncoalesced-access' --gpu-arch=sm_80 %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CC80 --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-uncoalesced-access' --gpu-arch=sm_80 --cuda-side=host %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CC80 --implicit-check-not='warning:'
// RUN: %warplint --checks='-*,warplint-uncoalesced-access' --gpu-arch=sm_13 %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CC13 --implicit-check-not='warning:'
// With the rule off, nothing is reported on sm_80.
// RUN: %warplint --checks='-*,warplint-uncoalesced-access' --gpu-arch=sm_80 \
// RUN:   --config="{CheckOptions: {warplint-uncoalesced-access.MinExcessSectors: '0'}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --allow-empty --check-prefixes=OFF --implicit-check-not='warning:'
// OFF-NOT: warning:
// RUN: %clang_tidy --load=%plugin --checks='-*,warplint-uncoalesced-access' \
// RUN:   --config="{CheckOptions: {warplint-uncoalesced-access.MinExcessSectors: 'some'}}" %s -- --cuda-device-only %builtin_cuda_args 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=BAD
// BAD: invalid MinExcessSectors for warplint-uncoalesced-access: 'some' (a number of sectors, 0 or more; 0 turns the rule off); using 1

// A copy one element past the start, in a grid-stride loop. Each warp reads
// bytes 4..131 past a 128-byte boundary: sectors 0..4, 5 sectors in 2 lines
// for 4 ideal (1.25x, under 1.5), one excess sector per request, every
// request alike; 128 of 160 bytes used = 80%. On 1.3: half-warp 0 (bytes
// 4..67) one 128-byte segment, half-warp 1 (68..131) a 64-byte and a 32-byte
// transaction: 3 for 2 (1.5x, not above it), one excess transaction; 128 of
// 224 bytes = 57%.
__global__ void copyShifted(float *o, const float *in, int n) {
  for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < n;
       k += blockDim.x * gridDim.x)
    o[k] = in[k + 1];
}
// CC80: :[[@LINE-2]]:12: warning: global load from 'in' touches 5 sectors in 2 lines per warp request (ideal 4); 80% of fetched bytes are used [warplint-uncoalesced-access]
// CC80: :[[@LINE-3]]:12: note: the warp's addresses are contiguous but start 4 bytes past a 128-byte boundary
// CC80: :[[@LINE-4]]:12: note: 1 excess sector per warp request on average, in a loop: below the 1.5x factor, but paid on every iteration (MinExcessSectors)
// CC13: :[[@LINE-5]]:12: warning: global load from 'in' needs 3 transactions for the 2 half-warps of a warp request (ideal 2); 57% of fetched bytes are used [warplint-uncoalesced-access]
// CC13: :[[@LINE-6]]:12: note: 1 excess transaction per warp request on average, in a loop: below the 1.5x factor, but paid on every iteration (MinExcessSectors)

// A three-point stencil: in[k+1] and in[k+2] (4 and 8 bytes past a line)
// are each one sector over, but in[k] and each other read those sectors: no
// finding on sm_80. On 1.3, with no cache, each pays its extra transaction:
// 3 for 2 (half-warp 1 of in[k+2], bytes 72..135: a 64-byte and a 32-byte
// transaction), 57%. The store and in[k] are aligned.
__global__ void stencil3(float *o, const float *in, int n) {
  for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < n;
       k += blockDim.x * gridDim.x)
    o[k] = in[k] + in[k + 1] + in[k + 2];
}
// CC13: :[[@LINE-2]]:20: warning: global load from 'in' needs 3 transactions for the 2 half-warps of a warp request (ideal 2); 57% of fetched bytes are used [warplint-uncoalesced-access]
// CC13: :[[@LINE-3]]:32: warning: global load from 'in' needs 3 transactions for the 2 half-warps of a warp request (ideal 2); 57% of fetched bytes are used [warplint-uncoalesced-access]

// The same shifted copy once, outside a loop: 5 for 4 is under the factor,
// and paid once: no finding.
__global__ void copyShiftedOnce(float *o, const float *in) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  o[k] = in[k + 1];
}

void launch(float *o, const float *in, int n) {
  copyShifted<<<64, 256>>>(o, in, n);
  stencil3<<<64, 256>>>(o, in, n);
  copyShiftedOnce<<<64, 256>>>(o, in);
}
