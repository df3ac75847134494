//===- ArchTest.cpp - arch/*.yaml: loading, validation, lookup ------------===//
#include "Arch/ArchDatabase.h"
#include "Warp/Analyses.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <set>
#include <tuple>

using namespace warplint;

namespace {

std::string errorText(llvm::Error E) { return llvm::toString(std::move(E)); }

/// The files in the source tree's arch/.
std::vector<std::string> sourceArchFiles() {
  std::vector<std::string> Paths;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(WARPLINT_ARCH_SOURCE_DIR, EC), End;
       It != End && !EC; It.increment(EC))
    Paths.push_back(It->path());
  EXPECT_FALSE(EC) << EC.message();
  std::sort(Paths.begin(), Paths.end());
  return Paths;
}

const ArchDatabase &builtinDb() {
  static ArchDatabase DB = [] {
    auto D = ArchDatabase::builtin();
    if (!D) {
      ADD_FAILURE() << errorText(D.takeError());
      return ArchDatabase();
    }
    return std::move(*D);
  }();
  return DB;
}

const ArchSpec &gpu(llvm::StringRef Id) {
  const ArchSpec *S = builtinDb().find(Id);
  if (!S) {
    ADD_FAILURE() << "no built-in GPU " << Id.str();
    static ArchSpec Empty;
    return Empty;
  }
  return *S;
}

void expectProvenance(const ArchSpec &S, const std::string &Key,
                      ProvenanceKind Kind, const std::string &Source) {
  auto It = S.Sources.find(Key);
  ASSERT_NE(It, S.Sources.end()) << S.Id << " has no provenance for " << Key;
  EXPECT_EQ(toString(It->second.Kind), std::string(toString(Kind)))
      << S.Id << "." << Key;
  EXPECT_EQ(It->second.Source, Source) << S.Id << "." << Key;
}

//===----------------------------------------------------------------------===//
// The shipped files
//===----------------------------------------------------------------------===//

TEST(ArchFilesTest, EveryFileInTheSourceTreeLoads) {
  std::vector<std::string> Paths = sourceArchFiles();
  ASSERT_FALSE(Paths.empty());
  for (const std::string &P : Paths) {
    SCOPED_TRACE(P);
    EXPECT_TRUE(llvm::StringRef(P).ends_with(".yaml"))
        << "arch/ holds only GPU files";
    llvm::Expected<ArchSpec> S = loadArchFile(P);
    ASSERT_TRUE(bool(S)) << errorText(S.takeError());
    // Every value carries a provenance whose source the file cites.
    EXPECT_GE(S->Sources.size(), 20u);
    for (const auto &[Key, Prov] : S->Sources) {
      EXPECT_TRUE(S->Citations.count(Prov.Source)) << Key;
      EXPECT_FALSE(S->Citations.at(Prov.Source).empty()) << Key;
    }
    EXPECT_EQ(S->File, P);
  }
}

TEST(ArchFilesTest, EmbeddedSetHoldsTheSameGpusAsTheSourceTree) {
  std::set<std::string> FromSource, FromEmbedded;
  for (const std::string &P : sourceArchFiles())
    FromSource.insert(llvm::sys::path::stem(P).str());
  for (const ArchFileText &F : builtinArchFiles()) {
    llvm::Expected<ArchSpec> S = parseArchYaml(F.Text, F.Name);
    ASSERT_TRUE(bool(S)) << errorText(S.takeError());
    FromEmbedded.insert(S->Id);
  }
  EXPECT_EQ(FromSource, FromEmbedded);
  std::set<std::string> InDb;
  for (const ArchSpec *S : builtinDb().all())
    InDb.insert(S->Id);
  EXPECT_EQ(InDb, FromSource);
}

TEST(ArchFilesTest, ShipsTheGpusTheIssueAsksFor) {
  // Issue 5, "What to build": the GPUs arch/ must hold, plus the Hong-Kim
  // example machine.
  for (const char *Id : {"quadro_fx5600",
                         "geforce_8800gtx",
                         "geforce_8800gt",
                         "geforce_gtx280",
                         "tesla_c1060",
                         "jetson_tk1",
                         "gtx_titan_x_maxwell",
                         "gtx_1080",
                         "mdm_pascal_sim",
                         "v100_sxm2",
                         "t4",
                         "a100_sxm4_40gb",
                         "a100_sxm4_80gb",
                         "rtx_3090",
                         "rtx_4090",
                         "l4",
                         "h100_sxm",
                         "h100_pcie",
                         "h200",
                         "b200",
                         "hongkim_example"})
    EXPECT_NE(builtinDb().find(Id), nullptr) << Id;
}

