//===- ClangdProcess.cpp - The real clangd, as a child process ------------===//
//
// Starting clangd with pipes for its standard input and output, reading
// what it says, restarting it when it dies (answering what it left
// unanswered and replaying the session), and ending it with this process.
//
//===----------------------------------------------------------------------===//
#include "Proxy.h"

#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

using namespace warplint::lsp;
using llvm::StringRef;

namespace warplint {
namespace clangd {

bool Proxy::spawnClangd(std::string &Error) {
  int In[2], Out[2];
  if (pipe2(In, O_CLOEXEC) || pipe2(Out, O_CLOEXEC)) {
    Error = std::string("pipe: ") + strerror(errno);
    return false;
  }
  std::vector<std::string> ArgStrings{ClangdPath};
  ArgStrings.insert(ArgStrings.end(), Opts.Args.begin(), Opts.Args.end());
  std::vector<char *> Argv;
  for (std::string &S : ArgStrings)
    Argv.push_back(S.data());
  Argv.push_back(nullptr);
  pid_t Parent = getpid();
  pid_t Pid = fork();
  if (Pid < 0) {
    Error = std::string("fork: ") + strerror(errno);
    return false;
  }
  if (Pid == 0) {
    // Only async-signal-safe calls until exec.
    sigset_t None;
    sigemptyset(&None);
    sigprocmask(SIG_SETMASK, &None, nullptr);
    signal(SIGPIPE, SIG_DFL);
#ifdef __linux__
    // clangd goes when this process goes, however it goes.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != Parent)
      _exit(1);
#endif
    dup2(In[0], 0);
    dup2(Out[1], 1);
    execv(Argv[0], Argv.data());
    _exit(127);
  }
  close(In[0]);
  close(Out[1]);
  ClangdPid = Pid;
  LivePid = Pid;
  ToClangd = In[1];
  FromClangd = Out[0];
  return true;
}

void Proxy::sendToClangd(StringRef Body) {
  // A write to a clangd that has died fails (EPIPE); the message is lost
  // and the restart re-sends what matters (the open documents).
  writeAll(ToClangd, frame(Body));
}

void Proxy::clangdLoop() {
  for (;;) {
    int Fd;
    {
      std::lock_guard<std::mutex> L(ClangdM);
      Fd = FromClangd;
    }
    FrameReader Reader(fdReader(Fd));
    std::string Body, Error;
    for (;;) {
      FrameReader::Status S = Reader.next(Body, Error);
      if (S == FrameReader::EndOfStream)
        break;
      if (S == FrameReader::Malformed) {
        log(1, "dropped a malformed message from clangd: " + Error);
        continue;
      }
      onClangdMessage(Body);
    }
    // clangd closed its output: it has exited, or is about to.
    if (Exiting)
      return;
    pid_t Pid;
    {
      std::lock_guard<std::mutex> L(ClangdM);
      Pid = ClangdPid;
    }
    kill(Pid, SIGKILL);
    int Status = 0;
    while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
    }
    if (Exiting)
      return;
    if (!restartClangd(Status))
      finish(1);
  }
}

bool Proxy::restartClangd(int Status) {
  std::string How = WIFSIGNALED(Status)
                        ? "was killed by signal " + std::to_string(WTERMSIG(Status))
                        : "exited with status " + std::to_string(WEXITSTATUS(Status));
  std::lock_guard<std::mutex> CL(ClangdM);
  close(ToClangd);
  close(FromClangd);
  auto Now = Clock::now();
  while (!Restarts.empty() && Now - Restarts.front() > std::chrono::seconds(60))
    Restarts.pop_front();
  if (Restarts.size() >= 5) {
    log(1, "clangd (" + ClangdPath + ") " + How +
               "; it has died 5 times in a minute, giving up");
    return false;
  }
  Restarts.push_back(Now);
  log(1, "clangd (" + ClangdPath + ") " + How + "; restarting it");
  std::string Err;
  if (!spawnClangd(Err)) {
    log(1, "cannot restart clangd: " + Err);
    return false;
  }
  std::lock_guard<std::mutex> SL(StateM);
  // The requests clangd never answered are answered here, so that the
  // editor does not wait for them forever.
  for (auto &[Key, Id] : Outstanding)
    sendJson(json::Object{
        {"jsonrpc", "2.0"},
        {"id", Id},
        {"error", json::Object{{"code", -32803},
                               {"message", "clangd exited before answering; "
                                           "warplint-clangd restarted it"}}}});
  Outstanding.clear();
  PendingActions.clear();
  if (Initialize) {
    json::Object Init = *Initialize;
    ReinitId = "warplint-clangd-reinitialize-" + std::to_string(++Reinits);
    Init["id"] = ReinitId;
    ReinitId = "s:" + ReinitId;
    sendToClangd(toString(json::Value(std::move(Init))));
    if (Initialized)
      sendToClangd(toString(json::Object{{"jsonrpc", "2.0"},
                                         {"method", "initialized"},
                                         {"params", json::Object{}}}));
    for (const auto &[Path, D] : Docs)
      sendToClangd(toString(json::Object{
          {"jsonrpc", "2.0"},
          {"method", "textDocument/didOpen"},
          {"params",
           json::Object{{"textDocument",
                         json::Object{{"uri", D.Uri},
                                      {"languageId", D.LanguageId},
                                      {"version", D.Version},
                                      {"text", D.Text}}}}}}));
  }
  return true;
}

/// Ends clangd: it has \p Grace to exit on its own (after exit, or the end
/// of its input), then it is killed; it is always waited for.
void Proxy::stopClangd(std::chrono::milliseconds Grace) {
  pid_t Pid = LivePid.exchange(-1);
  if (Pid <= 0)
    return;
  auto Deadline = Clock::now() + Grace;
  int Status;
  for (;;) {
    pid_t R = waitpid(Pid, &Status, WNOHANG);
    if (R == Pid || (R < 0 && errno != EINTR))
      return;
    if (Clock::now() >= Deadline)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill(Pid, SIGKILL);
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
}

void Proxy::finish(int Code) {
  Exiting = true;
  stopClangd(std::chrono::milliseconds(0));
  _exit(Code);
}

void Proxy::onSignal(int Sig) {
  Exiting = true;
  pid_t Pid = LivePid.load();
  if (Pid > 0)
    kill(Pid, SIGTERM);
  stopClangd(std::chrono::milliseconds(1000));
  _exit(128 + Sig);
}

} // namespace clangd
} // namespace warplint
