//===- ChannelSkew.cpp - Partition camping (CuMAPz eq. 4, 5) --------------===//
#include "Warp/ChannelSkew.h"
#include "Warp/Analyses.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace warplint {

unsigned blocksToCheck(const ChannelParams &P, unsigned MaxBlocksPerSm,
                       int64_t BlockDimX, unsigned ElemSize) {
  // CuMAPz eq. 4. channel_width / (bDim.X * elem_size) is how many blocks'
  // rows fit in one channel-width region; below 1 a block spans channels.
  double PerChannel = double(P.WidthBytes) /
                      double(std::max<int64_t>(1, BlockDimX) *
                             std::max(1u, ElemSize));
  double N = double(P.Channels) *
             std::min(double(std::max(1u, MaxBlocksPerSm)), PerChannel);
  return std::max(1u, unsigned(std::ceil(N - 1e-9)));
}

double channelSkew(const std::vector<unsigned> &BlocksPerChannel,
                   unsigned MaxOut, unsigned MinNonzeroOut, unsigned Used) {
  (void)BlocksPerChannel;
  if (Used == 0)
    return 1;
  // CuMAPz eq. 5; "when max and min are the same, which means all the
  // accesses are focused on one channel, ch_skew is set to n_channels".
  // Equal counts spread over several channels are not focused on one, so
  // the n_channels rule is applied to the one-channel case only.
  if (Used == 1)
    return double(BlocksPerChannel.size());
  return double(MaxOut) / double(std::max(1u, MinNonzeroOut));
}

static int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
}

unsigned campingBlocksPerSm(const GpuModel &G, const LaunchConfig &L) {
  int64_t Threads = std::max<int64_t>(1, L.threadsPerBlock());
  int64_t PerSm = G.Major == 1 ? (G.Minor < 2 ? 768 : 1024)
                               : (G.Major == 2 ? 1536 : 2048);
  int64_t Blocks = G.Major < 3 ? 8 : (G.Major < 5 ? 16 : 32);
  return unsigned(std::max<int64_t>(1, std::min(Blocks, PerSm / Threads)));
}

