//===- Analyzer.h - warplint's checks on unsaved editor buffers -*- C++ -*-===//
//
// Runs the warplint checks in-process, through clang-tidy's engine as the
// warplint command line does, on the text the editor holds (open documents
// are mounted over the real files). The compile command is found as clangd
// finds it; .clang-tidy files say which checks are on and their options.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_CLANGD_ANALYZER_H
#define WARPLINT_TOOLS_CLANGD_ANALYZER_H

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint {
namespace clangd {

struct AnalyzerOptions {
  /// clangd's --compile-commands-dir: the only place a compile database is
  /// looked for, when set.
  std::string CompileCommandsDir;
  /// Overrides of the .clang-tidy files: the check list (clang-tidy's
  /// syntax) and the GPU; empty for none.
  std::string Checks;
  std::string GpuArch;
  /// A .clang-tidy configuration in YAML used instead of the files.
  std::string Config;
};

/// A byte range to replace in a file.
struct Edit {
  std::string Path;
  unsigned Offset = 0, Length = 0;
  std::string Text;
};

struct Note {
  std::string Path;
  unsigned Offset = 0;
  std::string Message;
  std::vector<Edit> Fix;
};

/// One diagnostic of a warplint check, in the analysed file.
struct Finding {
  std::string Check;
  std::string Message;
  bool IsError = false; ///< promoted by WarningsAsErrors
  unsigned Offset = 0;
  /// The highlighted byte range [first, second) when the check gave one.
  std::optional<std::pair<unsigned, unsigned>> Range;
  std::vector<Note> Notes;
  std::vector<Edit> Fix;
};

struct AnalysisResult {
  std::vector<Finding> Findings;
  /// Where the compile command came from ("compile_commands.json at ...",
  /// "compile_flags.txt at ...", "no compile database: clang defaults").
  std::string CommandSource;
  /// Why nothing was analysed (a configuration that is not valid, a
  /// compile directory that is not there): one error diagnostic on the
  /// file's first line; empty otherwise.
  std::string Problem;
  /// The analysis crashed or passed its budget (Isolation.h): what
  /// happened; empty otherwise.
  std::string Stopped;
  /// CPU time of the analysis process (Isolation.h); < 0 when it ran in
  /// the proxy.
  double CpuMs = -1;
};

class Analyzer {
public:
  explicit Analyzer(AnalyzerOptions Opts);
  ~Analyzer();
  /// Analyses \p Path; \p Unsaved maps paths of open documents to their
  /// text, \p Path among them. One call at a time.
  AnalysisResult analyze(const std::string &Path,
                         const std::map<std::string, std::string> &Unsaved);

private:
  struct Impl;
  std::unique_ptr<Impl> I;
};

} // namespace clangd
} // namespace warplint

#endif
