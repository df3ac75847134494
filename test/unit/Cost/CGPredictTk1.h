//===- CGPredictTk1.h - CGPredict's Table 3 platform for the tests -*- C++ -*-===//
#ifndef WARPLINT_TEST_COST_CGPREDICTTK1_H
#define WARPLINT_TEST_COST_CGPREDICTTK1_H

#include "Cost/CGPredict.h"

namespace warplint {
namespace test {

/// The Jetson TK1 platform of CGPredict Table 3.
inline CgPredictInput tk1() {
  CgPredictInput In;
  In.FreqGHz = 0.852;
  In.InstCycle = 0.5;
  In.MemLdL2 = 164;
  In.MemLdDram = 332;
  In.MemLdSmem = 67;
  In.SmemLoadConst = 506;
  In.DdL2 = 2;
  In.DdDram = 10;
  In.NoCoalPw = 2;
  In.NoUncoalPw = 32;
  In.NoConstPw = 1;
  return In;
}

} // namespace test
} // namespace warplint

#endif
