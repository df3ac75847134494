//===- HongKim.cpp - The Hong–Kim MWP/CWP cycle model ---------------------===//
#include "Cost/HongKim.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace warplint {

const char *toString(HongKimCase C) {
  switch (C) {
  case HongKimCase::Eq22: return "eq22";
  case HongKimCase::Eq23: return "eq23";
  case HongKimCase::Eq24: return "eq24";
  case HongKimCase::NoMemory: return "no-memory";
  }
  return "?";
}

const char *boundOf(const HongKimResult &R) {
  if (R.Case == HongKimCase::Eq22)
    return "latency";
  if (R.Case == HongKimCase::Eq23 && R.MemoryBound)
    return "memory";
  return "compute";
}

const char *describe(HongKimCase C) {
  switch (C) {
  case HongKimCase::Eq22: return "not enough warps";
  case HongKimCase::Eq23: return "memory bound";
  case HongKimCase::Eq24: return "computation bound";
  case HongKimCase::NoMemory: return "no memory instructions";
  }
  return "?";
}

namespace {

double roundTo(double X, int Decimals) {
  double S = std::pow(10.0, Decimals);
  return std::round(X * S) / S;
}

/// Up to whole cycles, ignoring the last bits of floating-point noise
/// (320 x (2.28 - 1) x 30 is 12287.999... in binary).
double ceilCycles(double X) { return std::ceil(X - 1e-6); }

std::string fmtNum(double X) {
  std::ostringstream OS;
  OS << X;
  return OS.str();
}

/// Checks what every path needs; returns the first problem.
std::string validate(const HongKimInput &In) {
  auto Pos = [](double V) { return std::isfinite(V) && V > 0; };
  auto NonNeg = [](double V) { return std::isfinite(V) && V >= 0; };
  if (!Pos(In.ThreadsPerWarp)) return "#Threads_per_warp must be > 0";
  if (!Pos(In.IssueCycles)) return "Issue_cycles must be > 0";
  if (!Pos(In.FreqGHz)) return "Freq must be > 0";
  if (!Pos(In.ThreadsPerBlock)) return "#Threads_per_block must be > 0";
  if (!Pos(In.Blocks)) return "#Blocks must be > 0";
  if (!Pos(In.ActiveSMs)) return "#Active_SMs must be > 0";
  if (!Pos(In.ActiveBlocksPerSM)) return "#Active_blocks_per_SM must be > 0";
  if (!Pos(In.ActiveWarpsPerSM)) return "#Active_warps_per_SM (N) must be > 0";
  if (!NonNeg(In.CompInsts) || !NonNeg(In.CoalMemInsts) ||
      !NonNeg(In.UncoalMemInsts) || !NonNeg(In.SynchInsts))
    return "instruction counts must be >= 0";
  if (!Pos(In.totalInsts())) return "#Total_insts must be > 0";
  if (In.memInsts() > 0) {
    if (!Pos(In.MemBandwidthGBs)) return "Mem_Bandwidth must be > 0";
    if (!Pos(In.MemLd)) return "Mem_LD must be > 0";
    if (!Pos(In.LoadBytesPerWarp)) return "Load_bytes_per_warp must be > 0";
    if (In.UncoalMemInsts > 0) {
      if (!(std::isfinite(In.UncoalPerMw) && In.UncoalPerMw >= 1))
        return "#Uncoal_per_mw must be >= 1";
      if (!Pos(In.DepartureDelUncoal))
        return "Departure_del_uncoal must be > 0 when there are uncoalesced "
               "memory instructions";
    }
    if (In.CoalMemInsts > 0 && !Pos(In.DepartureDelCoal))
      return "Departure_del_coal must be > 0 when there are coalesced memory "
             "instructions";
  }
  return "";
}

} // namespace

