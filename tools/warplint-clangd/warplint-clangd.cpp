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
#include "Analyzer.h"
#include "Lsp.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include <fcntl.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

using namespace warplint;
using namespace warplint::lsp;
namespace json = llvm::json;
using llvm::StringRef;
using Clock = std::chrono::steady_clock;

namespace {

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

struct Options {
  std::string Clangd;           // --clangd=
  std::vector<std::string> Args; // passed to clangd
  clangd::AnalyzerOptions Analysis;
  unsigned DebounceMs = 300;
  std::string DocsUrl = WARPLINT_DOCS_URL;
  bool Analyze = true;
};

const char *const Usage =
    "warplint-clangd: clangd with warplint's diagnostics and fix-its\n"
    "\n"
    "  warplint-clangd [options] [clangd options]\n"
    "\n"
    "Every option not listed here goes to clangd unchanged.\n"
    "  --clangd=<path>               the clangd to run (default: clangd-19,\n"
    "                                then clangd, on PATH)\n"
    "  --compile-commands-dir=<dir>  read by both (clangd's own option)\n"
    "  --warplint-checks=<list>      checks to run, clang-tidy syntax\n"
    "                                (default: .clang-tidy, else warplint-*)\n"
    "  --warplint-arch=<gpu>         the GPU to analyse for (as warplint "
    "--arch)\n"
    "  --warplint-config=<yaml>      a .clang-tidy configuration used instead\n"
    "                                of the .clang-tidy files\n"
    "  --warplint-debounce-ms=<n>    wait after an edit before analysing "
    "(300)\n"
    "  --warplint-docs-url=<url>     base of the check pages linked from "
    "each\n"
    "                                diagnostic\n"
    "  --warplint-off                relay only, analyse nothing\n"
    "  --warplint-help               this text\n";

/// Splits the command line: warplint-clangd's own options are taken out,
/// everything else is clangd's. CLANGD_FLAGS (which clangd reads itself) is
/// looked at for --compile-commands-dir too.
bool parseOptions(int Argc, char **Argv, Options &O) {
  auto Value = [](StringRef A, StringRef Name, std::string &Out) {
    if (!A.consume_front(Name))
      return false;
    Out = A.str();
    return true;
  };
  auto Look = [&](StringRef A) {
    std::string V;
    if (Value(A, "--compile-commands-dir=", V))
      O.Analysis.CompileCommandsDir = V;
  };
  if (const char *Env = getenv("CLANGD_FLAGS")) {
    llvm::BumpPtrAllocator A;
    llvm::StringSaver S(A);
    llvm::SmallVector<const char *, 8> Toks;
    llvm::cl::TokenizeGNUCommandLine(Env, S, Toks);
    for (const char *T : Toks)
      Look(T);
  }
  for (int I = 1; I < Argc; ++I) {
    StringRef A = Argv[I];
    std::string V;
    if (A == "--warplint-help" || A == "-warplint-help") {
      llvm::outs() << Usage;
      exit(0);
    }
    if (Value(A, "--clangd=", O.Clangd) ||
        Value(A, "--warplint-checks=", O.Analysis.Checks) ||
        Value(A, "--warplint-arch=", O.Analysis.GpuArch) ||
        Value(A, "--warplint-config=", O.Analysis.Config) ||
        Value(A, "--warplint-docs-url=", O.DocsUrl))
      continue;
    if (Value(A, "--warplint-debounce-ms=", V)) {
      if (StringRef(V).getAsInteger(10, O.DebounceMs)) {
        llvm::errs() << "warplint-clangd: error: --warplint-debounce-ms must "
                        "be a number of milliseconds, not '"
                     << V << "'\n";
        return false;
      }
      continue;
    }
    if (A == "--warplint-off") {
      O.Analyze = false;
      continue;
    }
    if (A.starts_with("--warplint-")) {
      llvm::errs() << "warplint-clangd: error: unknown option '" << A
                   << "' (see --warplint-help)\n";
      return false;
    }
    Look(A);
    O.Args.push_back(A.str());
  }
  return true;
}

/// The real clangd: --clangd=, else clangd-19 then clangd on PATH, skipping
/// this program itself (it may be installed under the name clangd).
std::string findClangd(const Options &O, std::string &Error) {
  if (!O.Clangd.empty()) {
    if (llvm::sys::fs::can_execute(O.Clangd))
      return O.Clangd;
    if (auto P = llvm::sys::findProgramByName(O.Clangd))
      return *P;
    Error = "--clangd=" + O.Clangd + ": no such program";
    return "";
  }
  std::string Self = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  llvm::SmallString<256> SelfReal;
  llvm::sys::fs::real_path(Self, SelfReal);
  const char *PathEnv = getenv("PATH");
  llvm::SmallVector<StringRef, 16> Dirs;
  StringRef(PathEnv ? PathEnv : "").split(Dirs, ':', -1, false);
  for (const char *Name : {"clangd-19", "clangd"})
    for (StringRef D : Dirs) {
      llvm::SmallString<256> P(D);
      llvm::sys::path::append(P, Name);
      if (!llvm::sys::fs::can_execute(P) || llvm::sys::fs::is_directory(P))
        continue;
      llvm::SmallString<256> Real;
      if (!llvm::sys::fs::real_path(P, Real) && Real == SelfReal)
        continue;
      return std::string(P);
    }
  Error = "no clangd-19 or clangd on PATH; name one with --clangd=<path>";
  return "";
}

//===----------------------------------------------------------------------===//
// I/O
//===----------------------------------------------------------------------===//

bool writeAll(int Fd, StringRef Data) {
  while (!Data.empty()) {
    ssize_t N = ::write(Fd, Data.data(), Data.size());
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    Data = Data.drop_front(size_t(N));
  }
  return true;
}

FrameReader::ReadFn fdReader(int Fd) {
  return [Fd](char *B, size_t N) -> long {
    for (;;) {
      ssize_t R = ::read(Fd, B, N);
      if (R < 0 && errno == EINTR)
        continue;
      return long(R);
    }
  };
}

std::string toString(const json::Value &V) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << V;
  return S;
}

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
  Range R;
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
  // Output to the editor.
  void sendToClient(StringRef Body);
  void sendJson(const json::Value &V) { sendToClient(toString(V)); }
  void log(int Type, const std::string &Msg);

  // clangd's process.
  bool spawnClangd(std::string &Error);
  void sendToClangd(StringRef Body); // caller holds ClangdM
  void clangdLoop();
  bool restartClangd(int Status);
  void stopClangd(std::chrono::milliseconds Grace);

  // Messages.
  void onClientMessage(const std::string &Body);
  void onClangdMessage(const std::string &Body);
  void publishMerged(const std::string &Path); // caller holds StateM
  json::Value mergeCodeActions(const json::Object &Request,
                               const json::Value *Result);

  // Analysis.
  void schedule(const std::string &Path, unsigned DelayMs); // holds StateM
  void workerLoop();
  std::vector<WarplintDiag> toLsp(const clangd::AnalysisResult &R,
                                  const Document &Doc, Encoding E);

  [[noreturn]] void finish(int Code);

  Options Opts;
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
  Encoding Enc = Encoding::UTF16;

  std::mutex ClientM;
  int ToClient = -1;

  std::atomic<bool> ShutdownSeen{false}, Exiting{false};
};