TEST(ArchFilesTest, HongKimExampleMachineHoldsThePapersParameters) {
  // Hong & Kim ISCA'09 Sec. 3.6: "80GB/s memory bandwidth, 1GHz frequency
  // and 16 SM processors"; Table 2: Mem_LD 420, Departure_del_uncoal 10;
  // Table 1: Issue_cycles 4, #Threads_per_warp 32; footnote 9: up to 8 blocks.
  const ArchSpec &S = gpu("hongkim_example");
  EXPECT_EQ(S.SmCount, 16u);
  EXPECT_EQ(S.CoreClockMHz, 1000);
  EXPECT_EQ(S.DramBandwidthGBs, 80);
  EXPECT_EQ(S.HkMemLd, 420);
  EXPECT_EQ(S.HkDepartureDelUncoal, 10);
  EXPECT_EQ(S.HkIssueCycles, 4);
  EXPECT_EQ(S.WarpSize, 32u);
  EXPECT_EQ(S.MaxBlocksPerSm, 8u);
  for (const char *Key : {"sm_count", "core_clock_mhz", "dram_bandwidth_gbs",
                          "hk_mem_ld_cycles", "hk_departure_del_uncoal_cycles",
                          "hk_issue_cycles", "max_blocks_per_sm"})
    expectProvenance(S, Key, ProvenanceKind::Paper, "hongkim");
  // The paper names no compute capability: assumed, and said so.
  expectProvenance(S, "compute_capability", ProvenanceKind::Estimate,
                   "hongkim");
  // ... and no memory partitions: unknown, held as 0.
  expectProvenance(S, "mem_partitions", ProvenanceKind::Unknown, "hongkim");
  EXPECT_EQ(S.MemPartitions, 0u);
  EXPECT_TRUE(S.StandsFor.empty());
}

TEST(ArchFilesTest, HongKimGpusMatchTables3And6) {
  // Table 3: #SM, processor clock, bandwidth, computing version; Table 6:
  // Mem_LD, Departure_del_uncoal, Departure_del_coal (FX5600 420/10/4,
  // GTX280 450/40/4); Sec. 5.1: FX5600, 8800GTX and 8800GT share them.
  struct Row {
    const char *Id;
    unsigned Sms;
    double ClockMHz, BandwidthGBs;
    int Major, Minor;
    double MemLd, Uncoal, Coal;
  } Rows[] = {
      {"geforce_8800gtx", 16, 1350, 86.4, 1, 0, 420, 10, 4},
      {"quadro_fx5600", 16, 1350, 76.8, 1, 0, 420, 10, 4},
      {"geforce_8800gt", 14, 1500, 57.6, 1, 1, 420, 10, 4},
      {"geforce_gtx280", 30, 1300, 141.7, 1, 3, 450, 40, 4},
  };
  for (const Row &R : Rows) {
    SCOPED_TRACE(R.Id);
    const ArchSpec &S = gpu(R.Id);
    EXPECT_EQ(S.SmCount, R.Sms);
    EXPECT_EQ(S.CoreClockMHz, R.ClockMHz);
    EXPECT_EQ(S.DramBandwidthGBs, R.BandwidthGBs);
    EXPECT_EQ(S.Major, R.Major);
    EXPECT_EQ(S.Minor, R.Minor);
    EXPECT_EQ(S.HkMemLd, R.MemLd);
    EXPECT_EQ(S.HkDepartureDelUncoal, R.Uncoal);
    EXPECT_EQ(S.HkDepartureDelCoal, R.Coal);
    expectProvenance(S, "hk_mem_ld_cycles", ProvenanceKind::Paper, "hongkim");
    expectProvenance(S, "sm_count", ProvenanceKind::Paper, "hongkim");
  }
}

TEST(ArchFilesTest, JetsonTk1HoldsCGPredictsParameters) {
  // CGPredict Table 3: freq 852 MHz, mem_ld_L2 164, mem_ld_dram 332,
  // mem_ld_smem 67, dd_L2 2, dd_dram 10; Table 1: L2 128 KB with 64-byte
  // lines; Sec. 2.5: 32 banks of 8 bytes.
  const ArchSpec &S = gpu("jetson_tk1");
  EXPECT_EQ(S.CoreClockMHz, 852);
  EXPECT_EQ(S.LatL2HitCycles, 164);
  EXPECT_EQ(S.LatDramCycles, 332);
  EXPECT_EQ(S.LatSmemCycles, 67);
  EXPECT_EQ(S.CgDepartureDelL2, 2);
  EXPECT_EQ(S.CgDepartureDelDram, 10);
  EXPECT_EQ(S.L2Bytes, 128u * 1024);
  EXPECT_EQ(S.L2LineBytes, 64u);
  EXPECT_EQ(S.SmemBanks, 32u);
  EXPECT_EQ(S.SmemBankWidthBytes, 8u);
  for (const char *Key :
       {"lat_l2_hit_cycles", "lat_dram_cycles", "lat_smem_cycles",
        "cg_departure_del_l2_cycles", "cg_departure_del_dram_cycles",
        "l2_line_bytes", "smem_bank_width_bytes"})
    expectProvenance(S, Key, ProvenanceKind::Paper, "cgpredict");
  // 1 SM, per the deviceQuery the reference cites.
  EXPECT_EQ(S.SmCount, 1u);
  expectProvenance(S, "sm_count", ProvenanceKind::Reported, "dq_gk20a");
}

