//===- EstimateText.cpp ---------------------------------------------------===//
#include "Report/EstimateText.h"

#include <fmt/format.h>

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

std::string renderEstimateText(const std::vector<KernelEstimate> &Estimates) {
  struct Row {
    std::vector<std::string> Cells;
  };
  std::vector<std::string> Head = {"kernel",  "grid",     "block",   "gpu",
                                   "occup.",  "limiter",  "reuse",   "lat_hid",
                                   "bw_util", "ch_skew",  "shm_eff", "br_eff",
                                   "MPE"};
  std::vector<Row> Rows;
  for (const KernelEstimate &E : Estimates) {
    const CuMAPzEstimate &C = E.CuMAPz;
    Rows.push_back(
        {{E.Kernel, dims(E.Config.Grid), dims(E.Config.Block), E.Gpu,
          fmt::format("{:.0f}%", E.Occupancy.Occupancy * 100),
          E.Occupancy.Limiter, num(C.DataReuse), num(C.LatHiding),
          num(C.BwUtil), C.ChSkewModelled ? num(C.ChSkew) : "-",
          num(C.ShmEff), num(C.BranchEff), num(C.MPE)}});
  }
  std::vector<size_t> W(Head.size());
  for (size_t I = 0; I < Head.size(); ++I)
    W[I] = Head[I].size();
  for (const Row &R : Rows)
    for (size_t I = 0; I < R.Cells.size(); ++I)
      W[I] = std::max(W[I], R.Cells[I].size());
  std::string Out;
  auto Line = [&](const std::vector<std::string> &Cells) {
    std::string L;
    for (size_t I = 0; I < Cells.size(); ++I) {
      // Names and text left-aligned, numbers right-aligned.
      bool Left = I == 0 || I == 3 || I == 5;
      L += I ? "  " : "";
      L += Left ? fmt::format("{:<{}}", Cells[I], W[I])
                : fmt::format("{:>{}}", Cells[I], W[I]);
    }
    while (!L.empty() && L.back() == ' ')
      L.pop_back();
    Out += L + "\n";
  };
  Line(Head);
  for (const Row &R : Rows)
    Line(R.Cells);
  Out += "\nCuMAPz MPE = reuse x lat_hid x bw_util / ch_skew x br_eff x "
         "sqrt(shm_eff) (eq. 8; larger is better; compares variants of one "
         "kernel). ch_skew '-': not modelled (address-hashed partitions).\n";
  for (const KernelEstimate &E : Estimates) {
    if (E.Assumptions.empty() && E.CuMAPz.Unanalysable.empty() &&
        E.Occupancy.Detail.Valid)
      continue;
    Out += fmt::format("\n{} ({} x {}, {}): from {}\n", E.Kernel,
                       dims(E.Config.Grid), dims(E.Config.Block), E.Gpu,
                       E.Config.Origin);
    if (!E.Occupancy.Detail.Valid)
      Out += fmt::format("  cannot launch: {}\n", E.Occupancy.Detail.Error);
    for (const std::string &A : E.Assumptions)
      Out += fmt::format("  assuming {}\n", A);
    for (const std::string &U : E.CuMAPz.Unanalysable)
      Out += fmt::format("  left out: {}\n", U);
  }
  return Out;
}

} // namespace warplint
