//===- Estimate.cpp - Per-kernel estimates for one GPU --------------------===//
#include "Model/Estimate.h"

#include <algorithm>

namespace warplint {

OccupancySummary kernelOccupancy(const KernelFacts &K, const LaunchConfig &L,
                                 const ArchSpec &Arch, const EstimateOptions &O) {
  OccupancySummary S;
  const PtxasFunctionUsage *P = findPtxasUsage(O.Ptxas, K.Name, Arch.sm());

  // Registers per thread.
  RegisterInputs RI;
  RI.Option = O.RegistersPerThread;
  if (P && P->Registers)
    RI.Ptxas = P->Registers;
  RI.MaxRegCount = O.MaxRegCount;
  RI.Bounds = K.Bounds;
  RegisterChoice RC = chooseRegistersPerThread(Arch, RI);
  S.RegistersPerThread = RC.Registers;
  S.RegistersSource = toString(RC.Source);
  S.RegistersOrigin = RC.Origin;
  S.Assumptions = RC.Assumptions;

  // Shared memory per block.
  StaticSharedMemory SM = staticSharedMemory(K);
  if (P) {
    S.StaticSharedBytes = P->SharedBytes;
  } else {
    S.StaticSharedBytes = SM.Bytes;
    for (const std::string &B : SM.Unknown)
      S.Assumptions.push_back("the __shared__ buffer '" + B +
                              "' takes no shared memory (its size is not known)");
  }
  S.DynamicSharedBytes = uint64_t(std::max<int64_t>(0, L.SharedBytes));
  if (SM.HasDynamic && S.DynamicSharedBytes == 0)
    S.Assumptions.push_back("no dynamic shared memory (the kernel declares "
                            "extern __shared__ memory, but its size at the "
                            "launch is not a known constant)");
  S.SharedBytesPerBlock = S.StaticSharedBytes + S.DynamicSharedBytes;

  OccupancyInput In;
  In.ThreadsPerBlock = uint64_t(std::max<int64_t>(0, L.threadsPerBlock()));
  In.RegistersPerThread = S.RegistersPerThread;
  In.SharedBytesPerBlock = S.SharedBytesPerBlock;
  In.CarveoutPercent = O.CarveoutPercent;
  S.Detail = computeOccupancy(Arch, In);
  for (const std::string &A : S.Detail.Assumptions)
    S.Assumptions.push_back(A);
  S.BlocksPerSm = S.Detail.BlocksPerSm;
  S.WarpsPerSm = S.Detail.WarpsPerSm;
  S.Occupancy = S.Detail.Occupancy;
  S.Limiter = S.Detail.limiterName();
  std::string CC = std::to_string(Arch.Major) + "." + std::to_string(Arch.Minor);
  if (S.Detail.Valid)
    S.Origin = "occupancy calculator, compute capability " + CC + ", " +
               std::to_string(S.RegistersPerThread) + " registers and " +
               std::to_string(S.SharedBytesPerBlock) +
               " bytes of shared memory per thread block; limited by " +
               S.Limiter;
  else
    S.Origin = "the launch cannot run: " + S.Detail.Error;
  return S;
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
    E.Occupancy = kernelOccupancy(K, L, Arch, O);
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
    for (const std::string &S : E.Occupancy.Assumptions)
      if (std::find(E.Assumptions.begin(), E.Assumptions.end(), S) ==
          E.Assumptions.end())
        E.Assumptions.push_back(S);
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

llvm::json::Value toJSON(const OccupancySummary &S) {
  using llvm::json::Object;
  Object O{{"value", S.Occupancy},
           {"blocks_per_sm", S.BlocksPerSm},
           {"warps_per_sm", S.WarpsPerSm},
           {"limiter", S.Limiter},
           {"origin", S.Origin},
           {"registers_per_thread",
            Object{{"value", S.RegistersPerThread},
                   {"source", S.RegistersSource},
                   {"origin", S.RegistersOrigin}}},
           {"shared_bytes_per_block",
            Object{{"value", int64_t(S.SharedBytesPerBlock)},
                   {"static", int64_t(S.StaticSharedBytes)},
                   {"dynamic", int64_t(S.DynamicSharedBytes)}}},
           {"calculator", toJSON(S.Detail)}};
  if (!S.Detail.Valid)
    O["error"] = S.Detail.Error;
  return O;
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
      {"occupancy", toJSON(E.Occupancy)},
      {"cumapz", toJSON(E.CuMAPz)},
      {"assumptions",
       llvm::json::Array(E.Assumptions)}};
}

} // namespace warplint
