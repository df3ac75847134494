//===- LaunchTest.cpp - launch configuration resolution -------------------===//
#include "Facts/Launch.h"
#include "Facts/ArchSpec.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

LaunchSiteFacts site(Expr GX, Expr BX, Expr BY, unsigned Line) {
  LaunchSiteFacts L;
  L.Grid = Dim3Value{GX, Expr(1), Expr(1)};
  L.Block = Dim3Value{BX, BY, Expr(1)};
  L.BlockText = "block";
  L.GridText = "grid";
  L.Loc = {"k.cu", Line, 3};
  return L;
}

TEST(LaunchTest, ParsesAnnotationSyntax) {
  std::string Err;
  auto C = parseLaunchSpec(" grid(1024, 1024) block(16,16) shared(4096)", Err);
  ASSERT_TRUE(C) << Err;
  EXPECT_EQ(C->Grid, (std::array<int64_t, 3>{1024, 1024, 1}));
  EXPECT_EQ(C->Block, (std::array<int64_t, 3>{16, 16, 1}));
  EXPECT_EQ(C->SharedBytes, 4096);
  auto B = parseLaunchSpec("block(256)", Err);
  ASSERT_TRUE(B) << Err;
  EXPECT_EQ(B->Grid, (std::array<int64_t, 3>{1, 1, 1}));
}

TEST(LaunchTest, RejectsBadSpecsWithAReason) {
  std::string Err;
  EXPECT_FALSE(parseLaunchSpec("grid(4)", Err));
  EXPECT_NE(Err.find("needs 'block(...)'"), std::string::npos) << Err;
  EXPECT_FALSE(parseLaunchSpec("block(16,16", Err));
  EXPECT_NE(Err.find("expected ')'"), std::string::npos) << Err;
  EXPECT_FALSE(parseLaunchSpec("block(0)", Err));
  EXPECT_NE(Err.find("positive integer"), std::string::npos) << Err;
  EXPECT_FALSE(parseLaunchSpec("block(64,32)", Err));
  EXPECT_NE(Err.find("2048 threads"), std::string::npos) << Err;
  EXPECT_FALSE(parseLaunchSpec("threads(64)", Err));
  EXPECT_NE(Err.find("column 1"), std::string::npos) << Err;
  EXPECT_FALSE(parseLaunchSpec("block(1,2,3,4)", Err));
}

TEST(LaunchTest, LaunchSitesComeFirstAndDistinctOnesStaySeparate) {
  KernelFacts K;
  K.Name = "k";
  K.LaunchSites.push_back(site(Expr(80), Expr(128), Expr(1), 10));
  K.LaunchSites.push_back(site(Expr(80), Expr(128), Expr(1), 11)); // same
  K.LaunchSites.push_back(site(Expr(40), Expr(16), Expr(16), 12));
  K.Annotations.push_back({"launch block(32)", {"k.cu", 1, 1}});
  std::vector<std::string> Problems;
  auto Cs = resolveLaunchConfigs(K, {}, Problems);
  ASSERT_EQ(Cs.size(), 2u);
  EXPECT_EQ(Cs[0].From, LaunchConfig::Source::LaunchSite);
  EXPECT_EQ(Cs[0].Origin, "the launch at k.cu:10:3");
  EXPECT_EQ(Cs[0].Grid[0], 80);
  EXPECT_EQ(Cs[1].Block, (std::array<int64_t, 3>{16, 16, 1}));
  EXPECT_TRUE(Problems.empty());
}

TEST(LaunchTest, SymbolicGridIsAssumedAndSaidSo) {
  KernelFacts K;
  K.Name = "k";
  Expr N = Expr::symbol("n", SymbolKind::Unknown);
  LaunchSiteFacts L = site((N + 255) / 256, Expr(256), Expr(1), 7);
  LaunchArg Arg;
  Arg.Param = "n";
  Arg.Value = Expr(1 << 20);
  L.Args.push_back(Arg);
  K.LaunchSites.push_back(L);
  std::vector<std::string> Problems;
  auto Cs = resolveLaunchConfigs(K, {}, Problems);
  ASSERT_EQ(Cs.size(), 1u);
  EXPECT_EQ(Cs[0].Grid[0], 64);
  ASSERT_EQ(Cs[0].Assumptions.size(), 1u);
  EXPECT_NE(Cs[0].Assumptions[0].find("(n + 255)/256"), std::string::npos);
  EXPECT_EQ(Cs[0].Args.at("n"), 1 << 20);
}