TEST(ArchFilesTest, MdmConfigurationHoldsTableIII) {
  // MDM MICRO'20 Table III: 1.4 GHz, 28 SMs, 64 warps and 2048 threads per
  // SM, L1 48 KB with 128 MSHRs, LLC 3 MB at 120 cycles, NoC 1050 GB/s,
  // DRAM 480 GB/s at 220 cycles, 24 memory controllers.
  const ArchSpec &S = gpu("mdm_pascal_sim");
  EXPECT_EQ(S.CoreClockMHz, 1400);
  EXPECT_EQ(S.SmCount, 28u);
  EXPECT_EQ(S.MaxWarpsPerSm, 64u);
  EXPECT_EQ(S.MaxThreadsPerSm, 2048u);
  EXPECT_EQ(S.L1Bytes, 48u * 1024);
  EXPECT_EQ(S.L1Mshrs, 128u);
  EXPECT_EQ(S.L2Bytes, 3u * 1024 * 1024);
  EXPECT_EQ(S.LatL2HitCycles, 120);
  EXPECT_EQ(S.NocBandwidthGBs, 1050);
  EXPECT_EQ(S.DramBandwidthGBs, 480);
  EXPECT_EQ(S.LatDramCycles, 220);
  EXPECT_EQ(S.MemPartitions, 24u);
  EXPECT_EQ(S.L2Assoc, 8u); // Table III: LLC 8-way
  for (const char *Key :
       {"core_clock_mhz", "sm_count", "l1_mshrs", "l2_size_bytes", "l2_assoc",
        "noc_bandwidth_gbs", "lat_dram_cycles", "mem_partitions"})
    expectProvenance(S, Key, ProvenanceKind::Paper, "mdm");
  // Table III gives no line size: absent, hence 0 (unknown), not a default.
  EXPECT_EQ(S.L1LineBytes, 0u);
  EXPECT_EQ(S.Sources.count("l1_line_bytes"), 0u);
}

TEST(ArchFilesTest, ModernGpusCarryTheirReportedFigures) {
  // gpu-params.yaml, source inv_3p (cudaGetDeviceProperties): A100 smem/SM
  // 167936, opt-in 166912, L2 40 MiB; H100 SXM 132 SMs, smem/SM 233472.
  const ArchSpec &A = gpu("a100_sxm4_40gb");
  EXPECT_EQ(A.SmCount, 108u);
  EXPECT_EQ(A.SmemPerSmBytes, 167936u);
  EXPECT_EQ(A.SmemPerBlockOptinBytes, 166912u);
  EXPECT_EQ(A.L2Bytes, 40u * 1024 * 1024);
  EXPECT_EQ(A.SmemReservedPerBlock, 1024u);
  expectProvenance(A, "smem_per_sm_bytes", ProvenanceKind::Reported, "inv_3p");
  // Carveouts of 8.0 (occ13): 0..164 KiB; the largest is smem/SM:
  // 164 * 1024 = 167936.
  EXPECT_EQ(A.SmemCarveoutsKB,
            (std::vector<unsigned>{0, 8, 16, 32, 64, 100, 132, 164}));
  expectProvenance(A, "smem_carveouts_kb", ProvenanceKind::Rule, "occ13");
  const ArchSpec &H = gpu("h100_sxm");
  EXPECT_EQ(H.SmCount, 132u);
  EXPECT_EQ(H.SmemPerSmBytes, 233472u);
  // B200's core clock was not found: unknown, held as 0.
  const ArchSpec &B = gpu("b200");
  EXPECT_EQ(B.CoreClockMHz, 0);
  expectProvenance(B, "core_clock_mhz", ProvenanceKind::Unknown, "vendor");
  EXPECT_EQ(B.Major, 10);
  EXPECT_EQ(B.sm(), "sm_100");
}

TEST(ArchFilesTest, PartitionCampingFactsFollowTheTransposePaper) {
  // NVIDIA, "Optimizing Matrix Transpose in CUDA": 6 partitions on the
  // 8-series, 8 on the 10-series, 256 bytes wide; partition camping concerns
  // compute capability 1.x, Fermi (2.0) and later hash addresses.
  EXPECT_EQ(gpu("geforce_8800gtx").MemPartitions, 6u);
  EXPECT_EQ(gpu("tesla_c1060").MemPartitions, 8u);
  for (const ArchSpec *S : builtinDb().all()) {
    SCOPED_TRACE(S->Id);
    EXPECT_EQ(S->PartitionsHashed, S->Major >= 2);
    if (S->Major == 1 && S->Id != "hongkim_example") {
      EXPECT_EQ(S->PartitionWidthBytes, 256u);
      expectProvenance(*S, "partition_width_bytes", ProvenanceKind::Spec,
                       "nv_transpose");
    }
  }
}

//===----------------------------------------------------------------------===//
// Validation
//===----------------------------------------------------------------------===//

/// A small valid file (compute capability 8.0), one key per line.
std::string miniText() {
  return R"(schema: warplint-arch/1
id: mini
name: "Mini GPU"
sources:
  vendor: "A vendor sheet"
  occ: "The occupancy calculator"
values:
  compute_capability: {value: "8.0", kind: spec, source: vendor}
  sm_count: {value: 4, kind: spec, source: vendor}
  core_clock_mhz: {value: 1000, kind: spec, source: vendor}
  dram_bandwidth_gbs: {value: 100, kind: spec, source: vendor}
  warp_size: {value: 32, kind: spec, source: vendor}
  max_threads_per_sm: {value: 2048, kind: rule, source: occ}
  max_warps_per_sm: {value: 64, kind: rule, source: occ}
  max_blocks_per_sm: {value: 32, kind: rule, source: occ}
  max_threads_per_block: {value: 1024, kind: rule, source: occ}
  regs_per_sm: {value: 65536, kind: rule, source: occ}
  max_regs_per_thread: {value: 255, kind: rule, source: occ}
  reg_alloc_unit: {value: 256, kind: rule, source: occ}
  reg_alloc_scope: {value: warp, kind: rule, source: occ}
  warp_alloc_granularity: {value: 1, kind: rule, source: occ}
  reg_subpartitions: {value: 4, kind: rule, source: occ}
  smem_per_sm_bytes: {value: 102400, kind: spec, source: vendor}
  smem_per_block_bytes: {value: 49152, kind: spec, source: vendor}
  smem_per_block_optin_bytes: {value: 101376, kind: spec, source: vendor}
  smem_alloc_unit_bytes: {value: 128, kind: rule, source: occ}
  smem_reserved_per_block_bytes: {value: 1024, kind: rule, source: occ}
  smem_carveouts_kb: {value: [0, 8, 16, 32, 64, 100], kind: rule, source: occ}
  smem_banks: {value: 32, kind: rule, source: occ}
  smem_bank_width_bytes: {value: 4, kind: rule, source: occ}
  bank_conflict_scope: {value: warp, kind: rule, source: occ}
  partitions_hashed: {value: true, kind: spec, source: vendor}
  l2_size_bytes: {value: 4194304, kind: spec, source: vendor}
)";
}

