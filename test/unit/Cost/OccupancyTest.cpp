//===- OccupancyTest.cpp - the occupancy calculator's rules ---------------===//
//
// A table of cases over compute capabilities 1.0 to 10.0, on the GPUs of the
// shipped arch/ files. Every expected figure is worked out by hand in the
// comment above it from the rules, whose sources are:
//
//  [xls]  NVIDIA, CUDA_Occupancy_Calculator.xls (CUDA toolkit up to 11.x),
//         sheet "GPU Data" and its formulas: 1.x allocates registers per
//         block, ceil(ceil(warps, 2) x regs x 32, unit); shared memory is
//         rounded up to its unit; blocks = min of the warp, block, register
//         and shared-memory limits.
//  [occ]  CUDA toolkit include/cuda_occupancy.h (arch/*.yaml source "occ13"):
//         registers per warp = ceil(regs x 32, 256); the register file is
//         split into sub-partitions (4; 2 on 6.0), each holding
//         floor((regs per SM / 4) / regs per warp) warps; a block whose
//         regs per warp x ceil(warps, 4) exceeds the per-block register
//         limit cannot launch; from 7.0 a carveout preference (percent of
//         the largest) is rounded up to the next supported carveout and used
//         only if one block fits it, else the largest; with no preference
//         the largest.
//  [pg]   CUDA C++ Programming Guide, "Technical Specifications per Compute
//         Capability" (limits per SM and per block) and "Compute Capability
//         8.x": 1 KB of shared memory per block is reserved for system use
//         (reservedSharedMemPerBlock = 1024, reported live on A100/H100,
//         arch source inv_3p); "Launch Bounds": the register cap L.
//
// There is no arch file of compute capability 2.x: it is not tested.
//
//===----------------------------------------------------------------------===//
#include "Cost/Occupancy.h"
#include "Cost/Estimate.h"
#include "Ptx/PtxasUsage.h"

#include "Arch/ArchDatabase.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

const ArchSpec &arch(const std::string &Id) {
  static std::map<std::string, ArchSpec> Cache;
  auto It = Cache.find(Id);
  if (It != Cache.end())
    return It->second;
  std::string Path = std::string(WARPLINT_ARCH_SOURCE_DIR) + "/" + Id + ".yaml";
  llvm::Expected<ArchSpec> S = loadArchFile(Path);
  if (!S) {
    ADD_FAILURE() << llvm::toString(S.takeError());
    return Cache[Id];
  }
  return Cache[Id] = std::move(*S);
}

OccupancyInput input(uint64_t Threads, unsigned Regs, uint64_t Smem,
                     std::optional<unsigned> Carveout = std::nullopt) {
  OccupancyInput In;
  In.ThreadsPerBlock = Threads;
  In.RegistersPerThread = Regs;
  In.SharedBytesPerBlock = Smem;
  In.CarveoutPercent = Carveout;
  return In;
}

struct Case {
  const char *Name;
  const char *Arch;
  OccupancyInput In;
  unsigned Blocks, Warps;
  double Occupancy;
  OccupancyLimiter Limiter;
};

