//===- WarplintTidy.h - Running the checks through clang-tidy ---*- C++ -*-===//
//
// What the warplint command line and warplint-clangd share to run the
// checks with clang-tidy's engine: the options (warplint's defaults, a
// .clang-tidy file or a --config YAML, the caller's overrides).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_COMMON_WARPLINTTIDY_H
#define WARPLINT_TOOLS_COMMON_WARPLINTTIDY_H

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <string>

namespace warplint {

/// clang-tidy's defaults with warplint's checks on and no other.
clang::tidy::ClangTidyOptions warplintDefaultOptions();

/// The options of one run: \p ConfigYaml (a .clang-tidy in YAML) when not
/// empty, else the .clang-tidy files found from each file upward through
/// \p FS; \p Overrides on top of either. Null, with \p Error set, when
/// \p ConfigYaml does not parse.
std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
makeWarplintOptionsProvider(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                            const clang::tidy::ClangTidyOptions &Overrides,
                            llvm::StringRef ConfigYaml, std::string &Error,
                            const clang::tidy::ClangTidyGlobalOptions &Global =
                                clang::tidy::ClangTidyGlobalOptions());

} // namespace warplint

#endif
