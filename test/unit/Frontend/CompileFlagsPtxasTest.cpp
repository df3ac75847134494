//===- CompileFlagsPtxasTest.cpp - running nvcc for ptxas -v --------------===//
//
// There is no nvcc on the machines the tests run on: the tests check the
// message when it is absent, and drive the runner with a stand-in script
// named nvcc that prints ptxas-style lines (written here), to check the
// command line it is given and that its output is read.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Ptxas.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

TEST(PtxasRunTest, SaysWhereNvccWasLookedForWhenAbsent) {
  PtxasRunOptions O;
  O.CudaPath = "/nonexistent/cuda";
  O.SearchPaths = {"/nonexistent/bin"};
  llvm::Expected<std::string> N = findNvcc(O);
  ASSERT_FALSE(bool(N));
  std::string E = llvm::toString(N.takeError());
  EXPECT_NE(E.find("nvcc is not on this machine"), std::string::npos) << E;
  EXPECT_NE(E.find("/nonexistent/cuda/bin/nvcc"), std::string::npos) << E;
  EXPECT_NE(E.find("/nonexistent/bin"), std::string::npos) << E;

  auto U = runPtxasUsage("k.cu", "sm_80", {}, O);
  ASSERT_FALSE(bool(U));
  EXPECT_NE(llvm::toString(U.takeError()).find("not available"), std::string::npos);

  PtxasRunOptions Named;
  Named.Nvcc = "/nonexistent/nvcc";
  auto M = findNvcc(Named);
  ASSERT_FALSE(bool(M));
  EXPECT_NE(llvm::toString(M.takeError()).find("'/nonexistent/nvcc' does not exist"),
            std::string::npos);
}

TEST(PtxasRunTest, KeepsTheFlagsTheFileNeeds) {
  std::vector<std::string> Cmd = {
      "nvcc", "-O3", "-Iinc", "-I", "other", "-DN=4", "-D", "M=2", "-isystem",
      "/sys", "--expt-relaxed-constexpr", "-std=c++17",
      "--generate-code=arch=compute_86,code=sm_86", "-c", "k.cu", "-o", "k.o",
      "--include-path=/x", "-Werror"};
  std::vector<std::string> Want = {
      "-Iinc", "-I", "other", "-DN=4", "-D", "M=2", "-isystem", "/sys",
      "--expt-relaxed-constexpr", "-std=c++17", "--include-path=/x"};
  EXPECT_EQ(ptxasRelevantFlags(Cmd), Want);
}

TEST(PtxasRunTest, RunsNvccAndReadsPtxasOutput) {
  // A stand-in nvcc: records its arguments and prints two ptxas lines on
  // stderr, as nvcc -Xptxas -v does.
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-nvcc", Dir));
  llvm::SmallString<128> Script(Dir), ArgsFile(Dir);
  llvm::sys::path::append(Script, "nvcc");
  llvm::sys::path::append(ArgsFile, "args");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Script, EC);
    ASSERT_FALSE(EC);
    OS << "#!/bin/sh\n"
       << "echo \"$@\" > '" << ArgsFile << "'\n"
       << "echo \"ptxas info    : Compiling entry function '_Z1kPf' for "
          "'sm_80'\" >&2\n"
       << "echo \"ptxas info    : Used 40 registers, 1024 bytes smem\" >&2\n";
  }
  ASSERT_FALSE(llvm::sys::fs::setPermissions(Script, llvm::sys::fs::all_exe |
                                                         llvm::sys::fs::owner_all));
  PtxasRunOptions O;
  O.SearchPaths = {std::string(Dir)};
  auto U = runPtxasUsage("k.cu", "sm_80", {"-DN=4"}, O);
  ASSERT_TRUE(bool(U)) << llvm::toString(U.takeError());
  ASSERT_EQ(U->size(), 1u);
  EXPECT_EQ((*U)[0].Name, "k");
  EXPECT_EQ((*U)[0].Registers, 40u);
  EXPECT_EQ((*U)[0].SharedBytes, 1024u);
  auto Args = llvm::MemoryBuffer::getFile(ArgsFile);
  ASSERT_TRUE(bool(Args));
  llvm::StringRef A = (*Args)->getBuffer();
  EXPECT_TRUE(A.starts_with("-cubin -arch=sm_80 -Xptxas -v -DN=4 k.cu -o ")) << A.str();

  // A failing nvcc: its output is quoted in the error.
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Script, EC);
    ASSERT_FALSE(EC);
    OS << "#!/bin/sh\necho 'k.cu(3): error: identifier \"x\" is undefined' >&2\n"
       << "exit 1\n";
  }
  auto F = runPtxasUsage("k.cu", "sm_80", {}, O);
  ASSERT_FALSE(bool(F));
  std::string E = llvm::toString(F.takeError());
  EXPECT_NE(E.find("failed"), std::string::npos) << E;
  EXPECT_NE(E.find("identifier \"x\" is undefined"), std::string::npos) << E;
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace
