//===- Occupancy.cpp - The CUDA occupancy calculator's rules --------------===//
//
// The rules, their order and their sources are in docs/models/occupancy.md.
//
//===----------------------------------------------------------------------===//
#include "Cost/Occupancy.h"

#include <algorithm>
#include <limits>

namespace warplint {

const char *toString(OccupancyLimiter L) {
  switch (L) {
  case OccupancyLimiter::Warps:
    return "warps";
  case OccupancyLimiter::Blocks:
    return "blocks";
  case OccupancyLimiter::Registers:
    return "registers";
  case OccupancyLimiter::SharedMemory:
    return "shared memory";
  }
  return "?";
}

const char *toString(RegisterSource S) {
  switch (S) {
  case RegisterSource::Option:
    return "option";
  case RegisterSource::Ptxas:
    return "ptxas";
  case RegisterSource::MaxRegCount:
    return "maxrregcount";
  case RegisterSource::LaunchBounds:
    return "launch_bounds";
  case RegisterSource::Default:
    return "default";
  }
  return "?";
}

namespace {

uint64_t roundUp(uint64_t V, uint64_t Unit) {
  return Unit > 1 ? (V + Unit - 1) / Unit * Unit : V;
}

uint64_t divUp(uint64_t V, uint64_t D) { return D ? (V + D - 1) / D : 0; }

std::string cc(const ArchSpec &A) {
  return std::to_string(A.Major) + "." + std::to_string(A.Minor);
}

/// "sm_80 (NVIDIA A100-SXM4-40GB (GA100))"
std::string gpuName(const ArchSpec &A) {
  return A.Name.empty() ? A.sm() : A.sm() + " (" + A.Name + ")";
}

std::string kib(uint64_t Bytes) {
  if (Bytes % 1024 == 0)
    return std::to_string(Bytes / 1024) + " KiB";
  return std::to_string(Bytes) + " bytes";
}

OccupancyResult invalid(OccupancyLimiter L, std::string Error,
                        std::vector<std::string> Assumptions = {}) {
  OccupancyResult R;
  R.Valid = false;
  R.Error = std::move(Error);
  R.Limiter = L;
  R.Limiters = {L};
  R.Assumptions = std::move(Assumptions);
  return R;
}

/// Why a block of \p In cannot be launched on \p A at all (CUDA C++
/// Programming Guide, Technical Specifications per Compute Capability), or
/// nothing. Adds to \p Assumed what the launch takes for granted.
std::optional<OccupancyResult>
launchLimitFailure(const ArchSpec &A, const OccupancyInput &In,
                   std::vector<std::string> &Assumed) {
  if (A.WarpSize == 0 || A.MaxWarpsPerSm == 0 || A.MaxBlocksPerSm == 0 ||
      A.MaxThreadsPerBlock == 0 || A.RegsPerSm == 0 || A.SmemPerSmBytes == 0)
    return invalid(OccupancyLimiter::Warps,
                   "the description of " + gpuName(A) +
                       " lacks an occupancy limit (warps, blocks, threads per "
                       "block, registers or shared memory per SM)");

  // Launch limits: a block that breaks one cannot be launched.
  const uint64_t T = In.ThreadsPerBlock;
  if (T == 0)
    return invalid(OccupancyLimiter::Warps, "a block of 0 threads");
  if (T > A.MaxThreadsPerBlock)
    return invalid(OccupancyLimiter::Warps,
                   "a block of " + std::to_string(T) + " threads exceeds the " +
                       std::to_string(A.MaxThreadsPerBlock) +
                       " threads per block of " + gpuName(A));
  const unsigned R = In.RegistersPerThread;
  if (A.MaxRegsPerThread && R > A.MaxRegsPerThread)
    return invalid(OccupancyLimiter::Registers,
                   std::to_string(R) + " registers per thread exceed the " +
                       std::to_string(A.MaxRegsPerThread) +
                       " registers per thread of " + gpuName(A));
  const uint64_t S = In.SharedBytesPerBlock;
  const uint64_t SmemBlockMax = A.SmemPerBlockOptinBytes
                                    ? A.SmemPerBlockOptinBytes
                                    : A.SmemPerBlockBytes;
  if (SmemBlockMax && S > SmemBlockMax)
    return invalid(OccupancyLimiter::SharedMemory,
                   std::to_string(S) + " bytes of shared memory per block exceed "
                       "the " + std::to_string(SmemBlockMax) + " bytes per block of " +
                       gpuName(A) +
                       (A.SmemPerBlockOptinBytes > A.SmemPerBlockBytes
                            ? " (with the opt-in)"
                            : ""));
  if (A.SmemPerBlockBytes && S > A.SmemPerBlockBytes)
    Assumed.push_back("the kernel opts in to more than " +
                      std::to_string(A.SmemPerBlockBytes) +
                      " bytes of shared memory per block "
                      "(cudaFuncAttributeMaxDynamicSharedMemorySize)");
  if (In.CarveoutPercent && *In.CarveoutPercent > 100)
    return invalid(OccupancyLimiter::SharedMemory,
                   "a shared-memory carveout preference of " +
                       std::to_string(*In.CarveoutPercent) +
                       "% (it is a percentage, 0 to 100)");
  return std::nullopt;
}

/// 1.x: registers are allocated per block, the warps rounded up to the warp
/// allocation granularity, then the registers to the allocation unit. Sets
/// the register figures and limit of \p Res, or says why the block cannot
/// be launched.
std::optional<std::string> blockRegisterLimit(const ArchSpec &A,
                                              const OccupancyInput &In,
                                              uint64_t RegsBlockMax,
                                              OccupancyResult &Res) {
  const uint64_t T = In.ThreadsPerBlock;
  const unsigned R = In.RegistersPerThread;
  uint64_t Warps = roundUp(Res.WarpsPerBlock, std::max(1u, A.WarpAllocGranularity));
  uint64_t PerBlock = roundUp(Warps * R * A.WarpSize, A.RegAllocUnit);
  Res.RegistersPerBlock = unsigned(PerBlock);
  if (PerBlock > RegsBlockMax)
    return "a block of " + std::to_string(T) + " threads at " +
           std::to_string(R) + " registers is allocated " +
           std::to_string(PerBlock) + " registers, more than the " +
           std::to_string(RegsBlockMax) + " per block of " +
           gpuName(A) + " (too many resources requested for launch)";
  Res.LimitRegisters = unsigned(A.RegsPerSm / PerBlock);
  return std::nullopt;
}

/// 2.0 on: registers are allocated per warp, rounded up to the allocation
/// unit; the register file is split into sub-partitions, each holding
/// whole warps. As blockRegisterLimit().
std::optional<std::string> warpRegisterLimit(const ArchSpec &A,
                                             const OccupancyInput &In,
                                             uint64_t RegsBlockMax,
                                             OccupancyResult &Res) {
  const uint64_t T = In.ThreadsPerBlock;
  const unsigned R = In.RegistersPerThread;
  uint64_t Sub = std::max(1u, A.RegSubpartitions);
  uint64_t PerWarp = roundUp(uint64_t(R) * A.WarpSize, A.RegAllocUnit);
  Res.RegistersPerWarp = unsigned(PerWarp);
  Res.RegistersPerBlock = unsigned(PerWarp * Res.WarpsPerBlock);
  // The launch check assumes the block's warps spread over every
  // sub-partition: warps rounded up to a multiple of the sub-partitions.
  uint64_t Checked = PerWarp * roundUp(Res.WarpsPerBlock, Sub);
  uint64_t Need = std::max<uint64_t>(Checked, Res.RegistersPerBlock);
  if (Need > RegsBlockMax)
    return "a block of " + std::to_string(T) + " threads at " +
           std::to_string(R) + " registers needs " +
           std::to_string(Need) + " registers (" +
           std::to_string(PerWarp) + " per warp" +
           (Checked > Res.RegistersPerBlock
                ? ", warps rounded up to " + std::to_string(Sub) +
                      " register partitions"
                : std::string()) +
           "), more than the " + std::to_string(RegsBlockMax) +
           " per block of " + gpuName(A) +
           " (too many resources requested for launch)";
  uint64_t WarpsPerSub = (A.RegsPerSm / Sub) / PerWarp;
  uint64_t Warps = WarpsPerSub * Sub;
  if (A.WarpAllocGranularity > 1)
    Warps = Warps / A.WarpAllocGranularity * A.WarpAllocGranularity;
  Res.LimitRegisters = unsigned(Warps / Res.WarpsPerBlock);
  return std::nullopt;
}

/// The shared memory a block is allocated and the SM's shared memory: on
/// 7.0 on, one of the carveouts, chosen as the calculator does.
void chooseSharedMemoryPerSm(const ArchSpec &A, const OccupancyInput &In,
                             OccupancyResult &Res,
                             std::vector<std::string> &Assumed) {
  const uint64_t S = In.SharedBytesPerBlock;
  Res.SharedBytesAllocated =
      roundUp(S + A.SmemReservedPerBlock, std::max(1u, A.SmemAllocUnit));
  Res.SharedBytesPerSm = A.SmemPerSmBytes;
  if (!A.SmemCarveoutsKB.empty()) {
    // 7.0 on: the SM runs the kernel with one of the carveouts. A
    // preference (a percentage of the largest) is rounded up to the next
    // carveout; it is used when one block fits it, else the largest is.
    // Without a preference the calculator takes the largest.
    uint64_t Largest = A.SmemPerSmBytes;
    uint64_t Chosen = Largest;
    if (In.CarveoutPercent) {
      uint64_t Pref = Largest * *In.CarveoutPercent / 100;
      for (unsigned KB : A.SmemCarveoutsKB)
        if (uint64_t(KB) * 1024 >= Pref) {
          Chosen = uint64_t(KB) * 1024;
          break;
        }
      if (Chosen < Res.SharedBytesAllocated) {
        Assumed.push_back("the largest shared-memory carveout, " + kib(Largest) +
                          ": the preferred " + std::to_string(*In.CarveoutPercent) +
                          "% rounds to " + kib(Chosen) + ", which cannot hold one "
                          "block's " + std::to_string(Res.SharedBytesAllocated) +
                          " bytes");
        Chosen = Largest;
      }
    } else if (S > 0) {
      Assumed.push_back("the largest shared-memory carveout, " + kib(Largest) +
                        " (no carveout preference given; the driver may choose "
                        "a smaller one)");
    }
    Res.SharedBytesPerSm = Chosen;
    Res.CarveoutKB = unsigned(Chosen / 1024);
  } else if (In.CarveoutPercent) {
    Assumed.push_back("no shared-memory carveout: compute capability " + cc(A) +
                      " has a fixed " + kib(A.SmemPerSmBytes) +
                      " of shared memory per SM for this model (the preference "
                      "is ignored)");
  }
  if (A.Major == 1 && S > 0)
    Assumed.push_back("the kernel's arguments, which compute capability 1.x "
                      "keeps in shared memory (up to 256 bytes), are not "
                      "counted");
}

/// The resident blocks: the smallest limit, and every limit that equals it.
void chooseResidentBlocks(const ArchSpec &A, OccupancyResult &Res) {
  unsigned Blocks = std::min(Res.LimitWarps, Res.LimitBlocks);
  if (Res.LimitRegisters)
    Blocks = std::min(Blocks, *Res.LimitRegisters);
  if (Res.LimitSharedMemory)
    Blocks = std::min(Blocks, *Res.LimitSharedMemory);
  if (Res.LimitWarps == Blocks)
    Res.Limiters.push_back(OccupancyLimiter::Warps);
  if (Res.LimitBlocks == Blocks)
    Res.Limiters.push_back(OccupancyLimiter::Blocks);
  if (Res.LimitRegisters && *Res.LimitRegisters == Blocks)
    Res.Limiters.push_back(OccupancyLimiter::Registers);
  if (Res.LimitSharedMemory && *Res.LimitSharedMemory == Blocks)
    Res.Limiters.push_back(OccupancyLimiter::SharedMemory);
  Res.Limiter = Res.Limiters.front();
  Res.BlocksPerSm = Blocks;
  Res.WarpsPerSm = Blocks * Res.WarpsPerBlock;
  Res.Occupancy = double(Res.WarpsPerSm) / double(A.MaxWarpsPerSm);
}

} // namespace

OccupancyResult computeOccupancy(const ArchSpec &A, const OccupancyInput &In) {
  std::vector<std::string> Assumed;
  if (std::optional<OccupancyResult> Failure =
          launchLimitFailure(A, In, Assumed))
    return *Failure;
  const uint64_t T = In.ThreadsPerBlock;
  const unsigned R = In.RegistersPerThread;

  OccupancyResult Res;
  Res.WarpsPerBlock = unsigned(divUp(T, A.WarpSize));

  // Warps and blocks.
  Res.LimitWarps = A.MaxWarpsPerSm / Res.WarpsPerBlock;
  Res.LimitBlocks = A.MaxBlocksPerSm;

  // Registers.
  const uint64_t RegsBlockMax = A.RegsPerBlock ? A.RegsPerBlock : A.RegsPerSm;
  if (R > 0) {
    std::optional<std::string> Error =
        A.RegScope == RegAllocScope::Block
            ? blockRegisterLimit(A, In, RegsBlockMax, Res)
            : warpRegisterLimit(A, In, RegsBlockMax, Res);
    if (Error)
      return invalid(OccupancyLimiter::Registers, std::move(*Error), Assumed);
  }

  // Shared memory.
  chooseSharedMemoryPerSm(A, In, Res, Assumed);
  if (Res.SharedBytesAllocated > 0) {
    Res.LimitSharedMemory = unsigned(Res.SharedBytesPerSm / Res.SharedBytesAllocated);
    if (*Res.LimitSharedMemory == 0)
      return invalid(OccupancyLimiter::SharedMemory,
                     "a block takes " + std::to_string(Res.SharedBytesAllocated) +
                         " bytes of shared memory, more than the " +
                         std::to_string(Res.SharedBytesPerSm) + " per SM of " +
                         gpuName(A),
                     Assumed);
  }
  if (Res.LimitRegisters && *Res.LimitRegisters == 0)
    return invalid(OccupancyLimiter::Registers,
                   "not one block of " + std::to_string(T) + " threads at " +
                       std::to_string(R) + " registers fits the register file of " +
                       gpuName(A),
                   Assumed);

  chooseResidentBlocks(A, Res);
  Res.Valid = true;
  Res.Assumptions = std::move(Assumed);
  return Res;
}

llvm::json::Value toJSON(const OccupancyResult &R) {
  using llvm::json::Object;
  using llvm::json::Value;
  auto Opt = [](const std::optional<unsigned> &V) {
    return V ? Value(*V) : Value(nullptr);
  };
  llvm::json::Array Limiters;
  for (OccupancyLimiter L : R.Limiters)
    Limiters.push_back(toString(L));
  Object O{{"valid", R.Valid},
           {"blocks_per_sm", R.BlocksPerSm},
           {"warps_per_sm", R.WarpsPerSm},
           {"warps_per_block", R.WarpsPerBlock},
           {"occupancy", R.Occupancy},
           {"limiter", toString(R.Limiter)},
           {"limiters", std::move(Limiters)},
           {"limits", Object{{"warps", R.LimitWarps},
                             {"blocks", R.LimitBlocks},
                             {"registers", Opt(R.LimitRegisters)},
                             {"shared_memory", Opt(R.LimitSharedMemory)}}},
           {"registers_per_warp", R.RegistersPerWarp},
           {"registers_per_block", R.RegistersPerBlock},
           {"shared_bytes_allocated", int64_t(R.SharedBytesAllocated)},
           {"shared_bytes_per_sm", int64_t(R.SharedBytesPerSm)},
           {"carveout_kb", Opt(R.CarveoutKB)},
           {"assumptions", llvm::json::Array(R.Assumptions)}};
  if (!R.Valid)
    O["error"] = R.Error;
  return O;
}

//===----------------------------------------------------------------------===//
// Registers per thread
//===----------------------------------------------------------------------===//

std::optional<unsigned> launchBoundsRegisterCap(const ArchSpec &A,
                                                int64_t MaxThreadsPerBlock,
                                                std::optional<int64_t> MinBlocksPerSm) {
  if (MaxThreadsPerBlock < 1 || uint64_t(MaxThreadsPerBlock) > A.MaxThreadsPerBlock)
    return std::nullopt;
  int64_t MinBlocks = std::max<int64_t>(1, MinBlocksPerSm.value_or(1));
  // Bounds the warp or block limit already forbids: no register count
  // meets them.
  if (A.WarpSize == 0 || MinBlocks > int64_t(A.MaxBlocksPerSm) ||
      MinBlocks * int64_t(divUp(uint64_t(MaxThreadsPerBlock), A.WarpSize)) >
          int64_t(A.MaxWarpsPerSm))
    return std::nullopt;
  // The largest count whose register limit still lets MinBlocks blocks of
  // MaxThreadsPerBlock threads reside (only the register file counts: the
  // compiler cannot change the other limits).
  for (unsigned R = A.MaxRegsPerThread; R >= 1; --R) {
    OccupancyInput In;
    In.ThreadsPerBlock = uint64_t(MaxThreadsPerBlock);
    In.RegistersPerThread = R;
    OccupancyResult O = computeOccupancy(A, In);
    if (O.Valid && O.LimitRegisters && int64_t(*O.LimitRegisters) >= MinBlocks)
      return R;
  }
  return std::nullopt;
}

static std::string boundsText(const LaunchBounds &B) {
  std::string S = "__launch_bounds__(" + std::to_string(B.MaxThreadsPerBlock);
  if (B.MinBlocksPerSM)
    S += ", " + std::to_string(*B.MinBlocksPerSM);
  return S + ")";
}

RegisterChoice chooseRegistersPerThread(const ArchSpec &A,
                                        const RegisterInputs &In) {
  RegisterChoice C;
  if (In.Option) {
    C.Registers = *In.Option;
    C.Source = RegisterSource::Option;
    C.Origin = std::to_string(C.Registers) + " registers per thread, as given";
    return C;
  }
  if (In.Ptxas) {
    C.Registers = *In.Ptxas;
    C.Source = RegisterSource::Ptxas;
    C.Origin = std::to_string(C.Registers) + " registers per thread, from ptxas";
    return C;
  }
  std::optional<unsigned> Cap;
  std::string Bounds;
  if (In.Bounds && In.Bounds->MaxThreadsPerBlock > 0) {
    Bounds = boundsText(*In.Bounds);
    Cap = launchBoundsRegisterCap(A, In.Bounds->MaxThreadsPerBlock,
                                  In.Bounds->MinBlocksPerSM);
    if (!Cap)
      C.Assumptions.push_back("no register cap from " + Bounds + ": no register "
                              "count lets it be met on " + A.sm());
  }
  if (In.MaxRegCount && *In.MaxRegCount > 0) {
    unsigned N = *In.MaxRegCount;
    if (A.MaxRegsPerThread && N > A.MaxRegsPerThread) {
      C.Assumptions.push_back("-maxrregcount " + std::to_string(N) +
                              " is above the " + std::to_string(A.MaxRegsPerThread) +
                              " registers per thread of " + A.sm() +
                              ": the compiler keeps to " +
                              std::to_string(A.MaxRegsPerThread));
      N = A.MaxRegsPerThread;
    }
    if (Cap && *Cap < N) {
      C.Registers = *Cap;
      C.Source = RegisterSource::LaunchBounds;
      C.Origin = std::to_string(*Cap) + " registers per thread, the cap of " +
                 Bounds + " (below -maxrregcount " +
                 std::to_string(*In.MaxRegCount) + ")";
      C.Assumptions.push_back("the kernel uses all " + std::to_string(*Cap) +
                              " registers per thread " + Bounds +
                              " allows (the compiler may use fewer)");
      return C;
    }
    C.Registers = N;
    C.Source = RegisterSource::MaxRegCount;
    C.Origin = std::to_string(N) +
               " registers per thread, the -maxrregcount of the compile command";
    C.Assumptions.push_back("the kernel uses all " + std::to_string(N) +
                            " registers per thread -maxrregcount allows (the "
                            "compiler may use fewer)");
    return C;
  }
  if (Cap) {
    if (In.Bounds->MinBlocksPerSM) {
      // With a minimum block count the compiler may raise register use up
      // to L (Programming Guide, "Launch Bounds").
      C.Registers = *Cap;
      C.Source = RegisterSource::LaunchBounds;
      C.Origin = std::to_string(*Cap) + " registers per thread, the cap of " + Bounds;
      C.Assumptions.push_back("the kernel uses all " + std::to_string(*Cap) +
                              " registers per thread " + Bounds +
                              " allows (the compiler may use fewer)");
      return C;
    }
    // Without one, the compiler uses the usual heuristics below L.
    if (*Cap < In.Default) {
      C.Registers = *Cap;
      C.Source = RegisterSource::LaunchBounds;
      C.Origin = std::to_string(*Cap) + " registers per thread, the cap of " +
                 Bounds + " (below the default " + std::to_string(In.Default) + ")";
      C.Assumptions.push_back("the kernel uses all " + std::to_string(*Cap) +
                              " registers per thread " + Bounds +
                              " allows (the compiler may use fewer)");
      return C;
    }
    C.Registers = In.Default;
    C.Source = RegisterSource::Default;
    C.Origin = std::to_string(In.Default) + " registers per thread, the default "
               "(within the cap of " + std::to_string(*Cap) + " of " + Bounds + ")";
    C.Assumptions.push_back(std::to_string(In.Default) +
                            " registers per thread (the default; " + Bounds +
                            " caps it at " + std::to_string(*Cap) + ")");
    return C;
  }
  C.Registers = In.Default;
  C.Source = RegisterSource::Default;
  C.Origin = std::to_string(In.Default) + " registers per thread, the default";
  C.Assumptions.push_back(std::to_string(In.Default) +
                          " registers per thread (the default: no register "
                          "option, ptxas count, -maxrregcount or "
                          "__launch_bounds__)");
  return C;
}

//===----------------------------------------------------------------------===//
// Shared memory per block
//===----------------------------------------------------------------------===//

StaticSharedMemory staticSharedMemory(const KernelFacts &K) {
  StaticSharedMemory R;
  constexpr uint64_t Cap = uint64_t(1) << 40; // far above any GPU
  for (const SharedBufferFacts &B : K.SharedBuffers) {
    if (B.Dynamic) {
      R.HasDynamic = true;
      continue;
    }
    uint64_t Bytes = B.ElementSize;
    bool Known = B.ElementSize > 0;
    for (const std::optional<int64_t> &D : B.Dims) {
      if (!D || *D < 0) {
        Known = false;
        break;
      }
      Bytes = std::min<uint64_t>(Cap, Bytes * uint64_t(*D));
    }
    if (!Known) {
      R.Unknown.push_back(B.Name);
      continue;
    }
    R.Bytes = std::min(Cap, R.Bytes + Bytes);
  }
  return R;
}

} // namespace warplint
