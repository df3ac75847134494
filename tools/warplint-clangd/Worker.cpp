//===- Worker.cpp - The analysis thread -----------------------------------===//
//
// Which documents are analysed and when (schedule: at once on open and
// save, debounced on edits), and the thread that runs the analyses and
// publishes their results unless the document changed meanwhile.
//
//===----------------------------------------------------------------------===//
#include "Proxy.h"

#include "clang/Basic/Stack.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <time.h>

using namespace warplint::lsp;
using llvm::StringRef;

namespace warplint {
namespace clangd {

/// Whether a document is C, C++ or CUDA (the editor opens .clang-tidy,
/// CMakeLists.txt and the like through clangd too): by the editor's
/// language id, else by the file's extension.
static bool isSource(const std::string &Path, StringRef LanguageId) {
  if (llvm::is_contained({"c", "cpp", "cuda", "cuda-cpp", "objective-c",
                          "objective-cpp"},
                         LanguageId))
    return true;
  StringRef Ext = llvm::sys::path::extension(Path);
  return llvm::is_contained({".cu", ".cuh", ".c", ".cc", ".cpp", ".cxx",
                             ".c++", ".h", ".hh", ".hpp", ".hxx", ".inc",
                             ".inl", ".ipp", ".tpp"},
                            Ext.lower());
}

void Proxy::schedule(const std::string &Path, unsigned DelayMs) {
  auto Doc = Docs.find(Path);
  if (!Opts.Analyze || Doc == Docs.end() ||
      !isSource(Path, Doc->second.LanguageId))
    return;
  auto At = Clock::now() + std::chrono::milliseconds(DelayMs);
  // A later edit moves the job later (debounce); an immediate request
  // (open, save) is not put off by an earlier edit's delay.
  auto It = Due.find(Path);
  if (It == Due.end() || DelayMs > 0 || At < It->second)
    Due[Path] = At;
  WorkCV.notify_one();
}

/// CPU time of the calling thread: the analysis's own cost, apart from
/// waiting for a busy machine.
static double threadCpuMs() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return T.tv_sec * 1e3 + T.tv_nsec / 1e6;
}

void Proxy::workerLoop() {
  // The analyses run on this thread (in a child forked from it): as in
  // clang's driver, Sema may then move deep recursion to a fresh stack.
  clang::noteBottomOfStack();
  std::unique_lock<std::mutex> L(StateM);
  for (;;) {
    if (Exiting)
      return;
    if (Due.empty()) {
      WorkCV.wait(L);
      continue;
    }
    auto Next = Due.begin();
    for (auto It = Due.begin(); It != Due.end(); ++It)
      if (It->second < Next->second)
        Next = It;
    if (Next->second > Clock::now()) {
      WorkCV.wait_until(L, Next->second);
      continue;
    }
    std::string Path = Next->first;
    Due.erase(Next);
    auto D = Docs.find(Path);
    if (D == Docs.end())
      continue;
    uint64_t Gen = D->second.Generation;
    std::map<std::string, std::string> Unsaved;
    for (const auto &[P, Doc] : Docs)
      Unsaved[P] = Doc.Text;
    L.unlock();
    auto Start = Clock::now();
    double Cpu0 = threadCpuMs();
    clangd::AnalysisResult R =
        analyzeIsolated(Analysis, Path, Unsaved, Opts.Limits);
    double CpuMs = R.CpuMs >= 0 ? R.CpuMs : threadCpuMs() - Cpu0;
    double Ms = std::chrono::duration<double, std::milli>(Clock::now() - Start)
                    .count();
    L.lock();
    if (!R.Problem.empty()) {
      L.unlock();
      log(1, R.Problem);
      L.lock();
    }
    D = Docs.find(Path);
    // Stale: the document changed (or closed) while it was analysed; the
    // newer text has its own job.
    if (D == Docs.end() || D->second.Generation != Gen)
      continue;
    // This version's warplint diagnostics, published with clangd's.
    auto Publish = [&](std::vector<WarplintDiag> Diags) {
      WarplintSet &S = WarplintDiags[Path];
      S.Uri = D->second.Uri;
      S.Generation = Gen;
      S.Diags = std::move(Diags);
      publishMerged(Path);
    };
    if (!R.Problem.empty()) {
      // Said in the editor too, as clangd says its own configuration
      // errors: one diagnostic on the first line of the file.
      Publish({problemDiag(R.Problem)});
      continue;
    }
    if (!R.Stopped.empty()) {
      // This version of this file has no warplint diagnostics; one note
      // at its top says why (the log too). Other files are not affected.
      L.unlock();
      log(1, Path + ": " + R.Stopped + "; no warplint diagnostics for it");
      L.lock();
      D = Docs.find(Path);
      if (D == Docs.end() || D->second.Generation != Gen)
        continue;
      Publish({stoppedDiag(R.Stopped)});
      continue;
    }
    llvm::errs() << "warplint-clangd: " << Path << ": " << R.Findings.size()
                 << " finding(s) in " << llvm::format("%.0f", Ms) << " ms, "
                 << llvm::format("%.0f", CpuMs) << " ms of CPU ("
                 << R.CommandSource << ")\n";
    Publish(toLsp(R, D->second, Enc));
  }
}

} // namespace clangd
} // namespace warplint
