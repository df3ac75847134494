//===- ArchTestHelpers.h - Helpers of the arch/*.yaml tests -----*- C++ -*-===//
//
// Shared by ArchTest.cpp and ArchValidationTest.cpp: a small valid
// architecture file to edit, and the checks on error messages. Test-only:
// the helpers go into the unnamed namespace of each test file that
// includes this header, as they did when the tests were one file.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TEST_UNIT_ARCH_ARCHTESTHELPERS_H
#define WARPLINT_TEST_UNIT_ARCH_ARCHTESTHELPERS_H

#include "Arch/ArchDatabase.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

#include <string>

namespace {

std::string errorText(llvm::Error E) { return llvm::toString(std::move(E)); }

/// A small valid file (compute capability 8.0), one key per line.
std::string miniText() {
  return R"(schema: warplint-arch/1
id: mini
name: "Mini GPU"
sources:
  vendor: "A vendor sheet"
  occ: "The occupancy calculator"
values:
  compute_capability: {value: "8.0", kind: spec, source: vendor}
  sm_count: {value: 4, kind: spec, source: vendor}
  core_clock_mhz: {value: 1000, kind: spec, source: vendor}
  dram_bandwidth_gbs: {value: 100, kind: spec, source: vendor}
  warp_size: {value: 32, kind: spec, source: vendor}
  max_threads_per_sm: {value: 2048, kind: rule, source: occ}
  max_warps_per_sm: {value: 64, kind: rule, source: occ}
  max_blocks_per_sm: {value: 32, kind: rule, source: occ}
  max_threads_per_block: {value: 1024, kind: rule, source: occ}
  regs_per_sm: {value: 65536, kind: rule, source: occ}
  max_regs_per_thread: {value: 255, kind: rule, source: occ}
  reg_alloc_unit: {value: 256, kind: rule, source: occ}
  reg_alloc_scope: {value: warp, kind: rule, source: occ}
  warp_alloc_granularity: {value: 1, kind: rule, source: occ}
  reg_subpartitions: {value: 4, kind: rule, source: occ}
  smem_per_sm_bytes: {value: 102400, kind: spec, source: vendor}
  smem_per_block_bytes: {value: 49152, kind: spec, source: vendor}
  smem_per_block_optin_bytes: {value: 101376, kind: spec, source: vendor}
  smem_alloc_unit_bytes: {value: 128, kind: rule, source: occ}
  smem_reserved_per_block_bytes: {value: 1024, kind: rule, source: occ}
  smem_carveouts_kb: {value: [0, 8, 16, 32, 64, 100], kind: rule, source: occ}
  smem_banks: {value: 32, kind: rule, source: occ}
  smem_bank_width_bytes: {value: 4, kind: rule, source: occ}
  bank_conflict_scope: {value: warp, kind: rule, source: occ}
  partitions_hashed: {value: true, kind: spec, source: vendor}
  l2_size_bytes: {value: 4194304, kind: spec, source: vendor}
)";
}

/// miniText() with the first occurrence of \p From replaced by \p To.
std::string miniWith(llvm::StringRef From, llvm::StringRef To) {
  std::string T = miniText();
  size_t At = T.find(From.str());
  EXPECT_NE(At, std::string::npos) << From.str();
  if (At != std::string::npos)
    T.replace(At, From.size(), To.str());
  return T;
}

/// Replaces the first \p From in \p T by \p To.
void replaceFirst(std::string &T, llvm::StringRef From, llvm::StringRef To) {
  size_t At = T.find(From.str());
  ASSERT_NE(At, std::string::npos) << From.str();
  T.replace(At, From.size(), To.str());
}

#define EXPECT_CONTAINS(Hay, Needle)                                           \
  EXPECT_NE(std::string(Hay).find(Needle), std::string::npos)                  \
      << "'" << (Needle) << "' not in:\n"                                      \
      << (Hay)

} // namespace

#endif
