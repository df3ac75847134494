//===- WangLou.h - Hong–Kim with Wang & Lou's L2 terms ----------*- C++ -*-===//
//
// Wang & Lou, "GPU Performance Modeling and Analysis Using Software and
// Hardware Characteristics" (Sec. 2.5, eq. 20-22): the Hong–Kim model whose
// three execution-time cases assume that the warps after the first memory
// round hit in the L2 cache, at Mem_L2_cache_hit instead of
// Mem_L2_cache_miss (= Mem_LD) cycles. MWP, CWP and every other
// intermediate are Hong–Kim's (hongKim()); docs/models/wang-lou.md.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_WANGLOU_H
#define WARPLINT_COST_WANGLOU_H

#include "Cost/HongKim.h"

namespace warplint {

struct WangLouInput {
  /// Hong–Kim's parameters; Base.MemLd is Mem_L2_cache_miss (Table 1 row 8).
  HongKimInput Base;
  /// Mem_L2_cache_hit: the L2 hit latency, cycles.
  double MemL2CacheHit = 0;
  /// First_comp_period_insts: instructions before the first memory
  /// instruction (Table 1 row 21).
  double FirstCompPeriodInsts = 0;
  /// Add Hong–Kim's synchronization cost (eq. 26-27) to eq. 20-22; Wang–Lou
  /// leave synchronization out (Sec. 5).
  bool AddSynchCost = true;
};

struct WangLouResult {
  bool Ok = true;
  std::string Error;
  /// Hong–Kim's intermediates (its own Exec_cycles_app is kept for
  /// comparison).
  HongKimResult Base;
  /// Mem_L2_cache_hit / Mem_L2_cache_miss.
  double HitMissRatio = 0;
  /// The case: Eq22 -> eq. 20, Eq23 -> eq. 21, Eq24 -> eq. 22.
  HongKimCase Case = HongKimCase::Eq23;
  double FirstWarpCycles = 0; ///< eq. 20, 22
  double LastWarpCycles = 0;  ///< eq. 20, 22
  double CacheHitMem = 0;     ///< #Cache_hit_mem, eq. 21
  double ExecCyclesApp = 0;   ///< eq. 20, 21 or 22
  double SynchCost = 0;       ///< Hong–Kim eq. 26, when AddSynchCost
  double ExecCyclesWithSynch = 0;
  double Cpi = 0;             ///< Hong–Kim eq. 25 on ExecCyclesWithSynch
  double TimeSeconds = 0;
  std::vector<std::string> Assumptions;
};

WangLouResult wangLou(const WangLouInput &In);
llvm::json::Value toJSON(const WangLouResult &R);

/// Wang–Lou's parameters from A: Hong–Kim's (hongKimInputFrom) with
/// Mem_L2_cache_miss = Mem_LD and Mem_L2_cache_hit = LatL2HitCycles.
WangLouInput wangLouInputFrom(const ArchSpec &A, const HongKimKernelCounts &C,
                              const HongKimLaunch &L,
                              double FirstCompPeriodInsts);

} // namespace warplint

#endif
