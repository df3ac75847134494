//===- ArchYaml.cpp - Parsing and validating one arch/*.yaml file ---------===//
//
// The document is read with llvm::yaml's parser (YAMLParser.h) into a small
// tree that keeps every node's position, then checked against the key table
// below (docs/arch.md, "Schema"). Every problem is reported, not only the
// first, as "FILE:LINE:COL: KEY: PROBLEM".
//
//===----------------------------------------------------------------------===//
#include "Arch/ArchDatabase.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <cmath>
#include <cstdio>

using namespace llvm;

namespace warplint {
namespace {

//===----------------------------------------------------------------------===//
// The key table
//===----------------------------------------------------------------------===//

enum class VType { Int, Real, String, Bool, IntList, RegScope, BankScope, CC };

/// When a key must be present.
enum class Need {
  Always,
  CC1x,     ///< compute capability 1.x
  CC2Plus,  ///< 2.0 and later
  CC7Plus,  ///< 7.0 and later (carveouts, opt-in shared memory)
  Unhashed, ///< when partitions_hashed is false (the channel-skew model)
  Optional,
};

struct KeyInfo {
  const char *Name;
  VType Type;
  Need Required;
  /// May be given as {value: null, kind: unknown}. The keys the occupancy,
  /// coalescing and bank rules cannot do without may not.
  bool MayBeUnknown;
  double Min, Max;
  bool PowerOfTwo;
  unsigned ArchSpec::*U;
  double ArchSpec::*D;
  std::string ArchSpec::*S;
  bool ArchSpec::*B;
  std::vector<unsigned> ArchSpec::*L;
};

KeyInfo intKey(const char *Name, Need R, bool Unk, double Min, double Max,
               unsigned ArchSpec::*F, bool Pow2 = false) {
  return {Name, VType::Int, R,       Unk,     Min,     Max,
          Pow2, F,          nullptr, nullptr, nullptr, nullptr};
}
KeyInfo realKey(const char *Name, Need R, bool Unk, double Min, double Max,
                double ArchSpec::*F) {
  return {Name,  VType::Real, R, Unk,     Min,     Max,
          false, nullptr,     F, nullptr, nullptr, nullptr};
}
KeyInfo listKey(const char *Name, Need R, double Min, double Max,
                std::vector<unsigned> ArchSpec::*F, bool Pow2) {
  return {Name, VType::IntList, R,       false,   Min,     Max,
          Pow2, nullptr,        nullptr, nullptr, nullptr, F};
}
KeyInfo otherKey(const char *Name, VType T, Need R, bool Unk) {
  return {Name,  T,       R,       Unk,     0,       0,
          false, nullptr, nullptr, nullptr, nullptr, nullptr};
}

constexpr double KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;

const std::vector<KeyInfo> &keyTable() {
  using A = ArchSpec;
  static const std::vector<KeyInfo> Keys = {
      otherKey("compute_capability", VType::CC, Need::Always, false),
      intKey("sm_count", Need::Always, false, 1, 1024, &A::SmCount),
      realKey("core_clock_mhz", Need::Always, true, 50, 5000, &A::CoreClockMHz),
      realKey("mem_clock_mhz", Need::Optional, true, 50, 50000,
              &A::MemClockMHz),
      {"mem_type", VType::String, Need::Optional, true, 0, 0, false, nullptr,
       nullptr, &A::MemType, nullptr, nullptr},
      intKey("bus_width_bits", Need::Optional, true, 8, 65536,
             &A::BusWidthBits),
      realKey("dram_bandwidth_gbs", Need::Always, true, 0.1, 1e5,
              &A::DramBandwidthGBs),
      intKey("warp_size", Need::Always, false, 32, 32, &A::WarpSize),
      // Occupancy (CUDA occupancy calculator).
      intKey("max_threads_per_sm", Need::Always, false, 32, 8192,
             &A::MaxThreadsPerSm),
      intKey("max_warps_per_sm", Need::Always, false, 1, 256,
             &A::MaxWarpsPerSm),
      intKey("max_blocks_per_sm", Need::Always, false, 1, 256,
             &A::MaxBlocksPerSm),
      intKey("max_threads_per_block", Need::Always, false, 32, 8192,
             &A::MaxThreadsPerBlock),
      intKey("regs_per_sm", Need::Always, false, 1024, 1 << 20, &A::RegsPerSm),
      intKey("regs_per_block", Need::Optional, false, 1024, 1 << 20,
             &A::RegsPerBlock),
      intKey("max_regs_per_thread", Need::Always, false, 16, 1024,
             &A::MaxRegsPerThread),
      intKey("reg_alloc_unit", Need::Always, false, 1, 65536, &A::RegAllocUnit),
      otherKey("reg_alloc_scope", VType::RegScope, Need::Always, false),
      intKey("warp_alloc_granularity", Need::Always, false, 1, 64,
             &A::WarpAllocGranularity),
      intKey("reg_subpartitions", Need::Always, false, 1, 16,
             &A::RegSubpartitions),
      intKey("smem_per_sm_bytes", Need::Always, false, 1 * KiB, 16 * MiB,
             &A::SmemPerSmBytes),
      intKey("smem_per_block_bytes", Need::Always, false, 1 * KiB, 16 * MiB,
             &A::SmemPerBlockBytes),
      intKey("smem_per_block_optin_bytes", Need::CC7Plus, false, 1 * KiB,
             16 * MiB, &A::SmemPerBlockOptinBytes),
      intKey("smem_alloc_unit_bytes", Need::Always, false, 1, 64 * KiB,
             &A::SmemAllocUnit, /*Pow2=*/true),
      intKey("smem_reserved_per_block_bytes", Need::Always, false, 0, 64 * KiB,
             &A::SmemReservedPerBlock),
      listKey("smem_carveouts_kb", Need::CC7Plus, 0, 16 * KiB,
              &A::SmemCarveoutsKB,
              /*Pow2=*/false),
      // Shared memory banks.
      intKey("smem_banks", Need::Always, false, 1, 64, &A::SmemBanks),
      intKey("smem_bank_width_bytes", Need::Always, false, 4, 8,
             &A::SmemBankWidthBytes,
             /*Pow2=*/true),
      otherKey("bank_conflict_scope", VType::BankScope, Need::Always, false),
      // Global memory.
      intKey("mem_partitions", Need::Unhashed, true, 1, 1024,
             &A::MemPartitions),
      intKey("partition_width_bytes", Need::Unhashed, true, 1, 1 * MiB,
             &A::PartitionWidthBytes, /*Pow2=*/true),
      {"partitions_hashed", VType::Bool, Need::Always, false, 0, 0, false,
       nullptr, nullptr, nullptr, &A::PartitionsHashed, nullptr},
      listKey("transaction_sizes_bytes", Need::CC1x, 1, 4096,
              &A::TransactionSizes,
              /*Pow2=*/true),
      intKey("l1_size_bytes", Need::Optional, true, 0, 1 * GiB, &A::L1Bytes),
      intKey("l1_line_bytes", Need::Optional, true, 4, 4096, &A::L1LineBytes,
             true),
      intKey("l1_sector_bytes", Need::Optional, true, 4, 4096,
             &A::L1SectorBytes, true),
      intKey("l1_mshrs", Need::Optional, true, 1, 65536, &A::L1Mshrs),
      intKey("l2_size_bytes", Need::CC2Plus, true, 0, 1 * GiB, &A::L2Bytes),
      intKey("l2_line_bytes", Need::Optional, true, 4, 4096, &A::L2LineBytes,
             true),
      intKey("l2_sector_bytes", Need::Optional, true, 4, 4096,
             &A::L2SectorBytes, true),
      intKey("l2_assoc", Need::Optional, true, 1, 4096, &A::L2Assoc),
      realKey("noc_bandwidth_gbs", Need::Optional, true, 0.1, 1e6,
              &A::NocBandwidthGBs),
      // Latencies, core cycles.
      realKey("lat_l1_hit_cycles", Need::Optional, true, 1, 1e5,
              &A::LatL1HitCycles),
      realKey("lat_smem_cycles", Need::Optional, true, 1, 1e5,
              &A::LatSmemCycles),
      realKey("lat_l2_hit_cycles", Need::Optional, true, 1, 1e5,
              &A::LatL2HitCycles),
      realKey("lat_dram_cycles", Need::Optional, true, 1, 1e5,
              &A::LatDramCycles),
      // Hong-Kim ISCA'09 Table 1 / Table 6.
      realKey("hk_mem_ld_cycles", Need::Optional, true, 1, 1e5, &A::HkMemLd),
      realKey("hk_departure_del_uncoal_cycles", Need::Optional, true, 0.001,
              1e5, &A::HkDepartureDelUncoal),
      realKey("hk_departure_del_coal_cycles", Need::Optional, true, 0.001, 1e5,
              &A::HkDepartureDelCoal),
      realKey("hk_issue_cycles", Need::Optional, true, 0.01, 1000,
              &A::HkIssueCycles),
      // CGPredict TECS'17 Table 3.
      realKey("cg_departure_del_l2_cycles", Need::Optional, true, 0.001, 1e5,
              &A::CgDepartureDelL2),
      realKey("cg_departure_del_dram_cycles", Need::Optional, true, 0.001, 1e5,
              &A::CgDepartureDelDram),
  };
  return Keys;
}

const KeyInfo *lookupKey(StringRef Name) {
  for (const KeyInfo &K : keyTable())
    if (Name == K.Name)
      return &K;
  return nullptr;
}

/// The unit a key's name carries, for messages.
StringRef unitOf(StringRef Key) {
  if (Key.ends_with("_mhz"))
    return "MHz";
  if (Key.ends_with("_gbs"))
    return "GB/s";
  if (Key.ends_with("_bytes"))
    return "bytes";
  if (Key.ends_with("_bits"))
    return "bits";
  if (Key.ends_with("_kb"))
    return "KiB";
  if (Key.ends_with("_cycles"))
    return "cycles";
  return "";
}

/// 2048, 0.1, 1e+05: as short as the value allows.
std::string num(double X) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.10g", X);
  return Buf;
}

/// "did you mean 'x'?" among \p Candidates, or "".
std::string didYouMean(StringRef Word, ArrayRef<StringRef> Candidates) {
  StringRef Best;
  unsigned BestDist = ~0u;
  for (StringRef C : Candidates) {
    unsigned D = Word.edit_distance(C, /*AllowReplacements=*/true,
                                    /*MaxEditDistance=*/BestDist);
    if (D < BestDist)
      BestDist = D, Best = C;
  }
  // Close enough: a few typos, not a different word.
  unsigned Limit = std::max<unsigned>(2, Word.size() / 4);
  if (Best.empty() || BestDist > Limit)
    return "";
  return ("; did you mean '" + Best + "'?").str();
}

//===----------------------------------------------------------------------===//
// The document as a tree with positions
//===----------------------------------------------------------------------===//

struct YNode {
  enum Kind { Null, Scalar, Map, Seq } K = Null;
  std::string Text;   ///< Scalar: the value, unquoted and unescaped
  bool Plain = false; ///< Scalar: written without quotes
  SMLoc Loc;
  // Map
  std::vector<std::string> Keys;
  std::vector<SMLoc> KeyLocs;
  std::vector<YNode> Values;
  // Seq
  std::vector<YNode> Items;

