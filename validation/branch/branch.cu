// Validation family "branch": divergent and warp-uniform branch pairs. Every
// variant does the same arithmetic per thread (BR_ITERS dependent
// multiply-adds on one of two paths) over BR_N floats with 256-thread blocks;
// the pairs differ only in which threads take which path. A warp whose
// lanes split runs both paths one after the other (CuMAPz eq. 7 counts the
// paths per warp); a warp-uniform branch costs one path. All global accesses
// are coalesced. Written for this project.
//
// Each path does its own global load and store, so the branch guards memory
// references: CuMAPz eq. 7 (the branch_eff term of `warplint --estimate`)
// counts the paths a warp takes through the guards of its global references.
// Expected findings: warplint-warp-divergence (issue 4: divergent branches
// guarding real work; uniform ones, on blockIdx or on whole warps, silent),
// and branch_eff below 1 for the divergent variants, 1 for the uniform ones.

#ifndef BR_N
#define BR_N (1 << 22)
#endif
#define BR_BLOCK 256
#define BR_ITERS 256

__device__ float brPathA(float v) {
  for (int k = 0; k < BR_ITERS; ++k)
    v = v * 1.0001f + 0.5f;
  return v;
}

__device__ float brPathB(float v) {
  for (int k = 0; k < BR_ITERS; ++k)
    v = v * 0.9999f - 0.25f;
  return v;
}

// brLaneDivergent: even and odd lanes take different paths: every warp
// splits in two (2 paths per warp, 100% of warps split). Expected:
// warplint-warp-divergence.
__global__ void brLaneDivergent(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 2 == 0)
    out[i] = brPathA(in[i]);
  else
    out[i] = brPathB(in[i]);
}

// brWarpUniform: the same split, by whole warps ((threadIdx.x / 32) % 2):
// no warp splits. Expected: no finding. Pairs with brLaneDivergent.
__global__ void brWarpUniform(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if ((threadIdx.x / 32) % 2 == 0)
    out[i] = brPathA(in[i]);
  else
    out[i] = brPathB(in[i]);
}

// brHalfWarpDivergent: lanes 0-15 and 16-31 of every warp differ: every
// warp splits (2 paths). Expected: warplint-warp-divergence.
__global__ void brHalfWarpDivergent(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 32 < 16)
    out[i] = brPathA(in[i]);
  else
    out[i] = brPathB(in[i]);
}

// brBlockUniform: the path depends on blockIdx.x only: uniform in every
// warp. Expected: no finding. Pairs with brHalfWarpDivergent.
__global__ void brBlockUniform(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x % 2 == 0)
    out[i] = brPathA(in[i]);
  else
    out[i] = brPathB(in[i]);
}

// brSingleLane: only thread 0 of each block does the extra work; the first
// warp of each block splits (1 of 8 warps), one lane on the path. Expected:
// no finding by default (a single-lane branch, issue 14 item 11); with
// warplint-warp-divergence.WarnOnSingleLane, 12.5% of warps split.
__global__ void brSingleLane(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    out[i] = brPathA(in[i]);
  else
    out[i] = in[i];
}

// brSingleWarp: the first warp of each block does the extra work: no warp
// splits. Expected: no finding. Pairs with brSingleLane.
__global__ void brSingleWarp(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 32)
    out[i] = brPathA(in[i]);
  else
    out[i] = in[i];
}

// brDataDependent: the path depends on the data (in[i] > 0.5). Statically
// unknown; with the harness's uniform random input about half the lanes of
// every warp take each path, as in brLaneDivergent. Expected: no finding
// (warplint cannot know the data and must not guess); the measurement shows
// what the guess would have missed.
__global__ void brDataDependent(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0.5f)
    out[i] = brPathA(in[i]);
  else
    out[i] = brPathB(in[i]);
}

static const char *const kBranchVariants[] = {
    "lane_divergent", "warp_uniform", "half_warp_divergent", "block_uniform",
    "single_lane", "single_warp", "data_dependent"};
static const int kBranchVariantCount = 7;

static void branchLaunch(int v, float *out, const float *in) {
  if (v == 0)
    brLaneDivergent<<<BR_N / BR_BLOCK, BR_BLOCK>>>(out, in);
  else if (v == 1)
    brWarpUniform<<<BR_N / BR_BLOCK, BR_BLOCK>>>(out, in);
  else if (v == 2)
    brHalfWarpDivergent<<<BR_N / BR_BLOCK, BR_BLOCK>>>(out, in);
  else if (v == 3)
    brBlockUniform<<<BR_N / BR_BLOCK, BR_BLOCK>>>(out, in);
  else if (v == 4)
    brSingleLane<<<BR_N / BR_BLOCK, BR_BLOCK>>>(out, in);
  else if (v == 5)
    brSingleWarp<<<BR_N / BR_BLOCK, BR_BLOCK>>>(out, in);
  else if (v == 6)
    brDataDependent<<<BR_N / BR_BLOCK, BR_BLOCK>>>(out, in);
}
