//===- Assumptions.h - What is known about unknowns -------------*- C++ -*-===//
//
// Facts the user states about values warplint cannot see ("n >= 1024",
// "n % 32 == 0", "width == 4096"), interval reasoning over expressions with
// them, and the choice of representative values that satisfy them.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_ASSUMPTIONS_H
#define WARPLINT_SYMBOLIC_ASSUMPTIONS_H

#include "Symbolic/Expr.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {
namespace sym {

/// What is assumed of one symbol. Every field is optional; together they
/// describe the set {v : Min <= v <= Max, v % Multiple == 0} or {Equal}.
struct Assumption {
  std::optional<int64_t> Equal;
  std::optional<int64_t> Min, Max;
  int64_t Multiple = 1;

  bool admits(int64_t V) const;
  /// The value closest to \p Preferred that the assumption admits (and its
  /// Variant-th successor in the admitted set, for a second opinion), or
  /// std::nullopt when none is (contradictory bounds).
  std::optional<int64_t> pick(int64_t Preferred, unsigned Variant = 0) const;
  /// "n >= 1024, n % 32 == 0"
  std::string str(const std::string &Name) const;
};

/// Parses a comma-separated list of clauses, each one of
///   NAME == N, NAME != ... (rejected), NAME >= N, NAME > N, NAME <= N,
///   NAME < N, NAME % M == 0
/// into \p Into (merging with what is there). Returns "" on success, else a
/// message saying what is wrong and where in \p Text.
std::string parseAssumptions(const std::string &Text,
                             std::map<std::string, Assumption> &Into);

/// A closed interval of int64 values; an absent end is unbounded.
struct Interval {
  std::optional<int64_t> Lo, Hi;
  static Interval point(int64_t V) { return {V, V}; }
  static Interval all() { return {}; }
  bool isPoint() const { return Lo && Hi && *Lo == *Hi; }
  bool operator==(const Interval &O) const { return Lo == O.Lo && Hi == O.Hi; }
};

/// Bounds of \p E given bounds of its symbols (symbols \p Of does not know
/// are unbounded). Conditions give [0, 1], or a point when decided.
Interval bounds(const Expr &E,
                const std::map<std::string, Interval> &Of);

/// Whether \p Cond is true for every value the intervals allow (true),
/// false for every one (false), or depends on them (std::nullopt).
std::optional<bool> decide(const Expr &Cond,
                           const std::map<std::string, Interval> &Of);

/// The interval an assumption allows.
Interval toInterval(const Assumption &A);

} // namespace sym
} // namespace warplint

#endif
