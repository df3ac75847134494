//===- ArchSpec.h - One GPU's parameters, as plain values -------*- C++ -*-===//
//
// What the models need to know of a GPU: compute capability, the occupancy
// calculator's limits and granularities, the memory system (bandwidth,
// partitions, caches, latencies) and the fitted constants of the Hong–Kim
// model. Filled from arch/<id>.yaml by lib/Arch (llvm::yaml, validated);
// the models read only this struct, so they are unit-tested with values
// written in the test.
//
// Every value loaded from a file has a provenance entry in Sources, keyed by
// the YAML key (docs/arch.md): what kind of source it is and which. The
// member defaults below are for specs built in code; a spec loaded from a
// file holds 0 (unknown) for every optional key the file does not give.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FACTS_ARCHSPEC_H
#define WARPLINT_FACTS_ARCHSPEC_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// How a value is known (docs/arch.md, "Provenance").
enum class ProvenanceKind {
  Spec,     ///< vendor or programming-guide specification
  Reported, ///< cudaGetDeviceProperties / deviceQuery output
  Measured, ///< microbenchmark on that GPU
  Proxy,    ///< measurement on a sibling GPU
  Paper,    ///< a model paper's published parameter
  Sim,      ///< a GPGPU-Sim / Accel-Sim configuration value
  Rule,     ///< occupancy-calculator rule
  Estimate, ///< derived or assumed
  Recalled, ///< from memory of the cited source, not re-verified
  Unknown,  ///< no value found: the field holds 0 and the source says where
            ///< it was looked for
};
const char *toString(ProvenanceKind K);
std::optional<ProvenanceKind> parseProvenanceKind(const std::string &S);

struct Provenance {
  ProvenanceKind Kind = ProvenanceKind::Estimate;
  std::string Source; ///< e.g. "occ13", "hongkim", "vendor"
  std::string Note;   ///< free text, may be empty
};

/// How registers are allocated (CUDA occupancy calculator): per block on
/// compute capability 1.x, per warp from 2.0 on.
enum class RegAllocScope { Block, Warp };

/// Lanes that are served together by the shared-memory banks.
enum class BankScope { HalfWarp, Warp };

struct ArchSpec {
  // Identity ----------------------------------------------------------------
  std::string Id;   ///< file stem: "a100_sxm4_40gb"
  std::string Name; ///< "NVIDIA A100-SXM4-40GB (GA100)"
  int Major = 0, Minor = 0;
  /// sm_XX names this GPU stands for when a user names only the
  /// architecture (--arch=sm_80); docs/arch.md lists them.
  std::vector<std::string> StandsFor;
  /// Free text from the file (what the configuration is); may be empty.
  std::string Description;
  /// Where the spec was loaded from ("arch/a100_sxm4_40gb.yaml" for the
  /// built-in files); empty for a spec built in code.
  std::string File;

  // Chip --------------------------------------------------------------------
  unsigned SmCount = 0;
  double CoreClockMHz = 0; ///< the clock cycles are counted in
  double MemClockMHz = 0;  ///< deviceQuery convention; 0 when unknown
  unsigned BusWidthBits = 0;
  double DramBandwidthGBs = 0; ///< peak, 1e9 bytes per second
  std::string MemType;         ///< "HBM2e"; empty when not given
  unsigned WarpSize = 32;

  // Occupancy (CUDA occupancy calculator) -----------------------------------
  unsigned MaxThreadsPerSm = 0;
  unsigned MaxWarpsPerSm = 0;
  unsigned MaxBlocksPerSm = 0;
  unsigned MaxThreadsPerBlock = 0;
  unsigned RegsPerSm = 0;
  unsigned RegsPerBlock = 0; ///< 0: same as RegsPerSm
  unsigned MaxRegsPerThread = 0;
  unsigned RegAllocUnit = 0;
  RegAllocScope RegScope = RegAllocScope::Warp;
  unsigned WarpAllocGranularity = 1;
  unsigned RegSubpartitions = 1;
  unsigned SmemPerSmBytes = 0;
  unsigned SmemPerBlockBytes = 0;      ///< without opt-in
  unsigned SmemPerBlockOptinBytes = 0; ///< 0: same as SmemPerBlockBytes
  unsigned SmemAllocUnit = 0;
  unsigned SmemReservedPerBlock = 0;
  /// Shared-memory carveout steps in KiB (7.0+); empty: fixed SmemPerSm.
  std::vector<unsigned> SmemCarveoutsKB;