HongKimResult hongKim(const HongKimInput &In) {
  HongKimResult R;
  R.Assumptions = In.Assumptions;
  R.PaperRounding = In.PaperRounding;
  std::string Err = validate(In);
  if (!Err.empty()) {
    R.Ok = false;
    R.Error = Err;
    return R;
  }
  const bool PR = In.PaperRounding;
  R.MemInsts = In.memInsts();
  R.TotalInsts = In.totalInsts();
  R.N = In.ActiveWarpsPerSM;                                           // (20)
  R.Rep = In.Blocks / (In.ActiveBlocksPerSM * In.ActiveSMs);           // (21)
  if (In.CeilRep)
    R.Rep = std::ceil(R.Rep);
  R.CompCycles = In.IssueCycles * R.TotalInsts;                        // (19)

  if (R.MemInsts == 0) {
    // No memory instruction: (12)-(16) divide by zero. The limit of (24)
    // with Mem_L = 0 is the computation of N warps back to back.
    R.Case = HongKimCase::NoMemory;
    R.CwpFull = 1;
    R.Cwp = 1;
    R.Mwp = 1;
    R.ExecCyclesApp = R.CompCycles * R.N * R.Rep;
    R.Assumptions.push_back(
        "no memory instruction: Exec_cycles_app = Comp_cycles x N x #Rep "
        "(eq. 24 with Mem_L = 0)");
  } else {
    double Mem = R.MemInsts;
    R.WeightUncoal = In.UncoalMemInsts / Mem;                          // (13)
    R.WeightCoal = In.CoalMemInsts / Mem;                              // (14)
    R.MemLUncoal =
        In.MemLd + (In.UncoalPerMw - 1) * In.DepartureDelUncoal;       // (10)
    R.MemLCoal = In.MemLd;                                             // (11)
    R.MemL = R.MemLUncoal * R.WeightUncoal + R.MemLCoal * R.WeightCoal;// (12)
    R.DepartureDelay =
        (In.DepartureDelUncoal * In.UncoalPerMw) * R.WeightUncoal +
        In.DepartureDelCoal * R.WeightCoal;                            // (15)
    R.MwpWithoutBwFull = R.MemL / R.DepartureDelay;                    // (16)
    if (PR)
      R.MwpWithoutBwFull = roundTo(R.MwpWithoutBwFull, 2);
    R.MwpWithoutBw = std::min(R.MwpWithoutBwFull, R.N);                // (17)
    R.BwPerWarpGBs = In.FreqGHz * In.LoadBytesPerWarp / R.MemL;        // (7)
    if (PR)
      R.BwPerWarpGBs = roundTo(R.BwPerWarpGBs, 3);
    R.MwpPeakBw = In.MemBandwidthGBs / (R.BwPerWarpGBs * In.ActiveSMs);// (6)
    if (PR)
      R.MwpPeakBw = roundTo(R.MwpPeakBw, 2);
    R.Mwp = std::min({R.MwpWithoutBw, R.MwpPeakBw, R.N});              // (5)
    R.MemCycles = R.MemLUncoal * In.UncoalMemInsts +
                  R.MemLCoal * In.CoalMemInsts;                        // (18)
    if (R.CompCycles > 0) {
      R.CwpFull = (R.MemCycles + R.CompCycles) / R.CompCycles;         // (8)
      if (PR)
        R.CwpFull = roundTo(R.CwpFull, 2);
    } else {
      // Only reachable with Issue_cycles > 0 and no instruction, which
      // validate() refuses; kept for safety.
      R.CwpFull = R.N;
    }
    R.Cwp = std::min(R.CwpFull, R.N);                                  // (9)
    R.CompP = R.CompCycles / Mem;                                      // (2)

    // (22)-(24) as Sec. 3.2.2 describes the cases. Printed, (23) also
    // takes "Comp_cycles > Mem_cycles"; but that is Case 5 (Fig. 7), whose
    // total the paper gives as "the same as that of Case 4": N computation
    // periods plus one memory waiting period, eq. (3), the form of (24).
    // (23) there can fall below N x Comp_cycles, the time the SM needs to
    // issue the computation of its N warps one after another.
    if (R.Mwp == R.N && R.Cwp == R.N) {
      R.Case = HongKimCase::Eq22;
      R.ExecCyclesApp =
          (R.MemCycles + R.CompCycles + R.CompP * (R.Mwp - 1)) * R.Rep;
    } else if (R.CompCycles > R.MemCycles) {
      R.Case = HongKimCase::Eq24;
      R.ComputeDominates = true;
      R.ExecCyclesApp = (R.MemL + R.CompCycles * R.N) * R.Rep;
    } else if (R.Cwp >= R.Mwp) {
      R.Case = HongKimCase::Eq23;
      R.ExecCyclesApp =
          (R.MemCycles * R.N / R.Mwp + R.CompP * (R.Mwp - 1)) * R.Rep;
    } else {
      R.Case = HongKimCase::Eq24;
      R.ExecCyclesApp = (R.MemL + R.CompCycles * R.N) * R.Rep;
    }
    if (PR)
      R.ExecCyclesApp = ceilCycles(R.ExecCyclesApp);
    R.SynchDelayPerInst = R.DepartureDelay * (R.Mwp - 1);
    R.SynchCost = R.SynchDelayPerInst * In.SynchInsts *
                  In.ActiveBlocksPerSM * R.Rep;                        // (26)
    if (PR)
      R.SynchCost = ceilCycles(R.SynchCost);
  }
  R.MemoryBound = R.MemInsts > 0 && R.Cwp >= R.Mwp && !R.ComputeDominates;
  R.ExecCyclesWithSynch = R.ExecCyclesApp + R.SynchCost;              // (27)
  double InstsPerSm = R.TotalInsts * (In.ThreadsPerBlock / In.ThreadsPerWarp) *
                      (In.Blocks / In.ActiveSMs);
  R.Cpi = R.ExecCyclesApp / InstsPerSm;                                // (25)
  R.CpiWithSynch = R.ExecCyclesWithSynch / InstsPerSm;
  R.TimeSeconds = R.ExecCyclesWithSynch / (In.FreqGHz * 1e9);
  return R;
}

