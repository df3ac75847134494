//===- WarplintTidy.cpp - Running the checks through clang-tidy -----------===//
#include "WarplintTidy.h"

#include "llvm/Support/MemoryBuffer.h"

namespace warplint {

using namespace clang::tidy;

ClangTidyOptions warplintDefaultOptions() {
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  // warplint-kernel-cost is off unless enabled (it needs a budget).
  Defaults.Checks = "-*,warplint-*,-warplint-kernel-cost";
  // Findings in every header of the user's project: kernels live in
  // included *_kernel.cu and .cuh files. System headers (the toolkit's,
  // warplint's built-in one, anything included through -isystem) stay out
  // (SystemHeaders is false); --header-filter or a .clang-tidy file's
  // HeaderFilterRegex narrows it (README.md, --header-filter).
  Defaults.HeaderFilterRegex = ".*";
  return Defaults;
}

std::unique_ptr<ClangTidyOptionsProvider>
makeWarplintOptionsProvider(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                            const ClangTidyOptions &Overrides,
                            llvm::StringRef ConfigYaml, std::string &Error,
                            const ClangTidyGlobalOptions &Global) {
  if (!ConfigYaml.empty()) {
    auto Parsed =
        parseConfiguration(llvm::MemoryBufferRef(ConfigYaml, "--config"));
    if (!Parsed) {
      Error = Parsed.getError().message();
      return nullptr;
    }
    return std::make_unique<ConfigOptionsProvider>(
        Global, warplintDefaultOptions(), std::move(*Parsed), Overrides, FS);
  }
  return std::make_unique<FileOptionsProvider>(Global, warplintDefaultOptions(),
                                               Overrides, FS);
}

} // namespace warplint
