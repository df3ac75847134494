//===- Variants.cpp -------------------------------------------------------===//
#include "Cost/Variants.h"
#include "Cost/Staging.h"
#include "Cost/Vectorize.h"
#include "Warp/ChannelSkew.h"

#include <fmt/format.h>

#include <algorithm>

namespace warplint {

static bool usesBlockDim(const KernelFacts &K) {
  for (const AccessFacts &A : K.Accesses)
    for (const char *D : {"blockDim.x", "blockDim.y"})
      if (A.Index.mentions(D))
        return true;
  return false;
}

/// The buffer padded by one element in its innermost dimension, every
/// access re-flattened; false when an access does not index every
/// dimension or a dimension is not known.
static bool padBuffer(KernelFacts &K, const SharedBufferFacts &Buf) {
  if (Buf.Dynamic || Buf.Dims.size() < 2)
    return false;
  std::vector<int64_t> Dims;
  for (const auto &D : Buf.Dims) {
    if (!D)
      return false;
    Dims.push_back(*D);
  }
  // An odd row pitch is already what padding makes ([32][33]): one more
  // element would bring back a two-way conflict.
  if (Dims.back() % 2 != 0)
    return false;
  Dims.back() += 1;
  for (AccessFacts &A : K.Accesses) {
    if (A.Space != MemorySpace::Shared || A.Base != Buf.Name)
      continue;
    if (A.Subscripts.size() != Dims.size())
      return false;
    sym::Expr Flat(0);
    for (size_t I = 0; I < Dims.size(); ++I)
      Flat = Flat * sym::Expr(Dims[I]) + A.Subscripts[I];
    A.Index = Flat;
    A.ByteOffset = Flat * sym::Expr(A.ElementSize);
  }
  return true;
}

std::vector<KernelVariant> kernelVariants(const KernelFacts &K, const LaunchConfig &L0,
                                const GpuModel &Gpu, unsigned ReadOnlyCacheBytes,
                                const std::map<std::string, int64_t> *Assumed) {
  std::vector<KernelVariant> V;
  V.push_back({"as written", "-", K, L0});
  // Block shapes covering the same threads.
  // A statically sized shared tile is usually the block's shape written
  // as constants: another block would change what the kernel computes.
  bool FixedTile = false;
  for (const SharedBufferFacts &B : K.SharedBuffers)
    FixedTile = FixedTile || !B.Dynamic;
  const int64_t MaxThreads = Gpu.Major == 1 ? 512 : 1024;
  if (usesBlockDim(K) && !FixedTile && L0.Block[2] == 1) {
    const int64_t Shapes[][2] = {{32, 8},  {16, 16}, {64, 4},  {128, 1},
                                 {256, 1}, {32, 16}, {64, 8},  {32, 32},
                                 {512, 1}, {128, 2}, {64, 1},  {16, 8}};
    int64_t W = L0.Grid[0] * L0.Block[0], H = L0.Grid[1] * L0.Block[1];
    for (const auto &S : Shapes) {
      if ((S[0] == L0.Block[0] && S[1] == L0.Block[1]) || (H == 1 && S[1] > 1) ||
          S[0] * S[1] > MaxThreads)
        continue;
      KernelVariant X{fmt::format("block {}x{}", S[0], S[1]), "", K, L0};
      X.L.Block = {{S[0], S[1], 1}};
      X.L.Grid = {{(W + S[0] - 1) / S[0], (H + S[1] - 1) / S[1], L0.Grid[2]}};
      X.Change = fmt::format("launch with block ({}, {}) and grid ({}, {}) "
                             "instead of block ({}, {})",
                             S[0], S[1], X.L.Grid[0], X.L.Grid[1], L0.Block[0],
                             L0.Block[1]);
      V.push_back(std::move(X));
    }
  }
  for (const SharedBufferFacts &B : K.SharedBuffers) {
    KernelVariant X{"pad " + B.Name, "", K, L0};
    if (!padBuffer(X.K, B))
      continue;
    X.Change = fmt::format("declare '{}' with its innermost dimension one "
                           "larger ([N] -> [N + 1])",
                           B.Name);
    V.push_back(std::move(X));
  }
  if (!Gpu.PartitionsHashed && L0.Grid[1] > 1) {
    KernelVariant X{"diagonal block order", "", K, L0};
    X.K = diagonalReordering(K, L0.Grid[0] == L0.Grid[1]
                                    ? DiagonalMapping::Square
                                    : DiagonalMapping::General);
    X.Change = "remap blockIdx.x and blockIdx.y diagonally at the top of the "
               "kernel (warplint-partition-camping's fix-it)";
    V.push_back(std::move(X));
  }
  if (L0.Block[1] > 1) {
    KernelVariant X{"swap threadIdx.x/y", "", K, L0};
    substituteSymbols(X.K, {{"threadIdx.x", sym::threadIdx('y')},
                            {"threadIdx.y", sym::threadIdx('x')}});
    // The same threads: the block's extents exchanged too.
    X.L.Block = {{L0.Block[1], L0.Block[0], L0.Block[2]}};
    X.Change = fmt::format("exchange the roles of threadIdx.x and threadIdx.y "
                           "in every index, with block ({}, {})",
                           X.L.Block[0], X.L.Block[1]);
    V.push_back(std::move(X));
  }
  // The read-only path: pointer parameters the kernel only reads.
  if (ReadOnlyCacheBytes) {
    std::vector<std::string> Names;
    for (const ParamFacts &P : K.Params) {
      if (!P.IsPointer || (P.PointeeConst && P.Restrict))
        continue;
      bool Read = false, Written = false;
      for (const AccessFacts &A : K.Accesses)
        if (A.Space == MemorySpace::Global && A.Base == P.Name) {
          Read = Read || A.IsRead;
          Written = Written || A.IsWrite || A.IsAtomic;
        }
      if (Read && !Written)
        Names.push_back(P.Name);
    }
    auto ReadOnly = [&](const std::vector<std::string> &Which) {
      KernelVariant X{"", "", K, L0};
      std::string List;
      for (ParamFacts &P : X.K.Params)
        if (std::find(Which.begin(), Which.end(), P.Name) != Which.end()) {
          P.PointeeConst = P.Restrict = true;
          List += (List.empty() ? "'" : ", '") + P.Name + "'";
        }
      X.Name = Which.size() == 1 ? "read-only " + Which.front()
                                 : "read-only inputs";
      X.Change = fmt::format(
          "declare {} as const T *__restrict__ (or load with __ldg): the loads "
          "take the {} KiB read-only cache, which plain global loads bypass "
          "on this GPU",
          List, ReadOnlyCacheBytes / 1024);
      return X;
    };
    for (const std::string &N : Names)
      V.push_back(ReadOnly({N}));
    if (Names.size() > 1)
      V.push_back(ReadOnly(Names));
  }
  // Two or four consecutive elements per thread, as one vector access.
  for (unsigned W : {2u, 4u}) {
    std::string Why;
    if (std::optional<KernelVariant> X = vectorize(K, L0, W, Why))
      V.push_back(std::move(*X));
  }
  // Staging through shared memory: CuMAPz's data fetch for read-only
  // buffers read through neighbouring references, the transpose tile for
  // strided stores; the tile of a staged store padded too, and on 1.x also
  // visited in diagonal block order (the steps of Ruetsch & Micikevicius).
  const bool Diagonal = !Gpu.PartitionsHashed && L0.Grid[1] > 1;
  for (KernelVariant &S : stagingVariants(K, L0, Assumed)) {
    if (S.Name.size() < 6 || S.Name.compare(S.Name.size() - 6, 6, " store") != 0) {
      V.push_back(std::move(S));
      continue;
    }
    const SharedBufferFacts Tile = S.K.SharedBuffers.back();
    KernelVariant P = S;
    bool Padded = padBuffer(P.K, Tile);
    V.push_back(std::move(S));
    if (!Padded)
      continue;
    P.Name += " + pad";
    P.Change += fmt::format("; declare '{}' with its innermost dimension one "
                            "larger ([{}] -> [{} + 1])",
                            Tile.Name, *Tile.Dims.back(), *Tile.Dims.back());
    if (Diagonal) {
      KernelVariant D = P;
      D.Name += " + diagonal";
      D.K = diagonalReordering(P.K, L0.Grid[0] == L0.Grid[1]
                                        ? DiagonalMapping::Square
                                        : DiagonalMapping::General);
      D.Change += "; remap blockIdx.x and blockIdx.y diagonally at the top of "
                  "the kernel";
      V.push_back(std::move(P));
      V.push_back(std::move(D));
    } else {
      V.push_back(std::move(P));
    }
  }
  return V;
}


} // namespace warplint
