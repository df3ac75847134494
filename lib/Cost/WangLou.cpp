//===- WangLou.cpp - Hong–Kim with Wang & Lou's L2 terms ------------------===//
#include "Cost/WangLou.h"

#include <algorithm>
#include <cmath>

namespace warplint {

WangLouResult wangLou(const WangLouInput &In) {
  WangLouResult R;
  R.Base = hongKim(In.Base);
  R.Assumptions = R.Base.Assumptions;
  if (!R.Base.Ok) {
    R.Ok = false;
    R.Error = R.Base.Error;
    return R;
  }
  if (!(std::isfinite(In.MemL2CacheHit) && In.MemL2CacheHit > 0)) {
    R.Ok = false;
    R.Error = "Mem_L2_cache_hit must be > 0";
    return R;
  }
  if (!(std::isfinite(In.FirstCompPeriodInsts) && In.FirstCompPeriodInsts >= 0)) {
    R.Ok = false;
    R.Error = "First_comp_period_insts must be >= 0";
    return R;
  }
  const HongKimResult &B = R.Base;
  const HongKimInput &H = In.Base;
  R.Case = B.Case;
  if (B.Case == HongKimCase::NoMemory) {
    // No memory access: nothing to hit in the L2.
    R.ExecCyclesApp = B.ExecCyclesApp;
  } else {
    // Mem_L2_cache_miss = Mem_LD (Table 1 row 8).
    R.HitMissRatio = In.MemL2CacheHit / H.MemLd;
    const double FirstComp = In.FirstCompPeriodInsts * H.IssueCycles;
    switch (B.Case) {
    case HongKimCase::Eq22: // eq. 20
      R.FirstWarpCycles = B.MemCycles + B.CompCycles;
      R.LastWarpCycles =
          FirstComp * (B.Mwp - 1) + B.MemCycles * R.HitMissRatio;
      R.ExecCyclesApp = std::max(R.LastWarpCycles, R.FirstWarpCycles) * B.Rep;
      break;
    case HongKimCase::Eq23: // eq. 21
      R.CacheHitMem = std::max(B.N / B.Mwp - 1, 0.0);
      R.ExecCyclesApp = (B.MemCycles +
                         B.MemCycles * R.HitMissRatio * R.CacheHitMem +
                         B.CompP * (B.Mwp - 1)) *
                        B.Rep;
      break;
    case HongKimCase::Eq24: // eq. 22
      R.FirstWarpCycles = B.MemL + B.CompCycles;
      R.LastWarpCycles = FirstComp * B.N + B.MemL * R.HitMissRatio;
      R.ExecCyclesApp = std::max(R.LastWarpCycles, R.FirstWarpCycles) * B.Rep;
      break;
    case HongKimCase::NoMemory:
      break;
    }
  }
  if (In.AddSynchCost)
    R.SynchCost = B.SynchCost;
  else
    R.Assumptions.push_back("synchronization cost left out, as Wang-Lou do");
  R.ExecCyclesWithSynch = R.ExecCyclesApp + R.SynchCost;
  double InstsPerSm = B.TotalInsts * (H.ThreadsPerBlock / H.ThreadsPerWarp) *
                      (H.Blocks / H.ActiveSMs);
  R.Cpi = R.ExecCyclesWithSynch / InstsPerSm;
  R.TimeSeconds = R.ExecCyclesWithSynch / (H.FreqGHz * 1e9);
  return R;
}

llvm::json::Value toJSON(const WangLouResult &R) {
  using llvm::json::Object;
  if (!R.Ok)
    return Object{{"model", "wang-lou"}, {"error", R.Error}};
  return Object{{"model", "wang-lou"},
                {"hong_kim", toJSON(R.Base)},
                {"hit_miss_ratio", R.HitMissRatio},
                {"case", R.Case == HongKimCase::Eq22   ? "eq20"
                         : R.Case == HongKimCase::Eq23 ? "eq21"
                         : R.Case == HongKimCase::Eq24 ? "eq22"
                                                       : "no-memory"},
                {"case_name", describe(R.Case)},
                {"first_warp_cycles", R.FirstWarpCycles},
                {"last_warp_cycles", R.LastWarpCycles},
                {"cache_hit_mem", R.CacheHitMem},
                {"exec_cycles_app", R.ExecCyclesApp},
                {"synch_cost", R.SynchCost},
                {"exec_cycles_with_synch", R.ExecCyclesWithSynch},
                {"cpi", R.Cpi},
                {"time_s", R.TimeSeconds},
                {"assumptions", llvm::json::Array(R.Assumptions)}};
}

WangLouInput wangLouInputFrom(const ArchSpec &A, const HongKimKernelCounts &C,
                              const HongKimLaunch &L,
                              double FirstCompPeriodInsts) {
  WangLouInput In;
  In.Base = hongKimInputFrom(A, C, L);
  In.MemL2CacheHit = A.LatL2HitCycles;
  if (A.LatL2HitCycles <= 0)
    In.Base.Assumptions.push_back("Mem_L2_cache_hit unknown for " + A.Id +
                                  ": lat_l2_hit_cycles is not given");
  In.FirstCompPeriodInsts = FirstCompPeriodInsts;
  return In;
}

} // namespace warplint