ChannelSkewResult analyzeChannelSkew(const KernelFacts &K,
                                     const LaunchConfig &L,
                                     const ChannelParams &P,
                                     unsigned MaxBlocksPerSm,
                                     const EnumerationOptions &O,
                                     unsigned ConcurrentBlocks) {
  ChannelSkewResult R;
  R.Params = P;
  R.MaxBlocksPerSm = MaxBlocksPerSm;
  std::vector<const AccessFacts *> Global;
  for (const AccessFacts &A : K.Accesses)
    if (A.Space == MemorySpace::Global && !A.IsAtomic) {
      Global.push_back(&A);
      R.ElemSize = std::max(R.ElemSize, A.ElementSize ? A.ElementSize : 4u);
    }
  if (Global.empty()) {
    R.Skipped = "the kernel has no global-memory reference";
    return R;
  }
  if (P.Channels == 0 || P.WidthBytes == 0) {
    R.Skipped = "the GPU's channel count or width is not known";
    return R;
  }
  R.BlocksToCheck = blocksToCheck(P, MaxBlocksPerSm, L.Block[0], R.ElemSize);
  const int64_t Total = L.Grid[0] * L.Grid[1] * L.Grid[2];
  if (ConcurrentBlocks)
    R.BlocksToCheck = unsigned(std::min<int64_t>(ConcurrentBlocks, Total));
  if (Total < int64_t(R.BlocksToCheck)) {
    // CuMAPz Sec. 5.4: "when the number of all thread blocks in the kernel
    // is smaller than the number calculated by the above, this analysis is
    // skipped".
    R.Skipped = "the grid has " + std::to_string(Total) +
                " blocks, fewer than the " + std::to_string(R.BlocksToCheck) +
                " needed to use every channel (CuMAPz eq. 4)";
    return R;
  }
  for (int64_t I = 0; I < int64_t(R.BlocksToCheck); ++I)
    R.Blocks.push_back({I % L.Grid[0], (I / L.Grid[0]) % L.Grid[1],
                        I / (L.Grid[0] * L.Grid[1])});
  R.Assumptions.push_back(
      "every array starts at an address that is a multiple of " +
      std::to_string(uint64_t(P.Channels) * P.WidthBytes) +
      " bytes (channel 0)");
  R.Assumptions.push_back(
      "the first " + std::to_string(R.BlocksToCheck) +
      " blocks in launch order run concurrently and reach each access "
      "together, in the first iteration of its loops");
  EnumerationOptions EO = O;
  EO.ExplicitBlocks = R.Blocks;
  R.Analysed = true;
  for (const AccessFacts *A : Global) {
    ReferenceSkew RS;
    RS.Access = A;
    RS.Text = A->Text;
    RS.Loc = A->Loc;
    RS.BlocksPerChannel.assign(P.Channels, 0);
    AccessEnumeration E = enumerateAccess(K, *A, L, EO);
    for (const std::string &S : E.Assumptions)
      if (std::find(R.Assumptions.begin(), R.Assumptions.end(), S) ==
          R.Assumptions.end())
        R.Assumptions.push_back(S);
    if (!E.Unanalysable.empty()) {
      RS.Unanalysable = E.Unanalysable;
      R.Refs.push_back(std::move(RS));
      continue;
    }
    // Channels touched by each block.
    std::map<std::array<int64_t, 3>, std::set<int>> PerBlock;
    std::map<std::array<int64_t, 3>, int> First;
    for (const WarpSample &S : E.Samples)
      for (const auto &Addr : S.Req.Lane) {
        if (!Addr)
          continue;
        int64_t Region = floorDiv(*Addr, P.WidthBytes);
        int Ch = int(((Region % P.Channels) + P.Channels) % P.Channels);
        PerBlock[S.BlockIdx].insert(Ch);
        First.insert({S.BlockIdx, Ch});
      }
    for (const auto &B : R.Blocks) {
      auto It = First.find(B);
      RS.FirstChannelOfBlock.push_back(It == First.end() ? -1 : It->second);
    }
    for (const auto &[B, Chs] : PerBlock)
      for (int Ch : Chs)
        ++RS.BlocksPerChannel[Ch];
    for (unsigned N : RS.BlocksPerChannel)
      if (N) {
        ++RS.ChannelsUsed;
        RS.MaxBlocks = std::max(RS.MaxBlocks, N);
        RS.MinNonzeroBlocks =
            RS.MinNonzeroBlocks ? std::min(RS.MinNonzeroBlocks, N) : N;
      }
    RS.Skew = channelSkew(RS.BlocksPerChannel, RS.MaxBlocks,
                          RS.MinNonzeroBlocks, RS.ChannelsUsed);
    unsigned Sum = 0;
    for (unsigned N : RS.BlocksPerChannel)
      Sum += N;
    if (Sum)
      RS.Imbalance = std::max(1.0, RS.MaxBlocks * double(P.Channels) / Sum);
    if (RS.ChannelsUsed && (!R.Worst || RS.Skew > R.Skew)) {
      R.Skew = RS.Skew;
      R.Worst = A;
      R.WorstText = A->Text;
    }
    R.Refs.push_back(std::move(RS));
  }
  return R;
}

KernelFacts diagonalReordering(const KernelFacts &K, DiagonalMapping M) {
  using sym::Expr;
  Expr BX = sym::blockIdx('x'), BY = sym::blockIdx('y');
  Expr GX = sym::gridDim('x'), GY = sym::gridDim('y');
  std::map<std::string, Expr> B;
  if (M == DiagonalMapping::Square) {
    B["blockIdx.x"] = Expr::mod(BX + BY, GX);
    B["blockIdx.y"] = BX;
  } else {
    Expr Bid = BX + GX * BY;
    Expr NewY = Expr::mod(Bid, GY);
    B["blockIdx.x"] = Expr::mod(Expr::div(Bid, GY) + NewY, GX);
    B["blockIdx.y"] = NewY;
  }
  KernelFacts R = K;
  substituteSymbols(R, B);
  return R;
}

std::vector<std::string> diagonalDeclarations(DiagonalMapping M) {
  if (M == DiagonalMapping::Square)
    return {"const unsigned int blockIdx_y = blockIdx.x;",
            "const unsigned int blockIdx_x = (blockIdx.x + blockIdx.y) % "
            "gridDim.x;"};
  return {"const unsigned int blockIdx_linear = blockIdx.x + gridDim.x * blockIdx.y;",
          "const unsigned int blockIdx_y = blockIdx_linear % gridDim.y;",
          "const unsigned int blockIdx_x = ((blockIdx_linear / gridDim.y) + blockIdx_y) "
          "% gridDim.x;"};
}

} // namespace warplint
