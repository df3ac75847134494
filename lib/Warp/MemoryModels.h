//===- MemoryModels.h - Per-warp global/shared memory models ---*- C++ -*-===//
//
// Pure functions over one warp's already-enumerated memory request: how many
// global-memory transactions (and 32-byte sectors) it costs under the
// coalescing rules of each GPU generation, and how many shared-memory
// wavefronts it needs because of bank conflicts.
//
// Sources (cited again where each rule is implemented):
//  - CUDA C Programming Guide, appendix "Compute Capabilities", sections
//    Global Memory and Shared Memory for 1.0/1.1, 1.2/1.3, 2.x, 3.x and 5.x.
//  - Kim & Shrivastava, CuMAPz (ACM TECS), Sec. 5.3 (coalesced
//    access: bandwidth utilisation = bytes accessed / bytes transferred,
//    analysed per half-warp) and Sec. 5.5 (bank conflicts counted per
//    half-warp; a K-way conflict serialises K times).
//  - Wang, Zhong & Mitra, CGPredict (ACM TECS), Sec. 2.5 (Kepler's 32 banks
//    of 8 bytes; 4-byte words i and i+32 inside one 64-word aligned segment
//    do not conflict) and Sec. 3.3.2 (coalesced / uncoalesced / constant
//    access classes: a constant access is one transaction, an uncoalesced
//    one up to one transaction per lane).
//
// No Clang header and no exceptions: only the C++ standard library.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_WARP_MEMORYMODELS_H
#define WARPLINT_WARP_MEMORYMODELS_H

#include <array>
#include <cstdint>
#include <optional>

namespace warplint {

inline constexpr unsigned WarpSize = 32;

/// One warp's memory request, one entry per lane.
struct WarpRequest {
  /// Byte address touched by each lane 0..31 (relative to an aligned base:
  /// address 0 is aligned to 256 bytes); std::nullopt for an inactive lane.
  std::array<std::optional<int64_t>, WarpSize> Lane;
  unsigned AccessSize = 4; ///< bytes per lane: 1, 2, 4, 8 or 16
  /// Bytes of AccessSize each lane uses, 0 for all: a vector access merged
  /// from fields with a gap (.x and .z of a float4) moves bytes it does not
  /// use (lib/Facts/MergeAccesses.h).
  unsigned UsedBytes = 0;
  bool IsWrite = false;
};

/// Number of lanes with an address.
unsigned activeLaneCount(const WarpRequest &R);

//===----------------------------------------------------------------------===//
// Global memory coalescing
//===----------------------------------------------------------------------===//

enum class CoalescingFamily {
  CC1_0,     ///< 1.0/1.1: per half-warp, the strict in-order rule
  CC1_2,     ///< 1.2/1.3: per half-warp, 32/64/128-byte segments, reduced
  CachedL1,  ///< 2.x (and 3.5+/5.x+ L1-cached loads): 128-byte lines
  L2Sectors, ///< 2.0+, L2-only loads and all stores: 32-byte sectors
};
const char *toString(CoalescingFamily F);

struct CoalescingResult {
  /// Memory requests the warp instruction is split into. Half-warp families:
  /// the number of half-warps with an active lane (0, 1 or 2). Whole-warp
  /// families: the number of groups of 128/AccessSize lanes (one group of 32
  /// for 1-, 2- and 4-byte accesses, half-warps for 8-byte, quarter-warps for
  /// 16-byte) that hold an active lane, i.e. ceil(32 * size / 128) when all
  /// lanes are active (CUDA C Programming Guide, Compute Capabilities,
  /// Global Memory, 2.x).
  unsigned Requests = 0;
  /// Memory transactions issued: 1.x segments; CachedL1 128-byte lines;
  /// L2Sectors the distinct 128-byte lines touched.
  unsigned Transactions = 0;
  /// Distinct 32-byte sectors covered (1.x: by the transactions' byte
  /// ranges; CachedL1: 4 per line; L2Sectors: touched by the lanes).
  unsigned Sectors = 0;
  /// The fewest transactions / sectors an arrangement of the same number of
  /// active lanes with the same access size needs (see analyzeCoalescing).
  unsigned IdealTransactions = 0;
  unsigned IdealSectors = 0;
  uint64_t BytesRequested = 0; ///< distinct bytes the active lanes ask for
  uint64_t BytesFetched = 0;   ///< bytes moved by the transactions

  /// BytesRequested / BytesFetched (CuMAPz Sec. 5.3, Eq. 3, "bw_util");
  /// 1.0 when nothing is fetched.
  double efficiency() const {
    return BytesFetched == 0
               ? 1.0
               : static_cast<double>(BytesRequested) /
                     static_cast<double>(BytesFetched);
  }
};

/// Cost of one warp's global access under family \p F.
///
/// IdealTransactions / IdealSectors are the minimum, taken field by field,
/// over: the request itself; the same number of active lanes packed into
/// lanes 0..n-1 accessing contiguous, aligned addresses (lane k at
/// k * AccessSize); for a vector access using UsedBytes of each lane's
/// AccessSize, that run packed at UsedBytes per lane; and, for CC1_0 only, that packed run displaced by 32
/// bytes (so that it is deliberately uncoalesced: one 32-byte transaction
/// per lane can beat a 64/128-byte coalesced one when few lanes are active).
CoalescingResult analyzeCoalescing(const WarpRequest &R, CoalescingFamily F);

//===----------------------------------------------------------------------===//
// Shared memory bank conflicts
//===----------------------------------------------------------------------===//

struct BankModel {
  unsigned Banks = 32;    ///< 16 on 1.x
  unsigned BankWidth = 4; ///< bytes; 8 in Kepler's 8-byte mode (CGPredict 2.5)
  bool HalfWarp = false;  ///< 1.x: conflicts are counted per half-warp
  /// 3.x in 4-byte mode: 32-bit words i and i+32 inside one 64-word aligned
  /// segment share a bank without conflicting (CUDA C Programming Guide,
  /// Compute Capabilities, Shared Memory, 3.x, "32-bit mode"; CGPredict
  /// Sec. 2.5: words [1] and [33] do not conflict, [59] and [91] do).
  bool KeplerWordPairs = false;
};

/// 1.x: 16 banks, half-warps. 3.x: 32 banks, 8 bytes wide when
/// \p KeplerEightByteMode, else 4 bytes with KeplerWordPairs. Everything else
/// (2.x, 5.x and later): 32 banks of 4 bytes. \p KeplerEightByteMode is
/// ignored outside 3.x (only Kepler has the configurable bank width).
BankModel bankModelFor(int ComputeCapabilityMajor, int Minor,
                       bool KeplerEightByteMode = false);

struct BankConflictResult {
  /// The degree: the largest number of distinct bank-width words any one
  /// bank must serve in one phase (1 = conflict-free; lanes touching the
  /// same word are served together).
  unsigned Ways = 1;
  /// Phases the request is split into that hold an active lane: 1.x
  /// half-warps; on 2.0+ 8-byte accesses to 4-byte banks per half-warp and
  /// 16-byte accesses per quarter-warp; with 8-byte banks 16-byte accesses
  /// per half-warp. 0 when no lane is active.
  unsigned Phases = 1;
  /// Shared-memory cycles: the sum over phases of the phase's ways.
  unsigned Wavefronts = 1;
  /// The lowest-numbered bank that reached Ways in the first phase that did.
  unsigned WorstPhaseBank = 0;
};

BankConflictResult analyzeBankConflicts(const WarpRequest &R,
                                        const BankModel &M);

} // namespace warplint

#endif // WARPLINT_WARP_MEMORYMODELS_H
