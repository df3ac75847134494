//===- ArchYamlValidate.cpp - An architecture file's structure ------------===//
//
// The Validator's walk over the document: the top-level keys (schema, id,
// name, sources, values, stands_for), each value's provenance entry, the
// keys required for the GPU's compute capability, and the cross checks
// between values. One value against its key is ArchYamlValues.cpp.
//
//===----------------------------------------------------------------------===//
#include "ArchYamlInternal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace warplint {
namespace archyaml {

void Validator::rejectUnknownAndDuplicateKeys(const YNode &Map, StringRef Path,
                                              ArrayRef<StringRef> Known) {
  for (size_t I = 0; I < Map.Keys.size(); ++I) {
    StringRef Key = Map.Keys[I];
    std::string Full = Path.empty() ? Key.str() : (Path + "." + Key).str();
    for (size_t J = 0; J < I; ++J)
      if (Map.Keys[J] == Key)
        D.error(Map.KeyLocs[I], Full, "duplicate key");
    if (!is_contained(Known, Key))
      D.error(Map.KeyLocs[I], Full, "unknown key" + didYouMean(Key, Known));
  }
}

bool Validator::scalarString(const YNode *N, StringRef Key, std::string &Out,
                             bool NonEmpty) {
  if (N->K != YNode::Scalar || N->isNull()) {
    D.error(N->Loc, Key, Twine("expected a string, got ") + N->describe());
    return false;
  }
  if (NonEmpty && StringRef(N->Text).trim().empty()) {
    D.error(N->Loc, Key, "must not be empty");
    return false;
  }
  Out = N->Text;
  return true;
}

void Validator::run(const YNode &Root, ArchSpec &Spec) {
  if (Root.K != YNode::Map) {
    D.error(Root.Loc, "",
            Twine("an architecture file is a mapping with the keys schema, id, "
                  "name, sources and values; got ") +
                Root.describe());
    return;
  }
  static const StringRef TopKeys[] = {
      "schema", "id", "name", "description", "stands_for", "sources", "values"};
  rejectUnknownAndDuplicateKeys(Root, "", TopKeys);

  // schema
  if (const YNode *S = get(Root, "schema")) {
    std::string Tag;
    if (scalarString(S, "schema", Tag) && Tag != ArchSchemaTag) {
      if (StringRef(Tag).starts_with("warplint-arch/"))
        D.error(S->Loc, "schema",
                "unsupported schema version '" + Tag +
                    "'; this warplint reads '" + ArchSchemaTag + "'");
      else
        D.error(S->Loc, "schema",
                "expected '" + Twine(ArchSchemaTag) + "', got '" + Tag + "'");
    }
  } else {
    D.error(Root.Loc, "",
            "missing required key 'schema' (must be '" + Twine(ArchSchemaTag) +
                "')");
  }

  // id: [a-z0-9_]+, equal to the file stem.
  if (const YNode *Id = get(Root, "id")) {
    if (scalarString(Id, "id", Spec.Id)) {
      bool Ok = all_of(Spec.Id, [](char C) {
        return (C >= 'a' && C <= 'z') || (C >= '0' && C <= '9') || C == '_';
      });
      if (!Ok)
        D.error(Id->Loc, "id",
                "'" + Spec.Id + "' must use only a-z, 0-9 and '_'");
      StringRef Stem = sys::path::stem(File);
      if (!File.empty() && Stem != Spec.Id)
        D.error(Id->Loc, "id",
                "'" + Spec.Id + "' does not match the file name '" +
                    sys::path::filename(File) +
                    "' (the id must equal the file name without .yaml)");
    }
  } else {
    D.error(Root.Loc, "", "missing required key 'id'");
  }

  if (const YNode *N = get(Root, "name"))
    scalarString(N, "name", Spec.Name);
  else
    D.error(Root.Loc, "", "missing required key 'name'");
  if (const YNode *N = get(Root, "description"))
    scalarString(N, "description", Spec.Description, /*NonEmpty=*/false);

  // sources before values: values refer to them.
  if (const YNode *S = get(Root, "sources"))
    readSources(*S, Spec);
  else
    D.error(Root.Loc, "", "missing required key 'sources'");

  const YNode *Values = get(Root, "values");
  if (!Values) {
    D.error(Root.Loc, "", "missing required key 'values'");
    return;
  }
  readValues(*Values, Spec);
  checkStandsFor(get(Root, "stands_for"), Spec);
}

void Validator::readSources(const YNode &N, ArchSpec &Spec) {
  if (N.K != YNode::Map) {
    D.error(N.Loc, "sources",
            Twine("expected a mapping of source ids to citations, got ") +
                N.describe());
    return;
  }
  for (size_t I = 0; I < N.Keys.size(); ++I) {
    const std::string &Id = N.Keys[I];
    std::string Path = "sources." + Id;
    if (Spec.Citations.count(Id)) {
      D.error(N.KeyLocs[I], Path, "duplicate key");
      continue;
    }
    std::string Citation;
    if (scalarString(&N.Values[I], Path, Citation))
      Spec.Citations[Id] = Citation;
  }
}

void Validator::readValues(const YNode &N, ArchSpec &Spec) {
  if (N.K != YNode::Map) {
    D.error(N.Loc, "values",
            Twine("expected a mapping of keys to {value, kind, source}, got ") +
                N.describe());
    return;
  }
  std::vector<StringRef> Known;
  for (const KeyInfo &K : keyTable())
    Known.push_back(K.Name);
  rejectUnknownAndDuplicateKeys(N, "values", Known);

  // Loaded from a file, a key that is absent is unknown: 0, not the
  // struct's in-code default.
  Spec.L1LineBytes = Spec.L1SectorBytes = 0;
  Spec.L2LineBytes = Spec.L2SectorBytes = 0;

  // compute_capability first: what is required depends on it.
  for (size_t I = 0; I < N.Keys.size(); ++I)
    if (N.Keys[I] == "compute_capability")
      readEntry(N.Keys[I], N.KeyLocs[I], N.Values[I], Spec);
  for (size_t I = 0; I < N.Keys.size(); ++I)
    if (N.Keys[I] != "compute_capability" && lookupKey(N.Keys[I]) &&
        !Seen.count(N.Keys[I]))
      readEntry(N.Keys[I], N.KeyLocs[I], N.Values[I], Spec);

  checkRequired(N, N.Loc, Spec);
  checkConsistency(Spec);
}

void Validator::readEntry(const std::string &Key, SMLoc KeyLoc,
                          const YNode &Entry, ArchSpec &Spec) {
  const KeyInfo &K = *lookupKey(Key);
  std::string Path = "values." + Key;
  if (Entry.K != YNode::Map) {
    D.error(Entry.Loc, Path,
            Twine("expected {value: ..., kind: ..., source: ...}, got ") +
                Entry.describe() +
                " (every value carries its provenance, docs/arch.md)");
    return;
  }
  static const StringRef EntryKeys[] = {"value", "kind", "source", "note"};
  rejectUnknownAndDuplicateKeys(Entry, Path, EntryKeys);

  Provenance P;
  bool Ok = true; // the provenance is complete and valid
  bool KindValid = false, KindUnknown = false;
  const YNode *Kind = get(Entry, "kind");
  const YNode *Source = get(Entry, "source");
  const YNode *Value = get(Entry, "value");
  if (!Kind) {
    D.error(Entry.Loc, Path, "missing required key 'kind'");
    Ok = false;
  } else {
    std::string KindText;
    if (scalarString(Kind, Path + ".kind", KindText)) {
      if (auto PK = parseProvenanceKind(KindText)) {
        P.Kind = *PK;
        KindValid = true;
        KindUnknown = *PK == ProvenanceKind::Unknown;
      } else {
        std::vector<StringRef> Kinds = {
            "spec", "reported", "measured", "proxy",    "paper",
            "sim",  "rule",     "estimate", "recalled", "unknown"};
        D.error(Kind->Loc, Path + ".kind",
                "unknown provenance kind '" + KindText + "'" +
                    didYouMean(KindText, Kinds) +
                    " (known: " + join(Kinds, ", ") + ")");
        Ok = false;
      }
    } else {
      Ok = false;
    }
  }
  if (!Source) {
    D.error(Entry.Loc, Path, "missing required key 'source'");
    Ok = false;
  } else if (scalarString(Source, Path + ".source", P.Source)) {
    if (!Spec.Citations.count(P.Source)) {
      std::vector<StringRef> Declared;
      for (const auto &C : Spec.Citations)
        Declared.push_back(C.first);
      D.error(Source->Loc, Path + ".source",
              "source '" + P.Source + "' is not declared under 'sources'" +
                  didYouMean(P.Source, Declared));
      Ok = false;
    }
  } else {
    Ok = false;
  }
  if (const YNode *Note = get(Entry, "note"))
    scalarString(Note, Path + ".note", P.Note, /*NonEmpty=*/false);

  if (!Value) {
    D.error(Entry.Loc, Path,
            "missing required key 'value' (write 'value: null' with 'kind: "
            "unknown' for a value that is not known)");
    return;
  }
  Loaded L{&K, &Entry, Value};
  if (Value->isNull()) {
    if (!K.MayBeUnknown)
      D.error(Value->Loc, Path + ".value",
              "must have a value: the models cannot do without it");
    else if (KindValid && !KindUnknown)
      D.error(Value->Loc, Path + ".value",
              "null is only allowed with 'kind: unknown'");
    L.Unknown = true;
  } else {
    if (KindUnknown)
      D.error(Kind->Loc, Path + ".kind",
              "'unknown' is for a missing value ('value: null'); this one has "
              "a value: say where it comes from");
    if (!readValue(K, *Value, Path + ".value", Spec, L.Num))
      return;
  }
  if (Ok)
    Spec.Sources[Key] = P;
  Seen[Key] = L;
}

void Validator::checkRequired(const YNode &Values, SMLoc ValuesLoc,
                              ArchSpec &Spec) {
  auto HashedIt = Seen.find("partitions_hashed");
  bool Unhashed = HashedIt != Seen.end() && !Spec.PartitionsHashed;
  // Missing keys, grouped by why they are required, in table order.
  std::vector<std::pair<std::string, std::vector<std::string>>> Missing;
  for (const KeyInfo &K : keyTable()) {
    bool Present = get(Values, K.Name) != nullptr;
    bool Needed = false;
    const char *Why = "";
    switch (K.Required) {
    case Need::Always:
      Needed = true;
      Why = "required for every GPU";
      break;
    case Need::CC1x:
      Needed = HaveCC && Spec.Major == 1;
      Why = "required for compute capability 1.x";
      break;
    case Need::CC2Plus:
      Needed = HaveCC && Spec.Major >= 2;
      Why = "required for compute capability 2.0 and later";
      break;
    case Need::CC7Plus:
      Needed = HaveCC && Spec.Major >= 7;
      Why = "required for compute capability 7.0 and later";
      if (Present && HaveCC && Spec.Major < 7)
        D.error(get(Values, K.Name)->Loc, std::string("values.") + K.Name,
                "only for compute capability 7.0 and later; this GPU is " +
                    std::to_string(Spec.Major) + "." +
                    std::to_string(Spec.Minor));
      break;
    case Need::Unhashed:
      Needed = Unhashed;
      Why = "required when partitions_hashed is false: the channel-skew "
            "model needs them";
      break;
    case Need::Optional:
      break;
    }
    if (!Needed || Present)
      continue;
    auto It = find_if(Missing, [&](const auto &M) { return M.first == Why; });
    if (It == Missing.end())
      It = Missing.insert(Missing.end(), {Why, {}});
    It->second.push_back("'" + std::string(K.Name) + "'");
  }
  for (const auto &[Why, Keys] : Missing)
    D.error(ValuesLoc, "values",
            (Keys.size() == 1 ? "missing required key "
                              : "missing required keys ") +
                join(Keys, ", ") + " (" + Why + ")");
}

void Validator::checkConsistency(ArchSpec &Spec) {
  auto Val = [&](StringRef Key) -> const Loaded * {
    auto It = Seen.find(Key.str());
    if (It == Seen.end() || It->second.Unknown)
      return nullptr;
    return &It->second;
  };
  auto Fail = [&](StringRef Key, const Twine &Msg) {
    D.error(Seen[Key.str()].Value->Loc, "values." + Key + ".value", Msg);
  };
  if (auto *W = Val("max_warps_per_sm"))
    if (auto *T = Val("max_threads_per_sm"))
      if (auto *S = Val("warp_size"))
        if (W->Num * S->Num != T->Num)
          Fail("max_warps_per_sm", num(W->Num) + " warps of " + num(S->Num) +
                                       " threads are not max_threads_per_sm (" +
                                       num(T->Num) + ")");
  if (auto *B = Val("max_threads_per_block"))
    if (auto *T = Val("max_threads_per_sm"))
      if (B->Num > T->Num)
        Fail("max_threads_per_block", num(B->Num) +
                                          " is more than max_threads_per_sm (" +
                                          num(T->Num) + ")");
  if (auto *B = Val("regs_per_block"))
    if (auto *S = Val("regs_per_sm"))
      if (B->Num > S->Num)
        Fail("regs_per_block",
             num(B->Num) + " is more than regs_per_sm (" + num(S->Num) + ")");
  const Loaded *PerSm = Val("smem_per_sm_bytes");
  if (auto *B = Val("smem_per_block_bytes"))
    if (PerSm && B->Num > PerSm->Num)
      Fail("smem_per_block_bytes", num(B->Num) +
                                       " is more than smem_per_sm_bytes (" +
                                       num(PerSm->Num) + ")");
  if (auto *O = Val("smem_per_block_optin_bytes")) {
    if (PerSm && O->Num > PerSm->Num)
      Fail("smem_per_block_optin_bytes",
           num(O->Num) + " is more than smem_per_sm_bytes (" + num(PerSm->Num) +
               ")");
    if (auto *B = Val("smem_per_block_bytes"))
      if (O->Num < B->Num)
        Fail("smem_per_block_optin_bytes",
             num(O->Num) + " is less than smem_per_block_bytes (" +
                 num(B->Num) + ")");
  }
  if (auto *C = Val("smem_carveouts_kb"))
    if (PerSm && C->Num * 1024 != PerSm->Num)
      Fail("smem_carveouts_kb", "the largest carveout (" + num(C->Num) +
                                    " KiB = " + num(C->Num * 1024) +
                                    " bytes) must equal smem_per_sm_bytes (" +
                                    num(PerSm->Num) + ")");
  for (const char *Level : {"l1", "l2"}) {
    auto *Line = Val(std::string(Level) + "_line_bytes");
    auto *Sector = Val(std::string(Level) + "_sector_bytes");
    if (Line && Sector && Sector->Num > Line->Num)
      Fail(std::string(Level) + "_sector_bytes",
           "a sector (" + num(Sector->Num) +
               " bytes) cannot be larger than a line (" + num(Line->Num) +
               " bytes)");
  }
}

void Validator::checkStandsFor(const YNode *N, ArchSpec &Spec) {
  if (!N)
    return;
  if (N->K != YNode::Seq) {
    D.error(N->Loc, "stands_for",
            Twine("expected a list of sm_XX names, got ") + N->describe());
    return;
  }
  for (size_t I = 0; I < N->Items.size(); ++I) {
    const YNode &Item = N->Items[I];
    std::string Path = "stands_for[" + std::to_string(I) + "]";
    std::string Name;
    if (!scalarString(&Item, Path, Name))
      continue;
    auto CC = parseSmName(Name);
    StringRef Digits = StringRef(Name).drop_front(3);
    if (!CC || !StringRef(Name).starts_with("sm_") ||
        !all_of(Digits, [](char C) { return C >= '0' && C <= '9'; })) {
      D.error(Item.Loc, Path,
              "'" + Name + "' is not an architecture name of the form sm_XY");
      continue;
    }
    if (is_contained(Spec.StandsFor, Name)) {
      D.error(Item.Loc, Path, "'" + Name + "' is listed twice");
      continue;
    }
    if (HaveCC && CC->first != Spec.Major) {
      D.error(Item.Loc, Path,
              "'" + Name + "' is compute capability " +
                  std::to_string(CC->first) + "." + std::to_string(CC->second) +
                  ", but this GPU is " + std::to_string(Spec.Major) + "." +
                  std::to_string(Spec.Minor) +
                  ": a GPU stands only for sm_XX of its own major version");
      continue;
    }
    Spec.StandsFor.push_back(Name);
  }
}

} // namespace archyaml
} // namespace warplint
