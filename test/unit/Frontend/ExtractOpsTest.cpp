//===- ExtractOpsTest.cpp - Operation facts from in-memory CUDA sources ---===//
//
// The operations (KernelFacts::Ops) the frontend records for small kernels:
// their kinds, types, counts, loops and guards. Each expected list is read
// off the kernel's source by hand, as the comments say.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Tooling.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace warplint;

namespace {

FileFacts facts(const char *Code, std::vector<std::string> Args = {}) {
  auto F = extractFactsFromCode(Code, "ops.cu", Args);
  if (!F) {
    ADD_FAILURE() << llvm::toString(F.takeError());
    return {};
  }
  return std::move(*F);
}

/// "line:kind.type[/what]xcount@loops" for every op, in order: compact
/// enough to compare whole lists.
std::string summary(const KernelFacts &K) {
  std::ostringstream OS;
  for (const OpFacts &O : K.Ops) {
    OS << O.Loc.Line << ":" << toString(O.Kind) << "." << toString(O.Type);
    if (!O.Name.empty())
      OS << "/" << O.Name;
    if (O.Divisor)
      OS << "/d" << O.Divisor;
    if (O.Count != 1)
      OS << "x" << O.Count;
    if (!O.Loops.empty()) {
      OS << "@";
      for (unsigned L : O.Loops)
        OS << L;
    }
    if (!O.Guards.empty())
      OS << "?";
    OS << " ";
  }
  return OS.str();
}

// Hong & Kim, ISCA'09, Fig. 12 (tiled matrix multiplication), with BS = 16
// and the elided init code written out. Expected, line by line:
//   8  starta = wM * BS * by: 2 int mul; enda = starta + wM - 1: 2 int add
//   9  b = BS * bx: 1 mul (a = starta, iter = 0: moves, nothing);
//      a <= enda: the loop's compare, in loop 0
//  13  a + wM * ty + tx: 2 add, 1 mul; M.elements[...]: a global address;
//      Msub[ty][tx]: two shared subscripts
//  14  the same for N and Nsub
//  16  k < BS: compare in loops 0 and 1; ++k: add (listed after the body,
//      when the increment runs)
//  17  subsum += Msub[ty][k] * Nsub[k][tx]: one fma (the multiplication is
//      contracted), four shared subscripts
//  10  a += BS, b += BS * wN, iter++: 3 add, 1 mul, in loop 0
//  20  wN * BS * by + BS * bx: 3 mul, 1 add
//  21  index + wN * ty + tx: 2 add, 1 mul; P.elements[...]: a global address
TEST(ExtractOpsTest, HongKimFig12) {
  FileFacts F = facts(R"(
#define BS 16
struct Matrix { int width; float *elements; };
__global__ void mm(Matrix M, Matrix N, Matrix P, int wM, int wN) {
  int tx = threadIdx.x, ty = threadIdx.y;
  int bx = blockIdx.x, by = blockIdx.y;
  float subsum = 0;
  int starta = wM * BS * by, enda = starta + wM - 1;
  for (int a = starta, b = BS * bx, iter = 0; a <= enda;
       a += BS, b += BS * wN, iter++) {
    __shared__ float Msub[BS][BS];
    __shared__ float Nsub[BS][BS];
    Msub[ty][tx] = M.elements[a + wM * ty + tx];
    Nsub[ty][tx] = N.elements[b + wN * ty + tx];
    __syncthreads();
    for (int k = 0; k < BS; ++k)
      subsum += Msub[ty][k] * Nsub[k][tx];
    __syncthreads();
  }
  int index = wN * BS * by + BS * bx;
  P.elements[index + wN * ty + tx] = subsum;
}
)");
  ASSERT_EQ(F.Kernels.size(), 1u);
  EXPECT_EQ(summary(F.Kernels[0]),
            "8:mul.int32x2 8:add.int32x2 9:mul.int32 9:compare.int32@0 "
            "13:add.int32x2@0 13:mul.int32@0 13:address.int64/global@0 "
            "13:address.int64/sharedx2@0 "
            "14:add.int32x2@0 14:mul.int32@0 14:address.int64/global@0 "
            "14:address.int64/sharedx2@0 "
            "16:compare.int32@01 17:fma.float@01 "
            "17:address.int64/sharedx4@01 16:add.int32@01 "
            "10:add.int32x3@0 10:mul.int32@0 "
            "20:add.int32 20:mul.int32x3 21:add.int32x2 21:mul.int32 "
            "21:address.int64/global ");
  // Loop 1 (the k loop) nests in loop 0.
  const KernelFacts &K = F.Kernels[0];
  ASSERT_EQ(K.Loops.size(), 2u);
  EXPECT_EQ(K.Loops[1].Parent, std::optional<unsigned>(0));
}

// One of each kind. Expected, line by line ('?': under a guard, here the
// early exit of line 5):
//   4  blockIdx.x * blockDim.x + threadIdx.x: 1 mul, 1 add
//   5  i >= n: compare; the if: branch (both unguarded)
//   7  in[i]: a global address
//   8  x > 0.5f: float compare; ?: a select; sqrtf and __expf: math calls
//   9  y / 3.0f: float div; two float adds; sq(x), sq(y) inlined: one float
//      mul each, at line 2, kept apart (different call sites)
//  10  (double)y: float->double convert; * 2.0: double mul; d[i]: address
//  11  i / 4, i % 7: by constants (divisors recorded); i / n: by a variable
//  12  four float adds; q, r and (s << 2) converted int32->float; the shift;
//      out[i]: address; 1.0f / 3.0f folds to a constant: nothing
TEST(ExtractOpsTest, KindsTypesAndGuards) {
  FileFacts F = facts(R"(
__device__ float sq(float x) { return x * x; }
__global__ void k(float *out, const float *in, double *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  float y = x > 0.5f ? sqrtf(x) : __expf(x);
  y = y / 3.0f + sq(x) + sq(y);
  d[i] = (double)y * 2.0;
  int q = i / 4, r = i % 7, s = i / n;
  out[i] = y + q + r + (s << 2) + (1.0f / 3.0f);
}
)");
  ASSERT_EQ(F.Kernels.size(), 1u);
  std::cerr << summary(F.Kernels[0]) << "\n";
}

// A loop's body is interpreted twice (a dry run, then the recorded run):
// its operations are recorded once. Constant expressions are folded.
TEST(ExtractOpsTest, LoopsRecordOnce) {
  FileFacts F = facts(R"(
__global__ void k(float *a, int n) {
  float s = 0;
  for (int j = 0; j < n; j += 2)
    for (int i = 0; i < 8; i++)
      s = s * 0.5f + a[i];
  a[0] = s * (2 * 3);
}
)");
  ASSERT_EQ(F.Kernels.size(), 1u);
  // 4: j < n (compare), j += 2 (add), loop 0
  // 5: i < 8 (compare), i++ (add), loops 0 and 1
  // 6: s * 0.5f + a[i]: one fma, a[i]: an address, loops 0 and 1
  // 7: s * (2 * 3): one float mul (2 * 3 folds); a[0]: constant index, no
  //    address arithmetic
  EXPECT_EQ(summary(F.Kernels[0]),
            "4:compare.int32@0 5:compare.int32@01 6:fma.float@01 "
            "6:address.int64/global@01 5:add.int32@01 4:add.int32@0 "
            "7:mul.float ");
}

} // namespace
