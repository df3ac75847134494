// Validation family "copy": a one-dimensional copy of N floats with 256-thread
// blocks, in which each variant changes only the offset or the stride of one
// global access. Written for warplint's validation (docs/validation.md).
//
// What warplint should say is given per variant for two GPU families:
//   sm_80 and later (32-byte sectors, 128-byte lines; "default" in
//   validation/expectations.json) and sm_13 (compute capability 1.3:
//   per half-warp 32/64/128-byte segments).
// A warp of 32 lanes reading 32 consecutive, 128-byte aligned floats needs
// 4 sectors (the ideal); a half-warp on 1.3 needs one 64-byte transaction.
//
// The harness (validation/harness/copy_host.cu) runs every variant through
// copyLaunch() below, so warplint sees exactly the launches that are timed.

#ifndef COPY_N
#define COPY_N (1 << 22) // elements written by every variant
#endif
#define COPY_BLOCK 256
// Input arrays hold COPY_N * COPY_MAX_STRIDE + COPY_MAX_OFFSET floats.
#define COPY_MAX_STRIDE 8
#define COPY_MAX_OFFSET 32

// copyAligned: out[i] = in[i]. The reference: every request is one aligned
// 128-byte line. warplint: no finding on any GPU.
__global__ void copyAligned(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

// copyOffset1: the load is shifted by one float (4 bytes). sm_80: each warp
// load spans 5 sectors instead of 4 (80% of the fetched bytes used), 1.25
// times the ideal, within the check's default MinFactor of 1.5: no finding
// (CuMAPz's bw_util term of `warplint --estimate` drops below 1 instead).
// sm_13: one half-warp in two straddles a 128-byte segment boundary: 3
// transactions for the 2 half-warps of a warp, ideal 2: 1.5, no finding.
__global__ void copyOffset1(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}

// copyOffset8: shifted by 8 floats (32 bytes, one sector). sm_80: still 4
// sectors per warp (the sectors fall in two lines, but no extra byte moves):
// no finding. sm_13: as copyOffset1 (3 transactions, ideal 2): no finding.
__global__ void copyOffset8(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 8];
}

// copyOffset32: shifted by 32 floats (128 bytes, a whole line): as aligned
// as copyAligned. warplint: no finding on any GPU. (The control for the two
// offsets above: same arithmetic, aligned address.)
__global__ void copyOffset32(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 32];
}

// copyStride2: reads every second float. sm_80: 8 sectors per warp load,
// ideal 4 (50% used): warplint-uncoalesced-access on the load. (sm_13: one
// 128-byte transaction per half-warp, half of it used; the check counts
// transactions, 2 for ideal 2, so it is silent there.)
__global__ void copyStride2(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}

// copyStride4: every fourth float. sm_80: 16 sectors, ideal 4 (25% used).
// Expected: warplint-uncoalesced-access on the load.
__global__ void copyStride4(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[4 * i];
}

// copyStride8: every eighth float: one sector per lane. sm_80: 32 sectors,
// ideal 4 (12.5% used). Expected: warplint-uncoalesced-access on the load.
__global__ void copyStride8(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[8 * i];
}

// copyWriteStride2: the store is strided instead of the load: out[2*i].
// sm_80: 8 sectors per warp store, ideal 4. Expected:
// warplint-uncoalesced-access on the store, none on the load.
__global__ void copyWriteStride2(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * i] = in[i];
}

// The variants in the order of validation/expectations.json; the harness
// names rows by these strings.
// copyVec2, copyVec4: copyAligned with each thread moving 2 (4) consecutive
// floats as one float2 (float4), and 2 (4) times fewer threads: what
// `warplint --explore` proposes for copyAligned (docs/explore.md). Every
// vector is aligned to its size. Expected: no finding on any GPU.
__global__ void copyVec2(float2 *out, const float2 *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void copyVec4(float4 *out, const float4 *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

static const char *const kCopyVariants[] = {
    "aligned", "offset1", "offset8",  "offset32",     "stride2",
    "stride4", "stride8", "write_stride2", "vec2", "vec4"};
static const int kCopyVariantCount = 10;

// Launches variant V once. grid = COPY_N / COPY_BLOCK blocks of COPY_BLOCK
// threads: every variant writes COPY_N floats (write_stride2 writes them
// 2 apart, into an output of 2 * COPY_N floats).
static void copyLaunch(int v, float *out, const float *in) {
  if (v == 0)
    copyAligned<<<COPY_N / COPY_BLOCK, COPY_BLOCK>>>(out, in);
  else if (v == 1)
    copyOffset1<<<COPY_N / COPY_BLOCK, COPY_BLOCK>>>(out, in);
  else if (v == 2)
    copyOffset8<<<COPY_N / COPY_BLOCK, COPY_BLOCK>>>(out, in);
  else if (v == 3)
    copyOffset32<<<COPY_N / COPY_BLOCK, COPY_BLOCK>>>(out, in);
  else if (v == 4)
    copyStride2<<<COPY_N / COPY_BLOCK, COPY_BLOCK>>>(out, in);
  else if (v == 5)
    copyStride4<<<COPY_N / COPY_BLOCK, COPY_BLOCK>>>(out, in);
  else if (v == 6)
    copyStride8<<<COPY_N / COPY_BLOCK, COPY_BLOCK>>>(out, in);
  else if (v == 7)
    copyWriteStride2<<<COPY_N / COPY_BLOCK, COPY_BLOCK>>>(out, in);
  else if (v == 8)
    copyVec2<<<COPY_N / 2 / COPY_BLOCK, COPY_BLOCK>>>(
        reinterpret_cast<float2 *>(out), reinterpret_cast<const float2 *>(in));
  else if (v == 9)
    copyVec4<<<COPY_N / 4 / COPY_BLOCK, COPY_BLOCK>>>(
        reinterpret_cast<float4 *>(out), reinterpret_cast<const float4 *>(in));
}
