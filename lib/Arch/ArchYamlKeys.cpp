//===- ArchYamlKeys.cpp - The key table of arch/*.yaml --------------------===//
//
// Every key of an architecture file's 'values' (docs/arch.md, "Schema"):
// its type, unit, range and when it is required, and the helpers that
// phrase messages about keys.
//
//===----------------------------------------------------------------------===//
#include "ArchYamlInternal.h"

#include <algorithm>
#include <cstdio>

using namespace llvm;

namespace warplint {
namespace archyaml {
namespace {

KeyInfo intKey(const char *Name, Need R, bool Unk, double Min, double Max,
               unsigned ArchSpec::*F, bool Pow2 = false) {
  return {Name, VType::Int, R,       Unk,     Min,     Max,
          Pow2, F,          nullptr, nullptr, nullptr, nullptr};
}
KeyInfo realKey(const char *Name, Need R, bool Unk, double Min, double Max,
                double ArchSpec::*F) {
  return {Name,  VType::Real, R, Unk,     Min,     Max,
          false, nullptr,     F, nullptr, nullptr, nullptr};
}
KeyInfo listKey(const char *Name, Need R, double Min, double Max,
                std::vector<unsigned> ArchSpec::*F, bool Pow2) {
  return {Name, VType::IntList, R,       false,   Min,     Max,
          Pow2, nullptr,        nullptr, nullptr, nullptr, F};
}
KeyInfo otherKey(const char *Name, VType T, Need R, bool Unk) {
  return {Name,  T,       R,       Unk,     0,       0,
          false, nullptr, nullptr, nullptr, nullptr, nullptr};
}

constexpr double KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;

} // namespace

const std::vector<KeyInfo> &keyTable() {
  using A = ArchSpec;
  static const std::vector<KeyInfo> Keys = {
      otherKey("compute_capability", VType::CC, Need::Always, false),
      intKey("sm_count", Need::Always, false, 1, 1024, &A::SmCount),
      realKey("core_clock_mhz", Need::Always, true, 50, 5000, &A::CoreClockMHz),
      realKey("mem_clock_mhz", Need::Optional, true, 50, 50000,
              &A::MemClockMHz),
      {"mem_type", VType::String, Need::Optional, true, 0, 0, false, nullptr,
       nullptr, &A::MemType, nullptr, nullptr},
      intKey("bus_width_bits", Need::Optional, true, 8, 65536,
             &A::BusWidthBits),
      realKey("dram_bandwidth_gbs", Need::Always, true, 0.1, 1e5,
              &A::DramBandwidthGBs),
      intKey("warp_size", Need::Always, false, 32, 32, &A::WarpSize),
      // Occupancy (CUDA occupancy calculator).
      intKey("max_threads_per_sm", Need::Always, false, 32, 8192,
             &A::MaxThreadsPerSm),
      intKey("max_warps_per_sm", Need::Always, false, 1, 256,
             &A::MaxWarpsPerSm),
      intKey("max_blocks_per_sm", Need::Always, false, 1, 256,
             &A::MaxBlocksPerSm),
      intKey("max_threads_per_block", Need::Always, false, 32, 8192,
             &A::MaxThreadsPerBlock),
      intKey("regs_per_sm", Need::Always, false, 1024, 1 << 20, &A::RegsPerSm),
      intKey("regs_per_block", Need::Optional, false, 1024, 1 << 20,
             &A::RegsPerBlock),
      intKey("max_regs_per_thread", Need::Always, false, 16, 1024,
             &A::MaxRegsPerThread),
      intKey("reg_alloc_unit", Need::Always, false, 1, 65536, &A::RegAllocUnit),
      otherKey("reg_alloc_scope", VType::RegScope, Need::Always, false),
      intKey("warp_alloc_granularity", Need::Always, false, 1, 64,
             &A::WarpAllocGranularity),
      intKey("reg_subpartitions", Need::Always, false, 1, 16,
             &A::RegSubpartitions),
      intKey("smem_per_sm_bytes", Need::Always, false, 1 * KiB, 16 * MiB,
             &A::SmemPerSmBytes),
      intKey("smem_per_block_bytes", Need::Always, false, 1 * KiB, 16 * MiB,
             &A::SmemPerBlockBytes),
      intKey("smem_per_block_optin_bytes", Need::CC7Plus, false, 1 * KiB,
             16 * MiB, &A::SmemPerBlockOptinBytes),
      intKey("smem_alloc_unit_bytes", Need::Always, false, 1, 64 * KiB,
             &A::SmemAllocUnit, /*Pow2=*/true),
      intKey("smem_reserved_per_block_bytes", Need::Always, false, 0, 64 * KiB,
             &A::SmemReservedPerBlock),
      listKey("smem_carveouts_kb", Need::CC7Plus, 0, 16 * KiB,
              &A::SmemCarveoutsKB,
              /*Pow2=*/false),
      // Shared memory banks.
      intKey("smem_banks", Need::Always, false, 1, 64, &A::SmemBanks),
      intKey("smem_bank_width_bytes", Need::Always, false, 4, 8,
             &A::SmemBankWidthBytes,
             /*Pow2=*/true),
      otherKey("bank_conflict_scope", VType::BankScope, Need::Always, false),
      // Global memory.
      intKey("mem_partitions", Need::Unhashed, true, 1, 1024,
             &A::MemPartitions),
      intKey("partition_width_bytes", Need::Unhashed, true, 1, 1 * MiB,
             &A::PartitionWidthBytes, /*Pow2=*/true),
      {"partitions_hashed", VType::Bool, Need::Always, false, 0, 0, false,
       nullptr, nullptr, nullptr, &A::PartitionsHashed, nullptr},
      listKey("transaction_sizes_bytes", Need::CC1x, 1, 4096,
              &A::TransactionSizes,
              /*Pow2=*/true),
      intKey("l1_size_bytes", Need::Optional, true, 0, 1 * GiB, &A::L1Bytes),
      intKey("l1_line_bytes", Need::Optional, true, 4, 4096, &A::L1LineBytes,
             true),
      intKey("l1_sector_bytes", Need::Optional, true, 4, 4096,
             &A::L1SectorBytes, true),
      intKey("l1_mshrs", Need::Optional, true, 1, 65536, &A::L1Mshrs),
      intKey("l2_size_bytes", Need::CC2Plus, true, 0, 1 * GiB, &A::L2Bytes),
      intKey("l2_line_bytes", Need::Optional, true, 4, 4096, &A::L2LineBytes,
             true),
      intKey("l2_sector_bytes", Need::Optional, true, 4, 4096,
             &A::L2SectorBytes, true),
      intKey("l2_assoc", Need::Optional, true, 1, 4096, &A::L2Assoc),
      realKey("noc_bandwidth_gbs", Need::Optional, true, 0.1, 1e6,
              &A::NocBandwidthGBs),
      // Latencies, core cycles.
      realKey("lat_l1_hit_cycles", Need::Optional, true, 1, 1e5,
              &A::LatL1HitCycles),
      realKey("lat_smem_cycles", Need::Optional, true, 1, 1e5,
              &A::LatSmemCycles),
      realKey("lat_l2_hit_cycles", Need::Optional, true, 1, 1e5,
              &A::LatL2HitCycles),
      realKey("lat_dram_cycles", Need::Optional, true, 1, 1e5,
              &A::LatDramCycles),
      realKey("block_launch_cycles", Need::Optional, true, 1, 1e5,
              &A::BlockLaunchCycles),
      intKey("readonly_cache_bytes", Need::Optional, true, 0, 1 * GiB,
             &A::ReadOnlyCacheBytes),
      // Hong-Kim ISCA'09 Table 1 / Table 6.
      realKey("hk_mem_ld_cycles", Need::Optional, true, 1, 1e5, &A::HkMemLd),
      realKey("hk_departure_del_uncoal_cycles", Need::Optional, true, 0.001,
              1e5, &A::HkDepartureDelUncoal),
      realKey("hk_departure_del_coal_cycles", Need::Optional, true, 0.001, 1e5,
              &A::HkDepartureDelCoal),
      realKey("hk_issue_cycles", Need::Optional, true, 0.01, 1000,
              &A::HkIssueCycles),
      // CGPredict TECS'17 Table 3.
      realKey("cg_departure_del_l2_cycles", Need::Optional, true, 0.001, 1e5,
              &A::CgDepartureDelL2),
      realKey("cg_departure_del_dram_cycles", Need::Optional, true, 0.001, 1e5,
              &A::CgDepartureDelDram),
  };
  return Keys;
}

const KeyInfo *lookupKey(StringRef Name) {
  for (const KeyInfo &K : keyTable())
    if (Name == K.Name)
      return &K;
  return nullptr;
}

/// The unit a key's name carries, for messages.
StringRef unitOf(StringRef Key) {
  if (Key.ends_with("_mhz"))
    return "MHz";
  if (Key.ends_with("_gbs"))
    return "GB/s";
  if (Key.ends_with("_bytes"))
    return "bytes";
  if (Key.ends_with("_bits"))
    return "bits";
  if (Key.ends_with("_kb"))
    return "KiB";
  if (Key.ends_with("_cycles"))
    return "cycles";
  return "";
}

/// 2048, 0.1, 1e+05: as short as the value allows.
std::string num(double X) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.10g", X);
  return Buf;
}

/// "did you mean 'x'?" among \p Candidates, or "".
std::string didYouMean(StringRef Word, ArrayRef<StringRef> Candidates) {
  StringRef Best;
  unsigned BestDist = ~0u;
  for (StringRef C : Candidates) {
    unsigned D = Word.edit_distance(C, /*AllowReplacements=*/true,
                                    /*MaxEditDistance=*/BestDist);
    if (D < BestDist)
      BestDist = D, Best = C;
  }
  // Close enough: a few typos, not a different word.
  unsigned Limit = std::max<unsigned>(2, Word.size() / 4);
  if (Best.empty() || BestDist > Limit)
    return "";
  return ("; did you mean '" + Best + "'?").str();
}

} // namespace archyaml
} // namespace warplint
