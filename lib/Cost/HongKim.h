//===- HongKim.h - The Hong–Kim MWP/CWP cycle model -------------*- C++ -*-===//
//
// Hong & Kim, "An Analytical Model for a GPU Architecture with Memory-level
// and Thread-level Parallelism Awareness", ISCA'09: equations (1)-(27) as
// printed, with every intermediate kept (Mem_L, Departure_delay, MWP without
// the bandwidth limit, MWP at peak bandwidth, MWP, CWP, memory and compute
// cycles, #Rep, which of (22)-(24) applied, synchronization cost, total
// cycles, CPI). docs/models/hong-kim.md lists the equations as implemented.
//
// The extensions live beside it: WangLou.h (L2), CGPredict.h (per-class
// latencies, shared memory, temporal conflict sets), MDM.h (memory
// divergence). HongKimVariant names them; defaultVariant() says which one a
// GPU gets by default and why.
//
// Inputs are plain values, so every number is unit-tested by hand;
// hongKimInputFrom() fills the machine parameters from an ArchSpec.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_HONGKIM_H
#define WARPLINT_COST_HONGKIM_H

#include "Facts/ArchSpec.h"

#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// Every parameter of Hong–Kim Table 1, as plain values. Counts are per
/// thread and dynamic (Table 1 rows 13-18), as in the paper.
struct HongKimInput {
  // Machine (Table 1 rows 1-7) ----------------------------------------------
  double ThreadsPerWarp = 32;     ///< #Threads_per_warp
  double IssueCycles = 4;         ///< Issue_cycles
  double FreqGHz = 0;             ///< Freq, GHz (1e9 cycles per second)
  double MemBandwidthGBs = 0;     ///< Mem_Bandwidth, 1e9 bytes per second
  double MemLd = 0;               ///< Mem_LD, cycles
  double DepartureDelUncoal = 0;  ///< Departure_del_uncoal, cycles
  double DepartureDelCoal = 0;    ///< Departure_del_coal, cycles
  // Launch and occupancy (rows 8-12) ----------------------------------------
  double ThreadsPerBlock = 0;     ///< #Threads_per_block
  double Blocks = 0;              ///< #Blocks (whole grid)
  double ActiveSMs = 0;           ///< #Active_SMs
  double ActiveBlocksPerSM = 0;   ///< #Active_blocks_per_SM
  double ActiveWarpsPerSM = 0;    ///< #Active_warps_per_SM, N (eq. 20)
  // Program (rows 13-21) ----------------------------------------------------
  double CompInsts = 0;           ///< #Comp_insts
  double CoalMemInsts = 0;        ///< #Coal_Mem_insts
  double UncoalMemInsts = 0;      ///< #Uncoal_Mem_insts
  double SynchInsts = 0;          ///< #Synch_insts
  double CoalPerMw = 1;           ///< #Coal_per_mw (no equation uses it)
  double UncoalPerMw = 32;        ///< #Uncoal_per_mw
  double LoadBytesPerWarp = 128;  ///< Load_bytes_per_warp, bytes
  // Options -----------------------------------------------------------------
  /// Round the intermediates as Table 2 prints them: BW_per_warp to three
  /// decimals (GB/s), MWP_Without_BW_full, MWP_peak_BW and CWP_full to two,
  /// Exec_cycles_app and Synch_cost up to whole cycles. Off: exact.
  bool PaperRounding = false;
  /// Round #Rep (eq. 21) up to a whole number of waves. Off: as printed
  /// (a plain quotient).
  bool CeilRep = false;
  /// What was assumed to fill these values (hongKimInputFrom, callers).
  std::vector<std::string> Assumptions;

  /// #Mem_insts = #Coal_Mem_insts + #Uncoal_Mem_insts.
  double memInsts() const { return CoalMemInsts + UncoalMemInsts; }
  /// #Total_insts = #Comp_insts + #Mem_insts (Table 1 row 13).
  double totalInsts() const { return CompInsts + memInsts(); }
};

/// Which of equations (22), (23), (24) gave Exec_cycles_app.
enum class HongKimCase {
  Eq22,     ///< MWP and CWP are both N: not enough warps
  Eq23,     ///< CWP >= MWP and Comp_cycles <= Mem_cycles: memory bound
  Eq24,     ///< MWP > CWP, or Comp_cycles > Mem_cycles (Case 5)
  NoMemory, ///< #Mem_insts = 0: (24) with Mem_L = 0 (the model's limit)
};
const char *toString(HongKimCase C);
/// "not enough warps", "memory bound", "computation bound", "no memory".
const char *describe(HongKimCase C);

struct HongKimResult {
  /// False when the input cannot be evaluated; Error says why.
  bool Ok = true;
  std::string Error;

