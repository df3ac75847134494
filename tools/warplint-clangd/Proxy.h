//===- Proxy.h - The proxy between the editor and clangd --------*- C++ -*-===//
//
// What the files of warplint-clangd share: its options (Options.cpp), the
// I/O helpers (Messages.cpp) and the Proxy, whose members are defined by
// concern: clangd's process (ClangdProcess.cpp), the messages of both sides
// (Messages.cpp), warplint's diagnostics and code actions (Diagnostics.cpp),
// the analysis thread (Worker.cpp), and the main loop (warplint-clangd.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_CLANGD_PROXY_H
#define WARPLINT_TOOLS_CLANGD_PROXY_H

#include "Analyzer.h"
#include "Isolation.h"
#include "Lsp.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace warplint {
namespace clangd {

namespace json = llvm::json;
using Clock = std::chrono::steady_clock;

//===----------------------------------------------------------------------===//
// Options (Options.cpp)
//===----------------------------------------------------------------------===//

struct Options {
  std::string Clangd;           // --clangd=
  std::vector<std::string> Args; // passed to clangd
  clangd::AnalyzerOptions Analysis;
  unsigned DebounceMs = 300;
  std::string DocsUrl = WARPLINT_DOCS_URL;
  bool Analyze = true;
  clangd::IsolationLimits Limits;
  /// Said to the editor (window/showMessage, a warning) once it is
  /// initialized: a --compile-commands-dir that does not exist.
  std::vector<std::string> StartupWarnings;
};

/// Splits the command line: warplint-clangd's own options are taken out,
/// everything else is clangd's. CLANGD_FLAGS (which clangd reads itself) is
/// looked at for --compile-commands-dir too.
bool parseOptions(int Argc, char **Argv, Options &O);

/// When \p Dir holds a compile_commands.json with nvcc commands: writes
/// their translation for clangd (and warplint's built-in CUDA header when
/// a command needs it) to a cache directory and returns it, with \p Note
/// saying so; "" otherwise (\p Note then holds an error, if any).
/// ClangdDatabase.cpp.
std::string translateDatabaseForClangd(llvm::StringRef Dir, std::string &Note);

/// The real clangd: --clangd=, else clangd-19 then clangd on PATH, skipping
/// this program itself (it may be installed under the name clangd).
std::string findClangd(const Options &O, std::string &Error);

//===----------------------------------------------------------------------===//
// I/O (Messages.cpp)
//===----------------------------------------------------------------------===//

/// Writes all of \p Data to \p Fd; false on an error.
bool writeAll(int Fd, llvm::StringRef Data);
/// A FrameReader's read function over a file descriptor.
lsp::FrameReader::ReadFn fdReader(int Fd);
std::string toString(const json::Value &V);

//===----------------------------------------------------------------------===//
// The proxy
//===----------------------------------------------------------------------===//

/// A document the editor has open, as the editor holds it.
struct Document {
  std::string Uri;
  std::string LanguageId;
  int64_t Version = 0;
  std::string Text;
  uint64_t Generation = 0; ///< bumped on every change, for staleness
};

/// warplint's diagnostic of one document, in LSP form, with its fixes.
struct WarplintDiag {
  json::Value Lsp = nullptr;
  lsp::Range R;
  struct Action {
    std::string Title;
    json::Object Changes; ///< WorkspaceEdit.changes: uri -> TextEdit[]
  };
  std::vector<Action> Actions;
};

struct PublishedSet {
  std::string Uri;
  json::Array Diags;
  std::optional<int64_t> Version;
};

struct WarplintSet {
  std::string Uri;
  uint64_t Generation = 0;
  std::vector<WarplintDiag> Diags;
};

class Proxy {
public:
  Proxy(Options O, std::string ClangdPath)
      : Opts(std::move(O)), ClangdPath(std::move(ClangdPath)),
        Analysis(Opts.Analysis) {}

  int run();
  void onSignal(int Sig);

private:
  // Output to the editor (Messages.cpp).
  void sendToClient(llvm::StringRef Body);
  void sendJson(const json::Value &V) { sendToClient(toString(V)); }
  void log(int Type, const std::string &Msg);

  // clangd's process (ClangdProcess.cpp).
  bool spawnClangd(std::string &Error);
  void sendToClangd(llvm::StringRef Body); // caller holds ClangdM
  void clangdLoop();
  bool restartClangd(int Status);
  void stopClangd(std::chrono::milliseconds Grace);

  // Messages (Messages.cpp; the merging in Diagnostics.cpp).
  void onClientMessage(const std::string &Body);
  void onClangdMessage(const std::string &Body);
  void publishMerged(const std::string &Path); // caller holds StateM
  json::Value mergeCodeActions(const json::Object &Request,
                               const json::Value *Result);

  // Analysis (Worker.cpp; toLsp in Diagnostics.cpp).
  void schedule(const std::string &Path, unsigned DelayMs); // holds StateM
  void workerLoop();
  /// The one diagnostic of a file whose analysis stopped (Isolation.h).
  WarplintDiag stoppedDiag(const std::string &Why) const;
  /// One error diagnostic on the first line: the file was not analysed
  /// (a configuration that is not valid, a compile directory not there).
  WarplintDiag problemDiag(const std::string &Problem) const;
  std::vector<WarplintDiag> toLsp(const clangd::AnalysisResult &R,
                                  const Document &Doc, lsp::Encoding E);

  [[noreturn]] void finish(int Code); // ClangdProcess.cpp

  Options Opts;
  bool WarnedAtStart = false; ///< Opts.StartupWarnings were sent
  std::string ClangdPath;
  clangd::Analyzer Analysis;

  // Lock order: ClangdM, then StateM, then ClientM.
  std::mutex ClangdM; ///< clangd's process and its stdin
  pid_t ClangdPid = -1;
  std::atomic<pid_t> LivePid{-1};
  int ToClangd = -1, FromClangd = -1;
  std::deque<Clock::time_point> Restarts;
  unsigned Reinits = 0;

  std::mutex StateM;
  std::map<std::string, Document> Docs; // by path
  std::map<std::string, PublishedSet> ClangdDiags;
  std::map<std::string, WarplintSet> WarplintDiags;
  std::map<std::string, Clock::time_point> Due; // analysis jobs by path
  std::condition_variable WorkCV;
  std::map<std::string, json::Object> PendingActions; // codeAction requests
  std::map<std::string, json::Value> Outstanding;      // client requests
  std::optional<json::Object> Initialize;              // the client's request
  std::string InitializeId, ReinitId;
  bool Initialized = false;
  lsp::Encoding Enc = lsp::Encoding::UTF16;

  std::mutex ClientM;
  int ToClient = -1;

  std::atomic<bool> ShutdownSeen{false}, Exiting{false};
  /// The editor sent `exit` (the main loop ends the session); Exiting alone
  /// may come from a signal, which its own thread ends.
  std::atomic<bool> ExitSeen{false};
};

} // namespace clangd
} // namespace warplint

#endif
