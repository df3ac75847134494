//===- ArchTest.cpp - arch/*.yaml: the shipped files, lookup --------------===//
//
// The validation of one file's contents is ArchValidationTest.cpp.
//
//===----------------------------------------------------------------------===//
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

#include "ArchTestHelpers.h"

using namespace warplint;

namespace {

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
  // B200's core clock: no reported value was found; a documented
  // stand-in (the 1965 MHz users lock it to), of kind estimate.
  const ArchSpec &B = gpu("b200");
  EXPECT_EQ(B.CoreClockMHz, 1965);
  expectProvenance(B, "core_clock_mhz", ProvenanceKind::Estimate, "b200_clk");
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
// Lookup
//===----------------------------------------------------------------------===//

TEST(ArchDatabaseTest, SmNamesResolveAsDocumented) {
  // docs/arch.md, "Which GPU stands for each sm_XX".
  const std::pair<const char *, const char *> Table[] = {
      {"sm_10", "quadro_fx5600"},
      {"sm_11", "geforce_8800gt"},
      {"sm_12", "tesla_c1060"},
      {"sm_13", "tesla_c1060"},
      {"sm_20", "tesla_c2050"},
      {"sm_21", "tesla_c2050"},
      {"sm_30", "jetson_tk1"},
      {"sm_32", "jetson_tk1"},
      {"sm_35", "tesla_k20x"},
      {"sm_37", "tesla_k20x"},
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
  const ArchSpec *S = builtinDb().find("sm_37");
  ASSERT_NE(S, nullptr);
  std::string Note = standInNote("sm_37", *S);
  EXPECT_CONTAINS(Note,
                  "sm_37 (compute capability 3.7) has no architecture file "
                  "of its own: tesla_k20x");
  EXPECT_CONTAINS(Note, "compute capability 3.5) stands for it");
  EXPECT_EQ(standInNote("sm_35", *builtinDb().find("sm_35")), "");
  EXPECT_EQ(standInNote("sm_80", *builtinDb().find("sm_80")), "");
  EXPECT_EQ(standInNote("a100_sxm4_40gb", *builtinDb().find("sm_80")), "");
}

TEST(ArchDatabaseTest, UnknownNamesGetTheKnownOnes) {
  llvm::Expected<const ArchSpec *> R = builtinDb().resolve("sm_121");
  ASSERT_FALSE(bool(R));
  std::string E = errorText(R.takeError());
  EXPECT_CONTAINS(E,
                  "no architecture file stands for sm_121 (compute capability "
                  "12.1): warplint knows no GPU of compute capability 12.x");
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
  // A Fermi GPU of the user's own, standing for sm_20 in place of the
  // shipped tesla_c2050.
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
  EXPECT_EQ(DB->find("sm_21")->Id, "tesla_c2050");
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