  bool isNull() const {
    return K == Null || (K == Scalar && Plain &&
                         (Text == "null" || Text == "Null" || Text == "NULL" ||
                          Text == "~"));
  }
  const char *describe() const {
    if (isNull())
      return "null";
    switch (K) {
    case Map:
      return "a mapping";
    case Seq:
      return "a list";
    default:
      return "a scalar";
    }
  }
};

class Diagnostics {
public:
  Diagnostics(StringRef File, SourceMgr &SM) : File(File), SM(SM) {}

  void error(SMLoc Loc, const Twine &Key, const Twine &Msg) {
    std::string Where = File.empty() ? std::string("<arch>") : File.str();
    if (Loc.isValid()) {
      auto [Line, Col] = SM.getLineAndColumn(Loc);
      Where += ":" + std::to_string(Line) + ":" + std::to_string(Col);
    }
    std::string Text = Where + ": ";
    std::string K = Key.str();
    if (!K.empty())
      Text += K + ": ";
    Msgs.push_back(Text + Msg.str());
  }
  void syntax(const SMDiagnostic &D) {
    std::string Where = File.empty() ? std::string("<arch>") : File.str();
    Msgs.push_back(Where + ":" + std::to_string(D.getLineNo()) + ":" +
                   std::to_string(D.getColumnNo() + 1) +
                   ": YAML syntax error: " + D.getMessage().str());
  }
  bool any() const { return !Msgs.empty(); }
  Error take() {
    return createStringError(inconvertibleErrorCode(), join(Msgs, "\n"));
  }

private:
  StringRef File;
  SourceMgr &SM;
  std::vector<std::string> Msgs;
};

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

//===----------------------------------------------------------------------===//
// Validation
//===----------------------------------------------------------------------===//

struct Loaded {
  const KeyInfo *Info;
  const YNode *Entry; ///< the {value, kind, source, note} mapping
  const YNode *Value; ///< its value node
  bool Unknown = false;
  double Num = 0; ///< Int/Real value, for cross checks
};

class Validator {
public:
  Validator(StringRef File, Diagnostics &D) : File(File), D(D) {}

  void run(const YNode &Root, ArchSpec &Spec);

private:
  const YNode *get(const YNode &Map, StringRef Key) const {
    for (size_t I = 0; I < Map.Keys.size(); ++I)
      if (Map.Keys[I] == Key)
        return &Map.Values[I];
    return nullptr;
  }
  void rejectUnknownAndDuplicateKeys(const YNode &Map, StringRef Path,
                                     ArrayRef<StringRef> Known);
  bool scalarString(const YNode *N, StringRef Key, std::string &Out,
                    bool NonEmpty = true);
  void readSources(const YNode &N, ArchSpec &Spec);
  void readValues(const YNode &N, ArchSpec &Spec);
  void readEntry(const std::string &Key, SMLoc KeyLoc, const YNode &Entry,
                 ArchSpec &Spec);
  bool readValue(const KeyInfo &K, const YNode &V, const std::string &Path,
                 ArchSpec &Spec, double &Num);
  bool readNumber(const KeyInfo &K, const YNode &V, const std::string &Path,
                  double &Out);
  void checkRequired(const YNode &Values, SMLoc ValuesLoc, ArchSpec &Spec);
  void checkConsistency(ArchSpec &Spec);
  void checkStandsFor(const YNode *N, ArchSpec &Spec);

  StringRef File;
  Diagnostics &D;
  std::map<std::string, Loaded> Seen;
  bool HaveCC = false;
};

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

bool Validator::readNumber(const KeyInfo &K, const YNode &V,
                           const std::string &Path, double &Out) {
  StringRef Unit = unitOf(K.Name);
  std::string UnitText = Unit.empty() ? "" : (" (in " + Unit + ")").str();
  if (V.K != YNode::Scalar || !V.Plain) {
    D.error(V.Loc, Path,
            Twine("expected ") +
                (K.Type == VType::Real ? "a number" : "an integer") + UnitText +
                ", got " +
                (V.K == YNode::Scalar ? "the string '" + V.Text + "'"
                                      : std::string(V.describe())));
    return false;
  }
  StringRef T = StringRef(V.Text).trim();
  bool Bad;
  if (K.Type == VType::Real) {
    Bad = T.getAsDouble(Out) || !std::isfinite(Out);
  } else {
    uint64_t I = 0;
    Bad = T.getAsInteger(10, I);
    Out = double(I);
  }
  if (Bad) {
    D.error(
        V.Loc, Path,
        Twine("expected ") +
            (K.Type == VType::Real ? "a number" : "a non-negative integer") +
            UnitText + ", got '" + V.Text + "'");
    return false;
  }
  if (Out < K.Min || Out > K.Max) {
    std::string Hint;
    if (Unit == "MHz" && Out * 1000 >= K.Min && Out * 1000 <= K.Max)
      Hint = "; is it in GHz? the key is in MHz";
    else if (Unit == "bytes" && Out * 1024 >= K.Min && Out * 1024 <= K.Max)
      Hint = "; is it in KiB? the key is in bytes";
    D.error(V.Loc, Path,
            T + " is out of range: " + K.Name + " must be between " +
                num(K.Min) + " and " + num(K.Max) +
                (Unit.empty() ? "" : " " + Unit.str()) + Hint);
    return false;
  }
  if (K.PowerOfTwo && !isPowerOf2_64(uint64_t(Out))) {
    D.error(V.Loc, Path, T + " must be a power of two");
    return false;
  }
  return true;
}

bool Validator::readValue(const KeyInfo &K, const YNode &V,
                          const std::string &Path, ArchSpec &Spec,
                          double &Num) {
  switch (K.Type) {
  case VType::Int:
    if (!readNumber(K, V, Path, Num))
      return false;
    Spec.*K.U = unsigned(Num);
    return true;
  case VType::Real:
    if (!readNumber(K, V, Path, Num))
      return false;
    Spec.*K.D = Num;
    return true;
  case VType::String:
    return scalarString(&V, Path, Spec.*K.S);
  case VType::Bool: {
    StringRef T = V.Text;
    if (V.K == YNode::Scalar && V.Plain && (T == "true" || T == "false")) {
      Spec.*K.B = T == "true";
      return true;
    }
    D.error(V.Loc, Path,
            "expected true or false, got " + (V.K == YNode::Scalar
                                                  ? "'" + V.Text + "'"
                                                  : std::string(V.describe())));
    return false;
  }
  case VType::RegScope:
  case VType::BankScope: {
    bool Reg = K.Type == VType::RegScope;
    std::vector<StringRef> Allowed =
        Reg ? std::vector<StringRef>{"block", "warp"}
            : std::vector<StringRef>{"half_warp", "warp"};
    std::string T;
    if (V.K != YNode::Scalar || V.isNull() || !is_contained(Allowed, V.Text)) {
      D.error(V.Loc, Path,
              "expected one of " + join(Allowed, ", ") + ", got " +
                  (V.K == YNode::Scalar ? "'" + V.Text + "'"
                                        : std::string(V.describe())));
      return false;
    }
    if (Reg)
      Spec.RegScope =
          V.Text == "block" ? RegAllocScope::Block : RegAllocScope::Warp;
    else
      Spec.BankConflictScope =
          V.Text == "half_warp" ? BankScope::HalfWarp : BankScope::Warp;
    return true;
  }
  case VType::IntList: {
    if (V.K != YNode::Seq) {
      D.error(
          V.Loc, Path,
          Twine("expected a list of integers") +
              (unitOf(K.Name).empty() ? "" : " (in " + unitOf(K.Name) + ")") +
              ", got " + V.describe());
      return false;
    }
    if (V.Items.empty()) {
      D.error(V.Loc, Path, "must not be empty");
      return false;
    }
    std::vector<unsigned> Out;
    KeyInfo Elem = K;
    Elem.Type = VType::Int;
    for (size_t I = 0; I < V.Items.size(); ++I) {
      double X;
      std::string ItemPath = Path + "[" + std::to_string(I) + "]";
      if (!readNumber(Elem, V.Items[I], ItemPath, X))
        return false;
      if (!Out.empty() && unsigned(X) <= Out.back()) {
        D.error(V.Items[I].Loc, ItemPath,
                "the list must be in increasing order");
        return false;
      }
      Out.push_back(unsigned(X));
    }
    Spec.*K.L = Out;
    Num = Out.back();
    return true;
  }
  case VType::CC: {
    // "8.0": major 1..15, minor 0..9.
    StringRef T = V.Text;
    auto [MajorText, MinorText] = T.split('.');
    unsigned Major = 0, Minor = 0;
    bool Bad = V.K != YNode::Scalar || MajorText.getAsInteger(10, Major) ||
               MinorText.size() != 1 || MinorText.getAsInteger(10, Minor);
    if (Bad) {
      D.error(
          V.Loc, Path,
          "expected a compute capability written MAJOR.MINOR (\"8.0\"), got " +
              (V.K == YNode::Scalar ? "'" + V.Text + "'"
                                    : std::string(V.describe())));
      return false;
    }
    if (Major < 1 || Major > 15) {
      D.error(V.Loc, Path,
              T + " is out of range: the major version must be "
                  "between 1 and 15");
      return false;
    }
    Spec.Major = int(Major);
    Spec.Minor = int(Minor);
    HaveCC = true;
    Num = Major * 10 + Minor;
    return true;
  }
  }
  return false;
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
      if (!convert(Doc.getRoot(), Root, D, 0) && !SyntaxFailed)
        D.error(SMLoc(), "", "could not read the YAML document");
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
