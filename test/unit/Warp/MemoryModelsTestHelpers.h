//===- MemoryModelsTestHelpers.h - Warp requests to test --------*- C++ -*-===//
//
// Shared by MemoryModelsTest.cpp (coalescing) and MemoryModelsBanksTest.cpp
// (shared memory banks). Test-only: the helpers go into the unnamed
// namespace of each test file that includes this header, as they did when
// the tests were one file.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TEST_UNIT_WARP_MEMORYMODELSTESTHELPERS_H
#define WARPLINT_TEST_UNIT_WARP_MEMORYMODELSTESTHELPERS_H

#include "Warp/MemoryModels.h"

#include <cstdint>

namespace {

/// Lanes 0..NActive-1 active; lane L touches element Offset + L * Stride of
/// an array of Size-byte elements that starts at address 0.
warplint::WarpRequest strided(unsigned Size, int64_t Stride, int64_t Offset = 0,
                              unsigned NActive = 32) {
  warplint::WarpRequest R;
  R.AccessSize = Size;
  for (unsigned L = 0; L < NActive; ++L)
    R.Lane[L] = (Offset + static_cast<int64_t>(L) * Stride) * Size;
  return R;
}

} // namespace

#endif
