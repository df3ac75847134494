//===- ArchFermiKeplerTest.cpp - the compute capability 2.0 and 3.5 GPUs --===//
//
// Issue 15: arch/ holds a Fermi (Tesla C2050 / M2050) and three GK110
// boards (Tesla K20X, K20c, K40), so that published measurements on them
// can be compared with warplint's estimates; docs/arch.md, "Fermi and
// GK110".
//
//===----------------------------------------------------------------------===//
#include "Arch/ArchDatabase.h"
#include "Warp/Analyses.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

const ArchSpec &gpu(llvm::StringRef Id) {
  static const ArchDatabase DB = [] {
    auto D = ArchDatabase::builtin();
    if (!D) {
      ADD_FAILURE() << llvm::toString(D.takeError());
      return ArchDatabase();
    }
    return std::move(*D);
  }();
  const ArchSpec *S = DB.find(Id);
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

TEST(ArchFilesTest, FermiAndKeplerGpusHoldTheirFigures) {
  // Issue 15: compute capability 2.0 and 3.5 GPUs, so that published
  // measurements on them can be compared with warplint's estimates.
  const ArchSpec &F = gpu("tesla_c2050");
  EXPECT_EQ(F.Major, 2);
  EXPECT_EQ(F.Minor, 0);
  EXPECT_EQ(F.SmCount, 14u);
  EXPECT_EQ(F.CoreClockMHz, 1150);
  EXPECT_EQ(F.DramBandwidthGBs, 144);
  EXPECT_EQ(F.BusWidthBits, 384u);
  EXPECT_EQ(F.MaxThreadsPerSm, 1536u);
  EXPECT_EQ(F.MaxWarpsPerSm, 48u);
  EXPECT_EQ(F.MaxBlocksPerSm, 8u);
  EXPECT_EQ(F.RegsPerSm, 32768u);
  EXPECT_EQ(F.MaxRegsPerThread, 63u);
  EXPECT_EQ(F.SmemPerSmBytes, 48u * 1024);
  EXPECT_EQ(F.L1Bytes, 16u * 1024);
  EXPECT_EQ(F.L1LineBytes, 128u);
  EXPECT_EQ(F.L2Bytes, 768u * 1024);
  EXPECT_EQ(F.SmemBanks, 32u);
  EXPECT_EQ(F.SmemBankWidthBytes, 4u);
  EXPECT_EQ(F.BankConflictScope, BankScope::Warp);
  EXPECT_TRUE(F.PartitionsHashed);
  expectProvenance(F, "sm_count", ProvenanceKind::Reported, "dq_m2050");
  expectProvenance(F, "reg_alloc_unit", ProvenanceKind::Rule, "occ65");
  // No Fermi DRAM latency was recovered: a stated stand-in (docs/arch.md).
  EXPECT_EQ(F.LatDramCycles, 440);
  expectProvenance(F, "lat_dram_cycles", ProvenanceKind::Estimate, "wong10");
  EXPECT_EQ(F.Sources.at("lat_dram_cycles").Note.rfind("STAND-IN", 0), 0u);
  EXPECT_EQ(F.LatL2HitCycles, 0);
  expectProvenance(F, "lat_l2_hit_cycles", ProvenanceKind::Unknown, "meichu");

  // GK110: 32 banks of 8 bytes, 255 registers per thread, 16 blocks per SM;
  // latencies measured on a K40m (PPT), proxies for the K20X and K20c.
  const ArchSpec &X = gpu("tesla_k20x");
  EXPECT_EQ(X.sm(), "sm_35");
  EXPECT_EQ(X.SmCount, 14u);
  EXPECT_EQ(X.CoreClockMHz, 732);
  EXPECT_EQ(X.DramBandwidthGBs, 250);
  EXPECT_EQ(X.RegsPerSm, 65536u);
  EXPECT_EQ(X.MaxRegsPerThread, 255u);
  EXPECT_EQ(X.MaxThreadsPerSm, 2048u);
  EXPECT_EQ(X.MaxBlocksPerSm, 16u);
  EXPECT_EQ(X.SmemPerSmBytes, 48u * 1024);
  EXPECT_EQ(X.L2Bytes, 1536u * 1024);
  EXPECT_EQ(X.SmemBanks, 32u);
  EXPECT_EQ(X.SmemBankWidthBytes, 8u);
  EXPECT_EQ(X.LatDramCycles, 331);
  expectProvenance(X, "lat_dram_cycles", ProvenanceKind::Proxy, "ppt");
  const ArchSpec &C = gpu("tesla_k20c");
  EXPECT_EQ(C.SmCount, 13u);
  EXPECT_EQ(C.CoreClockMHz, 706);
  EXPECT_EQ(C.BusWidthBits, 320u);
  EXPECT_EQ(C.DramBandwidthGBs, 208);
  EXPECT_EQ(C.L2Bytes, 1310720u);
  expectProvenance(C, "l2_size_bytes", ProvenanceKind::Reported, "dq_k20c");
  const ArchSpec &K = gpu("tesla_k40");
  EXPECT_EQ(K.SmCount, 15u);
  EXPECT_EQ(K.CoreClockMHz, 745);
  EXPECT_EQ(K.DramBandwidthGBs, 288);
  EXPECT_EQ(K.L2Bytes, 1536u * 1024);
  expectProvenance(K, "lat_dram_cycles", ProvenanceKind::Measured, "ppt");
  // The K20c and K40 are named by id; the K20X stands for sm_35.
  EXPECT_TRUE(C.StandsFor.empty());
  EXPECT_TRUE(K.StandsFor.empty());
}

TEST(ArchFilesTest, FermiAndKeplerBanks) {
  // Fermi (2.0): 32 banks of 4 bytes, conflicts over the whole warp.
  GpuModel F = gpuModelFromArch(gpu("tesla_c2050"));
  EXPECT_EQ(F.Banks.Banks, 32u);
  EXPECT_EQ(F.Banks.BankWidth, 4u);
  EXPECT_FALSE(F.Banks.HalfWarp);
  EXPECT_FALSE(F.Banks.KeplerWordPairs);
  // GK110 (3.5): 32 banks of 8 bytes; by default the 4-byte mode, which
  // serves words i and i+32 of one 64-word segment together (CGPredict
  // Sec. 2.5), else the 8-byte mode.
  GpuModel X = gpuModelFromArch(gpu("tesla_k20x"));
  EXPECT_EQ(X.Banks.Banks, 32u);
  EXPECT_EQ(X.Banks.BankWidth, 4u);
  EXPECT_TRUE(X.Banks.KeplerWordPairs);
  GpuModel X8 =
      gpuModelFromArch(gpu("tesla_k20x"), /*KeplerEightByteMode=*/true);
  EXPECT_EQ(X8.Banks.BankWidth, 8u);
  EXPECT_FALSE(X8.Banks.KeplerWordPairs);
}

} // namespace
