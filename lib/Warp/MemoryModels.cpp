//===- MemoryModels.cpp - Per-warp global and shared memory models --------===//
//
// See MemoryModels.h for the sources. Every rule below cites the section of
// the CUDA C Programming Guide (appendix "Compute Capabilities") or of the
// papers it comes from.
//
//===----------------------------------------------------------------------===//
#include "Warp/MemoryModels.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace warplint {

namespace {

/// Floor division and modulo for a positive divisor: addresses are relative
/// to an aligned base and may be negative.
int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  if ((A % B != 0) && (A < 0))
    --Q;
  return Q;
}
int64_t floorMod(int64_t A, int64_t B) { return A - floorDiv(A, B) * B; }

unsigned accessSize(const WarpRequest &R) {
  return R.AccessSize == 0 ? 1u : R.AccessSize;
}

/// A half-open byte range [Begin, End).
struct ByteRange {
  int64_t Begin = 0;
  int64_t End = 0;
};

/// Appends the indices of the Granule-byte aligned blocks that [B, E)
/// touches.
void appendBlocks(int64_t B, int64_t E, int64_t Granule,
                  std::vector<int64_t> &Out) {
  if (E <= B)
    return;
  for (int64_t I = floorDiv(B, Granule), Last = floorDiv(E - 1, Granule);
       I <= Last; ++I)
    Out.push_back(I);
}

unsigned countDistinct(std::vector<int64_t> &V) {
  std::sort(V.begin(), V.end());
  return static_cast<unsigned>(std::unique(V.begin(), V.end()) - V.begin());
}

/// Size of the union of the active lanes' byte ranges.
uint64_t distinctBytes(const WarpRequest &R) {
  std::vector<ByteRange> Ranges;
  const int64_t Size = accessSize(R);
  for (const std::optional<int64_t> &A : R.Lane)
    if (A)
      Ranges.push_back({*A, *A + Size});
  std::sort(Ranges.begin(), Ranges.end(),
            [](const ByteRange &X, const ByteRange &Y) {
              return X.Begin < Y.Begin;
            });
  uint64_t Total = 0;
  int64_t CurB = 0, CurE = 0;
  bool Open = false;
  for (const ByteRange &Rg : Ranges) {
    if (Open && Rg.Begin <= CurE) {
      CurE = std::max(CurE, Rg.End);
      continue;
    }
    if (Open)
      Total += static_cast<uint64_t>(CurE - CurB);
    CurB = Rg.Begin;
    CurE = Rg.End;
    Open = true;
  }
  if (Open)
    Total += static_cast<uint64_t>(CurE - CurB);
  return Total;
}

/// Accumulates 1.x transactions: their count, bytes, and the sectors their
/// byte ranges cover.
struct TransactionLog {
  unsigned Count = 0;
  uint64_t Bytes = 0;
  std::vector<int64_t> SectorIds;

  void issue(int64_t Begin, int64_t Size) {
    ++Count;
    Bytes += static_cast<uint64_t>(Size);
    appendBlocks(Begin, Begin + Size, 32, SectorIds);
  }
};

//===--------------------------------------------------------------------===//
// 1.0 / 1.1
//===--------------------------------------------------------------------===//

