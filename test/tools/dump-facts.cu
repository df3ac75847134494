// The JSON facts of a small kernel and its launch, on both sides of the
// CUDA compilation.
// RUN: %warplint --dump-facts %s -- | FileCheck %s
// RUN: %warplint --dump-facts --cuda-side=host %s -- | FileCheck %s

__global__ void copy(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = in[i];
}

void launch(float *o, const float *i, int n) {
  copy<<<(n + 255) / 256, 256>>>(o, i, n);
}

// CHECK:      "files": [
// CHECK:          "compile": {
// CHECK-NEXT:       "builtin_cuda_headers": true,
// CHECK-NEXT:       "cuda_path": "",
// CHECK-NEXT:       "gpu_archs": [],
// CHECK-NEXT:       "maxrregcount": null
// CHECK:          "kernels": [
// CHECK:              "accesses": [
// CHECK:                  "base": "in",
// CHECK:                  "guards": [
// CHECK-NEXT:               {
// CHECK-NEXT:                 "branch": 0,
// CHECK-NEXT:                 "taken": false
// CHECK:                  "index": "blockDim.x*blockIdx.x + threadIdx.x",
// CHECK:                  "read": true,
// CHECK-NEXT:             "space": "global",
// CHECK:                  "base": "out",
// CHECK:                  "index": "blockDim.x*blockIdx.x + threadIdx.x",
// CHECK:                  "write": true
// CHECK:              "branches": [
// CHECK:                  "condition": "n <= blockDim.x*blockIdx.x + threadIdx.x",
// CHECK-NEXT:             "exit": "return",
// CHECK:                  "kind": "early-exit",
// CHECK:                  "thread_dependent": true
// CHECK:              "launch_sites": [
// CHECK:                  "block": [
// CHECK-NEXT:               "256",
// CHECK-NEXT:               "1",
// CHECK-NEXT:               "1"
// CHECK:                  "caller": "launch",
// CHECK-NEXT:             "calls": [],
// CHECK-NEXT:             "command_line": {},
// CHECK-NEXT:             "device": {},
// CHECK-NEXT:             "device_gpu": "",
// CHECK-NEXT:             "grid": [
// CHECK-NEXT:               "(n + 255)/256",
// CHECK-NEXT:               "1",
// CHECK-NEXT:               "1"
// CHECK:              "name": "copy",
// CHECK:              "params": [
// CHECK:                  "name": "out",
// CHECK-NEXT:             "pointee_const": false,
// CHECK-NEXT:             "pointee_size": 4,
// CHECK-NEXT:             "pointer": true,
// CHECK:                  "name": "in",
// CHECK-NEXT:             "pointee_const": true,
// CHECK:          "schema_version": 1
// CHECK:        "schema_version": 1
