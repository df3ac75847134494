//===- ArchYamlInternal.h - Pieces of the arch/*.yaml reader ----*- C++ -*-===//
//
// Internal to lib/Arch: what the files of parseArchYaml share.
//   ArchYamlKeys.cpp      the key table: types, units, ranges, when required
//   ArchYaml.cpp          reading the YAML document into a tree of YNodes
//   ArchYamlValidate.cpp  the document's structure, provenance, cross checks
//   ArchYamlValues.cpp    one value against its key: type, unit, range
// Every problem is reported, not only the first, as
// "FILE:LINE:COL: KEY: PROBLEM" (Diagnostics).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ARCH_ARCHYAMLINTERNAL_H
#define WARPLINT_ARCH_ARCHYAMLINTERNAL_H

#include "Arch/ArchDatabase.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <map>
#include <string>
#include <vector>

namespace warplint {
namespace archyaml {

//===----------------------------------------------------------------------===//
// The key table (ArchYamlKeys.cpp)
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

/// Every key of the 'values' mapping, in the order of docs/arch.md.
const std::vector<KeyInfo> &keyTable();
/// The key called \p Name, or nullptr.
const KeyInfo *lookupKey(llvm::StringRef Name);
/// The unit a key's name carries, for messages.
llvm::StringRef unitOf(llvm::StringRef Key);
/// 2048, 0.1, 1e+05: as short as the value allows.
std::string num(double X);
/// "did you mean 'x'?" among \p Candidates, or "".
std::string didYouMean(llvm::StringRef Word,
                       llvm::ArrayRef<llvm::StringRef> Candidates);

//===----------------------------------------------------------------------===//
// The document as a tree with positions (ArchYaml.cpp)
//===----------------------------------------------------------------------===//

struct YNode {
  enum Kind { Null, Scalar, Map, Seq } K = Null;
  std::string Text;   ///< Scalar: the value, unquoted and unescaped
  bool Plain = false; ///< Scalar: written without quotes
  llvm::SMLoc Loc;
  // Map
  std::vector<std::string> Keys;
  std::vector<llvm::SMLoc> KeyLocs;
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
  Diagnostics(llvm::StringRef File, llvm::SourceMgr &SM) : File(File), SM(SM) {}

  void error(llvm::SMLoc Loc, const llvm::Twine &Key, const llvm::Twine &Msg) {
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
  void syntax(const llvm::SMDiagnostic &D) {
    std::string Where = File.empty() ? std::string("<arch>") : File.str();
    Msgs.push_back(Where + ":" + std::to_string(D.getLineNo()) + ":" +
                   std::to_string(D.getColumnNo() + 1) +
                   ": YAML syntax error: " + D.getMessage().str());
  }
  bool any() const { return !Msgs.empty(); }
  llvm::Error take() {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   llvm::join(Msgs, "\n"));
  }

private:
  llvm::StringRef File;
  llvm::SourceMgr &SM;
  std::vector<std::string> Msgs;
};

//===----------------------------------------------------------------------===//
// Validation (ArchYamlValidate.cpp, ArchYamlValues.cpp)
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
  Validator(llvm::StringRef File, Diagnostics &D) : File(File), D(D) {}

  void run(const YNode &Root, ArchSpec &Spec);

private:
  const YNode *get(const YNode &Map, llvm::StringRef Key) const {
    for (size_t I = 0; I < Map.Keys.size(); ++I)
      if (Map.Keys[I] == Key)
        return &Map.Values[I];
    return nullptr;
  }
  void rejectUnknownAndDuplicateKeys(const YNode &Map, llvm::StringRef Path,
                                     llvm::ArrayRef<llvm::StringRef> Known);
  bool scalarString(const YNode *N, llvm::StringRef Key, std::string &Out,
                    bool NonEmpty = true);
  void readSources(const YNode &N, ArchSpec &Spec);
  void readValues(const YNode &N, ArchSpec &Spec);
  void readEntry(const std::string &Key, llvm::SMLoc KeyLoc, const YNode &Entry,
                 ArchSpec &Spec);
  bool readValue(const KeyInfo &K, const YNode &V, const std::string &Path,
                 ArchSpec &Spec, double &Num);
  bool readNumber(const KeyInfo &K, const YNode &V, const std::string &Path,
                  double &Out);
  void checkRequired(const YNode &Values, llvm::SMLoc ValuesLoc,
                     ArchSpec &Spec);
  void checkConsistency(ArchSpec &Spec);
  void checkStandsFor(const YNode *N, ArchSpec &Spec);

  llvm::StringRef File;
  Diagnostics &D;
  std::map<std::string, Loaded> Seen;
  bool HaveCC = false;
};

} // namespace archyaml
} // namespace warplint

#endif
