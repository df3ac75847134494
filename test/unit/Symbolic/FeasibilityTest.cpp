//===- FeasibilityTest.cpp - Fourier–Motzkin on hand-written systems ------===//
#include "Symbolic/Feasibility.h"

#include <gtest/gtest.h>

using namespace warplint::sym;

namespace {

LinearForm form(std::map<std::string, int64_t> C, int64_t K) {
  LinearForm F;
  F.Coef = std::move(C);
  F.Const = K;
  return F;
}

Expr v(const char *N) { return Expr::symbol(N, SymbolKind::LoopIter); }

} // namespace

TEST(FeasibilityTest, LinearFormOfAffineExpressionsOnly) {
  std::optional<LinearForm> F = linearForm(Expr(3) * v("i") - v("j") + Expr(7));
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Coef.at("i"), 3);
  EXPECT_EQ(F->Coef.at("j"), -1);
  EXPECT_EQ(F->Const, 7);
  // i*j is affine in i and in j, but not linear.
  EXPECT_FALSE(linearForm(v("i") * v("j")));
  EXPECT_FALSE(linearForm(Expr::div(v("i"), Expr(2))));
}

TEST(FeasibilityTest, BoxesAndContradictions) {
  // 0 <= x <= 9: feasible.
  EXPECT_TRUE(mayBeFeasible({form({{"x", 1}}, 0), form({{"x", -1}}, 9)}));
  // x >= 5 and x <= 3: not.
  EXPECT_FALSE(mayBeFeasible({form({{"x", 1}}, -5), form({{"x", -1}}, 3)}));
  // A constant row: -1 >= 0 is false, 0 >= 0 true.
  EXPECT_FALSE(mayBeFeasible({form({}, -1)}));
  EXPECT_TRUE(mayBeFeasible({form({}, 0)}));
  EXPECT_TRUE(mayBeFeasible({}));
}

TEST(FeasibilityTest, TriangularNestsAreSeparated) {
  // Two iterations a < b of `for j1`, each with `for j2 = j1 + 1 ...`:
  // symmat[j1][j2] in a and symmat[j2'][j1'] in b are one element only if
  // j1a = j2b and j2a = j1b, i.e. j1a = j2b >= j1b + 1 = j2a + 1 >= j1a + 2.
  std::vector<LinearForm> S = {
      form({{"j2a", 1}, {"j1a", -1}}, -1),      // j2a >= j1a + 1
      form({{"j2b", 1}, {"j1b", -1}}, -1),      // j2b >= j1b + 1
      form({{"j1a", 1}, {"j2b", -1}}, 0),       // j1a = j2b
      form({{"j1a", -1}, {"j2b", 1}}, 0),
      form({{"j2a", 1}, {"j1b", -1}}, 0),       // j2a = j1b
      form({{"j2a", -1}, {"j1b", 1}}, 0),
      form({{"j1b", 1}, {"j1a", -1}}, -1),      // a < b
  };
  EXPECT_FALSE(mayBeFeasible(S));
  // Without the inner bound (j2 over the whole row) they can meet.
  S.erase(S.begin(), S.begin() + 2);
  EXPECT_TRUE(mayBeFeasible(S));
}

TEST(FeasibilityTest, IntegerTighteningAndGiveUp) {
  // 2x = 1 has a rational solution but no integer one: 2x >= 1 tightens
  // to x >= 1, -2x >= -1 to x <= 0.
  EXPECT_FALSE(
      mayBeFeasible({form({{"x", 2}}, -1), form({{"x", -2}}, 1)}));
  // Too many rows to eliminate: said feasible (no proof).
  std::vector<LinearForm> Big;
  for (int I = 0; I < 40; ++I) {
    Big.push_back(form({{"x", 1}, {"y", I + 1}}, -1000));
    Big.push_back(form({{"x", -1}, {"y", I + 2}}, -1000));
  }
  Big.push_back(form({{"y", -1}}, -1)); // y <= -1: infeasible
  EXPECT_FALSE(mayBeFeasible(Big));
  EXPECT_TRUE(mayBeFeasible(Big, /*MaxRows=*/10));
}