/// CUDA C Programming Guide, Compute Capabilities, Global Memory, "Devices
/// of Compute Capability 1.0 and 1.1": a half-warp's request is coalesced
/// when the words are 4, 8 or 16 bytes; all 16 words lie in one 64-byte
/// (4-byte words) or 128-byte (8-byte words) segment, or, for 16-byte words,
/// the first 8 in one 128-byte segment and the last 8 in the next; and the
/// k-th thread of the half-warp accesses the k-th word (inactive threads are
/// allowed). It then costs one 64-byte, one 128-byte or two 128-byte
/// transactions. Otherwise every thread is serviced separately by a 32-byte
/// transaction (the Guide: "16 separate 32-byte memory transactions"; we
/// issue one per *active* thread, and one per 32-byte segment for a thread
/// whose unaligned access straddles a 32-byte boundary).
void halfWarpCC10(const WarpRequest &R, unsigned First,
                  TransactionLog &Log) {
  const int64_t Size = accessSize(R);
  bool Coalesced = Size == 4 || Size == 8 || Size == 16;
  // Segment alignment the half-warp's first word must have: 64, 128, 128.
  const int64_t Align = std::min<int64_t>(16 * Size, 128);
  std::optional<int64_t> Base;
  for (unsigned K = 0; K < 16 && Coalesced; ++K) {
    const std::optional<int64_t> &A = R.Lane[First + K];
    if (!A)
      continue;
    if (!Base) {
      Base = *A - static_cast<int64_t>(K) * Size;
      if (floorMod(*Base, Align) != 0)
        Coalesced = false;
    } else if (*A != *Base + static_cast<int64_t>(K) * Size) {
      Coalesced = false;
    }
  }
  if (Coalesced) {
    // 16 words of Size bytes from Base: 64 or 128 bytes in one transaction,
    // 256 bytes (16-byte words) in two 128-byte transactions.
    for (int64_t Off = 0; Off < 16 * Size; Off += 128)
      Log.issue(*Base + Off, std::min<int64_t>(16 * Size, 128));
    return;
  }
  for (unsigned K = 0; K < 16; ++K) {
    const std::optional<int64_t> &A = R.Lane[First + K];
    if (!A)
      continue;
    for (int64_t S = floorDiv(*A, 32), Last = floorDiv(*A + Size - 1, 32);
         S <= Last; ++S)
      Log.issue(S * 32, 32);
  }
}

//===--------------------------------------------------------------------===//
// 1.2 / 1.3
//===--------------------------------------------------------------------===//

/// CUDA C Programming Guide, Compute Capabilities, Global Memory, "Devices
/// of Compute Capability 1.2 and 1.3" (the protocol quoted in CuMAPz
/// Sec. 5.3, Fig. 5(a)):
///  1. find the segment containing the address of the lowest-numbered active
///     thread: 32 bytes for 1-byte words, 64 for 2-byte words, 128 for 4-,
///     8- and 16-byte words;
///  2. find all other active threads whose address lies in that segment;
///  3. reduce: a 128-byte transaction of which only the lower or upper half
///     is used becomes 64 bytes; a 64-byte one (original or reduced) of which
///     only one half is used becomes 32 bytes;
///  4. issue it and mark those threads serviced; repeat.
/// 16-byte words need no special case: a half-warp covers 256 bytes, so the
/// protocol naturally issues (at least) two 128-byte transactions.
/// An unaligned access that crosses a segment boundary is split into one
/// piece per segment, each serviced by the transaction of its segment.
void halfWarpCC12(const WarpRequest &R, unsigned First,
                  TransactionLog &Log) {
  const int64_t Size = accessSize(R);
  const int64_t Seg = Size == 1 ? 32 : Size == 2 ? 64 : 128;

  // Pieces in lane order, then address order: the first pending piece is
  // always the lowest-numbered thread still waiting.
  std::vector<ByteRange> Pieces;
  for (unsigned K = 0; K < 16; ++K) {
    const std::optional<int64_t> &A = R.Lane[First + K];
    if (!A)
      continue;
    int64_t B = *A, E = *A + Size;
    while (B < E) {
      int64_t SegEnd = (floorDiv(B, Seg) + 1) * Seg;
      int64_t PE = std::min(E, SegEnd);
      Pieces.push_back({B, PE});
      B = PE;
    }
  }
  std::vector<bool> Done(Pieces.size(), false);
  for (size_t I = 0; I < Pieces.size(); ++I) {
    if (Done[I])
      continue;
    const int64_t SegIdx = floorDiv(Pieces[I].Begin, Seg);
    int64_t Lo = Pieces[I].Begin, Hi = Pieces[I].End;
    for (size_t J = I; J < Pieces.size(); ++J) {
      if (Done[J] || floorDiv(Pieces[J].Begin, Seg) != SegIdx)
        continue;
      Lo = std::min(Lo, Pieces[J].Begin);
      Hi = std::max(Hi, Pieces[J].End);
      Done[J] = true;
    }
    int64_t TBegin = SegIdx * Seg, TSize = Seg;
    if (TSize == 128) {
      if (Hi <= TBegin + 64) {
        TSize = 64;
      } else if (Lo >= TBegin + 64) {
        TBegin += 64;
        TSize = 64;
      }
    }
    if (TSize == 64) {
      if (Hi <= TBegin + 32) {
        TSize = 32;
      } else if (Lo >= TBegin + 32) {
        TBegin += 32;
        TSize = 32;
      }
    }
    Log.issue(TBegin, TSize);
  }
}