void expectCase(const Case &C) {
  SCOPED_TRACE(C.Name);
  const ArchSpec &A = arch(C.Arch);
  OccupancyResult R = computeOccupancy(A, C.In);
  ASSERT_TRUE(R.Valid) << R.Error;
  EXPECT_EQ(R.BlocksPerSm, C.Blocks);
  EXPECT_EQ(R.WarpsPerSm, C.Warps);
  EXPECT_DOUBLE_EQ(R.Occupancy, C.Occupancy);
  EXPECT_EQ(toString(R.Limiter), std::string(toString(C.Limiter)));
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

TEST(OccupancyTest, CaseTableAcrossComputeCapabilities) {
  using L = OccupancyLimiter;
  const Case Cases[] = {
      // cc 1.1, GeForce 8800 GT: 24 warps, 8 blocks, 8192 registers per
      // block in units of 256 [xls]. 128 threads = 4 warps (even), 11 regs:
      // 4 x 11 x 32 = 1408 -> ceil to 256 = 1536; 8192 / 1536 = 5 blocks.
      // Warps: 24 / 4 = 6. Blocks 5, warps 20, 20/24.
      {"1.1 registers, unit 256", "geforce_8800gt", input(128, 11, 0), 5, 20,
       20.0 / 24, L::Registers},
      // cc 1.3, Tesla C1060: 32 warps, 8 blocks, 16384 registers in units
      // of 512, warps rounded to pairs [xls]. 96 threads = 3 warps -> 4 for
      // registers: 4 x 21 x 32 = 2688 -> 3072; 16384 / 3072 = 5. Warps:
      // 32 / 3 = 10. Blocks 5, warps 15, 15/32.
      {"1.3 registers, warp pairs", "tesla_c1060", input(96, 21, 0), 5, 15,
       15.0 / 32, L::Registers},
      // 256 threads = 8 warps, 10 regs: 8 x 10 x 32 = 2560 (5 x 512):
      // 16384 / 2560 = 6. Shared: 5000 -> ceil to 512 = 5120; 16384 / 5120
      // = 3. Warps: 32 / 8 = 4. Blocks 3, warps 24, 24/32.
      {"1.3 shared memory, unit 512", "tesla_c1060", input(256, 10, 5000), 3, 24,
       0.75, L::SharedMemory},
      // 32 threads = 1 warp -> 2: 2 x 8 x 32 = 512; 16384 / 512 = 32.
      // Warps: 32. Blocks: 8. Blocks 8, warps 8, 8/32.
      {"1.3 blocks", "geforce_gtx280", input(32, 8, 0), 8, 8, 0.25, L::Blocks},
      // cc 3.2, Jetson TK1: 64 warps, 16 blocks, 65536 registers per SM,
      // 32768 per block [pg, deviceQuery]. 64 threads, 16 regs: 512 per
      // warp; (65536/4) / 512 = 32 warps per partition, 128 warps, 64
      // blocks. Warps: 64 / 2 = 32. Blocks: 16. Blocks 16, warps 32, 32/64.
      {"3.2 blocks", "jetson_tk1", input(64, 16, 0), 16, 32, 0.5, L::Blocks},
      // cc 5.2, GTX TITAN X: 96 KiB shared per SM in units of 256 [occ].
      // 128 threads, 32 regs, 10000 bytes: 10000 -> 10240; 98304 / 10240 =
      // 9. Registers: 1024 per warp, 16 per partition, 64 warps / 4 = 16.
      // Warps: 64 / 4 = 16. Blocks 9, warps 36, 36/64.
      {"5.2 shared memory, unit 256", "gtx_titan_x_maxwell",
       input(128, 32, 10000), 9, 36, 36.0 / 64, L::SharedMemory},
      // cc 6.1, GTX 1080: 64 threads = 2 warps, 37 regs: 37 x 32 = 1184 ->
      // ceil to 256 = 1280 per warp [occ]. Per partition: 16384 / 1280 = 12
      // warps, 48 per SM, 24 blocks (without partitions it would be
      // 65536 / 1280 = 51 warps, 25 blocks). Warps: 64 / 2 = 32. Blocks 32.
      // Blocks 24, warps 48, 48/64.
      {"6.1 registers, partitions", "gtx_1080", input(64, 37, 0), 24, 48, 0.75,
       L::Registers},
      // cc 7.0, V100: carveouts 0, 8, 16, 32, 64, 96 KiB [occ]. 128 threads,
      // 32 regs, 20000 bytes with no preference: the largest, 96 KiB.
      // 20000 -> ceil to 256 = 20224; 98304 / 20224 = 4. Registers 16,
      // warps 16. Blocks 4, warps 16, 16/64.
      {"7.0 shared memory, largest carveout", "v100_sxm2", input(128, 32, 20000),
       4, 16, 0.25, L::SharedMemory},
      // Preference 50%: 98304 x 50 / 100 = 49152 -> the next carveout,
      // 64 KiB = 65536 (holds one block of 20224). 65536 / 20224 = 3.
      // Blocks 3, warps 12, 12/64.
      {"7.0 shared memory, 50% carveout", "v100_sxm2",
       input(128, 32, 20000, 50), 3, 12, 12.0 / 64, L::SharedMemory},
      // cc 7.5, T4: 32 warps, 16 blocks. 512 threads = 16 warps, 32 regs:
      // warps 32 / 16 = 2; registers 16 x 4 = 64 warps / 16 = 4. Blocks 2,
      // warps 32, 32/32.
      {"7.5 warps", "t4", input(512, 32, 0), 2, 32, 1.0, L::Warps},
      // Preference 25% of 64 KiB = 16384 -> 32 KiB; one block takes
      // 40000 -> 40192 > 32768, so the largest, 64 KiB: 65536 / 40192 = 1.
      // Blocks 1, warps 8, 8/32.
      {"7.5 carveout too small for a block", "t4", input(256, 32, 40000, 25), 1,
       8, 0.25, L::SharedMemory},
      // cc 8.0, A100: 164 KiB shared per SM, unit 128, 1 KiB reserved per
      // block [pg, occ]. 128 threads, 32 regs, 12288 bytes: 12288 + 1024 =
      // 13312; 167936 / 13312 = 12 (without the reservation 167936 / 12288
      // = 13). Registers 16, warps 16. Blocks 12, warps 48, 48/64.
      {"8.0 shared memory with the 1 KiB reservation", "a100_sxm4_40gb",
       input(128, 32, 12288), 12, 48, 0.75, L::SharedMemory},
      // Preference 40%: 167936 x 40 / 100 = 67174 -> the next carveout,
      // 100 KiB = 102400. 30000 + 1024 = 31024 -> ceil to 128 = 31104;
      // 102400 / 31104 = 3. Blocks 3, warps 24, 24/64.
      {"8.0 shared memory, 40% carveout", "a100_sxm4_40gb",
       input(256, 32, 30000, 40), 3, 24, 0.375, L::SharedMemory},
      // 32 threads, 16 regs, no shared memory: the reservation alone,
      // 167936 / 1024 = 164; registers 512 per warp, 32 x 4 = 128 blocks;
      // warps 64; blocks 32. Blocks 32, warps 32, 32/64.
      {"8.0 blocks", "a100_sxm4_80gb", input(32, 16, 0), 32, 32, 0.5,
       L::Blocks},
      // cc 8.6, RTX 3090: 48 warps, 16 blocks. 256 threads, 64 regs: 2048
      // per warp, 16384 / 2048 = 8 per partition, 32 warps, 4 blocks.
      // Warps: 48 / 8 = 6. Blocks 4, warps 32, 32/48.
      {"8.6 registers", "rtx_3090", input(256, 64, 0), 4, 32, 32.0 / 48,
       L::Registers},
      // cc 8.9, RTX 4090: 48 warps, 24 blocks. 32 threads, 32 regs: warps
      // 48, registers 64 warps = 64 blocks, blocks 24. Blocks 24, warps 24.
      {"8.9 blocks", "rtx_4090", input(32, 32, 0), 24, 24, 0.5, L::Blocks},
      // L4 (8.9) at 1024 threads, 32 regs: warps 48 / 32 = 1; registers
      // 16 x 4 = 64 warps / 32 = 2. Blocks 1, warps 32, 32/48.
      {"8.9 warps", "l4", input(1024, 32, 0), 1, 32, 32.0 / 48, L::Warps},
      // cc 9.0, H100 SXM: 1024 threads, 64 regs: 2048 per warp, 8 per
      // partition, 32 warps, 1 block; the launch check 2048 x 32 = 65536
      // fits. Warps 64 / 32 = 2. Blocks 1, warps 32, 32/64.
      {"9.0 registers", "h100_sxm", input(1024, 64, 0), 1, 32, 0.5,
       L::Registers},
      // Preference 50% of 228 KiB = 116736 -> 132 KiB = 135168. 50000 +
      // 1024 = 51024 -> ceil to 128 = 51072; 135168 / 51072 = 2. Blocks 2,
      // warps 16, 16/64.
      {"9.0 shared memory, 50% carveout", "h100_pcie",
       input(256, 32, 50000, 50), 2, 16, 0.25, L::SharedMemory},
      // cc 10.0, B200: 128 threads, 40 regs: 1280 per warp (already a
      // multiple of 256), 16384 / 1280 = 12 per partition, 48 warps, 12
      // blocks. Warps 16. Blocks 12, warps 48, 48/64.
      {"10.0 registers", "b200", input(128, 40, 0), 12, 48, 0.75,
       L::Registers},
  };
  for (const Case &C : Cases)
    expectCase(C);
}

TEST(OccupancyTest, ReportsEveryFactorsLimitAndTies) {
  // 1.3, 256 threads, 16 regs: warps 32 / 8 = 4; registers 8 x 16 x 32 =
  // 4096, 16384 / 4096 = 4; blocks 8; no shared memory. Warps and
  // registers tie at 4: the limiter is warps (first of the order), both
  // are listed.
  OccupancyResult R = computeOccupancy(arch("tesla_c1060"), input(256, 16, 0));
  ASSERT_TRUE(R.Valid) << R.Error;
  EXPECT_EQ(R.LimitWarps, 4u);
  EXPECT_EQ(R.LimitBlocks, 8u);
  EXPECT_EQ(R.LimitRegisters, 4u);
  EXPECT_FALSE(R.LimitSharedMemory); // no shared memory, no reservation
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Warps);
  ASSERT_EQ(R.Limiters.size(), 2u);
  EXPECT_EQ(R.Limiters[1], OccupancyLimiter::Registers);
  EXPECT_EQ(R.RegistersPerBlock, 4096u);
  EXPECT_EQ(R.RegistersPerWarp, 0u); // allocated per block on 1.x
  EXPECT_DOUBLE_EQ(R.Occupancy, 1.0);
}

