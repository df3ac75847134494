//===- LegacyLaunch.h - nvcc's spaced launch brackets ------------*- C++ -*-===//
//
// nvcc reads `k << < grid, block >> > (args)`, the launch brackets written
// with spaces inside, as a launch; clang reads shift and comparison
// operators and fails. Such sources are read with the brackets joined,
// `k <<<  grid, block >>>  (args)`: the same length, so every offset,
// line and column stays where it was. Pure string work (no Clang header).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_LEGACYLAUNCH_H
#define WARPLINT_FRONTEND_LEGACYLAUNCH_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace warplint {

/// \p Text with every spaced launch (`<<` blanks `<`, then before the end
/// of the statement `>>` blanks `>`) joined, outside comments and string
/// and character literals; std::nullopt when there is none.
std::optional<std::string> joinLegacyLaunches(llvm::StringRef Text);

/// Whether a file is read through joinLegacyLaunches: CUDA sources (.cu,
/// .cuh).
bool mayHoldLegacyLaunches(llvm::StringRef Path);

} // namespace warplint

#endif
