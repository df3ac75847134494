//===- ParseProblems.h - Analysing what parsed -------------------*- C++ -*-===//
//
// A translation unit with errors is not dropped whole: an #include that is
// not found is skipped (and recorded), so that the rest of the file parses
// as clangd would show it, and every error's place is recorded, so that
// the facts extractor analyses the kernels whose own code (their body, the
// functions they call, the host function of a launch) has none, and says
// which ones it skipped and why.
//
// watchParse() is called before parsing, on both paths that parse: the
// facts frontend (Tooling.cpp) and the checks, through clang-tidy
// (registerPPCallbacks). parseProblemsOf() finds the record from the AST's
// source manager afterwards.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PARSEPROBLEMS_H
#define WARPLINT_FRONTEND_PARSEPROBLEMS_H

#include "clang/Basic/SourceLocation.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Decl;
class FunctionDecl;
class Preprocessor;
class SourceManager;
} // namespace clang

namespace warplint {

struct ParseProblems {
  struct Missing {
    std::string Name; ///< as written in the #include
    clang::SourceLocation Loc;
  };
  struct Error {
    clang::SourceLocation Loc;
    std::string Message;
  };
  std::vector<Missing> MissingIncludes;
  std::vector<Error> Errors;
  /// The first fatal error: clang reports no error after it.
  std::optional<Error> Fatal;
  /// Errors clang gives on code nvcc accepts, not reported: a kernel
  /// launched from device code (dynamic parallelism), a __shared__ object
  /// whose constructor nvcc does not run.
  std::vector<Error> Tolerated;

  bool any() const { return !MissingIncludes.empty() || !Errors.empty(); }
};

/// Starts recording \p PP's translation unit: missing includes are skipped
/// and recorded, errors recorded (and still reported as before). Calling
/// it again for the same preprocessor does nothing.
void watchParse(clang::Preprocessor &PP);

/// The record of the translation unit whose source manager is \p SM, or
/// null when watchParse was not called for it.
std::shared_ptr<const ParseProblems>
parseProblemsOf(const clang::SourceManager &SM);

/// The first recorded error inside \p D's source range, or inside the
/// definitions of the functions it calls (directly or not) in the file,
/// kernels it launches only with \p FollowKernels; also an expression or
/// declaration clang marked as containing an error, and any place after a
/// fatal error (clang reports nothing after one). Null when there is none.
const ParseProblems::Error *errorWithin(const ParseProblems &P,
                                        const clang::FunctionDecl &D,
                                        const clang::SourceManager &SM,
                                        ParseProblems::Error &Scratch,
                                        bool FollowKernels,
                                        const clang::FunctionDecl **In = nullptr);

} // namespace warplint

#endif
