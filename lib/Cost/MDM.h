//===- MDM.h - The GPU Memory Divergence Model ------------------*- C++ -*-===//
//
// Wang, Jahre, Adileh & Eeckhout, "MDM: The GPU Memory Divergence Model",
// MICRO 2020, Sec. III-C, eq. 1-10: per interval of the representative warp,
// whether it is memory-divergent (eq. 2), the concurrent misses (eq. 3), the
// uncontended latency (eq. 4), the NoC and DRAM service latencies (eq. 7-8)
// and queueing stalls (eq. 9, with NoC saturation eq. 10), the memory stall
// (eq. 5), MSHR batching (eq. 6) and the IPC (eq. 1). The uncontended cycles
// C_i of each interval (GPUMech's interval model) are an input.
// docs/models/mdm.md.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_MDM_H
#define WARPLINT_COST_MDM_H

#include "Facts/ArchSpec.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace warplint {

/// One interval of the representative warp: some instructions ending in a
/// long-latency load.
struct MdmInterval {
  double Instructions = 0; ///< #Instructions_i
  double C = 0;            ///< C_i: cycles without contention
  double MRead = 0;        ///< M^Read: L1 read misses of the warp
  double MWrite = 0;       ///< M^Write: write misses of the warp
  double LlcMissRate = 0;  ///< LLC miss rate (eq. 4, 8)
  /// How many times the interval occurs in the representative warp (a loop
  /// body): its instructions and cycles count this many times.
  double Repeat = 1;
};

struct MdmInput {
  double W = 0;           ///< warps concurrently executed on an SM
  double Mshrs = 0;       ///< #MSHRs of the L1 (or the NoC queue, footnote 2)
  double SMs = 0;         ///< #SMs
  double FreqGHz = 0;     ///< f
  double BlockBytes = 0;  ///< BlockSize (cache line)
  /// B^NoC and B^DRAM in GB/s, each for one of NocChannels / DramChannels
  /// channels: the service latency is divided by the channel count (Sec.
  /// III-C2).
  double NocBandwidthGBs = 0, NocChannels = 1;
  double DramBandwidthGBs = 0, DramChannels = 1;
  double LMinLlc = 0;     ///< L^MinLLC: round trip of an LLC hit, cycles
  double LMinDram = 0;    ///< L^MinDRAM: DRAM round trip, cycles
  std::vector<MdmInterval> Intervals;
  /// Warps of the whole kernel; 0: KernelCycles is not computed.
  double TotalWarps = 0;
  std::vector<std::string> Assumptions;
};

struct MdmIntervalResult {
  double Repeat = 1;               ///< MdmInterval::Repeat
  double ConcurrentReadMisses = 0; ///< M^Read x W
  bool MemoryDivergent = false;    ///< eq. 2
  double M = 0;                    ///< eq. 3
  double LNoContention = 0;        ///< eq. 4
  double LNocService = 0;          ///< eq. 7 (divided by NocChannels)
  double LDramService = 0;         ///< eq. 8 (divided by DramChannels)
  bool NocSaturated = false;       ///< eq. 10
  double SNoc = 0;                 ///< eq. 9
  double SDram = 0;                ///< eq. 9 with L^DRAMService
  double SMem = 0;                 ///< eq. 5
  double Batches = 0;              ///< ceil(M^Read x W / #MSHRs)
  double SMshr = 0;                ///< eq. 6
  double Cycles = 0;               ///< C + S^MSHR + S^NoC + S^DRAM
  double Ipc = 0;                  ///< #Instructions / Cycles
};

struct MdmResult {
  bool Ok = true;
  std::string Error;
  std::vector<MdmIntervalResult> Intervals;
  double Instructions = 0; ///< of the representative warp
  double Cycles = 0;       ///< of the representative warp
  double IpcSm = 0;        ///< eq. 1
  double Ipc = 0;          ///< #SMs x IPC^SM
  /// TotalWarps x Instructions / IPC (0 when TotalWarps is 0).
  double KernelCycles = 0;
  double TimeSeconds = 0;
  std::vector<std::string> Assumptions;
};

MdmResult mdm(const MdmInput &In);
llvm::json::Value toJSON(const MdmResult &R);

/// The machine part from A: W and intervals are left to the caller.
/// #MSHRs = L1Mshrs, #SMs = SmCount, f = CoreClockMHz, BlockSize =
/// L1LineBytes, B^NoC = NocBandwidthGBs (one channel), B^DRAM =
/// DramBandwidthGBs / MemPartitions over MemPartitions channels (one channel
/// when unknown), L^MinLLC = LatL2HitCycles, L^MinDRAM = LatDramCycles.
MdmInput mdmInputFrom(const ArchSpec &A);

} // namespace warplint

#endif
