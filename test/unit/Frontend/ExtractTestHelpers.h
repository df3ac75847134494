//===- ExtractTestHelpers.h - Helpers of the extraction tests ---*- C++ -*-===//
//
// Shared by ExtractTest.cpp and ExtractContextTest.cpp: the facts of an
// in-memory CUDA source, its kernels and accesses, and the index variables
// as expressions. Test-only: the helpers go into the unnamed namespace of
// each test file that includes this header, as they did when the tests were
// one file.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TEST_UNIT_FRONTEND_EXTRACTTESTHELPERS_H
#define WARPLINT_TEST_UNIT_FRONTEND_EXTRACTTESTHELPERS_H

#include "Frontend/Tooling.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

namespace warplint {
namespace sym {
// Lets GoogleTest print expressions in failure messages.
inline void PrintTo(const Expr &E, std::ostream *OS) { *OS << E.str(); }
} // namespace sym
} // namespace warplint

namespace {

warplint::FileFacts facts(const char *Code,
                          std::vector<std::string> Args = {}) {
  auto F = warplint::extractFactsFromCode(Code, "test.cu", Args);
  if (!F) {
    ADD_FAILURE() << llvm::toString(F.takeError());
    return {};
  }
  return std::move(*F);
}

const warplint::KernelFacts *kernel(const warplint::FileFacts &F,
                                    const std::string &Name) {
  for (const warplint::KernelFacts &K : F.Kernels)
    if (K.Name == Name)
      return &K;
  ADD_FAILURE() << "no kernel " << Name;
  return nullptr;
}

/// The accesses whose source text is \p Text, in source order.
std::vector<const warplint::AccessFacts *>
accesses(const warplint::KernelFacts &K, const std::string &Text) {
  std::vector<const warplint::AccessFacts *> R;
  for (const warplint::AccessFacts &A : K.Accesses)
    if (A.Text == Text)
      R.push_back(&A);
  return R;
}

const warplint::AccessFacts &access(const warplint::KernelFacts &K,
                                    const std::string &Text, unsigned N = 0) {
  static warplint::AccessFacts None;
  auto R = accesses(K, Text);
  if (R.size() <= N) {
    ADD_FAILURE() << "no access '" << Text << "' #" << N;
    return None;
  }
  return *R[N];
}

warplint::sym::Expr P(const char *Name) {
  return warplint::sym::Expr::symbol(Name, warplint::sym::SymbolKind::Param);
}

const warplint::sym::Expr Tx = warplint::sym::threadIdx('x'),
                          Ty = warplint::sym::threadIdx('y');
const warplint::sym::Expr Bx = warplint::sym::blockIdx('x'),
                          By = warplint::sym::blockIdx('y');
const warplint::sym::Expr Dx = warplint::sym::blockDim('x'),
                          Dy = warplint::sym::blockDim('y');
const warplint::sym::Expr Gx = warplint::sym::gridDim('x');

} // namespace

#endif
