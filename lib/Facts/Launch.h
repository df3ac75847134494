//===- Launch.h - Which launch configurations to analyse --------*- C++ -*-===//
//
// A kernel is analysed once per distinct launch configuration. They come,
// in this order of preference, from:
//   1. the <<<grid, block>>> launch sites in the file (each on its own);
//   2. a source annotation in the comment lines above the kernel:
//        // warplint: launch grid(1024,1024) block(16,16) shared(4096)
//   3. a per-kernel option (the check option or --launch on the command line,
//      same syntax: "kernelName: grid(...) block(...)");
//   4. __launch_bounds__(N) as the block, or the default block of 256
//      threads, with the default grid.
// Every configuration says where it came from and what it assumed, so that
// diagnostics can say it in a note.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FACTS_LAUNCH_H
#define WARPLINT_FACTS_LAUNCH_H

#include "Facts/KernelFacts.h"
#include "Symbolic/Assumptions.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// "file:line:column", as the notes write a place.
std::string sourcePlace(const SourceLoc &L);

struct LaunchConfig {
  std::array<int64_t, 3> Grid{{1, 1, 1}};
  std::array<int64_t, 3> Block{{1, 1, 1}};
  int64_t SharedBytes = 0;
  /// Scalar kernel arguments with a value known at the launch site.
  std::map<std::string, int64_t> Args;
  enum class Source { LaunchSite, Annotation, Option, LaunchBounds, Default };
  Source From = Source::Default;
  /// Where it came from, for a note: "the launch at k.cu:58:3".
  std::string Origin;
  SourceLoc Loc;
  /// What had to be assumed, e.g. "gridDim.x = 64 (the grid at the launch
  /// is not a constant)".
  std::vector<std::string> Assumptions;
  /// A launch in host loops run with known values: the iteration of each
  /// (outermost first) this configuration is, and the loops' trip counts.
  std::vector<HostIteration> Iterations;

  int64_t threadsPerBlock() const { return Block[0] * Block[1] * Block[2]; }
  /// "grid (128, 128, 1) block (32, 8, 1)"
  std::string str() const;
};

struct LaunchOptions {
  /// Per-kernel configurations given by option, by kernel name (with or
  /// without template arguments).
  std::map<std::string, std::string> PerKernel;
  std::array<int64_t, 3> DefaultGrid{{64, 64, 1}};
  int64_t DefaultBlock = 256;
};

/// Parses "grid(1024,1024) block(16,16) shared(4096)" (grid and shared
/// optional; missing dimensions are 1). On error returns std::nullopt and
/// sets \p Error to what is wrong and where in the text.
std::optional<LaunchConfig> parseLaunchSpec(const std::string &Text,
                                            std::string &Error);

/// The configurations to analyse \p K under, most preferred source first
/// (all of the first source that gives any). \p Problems receives messages
/// about annotations or options that could not be used.
/// Why CUDA would refuse to launch a grid of this shape, or "" when it
/// would not (each block dimension and the thread count within CUDA's
/// limits, and the grid's).
std::string launchShapeProblem(const std::array<int64_t, 3> &Grid,
                               const std::array<int64_t, 3> &Block);

/// Whether a problem resolveLaunchConfigs gave is about a launch site of
/// the code (its shape is not a constant, not understood, or would fail):
/// the configuration that stands in says so in its origin. The others are
/// errors in what the user wrote for warplint (an annotation, an option).
bool isLaunchSiteProblem(const std::string &Problem);

/// The expressions of a launch site: its block and grid dimensions, shared
/// bytes and argument values.
std::vector<sym::Expr *> siteExprs(LaunchSiteFacts &L);

/// The unknowns of one launch chosen consistently (issue 36): a grid
/// dimension that names one unknown value (`(n + 255) / 256`) takes the
/// smallest value of it that gives \p DefaultGrid's blocks, and that value
/// replaces the unknown in every expression of \p L (the argument `n` the
/// kernel gets included), each said in \p Assumptions.
void chooseUnknowns(LaunchSiteFacts &L, const std::array<int64_t, 3> &DefaultGrid,
                    std::vector<std::string> &Assumptions);

std::vector<LaunchConfig> resolveLaunchConfigs(const KernelFacts &K,
                                               const LaunchOptions &Opts,
                                               std::vector<std::string> &Problems);

/// What the user asserts about unknowns in `// warplint: assume ...`
/// annotations: "width == 4096", "n >= 1024, n % 32 == 0".
std::map<std::string, sym::Assumption>
parseKernelAssumptions(const KernelFacts &K, std::vector<std::string> &Problems);

} // namespace warplint

#endif