/// miniText() with the first occurrence of \p From replaced by \p To.
std::string miniWith(llvm::StringRef From, llvm::StringRef To) {
  std::string T = miniText();
  size_t At = T.find(From.str());
  EXPECT_NE(At, std::string::npos) << From.str();
  if (At != std::string::npos)
    T.replace(At, From.size(), To.str());
  return T;
}

/// Replaces the first \p From in \p T by \p To.
void replaceFirst(std::string &T, llvm::StringRef From, llvm::StringRef To) {
  size_t At = T.find(From.str());
  ASSERT_NE(At, std::string::npos) << From.str();
  T.replace(At, From.size(), To.str());
}

/// "LINE:COL" of the first occurrence of \p Needle in \p Text (1-based).
std::string positionOf(const std::string &Text, const std::string &Needle) {
  size_t At = Text.find(Needle);
  EXPECT_NE(At, std::string::npos) << Needle;
  size_t LineStart = Text.rfind('\n', At);
  LineStart = LineStart == std::string::npos ? 0 : LineStart + 1;
  unsigned Line = 1 + std::count(Text.begin(), Text.begin() + At, '\n');
  return std::to_string(Line) + ":" + std::to_string(At - LineStart + 1);
}

std::string parseError(const std::string &Text,
                       llvm::StringRef File = "mini.yaml") {
  llvm::Expected<ArchSpec> S = parseArchYaml(Text, File);
  if (S) {
    ADD_FAILURE() << "expected an error";
    return "";
  }
  return errorText(S.takeError());
}

#define EXPECT_CONTAINS(Hay, Needle)                                           \
  EXPECT_NE(std::string(Hay).find(Needle), std::string::npos)                  \
      << "'" << (Needle) << "' not in:\n"                                      \
      << (Hay)

TEST(ArchValidationTest, MiniFileIsValid) {
  llvm::Expected<ArchSpec> S = parseArchYaml(miniText(), "mini.yaml");
  ASSERT_TRUE(bool(S)) << errorText(S.takeError());
  EXPECT_EQ(S->Id, "mini");
  EXPECT_EQ(S->Major, 8);
  EXPECT_EQ(S->SmCount, 4u);
  EXPECT_EQ(S->RegScope, RegAllocScope::Warp);
  EXPECT_EQ(S->SmemCarveoutsKB.back(), 100u);
  EXPECT_EQ(S->Sources.at("max_blocks_per_sm").Source, "occ");
  EXPECT_EQ(S->Citations.at("occ"), "The occupancy calculator");
}

TEST(ArchValidationTest, BrokenYamlSyntaxNamesFileAndPlace) {
  std::string E =
      parseError(miniWith("  sm_count: {value: 4, kind: spec, source: vendor}",
                          "  sm_count: {value: 4, kind: spec, source: vendor"));
  EXPECT_CONTAINS(E, "mini.yaml:");
  EXPECT_CONTAINS(E, "YAML syntax error");
  // Tabs are not YAML indentation.
  std::string E2 = parseError(miniWith("  sm_count:", "\tsm_count:"));
  EXPECT_CONTAINS(E2, "mini.yaml:9:");
  EXPECT_CONTAINS(E2, "YAML syntax error");
}

TEST(ArchValidationTest, MissingRequiredKey) {
  std::string E = parseError(
      miniWith("  sm_count: {value: 4, kind: spec, source: vendor}\n", ""));
  // Reported at the 'values' mapping, which starts on line 8, column 3.
  EXPECT_CONTAINS(E, "mini.yaml:8:3: values: missing required key 'sm_count' "
                     "(required for every GPU)");
  // Which keys are required depends on the compute capability: 1.x needs
  // transaction sizes, and has no carveouts.
  std::string E2 = parseError(miniWith("\"8.0\"", "\"1.3\""));
  EXPECT_CONTAINS(E2,
                  "missing required key 'transaction_sizes_bytes' (required "
                  "for compute capability 1.x)");
  EXPECT_CONTAINS(E2,
                  "values.smem_carveouts_kb: only for compute capability 7.0 "
                  "and later; this GPU is 1.3");
  // 7.0 and later need carveouts.
  std::string E3 = parseError(miniWith("  smem_carveouts_kb: {value: [0, 8, "
                                       "16, 32, 64, 100], kind: rule, source: "
                                       "occ}\n",
                                       ""));
  EXPECT_CONTAINS(E3, "missing required key 'smem_carveouts_kb' (required for "
                      "compute capability 7.0 and later)");
  // Unhashed partitions need their count and width.
  std::string E4 = parseError(miniWith("{value: true,", "{value: false,"));
  EXPECT_CONTAINS(E4,
                  "missing required keys 'mem_partitions', "
                  "'partition_width_bytes' (required when partitions_hashed "
                  "is false: the channel-skew model needs them)");
  // A value entry needs its provenance.
  std::string E5 = parseError(
      miniWith(", kind: spec, source: vendor}\n  core", "}\n  core"));
  EXPECT_CONTAINS(E5, "values.sm_count: missing required key 'kind'");
  EXPECT_CONTAINS(E5, "values.sm_count: missing required key 'source'");
  // Top level.
  std::string E6 = parseError(miniWith("schema: warplint-arch/1\n", ""));
  EXPECT_CONTAINS(E6, "missing required key 'schema'");
}

