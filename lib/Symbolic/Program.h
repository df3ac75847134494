//===- Program.h - An expression compiled for per-lane evaluation -*- C++ -*-===//
//
// The analyses evaluate the same few expressions (a guard, a branch
// condition, an address) for every lane of thousands of warps, with only
// the thread index changing from lane to lane. A Program is such an
// expression flattened into instructions over the slots of one Bindings:
// the part that does not depend on the lane symbols is computed once by
// prepare() (per warp, or per block), the rest by run() per lane, with no
// recursion and no symbol look-up. run() gives exactly what
// Bindings::evaluate gives with the same values (std::nullopt for a symbol
// without a value, division by zero, overflow; Select, And and Or as C).
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_PROGRAM_H
#define WARPLINT_SYMBOLIC_PROGRAM_H

#include "Symbolic/Bindings.h"
#include "Symbolic/Expr.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warplint {
namespace sym {

class Program {
public:
  Program() = default;
  /// Compiles \p E against the slots of \p V (created for symbols that have
  /// none yet). The symbols named in \p LaneSymbols change between run()s;
  /// every other symbol only between prepare()s.
  Program(const Expr &E, Bindings &V, const std::vector<std::string> &LaneSymbols);

  /// Evaluates the instructions that do not read a lane symbol. Call it
  /// after any value other than the lane symbols' changes.
  void prepare(const Bindings &V);
  /// The expression's value for the values in \p V (the lane symbols
  /// current, the others as of the last prepare()).
  std::optional<int64_t> run(const Bindings &V);

  /// No instruction reads a lane symbol: run() only returns what prepare()
  /// computed.
  bool laneInvariant() const { return LaneStart == Code.size(); }
  bool empty() const { return Code.empty(); }

private:
  struct Ins {
    Op O;
    int64_t Value; ///< a constant's value, a product's coefficient
    unsigned Slot; ///< a symbol's slot in the Bindings
    uint32_t First, N; ///< the operands' registers: Args[First, First + N)
  };
  void exec(const Ins &I, uint32_t Reg, const Bindings &V);

  /// Instructions in dependency order: those that read no lane symbol
  /// first (prepare), then the others (run). The result is register Root.
  std::vector<Ins> Code;
  std::vector<uint32_t> Args;
  size_t LaneStart = 0;
  uint32_t Root = 0;
  std::vector<int64_t> Val;
  std::vector<uint8_t> Ok;
};

/// threadIdx.x, .y and .z: the symbols that change from lane to lane of a
/// warp.
const std::vector<std::string> &threadIndexNames();

} // namespace sym
} // namespace warplint

#endif
