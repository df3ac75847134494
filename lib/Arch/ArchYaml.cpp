//===- ArchYaml.cpp - Parsing and validating one arch/*.yaml file ---------===//
//
// The document is read with llvm::yaml's parser (YAMLParser.h) into a small
// tree that keeps every node's position (here), then checked against the key
// table of ArchYamlKeys.cpp (docs/arch.md, "Schema") by the Validator of
// ArchYamlValidate.cpp and ArchYamlValues.cpp. Every problem is reported, not
// only the first, as "FILE:LINE:COL: KEY: PROBLEM".
//
//===----------------------------------------------------------------------===//
#include "ArchYamlInternal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

using namespace llvm;

namespace warplint {
using namespace archyaml;

namespace {

/// Converts llvm::yaml nodes into YNode. Returns false where the parser
/// failed (the SourceMgr diagnostic handler has the message).
bool convert(yaml::Node *N, YNode &Out, Diagnostics &D, unsigned Depth) {
  if (!N)
    return false;
  Out.Loc = N->getSourceRange().Start;
  if (Depth > 32) {
    D.error(Out.Loc, "", "nesting too deep for an architecture file");
    N->skip();
    return false;
  }
  if (isa<yaml::NullNode>(N)) {
    Out.K = YNode::Null;
    return true;
  }
  if (auto *S = dyn_cast<yaml::ScalarNode>(N)) {
    SmallString<64> Storage;
    Out.K = YNode::Scalar;
    Out.Text = S->getValue(Storage).str();
    StringRef Raw = S->getRawValue();
    Out.Plain = !Raw.starts_with("\"") && !Raw.starts_with("'");
    return true;
  }
  if (auto *S = dyn_cast<yaml::BlockScalarNode>(N)) {
    Out.K = YNode::Scalar;
    Out.Text = S->getValue().str();
    return true;
  }
  if (auto *M = dyn_cast<yaml::MappingNode>(N)) {
    Out.K = YNode::Map;
    for (yaml::KeyValueNode &KV : *M) {
      yaml::Node *Key = KV.getKey();
      if (!Key)
        return false;
      auto *KS = dyn_cast<yaml::ScalarNode>(Key);
      if (!KS) {
        D.error(Key->getSourceRange().Start, "", "a key must be a plain name");
        KV.skip();
        continue;
      }
      SmallString<32> Storage;
      YNode V;
      bool Ok = convert(KV.getValue(), V, D, Depth + 1);
      if (!Ok)
        return false;
      Out.Keys.push_back(KS->getValue(Storage).str());
      Out.KeyLocs.push_back(Key->getSourceRange().Start);
      Out.Values.push_back(std::move(V));
    }
    return !M->failed();
  }
  if (auto *S = dyn_cast<yaml::SequenceNode>(N)) {
    Out.K = YNode::Seq;
    for (yaml::Node &Item : *S) {
      YNode V;
      if (!convert(&Item, V, D, Depth + 1))
        return false;
      Out.Items.push_back(std::move(V));
    }
    return !S->failed();
  }
  if (isa<yaml::AliasNode>(N)) {
    D.error(Out.Loc, "",
            "YAML aliases (*name) are not supported in architecture "
            "files: write the value out");
    return true;
  }
  D.error(Out.Loc, "", "unexpected YAML node");
  N->skip();
  return true;
}

} // namespace

std::optional<std::pair<int, int>> parseSmName(StringRef Name) {
  StringRef Digits;
  if (Name.starts_with("sm_"))
    Digits = Name.drop_front(3);
  else if (Name.starts_with("compute_"))
    Digits = Name.drop_front(8);
  else
    return std::nullopt;
  // Architecture-specific and family suffixes: sm_90a, sm_100f.
  if (!Digits.empty() && (Digits.back() == 'a' || Digits.back() == 'f'))
    Digits = Digits.drop_back();
  if (Digits.size() < 2 || Digits.size() > 3 ||
      !all_of(Digits, [](char C) { return C >= '0' && C <= '9'; }))
    return std::nullopt;
  int Major = 0;
  Digits.drop_back().getAsInteger(10, Major);
  int Minor = Digits.back() - '0';
  if (Major < 1)
    return std::nullopt;
  return std::make_pair(Major, Minor);
}

Expected<ArchSpec> parseArchYaml(StringRef Text, StringRef FileName) {
  SourceMgr SM;
  Diagnostics D(FileName, SM);
  struct SyntaxState {
    Diagnostics *D;
    bool Failed;
  } Syntax{&D, false};
  bool &SyntaxFailed = Syntax.Failed;
  SM.setDiagHandler(
      [](const SMDiagnostic &Diag, void *Ctx) {
        auto *S = static_cast<SyntaxState *>(Ctx);
        if (!S->Failed) // the first parser error; later ones follow from it
          S->D->syntax(Diag);
        S->Failed = true;
      },
      &Syntax);

  yaml::Stream Stream(Text, SM, /*ShowColors=*/false);
  YNode Root;
  unsigned Documents = 0;
  for (yaml::Document &Doc : Stream) {
    if (++Documents == 1) {
      if (!convert(Doc.getRoot(), Root, D, 0)) {
        if (!SyntaxFailed)
          D.error(SMLoc(), "", "could not read the YAML document");
        // Not on to the next document: that would skip this one, left half
        // read, and llvm::yaml skips a half-read collection by reading its
        // children again, each of them the same way: twice per level, 2^33
        // times for a file nested 33 deep (found by arch_yaml_fuzzer).
        break;
      }
    } else {
      Doc.skip();
    }
    if (Stream.failed() || SyntaxFailed)
      break;
  }
  if (Stream.failed() || SyntaxFailed || D.any())
    return D.take();
  if (Documents == 0) {
    D.error(SMLoc(), "", "the file is empty");
    return D.take();
  }
  if (Documents > 1) {
    D.error(SMLoc(), "", "an architecture file holds one YAML document");
    return D.take();
  }

  ArchSpec Spec;
  Spec.File = FileName.str();
  Validator V(FileName, D);
  V.run(Root, Spec);
  if (D.any())
    return D.take();
  return Spec;
}

Expected<ArchSpec> loadArchFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError(Buf.getError(),
                             "cannot read architecture file '" + Path +
                                 "': " + Buf.getError().message());
  return parseArchYaml((*Buf)->getBuffer(), Path);
}

} // namespace warplint