TEST(ArchValidationTest, WrongType) {
  std::string T = miniWith("{value: 4,", "{value: many,");
  EXPECT_CONTAINS(parseError(T), "mini.yaml:" + positionOf(T, "many") +
                                     ": values.sm_count.value: expected a "
                                     "non-negative integer, got 'many'");
  // A quoted number is a string.
  std::string T2 = miniWith("{value: 1000,", "{value: \"1000\",");
  EXPECT_CONTAINS(parseError(T2),
                  "values.core_clock_mhz.value: expected a number "
                  "(in MHz), got the string '1000'");
  // A bare value without provenance.
  std::string T3 = miniWith("{value: 4, kind: spec, source: vendor}", "4");
  EXPECT_CONTAINS(parseError(T3),
                  "values.sm_count: expected {value: ..., kind: ..., source: "
                  "...}, got a scalar");
  std::string T4 =
      miniWith("{value: warp, kind: rule", "{value: thread, kind: rule");
  EXPECT_CONTAINS(parseError(T4),
                  "values.reg_alloc_scope.value: expected one of "
                  "block, warp, got 'thread'");
  std::string T5 = miniWith("{value: true,", "{value: yes,");
  EXPECT_CONTAINS(
      parseError(T5),
      "values.partitions_hashed.value: expected true or false, got 'yes'");
  std::string T6 = miniWith("\"8.0\"", "\"8\"");
  EXPECT_CONTAINS(parseError(T6), "values.compute_capability.value: expected a "
                                  "compute capability written MAJOR.MINOR");
}

TEST(ArchValidationTest, OutOfRangeValue) {
  std::string T = miniWith("{value: 4,", "{value: 2000,");
  EXPECT_CONTAINS(parseError(T),
                  "mini.yaml:" + positionOf(T, "2000") +
                      ": values.sm_count.value: 2000 is out of "
                      "range: sm_count must be between 1 and 1024");
  // A clock in GHz under a key in MHz.
  std::string T2 = miniWith("{value: 1000,", "{value: 1.41,");
  std::string E2 = parseError(T2);
  EXPECT_CONTAINS(E2, "values.core_clock_mhz.value: 1.41 is out of range: "
                      "core_clock_mhz must be between 50 and 5000 MHz");
  EXPECT_CONTAINS(E2, "is it in GHz?");
  std::string T3 =
      miniWith("{value: 128, kind: rule", "{value: 100, kind: rule");
  EXPECT_CONTAINS(
      parseError(T3),
      "values.smem_alloc_unit_bytes.value: 100 must be a power of two");
  // Values that contradict each other: 64 warps * 32 = 2048 threads, not 1024.
  std::string T4 =
      miniWith("{value: 2048, kind: rule", "{value: 1024, kind: rule");
  EXPECT_CONTAINS(parseError(T4),
                  "values.max_warps_per_sm.value: 64 warps of 32 "
                  "threads are not max_threads_per_sm (1024)");
  // The largest carveout is the shared memory per SM: 100 KiB = 102400.
  std::string T5 = miniWith("64, 100]", "64, 96]");
  EXPECT_CONTAINS(parseError(T5), "the largest carveout (96 KiB = 98304 bytes) "
                                  "must equal smem_per_sm_bytes (102400)");
  std::string T6 = miniWith("[0, 8, 16,", "[8, 0, 16,");
  EXPECT_CONTAINS(parseError(T6), "values.smem_carveouts_kb.value[1]: the list "
                                  "must be in increasing order");
}

TEST(ArchValidationTest, UnknownKeyWithSuggestion) {
  std::string T = miniWith("  sm_count:", "  sm_cout:");
  std::string E = parseError(T);
  EXPECT_CONTAINS(
      E, "mini.yaml:" + positionOf(T, "sm_cout") +
             ": values.sm_cout: unknown key; did you mean 'sm_count'?");
  std::string T2 = miniWith("kind: spec, source: vendor}\n  core",
                            "kind: spec, source: vendor, notes: x}\n  core");
  EXPECT_CONTAINS(parseError(T2),
                  "values.sm_count.notes: unknown key; did you mean 'note'?");
  std::string T3 = miniWith("name:", "nmae:");
  EXPECT_CONTAINS(parseError(T3), "nmae: unknown key; did you mean 'name'?");
  // Far from every key: no suggestion.
  std::string T4 = miniWith("  sm_count:", "  tensor_cores_per_sm:");
  std::string E4 = parseError(T4);
  EXPECT_CONTAINS(E4, "values.tensor_cores_per_sm: unknown key");
  EXPECT_EQ(E4.find("tensor_cores_per_sm: unknown key; did you mean"),
            std::string::npos)
      << E4;
}

