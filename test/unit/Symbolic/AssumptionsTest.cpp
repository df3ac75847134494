//===- AssumptionsTest.cpp - assumptions and interval reasoning -----------===//
#include "Symbolic/Assumptions.h"

#include <gtest/gtest.h>

using namespace warplint::sym;

namespace {

Expr P(const char *N) { return Expr::symbol(N, SymbolKind::Param); }

TEST(AssumptionsTest, ParsesClauses) {
  std::map<std::string, Assumption> A;
  EXPECT_EQ(parseAssumptions("n >= 1024, n % 32 == 0, w == 7, m < 10", A), "");
  EXPECT_EQ(A["n"].Min, 1024);
  EXPECT_EQ(A["n"].Multiple, 32);
  EXPECT_EQ(A["w"].Equal, 7);
  EXPECT_EQ(A["m"].Max, 9);
  EXPECT_EQ(A["n"].str("n"), "n >= 1024, n % 32 == 0");
}

TEST(AssumptionsTest, AMemberThroughAPointerIsOneName) {
  std::map<std::string, Assumption> A;
  EXPECT_EQ(parseAssumptions("points->num == 4096, p->dim>2", A), "");
  EXPECT_EQ(A["points->num"].Equal, 4096);
  EXPECT_EQ(A["p->dim"].Min, 3);
  // An arrow with no member after it is not part of the name.
  EXPECT_NE(parseAssumptions("p-> == 3", A).find("expected ==, >=, >, <=, <"),
            std::string::npos);
}

TEST(AssumptionsTest, RejectsWhatItCannotRead) {
  std::map<std::string, Assumption> A;
  EXPECT_NE(parseAssumptions("n != 3", A).find("expected ==, >=, >, <=, <"),
            std::string::npos);
  EXPECT_NE(parseAssumptions("n % 0 == 0", A).find("M >= 1"), std::string::npos);
  EXPECT_NE(parseAssumptions("n == x", A).find("expected an integer"),
            std::string::npos);
  EXPECT_NE(parseAssumptions("n == 1 n", A).find("unexpected"),
            std::string::npos);
}

// Clauses that no value meets, or two values for one name, are errors: an
// analysis under them would make every access that reads the value vanish.
TEST(AssumptionsTest, RejectsContradictions) {
  std::map<std::string, Assumption> A;
  EXPECT_NE(parseAssumptions("n > 10, n < 5", A)
                .find("the assumptions about 'n' admit no value (n >= 11, n <= 4)"),
            std::string::npos);
  A.clear();
  EXPECT_NE(parseAssumptions("n == 4096, n == 8192", A)
                .find("'n' is given two values, 4096 and 8192"),
            std::string::npos);
  A.clear();
  EXPECT_NE(parseAssumptions("n == 4096, n % 7 == 0", A).find("admit no value"),
            std::string::npos);
  A.clear();
  EXPECT_NE(parseAssumptions("1 == 2", A).find("expected a name"),
            std::string::npos);
  A.clear();
  // The same value twice, and bounds that leave values, are fine.
  EXPECT_EQ(parseAssumptions("n == 64, n == 64, m >= 4, m <= 4", A), "");
  EXPECT_EQ(*A["m"].pick(0), 4);
}

TEST(AssumptionsTest, PicksAdmittedValues) {
  Assumption A;
  A.Min = 1024;
  A.Multiple = 32;
  EXPECT_EQ(A.pick(4096), 4096);
  EXPECT_EQ(A.pick(4100), 4128);      // rounded up to a multiple
  EXPECT_EQ(A.pick(10), 1024);        // raised to the minimum
  EXPECT_EQ(A.pick(4096, 1), 4096 + 7 * 32);
  EXPECT_TRUE(A.admits(*A.pick(4096, 1)));
  Assumption None;
  EXPECT_EQ(None.pick(4096, 1), 4103); // changes alignment: a real check
  Assumption Bad;
  Bad.Min = 10;
  Bad.Max = 5;
  EXPECT_FALSE(Bad.pick(7).has_value());
  Assumption Eq;
  Eq.Equal = 3;
  EXPECT_EQ(Eq.pick(4096, 1), 3);
}

// Found by test/fuzz/symbolic_fuzzer: near int64's ends the rounding to a
// multiple and the variants overflowed (undefined behaviour). The value
// picked is the admitted one, or none when there is none in int64.
TEST(AssumptionsTest, PicksNearInt64sEnds) {
  Assumption A;
  A.Min = INT64_MAX - 40;
  A.Multiple = 32;
  EXPECT_EQ(A.pick(0), INT64_MAX - 31); // 2^63 - 32
  EXPECT_EQ(A.pick(INT64_MAX), INT64_MAX - 31);
  EXPECT_FALSE(A.pick(0, 1).has_value()); // 7 multiples further: past the end
  Assumption B;
  B.Multiple = 3;
  EXPECT_EQ(B.pick(INT64_MIN), INT64_MIN + 2); // -2^63 is not a multiple of 3
  EXPECT_EQ(B.pick(INT64_MAX), INT64_MAX - 1);
  Assumption C;
  C.Multiple = INT64_MAX;
  EXPECT_EQ(C.pick(5), INT64_MAX);
  EXPECT_EQ(C.pick(-5), 0);
}

TEST(AssumptionsTest, IntervalsThroughArithmetic) {
  std::map<std::string, Interval> Of{{"n", {1024, std::nullopt}}};
  Interval I = bounds(threadIdx('x') * 4 + 3, {{"threadIdx.x", {0, 255}}});
  EXPECT_EQ(I.Lo, 3);
  EXPECT_EQ(I.Hi, 1023);
  Interval M = bounds(P("k") % 32, {{"k", {0, std::nullopt}}});
  EXPECT_EQ(M.Lo, 0);
  EXPECT_EQ(M.Hi, 31);
  Interval D = bounds(P("n") / 16, Of);
  EXPECT_EQ(D.Lo, 64);
  EXPECT_FALSE(D.Hi.has_value());
  // Unknown sign: nothing is claimed.
  EXPECT_FALSE(bounds(P("q") * 2, {}).Lo.has_value());
}

TEST(AssumptionsTest, DecidesConditionsThatDoNotDependOnTheUnknown) {
  // if (i < n) with i < 256 and n >= 1024: always taken, whatever n is.
  Expr I = blockIdx('x') * 256 + threadIdx('x');
  std::map<std::string, Interval> Of{{"n", {1024, std::nullopt}},
                                     {"blockIdx.x", {0, 2}},
                                     {"threadIdx.x", {0, 255}}};
  EXPECT_EQ(decide(Expr::lt(I, P("n")), Of), true);
  EXPECT_EQ(decide(Expr::le(P("n"), I), Of), false);
  // With more blocks it depends on n.
  Of["blockIdx.x"] = {0, 100};
  EXPECT_EQ(decide(Expr::lt(I, P("n")), Of), std::nullopt);
  EXPECT_EQ(decide(Expr::logicalAnd(Expr::lt(threadIdx('x'), Expr(512)),
                                    Expr::lt(I, P("n"))),
                   Of),
            std::nullopt);
  EXPECT_EQ(decide(Expr::eq(threadIdx('x') % 32, Expr(40)), Of), false);
}

} // namespace