TEST(OccupancyTest, RegisterGranularityRounding) {
  // 8.0: 33 regs x 32 = 1056 -> ceil to 256 = 1280 per warp, the same as
  // 40 regs (1280); 32 regs is 1024 exactly.
  const ArchSpec &A = arch("a100_sxm4_40gb");
  EXPECT_EQ(computeOccupancy(A, input(128, 33, 0)).RegistersPerWarp, 1280u);
  EXPECT_EQ(computeOccupancy(A, input(128, 40, 0)).RegistersPerWarp, 1280u);
  EXPECT_EQ(computeOccupancy(A, input(128, 32, 0)).RegistersPerWarp, 1024u);
  // Per block: 4 warps x 1280 = 5120.
  EXPECT_EQ(computeOccupancy(A, input(128, 33, 0)).RegistersPerBlock, 5120u);
  // 33 regs at 128 threads: 16384 / 1280 = 12 per partition, 48 warps, 12
  // blocks (32 regs: 16 per partition, 64 warps, 16 blocks -> warps 16).
  EXPECT_EQ(computeOccupancy(A, input(128, 33, 0)).BlocksPerSm, 12u);
  EXPECT_EQ(computeOccupancy(A, input(128, 32, 0)).BlocksPerSm, 16u);
  // 1.1, unit 256 per block: 3 warps -> 4, 4 x 5 x 32 = 640 -> 768.
  EXPECT_EQ(computeOccupancy(arch("quadro_fx5600"), input(96, 5, 0))
                .RegistersPerBlock,
            768u);
}

