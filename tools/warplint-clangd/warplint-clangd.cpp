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
  if (Clangd.empty()) {
    llvm::errs() << "warplint-clangd: error: " << Err << "\n";
    return 2;
  }
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
