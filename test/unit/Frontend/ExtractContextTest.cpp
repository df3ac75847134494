//===- ExtractContextTest.cpp - Launches, branches, annotations -----------===//
//
// Each test parses a small CUDA source with the built-in CUDA header (no
// toolkit) and checks the facts warplint extracts around the accesses:
// launch sites, switch cases, annotations, loop updates, branches,
// unknowns, the JSON form and parse errors. The index expressions of the
// papers' kernels are ExtractTest.cpp.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Tooling.h"

#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

#include "ExtractTestHelpers.h"

using namespace warplint;
using namespace warplint::sym;

namespace {

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

TEST(ExtractTest, DeeplyNestedLoopsAreAllRecorded) {
  // 40 nested loops of two iterations: each is recorded once, with its
  // depth and parent, and the innermost access sees every iteration
  // symbol. (Each loop's dry run once re-ran the loops inside it: the body
  // of the n-th ran 2^n times, and this file never finished.)
  std::string Code = "__global__ void k(float *a) {\n  int t = threadIdx.x;\n";
  for (int I = 0; I < 40; ++I)
    Code += "  for (int i" + std::to_string(I) + " = 0; i" + std::to_string(I) +
            " < 2; ++i" + std::to_string(I) + ")\n";
  Code += "    a[t + i0 + i39] += 1;\n}\n";
  FileFacts F = facts(Code.c_str());
  const KernelFacts *K = kernel(F, "k");
  ASSERT_TRUE(K);
  ASSERT_EQ(K->Loops.size(), 40u);
  for (unsigned I = 0; I < 40; ++I) {
    EXPECT_EQ(K->Loops[I].Depth, I);
    EXPECT_EQ(K->Loops[I].Var, "i" + std::to_string(I));
    ASSERT_TRUE(K->Loops[I].TripCount);
    EXPECT_EQ(K->Loops[I].TripCount->asConst(), 2);
  }
  const AccessFacts &A = access(*K, "a[t + i0 + i39]");
  EXPECT_EQ(A.Loops.size(), 40u);
  EXPECT_TRUE(A.ByteOffset.mentions("i39"));
}