TEST(OccupancyTest, PerBlockReservationFrom80) {
  // The same block on 7.0 (no reservation, unit 256) and 8.0 (1 KiB
  // reserved, unit 128): 4096 bytes.
  // 7.0: 4096 -> 4096 per block. 8.0: 4096 + 1024 = 5120.
  OccupancyResult V = computeOccupancy(arch("v100_sxm2"), input(64, 16, 4096));
  OccupancyResult A = computeOccupancy(arch("a100_sxm4_40gb"), input(64, 16, 4096));
  EXPECT_EQ(V.SharedBytesAllocated, 4096u);
  EXPECT_EQ(A.SharedBytesAllocated, 5120u);
  // 98304 / 4096 = 24 on 7.0; 167936 / 5120 = 32 on 8.0.
  EXPECT_EQ(V.LimitSharedMemory, 24u);
  EXPECT_EQ(A.LimitSharedMemory, 32u);
  // The largest block the opt-in allows, 166912 bytes, takes all of the
  // 167936 with the reservation: one block.
  OccupancyResult Max =
      computeOccupancy(arch("a100_sxm4_40gb"), input(128, 32, 166912));
  ASSERT_TRUE(Max.Valid) << Max.Error;
  EXPECT_EQ(Max.SharedBytesAllocated, 167936u);
  EXPECT_EQ(Max.BlocksPerSm, 1u);
  EXPECT_EQ(Max.Limiter, OccupancyLimiter::SharedMemory);
  // More than 48 KiB needs the opt-in: said as an assumption.
  bool OptIn = false;
  for (const std::string &S : Max.Assumptions)
    OptIn |= S.find("opts in") != std::string::npos;
  EXPECT_TRUE(OptIn);
}