TEST(ArchValidationTest, UnknownProvenanceKind) {
  std::string T = miniWith("{value: 4, kind: spec", "{value: 4, kind: guess");
  std::string E = parseError(T);
  EXPECT_CONTAINS(
      E, "mini.yaml:" + positionOf(T, "guess") +
             ": values.sm_count.kind: unknown provenance kind 'guess'");
  EXPECT_CONTAINS(E, "known: spec, reported, measured");
  // 'unknown' is for a value that is not known, and only then.
  std::string T2 =
      miniWith("{value: 1000, kind: spec", "{value: 1000, kind: unknown");
  EXPECT_CONTAINS(parseError(T2),
                  "values.core_clock_mhz.kind: 'unknown' is for a "
                  "missing value");
  std::string T3 =
      miniWith("{value: 1000, kind: spec", "{value: null, kind: spec");
  EXPECT_CONTAINS(parseError(T3), "values.core_clock_mhz.value: null is only "
                                  "allowed with 'kind: unknown'");
  // What the occupancy rules need cannot be unknown.
  std::string T4 =
      miniWith("{value: 4, kind: spec", "{value: null, kind: unknown");
  EXPECT_CONTAINS(parseError(T4), "values.sm_count.value: must have a value");
  // A clock may be unknown.
  std::string T5 =
      miniWith("{value: 1000, kind: spec", "{value: null, kind: unknown");
  llvm::Expected<ArchSpec> S = parseArchYaml(T5, "mini.yaml");
  ASSERT_TRUE(bool(S)) << errorText(S.takeError());
  EXPECT_EQ(S->CoreClockMHz, 0);
  EXPECT_EQ(S->Sources.at("core_clock_mhz").Kind, ProvenanceKind::Unknown);
}

TEST(ArchValidationTest, UndeclaredSource) {
  std::string T = miniWith("{value: 4, kind: spec, source: vendor}",
                           "{value: 4, kind: spec, source: vendr}");
  EXPECT_CONTAINS(parseError(T),
                  "mini.yaml:" + positionOf(T, "vendr") +
                      ": values.sm_count.source: source 'vendr' is "
                      "not declared under 'sources'; did you mean "
                      "'vendor'?");
}

TEST(ArchValidationTest, IdMustEqualTheFileStem) {
  std::string E = parseError(miniText(), "dir/other.yaml");
  EXPECT_CONTAINS(E,
                  "dir/other.yaml:2:5: id: 'mini' does not match the file name "
                  "'other.yaml'");
  EXPECT_CONTAINS(
      parseError(miniWith("id: mini", "id: Mini-GPU"), "Mini-GPU.yaml"),
      "id: 'Mini-GPU' must use only a-z, 0-9 and '_'");
}

TEST(ArchValidationTest, SchemaTagAndStandsFor) {
  EXPECT_CONTAINS(parseError(miniWith("warplint-arch/1", "warplint-arch/2")),
                  "mini.yaml:1:9: schema: unsupported schema version "
                  "'warplint-arch/2'");
  // A GPU stands only for sm_XX of its own major version.
  std::string T =
      miniWith("name: \"Mini GPU\"\n",
               "name: \"Mini GPU\"\nstands_for: [sm_80, sm_90, sm80]\n");
  std::string E = parseError(T);
  EXPECT_CONTAINS(E,
                  "stands_for[1]: 'sm_90' is compute capability 9.0, but this "
                  "GPU is 8.0");
  EXPECT_CONTAINS(E, "stands_for[2]: 'sm80' is not an architecture name");
  EXPECT_EQ(E.find("stands_for[0]"), std::string::npos) << E;
}

TEST(ArchValidationTest, EveryProblemIsReported) {
  std::string T = miniWith("{value: 4,", "{value: 0,");
  replaceFirst(T, "{value: 1000,", "{value: 9000,");
  std::string E = parseError(T);
  EXPECT_CONTAINS(E, "values.sm_count.value: 0 is out of range");
  EXPECT_CONTAINS(E, "values.core_clock_mhz.value: 9000 is out of range");
  EXPECT_EQ(std::count(E.begin(), E.end(), '\n'), 1) << E;
}

TEST(ArchValidationTest, UnreadableFile) {
  llvm::Expected<ArchSpec> S = loadArchFile("/nonexistent/dir/x.yaml");
  ASSERT_FALSE(bool(S));
  EXPECT_CONTAINS(errorText(S.takeError()),
                  "cannot read architecture file '/nonexistent/dir/x.yaml'");
}

//===----------------------------------------------------------------------===//
// Lookup
//===----------------------------------------------------------------------===//

TEST(ArchDatabaseTest, SmNamesResolveAsDocumented) {
  // docs/arch.md, "Which GPU stands for each sm_XX".
  const std::pair<const char *, const char *> Table[] = {
      {"sm_10", "quadro_fx5600"},
      {"sm_11", "geforce_8800gt"},
      {"sm_12", "tesla_c1060"},
      {"sm_13", "tesla_c1060"},
      {"sm_30", "jetson_tk1"},
      {"sm_32", "jetson_tk1"},
      {"sm_35", "jetson_tk1"},
      {"sm_37", "jetson_tk1"},
      {"sm_50", "gtx_titan_x_maxwell"},
      {"sm_52", "gtx_titan_x_maxwell"},
      {"sm_53", "gtx_titan_x_maxwell"},
      {"sm_60", "gtx_1080"},
      {"sm_61", "gtx_1080"},
      {"sm_62", "gtx_1080"},
      {"sm_70", "v100_sxm2"},
      {"sm_72", "v100_sxm2"},
      {"sm_75", "t4"},
      {"sm_80", "a100_sxm4_40gb"},
      {"sm_86", "rtx_3090"},
      {"sm_87", "rtx_3090"},
      {"sm_89", "rtx_4090"},
      {"sm_90", "h100_sxm"},
      {"sm_100", "b200"},
      {"sm_101", "b200"},
      {"sm_103", "b200"},
  };
  for (const auto &[Sm, Id] : Table) {
    const ArchSpec *S = builtinDb().find(Sm);
    ASSERT_NE(S, nullptr) << Sm;
    EXPECT_EQ(S->Id, Id) << Sm;
  }
  EXPECT_EQ(builtinDb().smTable().size(), std::size(Table));
  // Suffixes and the virtual-architecture spelling.
  EXPECT_EQ(builtinDb().find("sm_90a")->Id, "h100_sxm");
  EXPECT_EQ(builtinDb().find("sm_100f")->Id, "b200");
  EXPECT_EQ(builtinDb().find("compute_75")->Id, "t4");
  EXPECT_EQ(builtinDb().find("SM_80")->Id, "a100_sxm4_40gb");
}

