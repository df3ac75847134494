//===- BindingsTest.cpp - lib/Symbolic/Bindings unit tests ----------------===//
#include "Symbolic/Bindings.h"

#include <gtest/gtest.h>

using namespace warplint::sym;

namespace {

Expr S(const char *N) { return Expr::symbol(N, SymbolKind::Param); }
Expr T(const char *N) {
  return Expr::symbol(N, SymbolKind::ThreadIdx, /*ThreadDependent=*/true);
}

TEST(BindingsTest, EvaluatesAsTheMapDoes) {
  Expr X = T("threadIdx.x"), N = S("n"), B = S("b");
  std::vector<Expr> Es = {
      X * 4 + N,
      (X + 3) / 2 - B % 5,
      Expr::select(Expr::lt(X, N), X * X, N - X),
      Expr::logicalAnd(Expr::le(Expr(1), X), Expr::ne(X % 2, Expr(0))),
      Expr::logicalOr(Expr::eq(X, Expr(0)), Expr::gt(B, X)),
      Expr::min(X, B) + Expr::max(N, X),
      Expr::logicalNot(Expr::eq(X / 8, B)),
  };
  std::map<std::string, int64_t> M{{"n", 100}, {"b", 7}};
  Bindings V(M);
  unsigned Slot = V.slot("threadIdx.x");
  for (int64_t Lane = 0; Lane < 32; ++Lane) {
    M["threadIdx.x"] = Lane;
    V.set(Slot, Lane);
    for (const Expr &E : Es)
      EXPECT_EQ(V.evaluate(E), E.evaluate(M)) << E.str() << " lane " << Lane;
  }
  // Lane 5: 5*4 + 100 = 120, by hand.
  V.set(Slot, 5);
  EXPECT_EQ(V.evaluate(Es[0]), 120);
}

TEST(BindingsTest, UnboundAndUndefinedGiveNothing) {
  Expr X = T("threadIdx.x"), N = S("n");
  Bindings V;
  EXPECT_EQ(V.evaluate(X + 1), std::nullopt); // no slot at all
  V.slot("threadIdx.x");
  EXPECT_EQ(V.evaluate(X + 1), std::nullopt); // a slot without a value
  V.set("threadIdx.x", 3);
  EXPECT_EQ(V.evaluate(X + 1), 4);
  V.set("n", 0);
  EXPECT_EQ(V.evaluate(X / N), std::nullopt); // division by zero
  V.unset("threadIdx.x");
  EXPECT_EQ(V.evaluate(X + 1), std::nullopt);
  EXPECT_EQ(V.get("threadIdx.x"), std::nullopt);
  EXPECT_EQ(V.get("n"), 0);
  // A short-circuit skips the unbound operand, as Expr::evaluate does.
  EXPECT_EQ(V.evaluate(Expr::logicalAnd(Expr::eq(N, Expr(1)), X)), 0);
}

TEST(BindingsTest, ASymbolNodeReusedForAnotherNameReadsItsOwnSlot) {
  Bindings V;
  V.set("a", 1);
  V.set("b", 2);
  for (int I = 0; I < 100; ++I) {
    // Temporaries: a freed node's address may come back for the other name.
    EXPECT_EQ(V.evaluate(S(I % 2 ? "a" : "b") + 0), I % 2 ? 1 : 2);
  }
  EXPECT_EQ((V.toMap()), (std::map<std::string, int64_t>{{"a", 1}, {"b", 2}}));
}

} // namespace
