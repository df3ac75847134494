//===- Feasibility.h - Linear inequalities by Fourier–Motzkin ---*- C++ -*-===//
//
// Whether a small system of linear inequalities over named integer
// variables can hold: the dependence test of `--port` asks whether two
// iterations of a loop can touch one element when the loops inside it
// have bounds that move with it (a triangular nest: `for (j2 = j1 + 1; ...)`),
// which the GCD and range tests cannot see.
//
// Fourier–Motzkin elimination over the rationals: a system with no
// rational solution has no integer one, so "infeasible" is a proof; a
// system it cannot decide (too many rows, an overflow) is reported as
// possibly feasible.
//
// Pure: no Clang header, unit-tested with plain values.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_FEASIBILITY_H
#define WARPLINT_SYMBOLIC_FEASIBILITY_H

#include "Symbolic/Expr.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {
namespace sym {

/// Σ Coef[v] × v + Const, with integer coefficients; as a constraint it
/// means ≥ 0.
struct LinearForm {
  std::map<std::string, int64_t> Coef;
  int64_t Const = 0;
};

/// \p E as a linear form over its symbols, when it is one (every symbol's
/// coefficient a constant, no product of symbols, no division or min/max).
std::optional<LinearForm> linearForm(const Expr &E);

/// false only when no rational point satisfies every `form ≥ 0` of \p Sys
/// (so no integer point either); true when one does, or when the
/// elimination stops at \p MaxRows rows or on an overflow.
bool mayBeFeasible(std::vector<LinearForm> Sys, size_t MaxRows = 4000);

} // namespace sym
} // namespace warplint

#endif
