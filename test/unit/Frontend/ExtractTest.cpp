//===- ExtractTest.cpp - Kernel facts from in-memory CUDA sources ---------===//
//
// Each test parses a small CUDA source with the built-in CUDA header (no
// toolkit) and checks the facts warplint extracts from it.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Tooling.h"

#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace warplint {
namespace sym {
// Lets GoogleTest print expressions in failure messages.
void PrintTo(const Expr &E, std::ostream *OS) { *OS << E.str(); }
} // namespace sym
} // namespace warplint

namespace {

FileFacts facts(const char *Code, std::vector<std::string> Args = {}) {
  auto F = extractFactsFromCode(Code, "test.cu", Args);
  if (!F) {
    ADD_FAILURE() << llvm::toString(F.takeError());
    return {};
  }
  return std::move(*F);
}

const KernelFacts *kernel(const FileFacts &F, const std::string &Name) {
  for (const KernelFacts &K : F.Kernels)
    if (K.Name == Name)
      return &K;
  ADD_FAILURE() << "no kernel " << Name;
  return nullptr;
}

/// The accesses whose source text is \p Text, in source order.
std::vector<const AccessFacts *> accesses(const KernelFacts &K,
                                          const std::string &Text) {
  std::vector<const AccessFacts *> R;
  for (const AccessFacts &A : K.Accesses)
    if (A.Text == Text)
      R.push_back(&A);
  return R;
}

const AccessFacts &access(const KernelFacts &K, const std::string &Text,
                          unsigned N = 0) {
  static AccessFacts None;
  auto R = accesses(K, Text);
  if (R.size() <= N) {
    ADD_FAILURE() << "no access '" << Text << "' #" << N;
    return None;
  }
  return *R[N];
}

Expr P(const char *Name) { return Expr::symbol(Name, SymbolKind::Param); }
Expr Iter(const char *Name) { return Expr::symbol(Name, SymbolKind::LoopIter); }

const Expr Tx = threadIdx('x'), Ty = threadIdx('y');
const Expr Bx = blockIdx('x'), By = blockIdx('y');
const Expr Dx = blockDim('x'), Dy = blockDim('y');
const Expr Gx = gridDim('x');

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

TEST(ExtractTest, LaunchConfigurations) {
  FileFacts F = facts(R"(
#define THREADS 256
constexpr int TILE = 16;
__global__ void __launch_bounds__(THREADS, 2) k(float *p, int n) {
  p[blockIdx.x * THREADS + threadIdx.x] = n;
}
__global__ void k2(float *p) { p[threadIdx.x + threadIdx.y * TILE] = 0; }
void run(float *p, int n, cudaStream_t s) {
  k<<<(n + THREADS - 1) / THREADS, THREADS>>>(p, 42);
  dim3 block(TILE, TILE);
  dim3 grid(n / TILE, n / TILE);
  k2<<<grid, block, 1024, s>>>(p);
  int blocks = 7;
  k<<<dim3(blocks * 2, 3), dim3(64), 0>>>(p, n);
}
)");
  const KernelFacts *K = kernel(F, "k");
  ASSERT_TRUE(K);
  ASSERT_TRUE(K->Bounds);
  EXPECT_EQ(K->Bounds->MaxThreadsPerBlock, 256);
  EXPECT_EQ(K->Bounds->MinBlocksPerSM, 2);
  ASSERT_EQ(K->LaunchSites.size(), 2u);
  const LaunchSiteFacts &L0 = K->LaunchSites[0];
  ASSERT_TRUE(L0.Grid && L0.Block);
  EXPECT_EQ(L0.Grid->X, (P("n") + 255) / 256);
  EXPECT_EQ(L0.Block->X, Expr(256));
  ASSERT_EQ(L0.Args.size(), 2u);
  EXPECT_EQ(L0.Args[1].Param, "n");
  EXPECT_EQ(*L0.Args[1].Value, Expr(42));
  const LaunchSiteFacts &L1 = K->LaunchSites[1];
  ASSERT_TRUE(L1.Grid && L1.Block);
  EXPECT_EQ(L1.Grid->X, Expr(14));
  EXPECT_EQ(L1.Grid->Y, Expr(3));
  EXPECT_EQ(L1.Block->X, Expr(64));

  const KernelFacts *K2 = kernel(F, "k2");
  ASSERT_TRUE(K2);
  ASSERT_EQ(K2->LaunchSites.size(), 1u);
  const LaunchSiteFacts &L = K2->LaunchSites[0];
  ASSERT_TRUE(L.Grid && L.Block && L.SharedBytes);
  EXPECT_EQ(L.Block->X, Expr(16));
  EXPECT_EQ(L.Block->Y, Expr(16));
  EXPECT_EQ(L.Grid->X, P("n") / 16);
  EXPECT_EQ(*L.SharedBytes, Expr(1024));
  EXPECT_EQ(L.Stream, "s");
}

// Every case of a switch is entered: a `break` ends only its own case.
// Host side: each case's launch is a launch site; device side: each case's
// access is recorded, under the switch's guard; code after a `break` and
// before the next label is unreachable and records nothing.
TEST(ExtractTest, EveryCaseOfASwitch) {
  FileFacts F = facts(R"(
__global__ void ka(float *o) { o[threadIdx.x] = 1; }
__global__ void kb(float *o) {
  switch (threadIdx.x % 4) {
  case 0: o[threadIdx.x] = 0; break;
  o[threadIdx.x + 1000] = 9;
  case 1: o[threadIdx.x * 2] = 1; break;
  default: o[threadIdx.x * 3] = 2;
  }
}
void run(int v, float *o) {
  switch (v) {
  case 0: ka<<<4, 64>>>(o); break;
  case 1: kb<<<8, 32>>>(o); break;
  default: ka<<<2, 128>>>(o);
  }
}
)");
  const KernelFacts *A = kernel(F, "ka");
  const KernelFacts *B = kernel(F, "kb");
  ASSERT_TRUE(A && B);
  ASSERT_EQ(A->LaunchSites.size(), 2u);
  EXPECT_EQ(A->LaunchSites[0].Block->X, Expr(64));
  EXPECT_EQ(A->LaunchSites[1].Block->X, Expr(128));
  ASSERT_EQ(B->LaunchSites.size(), 1u);
  EXPECT_EQ(B->LaunchSites[0].Grid->X, Expr(8));
  // Three reachable stores (cases 0, 1 and default), not the dead one.
  ASSERT_EQ(B->Accesses.size(), 3u);
  EXPECT_EQ(B->Accesses[0].Index, Tx);
  EXPECT_EQ(B->Accesses[1].Index, Tx * 2);
  EXPECT_EQ(B->Accesses[2].Index, Tx * 3);
  for (const AccessFacts &Acc : B->Accesses) {
    ASSERT_EQ(Acc.Guards.size(), 1u);
    EXPECT_EQ(B->Branches[Acc.Guards[0].Branch].Kind, BranchKind::Switch);
  }
}

TEST(ExtractTest, AnnotationsAboveTheKernel) {
  FileFacts F = facts(R"(
// Transpose of a tile.
// warplint: launch grid(64, 64) block(32, 8)
//   warplint: assume width == 2048
template <int N>
__global__ void k(float *p) { p[threadIdx.x] = N; }
// warplint: launch block(99)
int unrelated;
__global__ void plain(float *p) { p[threadIdx.x] = 0; }
void run(float *p) { k<3><<<1, 32>>>(p); }
)");
  const KernelFacts *K = kernel(F, "k<3>");
  ASSERT_TRUE(K);
  ASSERT_EQ(K->Annotations.size(), 2u);
  EXPECT_EQ(K->Annotations[0].Text, "launch grid(64, 64) block(32, 8)");
  EXPECT_EQ(K->Annotations[0].Loc.Line, 3u);
  EXPECT_EQ(K->Annotations[1].Text, "assume width == 2048");
  // An annotation separated from the kernel by code is not the kernel's.
  const KernelFacts *P = kernel(F, "plain");
  ASSERT_TRUE(P);
  EXPECT_TRUE(P->Annotations.empty());
}

TEST(ExtractTest, NonAffineLoopRecordsItsUpdate) {
  FileFacts F = facts(R"(
__global__ void k(float *s) {
  for (unsigned d = blockDim.x / 2; d > 0; d >>= 1)
    s[threadIdx.x + d] += 1.0f;
}
)");
  const KernelFacts *K = kernel(F, "k");
  ASSERT_TRUE(K);
  ASSERT_EQ(K->Loops.size(), 1u);
  const LoopFacts &L = K->Loops[0];
  EXPECT_FALSE(L.Affine);
  ASSERT_TRUE(L.Next.has_value());
  Expr D = Expr::symbol("d", SymbolKind::LoopVar);
  EXPECT_EQ(*L.Next, D / 2);
  EXPECT_EQ(*L.Start, Dx / 2);
  EXPECT_EQ(L.Comparison, ">");
}

TEST(ExtractTest, UniformAndThreadDependentBranches) {
  FileFacts F = facts(R"(
__global__ void k(float *p, int n) {
  if (blockIdx.x == 0) p[0] = 1;           // uniform
  if (threadIdx.x % 2 == 0) p[1] = 2;      // thread-dependent
  int v = p[threadIdx.x];
  if (v > 0) p[2] = 3;                     // depends on a loaded value
  int u = p[blockIdx.x];
  if (u > n) p[3] = 4;                     // same value for the block
}
)");
  const KernelFacts *K = kernel(F, "k");
  ASSERT_TRUE(K);
  ASSERT_EQ(K->Branches.size(), 4u);
  EXPECT_FALSE(K->Branches[0].ThreadDependent);
  EXPECT_TRUE(K->Branches[1].ThreadDependent);
  EXPECT_EQ(K->Branches[1].Condition, Expr::eq(Tx % 2, Expr(0)));
  EXPECT_TRUE(K->Branches[2].ThreadDependent);
  EXPECT_FALSE(K->Branches[3].ThreadDependent);
}

TEST(ExtractTest, UnknownsAreReportedNotDropped) {
  FileFacts F = facts(R"(
__device__ float external(const float *p);
__global__ void k(float *p, float **rows, int *idx) {
  p[idx[threadIdx.x]] = external(p);
  float *r = rows[blockIdx.x];
  r[threadIdx.x] = 1;
  int i = 0;
again:
  if (++i < 3) goto again;
  p[i] = 0;
}
)");
  const KernelFacts *K = kernel(F, "k");
  ASSERT_TRUE(K);
  // The index loaded from memory is a named, thread-dependent unknown.
  const AccessFacts &A = access(*K, "p[idx[threadIdx.x]]");
  EXPECT_EQ(A.Index.op(), Op::Sym);
  EXPECT_EQ(A.Index.name(), "idx[threadIdx.x]");
  EXPECT_TRUE(A.Index.isThreadDependent());
  bool SawSymbol = false;
  for (const SymbolFacts &S : K->Symbols)
    if (S.Name == "idx[threadIdx.x]") {
      SawSymbol = true;
      EXPECT_EQ(S.Origin, "value read from memory");
    }
  EXPECT_TRUE(SawSymbol);
  // The pointer read from memory has an unknown space, and says so.
  EXPECT_EQ(access(*K, "r[threadIdx.x]").Space, MemorySpace::Unknown);
  auto Has = [&](const char *Part) {
    for (const UnknownFacts &U : K->Unknowns)
      if (U.Reason.find(Part) != std::string::npos)
        return true;
    return false;
  };
  EXPECT_TRUE(Has("'external'"));
  EXPECT_TRUE(Has("unknown origin"));
  EXPECT_TRUE(Has("GotoStmt"));
}

TEST(ExtractTest, FactsSerialiseToJson) {
  FileFacts F = facts(R"(
__global__ void k(float *p) { p[threadIdx.x] = 0; }
)");
  llvm::json::Value V = toJSON(F);
  const llvm::json::Object *O = V.getAsObject();
  ASSERT_TRUE(O);
  EXPECT_EQ(O->getInteger("schema_version"), FactsSchemaVersion);
  const llvm::json::Array *Ks = O->getArray("kernels");
  ASSERT_TRUE(Ks && Ks->size() == 1);
  const llvm::json::Object *K = (*Ks)[0].getAsObject();
  EXPECT_EQ(K->getString("name"), "k");
  const llvm::json::Object *A = (*K->getArray("accesses"))[0].getAsObject();
  EXPECT_EQ(A->getString("index"), "threadIdx.x");
  EXPECT_EQ(A->getString("space"), "global");
  EXPECT_EQ(A->getBoolean("write"), true);
}

TEST(ExtractTest, UnparsableInputIsAnError) {
  auto F = extractFactsFromCode("__global__ void k(float *p) { p[ = 1; }",
                                "broken.cu");
  ASSERT_FALSE(static_cast<bool>(F));
  std::string Msg = llvm::toString(F.takeError());
  EXPECT_NE(Msg.find("broken.cu:1:"), std::string::npos) << Msg;
  EXPECT_NE(Msg.find("error:"), std::string::npos) << Msg;
}

TEST(ExtractTest, HostSideParseSeesTheSameKernel) {
  FrontendOptions Opts;
  Opts.Side = CudaSide::Host;
  auto F = extractFactsFromCode(
      "__global__ void k(float *p) { p[blockIdx.x * 32 + threadIdx.x] = 0; }",
      "host.cu", {}, Opts);
  ASSERT_TRUE(static_cast<bool>(F)) << llvm::toString(F.takeError());
  ASSERT_EQ(F->Kernels.size(), 1u);
  EXPECT_EQ(F->Kernels[0].Accesses[0].Index, Bx * 32 + Tx);
}

} // namespace