TEST(LaunchTest, FallsBackThroughAnnotationOptionBoundsDefault) {
  KernelFacts K;
  K.Name = "k<16>";
  K.TemplateArgs = "<16>";
  // A launch whose block is not a constant is not usable.
  K.LaunchSites.push_back(
      site(Expr(4), Expr::symbol("b", SymbolKind::Unknown), Expr(1), 9));
  K.Annotations.push_back({"launch grid(8) block(16, 16)", {"k.cu", 2, 1}});
  std::vector<std::string> Problems;
  auto Cs = resolveLaunchConfigs(K, {}, Problems);
  ASSERT_EQ(Cs.size(), 1u);
  EXPECT_EQ(Cs[0].From, LaunchConfig::Source::Annotation);
  EXPECT_EQ(Cs[0].Origin, "the annotation at k.cu:2:1");
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_NE(Problems[0].find("not a constant"), std::string::npos);

  K.Annotations.clear();
  LaunchOptions O;
  O.PerKernel["k"] = "grid(2) block(64)";
  Problems.clear();
  Cs = resolveLaunchConfigs(K, O, Problems);
  ASSERT_EQ(Cs.size(), 1u);
  EXPECT_EQ(Cs[0].From, LaunchConfig::Source::Option);
  EXPECT_EQ(Cs[0].Block[0], 64);

  K.Bounds = LaunchBounds{128, std::nullopt, std::nullopt};
  Cs = resolveLaunchConfigs(K, {}, Problems);
  EXPECT_EQ(Cs[0].From, LaunchConfig::Source::LaunchBounds);
  EXPECT_EQ(Cs[0].Block[0], 128);

  K.Bounds.reset();
  Cs = resolveLaunchConfigs(K, {}, Problems);
  EXPECT_EQ(Cs[0].From, LaunchConfig::Source::Default);
  EXPECT_EQ(Cs[0].Block[0], 256);
}

TEST(LaunchTest, AssumptionsFromAnnotations) {
  KernelFacts K;
  K.Annotations.push_back({"assume width == 4096, n >= 1024", {"k.cu", 3, 1}});
  K.Annotations.push_back({"assume n % 32 == 0", {"k.cu", 4, 1}});
  K.Annotations.push_back({"assume width != 3", {"k.cu", 5, 1}});
  std::vector<std::string> Problems;
  auto V = parseKernelAssumptions(K, Problems);
  EXPECT_EQ(V.at("width").Equal, 4096);
  EXPECT_EQ(V.at("n").Min, 1024);
  EXPECT_EQ(V.at("n").Multiple, 32);
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_NE(Problems[0].find("k.cu:5:1"), std::string::npos) << Problems[0];
}

} // namespace

