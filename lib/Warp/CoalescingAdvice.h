//===- CoalescingAdvice.h - Why a request is uncoalesced, and the fix -*- C++ -*-===//
//
// Internal to lib/Warp (Analyses.cpp): the explanation and fix of a
// coalescing finding. Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_WARP_COALESCINGADVICE_H
#define WARPLINT_WARP_COALESCINGADVICE_H

#include "Warp/Analyses.h"

#include <map>
#include <optional>
#include <string>

namespace warplint {
namespace advice {

bool halfWarp(CoalescingFamily F);
/// Sectors over the ideal (1.x: transactions).
double factorOf(const CoalescingResult &R, CoalescingFamily F);
/// blockDim, gridDim and the values of the parameters \p E mentions.
std::map<std::string, int64_t> uniformValues(const LaunchConfig &L,
                                             const EnumerationOptions &O,
                                             const sym::Expr &E);
/// The coefficient of symbol \p Sym in \p Index under \p V (its text in
/// \p Text).
std::optional<int64_t> coefficient(const sym::Expr &Index, const char *Sym,
                                   const std::map<std::string, int64_t> &V,
                                   std::string *Text = nullptr);
/// "1 word", "3 words".
std::string plural(int64_t N, const char *One, const char *Many);
/// Why the worst request \p S of \p A is uncoalesced, and a fix when one is
/// recognisable.
void explainStride(const AccessFacts &A, const LaunchConfig &L,
                   const EnumerationOptions &O, const WarpSample &S,
                   std::string &Why, std::string &Fix);
/// Replaces a "swap threadIdx.x and threadIdx.y" \p Fix by a shared-memory
/// tile when the swap, made in every access, branch and loop of \p K, does not
/// lower the kernel's sectors under \p L.
void checkSwapHelps(const KernelFacts &K, const AccessFacts &A,
                    const LaunchConfig &L, const GpuModel &Gpu,
                    const AnalysisOptions &Opts, std::string &Fix);

} // namespace advice
} // namespace warplint

#endif