TEST(OccupancyTest, CarveoutSelection) {
  const ArchSpec &A = arch("a100_sxm4_40gb");
  // Each preference rounds up to the next of 0, 8, 16, 32, 64, 100, 132,
  // 164 KiB (of 164 KiB = 167936 bytes), for a block of 1000 + 1024 =
  // 2024 -> 2048 bytes:
  //   0%  -> 0 -> 0 KiB, which cannot hold 2048: the largest, 164;
  //   5%  -> 8396.8 -> 8396 -> 16 KiB (8 KiB = 8192 < 8396);
  //   20% -> 33587 -> 64 KiB;  60% -> 100761 -> 100 KiB (102400);
  //   61% -> 102440 -> 132 KiB;  100% -> 164 KiB.
  struct {
    unsigned Percent, KB;
  } Table[] = {{0, 164}, {5, 16}, {20, 64}, {60, 100}, {61, 132}, {100, 164}};
  for (auto T : Table) {
    SCOPED_TRACE(T.Percent);
    OccupancyResult R = computeOccupancy(A, input(64, 16, 1000, T.Percent));
    ASSERT_TRUE(R.Valid) << R.Error;
    ASSERT_TRUE(R.CarveoutKB);
    EXPECT_EQ(*R.CarveoutKB, T.KB);
    EXPECT_EQ(R.SharedBytesPerSm, uint64_t(T.KB) * 1024);
    // Blocks by shared memory: carveout / 2048.
    EXPECT_EQ(R.LimitSharedMemory, T.KB * 1024 / 2048);
  }
  // No preference: the largest, and said so when shared memory is used.
  OccupancyResult N = computeOccupancy(A, input(64, 16, 1000));
  EXPECT_EQ(N.CarveoutKB, 164u);
  ASSERT_FALSE(N.Assumptions.empty());
  EXPECT_NE(N.Assumptions[0].find("largest shared-memory carveout, 164 KiB"),
            std::string::npos);
  // Below 7.0 there is no carveout; a preference is ignored, with a note.
  OccupancyResult P = computeOccupancy(arch("gtx_1080"), input(64, 16, 1000, 50));
  EXPECT_FALSE(P.CarveoutKB);
  EXPECT_EQ(P.SharedBytesPerSm, 98304u);
  ASSERT_FALSE(P.Assumptions.empty());
  EXPECT_NE(P.Assumptions[0].find("ignored"), std::string::npos);
}

TEST(OccupancyTest, RejectsImpossibleInputs) {
  const ArchSpec &A = arch("a100_sxm4_40gb");
  struct {
    OccupancyInput In;
    OccupancyLimiter L;
    const char *Says;
  } Bad[] = {
      {input(0, 32, 0), OccupancyLimiter::Warps, "a block of 0 threads"},
      {input(1025, 32, 0), OccupancyLimiter::Warps,
       "a block of 1025 threads exceeds the 1024 threads per block"},
      {input(128, 256, 0), OccupancyLimiter::Registers,
       "256 registers per thread exceed the 255"},
      // 166912 is the opt-in limit of 8.0.
      {input(128, 32, 166913), OccupancyLimiter::SharedMemory,
       "166913 bytes of shared memory per block exceed the 166912"},
      // 1024 threads at 65 regs: 65 x 32 = 2080 -> 2304 per warp, x 32 warps
      // = 73728 > 65536 per block.
      {input(1024, 65, 0), OccupancyLimiter::Registers,
       "needs 73728 registers (2304 per warp), more than the 65536"},
      {input(128, 32, 0, 150), OccupancyLimiter::SharedMemory, "150%"},
  };
  for (const auto &B : Bad) {
    OccupancyResult R = computeOccupancy(A, B.In);
    SCOPED_TRACE(B.Says);
    EXPECT_FALSE(R.Valid);
    EXPECT_EQ(R.BlocksPerSm, 0u);
    EXPECT_EQ(R.Occupancy, 0.0);
    EXPECT_EQ(R.Limiter, B.L);
    EXPECT_NE(R.Error.find(B.Says), std::string::npos) << R.Error;
  }
  // 5.2 has no opt-in: 48 KiB per block.
  OccupancyResult M = computeOccupancy(arch("gtx_titan_x_maxwell"),
                                       input(128, 32, 49153));
  EXPECT_FALSE(M.Valid);
  EXPECT_NE(M.Error.find("exceed the 49152 bytes per block"), std::string::npos);
  // Jetson TK1, 32768 registers per block. 1024 threads at 33 regs: 1056
  // -> 1280 per warp x 32 = 40960 > 32768.
  OccupancyResult T = computeOccupancy(arch("jetson_tk1"), input(1024, 33, 0));
  EXPECT_FALSE(T.Valid);
  EXPECT_NE(T.Error.find("too many resources requested for launch"),
            std::string::npos);
  // At 32 regs: 1024 x 32 = 32768 fits; 16384 / 1024 = 16 per partition,
  // 64 warps, 2 blocks; warps 64 / 32 = 2. Blocks 2, occupancy 1.
  OccupancyResult T2 = computeOccupancy(arch("jetson_tk1"), input(1024, 32, 0));
  ASSERT_TRUE(T2.Valid) << T2.Error;
  EXPECT_EQ(T2.BlocksPerSm, 2u);
  // The launch check rounds the warps up to the 4 partitions: 160 threads
  // = 5 warps at 200 regs = 6400 per warp (25 x 256): 5 x 6400 = 32000
  // fits 32768, but 8 x 6400 = 51200 does not.
  OccupancyResult T3 = computeOccupancy(arch("jetson_tk1"), input(160, 200, 0));
  EXPECT_FALSE(T3.Valid);
  EXPECT_NE(T3.Error.find("needs 51200 registers"), std::string::npos) << T3.Error;
  // 1.3: 512 threads = 16 warps at 33 regs: 16 x 33 x 32 = 16896 (33 x
  // 512, no rounding) > 16384.
  OccupancyResult O = computeOccupancy(arch("tesla_c1060"), input(512, 33, 0));
  EXPECT_FALSE(O.Valid);
  EXPECT_NE(O.Error.find("allocated 16896 registers"), std::string::npos) << O.Error;
}

