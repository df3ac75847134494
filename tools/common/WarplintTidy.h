//===- WarplintTidy.h - Running the checks through clang-tidy ---*- C++ -*-===//
//
// What the warplint command line and warplint-clangd share to run the
// checks with clang-tidy's engine: the options (warplint's defaults, a
// .clang-tidy file or a --config YAML, the caller's overrides).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_COMMON_WARPLINTTIDY_H
#define WARPLINT_TOOLS_COMMON_WARPLINTTIDY_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
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

/// Runs the checks of \p Context on \p File with its command from \p DB,
/// as clang-tidy's runClangTidy does (the .clang-tidy ExtraArgs and
/// ExtraArgsBefore, __clang_analyzer__ defined, plugins left out), with
/// two differences: nothing is printed (no "Error while processing" line:
/// a file's compile errors are among the diagnostics returned, and callers
/// say them in file order), and clang's "N warnings generated" line is off.
/// \p FS: the file system, whose working directory becomes the command's.
std::vector<clang::tidy::ClangTidyError>
runWarplintChecks(clang::tidy::ClangTidyContext &Context,
                  const clang::tooling::CompilationDatabase &DB,
                  const std::string &File,
                  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
                  bool ApplyAnyFix);

} // namespace warplint

#endif
