//===- warplint-clangd.cpp - clangd with warplint's diagnostics -----------===//
//
//   warplint-clangd [--clangd=<path>] [--warplint-...] [clangd options]
//
// A language server that stands in for clangd: it starts the real clangd,
// relays the LSP stream both ways, and adds warplint's findings to clangd's
// diagnostics and warplint's fix-its to its code actions. docs/editors.md
// says how to set an editor up and how it works.
//
//===----------------------------------------------------------------------===//
#include "Proxy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

using namespace warplint::lsp;

namespace warplint {
namespace clangd {

/// The editor's side: its messages are read here, on the main thread, until
/// exit or the end of the stream; clangd's and the analyses run on threads
/// of their own.
int Proxy::run() {
  // The LSP stream keeps descriptor 1 to itself: anything else that prints
  // to stdout (clang's libraries) goes to stderr instead.
  ToClient = dup(1);
  dup2(2, 1);
  fcntl(ToClient, F_SETFD, FD_CLOEXEC);
  {
    std::lock_guard<std::mutex> L(ClangdM);
    std::string Err;
    if (!spawnClangd(Err)) {
      llvm::errs() << "warplint-clangd: error: cannot start clangd: " << Err
                   << "\n";
      return 1;
    }
  }
  std::thread(&Proxy::clangdLoop, this).detach();
  std::thread(&Proxy::workerLoop, this).detach();

  FrameReader Reader(fdReader(0));
  std::string Body, Error;
  for (;;) {
    FrameReader::Status S = Reader.next(Body, Error);
    if (S == FrameReader::EndOfStream)
      break;
    if (S == FrameReader::Malformed) {
      log(1, "dropped a malformed message from the editor: " + Error);
      continue;
    }
    onClientMessage(Body);
    // (Not on Exiting alone: a SIGTERM sets it too, and its thread ends
    // the process with 128 + 15; the editor's next message must not end
    // it first with the code of an exit without shutdown.)
    if (ExitSeen) {
      // exit: clangd has it too; it gets a moment to go by itself.
      {
        std::lock_guard<std::mutex> L(ClangdM);
        close(ToClangd);
      }
      {
        std::lock_guard<std::mutex> L(StateM);
        WorkCV.notify_all();
      }
      stopClangd(std::chrono::milliseconds(2000));
      _exit(ShutdownSeen ? 0 : 1);
    }
  }
  // The editor went away without exit.
  Exiting = true;
  {
    std::lock_guard<std::mutex> L(ClangdM);
    close(ToClangd);
  }
  stopClangd(std::chrono::milliseconds(2000));
  _exit(1);
}

/// When clangd cannot be started: the editor is still answered, and told
/// why in a message it shows (window/showMessage, an error), instead of a
/// server that exits at once (or restarts five times) with the reason on
/// stderr only. initialize gets no capabilities, shutdown its answer, exit
/// ends the process with status 2.
int failedStart(const std::string &Why) {
  llvm::errs() << "warplint-clangd: error: " << Why << "\n";
  int Out = dup(1);
  dup2(2, 1);
  auto Send = [&](llvm::json::Object O) {
    O["jsonrpc"] = "2.0";
    writeAll(Out, frame(llvm::formatv("{0}", llvm::json::Value(std::move(O))).str()));
  };
  FrameReader Reader(fdReader(0));
  std::string Body, Error;
  while (Reader.next(Body, Error) != FrameReader::EndOfStream) {
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(Body);
    if (!V) {
      llvm::consumeError(V.takeError());
      continue;
    }
    const llvm::json::Object *M = V->getAsObject();
    if (!M)
      continue;
    std::optional<llvm::StringRef> Method = M->getString("method");
    const llvm::json::Value *Id = M->get("id");
    if (Method && *Method == "exit")
      return 2;
    if (!Id)
      continue;
    if (Method && *Method == "initialize") {
      Send(llvm::json::Object{{"id", *Id},
            {"result", llvm::json::Object{
                           {"capabilities", llvm::json::Object{}},
                           {"serverInfo",
                            llvm::json::Object{{"name", "warplint-clangd"}}}}}});
      Send(llvm::json::Object{{"method", "window/showMessage"},
            {"params", llvm::json::Object{
                           {"type", 1},
                           {"message", "warplint-clangd: " + Why +
                                           " (no diagnostics until it is "
                                           "fixed)"}}}});
    } else if (Method && *Method == "shutdown") {
      Send(llvm::json::Object{{"id", *Id}, {"result", nullptr}});
    } else {
      Send(llvm::json::Object{{"id", *Id},
            {"error", llvm::json::Object{{"code", -32002},
                                         {"message", "warplint-clangd: " + Why}}}});
    }
  }
  return 2;
}

} // namespace clangd
} // namespace warplint

using warplint::clangd::findClangd;
using warplint::clangd::Options;
using warplint::clangd::parseOptions;
using warplint::clangd::Proxy;

int main(int argc, char **argv) {
  Options O;
  if (!parseOptions(argc, argv, O))
    return 2;
  std::string Err;
  std::string Clangd = findClangd(O, Err);
  if (Clangd.empty())
    return warplint::clangd::failedStart(Err);
  // As clangd, a --compile-commands-dir that is not there is no reason to
  // stop; the editor is told (clangd would say it in its log only).
  if (!O.Analysis.CompileCommandsDir.empty() &&
      !llvm::sys::fs::is_directory(O.Analysis.CompileCommandsDir))
    O.StartupWarnings.push_back(
        "--compile-commands-dir=" + O.Analysis.CompileCommandsDir +
        ": no such directory; files are analysed with the commands found "
        "next to them, or none");
  // An nvcc database: clangd reads its translation (the proxy's own
  // analysis translates as it goes). The database clangd would use: the
  // --compile-commands-dir given, else the one in the directory the editor
  // starts us in, or in its build/.
  {
    std::vector<std::string> Dirs;
    if (!O.Analysis.CompileCommandsDir.empty())
      Dirs.push_back(O.Analysis.CompileCommandsDir);
    else
      Dirs = {".", "build"};
    for (const std::string &D : Dirs) {
      std::string Note;
      std::string Cache = warplint::clangd::translateDatabaseForClangd(D, Note);
      if (!Note.empty())
        llvm::errs() << "warplint-clangd: " << Note << "\n";
      if (!Cache.empty()) {
        llvm::erase_if(O.Args, [](const std::string &A) {
          return llvm::StringRef(A).starts_with("--compile-commands-dir=") ||
                 llvm::StringRef(A).starts_with("-compile-commands-dir=");
        });
        O.Args.push_back("--compile-commands-dir=" + Cache);
        break;
      }
    }
  }
  // Writes to a clangd that has died fail with EPIPE instead of killing us.
  signal(SIGPIPE, SIG_IGN);
  // SIGTERM, SIGINT and SIGHUP are taken by a thread of their own, which
  // ends clangd before this process goes.
  sigset_t Set;
  sigemptyset(&Set);
  sigaddset(&Set, SIGTERM);
  sigaddset(&Set, SIGINT);
  sigaddset(&Set, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &Set, nullptr);
  static Proxy P(std::move(O), Clangd);
  std::thread([Set] {
    int Sig = 0;
    sigwait(&Set, &Sig);
    P.onSignal(Sig);
  }).detach();
  return P.run();
}
