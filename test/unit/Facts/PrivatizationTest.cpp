//===- PrivatizationTest.cpp - scratch arrays private to an iteration -----===//
//
// privateArrays (Facts/LoopMapping.h) on facts written by hand, as the
// interpreter records PolyBench 4.2's DOITGEN.
//
//===----------------------------------------------------------------------===//
#include "PortFacts.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;
using namespace warplint::testing;

namespace {

/// for r < 16: for q < 16 {
///   for p < 16 { sum[p] = 0;                                     line 4
///                for s < 16: sum[p] += A[r][q][s] * C4[s][p]; }  line 6
///   for p < 16: A[r][q][p] = sum[p]; }                           line 8
struct Doitgen {
  KernelFacts Seq;
  std::vector<PortLoop> Loops;
  Doitgen() {
    Seq.Loops = {loopFact(0, "r", 1, std::nullopt, 16),
                 loopFact(1, "q", 2, 0u, 16), loopFact(2, "p", 3, 1u, 16),
                 loopFact(3, "s", 5, 2u, 16), loopFact(4, "p#2", 7, 1u, 16)};
    const Expr R = iter("r"), Q = iter("q"), P = iter("p"), S = iter("s"),
               P2 = iter("p#2");
    Seq.Accesses = {access("sum", {P}, false, true, {0, 1, 2}, 4, 16),
                    access("sum", {P}, true, true, {0, 1, 2, 3}, 6, 16),
                    access("A", {R, Q, S}, true, false, {0, 1, 2, 3}, 6, 16),
                    access("C4", {S, P}, true, false, {0, 1, 2, 3}, 6, 16),
                    access("sum", {P2}, true, false, {0, 1, 4}, 8, 16),
                    access("A", {R, Q, P2}, false, true, {0, 1, 4}, 8, 16)};
    Loops = {portLoop("r", 1, std::nullopt, {1}), portLoop("q", 2, 0u, {2, 4}),
             portLoop("p", 3, 1u, {3}), portLoop("s", 5, 2u, {}),
             portLoop("p", 7, 1u, {})};
    Loops[0].PerfectChild = true;
  }
};

} // namespace

TEST(PrivatizationTest, DoitgenSumIsScratchForRAndQ) {
  Doitgen D;
  EXPECT_EQ(privateArrays(D.Loops, 0, D.Seq), std::vector<std::string>{"sum"});
  EXPECT_EQ(privateArrays(D.Loops, 1, D.Seq), std::vector<std::string>{"sum"});
  // The p loop indexes sum by its iteration: the dependence test's case.
  EXPECT_TRUE(privateArrays(D.Loops, 2, D.Seq).empty());
  std::vector<LoopVerdict> V = parallelLoops(D.Loops, D.Seq);
  EXPECT_TRUE(V[0].Parallel) << V[0].Why;
  EXPECT_TRUE(V[1].Parallel) << V[1].Why;
  EXPECT_EQ(V[0].Private, std::vector<std::string>{"sum"});
}

TEST(PrivatizationTest, AnUncoveredReadOrAReadElsewhereKeepsItShared) {
  // The second p loop reads sum[p + 1]: the last element comes from
  // another (r, q).
  Doitgen Shifted;
  Shifted.Seq.Accesses[4].Subscripts = {iter("p#2") + 1};
  Shifted.Seq.Accesses[4].Index = iter("p#2") + 1;
  EXPECT_TRUE(privateArrays(Shifted.Loops, 1, Shifted.Seq).empty());
  EXPECT_FALSE(parallelLoops(Shifted.Loops, Shifted.Seq)[1].Parallel);
  // The first write is conditional.
  Doitgen Guarded;
  Guarded.Seq.Accesses[0].Guards = {GuardRef{0, true}};
  EXPECT_TRUE(privateArrays(Guarded.Loops, 1, Guarded.Seq).empty());
  // Read after the nest: its content counts.
  Doitgen Used;
  Used.Seq.Accesses.push_back(
      access("sum", {Expr(0)}, true, false, {}, 10, 16));
  EXPECT_TRUE(privateArrays(Used.Loops, 1, Used.Seq).empty());
  // Written in one assignment from its own old value (sum[p] = sum[p] +
  // e): the store's text comes first on the line, but it runs after the
  // load. On an earlier line it comes first.
  Doitgen Same;
  Same.Seq.Accesses = {access("sum", {iter("p")}, false, true, {0, 1, 2}, 6, 16),
                       access("sum", {iter("p")}, true, false, {0, 1, 2}, 6, 16)};
  Same.Seq.Accesses[1].Loc.Column = 20;
  EXPECT_TRUE(privateArrays(Same.Loops, 1, Same.Seq).empty());
  Same.Seq.Accesses[0].Loc.Line = 5;
  EXPECT_EQ(privateArrays(Same.Loops, 1, Same.Seq),
            std::vector<std::string>{"sum"});
}