namespace {

TEST(LaunchTest, LaunchesCudaWouldRefuseAreNotAnalysed) {
  // <<<1, dim3(65536, 65536)>>>: 2^32 threads per block, and 65536 is
  // beyond blockDim.x's 1024.
  KernelFacts K;
  K.Name = "k";
  K.LaunchSites.push_back(site(Expr(1), Expr(65536), Expr(65536), 5));
  // <<<1, -32>>> and <<<1, 1025>>>.
  K.LaunchSites.push_back(site(Expr(1), Expr(-32), Expr(1), 6));
  K.LaunchSites.push_back(site(Expr(1), Expr(1025), Expr(1), 7));
  // <<<1, dim3(32, 64)>>>: each dimension allowed, 2048 threads are not.
  K.LaunchSites.push_back(site(Expr(1), Expr(32), Expr(64), 8));
  std::vector<std::string> Problems;
  auto Cs = resolveLaunchConfigs(K, {}, Problems);
  ASSERT_EQ(Problems.size(), 4u);
  EXPECT_NE(Problems[0].find("k.cu:5:3"), std::string::npos) << Problems[0];
  EXPECT_NE(Problems[0].find("blockDim.x = 65536 is outside 1..1024"),
            std::string::npos)
      << Problems[0];
  EXPECT_NE(Problems[0].find("not analysed"), std::string::npos);
  EXPECT_NE(Problems[1].find("blockDim.x = -32"), std::string::npos)
      << Problems[1];
  EXPECT_NE(Problems[2].find("blockDim.x = 1025"), std::string::npos)
      << Problems[2];
  EXPECT_NE(Problems[3].find("a block of 2048 threads"), std::string::npos)
      << Problems[3];
  // The fallback says why the launches were not used, not "no launch".
  ASSERT_EQ(Cs.size(), 1u);
  EXPECT_EQ(Cs[0].From, LaunchConfig::Source::Default);
  EXPECT_EQ(Cs[0].Origin.find("no launch"), std::string::npos) << Cs[0].Origin;
  EXPECT_NE(Cs[0].Origin.find("the launch at k.cu:5:3 would fail"),
            std::string::npos)
      << Cs[0].Origin;
  EXPECT_NE(Cs[0].Origin.find("(and 3 more)"), std::string::npos)
      << Cs[0].Origin;
}

TEST(LaunchTest, ShapeLimits) {
  EXPECT_EQ(launchShapeProblem({1, 1, 1}, {1024, 1, 1}), "");
  EXPECT_EQ(launchShapeProblem({2147483647, 65535, 65535}, {32, 32, 1}), "");
  EXPECT_EQ(launchShapeProblem({1, 1, 1}, {1, 1, 64}), "");
  EXPECT_EQ(launchShapeProblem({1, 1, 1}, {1, 1, 65}),
            "blockDim.z = 65 is outside 1..64");
  EXPECT_EQ(launchShapeProblem({1, 65536, 1}, {32, 1, 1}),
            "gridDim.y = 65536 is outside 1..65535");
  EXPECT_EQ(launchShapeProblem({0, 1, 1}, {32, 1, 1}),
            "gridDim.x = 0 is outside 1..2147483647");
  EXPECT_EQ(launchShapeProblem({1, 1, 1}, {64, 32, 1}),
            "a block of 2048 threads is more than CUDA's 1024");
  std::string Err;
  EXPECT_FALSE(parseLaunchSpec("block(1025)", Err));
  EXPECT_EQ(Err, "blockDim.x = 1025 is outside 1..1024 in 'block(1025)'");
  EXPECT_FALSE(parseLaunchSpec("grid(70000, 70000) block(32)", Err));
  EXPECT_NE(Err.find("gridDim.y = 70000"), std::string::npos) << Err;
}

} // namespace

namespace {

TEST(LaunchTest, LaunchSiteProblemsAreToldFromInputErrors) {
  KernelFacts K;
  K.Name = "k";
  K.LaunchSites.push_back(
      site(Expr(1), Expr::symbol("b", SymbolKind::Unknown), Expr(1), 4));
  K.LaunchSites.push_back(site(Expr(1), Expr(2048), Expr(1), 5));
  K.Annotations.push_back({"launch block(banana)", {"k.cu", 2, 1}});
  std::vector<std::string> Problems;
  resolveLaunchConfigs(K, {}, Problems);
  ASSERT_EQ(Problems.size(), 3u);
  EXPECT_TRUE(isLaunchSiteProblem(Problems[0])) << Problems[0];
  EXPECT_TRUE(isLaunchSiteProblem(Problems[1])) << Problems[1];
  EXPECT_FALSE(isLaunchSiteProblem(Problems[2])) << Problems[2];
  EXPECT_NE(Problems[2].find("invalid warplint annotation"), std::string::npos);
}

TEST(LaunchTest, AnnotationsWithAnUnknownDirectiveOrAValueOutOfTypeAreSaid) {
  KernelFacts K;
  ParamFacts N;
  N.Name = "n";
  N.Type = "int";
  K.Params.push_back(N);
  K.Annotations.push_back({"lanuch grid(4) block(128)", {"k.cu", 1, 1}});
  K.Annotations.push_back({"assume n == 4294967296", {"k.cu", 2, 1}});
  K.Annotations.push_back({"assume n >= 64", {"k.cu", 3, 1}});
  std::vector<std::string> Problems;
  auto V = parseKernelAssumptions(K, Problems);
  // The value outside int's range is not used; the one after it is.
  EXPECT_FALSE(V.at("n").Equal);
  EXPECT_EQ(V.at("n").Min, 64);
  ASSERT_EQ(Problems.size(), 2u);
  EXPECT_NE(Problems[0].find("k.cu:1:1: invalid warplint annotation: unknown "
                             "directive 'lanuch'"),
            std::string::npos)
      << Problems[0];
  EXPECT_NE(Problems[1].find("'n' is of type 'int': 4294967296 is outside its "
                             "range [-2147483648, 2147483647]"),
            std::string::npos)
      << Problems[1];
}

} // namespace

