//===- ExtractTest.cpp - Kernel facts from in-memory CUDA sources ---------===//
//
// Each test parses a small CUDA source with the built-in CUDA header (no
// toolkit) and checks the facts warplint extracts from it: here the index
// expressions of the papers' kernels and of common idioms. Launches,
// branches, annotations and unknowns are ExtractContextTest.cpp.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Tooling.h"

#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

#include "ExtractTestHelpers.h"

using namespace warplint;
using namespace warplint::sym;

namespace {

Expr Iter(const char *Name) { return Expr::symbol(Name, SymbolKind::LoopIter); }

// CuMAPz, Fig. 1: the stencil without shared memory.
TEST(ExtractTest, CuMAPzFig1Stencil) {
  FileFacts F = facts(R"(
#define MAX 16384
__global__ void stencil(float *out, const float *in) {
  int row = blockIdx.y*blockDim.y+threadIdx.y;
  int col = blockIdx.x*blockDim.x+threadIdx.x;
  if ( col >= MAX-2)
    return;
  out[row*MAX+col] = in[row*MAX+col] * in[row*MAX+col+1] * in[row*MAX+col+2];
}
)");
  const KernelFacts *K = kernel(F, "stencil");
  ASSERT_TRUE(K);
  Expr Row = By * Dy + Ty, Col = Bx * Dx + Tx;
  Expr Base = Row * 16384 + Col;
  const AccessFacts &Out = access(*K, "out[row*MAX+col]");
  EXPECT_EQ(Out.Space, MemorySpace::Global);
  EXPECT_TRUE(Out.IsWrite);
  EXPECT_FALSE(Out.IsRead);
  EXPECT_EQ(Out.Index, Base);
  EXPECT_EQ(Out.ElementSize, 4u);
  EXPECT_EQ(access(*K, "in[row*MAX+col]").Index, Base);
  EXPECT_EQ(access(*K, "in[row*MAX+col+1]").Index, Base + 1);
  EXPECT_EQ(access(*K, "in[row*MAX+col+2]").Index, Base + 2);
  EXPECT_TRUE(access(*K, "in[row*MAX+col+2]").IsRead);
  // The early return guards every access after it.
  ASSERT_EQ(K->Branches.size(), 1u);
  const BranchFacts &B = K->Branches[0];
  EXPECT_EQ(B.Kind, BranchKind::EarlyExit);
  EXPECT_EQ(B.ExitKind, "return");
  EXPECT_TRUE(B.ThreadDependent);
  EXPECT_EQ(B.Condition, Expr::le(Expr(16382), Col));
  for (const AccessFacts &A : K->Accesses) {
    ASSERT_EQ(A.Guards.size(), 1u) << A.Text;
    EXPECT_EQ(A.Guards[0].Branch, B.Id);
    EXPECT_FALSE(A.Guards[0].Taken);
  }
}

// CuMAPz, Fig. 2: row*MAX+col+1 fetched to shared memory, the neighbours
// read from it, with the edges handled by thread-dependent branches.
TEST(ExtractTest, CuMAPzFig2SharedStencil) {
  FileFacts F = facts(R"(
#define MAX 16384
#define BLKDIM 16
__global__ void stencil(float *out, const float *in) {
  int row = blockIdx.y*blockDim.y+threadIdx.y;
  int col = blockIdx.x*blockDim.x+threadIdx.x;
  float t1, t2, t3;
  __shared__ float s_in[BLKDIM][BLKDIM];
  s_in[threadIdx.x][threadIdx.y] = in[row*MAX+col+1];
  __syncthreads();
  if (threadIdx.x == 0)
    t1 = in[row*MAX+col];
  else
    t1 = s_in[threadIdx.x-1][threadIdx.y];
  t2 = s_in[threadIdx.x][threadIdx.y];
  if (threadIdx.x == blockDim.x-1)
    t3 = in[row*MAX+col+2];
  else
    t3 = s_in[threadIdx.x+1][threadIdx.y];
  out[row*MAX+col] = t1*t2*t3;
}
)");
  const KernelFacts *K = kernel(F, "stencil");
  ASSERT_TRUE(K);
  ASSERT_EQ(K->SharedBuffers.size(), 1u);
  const SharedBufferFacts &S = K->SharedBuffers[0];
  EXPECT_EQ(S.Name, "s_in");
  EXPECT_EQ(S.ElementSize, 4u);
  ASSERT_EQ(S.Dims.size(), 2u);
  EXPECT_EQ(S.Dims[0], 16);
  EXPECT_EQ(S.Dims[1], 16);
  EXPECT_EQ(S.DimTexts[1], "BLKDIM");
  EXPECT_FALSE(S.Dynamic);

  // Column-wise: the flattened index is 16 * threadIdx.x + threadIdx.y.
  const AccessFacts &Store = access(*K, "s_in[threadIdx.x][threadIdx.y]", 0);
  EXPECT_EQ(Store.Space, MemorySpace::Shared);
  EXPECT_TRUE(Store.IsWrite);
  EXPECT_EQ(Store.Index, Tx * 16 + Ty);
  EXPECT_EQ(access(*K, "s_in[threadIdx.x-1][threadIdx.y]").Index,
            Tx * 16 + Ty - 16);
  EXPECT_EQ(access(*K, "s_in[threadIdx.x+1][threadIdx.y]").Index,
            Tx * 16 + Ty + 16);
  EXPECT_TRUE(access(*K, "s_in[threadIdx.x][threadIdx.y]", 1).IsRead);
  // The copy pairs the store with its global load (CuMAPz's data fetch
  // reference); the later reads and the guarded loads pair with nothing.
  ASSERT_TRUE(Store.ValueFrom.has_value());
  EXPECT_EQ(K->Accesses[*Store.ValueFrom].Text, "in[row*MAX+col+1]");
  EXPECT_EQ(K->Accesses[*Store.ValueFrom].Space, MemorySpace::Global);
  EXPECT_FALSE(access(*K, "out[row*MAX+col]").ValueFrom.has_value());
  EXPECT_FALSE(access(*K, "in[row*MAX+col]").ValueFrom.has_value());

  ASSERT_EQ(K->Barriers.size(), 1u);
  EXPECT_EQ(K->Barriers[0].Name, "__syncthreads");
  EXPECT_TRUE(K->Barriers[0].Guards.empty());

  // Two thread-dependent if/else branches; the fetches outside the buffer
  // sit on their then-sides, the shared reads on their else-sides.
  ASSERT_EQ(K->Branches.size(), 2u);
  EXPECT_EQ(K->Branches[0].Condition, Expr::eq(Tx, Expr(0)));
  EXPECT_EQ(K->Branches[1].Condition, Expr::eq(Tx, Dx - 1));
  for (const BranchFacts &B : K->Branches) {
    EXPECT_TRUE(B.ThreadDependent);
    EXPECT_EQ(B.Kind, BranchKind::If);
  }
  const AccessFacts &Edge = access(*K, "in[row*MAX+col]");
  ASSERT_EQ(Edge.Guards.size(), 1u);
  EXPECT_EQ(Edge.Guards[0].Branch, K->Branches[0].Id);
  EXPECT_TRUE(Edge.Guards[0].Taken);
  const AccessFacts &Left = access(*K, "s_in[threadIdx.x-1][threadIdx.y]");
  ASSERT_EQ(Left.Guards.size(), 1u);
  EXPECT_FALSE(Left.Guards[0].Taken);
}

// Hong & Kim, Fig. 12: tiled matrix multiply with struct members, a loop
// with three induction variables, and the <<<80, 128>>> launch.
TEST(ExtractTest, HongKimFig12TiledMatMul) {
  FileFacts F = facts(R"(
#define BLOCKSIZE 16
struct Matrix { int width; int height; float *elements; };
__global__ void MatrixMulKernel(Matrix M, Matrix N, Matrix P) {
  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int wM = M.width, wN = N.width;
  int starta = wM * BLOCKSIZE * by, enda = starta + wM - 1;
  int stepa = BLOCKSIZE, startb = BLOCKSIZE * bx, stepb = BLOCKSIZE * wN;
  float subsum = 0;
  for (int a = starta, b = startb, iter = 0; a <= enda;
       a += stepa, b += stepb, iter++) {
    __shared__ float Msub[BLOCKSIZE][BLOCKSIZE];
    __shared__ float Nsub[BLOCKSIZE][BLOCKSIZE];
    Msub[ty][tx] = M.elements[a + wM * ty + tx];
    Nsub[ty][tx] = N.elements[b + wN * ty + tx];
    __syncthreads();
    for (int k = 0; k < BLOCKSIZE; ++k)
      subsum += Msub[ty][k] * Nsub[k][tx];
    __syncthreads();
  }
  int index = wN * BLOCKSIZE * by + BLOCKSIZE * bx;
  P.elements[index + wN * ty + tx] = subsum;
}
void host(Matrix M, Matrix N, Matrix P) {
  MatrixMulKernel<<<80, 128>>>(M, N, P);
}
)");
  const KernelFacts *K = kernel(F, "MatrixMulKernel");
  ASSERT_TRUE(K);
  Expr WM = P("M.width"), WN = P("N.width");
  ASSERT_EQ(K->Loops.size(), 2u);
  const LoopFacts &Outer = K->Loops[0];
  EXPECT_EQ(Outer.Var, "a");
  EXPECT_TRUE(Outer.Affine);
  EXPECT_EQ(*Outer.Start, WM * 16 * By);
  EXPECT_EQ(*Outer.Step, Expr(16));
  EXPECT_EQ(Outer.Comparison, "<=");
  EXPECT_EQ(*Outer.Bound, WM * 16 * By + WM - 1);
  // (enda - starta + 16) / 16 == (wM + 15) / 16
  EXPECT_EQ(*Outer.TripCount, (WM + 15) / 16);
  Expr A = Iter("a.iter");
  EXPECT_EQ(Outer.IterSymbol, "a.iter");

  const AccessFacts &LoadM = access(*K, "M.elements[a + wM * ty + tx]");
  EXPECT_EQ(LoadM.Space, MemorySpace::Global);
  EXPECT_EQ(LoadM.Base, "M.elements");
  EXPECT_EQ(LoadM.Index, WM * 16 * By + A * 16 + WM * Ty + Tx);
  const AccessFacts &LoadN = access(*K, "N.elements[b + wN * ty + tx]");
  EXPECT_EQ(LoadN.Index, Bx * 16 + A * 16 * WN + WN * Ty + Tx);
  EXPECT_EQ(LoadN.Loops, std::vector<unsigned>{Outer.Id});

  const LoopFacts &Inner = K->Loops[1];
  EXPECT_EQ(Inner.Var, "k");
  EXPECT_EQ(*Inner.TripCount, Expr(16));
  EXPECT_EQ(Inner.Parent, Outer.Id);
  EXPECT_EQ(Inner.Depth, 1u);
  const AccessFacts &MS = access(*K, "Msub[ty][k]");
  EXPECT_EQ(MS.Space, MemorySpace::Shared);
  EXPECT_EQ(MS.Index, Ty * 16 + Iter("k"));
  EXPECT_EQ(access(*K, "Nsub[k][tx]").Index, Iter("k") * 16 + Tx);
  EXPECT_EQ(MS.Loops, (std::vector<unsigned>{Outer.Id, Inner.Id}));

  EXPECT_EQ(access(*K, "P.elements[index + wN * ty + tx]").Index,
            WN * 16 * By + Bx * 16 + WN * Ty + Tx);
  EXPECT_EQ(K->Barriers.size(), 2u);
  for (const BarrierFacts &B : K->Barriers)
    EXPECT_EQ(B.Loops, std::vector<unsigned>{Outer.Id});
  EXPECT_EQ(K->SharedBuffers.size(), 2u);

  ASSERT_EQ(K->LaunchSites.size(), 1u);
  const LaunchSiteFacts &L = K->LaunchSites[0];
  ASSERT_TRUE(L.Grid && L.Block);
  EXPECT_EQ(L.Grid->X, Expr(80));
  EXPECT_EQ(L.Block->X, Expr(128));
  EXPECT_EQ(L.Block->Y, Expr(1));
  EXPECT_EQ(L.Caller, "host");
}

TEST(ExtractTest, GridStrideLoop) {
  FileFacts F = facts(R"(
__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
__global__ void saxpyWhile(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (i < n) {
    y[i] += a * x[i];
    i += blockDim.x * gridDim.x;
  }
}
)");
  for (const char *Name : {"saxpy", "saxpyWhile"}) {
    const KernelFacts *K = kernel(F, Name);
    ASSERT_TRUE(K);
    ASSERT_EQ(K->Loops.size(), 1u) << Name;
    const LoopFacts &L = K->Loops[0];
    EXPECT_EQ(L.Var, "i");
    EXPECT_TRUE(L.Affine);
    EXPECT_EQ(*L.Step, Dx * Gx);
    EXPECT_EQ(*L.Start, Bx * Dx + Tx);
    EXPECT_EQ(*L.Bound, P("n"));
    EXPECT_TRUE(L.ThreadDependentTripCount);
    Expr I = Bx * Dx + Tx + Dx * Gx * Iter("i.iter");
    EXPECT_EQ(access(*K, "x[i]").Index, I) << Name;
  }
  const KernelFacts *W = kernel(F, "saxpyWhile");
  const AccessFacts &Y = access(*W, "y[i]");
  EXPECT_TRUE(Y.IsRead && Y.IsWrite); // compound assignment
}

TEST(ExtractTest, TemplateKernelWithBlockSizeArgument) {
  FileFacts F = facts(R"(
template <int BLOCK, typename T>
__global__ void reduce(const T *in, T *out) {
  __shared__ T sdata[BLOCK];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * BLOCK + tid];
  __syncthreads();
  for (unsigned s = 1; s < BLOCK; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
template <typename T> __global__ void neverUsed(T *p) { p[threadIdx.x] = 0; }
void run(const float *in, float *out, const double *din, double *dout) {
  reduce<256, float><<<1024, 256>>>(in, out);
  reduce<128, double><<<64, 128>>>(din, dout);
}
)");
  ASSERT_EQ(F.Kernels.size(), 2u);
  const KernelFacts *K = kernel(F, "reduce<256, float>");
  ASSERT_TRUE(K);
  EXPECT_EQ(K->TemplateArgs, "<256, float>");
  ASSERT_EQ(K->SharedBuffers.size(), 1u);
  EXPECT_EQ(K->SharedBuffers[0].Dims[0], 256);
  EXPECT_EQ(K->SharedBuffers[0].ElementSize, 4u);
  EXPECT_EQ(access(*K, "in[blockIdx.x * BLOCK + tid]").Index, Bx * 256 + Tx);
  ASSERT_EQ(K->Loops.size(), 1u);
  EXPECT_FALSE(K->Loops[0].Affine);
  EXPECT_EQ(*K->Loops[0].TripCount, Expr(8));
  ASSERT_EQ(K->LaunchSites.size(), 1u);
  EXPECT_EQ(K->LaunchSites[0].Grid->X, Expr(1024));

  const KernelFacts *D = kernel(F, "reduce<128, double>");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->SharedBuffers[0].Dims[0], 128);
  EXPECT_EQ(D->SharedBuffers[0].ElementSize, 8u);
  EXPECT_EQ(access(*D, "in[blockIdx.x * BLOCK + tid]").ElementSize, 8u);
  EXPECT_EQ(*D->Loops[0].TripCount, Expr(7));

  // The template nobody launched is reported, not silently dropped.
  ASSERT_EQ(F.Unknowns.size(), 1u);
  EXPECT_NE(F.Unknowns[0].Reason.find("neverUsed"), std::string::npos);
}

TEST(ExtractTest, DeviceHelperAnalysedInCallingContext) {
  FileFacts F = facts(R"(
__device__ float load2(const float *p, int i, int stride) {
  return p[i * stride] + p[i * stride + 1];
}
__device__ int lane() { return threadIdx.x % 32; }
__global__ void k(const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = load2(in, t, 2) + in[lane()];
}
)");
  const KernelFacts *K = kernel(F, "k");
  ASSERT_TRUE(K);
  Expr T = Bx * Dx + Tx;
  const AccessFacts &A = access(*K, "p[i * stride]");
  EXPECT_EQ(A.Base, "in");
  EXPECT_EQ(A.Space, MemorySpace::Global);
  EXPECT_EQ(A.Index, T * 2);
  ASSERT_EQ(A.Calls.size(), 1u);
  EXPECT_EQ(A.Calls[0].Line, 8u);
  EXPECT_EQ(access(*K, "p[i * stride + 1]").Index, T * 2 + 1);
  EXPECT_EQ(access(*K, "in[lane()]").Index, Tx % 32);
}

TEST(ExtractTest, PointerArithmeticRenamingsAndVectors) {
  FileFacts F = facts(R"(
__global__ void k(const float *in, float *out, int n, int off) {
  int tx = threadIdx.y;            // a renaming, as some codes do
  const float *p = in + off;
  p += blockIdx.x * 64;
  float v = p[tx];
  float4 w = reinterpret_cast<const float4 *>(in)[threadIdx.x];
  const double2 *d = (const double2 *)out;
  double2 z = d[threadIdx.x + 1];
  out[threadIdx.x] = v + w.x + (float)z.y;
  *(out + n + threadIdx.x) = 0.0f;
  atomicAdd(&out[threadIdx.x % 4], 1.0f);
}
)");
  const KernelFacts *K = kernel(F, "k");
  ASSERT_TRUE(K);
  const AccessFacts &A = access(*K, "p[tx]");
  EXPECT_EQ(A.Base, "in");
  EXPECT_EQ(A.Index, P("off") + Bx * 64 + Ty);
  const AccessFacts &V4 =
      access(*K, "reinterpret_cast<const float4 *>(in)[threadIdx.x]");
  EXPECT_EQ(V4.ElementSize, 16u);
  EXPECT_EQ(V4.VectorWidth, 4u);
  EXPECT_EQ(V4.Index, Tx);
  EXPECT_EQ(V4.ByteOffset, Tx * 16);
  const AccessFacts &D2 = access(*K, "d[threadIdx.x + 1]");
  EXPECT_EQ(D2.ElementSize, 16u);
  EXPECT_EQ(D2.VectorWidth, 2u);
  EXPECT_EQ(D2.Base, "out");
  EXPECT_EQ(access(*K, "*(out + n + threadIdx.x)").Index, P("n") + Tx);
  const AccessFacts &At = access(*K, "atomicAdd(&out[threadIdx.x % 4], 1.0f)");
  EXPECT_TRUE(At.IsAtomic && At.IsRead && At.IsWrite);
  EXPECT_EQ(At.Index, Tx % 4);
}

TEST(ExtractTest, SharedBufferShapes) {
  FileFacts F = facts(R"(
constexpr int TILE = 32;
#define PAD 1
__global__ void k(float *out) {
  __shared__ float tile[TILE][TILE + PAD];
  __shared__ double d[4][8][2];
  extern __shared__ float dyn[];
  tile[threadIdx.y][threadIdx.x] = dyn[threadIdx.x];
  out[0] = tile[threadIdx.x][threadIdx.y] + d[1][threadIdx.x][1];
}
)");
  const KernelFacts *K = kernel(F, "k");
  ASSERT_TRUE(K);
  ASSERT_EQ(K->SharedBuffers.size(), 3u);
  const SharedBufferFacts &T = K->SharedBuffers[0];
  EXPECT_EQ(T.Dims, (std::vector<std::optional<int64_t>>{32, 33}));
  EXPECT_EQ(T.DimTexts[1], "TILE + PAD");
  const SharedBufferFacts &D = K->SharedBuffers[1];
  EXPECT_EQ(D.Dims, (std::vector<std::optional<int64_t>>{4, 8, 2}));
  EXPECT_EQ(D.ElementSize, 8u);
  const SharedBufferFacts &Dyn = K->SharedBuffers[2];
  EXPECT_TRUE(Dyn.Dynamic);
  ASSERT_EQ(Dyn.Dims.size(), 1u);
  EXPECT_FALSE(Dyn.Dims[0].has_value());
  const AccessFacts &Col = access(*K, "tile[threadIdx.x][threadIdx.y]");
  EXPECT_EQ(Col.Index, Tx * 33 + Ty);
  EXPECT_EQ(Col.Subscripts, (std::vector<Expr>{Tx, Ty}));
  EXPECT_TRUE(access(*K, "dyn[threadIdx.x]").Subscripts.empty());
  EXPECT_EQ(access(*K, "d[1][threadIdx.x][1]").Index, Tx * 2 + 17);
  EXPECT_EQ(access(*K, "dyn[threadIdx.x]").Space, MemorySpace::Shared);
}

} // namespace
