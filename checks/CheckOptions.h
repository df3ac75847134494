//===- CheckOptions.h - The checks' options and their valid values -*- C++ -*-===//
//
// One rule for a configuration, wherever it comes from (.clang-tidy files,
// --config, --config-file, warplint-clangd): every warplint option value is
// checked here, as the checks read it, before any file is analysed.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_CHECKOPTIONS_H
#define WARPLINT_CHECKS_CHECKOPTIONS_H

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {
namespace checks {

/// What is wrong with one option: "KEY: what" (e.g. "GpuArch: unknown GPU
/// 'banana'; ..."), or "" when its value is valid or the key is not one of
/// warplint's. \p ArchDir: the architecture directory for GpuArch (the
/// same configuration's, else --arch-dir).
std::string optionValueProblem(llvm::StringRef Key, llvm::StringRef Value,
                               llvm::StringRef ArchDir);

/// What is wrong with a Launch value ("kernel: grid(...) block(...); ..."):
/// its syntax, and shapes CUDA would not launch; empty when it is valid.
std::vector<std::string> launchProblems(const std::string &Value);

/// Every problem of the warplint options of one configuration.
/// \p ArchDirOverride: --arch-dir, which wins over the configuration's;
/// \p SkipGpuArch: --gpu-arch was given, so the configuration's GpuArch
/// is not used.
std::vector<std::string>
optionProblems(const clang::tidy::ClangTidyOptions &Options,
               llvm::StringRef ArchDirOverride = "", bool SkipGpuArch = false);

/// Every problem of one configuration's YAML \p Text, each "ORIGIN: what"
/// (\p Origin: its file, or --config): that it does not parse, the values
/// of its warplint options (optionProblems), a HeaderFilterRegex that does
/// not compile. \p Parsed, when given, gets the configuration when it
/// parses.
std::vector<std::string>
configurationProblems(llvm::StringRef Origin, llvm::StringRef Text,
                      llvm::StringRef ArchDirOverride, bool SkipGpuArch,
                      std::optional<clang::tidy::ClangTidyOptions> *Parsed = nullptr);

/// A configuration's YAML, parsed as clang-tidy parses it; std::nullopt and
/// \p Error ("LINE:COLUMN: message") when it does not parse.
std::optional<clang::tidy::ClangTidyOptions>
parseConfigurationText(llvm::MemoryBufferRef Text, std::string &Error);

} // namespace checks
} // namespace warplint

#endif