  // Shared memory banks -----------------------------------------------------
  unsigned SmemBanks = 32;
  unsigned SmemBankWidthBytes = 4;
  BankScope BankConflictScope = BankScope::Warp;

  // Global memory -----------------------------------------------------------
  /// Memory partitions (channels) and the bytes of contiguous address space
  /// each takes before the next (CuMAPz eq. 4-5).
  unsigned MemPartitions = 0;
  unsigned PartitionWidthBytes = 0; ///< 0 when unknown
  /// Whether addresses are hashed over the partitions (true from 2.0 on:
  /// partition camping is then not predictable from addresses).
  bool PartitionsHashed = true;
  /// Global transaction sizes in bytes: on 1.x the segment sizes of the
  /// half-warp coalescing rule. From 2.0 on usually empty; where a file gives
  /// them they are informational (the coalescing family follows from the
  /// compute capability).
  std::vector<unsigned> TransactionSizes;
  unsigned L1Bytes = 0, L1LineBytes = 128, L1SectorBytes = 32;
  unsigned L2Bytes = 0, L2LineBytes = 128, L2SectorBytes = 32;
  /// L2 associativity (ways); 0 when unknown (CGPredict eq. 9-11).
  unsigned L2Assoc = 0;
  unsigned L1Mshrs = 0; ///< 0 when unknown
  double NocBandwidthGBs = 0; ///< 0 when unknown (MDM)

  // Latencies in core cycles (unloaded; 0 when unknown) ---------------------
  double LatL1HitCycles = 0;
  double LatL2HitCycles = 0;
  /// SM cycles between two thread blocks started on one SM (the block
  /// scheduler's rate); 0 when not known.
  double BlockLaunchCycles = 0;
  /// Bytes per SM of the cache that loads through the read-only path
  /// (`const __restrict__`, `__ldg`) use where plain global loads are not
  /// cached in L1 (3.5/3.7: the read-only data cache; 5.x/6.x: the unified
  /// L1/texture cache); 0 where there is no such path or plain loads use
  /// L1 already (7.0 on).
  unsigned ReadOnlyCacheBytes = 0;
  double LatDramCycles = 0;
  double LatSmemCycles = 0;

  // Hong–Kim fitted parameters (ISCA'09 Table 1, 6); 0 when unknown ----------
  double HkMemLd = 0;             ///< Mem_LD
  double HkDepartureDelCoal = 0;  ///< Departure_del_coal
  double HkDepartureDelUncoal = 0;///< Departure_del_uncoal
  double HkIssueCycles = 0;       ///< cycles to issue one warp instruction

  // CGPredict departure delays (TECS'17 Table 3: dd_L2, dd_dram); 0 when
  // unknown ----------------------------------------------------------------
  double CgDepartureDelL2 = 0;
  double CgDepartureDelDram = 0;

  /// Provenance of every value read from the file, by YAML key.
  std::map<std::string, Provenance> Sources;
  /// The full citation of every source id the file declares.
  std::map<std::string, std::string> Citations;

  /// "sm_80"
  std::string sm() const {
    return "sm_" + std::to_string(Major) + std::to_string(Minor);
  }
};

/// The GPU as the host program sees it (cudaGetDeviceProperties,
/// cudaDeviceGetAttribute): the cudaDeviceProp members a spec gives, by
/// their name in cudaDeviceProp ("multiProcessorCount"), for the host code
/// that scales a launch by the GPU it runs on. Members the spec does not
/// give (totalGlobalMem, maxGridSize) are absent: unknown.
struct HostDevice {
  std::string Gpu;  ///< the spec's name ("NVIDIA H200 SXM (GH100)")
  std::string File; ///< where it was loaded from ("arch/h200.yaml")
  std::map<std::string, int64_t> Properties;
  /// "NVIDIA H200 SXM 141GB (GH100) (arch/h200.yaml)", for the notes.
  std::string described() const {
    return Gpu + (File.empty() ? "" : " (" + File + ")");
  }
};

/// The cudaDeviceProp members \p A determines (docs/design.md, "Device
/// properties").
HostDevice hostDeviceOf(const ArchSpec &A);

/// The cudaDeviceProp member a cudaDeviceGetAttribute attribute reads
/// (cudaDevAttrMultiProcessorCount: "multiProcessorCount"); empty when
/// hostDeviceOf never gives it.
std::string devicePropertyOfAttribute(const std::string &Attribute);

} // namespace warplint

#endif
