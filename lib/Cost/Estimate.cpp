//===- Estimate.cpp - Per-kernel estimates for one GPU --------------------===//
#include "Cost/Estimate.h"

#include "Cost/EstimateInternal.h"
#include "Cost/LocalMemory.h"

#include <algorithm>
#include <optional>

namespace warplint {

using estimate_detail::addUnique;

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

namespace {

/// What CuMAPz is fed for one launch: the GPU's memory partitions (8 of
/// 256 bytes when the description has none) and the launch's occupancy.
CuMAPzInputs cuMAPzInputsFor(const GpuModel &Gpu, const OccupancySummary &Occ,
                             const EstimateOptions &O) {
  CuMAPzInputs In;
  In.Gpu = Gpu;
  In.Channels = {Gpu.Partitions ? Gpu.Partitions : 8,
                 Gpu.PartitionWidth ? Gpu.PartitionWidth : 256};
  In.ModelChannelSkew = !Gpu.PartitionsHashed || O.ChannelSkewOnHashed;
  In.Occupancy = Occ.Occupancy;
  In.OccupancyOrigin = Occ.Origin;
  In.MaxBlocksPerSm = std::max(1u, Occ.BlocksPerSm);
  In.Enum = O.Analysis.Enum;
  return In;
}

} // namespace

std::vector<KernelEstimate> estimateKernel(const KernelFacts &Source,
                                           const std::vector<LaunchConfig> &Configs,
                                           const ArchSpec &Arch,
                                           const GpuModel &Gpu,
                                           const EstimateOptions &O) {
  std::vector<KernelEstimate> R;
  // Local arrays indexed at run time are device memory (Cost/LocalMemory.h):
  // the models see their accesses as the requests the GPU makes. Nothing
  // below keeps a pointer into these facts (Access pointers are cleared).
  std::vector<std::string> LocalNotes;
  std::optional<KernelFacts> WithLocal;
  if (auto Arrays = localMemoryArrays(Source); !Arrays.empty())
    WithLocal = withLocalMemoryRequests(Source, Arrays, LocalNotes);
  const KernelFacts &K = WithLocal ? *WithLocal : Source;
  for (const LaunchConfig &L : Configs) {
    KernelEstimate E;
    E.Kernel = K.Name;
    E.Config = L;
    E.Gpu = Gpu.Sm;
    E.ArchId = Arch.Id;
    E.ArchName = Arch.Name;
    E.Occupancy = kernelOccupancy(K, L, Arch, O);
    const CuMAPzInputs CIn = cuMAPzInputsFor(Gpu, E.Occupancy, O);
    E.CuMAPz = estimateCuMAPz(K, L, CIn);
    // warplint's model takes the camping of the blocks that run together:
    // one round of the whole GPU (every SM's resident blocks), not eq. 4's
    // n_blk_to_check (8 channels x 2 blocks on 1.x: 16 blocks of 64 bytes
    // cover half of the channels, which a 30-SM GPU's 60 blocks do not).
    ChannelSkewResult Round;
    if (CIn.ModelChannelSkew && Arch.SmCount)
      Round = analyzeChannelSkew(K, L, CIn.Channels, CIn.MaxBlocksPerSm, CIn.Enum,
                                 Arch.SmCount * CIn.MaxBlocksPerSm);
    if (E.Occupancy.Detail.Valid)
      E.Cycles = estimateCycles(K, L, Arch, Gpu, E.Occupancy, O,
                                Round.Analysed ? &Round : &E.CuMAPz.Channels);
    // The estimate outlives the facts: keep the texts, drop the pointers.
    E.CuMAPz.Channels.Worst = nullptr;
    for (ReferenceSkew &RS : E.CuMAPz.Channels.Refs)
      RS.Access = nullptr;
    E.Assumptions = L.Assumptions;
    addUnique(E.Assumptions, LocalNotes);
    addUnique(E.Assumptions, E.Occupancy.Assumptions);
    addUnique(E.Assumptions, E.CuMAPz.Assumptions);
    // The base Hong–Kim run's assumptions (its counts, Mem_LD, departure
    // delays, bank conflicts as computation) belong to the notes only when
    // a model of that family gives the total; warplint's model says its
    // own (they stay in the JSON's hong_kim.assumptions).
    if (E.Cycles.Model.Variant != HongKimVariant::Warplint)
      addUnique(E.Assumptions, E.Cycles.HongKim.Assumptions);
    addUnique(E.Assumptions, E.Cycles.ModelAssumptions);
    if (!E.Cycles.ModelNote.empty())
      E.Assumptions.push_back(E.Cycles.ModelNote);
    R.push_back(std::move(E));
  }
  return R;
}

} // namespace warplint
