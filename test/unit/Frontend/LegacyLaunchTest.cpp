//===- LegacyLaunchTest.cpp - nvcc's spaced launch brackets ---------------===//
#include "Frontend/LegacyLaunch.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

TEST(LegacyLaunchTest, JoinsSpacedBracketsKeepingTheLength) {
  const std::string In = "void h() { k << < grid, block >> > (a, n); }\n";
  auto Out = joinLegacyLaunches(In);
  ASSERT_TRUE(Out);
  EXPECT_EQ(*Out, "void h() { k <<<  grid, block >>>  (a, n); }\n");
  EXPECT_EQ(Out->size(), In.size());
  // Several blanks, a line break, and two launches.
  auto Two = joinLegacyLaunches("k<<  <1, 32>>\n>(a); q << < 2, 64 >> > (b);");
  ASSERT_TRUE(Two);
  EXPECT_EQ(*Two, "k<<<  1, 32>>>\n(a); q <<<  2, 64 >>>  (b);");
  // Only the opening spaced.
  EXPECT_EQ(joinLegacyLaunches("k << < g, b >>> (a);").value_or(""),
            "k <<<  g, b >>> (a);");
}

TEST(LegacyLaunchTest, LeavesEverythingElseAlone) {
  // Ordinary launches, shifts, nested templates, comments and strings.
  for (const char *T : {
           "k<<<g, b>>>(a);",
           "x = a << 2; y = b >> 3;",
           "std::vector<std::vector<int> > v; a << b;",
           "// k << < g, b >> > (a);\nint x;",
           "/* k << < g, b >> > (a); */",
           "const char *s = \"k << < g, b >> > (a)\";",
       })
    EXPECT_FALSE(joinLegacyLaunches(T)) << T;
  // A statement ends before any closing brackets: not a launch.
  EXPECT_FALSE(joinLegacyLaunches("a << < b; c >> > d;"));
}

} // namespace