namespace {

// The program run without arguments: the command-line symbols a site's
// values mention take their values then, and the note names them.
TEST(LaunchTest, CommandLineSymbolsTakeTheirValueWithoutArguments) {
  KernelFacts K;
  K.Name = "k";
  Expr Flag = Expr::symbol("flag(argc, argv, \"n\")", SymbolKind::Param);
  Expr N = Expr::select(Flag, Expr::symbol("parsed", SymbolKind::Unknown),
                        Expr(1 << 20));
  LaunchSiteFacts L = site(Expr::div(N, Expr(256)), Expr(256), Expr(1), 7);
  L.CommandLine = {{"argc", 1}, {"flag(argc, argv, \"n\")", 0}};
  K.LaunchSites.push_back(L);
  std::vector<std::string> Problems;
  auto Cs = resolveLaunchConfigs(K, {}, Problems);
  ASSERT_EQ(Cs.size(), 1u);
  EXPECT_EQ(Cs[0].Grid[0], 4096);
  ASSERT_EQ(Cs[0].Assumptions.size(), 1u);
  EXPECT_EQ(Cs[0].Assumptions[0],
            "the program run without command-line arguments, each size its "
            "default in the code ('flag(argc, argv, \"n\")' false)");
}

// A site under a host `if` that the run without arguments decides against
// is left out while another site is reached; alone, it stays.
TEST(LaunchTest, SitesTheRunWithoutArgumentsDoesNotReachAreLeftOut) {
  KernelFacts K;
  K.Name = "k";
  Expr Flag = Expr::symbol("flag(argc, argv, \"shmoo\")", SymbolKind::Param);
  LaunchSiteFacts Shmoo = site(Expr(4), Expr(256), Expr(1), 3);
  Shmoo.CommandLine = {{"flag(argc, argv, \"shmoo\")", 0}};
  Shmoo.Under = {{Flag, true}};
  LaunchSiteFacts Main = site(Expr(4096), Expr(256), Expr(1), 9);
  Main.CommandLine = Shmoo.CommandLine;
  Main.Under = {{Flag, false}};
  K.LaunchSites = {Shmoo, Main};
  std::vector<std::string> Problems;
  auto Cs = resolveLaunchConfigs(K, {}, Problems);
  ASSERT_EQ(Cs.size(), 1u);
  EXPECT_EQ(Cs[0].Grid[0], 4096);
  K.LaunchSites = {Shmoo};
  Cs = resolveLaunchConfigs(K, {}, Problems);
  ASSERT_EQ(Cs.size(), 1u);
  EXPECT_EQ(Cs[0].Grid[0], 4);
}

// dim3 block(1, rows): the known x = 1 is kept, y takes the default
// block's threads; __launch_bounds__ gives them when it is there.
TEST(LaunchTest, KnownBlockDimensionsAreKept) {
  KernelFacts K;
  K.Name = "k";
  K.LaunchSites.push_back(
      site(Expr(8), Expr(1), Expr::symbol("rows", SymbolKind::Unknown), 5));
  std::vector<std::string> Problems;
  auto Cs = resolveLaunchConfigs(K, {}, Problems);
  ASSERT_EQ(Cs.size(), 1u);
  EXPECT_EQ(Cs[0].Block, (std::array<int64_t, 3>{1, 256, 1}));
  ASSERT_EQ(Cs[0].Assumptions.size(), 1u);
  EXPECT_EQ(Cs[0].Assumptions[0].rfind("blockDim.y = 256 (the launch computes "
                                       "it as 'rows'", 0),
            0u)
      << Cs[0].Assumptions[0];
  K.Bounds = LaunchBounds{128, std::nullopt, std::nullopt};
  Cs = resolveLaunchConfigs(K, {}, Problems);
  ASSERT_EQ(Cs.size(), 1u);
  EXPECT_EQ(Cs[0].Block, (std::array<int64_t, 3>{1, 128, 1}));
}

// A launch in a host loop run with known values says which iteration.
TEST(LaunchTest, HostLoopIterationsAreSaid) {
  KernelFacts K;
  K.Name = "k";
  LaunchSiteFacts L = site(Expr(2), Expr(512), Expr(1), 28);
  L.Iterations = {{{"k.cu", 27, 3}, 511, 1023}};
  K.LaunchSites.push_back(L);
  std::vector<std::string> Problems;
  auto Cs = resolveLaunchConfigs(K, {}, Problems);
  ASSERT_EQ(Cs.size(), 1u);
  EXPECT_EQ(Cs[0].Origin, "the launch at k.cu:28:3, in iteration 512 of 1023 "
                          "of the host loop at k.cu:27:3");
}

} // namespace

