//===- CGPredictTest.cpp - CGPredict eq. 1-23 on hand-computed inputs -----===//
#include "Cost/CGPredict.h"
#include "CGPredictTk1.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

CgPredictInput tk1() { return test::tk1(); }

/// Two coalesced loads half of whose L2 transactions miss per warp
/// (0.5 DRAM transactions), one uncoalesced load with 8 DRAM transactions,
/// one constant load that hits; 20 computation instructions; N = 8, B = 2,
/// 4 blocks.
CgPredictInput kernel() {
  CgPredictInput In = tk1();
  In.NoCoalInsts = 2;
  In.NoDramTransCoal = 0.5;
  In.NoUncoalInsts = 1;
  In.NoDramTransUncoal = 8;
  In.NoConstInsts = 1;
  In.NoDramTransConst = 0;
  In.NoCompInsts = 20;
  In.N = 8;
  In.B = 2;
  In.NoBlocks = 4;
  return In;
}

TEST(CGPredictTest, PerClassLatencyAndDepartureDelay) {
  CgPredictResult R = cgPredict(kernel());
  ASSERT_TRUE(R.Ok) << R.Error;
  // Coalesced, 0.5 <= 1: eq. 1: 164 + (2 - 1) x 2 = 166;
  // eq. 3: max(2 x 2, 0.5 x 10) = 5.
  EXPECT_FALSE(R.CoalUsesDram);
  EXPECT_DOUBLE_EQ(R.MemLCoal, 166);
  EXPECT_DOUBLE_EQ(R.DepDelCoal, 5);
  // Uncoalesced, 8 > 1: eq. 2: 164 + 332 + (8 - 1) x 10 = 566;
  // eq. 3: max(32 x 2, 8 x 10) = 80.
  EXPECT_TRUE(R.UncoalUsesDram);
  EXPECT_DOUBLE_EQ(R.MemLUncoal, 566);
  EXPECT_DOUBLE_EQ(R.DepDelUncoal, 80);
  // Constant hit: eq. 4: 164 + 0; eq. 5: 1 x 2 + 0.
  EXPECT_DOUBLE_EQ(R.MemLConst, 164);
  EXPECT_DOUBLE_EQ(R.DepDelConst, 2);
  // eq. 6: 166 x 2 + 566 + 164 = 1062; eq. 7: 1062/4 = 265.5;
  // eq. 8: (5 x 2 + 80 + 2)/4 = 23.
  EXPECT_DOUBLE_EQ(R.MemCyclesGlobal, 1062);
  EXPECT_DOUBLE_EQ(R.MemL, 265.5);
  EXPECT_DOUBLE_EQ(R.DepartureDelay, 23);
  // eq. 12: 0.5 x 24 = 12. eq. 13: 265.5/23 = 11.54 -> N = 8.
  // eq. 14: (1062 + 12)/12 = 89.5 -> 8. CWP >= MWP: eq. 16.
  EXPECT_DOUBLE_EQ(R.CompCycles, 12);
  EXPECT_DOUBLE_EQ(R.MwpFull, 265.5 / 23);
  EXPECT_DOUBLE_EQ(R.Mwp, 8);
  EXPECT_DOUBLE_EQ(R.CwpFull, 89.5);
  EXPECT_DOUBLE_EQ(R.Cwp, 8);
  EXPECT_TRUE(R.MemoryBound);
  // eq. 15: 4/2 = 2. eq. 16, the whole expression times batch:
  // (1062 x 8/8 + 12/4 x 8) x 2 = 2172 (as printed, batch on the last term
  // only, it would be 1110).
  EXPECT_DOUBLE_EQ(R.Batch, 2);
  EXPECT_DOUBLE_EQ(R.ExecCycles, 2172);
  EXPECT_DOUBLE_EQ(R.SyncCost, 0);
  EXPECT_DOUBLE_EQ(R.TotalCycles, 2172);
  EXPECT_DOUBLE_EQ(R.TimeSeconds, 2172 / 0.852e9);
}