  double WeightUncoal = 0, WeightCoal = 0; ///< eq. 13, 14
  double MemLUncoal = 0;                   ///< eq. 10
  double MemLCoal = 0;                     ///< eq. 11
  double MemL = 0;                         ///< eq. 12
  double DepartureDelay = 0;               ///< eq. 15
  double MwpWithoutBwFull = 0;             ///< eq. 16
  double MwpWithoutBw = 0;                 ///< eq. 17
  double BwPerWarpGBs = 0;                 ///< eq. 7
  double MwpPeakBw = 0;                    ///< eq. 6
  double Mwp = 0;                          ///< eq. 5
  double MemCycles = 0;                    ///< eq. 18
  double CompCycles = 0;                   ///< eq. 19
  double CwpFull = 0;                      ///< eq. 8
  double Cwp = 0;                          ///< eq. 9
  double N = 0;                            ///< eq. 20
  double Rep = 0;                          ///< eq. 21
  double MemInsts = 0, TotalInsts = 0;     ///< Table 1 rows 13, 15
  /// Comp_cycles / #Mem_insts: one computation period (eq. 2).
  double CompP = 0;
  HongKimCase Case = HongKimCase::Eq23;
  /// Comp_cycles > Mem_cycles: Sec. 3.2.2's Case 5, costed by (24) (N
  /// computation periods and one memory period), never by (23).
  bool ComputeDominates = false;
  double ExecCyclesApp = 0;                ///< eq. 22, 23 or 24
  /// Departure_delay x (MWP - 1): the delay one synchronization adds per
  /// block (Sec. 3.4.6).
  double SynchDelayPerInst = 0;
  double SynchCost = 0;                    ///< eq. 26
  double ExecCyclesWithSynch = 0;          ///< eq. 27
  /// eq. 25 as printed (from Exec_cycles_app), and the same with the
  /// synchronization cost of eq. 27.
  double Cpi = 0, CpiWithSynch = 0;
  /// Exec_cycles_with_synch / Freq.
  double TimeSeconds = 0;
  /// CWP >= MWP and not Case 5: the memory side dominates (Sec. 3.1).
  bool MemoryBound = false;
  bool PaperRounding = false;
  std::vector<std::string> Assumptions;
};

HongKimResult hongKim(const HongKimInput &In);

/// What bounds the kernel, for a table column or a note: "latency" (eq.
/// 22: too few warps), "memory" (eq. 23), or "compute" (eq. 24, Case 5
/// included, or no memory instructions).
const char *boundOf(const HongKimResult &R);
llvm::json::Value toJSON(const HongKimResult &R);

/// The counts another analysis provides, per thread and dynamic.
struct HongKimKernelCounts {
  double Comp = 0;        ///< #Comp_insts
  double CoalMem = 0;     ///< #Coal_Mem_insts
  double UncoalMem = 0;   ///< #Uncoal_Mem_insts
  double Synch = 0;       ///< #Synch_insts
  double UncoalPerMw = 32;///< #Uncoal_per_mw
  double CoalPerMw = 1;   ///< #Coal_per_mw
  double LoadBytesPerWarp = 128;
};

/// The launch and occupancy another analysis provides.
struct HongKimLaunch {
  double ThreadsPerBlock = 0;
  double Blocks = 0;
  double ActiveBlocksPerSM = 0;
  /// 0: ActiveBlocksPerSM x ceil(ThreadsPerBlock / warp size).
  double ActiveWarpsPerSM = 0;
  /// 0: min(SmCount, Blocks).
  double ActiveSMs = 0;
};

/// Fills the machine parameters from A (docs/models/hong-kim.md, "Machine
/// parameters from an architecture file"): Freq from CoreClockMHz,
/// Mem_Bandwidth from DramBandwidthGBs, Mem_LD from HkMemLd or else
/// LatDramCycles, the departure delays from HkDepartureDel* or else the
/// Table 6 values of the nearest generation, Issue_cycles from HkIssueCycles
/// or else a rule by compute capability. Every fallback is written to
/// Assumptions.
HongKimInput hongKimInputFrom(const ArchSpec &A, const HongKimKernelCounts &C,
                              const HongKimLaunch &L);

/// Issue_cycles for A: HkIssueCycles, or else the rule by compute
/// capability of docs/models/hong-kim.md (4 on 1.x, 1 on 2.x, 0.5 on 3.x,
/// 0.25 from 5.0 on); Why says which, empty when the file gave it.
double issueCyclesFor(const ArchSpec &A, std::string &Why);

/// The model variants (docs/models/*.md).
/// The cycle models: Hong–Kim and its published extensions, and warplint's
/// own (Cost/WarplintModel.h), the default.
enum class HongKimVariant { Base, WangLouL2, CGPredict, MDM, Warplint };
const char *toString(HongKimVariant V);
std::optional<HongKimVariant> parseHongKimVariant(const std::string &S);

struct VariantChoice {
  HongKimVariant Variant = HongKimVariant::Base;
  std::string Reason;
};
/// The default variant for A (docs/models/hong-kim.md, "Which variant"):
/// MDM for a kernel known to be memory-divergent on a GPU whose L1 MSHRs
/// and NoC bandwidth are known; CGPredict where the file gives CGPredict's
/// departure delays; Wang–Lou where the GPU caches global data in an L2
/// whose hit latency is known; the base model otherwise (compute
/// capability 1.x has no cache for global data).
VariantChoice defaultVariant(const ArchSpec &A, bool MemoryDivergent = false);

} // namespace warplint

#endif
