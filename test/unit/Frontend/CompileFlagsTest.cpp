//===- CompileFlagsTest.cpp - nvcc command lines to clang's ---------------===//
//
// Flag by flag: architectures, dropped flags and rewritten flags. Options
// files, the toolkit path, other compilers' commands and whole command
// lines are CompileFlagsCommandsTest.cpp.
//
//===----------------------------------------------------------------------===//
#include "Frontend/CompileFlags.h"

#include "llvm/ADT/StringRef.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

#include "CompileFlagsTestHelpers.h"

using namespace warplint;

namespace {

/// Args of "nvcc <Flags...> -c k.cu", translated.
Strings argsOf(const Strings &Flags) {
  Strings Cmd = {"nvcc"};
  Cmd.insert(Cmd.end(), Flags.begin(), Flags.end());
  return tr(Cmd).Args;
}

std::string join(const Strings &S) {
  std::string R;
  for (const std::string &A : S)
    R += (R.empty() ? "" : " ") + A;
  return R;
}

//===--------------------------------------------------------------------===//
// isNvcc
//===--------------------------------------------------------------------===//

TEST(CompileFlagsTest, IsNvccRecognisesNvccByFileName) {
  EXPECT_TRUE(isNvcc("nvcc"));
  EXPECT_TRUE(isNvcc("/usr/local/cuda-12.4/bin/nvcc"));
  EXPECT_TRUE(isNvcc("nvcc.exe"));
  EXPECT_TRUE(isNvcc("C:\\CUDA\\v12.4\\bin\\nvcc.exe"));
  EXPECT_TRUE(isNvcc("C:/CUDA/bin/NVCC.EXE"));
  EXPECT_FALSE(isNvcc("clang++"));
  EXPECT_FALSE(isNvcc("/usr/bin/g++"));
  EXPECT_FALSE(isNvcc("nvcc-wrapper"));
  EXPECT_FALSE(isNvcc("/opt/nvcc/bin/clang"));
  EXPECT_FALSE(isNvcc(""));
}

//===--------------------------------------------------------------------===//
// Architectures
//===--------------------------------------------------------------------===//

TEST(CompileFlagsTest, ArchEqualsAndSeparateForms) {
  for (const Strings &Flags :
       {Strings{"-arch=sm_80"}, Strings{"-arch", "sm_80"},
        Strings{"--gpu-architecture=sm_80"},
        Strings{"--gpu-architecture", "sm_80"}}) {
    Strings Cmd = {"nvcc"};
    Cmd.insert(Cmd.end(), Flags.begin(), Flags.end());
    Cmd.insert(Cmd.end(), {"-c", "k.cu"});
    TranslatedCommand T = tr(Cmd);
    EXPECT_TRUE(T.WasNvcc);
    EXPECT_EQ(T.Args, (Strings{"nvcc", "--cuda-gpu-arch=sm_80", "-c", "k.cu"}))
        << join(Flags);
    EXPECT_EQ(T.GpuArchs, Strings{"sm_80"}) << join(Flags);
  }
}

TEST(CompileFlagsTest, ArchComputeMapsToSm) {
  TranslatedCommand T = tr({"nvcc", "-arch=compute_75", "k.cu"});
  EXPECT_EQ(T.Args, (Strings{"nvcc", "--cuda-gpu-arch=sm_75", "k.cu"}));
  EXPECT_EQ(T.GpuArchs, Strings{"sm_75"});
}

TEST(CompileFlagsTest, ArchNativeAllAndAllMajorDroppedWithNote) {
  for (const char *V : {"native", "all", "all-major"}) {
    std::string Flag = std::string("-arch=") + V;
    TranslatedCommand T = tr({"nvcc", Flag, "-c", "k.cu"});
    EXPECT_EQ(T.Args, (Strings{"nvcc", "-c", "k.cu"})) << V;
    EXPECT_TRUE(T.GpuArchs.empty()) << V;
    ASSERT_EQ(T.Notes.size(), 1u) << V;
    EXPECT_TRUE(hasNoteWith(T, Flag)) << V;
  }
}

TEST(CompileFlagsTest, GencodeSeparateAndEqualsForms) {
  TranslatedCommand T =
      tr({"nvcc", "-gencode", "arch=compute_70,code=sm_70",
          "-gencode=arch=compute_75,code=sm_75", "--generate-code",
          "arch=compute_86,code=sm_86", "-c", "k.cu"});
  EXPECT_EQ(T.Args,
            (Strings{"nvcc", "--cuda-gpu-arch=sm_70", "--cuda-gpu-arch=sm_75",
                     "--cuda-gpu-arch=sm_86", "-c", "k.cu"}));
  EXPECT_EQ(T.GpuArchs, (Strings{"sm_70", "sm_75", "sm_86"}));
}

TEST(CompileFlagsTest, GenerateCodeCMakeBracketsWithSeveralCodes) {
  TranslatedCommand T =
      tr({"nvcc", "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
          "--generate-code=arch=compute_86,code=[sm_86,sm_89]", "k.cu"});
  EXPECT_EQ(T.GpuArchs, (Strings{"sm_80", "sm_86", "sm_89"}));
  EXPECT_EQ(T.Args,
            (Strings{"nvcc", "--cuda-gpu-arch=sm_80", "--cuda-gpu-arch=sm_86",
                     "--cuda-gpu-arch=sm_89", "k.cu"}));
}

TEST(CompileFlagsTest, GencodeQuotedCodeList) {
  // Backslash-escaped quotes (as left by a JSON "arguments" array) and
  // plain quotes.
  TranslatedCommand T =
      tr({"nvcc", "-gencode", "arch=compute_70,code=\\\"sm_70,compute_70\\\"",
          "-gencode", "arch=compute_75,code=\"sm_75,compute_75\"", "k.cu"});
  EXPECT_EQ(T.GpuArchs, (Strings{"sm_70", "sm_75"}));
  EXPECT_EQ(T.Args, (Strings{"nvcc", "--cuda-gpu-arch=sm_70",
                             "--cuda-gpu-arch=sm_75", "k.cu"}));
}

TEST(CompileFlagsTest, GencodePtxOnlyRecordsItsVirtualArch) {
  TranslatedCommand T =
      tr({"nvcc", "-gencode", "arch=compute_52,code=compute_52", "k.cu"});
  EXPECT_EQ(T.GpuArchs, Strings{"sm_52"});
  EXPECT_EQ(T.Args, (Strings{"nvcc", "--cuda-gpu-arch=sm_52", "k.cu"}));
}

TEST(CompileFlagsTest, CodeFlagForms) {
  TranslatedCommand T =
      tr({"nvcc", "-code=sm_70", "-code", "sm_75",
          "--gpu-code=sm_80,compute_80", "--gpu-code", "sm_86", "k.cu"});
  EXPECT_EQ(T.GpuArchs, (Strings{"sm_70", "sm_75", "sm_80", "sm_86"}));
  EXPECT_EQ(T.Args, (Strings{"nvcc", "--cuda-gpu-arch=sm_70",
                             "--cuda-gpu-arch=sm_75", "--cuda-gpu-arch=sm_80",
                             "--cuda-gpu-arch=sm_86", "k.cu"}));
}

TEST(CompileFlagsTest, CodeWithRealArchsSupersedesVirtualArch) {
  TranslatedCommand T =
      tr({"nvcc", "-arch=compute_70", "-code=sm_75,sm_80", "k.cu"});
  EXPECT_EQ(T.GpuArchs, (Strings{"sm_75", "sm_80"}));
  EXPECT_EQ(T.Args, (Strings{"nvcc", "--cuda-gpu-arch=sm_75",
                             "--cuda-gpu-arch=sm_80", "k.cu"}));
}

TEST(CompileFlagsTest, ArchsInOrderWithoutDuplicates) {
  TranslatedCommand T = tr(
      {"nvcc", "-O2", "-arch=sm_86", "-gencode", "arch=compute_80,code=sm_80",
       "-gencode", "arch=compute_86,code=sm_86", "-arch=sm_80", "k.cu"});
  EXPECT_EQ(T.GpuArchs, (Strings{"sm_86", "sm_80"}));
  // The flags stand where the first architecture flag stood.
  EXPECT_EQ(T.Args, (Strings{"nvcc", "-O2", "--cuda-gpu-arch=sm_86",
                             "--cuda-gpu-arch=sm_80", "k.cu"}));
}

TEST(CompileFlagsTest, ArchSuffixKnownToClangPassedThrough) {
  TranslatedCommand T = tr({"nvcc", "-arch=sm_90a", "k.cu"});
  EXPECT_EQ(T.GpuArchs, Strings{"sm_90a"});
  EXPECT_EQ(T.Args, (Strings{"nvcc", "--cuda-gpu-arch=sm_90a", "k.cu"}));
  T = tr({"nvcc", "-gencode", "arch=compute_90a,code=sm_90a", "k.cu"});
  EXPECT_EQ(T.GpuArchs, Strings{"sm_90a"});
}

TEST(CompileFlagsTest, ArchUnknownToClang19KeptInGpuArchsOnly) {
  TranslatedCommand T =
      tr({"nvcc", "-gencode", "arch=compute_100a,code=sm_100a", "-arch=sm_120",
          "-arch=sm_80", "-gencode=arch=compute_100,code=sm_100f", "k.cu"});
  EXPECT_EQ(T.GpuArchs, (Strings{"sm_100a", "sm_120", "sm_80", "sm_100f"}));
  EXPECT_EQ(T.Args, (Strings{"nvcc", "--cuda-gpu-arch=sm_80", "k.cu"}));
  EXPECT_TRUE(hasNoteWith(T, "'sm_100a'"));
  EXPECT_TRUE(hasNoteWith(T, "'sm_120'"));
  EXPECT_TRUE(hasNoteWith(T, "'sm_100f'"));
  EXPECT_FALSE(hasNoteWith(T, "'sm_80'"));
}

//===--------------------------------------------------------------------===//
// Dropped flags
//===--------------------------------------------------------------------===//

TEST(CompileFlagsTest, DroppedFlagsLeaveOneNoteEach) {
  const Strings Cases[] = {
      {"--expt-relaxed-constexpr"},
      {"--expt-extended-lambda"},
      {"--extended-lambda"},
      {"-Xptxas", "-v"},
      {"-Xptxas=-v"},
      {"--ptxas-options=-v"},
      {"--ptxas-options", "-O3"},
      {"-Xlinker", "-rpath"},
      {"--linker-options", "-rpath"},
      {"-Xnvlink", "--suppress-stack-size-warning"},
      {"-Xarchive", "-x"},
      {"-dlink"},
      {"--device-link"},
      {"-lineinfo"},
      {"--generate-line-info"},
      {"-G"},
      {"--device-debug"},
      {"-ccbin", "/usr/bin/g++-12"},
      {"--compiler-bindir", "/usr/bin/g++-12"},
      {"-ccbin=/usr/bin/g++-12"},
      {"--default-stream", "per-thread"},
      {"-default-stream=per-thread"},
      {"--diag-suppress", "177"},
      {"-diag-suppress=177,550"},
      {"--display-error-number"},
      {"-t", "4"},
      {"--threads", "0"},
      {"-Werror", "cross-execution-space-call"},
      {"-Werror", "reorder"},
      {"-Werror", "deprecated-declarations,default-stream-launch"},
      {"-Werror", "ext-lambda-captures-this"},
      {"-Werror", "all-warnings"},
      {"--Werror=all-warnings"},
      {"--resource-usage"},
      {"-keep"},
      {"-src-in-ptx"},
      {"--ptx"},
      {"-cubin"},
      {"--fatbin"},
      {"-restrict"},
      {"-Wno-deprecated-gpu-targets"},
      {"--keep-dir", "/tmp/keep"},
      {"-allow-unsupported-compiler"},
      {"--use-local-env"},
      {"-objtemp"},
  };
  for (const Strings &Flags : Cases) {
    Strings Cmd = {"nvcc"};
    Cmd.insert(Cmd.end(), Flags.begin(), Flags.end());
    Cmd.insert(Cmd.end(), {"-c", "k.cu"});
    TranslatedCommand T = tr(Cmd);
    EXPECT_EQ(T.Args, (Strings{"nvcc", "-c", "k.cu"})) << join(Flags);
    ASSERT_EQ(T.Notes.size(), 1u) << join(Flags);
    EXPECT_TRUE(hasNoteWith(T, Flags[0])) << join(Flags) << ": " << T.Notes[0];
    EXPECT_TRUE(T.GpuArchs.empty());
    EXPECT_FALSE(T.MaxRegCount);
  }
}

TEST(CompileFlagsTest, MaxRegCountDroppedAndRecorded) {
  for (const Strings &Flags :
       {Strings{"-maxrregcount", "64"}, Strings{"-maxrregcount=64"},
        Strings{"--maxrregcount", "64"}, Strings{"--maxrregcount=64"}}) {
    Strings Cmd = {"nvcc"};
    Cmd.insert(Cmd.end(), Flags.begin(), Flags.end());
    Cmd.push_back("k.cu");
    TranslatedCommand T = tr(Cmd);
    EXPECT_EQ(T.Args, (Strings{"nvcc", "k.cu"})) << join(Flags);
    ASSERT_TRUE(T.MaxRegCount) << join(Flags);
    EXPECT_EQ(*T.MaxRegCount, 64u) << join(Flags);
    EXPECT_EQ(T.Notes.size(), 1u) << join(Flags);
  }
}

TEST(CompileFlagsTest, MaxRegCountInvalidIgnoredWithNote) {
  TranslatedCommand T = tr({"nvcc", "-maxrregcount=lots", "k.cu"});
  EXPECT_EQ(T.Args, (Strings{"nvcc", "k.cu"}));
  EXPECT_FALSE(T.MaxRegCount);
  EXPECT_TRUE(hasNoteWith(T, "-maxrregcount=lots"));
}

TEST(CompileFlagsTest, FlagMissingItsValueDroppedWithNote) {
  TranslatedCommand T = tr({"nvcc", "-c", "k.cu", "-o"});
  EXPECT_EQ(T.Args, (Strings{"nvcc", "-c", "k.cu"}));
  EXPECT_TRUE(hasNoteWith(T, "'-o'"));
}

//===--------------------------------------------------------------------===//
// Rewritten flags
//===--------------------------------------------------------------------===//

TEST(CompileFlagsTest, XcompilerFormsAppendEachHostFlag) {
  EXPECT_EQ(argsOf({"-Xcompiler", "-fPIC,-Wall", "k.cu"}),
            (Strings{"nvcc", "-fPIC", "-Wall", "k.cu"}));
  EXPECT_EQ(argsOf({"-Xcompiler=-fPIC", "k.cu"}),
            (Strings{"nvcc", "-fPIC", "k.cu"}));
  EXPECT_EQ(argsOf({"--compiler-options", "-fopenmp", "k.cu"}),
            (Strings{"nvcc", "-fopenmp", "k.cu"}));
  EXPECT_EQ(argsOf({"--compiler-options=-fopenmp,-g", "k.cu"}),
            (Strings{"nvcc", "-fopenmp", "-g", "k.cu"}));
}

TEST(CompileFlagsTest, XcompilerSplitsOnEveryCommaLikeNvcc) {
  EXPECT_EQ(argsOf({"-Xcompiler", "-Wl,-rpath,/opt/lib", "k.cu"}),
            (Strings{"nvcc", "-Wl", "-rpath", "/opt/lib", "k.cu"}));
}

TEST(CompileFlagsTest, XcompilerValueWithSpacesIsSeveralFlags) {
  EXPECT_EQ(argsOf({"-Xcompiler", "-Wall -Wextra", "k.cu"}),
            (Strings{"nvcc", "-Wall", "-Wextra", "k.cu"}));
}

TEST(CompileFlagsTest, RelocatableDeviceCodeTrueAndFalse) {
  for (const Strings &Flags : {Strings{"-rdc=true"}, Strings{"-rdc", "true"},
                               Strings{"--relocatable-device-code=true"},
                               Strings{"--relocatable-device-code", "true"}}) {
    Strings Cmd = {"nvcc"};
    Cmd.insert(Cmd.end(), Flags.begin(), Flags.end());
    Cmd.push_back("k.cu");
    EXPECT_EQ(tr(Cmd).Args, (Strings{"nvcc", "-fgpu-rdc", "k.cu"}))
        << join(Flags);
  }
  for (const Strings &Flags : {Strings{"-rdc=false"}, Strings{"-rdc", "false"},
                               Strings{"--relocatable-device-code=false"}}) {
    Strings Cmd = {"nvcc"};
    Cmd.insert(Cmd.end(), Flags.begin(), Flags.end());
    Cmd.push_back("k.cu");
    EXPECT_EQ(tr(Cmd).Args, (Strings{"nvcc", "k.cu"})) << join(Flags);
  }
}

TEST(CompileFlagsTest, DeviceCompileIsRdcAndCompile) {
  EXPECT_EQ(argsOf({"-dc", "k.cu"}),
            (Strings{"nvcc", "-fgpu-rdc", "-c", "k.cu"}));
  EXPECT_EQ(argsOf({"--device-c", "k.cu"}),
            (Strings{"nvcc", "-fgpu-rdc", "-c", "k.cu"}));
  // Together with -rdc=true and -c, each clang flag once.
  EXPECT_EQ(argsOf({"-rdc=true", "-c", "-dc", "k.cu"}),
            (Strings{"nvcc", "-fgpu-rdc", "-c", "k.cu"}));
}

TEST(CompileFlagsTest, FastMathForms) {
  EXPECT_EQ(argsOf({"--use_fast_math", "k.cu"}),
            (Strings{"nvcc", "-ffast-math", "k.cu"}));
  EXPECT_EQ(argsOf({"-use_fast_math", "k.cu"}),
            (Strings{"nvcc", "-ffast-math", "k.cu"}));
}

TEST(CompileFlagsTest, StdForms) {
  for (const Strings &Flags :
       {Strings{"--std=c++17"}, Strings{"-std", "c++17"},
        Strings{"--std", "c++17"}, Strings{"-std=c++17"}}) {
    Strings Cmd = {"nvcc"};
    Cmd.insert(Cmd.end(), Flags.begin(), Flags.end());
    Cmd.push_back("k.cu");
    EXPECT_EQ(tr(Cmd).Args, (Strings{"nvcc", "-std=c++17", "k.cu"}))
        << join(Flags);
  }
}

TEST(CompileFlagsTest, LanguageForms) {
  EXPECT_EQ(argsOf({"-x", "cu", "k.cpp"}),
            (Strings{"nvcc", "-x", "cuda", "k.cpp"}));
  EXPECT_EQ(argsOf({"-x=cu", "k.cpp"}),
            (Strings{"nvcc", "-x", "cuda", "k.cpp"}));
  EXPECT_EQ(argsOf({"--x", "cu", "k.cpp"}),
            (Strings{"nvcc", "-x", "cuda", "k.cpp"}));
  EXPECT_EQ(argsOf({"-x", "c++", "k.cpp"}),
            (Strings{"nvcc", "-x", "c++", "k.cpp"}));
}

TEST(CompileFlagsTest, LanguageAfterInputMovesBeforeIt) {
  // nvcc's -x applies to every input; clang's only to the ones after it.
  EXPECT_EQ(
      argsOf({"-arch=sm_80", "k.cpp", "-x", "cu", "-c"}),
      (Strings{"nvcc", "--cuda-gpu-arch=sm_80", "-x", "cuda", "k.cpp", "-c"}));
  EXPECT_EQ(argsOf({"k.cpp", "-arch=sm_80", "-x", "cu"}),
            (Strings{"nvcc", "-x", "cuda", "k.cpp", "--cuda-gpu-arch=sm_80"}));
}

TEST(CompileFlagsTest, NoLanguageAddedForCuInput) {
  EXPECT_EQ(argsOf({"-c", "k.cu"}), (Strings{"nvcc", "-c", "k.cu"}));
}

TEST(CompileFlagsTest, IncludePathForms) {
  EXPECT_EQ(argsOf({"--include-path", "/a", "--include-path=/b", "-I", "/c",
                    "-I/d", "k.cu"}),
            (Strings{"nvcc", "-I/a", "-I/b", "-I/c", "-I/d", "k.cu"}));
  // nvcc's list options take comma-separated values.
  EXPECT_EQ(argsOf({"-I/a,/b", "k.cu"}),
            (Strings{"nvcc", "-I/a", "-I/b", "k.cu"}));
}

TEST(CompileFlagsTest, SystemIncludeForms) {
  EXPECT_EQ(argsOf({"--system-include", "/a", "-isystem", "/b", "-isystem=/c",
                    "--system-include=/d", "k.cu"}),
            (Strings{"nvcc", "-isystem", "/a", "-isystem", "/b", "-isystem",
                     "/c", "-isystem", "/d", "k.cu"}));
}

TEST(CompileFlagsTest, DefineAndUndefineForms) {
  EXPECT_EQ(argsOf({"--define-macro", "A=1", "-D", "B", "-DC=3",
                    "--define-macro=D", "k.cu"}),
            (Strings{"nvcc", "-DA=1", "-DB", "-DC=3", "-DD", "k.cu"}));
  EXPECT_EQ(argsOf({"--undefine-macro", "A", "-U", "B", "-UC", "k.cu"}),
            (Strings{"nvcc", "-UA", "-UB", "-UC", "k.cu"}));
}

TEST(CompileFlagsTest, PreIncludeForms) {
  EXPECT_EQ(argsOf({"--pre-include", "a.h", "-include", "b.h", "k.cu"}),
            (Strings{"nvcc", "-include", "a.h", "-include", "b.h", "k.cu"}));
}

TEST(CompileFlagsTest, OutputAndCompileForms) {
  EXPECT_EQ(argsOf({"--compile", "k.cu", "--output-file", "k.o"}),
            (Strings{"nvcc", "-c", "k.cu", "-o", "k.o"}));
  EXPECT_EQ(argsOf({"-c", "k.cu", "-o", "k.o"}),
            (Strings{"nvcc", "-c", "k.cu", "-o", "k.o"}));
}

TEST(CompileFlagsTest, OptimizeForms) {
  EXPECT_EQ(argsOf({"-O3", "k.cu"}), (Strings{"nvcc", "-O3", "k.cu"}));
  EXPECT_EQ(argsOf({"-O", "2", "k.cu"}), (Strings{"nvcc", "-O2", "k.cu"}));
  EXPECT_EQ(argsOf({"--optimize", "1", "k.cu"}),
            (Strings{"nvcc", "-O1", "k.cu"}));
  EXPECT_EQ(argsOf({"--optimize=0", "k.cu"}), (Strings{"nvcc", "-O0", "k.cu"}));
}

TEST(CompileFlagsTest, DebugForms) {
  EXPECT_EQ(argsOf({"--debug", "k.cu"}), (Strings{"nvcc", "-g", "k.cu"}));
  EXPECT_EQ(argsOf({"-g", "-G", "k.cu"}), (Strings{"nvcc", "-g", "k.cu"}));
}

TEST(CompileFlagsTest, DependencyFlagsKeptAndLongFormsMapped) {
  EXPECT_EQ(argsOf({"-M", "-MD", "-MM", "-MMD", "-MP", "-MF", "k.d", "-MT",
                    "k.o", "k.cu"}),
            (Strings{"nvcc", "-M", "-MD", "-MM", "-MMD", "-MP", "-MF", "k.d",
                     "-MT", "k.o", "k.cu"}));
  EXPECT_EQ(
      argsOf({"--generate-dependencies", "--generate-nonsystem-dependencies",
              "--generate-dependencies-with-compile",
              "--generate-nonsystem-dependencies-with-compile",
              "--generate-dependency-targets", "--dependency-output", "k.d",
              "--dependency-target-name=k.o", "k.cu"}),
      (Strings{"nvcc", "-M", "-MM", "-MD", "-MMD", "-MP", "-MF", "k.d", "-MT",
               "k.o", "k.cu"}));
}

TEST(CompileFlagsTest, WarningFlags) {
  EXPECT_EQ(argsOf({"-Werror", "k.cu"}), (Strings{"nvcc", "-Werror", "k.cu"}));
  EXPECT_EQ(argsOf({"k.cu", "-Werror"}), (Strings{"nvcc", "k.cu", "-Werror"}));
  EXPECT_EQ(argsOf({"-w", "k.cu"}), (Strings{"nvcc", "-w", "k.cu"}));
  EXPECT_EQ(argsOf({"--disable-warnings", "k.cu"}),
            (Strings{"nvcc", "-w", "k.cu"}));
}

TEST(CompileFlagsTest, UnknownFlagDroppedWithoutForwarding) {
  TranslatedCommand T = tr({"nvcc", "-Wall", "--foo", "-fPIC", "k.cu"});
  EXPECT_EQ(T.Args, (Strings{"nvcc", "k.cu"}));
  EXPECT_EQ(T.Notes, (Strings{"dropped unknown nvcc flag '-Wall'",
                              "dropped unknown nvcc flag '--foo'",
                              "dropped unknown nvcc flag '-fPIC'"}));
}

TEST(CompileFlagsTest, ForwardUnknownToHostCompilerKeepsUnknownFlags) {
  TranslatedCommand T =
      tr({"nvcc", "-forward-unknown-to-host-compiler", "-Wall", "-fPIC",
          "--expt-relaxed-constexpr", "k.cu"});
  EXPECT_EQ(T.Args, (Strings{"nvcc", "-Wall", "-fPIC", "k.cu"}));
  EXPECT_FALSE(hasNoteWith(T, "unknown nvcc flag"));
}

TEST(CompileFlagsTest, ForwardUnknownToHostLinkerKeepsUnknownFlags) {
  TranslatedCommand T =
      tr({"nvcc", "--forward-unknown-to-host-linker", "-Wextra", "k.cu"});
  EXPECT_EQ(T.Args, (Strings{"nvcc", "-Wextra", "k.cu"}));
}

TEST(CompileFlagsTest, ForwardingFlagCountsWhereverItStands) {
  // nvcc reads all its options first, so the order does not matter.
  TranslatedCommand T =
      tr({"nvcc", "-Wall", "k.cu", "-forward-unknown-to-host-compiler"});
  EXPECT_EQ(T.Args, (Strings{"nvcc", "-Wall", "k.cu"}));
}

TEST(CompileFlagsTest, NonFlagArgumentsKept) {
  EXPECT_EQ(argsOf({"a.cu", "-c", "sub/b.cu", "-"}),
            (Strings{"nvcc", "a.cu", "-c", "sub/b.cu", "-"}));
}

} // namespace