void Proxy::sendToClient(StringRef Body) {
  std::lock_guard<std::mutex> L(ClientM);
  writeAll(ToClient, frame(Body));
}

void Proxy::log(int Type, const std::string &Msg) {
  llvm::errs() << "warplint-clangd: " << Msg << "\n";
  sendJson(json::Object{
      {"jsonrpc", "2.0"},
      {"method", "window/logMessage"},
      {"params", json::Object{{"type", Type},
                              {"message", "warplint-clangd: " + Msg}}}});
}

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

//===----------------------------------------------------------------------===//
// The editor's messages
//===----------------------------------------------------------------------===//

void Proxy::onClientMessage(const std::string &Body) {
  llvm::Expected<json::Value> Parsed = json::parse(Body);
  if (!Parsed) {
    log(1, "dropped a malformed message from the editor: " +
               llvm::toString(Parsed.takeError()));
    return;
  }
  json::Object *Msg = Parsed->getAsObject();
  if (!Msg) {
    log(1, "dropped a message from the editor that is not a JSON object");
    return;
  }
  std::optional<StringRef> Method = Msg->getString("method");
  const json::Value *Id = Msg->get("id");
  std::lock_guard<std::mutex> CL(ClangdM);
  if (Method) {
    std::lock_guard<std::mutex> SL(StateM);
    const json::Object *Params = Msg->getObject("params");
    const json::Object *TD = Params ? Params->getObject("textDocument") : nullptr;
    std::optional<std::string> Path;
    if (TD)
      if (auto U = TD->getString("uri"))
        Path = uriToPath(*U);
    if (Id)
      Outstanding.insert_or_assign(idKey(*Id), *Id);
    if (*Method == "initialize" && Id) {
      Initialize = *Msg;
      InitializeId = idKey(*Id);
    } else if (*Method == "initialized") {
      Initialized = true;
    } else if (*Method == "shutdown") {
      ShutdownSeen = true;
    } else if (*Method == "textDocument/didOpen" && Path) {
      Document &D = Docs[*Path];
      D.Uri = TD->getString("uri")->str();
      D.LanguageId = TD->getString("languageId").value_or("").str();
      D.Version = TD->getInteger("version").value_or(0);
      D.Text = TD->getString("text").value_or("").str();
      ++D.Generation;
      schedule(*Path, 0);
    } else if (*Method == "textDocument/didChange" && Path) {
      auto It = Docs.find(*Path);
      const json::Array *Changes = Params->getArray("contentChanges");
      if (It != Docs.end() && Changes) {
        Document &D = It->second;
        if (auto V = TD->getInteger("version"))
          D.Version = *V;
        for (const json::Value &C : *Changes) {
          const json::Object *CO = C.getAsObject();
          if (!CO)
            continue;
          applyChange(D.Text, rangeFromJSON(CO->get("range")),
                      CO->getString("text").value_or(""), Enc);
        }
        ++D.Generation;
        schedule(*Path, Opts.DebounceMs);
      }
    } else if (*Method == "textDocument/didSave" && Path) {
      auto It = Docs.find(*Path);
      if (It != Docs.end()) {
        if (auto T = Params->getString("text")) {
          It->second.Text = T->str();
          ++It->second.Generation;
        }
        schedule(*Path, 0);
      }
    } else if (*Method == "textDocument/didClose" && Path) {
      Docs.erase(*Path);
      Due.erase(*Path);
      WarplintDiags.erase(*Path);
    } else if (*Method == "textDocument/codeAction" && Id) {
      PendingActions[idKey(*Id)] = *Msg;
    } else if (*Method == "exit") {
      Exiting = true;
    }
  }
  // The editor's bytes go on as they came.
  sendToClangd(Body);
}

