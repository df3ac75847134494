//===- WarplintModel.cpp - warplint's own cycle model ---------------------===//
#include "Cost/WarplintModel.h"

#include <algorithm>
#include <cmath>

namespace warplint {

WarplintResult warplintModel(const WarplintInput &In) {
  WarplintResult R;
  R.Assumptions = In.Assumptions;
  const WarplintMachine &M = In.Machine;
  const WarplintLaunch &L = In.Launch;
  const WarplintWarp &W = In.Warp;
  auto fail = [&](const std::string &Why) {
    R.Ok = false;
    R.Error = Why;
    return R;
  };
  if (!(M.Sms > 0) || !(M.ClockGHz > 0))
    return fail("the GPU's SM count or clock is not known");
  if (!(M.DramGBs > 0))
    return fail("the GPU's DRAM bandwidth is not known");
  if (!(L.Blocks > 0) || !(L.WarpsPerBlock > 0))
    return fail("the launch has no thread");
  if (!(L.ActiveBlocksPerSm > 0))
    return fail("no block fits on an SM (occupancy 0)");

  // The busiest SM: blocks are handed out round-robin, so it gets the
  // ceiling; its resident blocks run in waves.
  R.BlocksPerSm = std::ceil(L.Blocks / M.Sms);
  R.WarpsPerSm = R.BlocksPerSm * L.WarpsPerBlock;
  const double Active = std::min(L.ActiveBlocksPerSm, R.BlocksPerSm);
  R.ResidentWarps = Active * L.WarpsPerBlock;
  R.Waves = std::ceil(R.BlocksPerSm / Active);

  // Bytes per cycle of the whole GPU, shared by the SMs that run.
  const double ActiveSms = std::min(M.Sms, L.Blocks);
  const double DramPerSmPerCycle = M.DramGBs / M.ClockGHz / ActiveSms;

  const double IssueW = W.IssueInsts * M.IssueCycles;
  const double SharedW = W.SharedWavefronts * M.SharedCyclesPerWavefront;
  const double DramW = W.DramBytes / DramPerSmPerCycle;
  const double LsuW = W.Transactions * M.LsuCyclesPerTransaction;
  R.IssueCycles = R.WarpsPerSm * IssueW;
  R.SharedCycles = R.WarpsPerSm * SharedW;
  R.DramCycles = R.WarpsPerSm * DramW;
  R.LsuCycles = R.WarpsPerSm * LsuW;
  // One warp's chain: each global load waits for DRAM, its instructions
  // issue one after another, and at each barrier it waits for the block's
  // other warps to arrive, one issue slot each.
  R.ChainCycles = W.LoadLatencyCycles + IssueW +
                  W.Barriers * (L.WarpsPerBlock - 1) * M.IssueCycles;
  R.LatencyCycles = R.Waves * R.ChainCycles;
  // The block scheduler starts one block at a time on an SM: a launch of
  // many small blocks is bound by the rate at which they start.
  R.BlockLaunchCycles = R.BlocksPerSm * M.BlockLaunchCycles;
  // Double-precision arithmetic runs on the SM's FP64 units (a few per SM
  // on most GPUs but the data-centre ones).
  const double Fp64W = W.Fp64Insts * M.Fp64CyclesPerWarpInst;
  R.Fp64Cycles = R.WarpsPerSm * Fp64W;

  struct Term {
    const char *Name;
    double Total, PerWarp;
  } Terms[] = {{"issue", R.IssueCycles, IssueW},
               {"shared memory", R.SharedCycles, SharedW},
               {"DRAM bandwidth", R.DramCycles, DramW},
               {"L1 transactions", R.LsuCycles, LsuW},
               {"latency", R.LatencyCycles, R.ChainCycles},
               {"block launch", R.BlockLaunchCycles, 0},
               {"FP64 units", R.Fp64Cycles, Fp64W}};
  const Term *Max = &Terms[0];
  for (const Term &T : Terms)
    if (T.Total > Max->Total)
      Max = &T;
  R.Bound = Max->Name;
  // The pipeline of each wave fills and drains: one warp's share of the
  // other pipes is not hidden. The latency chain already holds the warp's
  // issue, so with latency bounding only shared and DRAM are added.
  for (const Term &T : Terms) {
    if (&T == Max || &T == &Terms[4])
      continue;
    if (Max == &Terms[4] && &T == &Terms[0])
      continue;
    R.FillCycles += T.PerWarp;
  }
  R.TotalCycles = Max->Total + R.Waves * R.FillCycles;
  R.TimeSeconds = R.TotalCycles / (M.ClockGHz * 1e9);
  if (R.TimeSeconds > 0)
    R.DramGBsUsed = W.DramBytesUncamped * R.WarpsPerSm * ActiveSms /
                    R.TimeSeconds / 1e9;
  return R;
}

llvm::json::Value toJSON(const WarplintResult &R) {
  llvm::json::Object O{{"model", "warplint"}, {"ok", R.Ok}};
  if (!R.Ok) {
    O["error"] = R.Error;
    return O;
  }
  O["blocks_per_sm"] = R.BlocksPerSm;
  O["warps_per_sm"] = R.WarpsPerSm;
  O["resident_warps"] = R.ResidentWarps;
  O["waves"] = R.Waves;
  O["issue_cycles"] = R.IssueCycles;
  O["shared_cycles"] = R.SharedCycles;
  O["dram_cycles"] = R.DramCycles;
  O["fp64_cycles"] = R.Fp64Cycles;
  O["l1_cycles"] = R.LsuCycles;
  O["latency_cycles"] = R.LatencyCycles;
  O["block_launch_cycles"] = R.BlockLaunchCycles;
  O["chain_cycles"] = R.ChainCycles;
  O["fill_cycles"] = R.FillCycles;
  O["total_cycles"] = R.TotalCycles;
  O["time_s"] = R.TimeSeconds;
  O["bound"] = R.Bound;
  O["dram_gbs_used"] = R.DramGBsUsed;
  O["assumptions"] = llvm::json::Array(R.Assumptions);
  return O;
}

} // namespace warplint
