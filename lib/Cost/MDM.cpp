//===- MDM.cpp - The GPU Memory Divergence Model --------------------------===//
#include "Cost/MDM.h"

#include <algorithm>
#include <cmath>

namespace warplint {

MdmResult mdm(const MdmInput &In) {
  MdmResult R;
  R.Assumptions = In.Assumptions;
  auto Fail = [&](std::string E) {
    R.Ok = false;
    R.Error = std::move(E);
    return R;
  };
  auto Pos = [](double V) { return std::isfinite(V) && V > 0; };
  auto NonNeg = [](double V) { return std::isfinite(V) && V >= 0; };
  if (!Pos(In.W)) return Fail("W (warps per SM) must be > 0");
  if (!Pos(In.Mshrs))
    return Fail("#MSHRs must be > 0 (l1_mshrs in the architecture file)");
  if (!Pos(In.SMs)) return Fail("#SMs must be > 0");
  if (!Pos(In.FreqGHz)) return Fail("f must be > 0");
  if (!Pos(In.BlockBytes)) return Fail("BlockSize must be > 0");
  // No NoC bandwidth (0): its queueing is left out (mdmInputFrom says so).
  const bool Noc = In.NocBandwidthGBs > 0;
  if (In.NocBandwidthGBs < 0 || (Noc && !Pos(In.NocChannels)))
    return Fail("NoC bandwidth must be >= 0 and its channels > 0");
  if (!Pos(In.DramBandwidthGBs) || !Pos(In.DramChannels))
    return Fail("DRAM bandwidth and channels must be > 0");
  if (!NonNeg(In.LMinLlc) || !NonNeg(In.LMinDram))
    return Fail("L^MinLLC and L^MinDRAM must be >= 0");
  if (In.Intervals.empty()) return Fail("no interval");
  for (const MdmInterval &I : In.Intervals) {
    if (!NonNeg(I.Instructions) || !NonNeg(I.C) || !NonNeg(I.MRead) ||
        !NonNeg(I.MWrite) || !NonNeg(I.Repeat))
      return Fail("interval counts must be >= 0");
    if (!(I.LlcMissRate >= 0 && I.LlcMissRate <= 1))
      return Fail("LLC miss rate must be in [0, 1]");
  }

  for (const MdmInterval &I : In.Intervals) {
    MdmIntervalResult X;
    X.Repeat = I.Repeat;
    X.ConcurrentReadMisses = I.MRead * In.W;
    X.MemoryDivergent = X.ConcurrentReadMisses > In.Mshrs;             // (2)
    X.M = std::min(X.ConcurrentReadMisses, In.Mshrs) + I.MWrite * In.W;// (3)
    X.LNoContention = In.LMinLlc + I.LlcMissRate * In.LMinDram;        // (4)
    X.LNocService = Noc ? In.FreqGHz * In.BlockBytes / In.NocBandwidthGBs /
                              In.NocChannels
                        : 0;                                           // (7)
    X.LDramService = In.FreqGHz * I.LlcMissRate * In.BlockBytes /
                     In.DramBandwidthGBs / In.DramChannels;            // (8)
    X.NocSaturated = Noc && X.LNocService * X.M * In.SMs >
                     In.LMinLlc + In.LMinDram;                         // (10)
    const double Share = X.MemoryDivergent && X.NocSaturated ? 1.0 : 0.5;
    X.SNoc = Share * In.SMs * X.M * X.LNocService;                     // (9)
    X.SDram = Share * In.SMs * X.M * X.LDramService;                   // (9)
    X.SMem = X.LNoContention + X.SNoc + X.SDram;                       // (5)
    X.Batches = std::ceil(X.ConcurrentReadMisses / In.Mshrs);
    X.SMshr = X.MemoryDivergent ? (X.Batches - 1) * X.SMem : 0;        // (6)
    X.Cycles = I.C + X.SMshr + X.SNoc + X.SDram;
    X.Ipc = X.Cycles > 0 ? I.Instructions / X.Cycles : 0;
    R.Instructions += I.Repeat * I.Instructions;
    R.Cycles += I.Repeat * X.Cycles;
    R.Intervals.push_back(X);
  }
  if (R.Cycles <= 0) return Fail("the intervals take no cycle");
  R.IpcSm = In.W * R.Instructions / R.Cycles;                          // (1)
  R.Ipc = In.SMs * R.IpcSm;
  if (In.TotalWarps > 0 && R.Ipc > 0) {
    R.KernelCycles = In.TotalWarps * R.Instructions / R.Ipc;
    R.TimeSeconds = R.KernelCycles / (In.FreqGHz * 1e9);
  }
  return R;
}

llvm::json::Value toJSON(const MdmResult &R) {
  using llvm::json::Object;
  if (!R.Ok)
    return Object{{"model", "mdm"}, {"error", R.Error}};
  llvm::json::Array Is;
  for (const MdmIntervalResult &X : R.Intervals)
    Is.push_back(Object{{"repeat", X.Repeat},
                        {"concurrent_read_misses", X.ConcurrentReadMisses},
                        {"memory_divergent", X.MemoryDivergent},
                        {"m", X.M},
                        {"l_no_contention", X.LNoContention},
                        {"l_noc_service", X.LNocService},
                        {"l_dram_service", X.LDramService},
                        {"noc_saturated", X.NocSaturated},
                        {"s_noc", X.SNoc},
                        {"s_dram", X.SDram},
                        {"s_mem", X.SMem},
                        {"batches", X.Batches},
                        {"s_mshr", X.SMshr},
                        {"cycles", X.Cycles},
                        {"ipc", X.Ipc}});
  return Object{{"model", "mdm"},
                {"intervals", std::move(Is)},
                {"instructions", R.Instructions},
                {"cycles", R.Cycles},
                {"ipc_sm", R.IpcSm},
                {"ipc", R.Ipc},
                {"kernel_cycles", R.KernelCycles},
                {"time_s", R.TimeSeconds},
                {"assumptions", llvm::json::Array(R.Assumptions)}};
}

MdmInput mdmInputFrom(const ArchSpec &A) {
  MdmInput In;
  const std::string G = A.Id.empty() ? A.Name : A.Id;
  In.Mshrs = A.L1Mshrs;
  In.SMs = A.SmCount;
  In.FreqGHz = A.CoreClockMHz / 1000.0;
  In.BlockBytes = A.L1LineBytes ? A.L1LineBytes : 128;
  In.NocBandwidthGBs = A.NocBandwidthGBs;
  In.NocChannels = 1;
  In.DramChannels = A.MemPartitions ? A.MemPartitions : 1;
  In.DramBandwidthGBs = A.DramBandwidthGBs / In.DramChannels;
  In.LMinLlc = A.LatL2HitCycles;
  In.LMinDram = A.LatDramCycles;
  if (A.L1Mshrs == 0)
    In.Assumptions.push_back("#MSHRs unknown for " + G);
  if (A.NocBandwidthGBs <= 0)
    In.Assumptions.push_back("NoC bandwidth unknown for " + G +
                             " (noc_bandwidth_gbs): its queueing (eq. 7, "
                             "9, 10) is left out, a lower bound");
  if (A.MemPartitions == 0)
    In.Assumptions.push_back("DRAM channels unknown for " + G +
                             ": the DRAM is one channel of the full "
                             "bandwidth");
  return In;
}

} // namespace warplint