TEST(OccupancyTest, JsonHoldsEveryFigure) {
  OccupancyResult R =
      computeOccupancy(arch("a100_sxm4_40gb"), input(128, 32, 12288));
  llvm::json::Value V = toJSON(R);
  const llvm::json::Object *O = V.getAsObject();
  ASSERT_TRUE(O);
  EXPECT_EQ(O->getInteger("blocks_per_sm"), 12);
  EXPECT_EQ(O->getString("limiter"), "shared memory");
  EXPECT_EQ(O->getInteger("shared_bytes_allocated"), 13312);
  EXPECT_EQ(O->getInteger("carveout_kb"), 164);
  const llvm::json::Object *L = O->getObject("limits");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->getInteger("warps"), 16);
  EXPECT_EQ(L->getInteger("registers"), 16);
  EXPECT_EQ(L->getInteger("shared_memory"), 12);
}

//===----------------------------------------------------------------------===//
// Registers per thread
//===----------------------------------------------------------------------===//

TEST(OccupancyTest, LaunchBoundsRegisterCap) {
  const ArchSpec &A = arch("a100_sxm4_40gb");
  // [pg] L: the most registers with which MinBlocks blocks of MaxThreads
  // fit the register file.
  // (256, 2): 16 warps, 4 per partition: 16384 / 4 = 4096 per warp = 128 x
  // 32. L = 128.
  EXPECT_EQ(launchBoundsRegisterCap(A, 256, 2), 128u);
  // (1024): 32 warps, 8 per partition: 2048 per warp: 64.
  EXPECT_EQ(launchBoundsRegisterCap(A, 1024, std::nullopt), 64u);
  // (128, 16): 64 warps, 16 per partition: 1024 per warp: 32.
  EXPECT_EQ(launchBoundsRegisterCap(A, 128, 16), 32u);
  // (96, 7): 3 warps x 7 = 21 warps: floor(16384 / w) x 4 >= 21 needs 6 per
  // partition, w <= 2730, a multiple of 256: 2560 = 80 x 32. L = 80.
  EXPECT_EQ(launchBoundsRegisterCap(A, 96, 7), 80u);
  // Jetson TK1, 32768 per block: (1024): 32 warps x w <= 32768, w <= 1024:
  // 32.
  EXPECT_EQ(launchBoundsRegisterCap(arch("jetson_tk1"), 1024, std::nullopt), 32u);
  // 1.3, per block: (256, 2): 8 warps x 32 x R rounded to 512 <= 16384 / 2
  // = 8192: R <= 32. (192, 3): 6 x 32 x R -> 512 <= 5461: 5120 at most,
  // 192 R <= 5120: R = 26 (192 x 26 = 4992 -> 5120; 27: 5184 -> 5632).
  EXPECT_EQ(launchBoundsRegisterCap(arch("tesla_c1060"), 256, 2), 32u);
  EXPECT_EQ(launchBoundsRegisterCap(arch("tesla_c1060"), 192, 3), 26u);
  // Bounds beyond the GPU: no cap. A block of 2048 threads; 3 blocks of
  // 1024 threads = 96 warps > 64; 33 blocks > 32; on 1.3, 9 blocks > 8.
  EXPECT_FALSE(launchBoundsRegisterCap(A, 2048, std::nullopt));
  EXPECT_FALSE(launchBoundsRegisterCap(A, 1024, 3));
  EXPECT_FALSE(launchBoundsRegisterCap(A, 32, 33));
  EXPECT_FALSE(launchBoundsRegisterCap(arch("tesla_c1060"), 64, 9));
  // 2 blocks of 1024 fit the 64 warps: 16 warps per partition, 1024 per
  // warp: 32.
  EXPECT_EQ(launchBoundsRegisterCap(A, 1024, 2), 32u);
}

