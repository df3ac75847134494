//===- CompileFlagsTestHelpers.h - Helpers of the flag tests ----*- C++ -*-===//
//
// Shared by CompileFlagsTest.cpp and CompileFlagsCommandsTest.cpp. Test-only:
// the helpers go into the unnamed namespace of each test file that
// includes this header, as they did when the tests were one file.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TEST_UNIT_FRONTEND_COMPILEFLAGSTESTHELPERS_H
#define WARPLINT_TEST_UNIT_FRONTEND_COMPILEFLAGSTESTHELPERS_H

#include "Frontend/CompileFlags.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

using Strings = std::vector<std::string>;

namespace {

warplint::TranslatedCommand tr(const Strings &Args, llvm::StringRef Dir = "") {
  return warplint::translateCompileCommand(Args, Dir);
}

bool hasNoteWith(const warplint::TranslatedCommand &T, llvm::StringRef Sub) {
  for (const std::string &N : T.Notes)
    if (llvm::StringRef(N).contains(Sub))
      return true;
  return false;
}

} // namespace

#endif