//===--------------------------------------------------------------------===//
// All families
//===--------------------------------------------------------------------===//

CoalescingResult analyzeRaw(const WarpRequest &R, CoalescingFamily F) {
  CoalescingResult Res;
  const int64_t Size = accessSize(R);
  Res.BytesRequested = distinctBytes(R);
  if (R.UsedBytes && R.UsedBytes < accessSize(R))
    Res.BytesRequested = Res.BytesRequested * R.UsedBytes / accessSize(R);

  if (F == CoalescingFamily::CC1_0 || F == CoalescingFamily::CC1_2) {
    // Both 1.x families work per half-warp (CuMAPz Sec. 5.3: "the actual
    // analysis is done at the half warp granularity").
    TransactionLog Log;
    for (unsigned First = 0; First < WarpSize; First += 16) {
      bool Any = false;
      for (unsigned K = 0; K < 16; ++K)
        Any |= R.Lane[First + K].has_value();
      if (!Any)
        continue;
      ++Res.Requests;
      if (F == CoalescingFamily::CC1_0)
        halfWarpCC10(R, First, Log);
      else
        halfWarpCC12(R, First, Log);
    }
    Res.Transactions = Log.Count;
    Res.BytesFetched = Log.Bytes;
    Res.Sectors = countDistinct(Log.SectorIds);
    return Res;
  }

  // 2.x and later, whole warp. CUDA C Programming Guide, Compute
  // Capabilities, Global Memory, 2.x: a warp's request for 8-byte words is
  // split into two 128-byte requests (one per half-warp), for 16-byte words
  // into four (one per quarter-warp), issued independently. We count those
  // requests, but lines and sectors are counted distinct over the whole warp
  // (two requests touching the same line count it once).
  const unsigned GroupLanes =
      Size <= 4 ? WarpSize : std::max<unsigned>(1, 128 / unsigned(Size));
  for (unsigned First = 0; First < WarpSize; First += GroupLanes) {
    bool Any = false;
    for (unsigned K = First; K < std::min(WarpSize, First + GroupLanes); ++K)
      Any |= R.Lane[K].has_value();
    Res.Requests += Any ? 1 : 0;
  }

  std::vector<int64_t> Lines, SectorIds;
  for (const std::optional<int64_t> &A : R.Lane) {
    if (!A)
      continue;
    appendBlocks(*A, *A + Size, 128, Lines);
    appendBlocks(*A, *A + Size, 32, SectorIds);
  }
  const unsigned NLines = countDistinct(Lines);
  const unsigned NSectors = countDistinct(SectorIds);
  if (F == CoalescingFamily::CachedL1) {
    // 2.x (and 3.5+/5.x L1-cached loads): "if the line is cached in L1, the
    // request is serviced with 128-byte memory transactions" -- one per
    // distinct 128-byte aligned line (CUDA C Programming Guide, Compute
    // Capabilities, Global Memory, 2.x and 3.x).
    Res.Transactions = NLines;
    Res.Sectors = 4 * NLines;
    Res.BytesFetched = 128u * uint64_t(NLines);
  } else {
    // L2 only: "memory accesses are serviced with 32-byte transactions" (CUDA
    // C Programming Guide, Compute Capabilities, Global Memory, 2.x, 3.x and
    // 5.x). Transactions counts the distinct 128-byte lines (L2 requests).
    Res.Transactions = NLines;
    Res.Sectors = NSectors;
    Res.BytesFetched = 32u * uint64_t(NSectors);
  }
  return Res;
}

