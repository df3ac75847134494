//===- lsp_fuzzer.cpp - libFuzzer target: warplint-clangd's LSP pieces ----===//
//
// The bytes after the first are a stream as the editor or clangd sends it:
// Content-Length framed JSON-RPC messages. The first byte chooses how many
// bytes each read hands out (messages split across reads) and the position
// encoding. Each message goes the way warplint-clangd's Proxy takes it
// (Messages.cpp): the depth limit (lsp::jsonDepth against MaxJsonDepth),
// llvm::json::parse, then the pieces of Lsp.h on its fields: file URIs,
// request ids, the negotiated encoding, positions and ranges, and the
// document edits of didOpen / didChange on an in-memory document.
//
// Checked besides not crashing: a URI made from a path reads back as that
// path; offsets stay inside the text, and in UTF-8 a position and its
// offset convert back and forth.
//
//===----------------------------------------------------------------------===//
#include "warplint-clangd/Lsp.h"

#include "llvm/Support/Error.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

using namespace warplint::lsp;
namespace json = llvm::json;

namespace {

[[noreturn]] void fail(const char *What, const std::string &Detail) {
  std::fprintf(stderr, "lsp_fuzzer: %s: %s\n", What, Detail.c_str());
  std::abort();
}

/// What the proxy does with one editor message, minus the clangd side.
void handle(const std::string &Body, Encoding &Enc,
            std::map<std::string, std::string> &Docs) {
  if (jsonDepth(Body) > MaxJsonDepth)
    return; // dropped unparsed, as the proxy does
  llvm::Expected<json::Value> Parsed = json::parse(Body);
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return;
  }
  json::Object *Msg = Parsed->getAsObject();
  if (!Msg)
    return;
  if (const json::Value *Id = Msg->get("id"))
    (void)idKey(*Id);
  // An initialize answer may set the encoding.
  if (const json::Object *Res = Msg->getObject("result"))
    if (auto E = Res->getString("offsetEncoding"))
      if (auto P = parseEncoding(*E))
        Enc = *P;
  const json::Object *Params = Msg->getObject("params");
  if (!Params)
    return;
  (void)positionFromJSON(Params->get("position"));
  std::optional<Range> Sel = rangeFromJSON(Params->get("range"));
  if (Sel)
    (void)toJSON(*Sel);
  const json::Object *TD = Params->getObject("textDocument");
  std::optional<llvm::StringRef> Uri = TD ? TD->getString("uri") : std::nullopt;
  if (!Uri)
    return;
  std::optional<std::string> Path = uriToPath(*Uri);
  if (!Path)
    return;
  if (!Path->empty() && Path->front() == '/' &&
      Path->find('\0') == std::string::npos) {
    std::string Back = pathToUri(*Path);
    std::optional<std::string> Again = uriToPath(Back);
    if (!Again || *Again != *Path)
      fail("pathToUri does not read back", *Path + " -> " + Back);
  }
  std::optional<llvm::StringRef> Method = Msg->getString("method");
  if (!Method)
    return;
  if (*Method == "textDocument/didOpen") {
    Docs[*Path] = TD->getString("text").value_or("").str();
  } else if (*Method == "textDocument/didChange") {
    auto It = Docs.find(*Path);
    const json::Array *Changes = Params->getArray("contentChanges");
    if (It == Docs.end() || !Changes)
      return;
    for (const json::Value &C : *Changes) {
      const json::Object *CO = C.getAsObject();
      if (!CO)
        continue;
      std::optional<Range> R = rangeFromJSON(CO->get("range"));
      applyChange(It->second, R, CO->getString("text").value_or(""), Enc);
    }
  } else if (*Method == "textDocument/codeAction" && Sel) {
    auto It = Docs.find(*Path);
    if (It == Docs.end())
      return;
    const std::string &Text = It->second;
    for (Position P : {Sel->Start, Sel->End}) {
      size_t Off = offsetOf(Text, P, Enc);
      if (Off > Text.size())
        fail("offsetOf past the end", std::to_string(Off));
      // In bytes (UTF-8) every offset is a position of its own.
      Position Q = positionOf(Text, Off, Enc);
      if (Enc == Encoding::UTF8 && offsetOf(Text, Q, Enc) != Off)
        fail("positionOf/offsetOf do not round-trip", std::to_string(Off));
    }
    (void)overlaps(*Sel, Range{positionOf(Text, 0, Enc),
                               positionOf(Text, Text.size(), Enc)});
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  const unsigned Chunk = 1 + (Data[0] & 0x3f) * 37;
  Encoding Enc = Data[0] & 0x40 ? Encoding::UTF8 : Encoding::UTF16;
  std::string Stream(reinterpret_cast<const char *>(Data) + 1, Size - 1);
  size_t Pos = 0;
  bool Failed = Data[0] & 0x80; // a read error after the data
  FrameReader Reader([&](char *B, size_t N) -> long {
    size_t K = std::min({N, size_t(Chunk), Stream.size() - Pos});
    if (K == 0)
      return Failed ? -1 : 0;
    std::copy(Stream.begin() + Pos, Stream.begin() + Pos + K, B);
    Pos += K;
    return long(K);
  });
  std::map<std::string, std::string> Docs;
  std::string Body, Error;
  for (unsigned Messages = 0; Messages < 64; ++Messages) {
    FrameReader::Status S = Reader.next(Body, Error);
    if (S == FrameReader::EndOfStream)
      break;
    if (S == FrameReader::Malformed)
      continue;
    if (frame(Body).size() < Body.size())
      fail("frame() lost bytes", Body);
    handle(Body, Enc, Docs);
  }
  return 0;
}
