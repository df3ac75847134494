//===- ExprTest.cpp - lib/Symbolic unit tests -----------------------------===//
#include "Symbolic/Expr.h"

#include <gtest/gtest.h>

using namespace warplint::sym;

namespace {

Expr S(const char *N) { return Expr::symbol(N, SymbolKind::Param); }

TEST(ExprTest, PolynomialsAreCanonical) {
  Expr A = S("a"), B = S("b");
  EXPECT_EQ(A + B, B + A);
  EXPECT_EQ((A + 1) * (B + 2), A * B + 2 * A + B + 2);
  EXPECT_EQ(A * 3 - A * 3, Expr(0));
  EXPECT_EQ((A + B) - B, A);
  EXPECT_NE(A + B, A + B + 1);
}

TEST(ExprTest, ConstantsFold) {
  EXPECT_EQ((Expr(7) + 5) * 2, Expr(24));
  EXPECT_EQ(Expr(7) / 2, Expr(3));
  EXPECT_EQ(Expr(-7) / 2, Expr(-3)); // truncation, as in C
  EXPECT_EQ(Expr(-7) % 2, Expr(-1));
  EXPECT_EQ(Expr::min(Expr(3), Expr(9)), Expr(3));
  EXPECT_EQ(Expr::max(Expr(3), Expr(9)), Expr(9));
  EXPECT_EQ(Expr::lt(Expr(3), Expr(9)), Expr(1));
}

TEST(ExprTest, DivisionOnlySimplifiesWhenExact) {
  Expr I = S("i");
  EXPECT_EQ((I * 16 + 32) / 16, I + 2);
  EXPECT_EQ(((I * 16 + 3) / 16).op(), Op::Div);
  EXPECT_EQ((I * 8) % 4, Expr(0));
  EXPECT_EQ(((I * 8 + 1) % 4).op(), Op::Mod);
  // (x / 4) / 8 == x / 32 for positive divisors.
  EXPECT_EQ((I / 4) / 8, I / 32);
}

TEST(ExprTest, PrintsReadably) {
  Expr Idx = blockIdx('x') * blockDim('x') + threadIdx('x');
  EXPECT_EQ(Idx.str(), "blockDim.x*blockIdx.x + threadIdx.x");
  EXPECT_EQ((S("i") * 16 - 3).str(), "16*i - 3");
  EXPECT_EQ(((S("n") + 255) / 256).str(), "(n + 255)/256");
  EXPECT_EQ(Expr::lt(S("i"), S("n")).str(), "i < n");
}

// Found by test/fuzz/symbolic_fuzzer: a term of INT64_MIN in a sum was
// printed by negating it (undefined behaviour).
TEST(ExprTest, PrintsInt64MinTerms) {
  EXPECT_EQ((S("i") + Expr(INT64_MIN)).str(), "i - 9223372036854775808");
  EXPECT_EQ((S("j") + S("i") * Expr(INT64_MIN)).str(),
            "-9223372036854775808*i + j");
  EXPECT_EQ((S("i") * Expr(INT64_MIN)).str(), "-9223372036854775808*i");
}

TEST(ExprTest, ThreadDependence) {
  EXPECT_TRUE((threadIdx('x') * 2 + S("n")).isThreadDependent());
  EXPECT_FALSE((blockIdx('x') * blockDim('x')).isThreadDependent());
  Expr Loaded = Expr::symbol("in[tid]", SymbolKind::Unknown, true);
  EXPECT_TRUE((Loaded % 2).isThreadDependent());
  EXPECT_TRUE(threadIdx('y').mentions(SymbolKind::ThreadIdx));
  EXPECT_FALSE(blockIdx('y').mentions(SymbolKind::ThreadIdx));
}

TEST(ExprTest, SubstituteAndEvaluate) {
  Expr Row = blockIdx('y') * 16 + threadIdx('y');
  Expr Col = blockIdx('x') * 16 + threadIdx('x');
  Expr Idx = Row * S("N") + Col;
  Expr Bound = Idx.substitute({{"N", Expr(1024)}, {"blockIdx.y", Expr(2)}});
  EXPECT_EQ(Bound, threadIdx('y') * 1024 + 32768 + blockIdx('x') * 16 +
                       threadIdx('x'));
  auto V = Idx.evaluate({{"N", 1024},
                         {"blockIdx.y", 2},
                         {"threadIdx.y", 3},
                         {"blockIdx.x", 1},
                         {"threadIdx.x", 5}});
  ASSERT_TRUE(V.has_value());
  EXPECT_EQ(*V, (2 * 16 + 3) * 1024 + 16 + 5);
  // A missing symbol or a division by zero gives no value.
  EXPECT_FALSE(Idx.evaluate({{"N", 4}}).has_value());
  EXPECT_FALSE((S("a") / S("b")).evaluate({{"a", 1}, {"b", 0}}).has_value());
}

TEST(ExprTest, SelectAndLogic) {
  Expr C = Expr::lt(threadIdx('x'), S("n"));
  Expr Sel = Expr::select(C, S("a"), S("b"));
  EXPECT_EQ(*Sel.evaluate({{"threadIdx.x", 1}, {"n", 4}, {"a", 10}, {"b", 20}}),
            10);
  EXPECT_EQ(*Sel.evaluate({{"threadIdx.x", 9}, {"n", 4}, {"a", 10}, {"b", 20}}),
            20);
  EXPECT_EQ(Expr::logicalNot(C), Expr::le(S("n"), threadIdx('x')));
  EXPECT_EQ(Expr::logicalNot(Expr::logicalNot(C)), C);
  EXPECT_EQ(Expr::logicalAnd(Expr(1), C), C);
  EXPECT_EQ(Expr::logicalOr(Expr(0), C), C);
  EXPECT_EQ(Expr::logicalAnd(Expr(0), C), Expr(0));
}

TEST(ExprTest, CoefficientOfAffineSymbol) {
  Expr I = Expr::symbol("i", SymbolKind::LoopIter);
  Expr E = threadIdx('x') + blockDim('x') * gridDim('x') * I + 7;
  auto C = E.coefficientOf("i");
  ASSERT_TRUE(C.has_value());
  EXPECT_EQ(*C, blockDim('x') * gridDim('x'));
  EXPECT_FALSE((I * I).coefficientOf("i").has_value());
  EXPECT_FALSE((I / 2).coefficientOf("i").has_value());
  EXPECT_EQ(*threadIdx('x').coefficientOf("i"), Expr(0));
}

TEST(ExprTest, Shifts) {
  Expr T = threadIdx('x');
  EXPECT_EQ(*Expr::shl(T, Expr(4)), T * 16);
  EXPECT_EQ(*Expr::shr(T * 32, Expr(5)), T);
  EXPECT_FALSE(Expr::shl(T, S("k")).has_value());
  EXPECT_EQ(*Expr::shr(Expr(-8), Expr(1)), Expr(-4));
}

TEST(ExprTest, OverflowBecomesUnknown) {
  Expr Big = Expr(INT64_MAX) * S("a");
  Expr R = Big + Big;
  EXPECT_EQ(R.op(), Op::Sym);
  EXPECT_FALSE(R.evaluate({{"a", 1}}).has_value());
}

} // namespace

