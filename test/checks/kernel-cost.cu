// warplint-kernel-cost: a kernel whose estimated cost exceeds a budget. Off
// unless enabled, silent without a budget; the figures are those of
// `warplint --estimate` for the same GPU (docs/models/warplint.md), so the
// test runs both and checks that the warning quotes the estimate's cycles.
// The GPU is the Hong-Kim paper's machine (1 GHz: a cycle is 1 ns).
//
// RUN: %warplint --estimate --arch=hongkim_example %s -- > %t.all 2>&1
// RUN: %warplint --checks='-*,warplint-kernel-cost' --arch=hongkim_example \
// RUN:   --config="{CheckOptions: {warplint-kernel-cost.MaxCycles: 1000}}" %s -- >> %t.all 2>&1
// RUN: FileCheck %s --check-prefix=OVER --input-file=%t.all
//
// The host-side parse sees the same kernels and gives the same figures.
// RUN: %warplint --checks='-*,warplint-kernel-cost' --arch=hongkim_example --cuda-side=host \
// RUN:   --config="{CheckOptions: {warplint-kernel-cost.MaxCycles: 1000}}" %s -- >> %t.all 2>&1
// RUN: FileCheck %s --check-prefix=HOST --input-file=%t.all
//
// A budget the kernels keep: no warning.
// RUN: %warplint --checks='-*,warplint-kernel-cost' --arch=hongkim_example \
// RUN:   --config="{CheckOptions: {warplint-kernel-cost.MaxCycles: 100000000}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNDER --allow-empty
// UNDER-NOT: warning:
//
// A time budget, in microseconds: 1 us is 1000 cycles at 1 GHz.
// RUN: %warplint --checks='-*,warplint-kernel-cost' --arch=hongkim_example \
// RUN:   --config="{CheckOptions: {warplint-kernel-cost.MaxMicroseconds: 1}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TIME
//
// Registers: 12 per thread give 5 blocks of 128 threads per SM on 1.0
// (128 x 12 = 1536 registers per block, 8192 / 1536 = 5).
// RUN: %warplint --checks='-*,warplint-kernel-cost' --arch=hongkim_example \
// RUN:   --config="{CheckOptions: {warplint-kernel-cost.MaxCycles: 1000, warplint-kernel-cost.Registers: 12}}" %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REGS
//
// Not in the default checks, and silent without a budget even when a glob
// enables it.
// RUN: %warplint --arch=hongkim_example %s -- 2>&1 | FileCheck %s --check-prefix=DEFAULT --allow-empty
// RUN: %warplint --checks='-*,warplint-*' --arch=hongkim_example %s -- 2>&1 | FileCheck %s --check-prefix=DEFAULT --allow-empty
// DEFAULT-NOT: warplint-kernel-cost
//
// Bad option values are configuration errors.
// (clang-tidy with the plugin: warplint refuses them before any file,
// test/tools/config-errors.test.)
// RUN: %clang_tidy --load=%plugin --checks='-*,warplint-kernel-cost' \
// RUN:   --config="{CheckOptions: {GpuArch: hongkim_example, warplint-kernel-cost.MaxCycles: lots, warplint-kernel-cost.Model: fancy}}" %s -- --cuda-device-only %builtin_cuda_args 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD-DAG: invalid MaxCycles for warplint-kernel-cost: 'lots' (a number > 0)
// BAD-DAG: invalid Model for warplint-kernel-cost: 'fancy' (auto, warplint, paper, hong-kim, wang-lou, cgpredict or mdm)

// Each thread copies 4 floats in a loop: 4 coalesced loads and stores.
__global__ void copy4(float *out, const float *in) {
  int i = blockIdx.x * 512 + threadIdx.x;
  for (int k = 0; k < 4; ++k)
    out[i + 128 * k] = in[i + 128 * k];
}

// The same with a 32-float stride between lanes: uncoalesced.
__global__ void copy4Strided(float *out, const float *in) {
  int i = blockIdx.x * 512 * 32 + threadIdx.x * 32;
  for (int k = 0; k < 4; ++k)
    out[i + k] = in[i + k];
}

void run(float *o, const float *i) {
  copy4<<<64, 128>>>(o, i);
  copy4Strided<<<64, 128>>>(o, i);
}

// The estimate's cycles, then the warning quoting them.
// OVER: copy4 64 128 sm_10 {{[0-9]+}}% registers warplint [[C1:[0-9]+]] {{.*}}
// OVER: copy4Strided 64 128 sm_10 {{[0-9]+}}% registers warplint [[C2:[0-9]+]] {{.*}}
// OVER: kernel-cost.cu:{{[0-9]+}}:17: warning: kernel 'copy4' costs an estimated [[C1]] cycles ({{[0-9.]+}} us at 1000 MHz), over its budget of 1000 cycles [warplint-kernel-cost]
// OVER: note: warplint model (the default: the bound the busiest SM meets first (docs/models/warplint.md)): bound by {{(issue|shared memory|DRAM bandwidth|latency)}}; per SM, {{[0-9]+}} warps in {{[0-9]+}} wave{{s?}}: issue {{[0-9]+}}, shared memory 0, DRAM {{[0-9]+( \(partition camping x[0-9.]+\))?}}, L1 {{[0-9]+}}, latency {{[0-9]+}} cycles
// OVER: note: occupancy {{[0-9]+}}% ({{[0-9]+}} blocks, {{[0-9]+}} warps per SM), limited by registers; per thread (derived): {{[0-9]+}} computation, 8 coalesced and 0 uncoalesced memory, 0 synchronization instructions
// OVER: note: assuming grid (64, 1, 1) block (128, 1, 1), from the launch at
// OVER: note: assuming 32 registers per thread (the default
// OVER: kernel-cost.cu:{{[0-9]+}}:17: warning: kernel 'copy4Strided' costs an estimated [[C2]] cycles
// OVER: per thread (derived): {{[0-9]+}} computation, 0 coalesced and 8 uncoalesced memory
//
// TIME: warning: kernel 'copy4' costs an estimated {{[0-9]+}} cycles ({{[0-9.]+}} us at 1000 MHz), over its budget of 1.00 us
//
// REGS: note: occupancy 83% (5 blocks, 20 warps per SM), limited by registers
// REGS-NOT: data_reuse
//
// HOST: copy4 64 128 sm_10 {{[0-9]+}}% registers warplint [[H1:[0-9]+]] {{.*}}
// HOST: copy4Strided 64 128 sm_10 {{[0-9]+}}% registers warplint [[H2:[0-9]+]] {{.*}}
// HOST: warning: kernel 'copy4' costs an estimated [[H1]] cycles
// HOST: warning: kernel 'copy4Strided' costs an estimated [[H2]] cycles
// HOST: warning: kernel 'copy4' costs an estimated [[H1]] cycles
// HOST: warning: kernel 'copy4Strided' costs an estimated [[H2]] cycles
