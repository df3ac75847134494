//===- WarplintModel.h - warplint's own cycle model --------------*- C++ -*-===//
//
// The default estimate (--model=auto): a kernel launch's time on one GPU
// from what the analyses measure per warp, bounded by the resource the
// busiest SM runs out of first (docs/models/warplint.md):
//
//   issue     the warp instructions the SM's schedulers issue (warp level:
//             a warp whose lanes all skip a branch issues nothing there;
//             both sides of a divergent branch are issued);
//   shared    the shared-memory wavefronts (bank-conflict replays included)
//             at the shared pipeline's rate;
//   DRAM      the bytes the sectors (1.x: segments) of the global requests
//             move, at the SM's share of the DRAM bandwidth, slowed by
//             partition camping where partitions are not hashed (1.x);
//   L1        the transactions (lines, 1.x segments) the load/store unit
//             serves for the global requests, cache hits included: a
//             request touching 32 lines costs 32 times one touching one;
//   latency   per wave of resident blocks, one warp's dependent chain: its
//             global loads at the DRAM (or L2 hit) latency, its own issue,
//             its barriers.
//
// The time is the largest of the five (they overlap across warps) plus,
// per wave, one warp's share of the other three (a wave's pipeline fills
// and drains: what the Hong-Kim model's eq. 23 adds as the computation
// that MWP cannot hide).
//
// Pure: no Clang header; every input is a plain number.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_WARPLINTMODEL_H
#define WARPLINT_COST_WARPLINTMODEL_H

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace warplint {

struct WarplintMachine {
  double Sms = 0;
  double ClockGHz = 0;     ///< the clock cycles are counted in
  double DramGBs = 0;      ///< peak DRAM bandwidth, 1e9 bytes per second
  double DramLatency = 0;  ///< cycles, an unloaded global load
  double L2Latency = 0;    ///< cycles, a load that hits in the L2; 0 unknown
  /// SM cycles to issue one warp instruction (4 on 1.x: 8 lanes; 0.25 with
  /// four schedulers).
  double IssueCycles = 1;
  /// SM cycles per shared-memory wavefront (one conflict-free pass over
  /// the banks: a half-warp on 1.x, a warp later).
  double SharedCyclesPerWavefront = 1;
  /// SM cycles per memory transaction through the load/store unit (one
  /// 128-byte line, 1.x: one segment).
  double LsuCyclesPerTransaction = 1;
  /// SM cycles between two blocks started on one SM; 0 when not known (no
  /// cost per block).
  double BlockLaunchCycles = 0;
  /// SM cycles one warp's double-precision add, multiply or FMA occupies
  /// the SM's FP64 units (warp size / FP64 results per clock per SM); 0
  /// when not known (no FP64 bound).
  double Fp64CyclesPerWarpInst = 0;
};

struct WarplintLaunch {
  double Blocks = 0;
  double WarpsPerBlock = 0;
  double ActiveBlocksPerSm = 0; ///< from the occupancy calculator
};

/// One warp's whole run, from the kernel's analyses.
struct WarplintWarp {
  /// Warp instructions issued: computation, memory instructions, barriers.
  double IssueInsts = 0;
  /// Shared-memory wavefronts (a conflict-free warp access is 1, 2 on 1.x
  /// where each half-warp is one; an n-way conflict n times that).
  double SharedWavefronts = 0;
  /// Global load instructions, and the cycles the warp's chain waits for
  /// them: each at the DRAM latency, or the L2 hit latency for the share
  /// that hits.
  double GlobalLoads = 0;
  double LoadLatencyCycles = 0;
  /// Memory transactions (128-byte lines; 1.x segments) the warp's global
  /// requests take through the load/store unit, hits or not.
  double Transactions = 0;
  /// Bytes moved between DRAM and the SM for this warp's global requests
  /// (sectors or segments, not the bytes asked for), each access's bytes
  /// multiplied by its partition-camping slowdown.
  double DramBytes = 0;
  /// The same without the camping slowdown (for the breakdown).
  double DramBytesUncamped = 0;
  double Barriers = 0;
  /// Double-precision add, multiply and FMA warp instructions (part of
  /// IssueInsts).
  double Fp64Insts = 0;
};

struct WarplintInput {
  WarplintMachine Machine;
  WarplintLaunch Launch;
  WarplintWarp Warp;
  std::vector<std::string> Assumptions;
};

struct WarplintResult {
  bool Ok = true;
  std::string Error;
  /// The busiest SM: its blocks, warps, resident warps and waves.
  double BlocksPerSm = 0, WarpsPerSm = 0, ResidentWarps = 0, Waves = 0;
  /// The seven bounds, in cycles of the busiest SM.
  double IssueCycles = 0, SharedCycles = 0, DramCycles = 0, LsuCycles = 0,
         LatencyCycles = 0, BlockLaunchCycles = 0, Fp64Cycles = 0;
  /// One warp's chain (the latency bound per wave).
  double ChainCycles = 0;
  /// Per wave: one warp's share of the bounds that do not bound.
  double FillCycles = 0;
  double TotalCycles = 0;
  double TimeSeconds = 0;
  /// "issue", "shared memory", "DRAM bandwidth", "L1 transactions",
  /// "latency", "block launch" or "FP64 units".
  std::string Bound;
  /// DRAM bandwidth the launch uses at TotalCycles (GB/s), for the notes.
  double DramGBsUsed = 0;
  std::vector<std::string> Assumptions;
};

WarplintResult warplintModel(const WarplintInput &In);

llvm::json::Value toJSON(const WarplintResult &R);

} // namespace warplint

#endif
