//===- Isolation.cpp - One analysis in a child process, within a budget ---===//
//
// Each analysis runs in a child process forked from the worker thread. The
// child analyses, writes the result as JSON to a pipe and exits; the proxy
// reads it. A crash, a run past the time budget (the child is killed) or
// one past the memory budget (the child's address space is limited; LLVM
// aborts on a failed allocation) then costs that version of that file's
// warplint diagnostics only: clangd, the other files and later versions of
// the same file go on. docs/editors.md, "Isolation".
//
//===----------------------------------------------------------------------===//
#include "Isolation.h"
#include "Proxy.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace json = llvm::json;
using llvm::StringRef;

namespace warplint {
namespace clangd {

static json::Value toJson(const std::vector<Edit> &Edits) {
  json::Array A;
  for (const Edit &E : Edits)
    A.push_back(json::Object{{"path", E.Path},
                             {"offset", int64_t(E.Offset)},
                             {"length", int64_t(E.Length)},
                             {"text", E.Text}});
  return A;
}

json::Value resultToJson(const AnalysisResult &R) {
  json::Array Findings;
  for (const Finding &F : R.Findings) {
    json::Array Notes;
    for (const Note &N : F.Notes)
      Notes.push_back(json::Object{{"path", N.Path},
                                   {"offset", int64_t(N.Offset)},
                                   {"message", N.Message},
                                   {"fix", toJson(N.Fix)}});
    json::Object O{{"check", F.Check},
                   {"message", F.Message},
                   {"error", F.IsError},
                   {"offset", int64_t(F.Offset)},
                   {"notes", std::move(Notes)},
                   {"fix", toJson(F.Fix)}};
    if (F.Range)
      O["range"] = json::Array{int64_t(F.Range->first), int64_t(F.Range->second)};
    Findings.push_back(std::move(O));
  }
  return json::Object{{"findings", std::move(Findings)},
                      {"command_source", R.CommandSource},
                      {"problem", R.Problem}};
}

static bool fromJson(const json::Value &V, std::vector<Edit> &Out,
                     json::Path P) {
  const json::Array *A = V.getAsArray();
  if (!A) {
    P.report("expected an array of edits");
    return false;
  }
  for (const json::Value &E : *A) {
    Edit Ed;
    json::ObjectMapper EM(E, P);
    int64_t Offset = 0, Length = 0;
    if (!EM || !EM.map("path", Ed.Path) || !EM.map("offset", Offset) ||
        !EM.map("length", Length) || !EM.map("text", Ed.Text))
      return false;
    Ed.Offset = unsigned(Offset);
    Ed.Length = unsigned(Length);
    Out.push_back(std::move(Ed));
  }
  return true;
}

bool resultFromJson(const json::Value &V, AnalysisResult &R, json::Path P) {
  json::ObjectMapper M(V, P);
  const json::Array *Findings =
      V.getAsObject() ? V.getAsObject()->getArray("findings") : nullptr;
  if (!M || !Findings || !M.map("command_source", R.CommandSource) ||
      !M.map("problem", R.Problem))
    return false;
  for (const json::Value &FV : *Findings) {
    Finding F;
    json::ObjectMapper FM(FV, P);
    int64_t Offset = 0;
    if (!FM || !FM.map("check", F.Check) || !FM.map("message", F.Message) ||
        !FM.map("error", F.IsError) || !FM.map("offset", Offset))
      return false;
    F.Offset = unsigned(Offset);
    const json::Object *O = FV.getAsObject();
    if (const json::Array *Range = O->getArray("range")) {
      if (Range->size() != 2 || !(*Range)[0].getAsInteger() ||
          !(*Range)[1].getAsInteger())
        return false;
      F.Range = {unsigned(*(*Range)[0].getAsInteger()),
                 unsigned(*(*Range)[1].getAsInteger())};
    }
    if (const json::Value *Fix = O->get("fix"))
      if (!fromJson(*Fix, F.Fix, P))
        return false;
    if (const json::Array *Notes = O->getArray("notes"))
      for (const json::Value &NV : *Notes) {
        Note N;
        json::ObjectMapper NM(NV, P);
        int64_t NOffset = 0;
        if (!NM || !NM.map("path", N.Path) || !NM.map("offset", NOffset) ||
            !NM.map("message", N.Message))
          return false;
        N.Offset = unsigned(NOffset);
        if (const json::Value *Fix = NV.getAsObject()->get("fix"))
          if (!fromJson(*Fix, N.Fix, P))
            return false;
        F.Notes.push_back(std::move(N));
      }
    R.Findings.push_back(std::move(F));
  }
  return true;
}

static void injectFault(StringRef Kind) {
  if (Kind == "crash")
    raise(SIGSEGV);
  if (Kind == "hang")
    for (;;)
      pause();
  if (Kind == "hog") {
    // The budget is the address space (RLIMIT_AS): the allocations alone
    // reach it. Touching every page as well took over 3 s (the time budget
    // of the test) on a loaded two-core machine, so only one byte a
    // block is written, and the block kept, so that nothing is elided.
    static char *volatile Sink;
    for (;;) {
      char *P = static_cast<char *>(malloc(64 << 20));
      if (!P)
        abort(); // as a failed allocation ends in LLVM code
      P[0] = 1;
      Sink = P;
    }
  }
}

/// WARPLINT_CLANGD_TEST_FAULT=KIND:NAME[,KIND:NAME...], KIND one of crash,
/// hang and hog, makes the analysis of a file whose path contains NAME
/// crash, never end, or allocate without bound: the test of the isolation
/// uses it (test/tools/clangd-isolation.test). Runs in the child only.
static void injectTestFault(const std::string &Path) {
  const char *Env = getenv("WARPLINT_CLANGD_TEST_FAULT");
  if (!Env)
    return;
  llvm::SmallVector<StringRef, 4> Faults;
  StringRef(Env).split(Faults, ',');
  for (StringRef Fault : Faults) {
    auto [Kind, Name] = Fault.split(':');
    if (!Name.empty() && StringRef(Path).contains(Name))
      injectFault(Kind);
  }
}

static std::string describeStatus(int Status) {
  if (WIFSIGNALED(Status)) {
    int Sig = WTERMSIG(Status);
    const char *Name = strsignal(Sig);
    return "crashed (signal " + std::to_string(Sig) + ": " +
           (Name ? Name : "unknown") + ")";
  }
  if (WIFEXITED(Status))
    return "ended with exit status " + std::to_string(WEXITSTATUS(Status)) +
           " and no result";
  return "ended abnormally";
}

AnalysisResult analyzeIsolated(Analyzer &A, const std::string &Path,
                               const std::map<std::string, std::string> &Unsaved,
                               const IsolationLimits &L) {
  if (L.InProcess)
    return A.analyze(Path, Unsaved);
  AnalysisResult R;
  int Pipe[2];
  if (pipe(Pipe) != 0) {
    R.Stopped = std::string("could not start the analysis process: ") +
                strerror(errno);
    return R;
  }
  pid_t Pid = fork();
  if (Pid < 0) {
    close(Pipe[0]);
    close(Pipe[1]);
    R.Stopped = std::string("could not start the analysis process: ") +
                strerror(errno);
    return R;
  }
  if (Pid == 0) {
    // The child: only this thread exists here; it touches nothing the
    // proxy's other threads may have held (no log, no LSP output).
    close(Pipe[0]);
    if (L.MemoryMb > 0) {
      rlimit Lim;
      Lim.rlim_cur = Lim.rlim_max = rlim_t(L.MemoryMb) << 20;
      setrlimit(RLIMIT_AS, &Lim);
    }
    injectTestFault(Path);
    AnalysisResult CR = A.analyze(Path, Unsaved);
    _exit(writeAll(Pipe[1], toString(resultToJson(CR))) ? 0 : 3);
  }
  close(Pipe[1]);
  using Clock = std::chrono::steady_clock;
  auto Deadline = Clock::now() + std::chrono::seconds(L.TimeoutS);
  std::string Data;
  bool TimedOut = false;
  for (;;) {
    int WaitMs = -1;
    if (L.TimeoutS > 0) {
      auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                      Deadline - Clock::now())
                      .count();
      if (Left <= 0) {
        TimedOut = true;
        break;
      }
      WaitMs = int(std::min<int64_t>(Left, 1 << 30));
    }
    pollfd P{Pipe[0], POLLIN, 0};
    int N = poll(&P, 1, WaitMs);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      break;
    if (N == 0)
      continue; // the deadline is checked above
    char Buf[65536];
    ssize_t Got = read(Pipe[0], Buf, sizeof Buf);
    if (Got < 0 && errno == EINTR)
      continue;
    if (Got <= 0)
      break; // end of the result (or of the child)
    Data.append(Buf, size_t(Got));
  }
  close(Pipe[0]);
  if (TimedOut)
    kill(Pid, SIGKILL);
  int Status = 0;
  rusage Usage{};
  while (wait4(Pid, &Status, 0, &Usage) < 0 && errno == EINTR) {
  }
  double ChildCpuMs = (Usage.ru_utime.tv_sec + Usage.ru_stime.tv_sec) * 1e3 +
                      (Usage.ru_utime.tv_usec + Usage.ru_stime.tv_usec) / 1e3;
  if (TimedOut) {
    R.Stopped = "the analysis passed its time budget of " +
                std::to_string(L.TimeoutS) +
                " s (--warplint-timeout) and was stopped";
    return R;
  }
  if (!WIFEXITED(Status) || WEXITSTATUS(Status) != 0) {
    R.Stopped = "the analysis " + describeStatus(Status);
    if (L.MemoryMb > 0 && WIFSIGNALED(Status) && WTERMSIG(Status) == SIGABRT)
      R.Stopped += "; it may have passed its memory budget of " +
                   std::to_string(L.MemoryMb) + " MB (--warplint-memory-mb)";
    return R;
  }
  auto V = json::parse(Data);
  json::Path::Root Root("result");
  if (!V || !resultFromJson(*V, R, Root)) {
    if (!V)
      llvm::consumeError(V.takeError());
    R = AnalysisResult();
    R.Stopped = "the analysis process's result could not be read";
  }
  R.CpuMs = ChildCpuMs;
  return R;
}

} // namespace clangd
} // namespace warplint
