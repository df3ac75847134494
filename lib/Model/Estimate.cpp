//===- Estimate.cpp - Per-kernel estimates for one GPU --------------------===//
#include "Model/Estimate.h"

#include <algorithm>

namespace warplint {

OccupancySummary threadLimitOccupancy(const GpuModel &G, const LaunchConfig &L) {
  OccupancySummary O;
  int64_t Threads = std::max<int64_t>(1, L.threadsPerBlock());
  int64_t Warps = (Threads + 31) / 32;
  // CUDA C Programming Guide, Technical Specifications per Compute
  // Capability: resident warps and blocks per SM.
  int64_t MaxWarps = G.Major == 1 ? (G.Minor < 2 ? 24 : 32)
                                  : (G.Major == 2 ? 48 : 64);
  int64_t MaxBlocks = G.Major < 3 ? 8 : (G.Major < 5 ? 16 : 32);
  int64_t ByWarps = MaxWarps / Warps;
  O.BlocksPerSm = unsigned(std::max<int64_t>(0, std::min(MaxBlocks, ByWarps)));
  O.Limiter = ByWarps < MaxBlocks ? "warps" : "blocks";
  O.WarpsPerSm = unsigned(O.BlocksPerSm * Warps);
  O.Occupancy = double(O.WarpsPerSm) / double(MaxWarps);
  O.Origin = "warp and block limits of compute capability " +
             std::to_string(G.Major) + "." + std::to_string(G.Minor) +
             " only; registers and shared memory not counted";
  return O;
}

std::vector<KernelEstimate> estimateKernel(const KernelFacts &K,
                                           const std::vector<LaunchConfig> &Configs,
                                           const ArchSpec &Arch,
                                           const GpuModel &Gpu,
                                           const EstimateOptions &O) {
  std::vector<KernelEstimate> R;
  for (const LaunchConfig &L : Configs) {
    KernelEstimate E;
    E.Kernel = K.Name;
    E.Config = L;
    E.Gpu = Gpu.Sm;
    E.ArchId = Arch.Id;
    E.ArchName = Arch.Name;
    E.Occupancy = threadLimitOccupancy(Gpu, L);
    CuMAPzInputs In;
    In.Gpu = Gpu;
    In.Channels = {Gpu.Partitions ? Gpu.Partitions : 8,
                   Gpu.PartitionWidth ? Gpu.PartitionWidth : 256};
    In.ModelChannelSkew = !Gpu.PartitionsHashed || O.ChannelSkewOnHashed;
    In.Occupancy = E.Occupancy.Occupancy;
    In.OccupancyOrigin = E.Occupancy.Origin;
    In.MaxBlocksPerSm = std::max(1u, E.Occupancy.BlocksPerSm);
    In.Enum = O.Analysis.Enum;
    E.CuMAPz = estimateCuMAPz(K, L, In);
    // The estimate outlives the facts: keep the texts, drop the pointers.
    E.CuMAPz.Channels.Worst = nullptr;
    for (ReferenceSkew &RS : E.CuMAPz.Channels.Refs)
      RS.Access = nullptr;
    E.Assumptions = L.Assumptions;
    for (const std::string &S : E.CuMAPz.Assumptions)
      if (std::find(E.Assumptions.begin(), E.Assumptions.end(), S) ==
          E.Assumptions.end())
        E.Assumptions.push_back(S);
    R.push_back(std::move(E));
  }
  return R;
}

llvm::json::Value toJSON(const CuMAPzEstimate &E) {
  using llvm::json::Object;
  Object Skew{{"modelled", E.ChSkewModelled}, {"ch_skew", E.ChSkew}};
  if (E.ChSkewModelled) {
    Skew["analysed"] = E.Channels.Analysed;
    if (!E.Channels.Skipped.empty())
      Skew["skipped"] = E.Channels.Skipped;
    Skew["n_blk_to_check"] = E.Channels.BlocksToCheck;
    Skew["n_channels"] = E.Channels.Params.Channels;
    Skew["channel_width"] = E.Channels.Params.WidthBytes;
    if (!E.Channels.WorstText.empty())
      Skew["worst_reference"] = E.Channels.WorstText;
    llvm::json::Array Refs;
    for (const ReferenceSkew &RS : E.Channels.Refs)
      Refs.push_back(llvm::json::Object{
          {"reference", RS.Text},
          {"line", RS.Loc.Line},
          {"blocks_per_channel", llvm::json::Array(RS.BlocksPerChannel)},
          {"ch_skew", RS.Skew}});
    Skew["references"] = std::move(Refs);
  }
  return Object{
      {"data_reuse", Object{{"value", E.DataReuse},
                            {"bytes_shmem", E.BytesShmem},
                            {"bytes_buffered", E.BytesBuffered},
                            {"fetch_references", E.FetchRefs}}},
      {"lat_hiding", Object{{"value", E.LatHiding},
                            {"occupancy_percent", E.OccupancyPercent},
                            {"n_shm_load", E.NShmLoad}}},
      {"bw_util", Object{{"value", E.BwUtil},
                         {"bytes_access", E.BytesAccess},
                         {"bytes_tr", E.BytesTr}}},
      {"ch_skew", std::move(Skew)},
      {"shm_eff", Object{{"value", E.ShmEff},
                         {"n_half_warp", E.NHalfWarp},
                         {"n_buffer", E.NBuffer},
                         {"shared_requests", E.SharedRequests},
                         {"n_bk_conflict", E.NBkConflict}}},
      {"branch_eff", Object{{"value", E.BranchEff},
                            {"n_warp", E.NWarp},
                            {"n_path", E.NPath},
                            {"origin", E.BranchEffOrigin}}},
      {"mpe", E.MPE},
      {"total_warps", E.TotalWarps},
      {"unanalysable", llvm::json::Array(E.Unanalysable)}};
}

llvm::json::Value toJSON(const KernelEstimate &E) {
  using llvm::json::Object;
  auto Dim = [](const std::array<int64_t, 3> &D) {
    return llvm::json::Array{D[0], D[1], D[2]};
  };
  return Object{
      {"file", E.File},
      {"kernel", E.Kernel},
      {"gpu", E.Gpu},
      {"arch", llvm::json::Object{{"id", E.ArchId}, {"name", E.ArchName}}},
      {"launch", Object{{"grid", Dim(E.Config.Grid)},
                        {"block", Dim(E.Config.Block)},
                        {"origin", E.Config.Origin}}},
      {"occupancy", Object{{"value", E.Occupancy.Occupancy},
                           {"blocks_per_sm", E.Occupancy.BlocksPerSm},
                           {"warps_per_sm", E.Occupancy.WarpsPerSm},
                           {"limiter", E.Occupancy.Limiter},
                           {"origin", E.Occupancy.Origin}}},
      {"cumapz", toJSON(E.CuMAPz)},
      {"assumptions",
       llvm::json::Array(E.Assumptions)}};
}

} // namespace warplint
