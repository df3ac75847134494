//===- Occupancy.h - The CUDA occupancy calculator's rules -------*- C++ -*-===//
//
// How many blocks and warps of a kernel are resident on one SM, by the rules
// of NVIDIA's CUDA occupancy calculator (the CUDA_Occupancy_Calculator
// spreadsheet and the toolkit header cuda_occupancy.h), driven only by the
// values of an ArchSpec: warp, block, register and shared-memory limits,
// register allocation granularity and scope (per block on 1.x, per warp
// after), register-file sub-partitions, shared-memory allocation unit,
// per-block system reservation (8.0 on) and carveouts (7.0 on).
//
// Also the inputs of the calculator as warplint knows them: the registers
// per thread (an option, ptxas, -maxrregcount, __launch_bounds__ or a
// default, in that order) and the static shared memory of a kernel's
// __shared__ buffers. docs/models/occupancy.md describes every rule and
// its source.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_COST_OCCUPANCY_H
#define WARPLINT_COST_OCCUPANCY_H

#include "Facts/ArchSpec.h"
#include "Facts/KernelFacts.h"

#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// What bounds the resident blocks of an SM.
enum class OccupancyLimiter {
  Warps,        ///< resident warps (threads) per SM
  Blocks,       ///< resident blocks per SM
  Registers,    ///< the register file
  SharedMemory, ///< shared memory (the carveout)
};
/// "warps", "blocks", "registers", "shared memory".
const char *toString(OccupancyLimiter L);

struct OccupancyInput {
  uint64_t ThreadsPerBlock = 0;
  /// 0: the kernel uses no register (the register file sets no limit).
  unsigned RegistersPerThread = 0;
  /// Static plus dynamic shared memory of one block in bytes, as the kernel
  /// declares it (without the system's per-block reservation).
  uint64_t SharedBytesPerBlock = 0;
  /// cudaFuncAttributePreferredSharedMemoryCarveout: a percentage (0-100)
  /// of the largest shared-memory capacity. Used from 7.0 on; std::nullopt:
  /// no preference (the largest carveout, as cuda_occupancy.h assumes).
  std::optional<unsigned> CarveoutPercent;
};

struct OccupancyResult {
  /// False when the block cannot be launched at all (Error says why); every
  /// count is then 0.
  bool Valid = false;
  std::string Error;

  unsigned WarpsPerBlock = 0;
  unsigned BlocksPerSm = 0;
  unsigned WarpsPerSm = 0;
  double Occupancy = 0; ///< WarpsPerSm / MaxWarpsPerSm, 0..1

  /// Resident blocks per SM each factor alone allows; std::nullopt when the
  /// factor sets no limit (no register or no shared memory used).
  unsigned LimitWarps = 0;
  unsigned LimitBlocks = 0;
  std::optional<unsigned> LimitRegisters;
  std::optional<unsigned> LimitSharedMemory;
  /// The factor with the smallest limit; on a tie the first of warps,
  /// blocks, registers, shared memory. Limiters holds every tied factor.
  OccupancyLimiter Limiter = OccupancyLimiter::Warps;
  std::vector<OccupancyLimiter> Limiters;

  /// Registers allocated per warp (0 on 1.x, which allocates per block) and
  /// per block (on 2.0+ with the warps of the block, not rounded up to the
  /// sub-partitions).
  unsigned RegistersPerWarp = 0;
  unsigned RegistersPerBlock = 0;
  /// Shared memory one block takes from the SM: its own plus the system
  /// reservation, rounded up to the allocation unit.
  uint64_t SharedBytesAllocated = 0;
  /// The shared memory the SM runs the kernel with (the carveout from 7.0
  /// on), and the carveout in KiB (std::nullopt below 7.0).
  uint64_t SharedBytesPerSm = 0;
  std::optional<unsigned> CarveoutKB;

  /// What had to be assumed, each a phrase after "assuming".
  std::vector<std::string> Assumptions;

  const char *limiterName() const { return toString(Limiter); }
};

/// Occupancy of one block shape on \p A by the calculator's rules.
/// Impossible inputs give Valid false and Error, never a crash.
OccupancyResult computeOccupancy(const ArchSpec &A, const OccupancyInput &In);

llvm::json::Value toJSON(const OccupancyResult &R);

//===----------------------------------------------------------------------===//
// Registers per thread
//===----------------------------------------------------------------------===//

/// Where the register count came from.
enum class RegisterSource { Option, Ptxas, MaxRegCount, LaunchBounds, Default };
/// "option", "ptxas", "maxrregcount", "launch_bounds", "default".
const char *toString(RegisterSource S);

/// The default registers per thread when nothing says more
/// (docs/models/occupancy.md).
constexpr unsigned DefaultRegistersPerThread = 32;

struct RegisterInputs {
  std::optional<unsigned> Option;      ///< given by the user
  std::optional<unsigned> Ptxas;       ///< ptxas -v of this kernel
  std::optional<unsigned> MaxRegCount; ///< -maxrregcount of the command
  std::optional<LaunchBounds> Bounds;  ///< the kernel's __launch_bounds__
  unsigned Default = DefaultRegistersPerThread;
};

struct RegisterChoice {
  unsigned Registers = 0;
  RegisterSource Source = RegisterSource::Default;
  /// For notes: "the -maxrregcount 64 of the compile command".
  std::string Origin;
  std::vector<std::string> Assumptions;
};

/// The register cap L that __launch_bounds__(MaxThreads, MinBlocks) puts on
/// a kernel (CUDA C++ Programming Guide, "Launch Bounds"): the largest count
/// per thread with which MinBlocks blocks (1 when not given) of MaxThreads
/// threads fit the register file of \p A by the occupancy rules. std::nullopt
/// when no count does: the block is larger than the GPU allows, or MinBlocks
/// such blocks exceed its warp or block limit whatever the registers.
std::optional<unsigned> launchBoundsRegisterCap(const ArchSpec &A,
                                                int64_t MaxThreadsPerBlock,
                                                std::optional<int64_t> MinBlocksPerSm);

/// The registers per thread to compute occupancy with, in priority order:
/// an explicit option, ptxas's count, -maxrregcount (lowered to the launch
/// bounds' cap when that is smaller), __launch_bounds__ (the cap L with a
/// minimum block count, else the default capped by L), the default.
RegisterChoice chooseRegistersPerThread(const ArchSpec &A,
                                        const RegisterInputs &In);

//===----------------------------------------------------------------------===//
// Shared memory per block
//===----------------------------------------------------------------------===//

struct StaticSharedMemory {
  uint64_t Bytes = 0; ///< the sum over the buffers whose size is known
  /// Buffers whose size is not known (an unknown dimension or element
  /// size), by name; they count 0.
  std::vector<std::string> Unknown;
  bool HasDynamic = false; ///< an extern __shared__ buffer exists
};

/// The static shared memory of a kernel: the sum of its __shared__ buffers
/// (element size times every dimension), without padding between buffers.
StaticSharedMemory staticSharedMemory(const KernelFacts &K);

} // namespace warplint

#endif
