//===- PtxasUsageTest.cpp - reading ptxas -v output -----------------------===//
//
// The sample texts are written here in the shape `nvcc -Xptxas -v` prints
// (one block per entry function and target); they are not captured output.
//
//===----------------------------------------------------------------------===//
#include "Ptx/PtxasUsage.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

TEST(PtxasUsageTest, ReadsCurrentToolkitOutput) {
  const char *Text =
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function '_Z5scalePfi' for 'sm_80'\n"
      "ptxas info    : Function properties for _Z5scalePfi\n"
      "    8 bytes stack frame, 4 bytes spill stores, 12 bytes spill loads\n"
      "ptxas info    : Used 32 registers, used 1 barriers, 4096 bytes smem, "
      "368 bytes cmem[0], 8 bytes cmem[2]\n"
      "ptxas info    : Compiling entry function "
      "'_Z4tileILi256EfEvPT0_' for 'sm_80'\n"
      "ptxas info    : Function properties for _Z4tileILi256EfEvPT0_\n"
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 18 registers, 360 bytes cmem[0]\n";
  std::vector<std::string> Problems;
  std::vector<PtxasFunctionUsage> U = parsePtxasVerbose(Text, Problems);
  EXPECT_TRUE(Problems.empty());
  ASSERT_EQ(U.size(), 2u);
  EXPECT_EQ(U[0].MangledName, "_Z5scalePfi");
  EXPECT_EQ(U[0].Name, "scale");
  EXPECT_EQ(U[0].Arch, "sm_80");
  EXPECT_EQ(U[0].Registers, 32u);
  EXPECT_EQ(U[0].Barriers, 1u);
  EXPECT_EQ(U[0].SharedBytes, 4096u);
  EXPECT_EQ(U[0].ConstantBytes.at(0), 368u);
  EXPECT_EQ(U[0].ConstantBytes.at(2), 8u);
  EXPECT_EQ(U[0].StackFrameBytes, 8u);
  EXPECT_EQ(U[0].SpillStoreBytes, 4u);
  EXPECT_EQ(U[0].SpillLoadBytes, 12u);
  // A template: the demangled name loses its return type and parameters.
  EXPECT_EQ(U[1].Name, "tile<256, float>");
  EXPECT_EQ(U[1].Registers, 18u);
  EXPECT_EQ(U[1].SharedBytes, 0u);
}

TEST(PtxasUsageTest, ReadsOneXSharedMemorySum) {
  // Toolkits of the 1.x era: "A+B bytes smem", B the kernel arguments.
  const char *Text =
      "ptxas info    : Compiling entry function '_Z6kernelPfS_' for 'sm_13'\n"
      "ptxas info    : Used 10 registers, 2048+16 bytes smem, 4 bytes cmem[1]\n";
  std::vector<std::string> Problems;
  std::vector<PtxasFunctionUsage> U = parsePtxasVerbose(Text, Problems);
  EXPECT_TRUE(Problems.empty());
  ASSERT_EQ(U.size(), 1u);
  EXPECT_EQ(U[0].Arch, "sm_13");
  EXPECT_EQ(U[0].Registers, 10u);
  EXPECT_EQ(U[0].SharedBytes, 2064u); // 2048 + 16
  EXPECT_EQ(U[0].SharedSystemBytes, 16u);
}

TEST(PtxasUsageTest, FindsAKernelByItsSourceNameAndTarget) {
  const char *Text =
      "ptxas info    : Compiling entry function '_ZN2ns5scaleEPf' for 'sm_70'\n"
      "ptxas info    : Used 20 registers\n"
      "ptxas info    : Compiling entry function '_ZN2ns5scaleEPf' for 'sm_80'\n"
      "ptxas info    : Used 24 registers\n";
  std::vector<std::string> Problems;
  std::vector<PtxasFunctionUsage> U = parsePtxasVerbose(Text, Problems);
  ASSERT_EQ(U.size(), 2u);
  const PtxasFunctionUsage *F70 = findPtxasUsage(U, "ns::scale", "sm_70");
  const PtxasFunctionUsage *F80 = findPtxasUsage(U, "ns::scale", "sm_80");
  ASSERT_TRUE(F70 && F80);
  EXPECT_EQ(F70->Registers, 20u);
  EXPECT_EQ(F80->Registers, 24u);
  // Another target's figures are not used for sm_90.
  EXPECT_EQ(findPtxasUsage(U, "ns::scale", "sm_90"), nullptr);
  EXPECT_EQ(findPtxasUsage(U, "scale", "sm_80"), nullptr);
  // Spaces in template arguments do not matter.
  std::vector<std::string> P2;
  auto T = parsePtxasVerbose(
      "ptxas info    : Compiling entry function '_Z4tileILi256EfEvPT0_' for "
      "'sm_80'\nptxas info    : Used 18 registers\n",
      P2);
  EXPECT_NE(findPtxasUsage(T, "tile<256,float>", "sm_80"), nullptr);
}

TEST(PtxasUsageTest, SkipsOtherLinesAndReportsBrokenOnes) {
  const char *Text =
      "nvcc warning : The 'compute_35' architecture is deprecated\n"
      "ptxas info    : Compiling entry function '_Z1kv' for 'sm_75'\n"
      "ptxas info    : Used lots registers, 12 bytes smem\n"
      "ptxas info    : Compiling entry function '_Z1jv' for 'sm_75'\n"
      "ptxas info    : Used 8 registers, 16 textures\n";
  std::vector<std::string> Problems;
  std::vector<PtxasFunctionUsage> U = parsePtxasVerbose(Text, Problems);
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_NE(Problems[0].find("line 3"), std::string::npos) << Problems[0];
  EXPECT_NE(Problems[0].find("Used lots registers"), std::string::npos);
  ASSERT_EQ(U.size(), 2u);
  EXPECT_FALSE(U[0].Registers); // unreadable count left out
  EXPECT_EQ(U[0].SharedBytes, 12u);
  EXPECT_EQ(U[1].Registers, 8u);
}

} // namespace
