//===- Diagnostics.cpp - warplint's findings as LSP diagnostics -----------===//
//
// warplint's findings in LSP form with their fix-its as code actions
// (toLsp), published together with clangd's diagnostics (publishMerged)
// and offered with clangd's code actions (mergeCodeActions).
//
//===----------------------------------------------------------------------===//
#include "Proxy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace warplint::lsp;
using llvm::StringRef;

namespace warplint {
namespace clangd {

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

WarplintDiag Proxy::stoppedDiag(const std::string &Why) const {
  WarplintDiag D;
  D.R = Range{Position{0, 0}, Position{0, 0}};
  D.Lsp = json::Object{
      {"range", toJSON(D.R)},
      {"severity", 3}, // information: nothing was found wrong in the code
      {"source", "warplint"},
      {"message", "warplint: " + Why +
                      "; no warplint diagnostics for this version of the "
                      "file (clangd's are not affected)"}};
  return D;
}

WarplintDiag Proxy::problemDiag(const std::string &Problem) const {
  WarplintDiag D;
  D.R = Range{Position{0, 0}, Position{0, 0}};
  D.Lsp = json::Object{
      {"range", toJSON(D.R)},
      {"severity", 1}, // an error: the file is not analysed until it is fixed
      {"source", "warplint"},
      {"message", "warplint: " + Problem +
                      "; no warplint diagnostics until it is fixed (clangd's "
                      "are not affected)"}};
  return D;
}

} // namespace clangd
} // namespace warplint