TEST(ArchDatabaseTest, StandInsAreStated) {
  const ArchSpec *S = builtinDb().find("sm_35");
  ASSERT_NE(S, nullptr);
  std::string Note = standInNote("sm_35", *S);
  EXPECT_CONTAINS(Note,
                  "sm_35 (compute capability 3.5) has no architecture file "
                  "of its own: jetson_tk1");
  EXPECT_CONTAINS(Note, "compute capability 3.2) stands for it");
  EXPECT_EQ(standInNote("sm_80", *builtinDb().find("sm_80")), "");
  EXPECT_EQ(standInNote("a100_sxm4_40gb", *builtinDb().find("sm_80")), "");
}

TEST(ArchDatabaseTest, UnknownNamesGetTheKnownOnes) {
  llvm::Expected<const ArchSpec *> R = builtinDb().resolve("sm_20");
  ASSERT_FALSE(bool(R));
  std::string E = errorText(R.takeError());
  EXPECT_CONTAINS(E,
                  "no architecture file stands for sm_20 (compute capability "
                  "2.0): warplint knows no GPU of compute capability 2.x");
  EXPECT_CONTAINS(E, "sm_80 (a100_sxm4_40gb)");
  // Sorted by compute capability, then id.
  EXPECT_CONTAINS(
      E, "known GPUs: geforce_8800gtx, hongkim_example, quadro_fx5600, "
         "geforce_8800gt, geforce_gtx280");
  llvm::Expected<const ArchSpec *> R2 = builtinDb().resolve("a100");
  ASSERT_FALSE(bool(R2));
  EXPECT_CONTAINS(errorText(R2.takeError()),
                  "unknown GPU architecture 'a100'; did you mean one of: "
                  "a100_sxm4_40gb, a100_sxm4_80gb?");
  llvm::Expected<const ArchSpec *> R3 = builtinDb().resolve("h100_sxn");
  ASSERT_FALSE(bool(R3));
  EXPECT_CONTAINS(errorText(R3.takeError()), "did you mean 'h100_sxm'?");
  llvm::Expected<const ArchSpec *> R4 = builtinDb().resolve("sm_120");
  ASSERT_FALSE(bool(R4));
  EXPECT_CONTAINS(errorText(R4.takeError()),
                  "no architecture file stands for sm_120");
  llvm::Expected<const ArchSpec *> R5 = builtinDb().resolve("t4");
  ASSERT_TRUE(bool(R5)) << errorText(R5.takeError());
  EXPECT_EQ((*R5)->Id, "t4");
}

TEST(ArchDatabaseTest, AllIsSortedByComputeCapabilityThenId) {
  std::vector<const ArchSpec *> All = builtinDb().all();
  ASSERT_GE(All.size(), 21u);
  for (size_t I = 1; I < All.size(); ++I) {
    const ArchSpec &A = *All[I - 1], &B = *All[I];
    EXPECT_TRUE(std::tie(A.Major, A.Minor, A.Id) <
                std::tie(B.Major, B.Minor, B.Id))
        << A.Id << " before " << B.Id;
  }
  EXPECT_EQ(All.front()->Major, 1);
  EXPECT_EQ(All.back()->Id, "b200");
}