/// The first N lanes active, lane k at Offset + k * AccessSize.
WarpRequest packedRequest(unsigned N, unsigned AccessSize, int64_t Offset) {
  WarpRequest P;
  P.AccessSize = AccessSize;
  for (unsigned K = 0; K < N && K < WarpSize; ++K)
    P.Lane[K] = Offset + static_cast<int64_t>(K) * AccessSize;
  return P;
}

} // namespace

unsigned activeLaneCount(const WarpRequest &R) {
  unsigned N = 0;
  for (const std::optional<int64_t> &A : R.Lane)
    N += A.has_value() ? 1 : 0;
  return N;
}

const char *toString(CoalescingFamily F) {
  switch (F) {
  case CoalescingFamily::CC1_0:
    return "cc1.0";
  case CoalescingFamily::CC1_2:
    return "cc1.2";
  case CoalescingFamily::CachedL1:
    return "l1-cached";
  case CoalescingFamily::L2Sectors:
    return "l2-sectors";
  }
  return "unknown";
}

CoalescingResult analyzeCoalescing(const WarpRequest &R, CoalescingFamily F) {
  CoalescingResult Res = analyzeRaw(R, F);
  const unsigned N = activeLaneCount(R);
  if (N == 0)
    return Res;
  Res.IdealTransactions = Res.Transactions;
  Res.IdealSectors = Res.Sectors;
  auto Consider = [&](const WarpRequest &Candidate) {
    CoalescingResult C = analyzeRaw(Candidate, F);
    Res.IdealTransactions = std::min(Res.IdealTransactions, C.Transactions);
    Res.IdealSectors = std::min(Res.IdealSectors, C.Sectors);
  };
  const unsigned Size = accessSize(R);
  // Contiguous and aligned (CGPredict Sec. 3.3.2's "coalesced access").
  Consider(packedRequest(N, Size, 0));
  // A vector access that uses only some of its bytes (the .x and .z of a
  // float4): the ideal moves only the bytes used, as a layout holding just
  // those fields would (the same ideal as the fields read one by one).
  if (R.UsedBytes && R.UsedBytes < Size)
    Consider(packedRequest(N, R.UsedBytes, 0));
  // On 1.0/1.1 a coalesced half-warp always moves 64/128/256 bytes; when few
  // lanes are active, separate 32-byte transactions can be fewer sectors (or,
  // for 16-byte words, fewer transactions). A 32-byte displacement breaks
  // the 64/128-byte alignment the strict rule needs.
  if (F == CoalescingFamily::CC1_0)
    Consider(packedRequest(N, Size, 32));
  return Res;
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

BankModel bankModelFor(int Major, int Minor, bool KeplerEightByteMode) {
  BankModel M;
  if (Major <= 1) {
    // CUDA C Programming Guide, Compute Capabilities, Shared Memory, 1.x:
    // 16 banks of 32 bits; a warp's request is split into one per half-warp
    // and bank conflicts only occur within a half-warp (CuMAPz Sec. 5.5).
    M.Banks = 16;
    M.BankWidth = 4;
    M.HalfWarp = true;
  } else if (Major == 3) {
    // CUDA C Programming Guide, Compute Capabilities, Shared Memory, 3.x:
    // 32 banks, 64-bit mode (successive 64-bit words to successive banks) or
    // 32-bit mode (successive 32-bit words, with words i and i+32 of one
    // 64-word aligned segment served together); CGPredict Sec. 2.5.
    M.Banks = 32;
    M.BankWidth = KeplerEightByteMode ? 8 : 4;
    M.KeplerWordPairs = !KeplerEightByteMode;
  } else {
    // 2.x, 5.x and later: 32 banks, successive 32-bit words to successive
    // banks (CUDA C Programming Guide, Compute Capabilities, Shared Memory,
    // 2.x and 5.x).
    M.Banks = 32;
    M.BankWidth = 4;
  }
  return M;
}

/// Phases and degrees:
///  - A bank can serve one bank-width word per cycle; lanes touching the
///    same word (any bytes of it) are served together: broadcast for reads,
///    one winning writer for writes (CUDA C Programming Guide, Compute
///    Capabilities, Shared Memory, 2.x and 5.x; 64-bit words in 3.x 64-bit
///    mode, CGPredict Sec. 2.5). On 1.x the Guide only broadcasts a single
///    word per step and services the others one address per bank per step;
///    we deliberately simplify to "same word served once" there as well, so
///    e.g. consecutive chars on 1.x come out conflict-free where the Guide's
///    step procedure gives 4 steps.
///  - An access wider than the bank width covers several consecutive words.
///  - 1.x: one phase per half-warp whatever the size (the Guide splits
///    64-bit accesses into 32-bit ones, which our word expansion reproduces:
///    consecutive doubles give the Guide's 2-way conflict).
///  - 2.0+: a phase serves Banks * BankWidth bytes: with 4-byte banks,
///    64-bit accesses per half-warp and 128-bit accesses per quarter-warp
///    (CUDA C Programming Guide, Compute Capabilities, Shared Memory, 2.x,
///    "64-Bit Accesses", "128-Bit Accesses"); with 8-byte banks, 64-bit in
///    one phase and 128-bit per half-warp. The 2.x Guide's remark that most
///    128-bit accesses add one further way is not modelled: the four
///    quarter-warp phases already count four wavefronts.
///  - A K-way conflict serialises the phase K times (CuMAPz Sec. 5.5).
BankConflictResult analyzeBankConflicts(const WarpRequest &R,
                                        const BankModel &M) {
  BankConflictResult Res;
  Res.Ways = 1;
  Res.Phases = 0;
  Res.Wavefronts = 0;
  Res.WorstPhaseBank = 0;
  const int64_t Size = accessSize(R);
  const int64_t Banks = M.Banks == 0 ? 1 : M.Banks;
  const int64_t Width = M.BankWidth == 0 ? 1 : M.BankWidth;
  unsigned PhaseLanes = 16;
  if (!M.HalfWarp) {
    int64_t L = Banks * Width / Size;
    PhaseLanes = static_cast<unsigned>(std::clamp<int64_t>(L, 1, WarpSize));
  }

  unsigned BestWays = 0;
  for (unsigned First = 0; First < WarpSize; First += PhaseLanes) {
    // (bank, word key) for every word each active lane of the phase touches.
    std::vector<std::pair<int64_t, int64_t>> Words;
    for (unsigned L = First; L < std::min(WarpSize, First + PhaseLanes); ++L) {
      const std::optional<int64_t> &A = R.Lane[L];
      if (!A)
        continue;
      const int64_t Last = floorDiv(*A + Size - 1, Width);
      for (int64_t W = floorDiv(*A, Width); W <= Last; ++W) {
        int64_t Bank = floorMod(W, Banks);
        // 3.x 32-bit mode: words i and i+32 of one 64-word aligned segment
        // are one bank access (CGPredict Sec. 2.5).
        int64_t Key = M.KeplerWordPairs ? floorDiv(W, 2 * Banks) : W;
        Words.push_back({Bank, Key});
      }
    }
    if (Words.empty())
      continue; // no active lane: the phase is not issued
    std::sort(Words.begin(), Words.end());
    Words.erase(std::unique(Words.begin(), Words.end()), Words.end());
    unsigned PhaseWays = 0;
    int64_t PhaseBank = 0;
    for (size_t I = 0; I < Words.size();) {
      size_t J = I;
      while (J < Words.size() && Words[J].first == Words[I].first)
        ++J;
      unsigned N = static_cast<unsigned>(J - I);
      if (N > PhaseWays) {
        PhaseWays = N;
        PhaseBank = Words[I].first;
      }
      I = J;
    }
    ++Res.Phases;
    Res.Wavefronts += PhaseWays;
    if (PhaseWays > BestWays) {
      BestWays = PhaseWays;
      Res.WorstPhaseBank = static_cast<unsigned>(PhaseBank);
    }
  }
  Res.Ways = std::max(1u, BestWays);
  return Res;
}

} // namespace warplint
