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

#include "Facts/ArchSpec.h"
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

/// Calls into a file from the other files of its program (the launch issue's
/// item 6): given the file and a host function it defines, the calls other
/// translation units make to it, first found first. Set by a tool that has
/// the compile database (lib/Frontend/Tooling.cpp); consulted by
/// extractFileFacts for each host function that reaches a launch and that
/// nothing in the file calls. Must be thread-safe.
/// \p Constants: the integer constants \p File defines for the program
/// (exportedConstants), which the other files declare `extern`.
using ExternalCallProvider = std::function<std::vector<ExternalCall>(
    const std::string &File, const std::string &Function,
    const std::map<std::string, int64_t> &Constants)>;
void setExternalCallProvider(ExternalCallProvider P);
ExternalCallProvider externalCallProvider();

/// The calls the translation unit's host code makes to functions it
/// declares but does not define, with the values it passes, as the host
/// run from `main` finds them (a loop's at its first, middle and last
/// iterations).
/// \p Constants: those other files define (exportedConstants).
std::vector<ExternalCall>
collectExternalCalls(clang::ASTContext &Ctx, const HostDevice *Device,
                     const std::map<std::string, int64_t> &Constants);

/// The integer constants of external linkage the main file defines with a
/// constant initializer (`extern "C" const uint N = 4 * 256;`).
std::map<std::string, int64_t> exportedConstants(clang::ASTContext &Ctx);

/// Extracts every kernel of the translation unit that is not in a system
/// header (with \p SystemHeaders, those too), with the launch sites found
/// in its functions. \p Device: the GPU the host code runs on, whose
/// properties cudaGetDeviceProperties gives it (null: unknown).
void extractFileFacts(clang::ASTContext &Ctx, FileFacts &Out,
                      bool SystemHeaders = false,
                      const HostDevice *Device = nullptr);

} // namespace warplint

#endif