TEST(OccupancyTest, RegisterCountPriority) {
  const ArchSpec &A = arch("a100_sxm4_40gb");
  LaunchBounds B256x2{256, 2, std::nullopt};
  LaunchBounds B1024{1024, std::nullopt, std::nullopt};
  {
    RegisterInputs In; // nothing: the default
    RegisterChoice C = chooseRegistersPerThread(A, In);
    EXPECT_EQ(C.Registers, 32u);
    EXPECT_EQ(C.Source, RegisterSource::Default);
    ASSERT_EQ(C.Assumptions.size(), 1u);
    EXPECT_NE(C.Assumptions[0].find("the default"), std::string::npos);
  }
  {
    RegisterInputs In;
    In.Option = 72;
    In.Ptxas = 40;
    In.MaxRegCount = 64;
    In.Bounds = B256x2;
    RegisterChoice C = chooseRegistersPerThread(A, In);
    EXPECT_EQ(C.Registers, 72u);
    EXPECT_EQ(C.Source, RegisterSource::Option);
    EXPECT_TRUE(C.Assumptions.empty());
  }
  {
    RegisterInputs In;
    In.Ptxas = 40;
    In.MaxRegCount = 64;
    RegisterChoice C = chooseRegistersPerThread(A, In);
    EXPECT_EQ(C.Registers, 40u);
    EXPECT_EQ(C.Source, RegisterSource::Ptxas);
  }
  {
    RegisterInputs In;
    In.MaxRegCount = 40;
    In.Bounds = B256x2; // cap 128: -maxrregcount is the smaller
    RegisterChoice C = chooseRegistersPerThread(A, In);
    EXPECT_EQ(C.Registers, 40u);
    EXPECT_EQ(C.Source, RegisterSource::MaxRegCount);
  }
  {
    RegisterInputs In;
    In.MaxRegCount = 200;
    In.Bounds = B256x2; // cap 128 < 200
    RegisterChoice C = chooseRegistersPerThread(A, In);
    EXPECT_EQ(C.Registers, 128u);
    EXPECT_EQ(C.Source, RegisterSource::LaunchBounds);
  }
  {
    RegisterInputs In;
    In.MaxRegCount = 300; // above the 255 of 8.0
    RegisterChoice C = chooseRegistersPerThread(A, In);
    EXPECT_EQ(C.Registers, 255u);
    ASSERT_FALSE(C.Assumptions.empty());
    EXPECT_NE(C.Assumptions[0].find("above the 255"), std::string::npos);
  }
  {
    // With a minimum block count the compiler may use up to L = 128.
    RegisterInputs In;
    In.Bounds = B256x2;
    RegisterChoice C = chooseRegistersPerThread(A, In);
    EXPECT_EQ(C.Registers, 128u);
    EXPECT_EQ(C.Source, RegisterSource::LaunchBounds);
  }
  {
    // Without one: the default 32, within L = 64.
    RegisterInputs In;
    In.Bounds = B1024;
    RegisterChoice C = chooseRegistersPerThread(A, In);
    EXPECT_EQ(C.Registers, 32u);
    EXPECT_EQ(C.Source, RegisterSource::Default);
    ASSERT_FALSE(C.Assumptions.empty());
    EXPECT_NE(C.Assumptions[0].find("caps it at 64"), std::string::npos);
  }
  {
    // 1.1, __launch_bounds__(512): 16 warps x 32 x R <= 8192: R <= 16,
    // below the default: 16.
    RegisterInputs In;
    In.Bounds = LaunchBounds{512, std::nullopt, std::nullopt};
    RegisterChoice C = chooseRegistersPerThread(arch("geforce_8800gt"), In);
    EXPECT_EQ(C.Registers, 16u);
    EXPECT_EQ(C.Source, RegisterSource::LaunchBounds);
  }
}

//===----------------------------------------------------------------------===//
// Shared memory and the estimate
//===----------------------------------------------------------------------===//

SharedBufferFacts buffer(const std::string &Name, unsigned Elem,
                         std::vector<std::optional<int64_t>> Dims,
                         bool Dynamic = false) {
  SharedBufferFacts B;
  B.Name = Name;
  B.ElementSize = Elem;
  B.Dims = std::move(Dims);
  B.Dynamic = Dynamic;
  return B;
}