// The GPU as the host program's cudaGetDeviceProperties gives it: the
// members a spec determines, in cudaDeviceProp's units (clocks in kHz);
// what the spec leaves at 0 is absent, not 0.
TEST(HostDeviceTest, PropertiesFromASpec) {
  ArchSpec A;
  A.Id = "x";
  A.Name = "GPU X";
  A.File = "arch/x.yaml";
  A.Major = 9;
  A.Minor = 0;
  A.SmCount = 132;
  A.MaxThreadsPerBlock = 1024;
  A.SmemPerBlockBytes = 48 * 1024;
  A.CoreClockMHz = 1980;
  HostDevice D = hostDeviceOf(A);
  EXPECT_EQ(D.Gpu, "GPU X");
  EXPECT_EQ(D.File, "arch/x.yaml");
  EXPECT_EQ(D.Properties.at("multiProcessorCount"), 132);
  EXPECT_EQ(D.Properties.at("major"), 9);
  EXPECT_EQ(D.Properties.at("minor"), 0);
  EXPECT_EQ(D.Properties.at("maxThreadsPerBlock"), 1024);
  EXPECT_EQ(D.Properties.at("sharedMemPerBlock"), 48 * 1024);
  // No opt-in size given: the default size, as the runtime reports it.
  EXPECT_EQ(D.Properties.at("sharedMemPerBlockOptin"), 48 * 1024);
  EXPECT_EQ(D.Properties.at("clockRate"), 1980000);
  EXPECT_EQ(D.Properties.count("memoryClockRate"), 0u);
  EXPECT_EQ(D.Properties.count("l2CacheSize"), 0u);
  EXPECT_EQ(devicePropertyOfAttribute("cudaDevAttrMultiProcessorCount"),
            "multiProcessorCount");
  EXPECT_EQ(devicePropertyOfAttribute("cudaDevAttrTotalConstantMemory"), "");
}

// One launch's unknowns chosen together: the grid `(n + 255) / 256` with n
// unknown takes the largest n that gives the default 64 blocks (16384,
// a full last block), and the argument n the kernel gets is the same.
TEST(ChooseUnknownsTest, OneValueForTheGridAndTheArguments) {
  LaunchSiteFacts L;
  Expr N = Expr::symbol("n", SymbolKind::Unknown);
  L.Grid = Dim3Value{Expr::div(N + 255, Expr(256)), Expr(1), Expr(1)};
  L.Block = Dim3Value{Expr(256), Expr(1), Expr(1)};
  L.Args.push_back({"n", "n", N});
  std::vector<std::string> Said;
  chooseUnknowns(L, {{64, 64, 1}}, Said);
  EXPECT_EQ(L.Grid->X.asConst(), std::optional<int64_t>(64));
  EXPECT_EQ(L.Args[0].Value->asConst(), std::optional<int64_t>(16384));
  ASSERT_EQ(Said.size(), 1u);
  EXPECT_NE(Said[0].find("'n' = 16384"), std::string::npos);
  // Two unknowns in one dimension, or a grid that shrinks as the value
  // grows: nothing is chosen.
  LaunchSiteFacts T;
  T.Grid = Dim3Value{N * Expr::symbol("m", SymbolKind::Unknown), Expr(1),
                     Expr(1)};
  LaunchSiteFacts D;
  D.Grid = Dim3Value{Expr::div(Expr(1 << 20), N), Expr(1), Expr(1)};
  std::vector<std::string> None;
  chooseUnknowns(T, {{64, 64, 1}}, None);
  chooseUnknowns(D, {{64, 64, 1}}, None);
  EXPECT_TRUE(None.empty());
  EXPECT_FALSE(T.Grid->X.isConst());
  EXPECT_FALSE(D.Grid->X.isConst());
}