llvm::json::Value toJSON(const HongKimResult &R) {
  using llvm::json::Object;
  if (!R.Ok)
    return Object{{"model", "hong-kim"}, {"error", R.Error},
                  {"assumptions", llvm::json::Array(R.Assumptions)}};
  return Object{
      {"model", "hong-kim"},
      {"weight_uncoal", R.WeightUncoal},
      {"weight_coal", R.WeightCoal},
      {"mem_l_uncoal", R.MemLUncoal},
      {"mem_l_coal", R.MemLCoal},
      {"mem_l", R.MemL},
      {"departure_delay", R.DepartureDelay},
      {"mwp_without_bw_full", R.MwpWithoutBwFull},
      {"mwp_without_bw", R.MwpWithoutBw},
      {"bw_per_warp_gbs", R.BwPerWarpGBs},
      {"mwp_peak_bw", R.MwpPeakBw},
      {"mwp", R.Mwp},
      {"mem_cycles", R.MemCycles},
      {"comp_cycles", R.CompCycles},
      {"cwp_full", R.CwpFull},
      {"cwp", R.Cwp},
      {"n", R.N},
      {"rep", R.Rep},
      {"mem_insts", R.MemInsts},
      {"total_insts", R.TotalInsts},
      {"comp_p", R.CompP},
      {"case", toString(R.Case)},
      {"case_name", describe(R.Case)},
      {"compute_dominates", R.ComputeDominates},
      {"memory_bound", R.MemoryBound},
      {"exec_cycles_app", R.ExecCyclesApp},
      {"synch_delay_per_inst", R.SynchDelayPerInst},
      {"synch_cost", R.SynchCost},
      {"exec_cycles_with_synch", R.ExecCyclesWithSynch},
      {"cpi", R.Cpi},
      {"cpi_with_synch", R.CpiWithSynch},
      {"time_s", R.TimeSeconds},
      {"paper_rounding", R.PaperRounding},
      {"assumptions", llvm::json::Array(R.Assumptions)}};
}

// --- Machine parameters from an ArchSpec -----------------------------------