//===----------------------------------------------------------------------===//
// clangd's messages
//===----------------------------------------------------------------------===//

void Proxy::publishMerged(const std::string &Path) {
  auto C = ClangdDiags.find(Path);
  auto W = WarplintDiags.find(Path);
  if (C == ClangdDiags.end() && W == WarplintDiags.end())
    return;
  json::Array All;
  std::string Uri;
  json::Object Params;
  if (C != ClangdDiags.end()) {
    Uri = C->second.Uri;
    for (const json::Value &D : C->second.Diags)
      All.push_back(D);
    if (C->second.Version)
      Params["version"] = *C->second.Version;
  }
  if (W != WarplintDiags.end()) {
    if (Uri.empty())
      Uri = W->second.Uri;
    for (const WarplintDiag &D : W->second.Diags)
      All.push_back(D.Lsp);
  }
  Params["uri"] = Uri;
  Params["diagnostics"] = std::move(All);
  sendJson(json::Object{{"jsonrpc", "2.0"},
                            {"method", "textDocument/publishDiagnostics"},
                            {"params", std::move(Params)}});
}

json::Value Proxy::mergeCodeActions(const json::Object &Request,
                                    const json::Value *Result) {
  json::Array Out;
  if (Result)
    if (const json::Array *A = Result->getAsArray())
      Out = *A;
  const json::Object *Params = Request.getObject("params");
  const json::Object *TD = Params ? Params->getObject("textDocument") : nullptr;
  std::optional<Range> R = Params ? rangeFromJSON(Params->get("range")) : std::nullopt;
  std::optional<std::string> Path;
  if (TD)
    if (auto U = TD->getString("uri"))
      Path = uriToPath(*U);
  if (!Path || !R)
    return Result ? *Result : json::Value(std::move(Out));
  // context.only: the kinds the editor wants; ours are quickfix.
  if (const json::Object *Ctx = Params->getObject("context"))
    if (const json::Array *Only = Ctx->getArray("only")) {
      bool Wanted = false;
      for (const json::Value &K : *Only)
        if (auto S = K.getAsString())
          Wanted |= *S == "quickfix" || *S == "" ;
      if (!Wanted)
        return Result ? *Result : json::Value(std::move(Out));
    }
  auto W = WarplintDiags.find(*Path);
  auto D = Docs.find(*Path);
  // Fixes are offered only while they were computed on the current text:
  // an edit of an older version would land in the wrong place.
  if (W != WarplintDiags.end() && D != Docs.end() &&
      W->second.Generation == D->second.Generation)
    for (const WarplintDiag &Diag : W->second.Diags) {
      if (!overlaps(Diag.R, *R))
        continue;
      for (const WarplintDiag::Action &A : Diag.Actions)
        Out.push_back(json::Object{
            {"title", A.Title},
            {"kind", "quickfix"},
            {"diagnostics", json::Array{Diag.Lsp}},
            {"isPreferred", Diag.Actions.size() == 1},
            {"edit", json::Object{{"changes", json::Object(A.Changes)}}}});
    }
  return json::Value(std::move(Out));
}

