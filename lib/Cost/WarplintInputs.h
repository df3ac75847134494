//===- WarplintInputs.h - warplint's model fed from a kernel ----*- C++ -*-===//
//
// Fills WarplintInput (Cost/WarplintModel.h) for one launch from the
// kernel's facts and the warp analyses: warp-level issued instructions (a
// warp issues code under a branch when one of its lanes takes it:
// warpExecutionShare), shared-memory wavefronts of the enumerated requests,
// DRAM bytes of their sectors or segments, partition camping from CuMAPz's
// channel histogram (1.x), and the machine from the architecture file
// (docs/models/warplint.md says where each comes from).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_WARPLINTINPUTS_H
#define WARPLINT_COST_WARPLINTINPUTS_H

#include "Cost/Estimate.h"
#include "Cost/WarplintModel.h"
#include "Warp/ChannelSkew.h"

namespace warplint {

/// Per-access figures behind WarplintWarp, for the JSON and the notes.
struct WarplintAccess {
  std::string Text;
  unsigned Line = 0;
  std::string Space; ///< "global", "shared"
  /// Warp instructions per warp (executions x the share of warps issuing).
  double WarpInsts = 0;
  double BytesPerRequest = 0;     ///< global: mean bytes moved
  double TransactionsPerRequest = 0; ///< global: lines (1.x segments)
  double WavefrontsPerRequest = 0;///< shared
  double Camping = 1;             ///< global on 1.x
  /// Global loads: the share of their L2 lines that hit (CGPredict's cache
  /// model), or -1 when not modelled.
  double L2HitRate = -1;
  /// Loads through the read-only path: the share of their lines that hit
  /// in its cache, or -1 when not taken or not modelled.
  double ReadOnlyHitRate = -1;
};

struct WarplintDerivation {
  WarplintInput In;
  std::vector<WarplintAccess> Accesses;
};

/// The model's inputs for \p K launched as \p L. \p Channels: CuMAPz's
/// channel histogram for the launch (camping is modelled where it says it
/// is), or null.
WarplintDerivation warplintInputFrom(const KernelFacts &K,
                                     const LaunchConfig &L,
                                     const ArchSpec &Arch, const GpuModel &Gpu,
                                     const OccupancySummary &Occ,
                                     const EnumerationOptions &Enum,
                                     const ChannelSkewResult *Channels);

llvm::json::Value toJSON(const WarplintAccess &A);

} // namespace warplint

#endif
