//===- CoalescingAdvice.cpp - Why a request is uncoalesced, and the fix --===//
//
// The explanation and the fix of a coalescing finding (the stride between
// lanes, a misalignment, a narrow block, a vector with unused bytes, an
// array of structures) and the check that swapping threadIdx.x and
// threadIdx.y helps the kernel as a whole. Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#include "Warp/CoalescingAdvice.h"

#include <cmath>
#include <cstdlib>

namespace warplint {
namespace advice {


bool halfWarp(CoalescingFamily F) {
  return F == CoalescingFamily::CC1_0 || F == CoalescingFamily::CC1_2;
}

double factorOf(const CoalescingResult &R, CoalescingFamily F) {
  if (halfWarp(F))
    return R.IdealTransactions ? double(R.Transactions) / R.IdealTransactions
                               : 1.0;
  return R.IdealSectors ? double(R.Sectors) / R.IdealSectors : 1.0;
}

/// The values the enumeration used for uniform symbols, to evaluate a
/// coefficient the same way.
std::map<std::string, int64_t> uniformValues(const LaunchConfig &L,
                                             const EnumerationOptions &O,
                                             const sym::Expr &E) {
  std::map<std::string, int64_t> V;
  for (int D = 0; D < 3; ++D) {
    V[std::string("blockDim.") + "xyz"[D]] = L.Block[D];
    V[std::string("gridDim.") + "xyz"[D]] = L.Grid[D];
  }
  std::map<std::string, sym::Expr> Syms;
  E.collectSymbols(Syms);
  for (const auto &[Name, S] : Syms) {
    if (S.symbolKind() != sym::SymbolKind::Param)
      continue;
    auto AIt = O.Assumptions.find(Name);
    if (AIt != O.Assumptions.end() && AIt->second.Equal)
      V[Name] = *AIt->second.Equal;
    else if (auto It = L.Args.find(Name); It != L.Args.end())
      V[Name] = It->second;
    else if (AIt != O.Assumptions.end())
      V[Name] = AIt->second.pick(O.DefaultParamValue, O.Variant)
                    .value_or(O.DefaultParamValue);
    else
      V[Name] = O.DefaultParamValue;
  }
  return V;
}

std::optional<int64_t> coefficient(const sym::Expr &Index, const char *Sym,
                                   const std::map<std::string, int64_t> &V,
                                   std::string *Text) {
  auto C = Index.coefficientOf(Sym);
  if (!C)
    return std::nullopt;
  if (Text)
    *Text = C->text();
  return C->evaluate(V);
}

std::string plural(int64_t N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (std::llabs(N) == 1 ? One : Many);
}

void explainStride(const AccessFacts &A, const LaunchConfig &L,
                   const EnumerationOptions &O, const WarpSample &S,
                   std::string &Why, std::string &Fix) {
  auto V = uniformValues(L, O, A.Index);
  std::string CxText, CyText;
  auto Cx = coefficient(A.Index, "threadIdx.x", V, &CxText);
  auto Cy = coefficient(A.Index, "threadIdx.y", V, &CyText);
  if (A.UsedBytes && A.UsedBytes < A.ElementSize && !A.MergedFrom.empty()) {
    // The fields nvcc merged into one vector access leave a gap.
    Why = "each lane loads one " + std::to_string(A.ElementSize) +
          "-byte vector (nvcc merges " + std::to_string(A.MergedFrom.size()) +
          " field accesses into one) and uses " +
          std::to_string(A.UsedBytes) + " of its bytes";
    Fix = "keep the fields read here in an array of their own (a structure "
          "of arrays), so that the warp moves only the bytes it uses";
    return;
  }
  if (Cx && A.AggregateAlign && A.AggregateSize > A.ElementSize &&
      *Cx * int64_t(A.ElementSize) == int64_t(A.AggregateSize)) {
    // p[i].f over an array of structures, field by field.
    Why = std::string("adjacent lanes ") +
          (A.IsWrite && !A.IsRead ? "write" : "read") + " the same " +
          std::to_string(A.ElementSize) +
          "-byte field of consecutive " + std::to_string(A.AggregateSize) +
          "-byte elements (an array of structures); the element's " +
          std::to_string(A.AggregateAlign) +
          "-byte alignment keeps nvcc from loading it as one vector";
    Fix = "use a structure of arrays (one array per field), so that "
          "consecutive lanes read consecutive words";
    if (A.AggregateSize <= 16)
      Fix += "; or, when every field is read together, align the element "
             "to its size rounded up to a power of two (__align__), so that "
             "nvcc loads it as one vector";
    return;
  }
  if (Cx && std::llabs(*Cx) > 1) {
    Why = "adjacent lanes are " + plural(*Cx, "element", "elements") + " (" +
          std::to_string(*Cx * int64_t(A.ElementSize)) + " bytes) apart";
    if (!CxText.empty() && CxText != std::to_string(*Cx))
      Why += ": the index changes by '" + CxText + "' per threadIdx.x";
    if (Cy && std::llabs(*Cy) == 1)
      Fix = "swap the roles of threadIdx.x and threadIdx.y in this index, so "
            "that consecutive lanes touch consecutive elements";
    else
      Fix = "stage the data through a shared-memory tile: move it with "
            "threadIdx.x running along the contiguous dimension, then read "
            "the tile";
    return;
  }
  if (L.Block[0] < 32 && L.Block[1] > 1 && Cy && std::llabs(*Cy) > L.Block[0]) {
    Why = "a warp spans " + std::to_string(32 / L.Block[0]) +
          " rows of the block (blockDim.x = " + std::to_string(L.Block[0]) +
          "), which are " + plural(*Cy, "element", "elements") + " apart";
    Fix = "make the block at least 32 threads wide";
    return;
  }
  if (Cx && *Cx == 1) {
    std::optional<int64_t> Min;
    for (const auto &Addr : S.Req.Lane)
      if (Addr && (!Min || *Addr < *Min))
        Min = *Addr;
    if (Min) {
      int64_t Mis = ((*Min % 128) + 128) % 128;
      Why = "the warp's addresses are contiguous but start " +
            std::to_string(Mis) + " bytes past a 128-byte boundary";
    }
    return;
  }
  // The index is not affine in threadIdx.x (t / 64, t % 64 from a
  // divmod): the sample's lanes may still be a constant stride apart.
  std::optional<int64_t> Stride;
  bool Constant = true, HavePrev = false;
  int64_t Prev = 0;
  for (const auto &Addr : S.Req.Lane) {
    if (!Addr) {
      HavePrev = false;
      continue;
    }
    if (HavePrev) {
      int64_t D = *Addr - Prev;
      if (Stride && *Stride != D)
        Constant = false;
      Stride = D;
    }
    Prev = *Addr;
    HavePrev = true;
  }
  // One element apart in order (a base picked by an if/else: a select the
  // index does not show as affine): contiguous, as with threadIdx.x alone.
  if (Constant && Stride && A.ElementSize &&
      *Stride == int64_t(A.ElementSize)) {
    std::optional<int64_t> Min;
    for (const auto &Addr : S.Req.Lane)
      if (Addr && (!Min || *Addr < *Min))
        Min = *Addr;
    if (Min) {
      Why = "the warp's addresses are contiguous but start " +
            std::to_string(((*Min % 128) + 128) % 128) +
            " bytes past a 128-byte boundary";
      return;
    }
  }
  if (Constant && Stride && *Stride != 0 && A.ElementSize &&
      *Stride % int64_t(A.ElementSize) == 0 &&
      std::llabs(*Stride) != int64_t(A.ElementSize)) {
    Why = "adjacent lanes are " +
          plural(*Stride / int64_t(A.ElementSize), "element", "elements") +
          " (" + std::to_string(*Stride) + " bytes) apart";
    Fix = "stage the data through a shared-memory tile: move it with "
          "consecutive lanes on consecutive elements, then read the tile";
    return;
  }
  Why = "the lanes' addresses are scattered";
}


namespace {

/// Sectors (1.x: transactions) of every global access of \p K under \p L,
/// summed over the enumerated requests with their weights.
double kernelTraffic(const KernelFacts &K, const LaunchConfig &L,
                     const GpuModel &Gpu, const AnalysisOptions &Opts) {
  double Total = 0;
  for (const AccessFacts &A : K.Accesses) {
    if (A.Space != MemorySpace::Global || A.IsAtomic || !A.ElementSize)
      continue;
    CoalescingFamily F = A.IsRead ? Gpu.Loads : Gpu.Stores;
    const bool Half = F == CoalescingFamily::CC1_0 || F == CoalescingFamily::CC1_2;
    AccessEnumeration E = enumerateAccess(K, A, L, Opts.Enum);
    unsigned Weights = 0;
    double Sum = 0;
    for (const WarpSample &S : E.Samples) {
      CoalescingResult R = analyzeCoalescing(S.Req, F);
      Sum += double(S.Weight) * (Half ? R.Transactions : R.Sectors);
      Weights += S.Weight;
    }
    if (Weights)
      Total += Sum / Weights;
  }
  return Total;
}

} // namespace

/// "Swap threadIdx.x and threadIdx.y" helps only when the kernel as a whole
/// moves fewer sectors with the roles swapped in every access, branch and loop
/// (a transpose's store gets coalesced and its load stops being): else the
/// fix offered is a shared-memory tile.
void checkSwapHelps(const KernelFacts &K, const AccessFacts &A,
                    const LaunchConfig &L, const GpuModel &Gpu,
                    const AnalysisOptions &Opts, std::string &Fix) {
  const std::map<std::string, sym::Expr> Swap{
      {"threadIdx.x", sym::threadIdx('y')}, {"threadIdx.y", sym::threadIdx('x')}};
  KernelFacts Swapped = K;
  substituteSymbols(Swapped, Swap);
  const double Before = kernelTraffic(K, L, Gpu, Opts);
  const double After = kernelTraffic(Swapped, L, Gpu, Opts);
  if (After < Before)
    return;
  std::string Others;
  for (const AccessFacts &B : K.Accesses)
    if (&B != &A && B.Space == MemorySpace::Global &&
        B.Index.coefficientOf("threadIdx.x") &&
        B.Index.coefficientOf("threadIdx.x")->asConst() == std::optional<int64_t>(1)) {
      Others = B.Text;
      break;
    }
  Fix = "stage the data through a shared-memory tile: read it with "
        "consecutive lanes on consecutive elements, then write it from the "
        "tile the same way (swapping threadIdx.x and threadIdx.y would move "
        "the problem" +
        (Others.empty() ? std::string(" to another access")
                        : " to '" + Others + "'") +
        ", not remove it)";
}

} // namespace advice
} // namespace warplint