namespace {

/// Issue_cycles by compute capability when the file gives none: the SM
/// cycles per warp instruction of one SM (docs/models/hong-kim.md).
double issueCyclesRule(const ArchSpec &A, std::string &Why) {
  if (A.Major <= 1) {
    Why = "Hong-Kim Table 1: 8 SPs run a 32-thread warp in 4 cycles";
    return 4;
  }
  if (A.Major == 2) {
    Why = "compute capability 2.x: two warp schedulers, each issuing a warp "
          "instruction over 16 lanes in 2 cycles (estimate)";
    return 1;
  }
  if (A.Major == 3) {
    Why = "compute capability 3.x: CGPredict Table 3 inst_cycle 0.5 "
          "(Kepler, measured)";
    return 0.5;
  }
  Why = "compute capability 5.0 and later: four warp schedulers per SM, one "
        "warp instruction each per cycle (estimate)";
  return 0.25;
}

} // namespace

double issueCyclesFor(const ArchSpec &A, std::string &Why) {
  Why.clear();
  if (A.HkIssueCycles > 0)
    return A.HkIssueCycles;
  return issueCyclesRule(A, Why);
}

HongKimInput hongKimInputFrom(const ArchSpec &A, const HongKimKernelCounts &C,
                              const HongKimLaunch &L) {
  HongKimInput In;
  const std::string G = A.Id.empty() ? A.Name : A.Id;
  In.ThreadsPerWarp = A.WarpSize ? A.WarpSize : 32;
  In.FreqGHz = A.CoreClockMHz / 1000.0;
  In.MemBandwidthGBs = A.DramBandwidthGBs;

  if (A.HkMemLd > 0) {
    In.MemLd = A.HkMemLd;
  } else if (A.LatDramCycles > 0) {
    In.MemLd = A.LatDramCycles;
    In.Assumptions.push_back(
        "Mem_LD = " + fmtNum(A.LatDramCycles) + " cycles: the unloaded DRAM "
        "latency of " + G + " (no fitted Hong-Kim Mem_LD in its file)");
  } else {
    In.Assumptions.push_back("Mem_LD unknown for " + G +
                             ": neither hk_mem_ld_cycles nor lat_dram_cycles "
                             "is given");
  }

  // Departure delays: Hong-Kim Table 6 measured 4 cycles (coalesced) on
  // both generations, 10 (uncoalesced) on 1.0/1.1, where an uncoalesced
  // warp sends 32 separate requests, and 40 on 1.3, which merges requests
  // into the fewest segments as every later GPU does.
  const bool OldCoalescing = A.Major == 1 && A.Minor < 2;
  if (A.HkDepartureDelUncoal > 0) {
    In.DepartureDelUncoal = A.HkDepartureDelUncoal;
  } else {
    In.DepartureDelUncoal = OldCoalescing ? 10 : 40;
    In.Assumptions.push_back(
        "Departure_del_uncoal = " + fmtNum(In.DepartureDelUncoal) +
        " cycles: Hong-Kim Table 6 value of the " +
        (OldCoalescing ? std::string("FX5600 (compute capability 1.0)")
                       : std::string("GTX280 (1.3, segment coalescing)")) +
        " carried over to " + G + ", not measured there");
  }
  if (A.HkDepartureDelCoal > 0) {
    In.DepartureDelCoal = A.HkDepartureDelCoal;
  } else {
    In.DepartureDelCoal = 4;
    In.Assumptions.push_back("Departure_del_coal = 4 cycles: Hong-Kim Table 6 "
                             "value (FX5600 and GTX280 alike) carried over to " +
                             G + ", not measured there");
  }
  if (A.HkIssueCycles > 0) {
    In.IssueCycles = A.HkIssueCycles;
  } else {
    std::string Why;
    In.IssueCycles = issueCyclesRule(A, Why);
    In.Assumptions.push_back("Issue_cycles = " + fmtNum(In.IssueCycles) +
                             " for " + G + ": " + Why);
  }

  In.ThreadsPerBlock = L.ThreadsPerBlock;
  In.Blocks = L.Blocks;
  In.ActiveBlocksPerSM = L.ActiveBlocksPerSM;
  double WarpsPerBlock = std::ceil(L.ThreadsPerBlock / In.ThreadsPerWarp);
  In.ActiveWarpsPerSM = L.ActiveWarpsPerSM > 0
                            ? L.ActiveWarpsPerSM
                            : L.ActiveBlocksPerSM * WarpsPerBlock;
  if (L.ActiveSMs > 0) {
    In.ActiveSMs = L.ActiveSMs;
  } else {
    In.ActiveSMs = std::min<double>(A.SmCount, L.Blocks);
    if (L.Blocks < A.SmCount)
      In.Assumptions.push_back("#Active_SMs = " + fmtNum(In.ActiveSMs) +
                               ": one SM per block when the grid has fewer "
                               "blocks than SMs");
  }

  In.CompInsts = C.Comp;
  In.CoalMemInsts = C.CoalMem;
  In.UncoalMemInsts = C.UncoalMem;
  In.SynchInsts = C.Synch;
  In.UncoalPerMw = C.UncoalPerMw;
  In.CoalPerMw = C.CoalPerMw;
  In.LoadBytesPerWarp = C.LoadBytesPerWarp;
  return In;
}