TEST(CGPredictTest, AStoreCostsItsDepartureNotItsLatency) {
  // kernel() with one of its coalesced accesses a store: (6) charges it
  // its departure delay (5) instead of mem_l_coal (166); (8) is unchanged.
  CgPredictInput In = kernel();
  In.NoCoalStores = 1;
  CgPredictResult R = cgPredict(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.StoreCycles, 5);
  EXPECT_DOUBLE_EQ(R.MemCyclesGlobal, 1062 - 166 + 5);
  EXPECT_DOUBLE_EQ(R.MemL, (1062 - 166 + 5) / 4.0);
  EXPECT_DOUBLE_EQ(R.DepartureDelay, 23);
  // Latency-bound (MWP = N): the store shortens the run.
  EXPECT_LT(R.ExecCycles, cgPredict(kernel()).ExecCycles);
  // Bound by departures (MWP < N): a store still costs its departures,
  // N x no_mem_insts x departure_delay x batch whether or not it is a
  // store. Four uncoalesced stores among five uncoalesced instructions.
  CgPredictInput U = kernel();
  U.NoUncoalInsts = 5;
  U.N = 64;
  CgPredictResult Loads = cgPredict(U);
  U.NoUncoalStores = 4;
  CgPredictResult Stores = cgPredict(U);
  ASSERT_TRUE(Loads.Ok && Stores.Ok);
  ASSERT_LT(Stores.Mwp, U.N);
  ASSERT_LT(Loads.Mwp, U.N);
  const double Departures =
      U.N * Stores.NoMemInsts * Stores.DepartureDelay * Stores.Batch;
  EXPECT_NEAR(Stores.ExecCycles - Stores.CompCycles / Stores.NoMemInsts *
                                      Stores.Mwp * Stores.Batch,
              Departures, 1e-6 * Departures);
  EXPECT_NEAR(Loads.ExecCycles - Loads.CompCycles / Loads.NoMemInsts *
                                     Loads.Mwp * Loads.Batch,
              Departures, 1e-6 * Departures);
  // More stores than instructions of the class: an error.
  In.NoConstStores = 2;
  EXPECT_FALSE(cgPredict(In).Ok);
}

