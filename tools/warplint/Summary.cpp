//===- Summary.cpp - The closing summary of a run over several files ------===//
//
// After the findings of a text run over more than one file: how many files
// were analysed and how many had compile errors (grouped by their first
// error, which is usually one missing header for many files), the findings
// per check, the files with the most, and the wall time. docs/ci.md.
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Warp/CoalescingAdvice.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

using llvm::StringRef;

/// A compile error's text as a cause shared by files: the message without
/// clang-tidy's check name and warplint's own parenthesised tail.
static std::string causeOf(StringRef Message) {
  Message = Message.split(" (warplint goes on without it").first;
  return Message.trim().str();
}

/// A file as the summary names it: relative to where warplint was started
/// when under it, else absolute.
static std::string shownPath(StringRef File, StringRef BuildDir) {
  llvm::SmallString<256> P(File);
  llvm::sys::fs::make_absolute(BuildDir, P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  std::string Start = startDirectory();
  if (!Start.empty() && StringRef(P).starts_with(Start + "/"))
    return StringRef(P).drop_front(Start.size() + 1).str();
  return std::string(P);
}

/// The \p N entries of \p Count with the most, most first, as
/// "name (count)".
static void printMost(llvm::StringRef Title,
                      const std::map<std::string, unsigned> &Count, size_t N,
                      llvm::raw_ostream &OS) {
  if (Count.empty())
    return;
  std::vector<std::pair<std::string, unsigned>> Most(Count.begin(), Count.end());
  std::stable_sort(Most.begin(), Most.end(),
                   [](auto &A, auto &B) { return A.second > B.second; });
  OS << "  " << Title << ":";
  for (size_t I = 0; I < Most.size() && I < N; ++I)
    OS << (I ? ", " : " ") << Most[I].first << " (" << Most[I].second << ")";
  OS << "\n";
}

void printRunSummary(const CheckRun &Run,
                     const std::vector<clang::tidy::ClangTidyError> &Shown,
                     unsigned Merged, const KernelAt &Kernel,
                     const std::vector<std::string> &Files, double Seconds,
                     bool UnparsedFail, llvm::raw_ostream &OS) {
  std::map<std::string, unsigned> PerCheck, PerFile, PerKernel;
  unsigned Findings = 0;
  for (const clang::tidy::ClangTidyError &E : Shown) {
    if (StringRef(E.DiagnosticName).starts_with("clang-diagnostic-"))
      continue;
    ++Findings;
    ++PerCheck[E.DiagnosticName];
    ++PerFile[shownPath(E.Message.FilePath, E.BuildDirectory)];
    std::string K = Kernel ? Kernel(E) : std::string();
    if (!K.empty())
      ++PerKernel[K + " in " +
                  llvm::sys::path::filename(E.Message.FilePath).str()];
  }
  size_t Partly = 0;
  std::map<std::string, std::vector<std::string>> ByCause;
  for (const std::string &F : Run.Unparsed) {
    bool Some = Run.Partial.count(F) &&
                StringRef(Run.Partial.at(F)).contains("were analysed");
    Partly += Some;
    auto It = Run.FirstError.find(F);
    ByCause[It != Run.FirstError.end() ? causeOf(It->second)
                                       : "(no error message)"]
        .push_back(F);
  }
  OS << "\nwarplint: summary: "
     << warplint::advice::plural(int64_t(Files.size()), "file", "files") << ", "
     << (Files.size() - Run.Unparsed.size()) << " analysed without errors";
  if (!Run.Unparsed.empty())
    OS << ", " << Run.Unparsed.size() << " with compile errors (" << Partly
       << " of them partly analysed: the kernels whose own code parsed)";
  OS << "; " << llvm::format("%.1f", Seconds) << " s\n";
  if (!ByCause.empty()) {
    std::vector<std::pair<std::string, std::vector<std::string>>> Causes(
        ByCause.begin(), ByCause.end());
    std::stable_sort(Causes.begin(), Causes.end(), [](auto &A, auto &B) {
      return A.second.size() > B.second.size();
    });
    OS << "  files with compile errors, by their first error"
       << (UnparsedFail ? "" : " (not counted in the exit status: "
                               "--parse-errors=report)")
       << ":\n";
    for (const auto &[Cause, Fs] : Causes) {
      OS << "    " << Fs.size() << " x " << Cause << ":";
      for (size_t I = 0; I < Fs.size() && I < 3; ++I)
        OS << " " << llvm::sys::path::filename(Fs[I]);
      if (Fs.size() > 3)
        OS << " and " << (Fs.size() - 3) << " more";
      OS << "\n";
    }
  }
  OS << "  findings: " << Findings;
  if (!PerCheck.empty()) {
    OS << " (";
    bool First = true;
    for (const auto &[Check, N] : PerCheck) {
      OS << (First ? "" : ", ") << Check << " " << N;
      First = false;
    }
    OS << ")";
  }
  if (Merged)
    OS << "; " << Merged << " more of the same cause "
       << (Merged == 1 ? "is a note" : "are notes") << " of these";
  OS << "\n";
  printMost("kernels with the most", PerKernel, 5, OS);
  printMost("files with the most", PerFile, 5, OS);
}
