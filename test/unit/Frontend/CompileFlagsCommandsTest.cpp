//===- CompileFlagsCommandsTest.cpp - Whole nvcc and other commands -------===//
//
// Options files, the toolkit path from nvcc's, commands that are not nvcc's
// and whole command lines as CMake writes them. Flag by flag is
// CompileFlagsTest.cpp.
//
//===----------------------------------------------------------------------===//
#include "Frontend/CompileFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

#include "CompileFlagsTestHelpers.h"

using namespace warplint;

namespace {

/// A temporary directory holding files, removed at the end of the test.
class TempDir {
public:
  TempDir() {
    std::error_code EC =
        llvm::sys::fs::createUniqueDirectory("warplint-compileflags", Path);
    EXPECT_FALSE(EC) << EC.message();
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  std::string write(llvm::StringRef Rel, llvm::StringRef Text) {
    llvm::SmallString<256> P(Path);
    llvm::sys::path::append(P, Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    EXPECT_FALSE(EC) << EC.message();
    OS << Text;
    return P.str().str();
  }
  std::string str() const { return Path.str().str(); }

private:
  llvm::SmallString<256> Path;
};

//===--------------------------------------------------------------------===//
// Options files
//===--------------------------------------------------------------------===//

TEST(CompileFlagsTest, OptionsFileRelativeToDirectoryTranslatedInPlace) {
  TempDir Dir;
  Dir.write("CMakeFiles/k.dir/includes_CUDA.rsp",
            "-I/src/include -isystem=/usr/local/cuda/include\n"
            "\"-DMSG=hello world\" -Xcompiler=-fPIC -arch=sm_75\n");
  TranslatedCommand T = tr({"nvcc", "-O2", "--options-file",
                            "CMakeFiles/k.dir/includes_CUDA.rsp", "-c", "k.cu"},
                           Dir.str());
  EXPECT_EQ(T.Args, (Strings{"nvcc", "-O2", "-I/src/include", "-isystem",
                             "/usr/local/cuda/include", "-DMSG=hello world",
                             "-fPIC", "--cuda-gpu-arch=sm_75", "-c", "k.cu"}));
  EXPECT_EQ(T.GpuArchs, Strings{"sm_75"});
}

TEST(CompileFlagsTest, OptfWithAbsolutePath) {
  TempDir Dir;
  std::string F = Dir.write("flags.txt", "-DA=1 --expt-relaxed-constexpr");
  TranslatedCommand T = tr({"nvcc", "-optf", F, "k.cu"}, "/elsewhere");
  EXPECT_EQ(T.Args, (Strings{"nvcc", "-DA=1", "k.cu"}));
  EXPECT_TRUE(hasNoteWith(T, "--expt-relaxed-constexpr"));
  T = tr({"nvcc", "--options-file=" + F, "k.cu"});
  EXPECT_EQ(T.Args, (Strings{"nvcc", "-DA=1", "k.cu"}));
}

TEST(CompileFlagsTest, OptionsFileMissingIsANoteNotAnError) {
  TempDir Dir;
  TranslatedCommand T =
      tr({"nvcc", "--options-file", "missing.rsp", "-c", "k.cu"}, Dir.str());
  EXPECT_EQ(T.Args, (Strings{"nvcc", "-c", "k.cu"}));
  ASSERT_EQ(T.Notes.size(), 1u);
  EXPECT_TRUE(hasNoteWith(T, "missing.rsp"));
}

TEST(CompileFlagsTest, OptionsFileIncludingItselfStops) {
  TempDir Dir;
  std::string F = Dir.write("self.rsp", "-DX --options-file self.rsp");
  TranslatedCommand T = tr({"nvcc", "-optf", "self.rsp", "k.cu"}, Dir.str());
  EXPECT_EQ(T.Args.back(), "k.cu");
  EXPECT_TRUE(hasNoteWith(T, "nested too deeply"));
}

//===--------------------------------------------------------------------===//
// The toolkit path
//===--------------------------------------------------------------------===//

TEST(CompileFlagsTest, CudaPathFromNvccPath) {
  TranslatedCommand T = tr({"/usr/local/cuda-12.4/bin/nvcc", "-c", "k.cu"});
  EXPECT_EQ(T.CudaPath, "/usr/local/cuda-12.4");
  EXPECT_EQ(T.Args,
            (Strings{"/usr/local/cuda-12.4/bin/nvcc",
                     "--cuda-path=/usr/local/cuda-12.4", "-c", "k.cu"}));
}

TEST(CompileFlagsTest, PlainNvccHasNoCudaPath) {
  TranslatedCommand T = tr({"nvcc", "-c", "k.cu"});
  EXPECT_EQ(T.CudaPath, "");
  EXPECT_EQ(T.Args, (Strings{"nvcc", "-c", "k.cu"}));
}

TEST(CompileFlagsTest, RelativeNvccPathResolvedAgainstDirectory) {
  TranslatedCommand T = tr({"../cuda/bin/nvcc", "k.cu"}, "/work/build");
  EXPECT_EQ(T.CudaPath, "/work/cuda");
  EXPECT_EQ(T.Args[1], "--cuda-path=/work/cuda");
}

TEST(CompileFlagsTest, NvccOutsideBinHasNoCudaPath) {
  TranslatedCommand T = tr({"/opt/tools/nvcc", "k.cu"});
  EXPECT_EQ(T.CudaPath, "");
  EXPECT_EQ(T.Args, (Strings{"/opt/tools/nvcc", "k.cu"}));
}

//===--------------------------------------------------------------------===//
// Commands that are not nvcc's
//===--------------------------------------------------------------------===//

TEST(CompileFlagsTest, ClangCommandUnchangedButArchsAndPathCollected) {
  Strings Cmd = {"/usr/bin/clang++",
                 "-x",
                 "cuda",
                 "--cuda-gpu-arch=sm_80",
                 "--cuda-gpu-arch=sm_86",
                 "--cuda-gpu-arch=sm_80",
                 "--cuda-path=/opt/cuda",
                 "-Wall",
                 "-c",
                 "k.cu"};
  TranslatedCommand T = tr(Cmd);
  EXPECT_FALSE(T.WasNvcc);
  EXPECT_EQ(T.Args, Cmd);
  EXPECT_EQ(T.GpuArchs, (Strings{"sm_80", "sm_86"}));
  EXPECT_EQ(T.CudaPath, "/opt/cuda");
  EXPECT_TRUE(T.Notes.empty());
}

TEST(CompileFlagsTest, ClangOffloadArchCollected) {
  Strings Cmd = {"clang", "--offload-arch=sm_75,sm_90a", "-c", "k.cu"};
  TranslatedCommand T = tr(Cmd);
  EXPECT_EQ(T.Args, Cmd);
  EXPECT_EQ(T.GpuArchs, (Strings{"sm_75", "sm_90a"}));
  EXPECT_EQ(T.CudaPath, "");
}

TEST(CompileFlagsTest, GxxCommandUnchanged) {
  Strings Cmd = {"g++", "-O2", "-Wall", "-maxrregcount=32", "-c", "a.cpp"};
  TranslatedCommand T = tr(Cmd);
  EXPECT_FALSE(T.WasNvcc);
  EXPECT_EQ(T.Args, Cmd);
  EXPECT_TRUE(T.GpuArchs.empty());
  EXPECT_FALSE(T.MaxRegCount);
  EXPECT_TRUE(T.Notes.empty());
}

TEST(CompileFlagsTest, EmptyCommand) {
  TranslatedCommand T = tr({});
  EXPECT_TRUE(T.Args.empty());
  EXPECT_FALSE(T.WasNvcc);
}

//===--------------------------------------------------------------------===//
// Whole command lines as CMake writes them
//===--------------------------------------------------------------------===//

TEST(CompileFlagsTest, CMakeCommandLineTranslatedExactly) {
  TranslatedCommand T = tr(
      {"/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler",
       "-DFOO=1", "-I/src/include", "-isystem=/usr/local/cuda/include", "-O3",
       "-DNDEBUG", "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
       "--generate-code=arch=compute_86,code=[sm_86]", "-Xcompiler=-fPIC",
       "-std=c++17", "-x", "cu", "-c", "/src/k.cu", "-o",
       "CMakeFiles/k.dir/k.cu.o"},
      "/src/build");
  EXPECT_TRUE(T.WasNvcc);
  EXPECT_EQ(T.Args,
            (Strings{"/usr/local/cuda/bin/nvcc", "--cuda-path=/usr/local/cuda",
                     "-DFOO=1", "-I/src/include", "-isystem",
                     "/usr/local/cuda/include", "-O3", "-DNDEBUG",
                     "--cuda-gpu-arch=sm_80", "--cuda-gpu-arch=sm_86", "-fPIC",
                     "-std=c++17", "-x", "cuda", "-c", "/src/k.cu", "-o",
                     "CMakeFiles/k.dir/k.cu.o"}));
  EXPECT_EQ(T.GpuArchs, (Strings{"sm_80", "sm_86"}));
  EXPECT_EQ(T.CudaPath, "/usr/local/cuda");
  EXPECT_FALSE(T.MaxRegCount);
  EXPECT_FALSE(hasNoteWith(T, "unknown nvcc flag"));
}

TEST(CompileFlagsTest, CMakeCommandLineWithOptionsFileAndDepfile) {
  TempDir Dir;
  Dir.write("CMakeFiles/k.dir/includes_CUDA.rsp",
            "-I/src/include -I/src/build/gen "
            "-isystem=/usr/local/cuda/targets/x86_64-linux/include");
  TranslatedCommand T =
      tr({"/usr/local/cuda-12.4/bin/nvcc",
          "-forward-unknown-to-host-compiler",
          "-DK_SHARED",
          "--options-file",
          "CMakeFiles/k.dir/includes_CUDA.rsp",
          "-O2",
          "-g",
          "-DNDEBUG",
          "-std=c++17",
          "--generate-code=arch=compute_75,code=[compute_75,sm_75]",
          "-Xcompiler=-fPIC",
          "--expt-relaxed-constexpr",
          "-Wall",
          "-maxrregcount=64",
          "-MD",
          "-MT",
          "CMakeFiles/k.dir/k.cu.o",
          "-MF",
          "CMakeFiles/k.dir/k.cu.o.d",
          "-x",
          "cu",
          "-rdc=true",
          "-c",
          "/src/k.cu",
          "-o",
          "CMakeFiles/k.dir/k.cu.o"},
         Dir.str());
  EXPECT_EQ(T.Args, (Strings{"/usr/local/cuda-12.4/bin/nvcc",
                             "--cuda-path=/usr/local/cuda-12.4",
                             "-DK_SHARED",
                             "-I/src/include",
                             "-I/src/build/gen",
                             "-isystem",
                             "/usr/local/cuda/targets/x86_64-linux/include",
                             "-O2",
                             "-g",
                             "-DNDEBUG",
                             "-std=c++17",
                             "--cuda-gpu-arch=sm_75",
                             "-fPIC",
                             "-Wall",
                             "-MD",
                             "-MT",
                             "CMakeFiles/k.dir/k.cu.o",
                             "-MF",
                             "CMakeFiles/k.dir/k.cu.o.d",
                             "-x",
                             "cuda",
                             "-fgpu-rdc",
                             "-c",
                             "/src/k.cu",
                             "-o",
                             "CMakeFiles/k.dir/k.cu.o"}));
  EXPECT_EQ(T.GpuArchs, Strings{"sm_75"});
  ASSERT_TRUE(T.MaxRegCount);
  EXPECT_EQ(*T.MaxRegCount, 64u);
  EXPECT_TRUE(hasNoteWith(T, "--expt-relaxed-constexpr"));
}

TEST(CompileFlagsTest, CMakeSeparableCompilationCommandLine) {
  TranslatedCommand T =
      tr({"/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler",
          "-I/src/include", "-O3", "-DNDEBUG",
          "--generate-code=arch=compute_52,code=[compute_52,sm_52]",
          "--generate-code=arch=compute_90a,code=[sm_90a]", "-x", "cu", "-dc",
          "/src/k.cu", "-o", "CMakeFiles/k.dir/k.cu.o"});
  EXPECT_EQ(
      T.Args,
      (Strings{"/usr/local/cuda/bin/nvcc", "--cuda-path=/usr/local/cuda",
               "-I/src/include", "-O3", "-DNDEBUG", "--cuda-gpu-arch=sm_52",
               "--cuda-gpu-arch=sm_90a", "-x", "cuda", "-fgpu-rdc", "-c",
               "/src/k.cu", "-o", "CMakeFiles/k.dir/k.cu.o"}));
  EXPECT_EQ(T.GpuArchs, (Strings{"sm_52", "sm_90a"}));
}

} // namespace