// --- Variants ----------------------------------------------------------------

const char *toString(HongKimVariant V) {
  switch (V) {
  case HongKimVariant::Base: return "hong-kim";
  case HongKimVariant::WangLouL2: return "wang-lou";
  case HongKimVariant::CGPredict: return "cgpredict";
  case HongKimVariant::MDM: return "mdm";
  case HongKimVariant::Warplint: return "warplint";
  }
  return "?";
}

std::optional<HongKimVariant> parseHongKimVariant(const std::string &S) {
  for (HongKimVariant V :
       {HongKimVariant::Base, HongKimVariant::WangLouL2,
        HongKimVariant::CGPredict, HongKimVariant::MDM,
        HongKimVariant::Warplint})
    if (S == toString(V))
      return V;
  if (S == "base")
    return HongKimVariant::Base;
  return std::nullopt;
}

VariantChoice defaultVariant(const ArchSpec &A, bool MemoryDivergent) {
  VariantChoice C;
  const bool CachesGlobal = A.Major >= 2 && A.L2Bytes > 0;
  if (MemoryDivergent && A.Major >= 2 && A.L1Mshrs > 0 &&
      A.NocBandwidthGBs > 0 && A.LatL2HitCycles > 0 && A.LatDramCycles > 0) {
    C.Variant = HongKimVariant::MDM;
    C.Reason = "memory-divergent kernel on a GPU with an L1 cache whose MSHRs "
               "(" + std::to_string(A.L1Mshrs) + ") and NoC bandwidth are "
               "known: MSHR batching and NoC/DRAM queueing dominate (MDM)";
    return C;
  }
  if (CachesGlobal && A.CgDepartureDelL2 > 0 && A.CgDepartureDelDram > 0 &&
      A.LatL2HitCycles > 0 && A.LatDramCycles > 0) {
    C.Variant = HongKimVariant::CGPredict;
    C.Reason = "the file gives CGPredict's L2 and DRAM departure delays: "
               "per-class latencies through the L2 (CGPredict)";
    return C;
  }
  if (CachesGlobal && A.LatL2HitCycles > 0) {
    C.Variant = HongKimVariant::WangLouL2;
    C.Reason = "compute capability " + std::to_string(A.Major) + "." +
               std::to_string(A.Minor) +
               " caches global loads in an L2 whose hit latency is known: "
               "Hong-Kim with Wang-Lou's L2 terms";
    return C;
  }
  C.Variant = HongKimVariant::Base;
  C.Reason = A.Major <= 1
                 ? "compute capability 1.x has no cache for global memory: "
                   "the Hong-Kim model as published"
                 : "no L2 hit latency known for this GPU: the Hong-Kim model "
                   "without caches";
  return C;
}

} // namespace warplint
