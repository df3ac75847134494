//===- Messages.cpp - Relaying the LSP stream both ways -------------------===//
//
// Writing and reading framed messages, and routing them: the editor's to
// clangd (noting the open documents and the requests on the way), clangd's
// to the editor (its diagnostics and code actions merged with warplint's).
//
//===----------------------------------------------------------------------===//
#include "Proxy.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>

#include <unistd.h>

using namespace warplint::lsp;
using llvm::StringRef;

namespace warplint {
namespace clangd {

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

//===----------------------------------------------------------------------===//
// The editor's messages
//===----------------------------------------------------------------------===//

void Proxy::onClientMessage(const std::string &Body) {
  if (unsigned D = jsonDepth(Body); D > MaxJsonDepth) {
    log(1, "dropped a message from the editor nested " + std::to_string(D) +
               " deep (more than " + std::to_string(MaxJsonDepth) +
               " levels of arrays and objects)");
    return;
  }
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
      ExitSeen = true;
      Exiting = true;
    }
  }
  // The editor's bytes go on as they came.
  sendToClangd(Body);
}

//===----------------------------------------------------------------------===//
// clangd's messages
//===----------------------------------------------------------------------===//

void Proxy::onClangdMessage(const std::string &Body) {
  if (unsigned D = jsonDepth(Body); D > MaxJsonDepth) {
    log(1, "dropped a message from clangd nested " + std::to_string(D) +
               " deep (more than " + std::to_string(MaxJsonDepth) +
               " levels of arrays and objects)");
    return;
  }
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
  // After the answer to initialize, what the editor should see at once.
  if (!Method && Id && idKey(*Id) == InitializeId && !WarnedAtStart) {
    WarnedAtStart = true;
    for (const std::string &W : Opts.StartupWarnings)
      sendJson(json::Object{
          {"jsonrpc", "2.0"},
          {"method", "window/showMessage"},
          {"params", json::Object{{"type", 2},
                                  {"message", "warplint-clangd: " + W}}}});
  }
}

} // namespace clangd
} // namespace warplint
