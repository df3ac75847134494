//===- EstimateText.cpp ---------------------------------------------------===//
#include "Report/EstimateText.h"

#include <fmt/format.h>

#include <algorithm>

namespace warplint {

static std::string dims(const std::array<int64_t, 3> &D) {
  if (D[2] != 1)
    return fmt::format("{}x{}x{}", D[0], D[1], D[2]);
  if (D[1] != 1)
    return fmt::format("{}x{}", D[0], D[1]);
  return fmt::format("{}", D[0]);
}

static std::string num(double V) {
  if (V != 0 && (V < 0.001 || V >= 1e6))
    return fmt::format("{:.3g}", V);
  return fmt::format("{:.3f}", V);
}

static std::string cycles(double V) {
  if (V >= 1e7)
    return fmt::format("{:.3g}", V);
  return fmt::format("{:.0f}", V);
}

std::string formatSeconds(double S) {
  if (S <= 0)
    return "-";
  if (S < 1e-3)
    return fmt::format("{:.1f} us", S * 1e6);
  if (S < 1)
    return fmt::format("{:.2f} ms", S * 1e3);
  return fmt::format("{:.2f} s", S);
}

/// Columns padded to their widest cell; the columns in Left left-aligned.
static std::string table(const std::vector<std::vector<std::string>> &Rows,
                         const std::vector<size_t> &Left) {
  std::vector<size_t> W;
  for (const auto &R : Rows) {
    W.resize(std::max(W.size(), R.size()));
    for (size_t I = 0; I < R.size(); ++I)
      W[I] = std::max(W[I], R[I].size());
  }
  std::string Out;
  for (const auto &Cells : Rows) {
    std::string L;
    for (size_t I = 0; I < Cells.size(); ++I) {
      bool IsLeft = std::find(Left.begin(), Left.end(), I) != Left.end();
      L += I ? "  " : "";
      L += IsLeft ? fmt::format("{:<{}}", Cells[I], W[I])
                  : fmt::format("{:>{}}", Cells[I], W[I]);
    }
    while (!L.empty() && L.back() == ' ')
      L.pop_back();
    Out += L + "\n";
  }
  return Out;
}

std::string renderEstimateText(const std::vector<KernelEstimate> &Estimates) {
  // Cycles first: what a kernel costs on this GPU and what bounds it.
  std::vector<std::vector<std::string>> Cyc = {
      {"kernel", "grid", "block", "gpu", "occup.", "limiter", "model",
       "cycles", "time", "bound"}};
  for (const KernelEstimate &E : Estimates) {
    const CycleEstimate &C = E.Cycles;
    bool Have = E.Occupancy.Detail.Valid && C.HongKim.Ok;
    Cyc.push_back({E.Kernel, dims(E.Config.Grid), dims(E.Config.Block), E.Gpu,
                   fmt::format("{:.0f}%", E.Occupancy.Occupancy * 100),
                   E.Occupancy.Limiter, Have ? toString(C.Model.Variant) : "-",
                   Have ? cycles(C.TotalCycles) : "-",
                   Have ? formatSeconds(C.TimeSeconds) : "-",
                   Have && !C.Bound.empty() ? C.Bound : "-"});
  }
  std::string Out = table(Cyc, {0, 3, 5, 6, 9});
  Out += "\ncycles: the whole launch at the GPU's clock, by the model named "
         "(--model; docs/models/). bound: what limits the kernel in that "
         "model; warplint's: issue, shared memory, DRAM bandwidth, L1 "
         "transactions or latency on the busiest SM (docs/models/warplint.md); Hong-Kim's: the case "
         "of eq. 22-24 (docs/models/hong-kim.md). Each kernel's terms are "
         "below.\n\n";

  std::vector<std::vector<std::string>> Mpe = {
      {"kernel", "grid", "block", "gpu", "occup.", "limiter", "reuse",
       "lat_hid", "bw_util", "ch_skew", "shm_eff", "br_eff", "MPE"}};
  for (const KernelEstimate &E : Estimates) {
    const CuMAPzEstimate &C = E.CuMAPz;
    Mpe.push_back({E.Kernel, dims(E.Config.Grid), dims(E.Config.Block), E.Gpu,
                   fmt::format("{:.0f}%", E.Occupancy.Occupancy * 100),
                   E.Occupancy.Limiter, num(C.DataReuse), num(C.LatHiding),
                   num(C.BwUtil), C.ChSkewModelled ? num(C.ChSkew) : "-",
                   num(C.ShmEff), num(C.BranchEff), num(C.MPE)});
  }
  Out += table(Mpe, {0, 3, 5});
  Out += "\nCuMAPz MPE = reuse x lat_hid x bw_util / ch_skew x br_eff x "
         "sqrt(shm_eff) (eq. 8; larger is better; compares variants of one "
         "kernel). ch_skew '-': not modelled (address-hashed partitions).\n";
  for (const KernelEstimate &E : Estimates) {
    if (E.Assumptions.empty() && E.CuMAPz.Unanalysable.empty() &&
        E.Occupancy.Detail.Valid && E.Cycles.Breakdown.empty() &&
        !(E.Cycles.Derived && E.Cycles.Derived->ExcessSectors > 0))
      continue;
    Out += fmt::format("\n{} ({} x {}, {}): from {}\n", E.Kernel,
                       dims(E.Config.Grid), dims(E.Config.Block), E.Gpu,
                       E.Config.Origin);
    if (E.HostLoop)
      Out += fmt::format(
          "  the host loop at {} launches it {} times: about {} in all ({} "
          "x {})\n",
          sourcePlace(E.HostLoop->Loop), E.HostLoop->Trips,
          formatSeconds(E.HostLoop->TimeSeconds), E.HostLoop->Trips,
          E.HostLoop->Estimated == 1
              ? std::string("the one iteration estimated")
              : fmt::format("the mean of the {} iterations estimated",
                            E.HostLoop->Estimated));
    if (!E.Occupancy.Detail.Valid)
      Out += fmt::format("  cannot launch: {}\n", E.Occupancy.Detail.Error);
    else if (E.Cycles.HongKim.Ok)
      Out += fmt::format(
          "  {}: {}, {}\n  counts per thread ({}): {} computation, {} "
          "coalesced and {} uncoalesced memory, {} synchronization\n",
          toString(E.Cycles.Model.Variant), E.Cycles.Bound,
          E.Cycles.Breakdown, E.Cycles.CountsSource, E.Cycles.Counts.Comp,
          E.Cycles.Counts.CoalMem, E.Cycles.Counts.UncoalMem,
          E.Cycles.Counts.Synch);
    else
      Out += fmt::format("  no cycle estimate: {}\n", E.Cycles.HongKim.Error);
    if (E.Cycles.Derived && E.Cycles.Derived->ExcessSectors > 0) {
      // Nsight Compute's "excessive sectors", over the whole launch.
      const InstructionCounts &D = *E.Cycles.Derived;
      const double Warps =
          double(E.Config.Grid[0] * E.Config.Grid[1] * E.Config.Grid[2]) *
          double((E.Config.Block[0] * E.Config.Block[1] * E.Config.Block[2] +
                  31) / 32);
      Out += fmt::format(
          "  excess {}: {:.4g} per launch ({:.4g} per warp), {:.0f}% of the "
          "{:.4g} its global requests move\n",
          D.ExcessUnit, D.ExcessSectors * Warps, D.ExcessSectors,
          D.GlobalSectors > 0 ? 100.0 * D.ExcessSectors / D.GlobalSectors : 0.0,
          D.GlobalSectors * Warps);
    }
    for (const std::string &A : E.Assumptions)
      Out += fmt::format("  assuming {}\n", A);
    for (const std::string &U : E.CuMAPz.Unanalysable)
      Out += fmt::format("  left out: {}\n", U);
  }
  return Out;
}

} // namespace warplint
