//===- ArchYamlValues.cpp - One value of an architecture file -------------===//
//
// A value against its key of the table (ArchYamlKeys.cpp): numbers with
// their unit and range, booleans, the enumerations, lists and the compute
// capability, stored into the ArchSpec.
//
//===----------------------------------------------------------------------===//
#include "ArchYamlInternal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace llvm;

namespace warplint {
namespace archyaml {

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

} // namespace archyaml
} // namespace warplint