TEST(CGPredictTest, SharedMemoryAndSynchronization) {
  CgPredictInput In = kernel();
  In.NoSmemLoadInsts = 2;
  In.SmemCoalInsts = 3;
  In.XCoal = 1;
  In.SmemUncoalInsts = 1;
  In.XUncoal = 16; // Table 3: X_uncoal 16
  In.NoSynchInsts = 2;
  CgPredictResult R = cgPredict(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  // eq. 19: 2 x 506 = 1012. eq. 20 as warplint reads it (one cycle of the
  // load/store units per wavefront, X per access): 16 x 1 + 1 x 3 = 19.
  EXPECT_DOUBLE_EQ(R.SmemLoadCycles, 1012);
  EXPECT_DOUBLE_EQ(R.SmemCycles, 19);
  // eq. 21: 1062 + 1012 = 2074; eq. 22: the busier unit, max(12, 19) = 19.
  EXPECT_DOUBLE_EQ(R.MemCycles, 2074);
  EXPECT_DOUBLE_EQ(R.CompCycles, 19);
  // mem_l stays eq. 7 (265.5): MWP 8. CWP = 2093/19 = 110 > 8: capped
  // at N = 8, >= MWP: eq. 16.
  EXPECT_DOUBLE_EQ(R.MemL, 265.5);
  EXPECT_DOUBLE_EQ(R.CwpFull, 2093.0 / 19);
  EXPECT_TRUE(R.MemoryBound);
  // eq. 16, the whole expression times batch:
  // (2074 x 8/8 + 19/4 x 8) x 2 = 4224.
  EXPECT_DOUBLE_EQ(R.ExecCycles, 4224);
  // eq. 23: 23 x (8 - 1) x 2 x 2 x 2 = 1288.
  EXPECT_DOUBLE_EQ(R.SyncCost, 1288);
  EXPECT_DOUBLE_EQ(R.TotalCycles, 5512);
  // 16-way conflicts on every access: the load/store units are the busier
  // unit, 16 x 4 = 64 cycles of computation against the cores' 12.
  In.XCoal = 16;
  EXPECT_DOUBLE_EQ(cgPredict(In).CompCycles, 64);
  llvm::json::Value V = toJSON(R);
  EXPECT_EQ(V.getAsObject()->getString("case"), "eq16");
  EXPECT_EQ(V.getAsObject()->getNumber("sync_cost"), 1288);
}

// eq. 9-11 on a 256-byte, 2-way cache of 64-byte lines: K = 256/(2 x 64)
// = 2 sets; block m = address/64 goes to set m mod 2.
//   access  class  addresses     blocks   set 0 sub-trace / set 1
//   A0      coal   0..124 (x32)  0, 1     0 (first: miss) | 1 (first: miss)
//   A1      const  128 (x32)     2        2 (first: miss)
//   A2      uncoal 256           4        4 (first: miss)
//   A3      coal   0..124        0, 1     0: TCS {2, 4}, 2 >= A: miss
//                                         | 1: TCS {} : hit
//   A4      uncoal 384           6        6 (first: miss)
//   A5      const  0             0        0: TCS {6}, 1 < A: hit
std::vector<CgAccess> trace() {
  std::vector<CgAccess> T;
  auto Warp = [](uint64_t Base, uint64_t Stride) {
    std::vector<uint64_t> A;
    for (uint64_t I = 0; I < 32; ++I)
      A.push_back(Base + I * Stride);
    return A;
  };
  T.push_back({CgClass::Coal, Warp(0, 4)});
  T.push_back({CgClass::Const, Warp(128, 0)});
  T.push_back({CgClass::Uncoal, {256}});
  T.push_back({CgClass::Coal, Warp(0, 4)});
  T.push_back({CgClass::Uncoal, {384}});
  T.push_back({CgClass::Const, Warp(0, 0)});
  return T;
}

TEST(CGPredictTest, TemporalConflictSets) {
  CgCacheResult R = cgPredictL2(trace(), {256, 2, 64});
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_EQ(R.Sets, 2u);
  EXPECT_EQ(R.NumHit, 2u);                 // eq. 11
  ASSERT_EQ(R.NumHitPerSet.size(), 2u);    // eq. 10
  EXPECT_EQ(R.NumHitPerSet[0], 1u);
  EXPECT_EQ(R.NumHitPerSet[1], 1u);
  EXPECT_EQ(R.MissesPerAccess, (std::vector<unsigned>{2, 1, 1, 1, 1, 0}));
  EXPECT_EQ(R.ReferencesPerAccess, (std::vector<unsigned>{2, 1, 1, 2, 1, 1}));
  // Coalesced: 2 instructions, 4 references, 1 hit, 3 misses -> 1.5 DRAM
  // transactions per instruction; constant: 1 miss in 2 -> 0.5;
  // uncoalesced: 2 misses in 2 -> 1.
  EXPECT_EQ(R.Coal.Hits, 1u);
  EXPECT_DOUBLE_EQ(R.Coal.DramTransPerInst, 1.5);
  EXPECT_DOUBLE_EQ(R.Const.DramTransPerInst, 0.5);
  EXPECT_DOUBLE_EQ(R.Uncoal.DramTransPerInst, 1);
  // With 4 ways, A3's block 0 (TCS of 2) hits too.
  CgCacheResult R4 = cgPredictL2(trace(), {512, 4, 64});
  ASSERT_TRUE(R4.Ok);
  EXPECT_EQ(R4.NumHit, 3u);
  EXPECT_EQ(R4.MissesPerAccess, (std::vector<unsigned>{2, 1, 1, 0, 1, 0}));
}

// Hashed sets (CgCacheConfig::HashedSets): the cache is one LRU of all its
// lines. Four rows 16 KiB apart, read twice: with m mod K every row meets
// in set 0 of a 2-way cache of 4 lines and the second pass misses; hashed,
// the four lines fit the four the cache holds and all hit.
TEST(CGPredictTest, HashedSetsAreOneLruOfAllLines) {
  std::vector<CgAccess> T;
  for (int Pass = 0; Pass < 2; ++Pass)
    for (uint64_t Row = 0; Row < 4; ++Row)
      T.push_back({CgClass::Uncoal, {Row * 16384}});
  CgCacheResult Mod = cgPredictL2(T, {256, 2, 64});
  ASSERT_TRUE(Mod.Ok) << Mod.Error;
  EXPECT_EQ(Mod.Sets, 2u);
  EXPECT_EQ(Mod.NumHit, 0u);
  CgCacheConfig H{256, 0, 64, true};
  CgCacheResult Hashed = cgPredictL2(T, H);
  ASSERT_TRUE(Hashed.Ok) << Hashed.Error;
  EXPECT_EQ(Hashed.Sets, 1u);
  EXPECT_EQ(Hashed.NumHit, 4u);
  EXPECT_EQ(Hashed.MissesPerAccess,
            (std::vector<unsigned>{1, 1, 1, 1, 0, 0, 0, 0}));
  // A fifth row: each line is evicted (4 distinct lines in between) before
  // it comes back, as LRU does with a cyclic working set one over its size.
  T.clear();
  for (int Pass = 0; Pass < 2; ++Pass)
    for (uint64_t Row = 0; Row < 5; ++Row)
      T.push_back({CgClass::Uncoal, {Row * 16384}});
  EXPECT_EQ(cgPredictL2(T, H).NumHit, 0u);
  // Reuse at distance 3 among them still hits.
  T.push_back({CgClass::Uncoal, {2 * 16384}});
  EXPECT_EQ(cgPredictL2(T, H).NumHit, 1u);
  EXPECT_FALSE(cgPredictL2(T, {200, 0, 64, true}).Ok);
}

// A sectored L2 (SectorBytes): the LRU holds 64-byte lines, each filling
// its 32-byte sectors one by one. 128 bytes: two lines.
TEST(CGPredictTest, SectoredLinesFillTheirSectorsOneByOne) {
  std::vector<CgAccess> T = {
      {CgClass::Uncoal, {0}},   // line 0, sector 0: miss
      {CgClass::Uncoal, {32}},  // line 0, sector 1: not filled, miss
      {CgClass::Uncoal, {4}},   // line 0, sector 0: hit
      {CgClass::Uncoal, {64}},  // line 1: miss
      {CgClass::Uncoal, {128}}, // line 2: miss, line 0 leaves
      {CgClass::Uncoal, {36}},  // line 0 again: its sectors went with it
  };
  CgCacheConfig C{128, 0, 64, true, 32};
  CgCacheResult R = cgPredictL2(T, C);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_EQ(R.MissesPerAccess, (std::vector<unsigned>{1, 1, 0, 1, 1, 1}));
  // Whole lines (no sectors): the second access hits its line.
  C.SectorBytes = 0;
  EXPECT_EQ(cgPredictL2(T, C).MissesPerAccess,
            (std::vector<unsigned>{1, 0, 0, 1, 1, 1}));
}

TEST(CGPredictTest, CacheFeedsTheLatencyModel) {
  CgCacheResult C = cgPredictL2(trace(), {256, 2, 64});
  CgPredictInput In = kernel();
  In.NoDramTransCoal = C.Coal.DramTransPerInst;     // 1.5 > 1: eq. 2
  In.NoDramTransUncoal = C.Uncoal.DramTransPerInst; // 1 <= 1: eq. 1
  In.NoDramTransConst = C.Const.DramTransPerInst;   // 0.5
  CgPredictResult R = cgPredict(In);
  ASSERT_TRUE(R.Ok) << R.Error;
  EXPECT_DOUBLE_EQ(R.MemLCoal, 164 + 332 + 0.5 * 10);  // 501
  EXPECT_DOUBLE_EQ(R.MemLUncoal, 164 + 31 * 2);        // 226
  EXPECT_DOUBLE_EQ(R.MemLConst, 164 + 0.5 * 332);      // 330
  EXPECT_DOUBLE_EQ(R.DepDelConst, 2 + 0.5 * 10);       // 7
}

TEST(CGPredictTest, BadCacheAndInput) {
  EXPECT_FALSE(cgPredictL2(trace(), {256, 2, 48}).Ok);
  EXPECT_FALSE(cgPredictL2(trace(), {200, 2, 64}).Ok);
  CgPredictInput In = kernel();
  In.N = 0;
  EXPECT_FALSE(cgPredict(In).Ok);
}

TEST(CGPredictTest, InputFromTheJetson) {
  ArchSpec A;
  A.Id = "jetson_tk1";
  A.Major = 3;
  A.Minor = 2;
  A.CoreClockMHz = 852;
  A.L2LineBytes = 64;
  A.LatL2HitCycles = 164;
  A.LatDramCycles = 332;
  A.LatSmemCycles = 67;
  A.CgDepartureDelL2 = 2;
  A.CgDepartureDelDram = 10;
  CgPredictInput In = cgPredictInputFrom(A);
  EXPECT_DOUBLE_EQ(In.InstCycle, 0.5);  // Table 3, by the 3.x rule
  EXPECT_DOUBLE_EQ(In.NoCoalPw, 2);     // 128 bytes / 64-byte lines
  EXPECT_DOUBLE_EQ(In.SmemLoadConst, 496);
  // A warp's shared access: 32 threads on the SMX's 32 load/store units.
  EXPECT_DOUBLE_EQ(In.SmemWavefrontCycles, 1);
  // inst_cycle, smem_load_const and the shared-access cost are
  // assumptions.
  EXPECT_EQ(In.Assumptions.size(), 3u);
  // Fermi's SM has 16: two cycles per wavefront.
  A.Major = 2;
  A.Minor = 0;
  EXPECT_DOUBLE_EQ(cgPredictInputFrom(A).SmemWavefrontCycles, 2);
}

} // namespace