void Proxy::onClangdMessage(const std::string &Body) {
  llvm::Expected<json::Value> Parsed = json::parse(Body);
  if (!Parsed) {
    log(1, "dropped a malformed message from clangd: " +
               llvm::toString(Parsed.takeError()));
    return;
  }
  json::Object *Msg = Parsed->getAsObject();
  if (!Msg) {
    log(1, "dropped a message from clangd that is not a JSON object");
    return;
  }
  std::optional<StringRef> Method = Msg->getString("method");
  const json::Value *Id = Msg->get("id");
  if (Method && *Method == "textDocument/publishDiagnostics") {
    const json::Object *Params = Msg->getObject("params");
    std::optional<StringRef> Uri = Params ? Params->getString("uri") : std::nullopt;
    std::optional<std::string> Path = Uri ? uriToPath(*Uri) : std::nullopt;
    const json::Array *Diags = Params ? Params->getArray("diagnostics") : nullptr;
    if (Path && Diags) {
      std::lock_guard<std::mutex> SL(StateM);
      PublishedSet &S = ClangdDiags[*Path];
      S.Uri = Uri->str();
      S.Diags = *Diags;
      S.Version = Params->getInteger("version");
      publishMerged(*Path);
      return;
    }
  } else if (!Method && Id) {
    std::string Key = idKey(*Id);
    std::unique_lock<std::mutex> SL(StateM);
    if (Key == ReinitId)
      return; // the restarted clangd's answer to the replayed initialize
    Outstanding.erase(Key);
    if (Key == InitializeId) {
      // The position encoding clangd agreed to (clangd's offsetEncoding
      // extension, or LSP 3.17's positionEncoding).
      if (const json::Object *Res = Msg->getObject("result")) {
        std::optional<StringRef> E = Res->getString("offsetEncoding");
        if (const json::Object *Caps = Res->getObject("capabilities"))
          if (auto P = Caps->getString("positionEncoding"))
            E = P;
        if (E)
          if (auto Parsed = parseEncoding(*E))
            Enc = *Parsed;
      }
    }
    auto P = PendingActions.find(Key);
    if (P != PendingActions.end()) {
      json::Object Req = std::move(P->second);
      PendingActions.erase(P);
      json::Value Merged = mergeCodeActions(Req, Msg->get("result"));
      SL.unlock();
      sendJson(json::Object{
          {"jsonrpc", "2.0"}, {"id", *Id}, {"result", std::move(Merged)}});
      return;
    }
  }
  // Untouched: clangd's bytes as they came.
  sendToClient(Body);
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

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

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

/// A short check page link: <base><name without "warplint-">.md.
static std::string docLink(StringRef Base, StringRef Check) {
  std::string B = Base.str();
  if (!B.empty() && B.back() != '/')
    B += '/';
  StringRef Name = Check;
  Name.consume_front("warplint-");
  return B + Name.str() + ".md";
}

std::vector<WarplintDiag> Proxy::toLsp(const clangd::AnalysisResult &R,
                                       const Document &Doc, Encoding E) {
  // Edits and notes may be in other files; their text is read once.
  std::map<std::string, std::string> Texts;
  auto TextOf = [&](const std::string &P) -> const std::string & {
    auto It = Texts.find(P);
    if (It != Texts.end())
      return It->second;
    std::string T;
    auto D = Docs.find(P);
    if (D != Docs.end())
      T = D->second.Text;
    else if (auto B = llvm::MemoryBuffer::getFile(P))
      T = (*B)->getBuffer().str();
    return Texts[P] = T;
  };
  std::string Self = uriToPath(Doc.Uri).value_or("");
  Texts[Self] = Doc.Text;
  auto UriOf = [&](const std::string &P) {
    return P == Self ? Doc.Uri : pathToUri(P);
  };
  auto RangeAt = [&](const std::string &P, unsigned B, unsigned End) {
    const std::string &T = TextOf(P);
    return Range{positionOf(T, B, E), positionOf(T, End, E)};
  };
  auto Changes = [&](const std::vector<clangd::Edit> &Edits) {
    json::Object C;
    std::map<std::string, json::Array> ByUri;
    for (const clangd::Edit &Ed : Edits)
      ByUri[UriOf(Ed.Path)].push_back(json::Object{
          {"range", toJSON(RangeAt(Ed.Path, Ed.Offset, Ed.Offset + Ed.Length))},
          {"newText", Ed.Text}});
    for (auto &[U, A] : ByUri)
      C[U] = std::move(A);
    return C;
  };
  std::vector<WarplintDiag> Out;
  for (const clangd::Finding &F : R.Findings) {
    WarplintDiag D;
    unsigned B = F.Offset, End = F.Offset;
    if (F.Range) {
      B = F.Range->first;
      End = F.Range->second;
    }
    if (End == B) {
      // A point: the identifier (or character) there, so that editors
      // have something to underline.
      const std::string &T = Doc.Text;
      while (End < T.size() && (llvm::isAlnum(T[End]) || T[End] == '_'))
        ++End;
      if (End == B && End < T.size() && T[End] != '\n')
        ++End;
    }
    D.R = RangeAt(Self, B, End);
    json::Object L{{"range", toJSON(D.R)},
                   {"severity", F.IsError ? 1 : 2},
                   {"source", "warplint"},
                   {"code", F.Check},
                   {"codeDescription",
                    json::Object{{"href", docLink(Opts.DocsUrl, F.Check)}}},
                   {"message", F.Message}};
    json::Array Related;
    for (const clangd::Note &N : F.Notes) {
      Related.push_back(json::Object{
          {"location",
           json::Object{{"uri", UriOf(N.Path)},
                        {"range", toJSON(RangeAt(N.Path, N.Offset, N.Offset))}}},
          {"message", N.Message}});
      if (!N.Fix.empty())
        D.Actions.push_back(
            WarplintDiag::Action{N.Message + " (" + F.Check + ")", Changes(N.Fix)});
    }
    if (!Related.empty())
      L["relatedInformation"] = std::move(Related);
    if (!F.Fix.empty()) {
      // The title says what the fix does: the note that explains it when
      // there is one (the padding note of bank-conflict), else the finding.
      std::string Title = "apply warplint's fix: " + F.Message;
      for (const clangd::Note &N : F.Notes)
        if (N.Fix.empty() && StringRef(N.Message).contains_insensitive("pad"))
          Title = N.Message;
      D.Actions.insert(D.Actions.begin(),
                       WarplintDiag::Action{Title + " (" + F.Check + ")",
                                            Changes(F.Fix)});
    }
    D.Lsp = json::Value(std::move(L));
    Out.push_back(std::move(D));
  }
  return Out;
}

/// CPU time of the calling thread: the analysis's own cost, apart from
/// waiting for a busy machine.
static double threadCpuMs() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return T.tv_sec * 1e3 + T.tv_nsec / 1e6;
}

void Proxy::workerLoop() {
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
    clangd::AnalysisResult R = Analysis.analyze(Path, Unsaved);
    double CpuMs = threadCpuMs() - Cpu0;
    double Ms = std::chrono::duration<double, std::milli>(Clock::now() - Start)
                    .count();
    L.lock();
    if (!R.Problem.empty()) {
      L.unlock();
      log(1, R.Problem);
      L.lock();
      continue;
    }
    D = Docs.find(Path);
    // Stale: the document changed (or closed) while it was analysed; the
    // newer text has its own job.
    if (D == Docs.end() || D->second.Generation != Gen)
      continue;
    llvm::errs() << "warplint-clangd: " << Path << ": " << R.Findings.size()
                 << " finding(s) in " << llvm::format("%.0f", Ms) << " ms, "
                 << llvm::format("%.0f", CpuMs) << " ms of CPU ("
                 << R.CommandSource << ")\n";
    WarplintSet &S = WarplintDiags[Path];
    S.Uri = D->second.Uri;
    S.Generation = Gen;
    S.Diags = toLsp(R, D->second, Enc);
    publishMerged(Path);
  }
}

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
    if (Exiting) {
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

} // namespace

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