TEST(OccupancyTest, StaticSharedMemoryIsTheSumOfTheBuffers) {
  KernelFacts K;
  K.SharedBuffers = {buffer("tile", 4, {16, 17}),        // 4 x 272 = 1088
                     buffer("flag", 8, {}),              // a double: 8
                     buffer("u", 4, {std::nullopt}),     // unknown
                     buffer("dyn", 4, {std::nullopt}, true)};
  StaticSharedMemory S = staticSharedMemory(K);
  EXPECT_EQ(S.Bytes, 1096u);
  ASSERT_EQ(S.Unknown.size(), 1u);
  EXPECT_EQ(S.Unknown[0], "u");
  EXPECT_TRUE(S.HasDynamic);
}

TEST(OccupancyTest, KernelOccupancyInTheEstimate) {
  const ArchSpec &A = arch("a100_sxm4_40gb");
  KernelFacts K;
  K.Name = "k";
  K.SharedBuffers = {buffer("s", 4, {4096}), // 16384 bytes
                     buffer("d", 4, {std::nullopt}, true)};
  LaunchConfig L;
  L.Block = {256, 1, 1};
  L.SharedBytes = 4096;
  EstimateOptions O;
  // 16384 + 4096 = 20480 + 1024 = 21504; 167936 / 21504 = 7 blocks.
  // Registers (default 32): 16 per partition, 64 warps / 8 = 8; warps 8.
  // Blocks 7, warps 56, 56/64.
  OccupancySummary S = kernelOccupancy(K, L, A, O);
  EXPECT_EQ(S.SharedBytesPerBlock, 20480u);
  EXPECT_EQ(S.StaticSharedBytes, 16384u);
  EXPECT_EQ(S.DynamicSharedBytes, 4096u);
  EXPECT_EQ(S.BlocksPerSm, 7u);
  EXPECT_DOUBLE_EQ(S.Occupancy, 56.0 / 64);
  EXPECT_EQ(S.Limiter, "shared memory");
  EXPECT_EQ(S.RegistersPerThread, 32u);
  EXPECT_EQ(S.RegistersSource, "default");
  // -maxrregcount 64: 2048 per warp, 8 per partition, 32 warps, 4 blocks.
  O.MaxRegCount = 64;
  S = kernelOccupancy(K, L, A, O);
  EXPECT_EQ(S.BlocksPerSm, 4u);
  EXPECT_EQ(S.Limiter, "registers");
  EXPECT_EQ(S.RegistersSource, "maxrregcount");
  // ptxas: 24 registers and 2048 bytes of static shared memory. 24 x 32 =
  // 768 per warp; 16384 / 768 = 21 per partition, 84 warps, 10 blocks;
  // shared 2048 + 4096 + 1024 = 7168, 167936 / 7168 = 23; warps 8.
  std::vector<std::string> Problems;
  O.Ptxas = parsePtxasVerbose(
      "ptxas info    : Compiling entry function '_Z1kv' for 'sm_80'\n"
      "ptxas info    : Used 24 registers, 2048 bytes smem, 352 bytes cmem[0]\n",
      Problems);
  EXPECT_TRUE(Problems.empty());
  S = kernelOccupancy(K, L, A, O);
  EXPECT_EQ(S.RegistersPerThread, 24u);
  EXPECT_EQ(S.RegistersSource, "ptxas");
  EXPECT_EQ(S.StaticSharedBytes, 2048u);
  EXPECT_EQ(S.BlocksPerSm, 8u);
  EXPECT_EQ(S.Limiter, "warps");
  // Without a dynamic size at the launch, 0 is assumed and said.
  L.SharedBytes = 0;
  O.Ptxas.clear();
  O.MaxRegCount.reset();
  S = kernelOccupancy(K, L, A, O);
  bool Said = false;
  for (const std::string &X : S.Assumptions)
    Said |= X.find("no dynamic shared memory") != std::string::npos;
  EXPECT_TRUE(Said);
  // A launch that cannot run: occupancy 0 and the reason in the origin.
  L.Block = {2048, 1, 1};
  S = kernelOccupancy(K, L, A, O);
  EXPECT_FALSE(S.Detail.Valid);
  EXPECT_EQ(S.Occupancy, 0.0);
  EXPECT_NE(S.Origin.find("cannot run"), std::string::npos);
}

} // namespace