TEST(ExprTest, TextShowsTheSourceNames) {
  // The frontend keeps values apart by suffixes (a second 'i', 'm' as a
  // loop changes it, a dry run's value); messages show the source's name.
  EXPECT_EQ(displayName("i#2"), "i");
  EXPECT_EQ(displayName("m@loop0"), "m");
  EXPECT_EQ(displayName("*numcenters?3"), "*numcenters");
  EXPECT_EQ(displayName("m@loop1#2"), "m");
  EXPECT_EQ(displayName("x2"), "x2");
  EXPECT_EQ(displayName("a#b"), "a#b");
  EXPECT_EQ(displayName("#3"), "#3");
  Expr E = Expr::symbol("n#2", SymbolKind::Param) * 4 +
           Expr::symbol("m@loop0", SymbolKind::Unknown);
  EXPECT_NE(E.str().find("n#2"), std::string::npos);
  EXPECT_EQ(E.text().find('#'), std::string::npos) << E.text();
  EXPECT_EQ(E.text().find('@'), std::string::npos) << E.text();
}

TEST(ExprTest, ASelectOfItsOwnComparisonIsAMinOrMax) {
  // e = s + 16 > n ? n : s + 16 (a block's end clamped to n) is
  // min(n, s + 16); the other way round, a max.
  Expr N = Expr::symbol("n", SymbolKind::Param);
  Expr S = Expr::symbol("s", SymbolKind::Param) + 16;
  Expr E = Expr::select(Expr::gt(S, N), N, S);
  EXPECT_EQ(E.op(), Op::Min) << E.str();
  EXPECT_EQ(E.evaluate({{"n", 20}, {"s", 0}}), std::optional<int64_t>(16));
  EXPECT_EQ(E.evaluate({{"n", 20}, {"s", 16}}), std::optional<int64_t>(20));
  EXPECT_EQ(Expr::select(Expr::le(N, S), S, N).op(), Op::Max);
  // A select on another condition stays one.
  EXPECT_EQ(Expr::select(Expr::lt(N, Expr(7)), N, S).op(), Op::Select);
}
