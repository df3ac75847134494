//===- FactsExtractor.h - AST to KernelFacts --------------------*- C++ -*-===//
//
// The only place that turns Clang's AST into warplint's plain facts. A small
// abstract interpreter walks each kernel body in statement order, keeping a
// symbolic value for every local (sym::Expr for integers, a base and byte
// offset for pointers, three expressions for dim3), so that indices computed
// through locals, renamings, pointer arithmetic, loop updates and __device__
// helpers come out as expressions over threadIdx, blockIdx, blockDim,
// gridDim, loop iteration counters, parameters and named unknowns.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_FACTSEXTRACTOR_H
#define WARPLINT_FRONTEND_FACTSEXTRACTOR_H

#include "Facts/KernelFacts.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

#include <functional>

namespace warplint {
namespace detail {
class Interpreter;
} // namespace detail

/// The facts of \p F as extractKernelFacts collects them (name,
/// parameters, launch bounds, annotations, merged vector accesses), with
/// \p Run in place of the run over its body (`warplint --port` runs a loop
/// nest of a sequential function as a kernel).
KernelFacts
extractFunctionFacts(const clang::FunctionDecl &F, clang::ASTContext &Ctx,
                     const std::function<void(detail::Interpreter &)> &Run);

/// Extracts the facts of one kernel definition (a __global__ function or an
/// instantiation of a kernel template). Launch sites are not filled in.
KernelFacts extractKernelFacts(const clang::FunctionDecl &Kernel,
                               clang::ASTContext &Ctx);

/// Extracts every kernel of the translation unit that is not in a system
/// header (with \p SystemHeaders, those too), with the launch sites found
/// in its functions.
void extractFileFacts(clang::ASTContext &Ctx, FileFacts &Out,
                      bool SystemHeaders = false);

} // namespace warplint

#endif
