//===- ProgramTest.cpp - lib/Symbolic/Program unit tests ------------------===//
#include "Symbolic/Program.h"

#include <gtest/gtest.h>

#include <random>

using namespace warplint::sym;

namespace {

Expr S(const char *N) { return Expr::symbol(N, SymbolKind::Param); }
Expr T(const char *N) {
  return Expr::symbol(N, SymbolKind::ThreadIdx, /*ThreadDependent=*/true);
}

const std::vector<std::string> Lanes = {"threadIdx.x", "threadIdx.y"};

/// A random expression over two lane symbols, two others (one of them
/// sometimes unbound) and small constants, every operator included.
Expr randomExpr(std::mt19937 &G, int Depth) {
  std::uniform_int_distribution<int> Pick(0, Depth <= 0 ? 4 : 19);
  const int K = Pick(G);
  auto Sub = [&] { return randomExpr(G, Depth - 1); };
  switch (K) {
  case 0: return T("threadIdx.x");
  case 1: return T("threadIdx.y");
  case 2: return S("n");
  case 3: return S("u"); // unbound in some rounds
  case 4: return Expr(std::uniform_int_distribution<int>(-3, 40)(G));
  case 5: return Sub() + Sub();
  case 6: return Sub() - Sub();
  case 7: return Sub() * Sub();
  case 8: return Sub() / Sub();
  case 9: return Sub() % Sub();
  case 10: return Expr::min(Sub(), Sub());
  case 11: return Expr::max(Sub(), Sub());
  case 12: return Expr::lt(Sub(), Sub());
  case 13: return Expr::le(Sub(), Sub());
  case 14: return Expr::eq(Sub(), Sub());
  case 15: return Expr::ne(Sub(), Sub());
  case 16: return Expr::logicalAnd(Sub(), Sub());
  case 17: return Expr::logicalOr(Sub(), Sub());
  case 18: return Expr::logicalNot(Sub());
  default: return Expr::select(Sub(), Sub(), Sub());
  }
}

TEST(ProgramTest, RunsAsBindingsEvaluate) {
  std::mt19937 G(20261125);
  unsigned Compared = 0, Undefined = 0;
  for (int Round = 0; Round < 400; ++Round) {
    Expr E = randomExpr(G, 5);
    Bindings V;
    Program P(E, V, Lanes);
    for (int64_t N : {0, 7, 1000}) {
      V.set("n", N);
      if (Round % 3)
        V.set("u", Round);
      else
        V.unset("u");
      P.prepare(V);
      for (int64_t X = 0; X < 8; ++X)
        for (int64_t Y : {0, 3}) {
          V.set("threadIdx.x", X);
          V.set("threadIdx.y", Y);
          auto Want = V.evaluate(E);
          EXPECT_EQ(P.run(V), Want) << E.str() << " n=" << N << " x=" << X
                                    << " y=" << Y;
          ++Compared;
          Undefined += !Want;
        }
    }
  }
  // Both kinds of outcome were exercised.
  EXPECT_GT(Undefined, Compared / 20);
  EXPECT_LT(Undefined, Compared - Compared / 20);
}

TEST(ProgramTest, PreparesOnlyTheLaneFreePart) {
  Expr X = T("threadIdx.x"), N = S("n");
  Expr E = Expr::lt(N * 32 + X, Expr(100));
  Bindings V;
  Program P(E, V, Lanes);
  EXPECT_FALSE(P.laneInvariant());
  V.set("n", 2);
  P.prepare(V);
  V.set("threadIdx.x", 35);
  EXPECT_EQ(P.run(V), 1); // 64 + 35 < 100
  V.set("threadIdx.x", 36);
  EXPECT_EQ(P.run(V), 0); // 64 + 36
  // A change to n is seen after prepare(), as documented.
  V.set("n", 0);
  P.prepare(V);
  EXPECT_EQ(P.run(V), 1);

  Program Q(N * 3, V, Lanes);
  EXPECT_TRUE(Q.laneInvariant());
  Q.prepare(V);
  EXPECT_EQ(Q.run(V), 0);
}

TEST(ProgramTest, OverflowAndDivisionByZeroGiveNothing) {
  Expr X = T("threadIdx.x"), N = S("n");
  Bindings V;
  Program Div(X / N, V, Lanes), Big(X * N, V, Lanes);
  V.set("n", 0);
  V.set("threadIdx.x", 5);
  Div.prepare(V);
  EXPECT_EQ(Div.run(V), std::nullopt);
  V.set("n", INT64_MAX / 2);
  Big.prepare(V);
  EXPECT_EQ(Big.run(V), std::nullopt);
  V.set("threadIdx.x", 2);
  EXPECT_EQ(Big.run(V), INT64_MAX / 2 * 2);
}

} // namespace