/// A temporary directory, removed with its files at the end of the test.
class TempDir {
public:
  TempDir() {
    std::error_code EC =
        llvm::sys::fs::createUniqueDirectory("warplint-arch", Path);
    EXPECT_FALSE(EC) << EC.message();
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  std::string write(llvm::StringRef Name, llvm::StringRef Text) {
    llvm::SmallString<128> P(Path);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    EXPECT_FALSE(EC) << EC.message();
    OS << Text;
    return std::string(P);
  }
  llvm::SmallString<128> Path;
};

TEST(ArchDatabaseTest, UserDirectoryOverridesById) {
  auto DB = ArchDatabase::builtin();
  ASSERT_TRUE(bool(DB)) << errorText(DB.takeError());
  TempDir Dir;
  // The user's own A100: same id, 100 SMs; it keeps standing for sm_80.
  std::string Mine = miniWith("id: mini", "id: a100_sxm4_40gb");
  replaceFirst(Mine, "{value: 4,", "{value: 100,");
  Dir.write("a100_sxm4_40gb.yaml", Mine);
  // A Fermi GPU, which warplint does not ship, standing for sm_20.
  std::string Fermi = miniWith("id: mini", "id: my_fermi");
  replaceFirst(Fermi, "\"8.0\"", "\"2.0\"");
  replaceFirst(
      Fermi,
      "  smem_per_block_optin_bytes: {value: 101376, kind: spec, source: "
      "vendor}\n",
      "");
  replaceFirst(
      Fermi,
      "  smem_carveouts_kb: {value: [0, 8, 16, 32, 64, 100], kind: rule, "
      "source: occ}\n",
      "");
  replaceFirst(Fermi, "name: \"Mini GPU\"",
               "name: \"My Fermi\"\nstands_for: [sm_20]");
  Dir.write("my_fermi.yaml", Fermi);
  Dir.write("README.txt", "not a GPU file: ignored");
  ASSERT_FALSE(bool(DB->addDirectory(Dir.Path)));
  EXPECT_EQ(DB->find("a100_sxm4_40gb")->SmCount, 100u);
  EXPECT_EQ(DB->find("sm_80")->SmCount, 100u);
  EXPECT_EQ(DB->find("sm_20")->Id, "my_fermi");
  EXPECT_EQ(DB->find("sm_90")->Id, "h100_sxm"); // the rest is untouched
}

TEST(ArchDatabaseTest, BrokenUserFileAddsNothingAndNamesTheFile) {
  auto DB = ArchDatabase::builtin();
  ASSERT_TRUE(bool(DB)) << errorText(DB.takeError());
  TempDir Dir;
  std::string Good = miniWith("id: mini", "id: good_gpu");
  Dir.write("good_gpu.yaml", Good);
  std::string Bad = miniWith("id: mini", "id: bad_gpu");
  replaceFirst(Bad, "{value: 4,", "{value: -4,");
  std::string BadPath = Dir.write("bad_gpu.yaml", Bad);
  llvm::Error E = DB->addDirectory(Dir.Path);
  ASSERT_TRUE(bool(E));
  std::string Text = errorText(std::move(E));
  EXPECT_CONTAINS(Text, BadPath + ":");
  EXPECT_CONTAINS(Text,
                  "values.sm_count.value: expected a non-negative integer");
  EXPECT_EQ(DB->find("good_gpu"), nullptr);
  // Two files of one directory may not claim the same sm_XX.
  TempDir Dir2;
  for (const char *Id : {"one_gpu", "two_gpu"})
    Dir2.write(std::string(Id) + ".yaml",
               miniWith("id: mini",
                        std::string("id: ") + Id + "\nstands_for: [sm_80]"));
  llvm::Error E2 = DB->addDirectory(Dir2.Path);
  ASSERT_TRUE(bool(E2));
  EXPECT_CONTAINS(errorText(std::move(E2)), "sm_80 is also claimed by");
  EXPECT_CONTAINS(errorText(DB->addDirectory("/nonexistent/arch")),
                  "cannot read architecture directory '/nonexistent/arch'");
}

TEST(ArchDatabaseTest, AddFileReturnsTheGpu) {
  auto DB = ArchDatabase::builtin();
  ASSERT_TRUE(bool(DB)) << errorText(DB.takeError());
  TempDir Dir;
  std::string P = Dir.write("mini.yaml", miniText());
  llvm::Expected<const ArchSpec *> S = DB->addFile(P);
  ASSERT_TRUE(bool(S)) << errorText(S.takeError());
  EXPECT_EQ((*S)->Id, "mini");
  EXPECT_EQ(DB->find("mini"), *S);
}

//===----------------------------------------------------------------------===//
// GpuModel from an ArchSpec
//===----------------------------------------------------------------------===//

TEST(ArchGpuModelTest, SameAsGpuModelForEveryFilesOwnSm) {
  for (const ArchSpec *S : builtinDb().all()) {
    SCOPED_TRACE(S->Id);
    std::string Err;
    std::optional<GpuModel> Expected = gpuModelFor(S->sm(), Err);
    ASSERT_TRUE(Expected) << Err;
    GpuModel Got = gpuModelFromArch(*S);
    EXPECT_EQ(Got.Sm, Expected->Sm);
    EXPECT_EQ(Got.Major, Expected->Major);
    EXPECT_EQ(Got.Minor, Expected->Minor);
    EXPECT_EQ(Got.Loads, Expected->Loads);
    EXPECT_EQ(Got.Stores, Expected->Stores);
    EXPECT_EQ(Got.Banks.Banks, Expected->Banks.Banks);
    EXPECT_EQ(Got.Banks.BankWidth, Expected->Banks.BankWidth);
    EXPECT_EQ(Got.Banks.HalfWarp, Expected->Banks.HalfWarp);
    EXPECT_EQ(Got.Banks.KeplerWordPairs, Expected->Banks.KeplerWordPairs);
  }
}

TEST(ArchGpuModelTest, KeplerEightByteModeAndFileBanks) {
  // CGPredict Sec. 2.5: Kepler's 32 banks are 8 bytes wide; in 8-byte mode
  // successive 64-bit words go to successive banks.
  GpuModel K =
      gpuModelFromArch(gpu("jetson_tk1"), /*KeplerEightByteMode=*/true);
  EXPECT_EQ(K.Banks.BankWidth, 8u);
  EXPECT_FALSE(K.Banks.KeplerWordPairs);
  // The banks come from the file, not from the compute capability.
  ArchSpec Odd = gpu("a100_sxm4_40gb");
  Odd.SmemBanks = 16;
  Odd.BankConflictScope = BankScope::HalfWarp;
  GpuModel G = gpuModelFromArch(Odd);
  EXPECT_EQ(G.Banks.Banks, 16u);
  EXPECT_TRUE(G.Banks.HalfWarp);
  EXPECT_EQ(G.Loads, CoalescingFamily::L2Sectors);
}

} // namespace
