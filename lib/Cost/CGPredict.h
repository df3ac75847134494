//===- CGPredict.h - CGPredict's cached Hong–Kim variant --------*- C++ -*-===//
//
// Wang, Zhong & Mitra, "CGPredict: Embedded GPU Performance Estimation from
// Single-Threaded Applications", ACM TECS 2017 (CODES+ISSS):
//  - per-class memory latency and departure delay for coalesced,
//    uncoalesced and constant accesses through the L2 and DRAM (eq. 1-8);
//  - L2 hits from temporal conflict sets (eq. 9-11) on a list of warp
//    memory accesses in program order (cgPredictL2);
//  - the MWP/CWP model with batches (eq. 12-18);
//  - shared memory and synchronization (eq. 19-23).
// docs/models/cgpredict.md lists the equations as implemented.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_CGPREDICT_H
#define WARPLINT_COST_CGPREDICT_H

#include "Facts/ArchSpec.h"

#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

namespace warplint {

/// CGPredict Sec. 3.3.2: the three access patterns.
enum class CgClass { Coal, Uncoal, Const };
const char *toString(CgClass C);

// --- eq. 9-11: L2 hits from temporal conflict sets -------------------------

struct CgCacheConfig {
  uint64_t SizeBytes = 0;     ///< K x A x B
  uint64_t Associativity = 0; ///< A
  uint64_t LineBytes = 0;     ///< B, a power of two
  /// false: the set of line address m is m mod K (CGPredict Sec. 3.3.4).
  /// true: the GPU hashes addresses (Fermi on), so lines spread over the
  /// sets and a power-of-two stride does not crowd one set: the cache is
  /// analysed as one LRU of all its lines (K = 1, A = SizeBytes / B;
  /// Associativity is not used).
  bool HashedSets = false;
  /// With HashedSets: the L2 fills sectors of this size (a power of two
  /// below LineBytes) one by one. References are then sectors; the LRU
  /// holds LineBytes lines, each with the sectors referenced since it came
  /// in; a sector hits when its line is held and the sector filled. 0: a
  /// reference is a whole line.
  uint64_t SectorBytes = 0;
};

/// One warp memory instruction: the byte addresses its threads touch, in
/// program order. Addresses in one line are one transaction (reference).
struct CgAccess {
  CgClass Class = CgClass::Coal;
  std::vector<uint64_t> Addresses;
};

struct CgClassCounts {
  uint64_t WarpInsts = 0;  ///< accesses of this class
  uint64_t References = 0; ///< L2 transactions (distinct lines per access)
  uint64_t Hits = 0;
  uint64_t Misses = 0;     ///< DRAM transactions
  /// no_dram_trans_<class>: Misses / WarpInsts (0 when no access).
  double DramTransPerInst = 0;
};

struct CgCacheResult {
  bool Ok = true;
  std::string Error;
  uint64_t Sets = 0; ///< K
  CgClassCounts Coal, Uncoal, Const;
  uint64_t NumHit = 0;               ///< eq. 11
  std::vector<uint64_t> NumHitPerSet;///< eq. 10, index i = set C_i
  /// Per access, in order: its references and how many missed.
  std::vector<unsigned> ReferencesPerAccess, MissesPerAccess;
  const CgClassCounts &of(CgClass C) const;
};

/// eq. 9-11: m[j] hits when j > 1 and fewer than A distinct blocks of its
/// set were referenced since m[j-1] (|TCS_m[j]| < A).
CgCacheResult cgPredictL2(const std::vector<CgAccess> &Trace,
                          const CgCacheConfig &Cache);
llvm::json::Value toJSON(const CgCacheResult &R);

// --- eq. 1-8, 12-23 ----------------------------------------------------------

struct CgPredictInput {
  // Platform (Table 3, first part) ------------------------------------------
  double FreqGHz = 0;        ///< freq
  double InstCycle = 0;      ///< inst_cycle
  double MemLdL2 = 0;        ///< mem_ld_L2
  double MemLdDram = 0;      ///< mem_ld_dram
  double MemLdSmem = 0;      ///< mem_ld_smem
  /// Cycles the SM's load/store units spend on one wavefront of a warp's
  /// shared access (warp size / load-store units per SM): what (20)
  /// charges per access and per bank-conflict replay (docs/models/
  /// cgpredict.md, "Shared accesses in (20) and (22)").
  double SmemWavefrontCycles = 1;
  double SmemLoadConst = 0;  ///< smem_load_const
  double DdL2 = 0;           ///< dd_L2
  double DdDram = 0;         ///< dd_dram
  double NoCoalPw = 2, NoUncoalPw = 32, NoConstPw = 1; ///< no_*_pw
  // Kernel (Table 3, second part), per thread -------------------------------
  double NoCoalInsts = 0, NoUncoalInsts = 0, NoConstInsts = 0;
  /// The stores among them (at most the class's count). A warp does not
  /// wait for a store: (6) charges it its departure delay, the cycles it
  /// holds the memory pipeline, not the latency (warplint's reading, after
  /// MDM eq. 3 and 6, where only read misses stall a warp; docs/models/
  /// cgpredict.md, "Stores").
  double NoCoalStores = 0, NoUncoalStores = 0, NoConstStores = 0;
  /// no_dram_trans_*: DRAM transactions per warp instruction of the class
  /// (cgPredictL2's DramTransPerInst).
  double NoDramTransCoal = 0, NoDramTransUncoal = 0, NoDramTransConst = 0;
  double NoCompInsts = 0;
  double NoSynchInsts = 0;
  // Shared memory (Sec. 3.6) ------------------------------------------------
  double NoSmemLoadInsts = 0; ///< global-to-shared loads (eq. 19)
  /// Shared-memory access instructions by pattern, and the X-way bank
  /// conflict of each (eq. 20).
  double SmemCoalInsts = 0, SmemUncoalInsts = 0, SmemConstInsts = 0;
  double XCoal = 1, XUncoal = 1, XConst = 1;
  // Occupancy ---------------------------------------------------------------
  double B = 0;        ///< active blocks per SM
  double N = 0;        ///< active warps per SM
  double NoBlocks = 0; ///< blocks of the kernel
  std::vector<std::string> Assumptions;
};

struct CgPredictResult {
  bool Ok = true;
  std::string Error;
  // eq. 1-5, per class
  double MemLCoal = 0, MemLUncoal = 0, MemLConst = 0;
  double DepDelCoal = 0, DepDelUncoal = 0, DepDelConst = 0;
  /// Which of eq. 1 (false) or eq. 2 (true) gave mem_l_(un)coal.
  bool CoalUsesDram = false, UncoalUsesDram = false;
  double NoMemInsts = 0, NoTotalInsts = 0;
  double MemCyclesGlobal = 0; ///< eq. 6
  /// The part of MemCyclesGlobal the stores add (their departure delays).
  double StoreCycles = 0;
  double MemL = 0;            ///< eq. 7
  double DepartureDelay = 0;  ///< eq. 8
  double CompCyclesCore = 0;  ///< eq. 12
  double SmemLoadCycles = 0;  ///< eq. 19
  double SmemCycles = 0;      ///< eq. 20
  double MemCycles = 0;       ///< eq. 21 (eq. 6 + eq. 19)
  double CompCycles = 0;      ///< eq. 22 (eq. 12 + eq. 20)
  double MwpFull = 0, Mwp = 0; ///< eq. 13, bounded by N
  double CwpFull = 0, Cwp = 0; ///< eq. 14, bounded by N
  double Batch = 0;            ///< eq. 15
  bool MemoryBound = false;    ///< CWP >= MWP: eq. 16, else eq. 17
  /// eq. 16 or 17, the whole expression times batch (the reading the
  /// paper's Table 4 implies: docs/models/cgpredict.md).
  double ExecCycles = 0;
  double SyncCost = 0;         ///< eq. 23
  double TotalCycles = 0;      ///< ExecCycles + SyncCost
  double TimeSeconds = 0;      ///< eq. 18 on TotalCycles
  std::vector<std::string> Assumptions;
};

CgPredictResult cgPredict(const CgPredictInput &In);
llvm::json::Value toJSON(const CgPredictResult &R);

/// The platform part of the input from A: mem_ld_L2 = LatL2HitCycles,
/// mem_ld_dram = LatDramCycles, mem_ld_smem = LatSmemCycles, dd_* =
/// Cg*, inst_cycle = HkIssueCycles (or Hong–Kim's rule),
/// smem_load_const = mem_ld_L2 + mem_ld_dram + mem_ld_smem when the file
/// has no value (an assumption), no_coal_pw = warp bytes / L2 line.
CgPredictInput cgPredictInputFrom(const ArchSpec &A);

} // namespace warplint

#endif
