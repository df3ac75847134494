//===- CompileFlagsArch.cpp - GPU architectures of nvcc command lines -----===//
//
// -arch, -code and -gencode name real (sm_XX) and virtual (compute_XX)
// architectures; the translation keeps the real ones clang can compile for,
// in order, and records all of them in TranslatedCommand::GpuArchs.
//
//===----------------------------------------------------------------------===//
#include "Frontend/CompileFlagsInternal.h"

#include "llvm/ADT/Twine.h"

namespace warplint {
namespace nvcc {

/// "sm_80" for sm_80, compute_80 and lto_80 (suffixes kept); Virtual says
/// which it was. None for a name that is not an architecture.
std::optional<std::string> Translator::parseArch(StringRef V, bool &Virtual) {
  StringRef Rest = V;
  if (Rest.consume_front("sm_"))
    Virtual = false;
  else if (Rest.consume_front("compute_") || Rest.consume_front("lto_"))
    Virtual = true;
  else
    return std::nullopt;
  StringRef Digits =
      Rest.take_while([](char C) { return C >= '0' && C <= '9'; });
  StringRef Suffix = Rest.drop_front(Digits.size());
  if (Digits.empty() ||
      !std::all_of(Suffix.begin(), Suffix.end(),
                   [](char C) { return C >= 'a' && C <= 'z'; }))
    return std::nullopt;
  return ("sm_" + Rest).str();
}

std::string Translator::namesOf(size_t From) const {
  std::string S;
  for (size_t I = From; I < Archs.size(); ++I)
    S += (S.empty() ? "" : ", ") + Archs[I].Name;
  return S.empty() ? "none" : S;
}

/// Quotes and backslashes around a value survive when the compile database
/// gives "arguments" rather than a shell "command"; nvcc's values never
/// contain them otherwise.
std::string Translator::unquote(StringRef V) {
  std::string S;
  for (char C : V)
    if (C != '"' && C != '\'' && C != '\\')
      S += C;
  return S;
}

void Translator::doArch(StringRef Spelled, StringRef V) {
  markArchPos();
  size_t Before = Archs.size();
  std::string Clean = unquote(V);
  for (StringRef P : splitList(Clean)) {
    if (P == "native" || P == "all" || P == "all-major") {
      note("dropped '" + Spelled.str() +
           "': the architecture depends on the machine or toolkit; none "
           "recorded");
      continue;
    }
    bool Virtual = false;
    if (std::optional<std::string> A = parseArch(P, Virtual))
      addArch(*A, /*FromArchFlag=*/true);
    else
      note("ignored unrecognised GPU architecture '" + P.str() + "' in '" +
           Spelled.str() + "'");
  }
  if (Archs.size() > Before)
    note("translated '" + Spelled.str() + "' to GPU architecture " +
         namesOf(Before));
}

void Translator::doCode(StringRef Spelled, StringRef V) {
  markArchPos();
  size_t Before = Archs.size();
  std::string Clean = unquote(V);
  for (StringRef P : splitList(Clean)) {
    bool Virtual = false;
    std::optional<std::string> A = parseArch(P, Virtual);
    if (!A)
      note("ignored unrecognised GPU code '" + P.str() + "' in '" +
           Spelled.str() + "'");
    else if (!Virtual) {
      addArch(*A, false);
      CodeNamedReal = true;
    }
  }
  note("translated '" + Spelled.str() + "' to GPU architecture " +
       namesOf(Before));
}

/// arch=compute_80,code=sm_80 | code=[compute_80,sm_80] |
/// code="sm_70,compute_70". Elements without "key=" belong to the key
/// before them.
void Translator::doGencode(StringRef Spelled, StringRef V) {
  markArchPos();
  std::string Clean = unquote(V);
  std::vector<std::string> Elements;
  std::string Cur;
  int Depth = 0;
  for (char C : Clean) {
    if (C == '[')
      ++Depth;
    else if (C == ']')
      --Depth;
    if (C == ',' && Depth <= 0) {
      Elements.push_back(Cur);
      Cur.clear();
    } else {
      Cur += C;
    }
  }
  Elements.push_back(Cur);

  std::vector<std::string> ArchVals, CodeVals;
  std::vector<std::string> *Into = nullptr;
  for (const std::string &E : Elements) {
    StringRef El = E;
    if (El.contains('=')) {
      auto [Key, Val] = El.split('=');
      if (Key == "arch")
        Into = &ArchVals;
      else if (Key == "code")
        Into = &CodeVals;
      else {
        note("ignored '" + El.str() + "' in '" + Spelled.str() + "'");
        Into = nullptr;
        continue;
      }
      El = Val;
    }
    if (!Into)
      continue;
    for (StringRef P : splitList(El.trim("[] ")))
      Into->push_back(P.trim("[] ").str());
  }

  size_t Before = Archs.size();
  bool AnyReal = false;
  for (const std::string &C : CodeVals) {
    bool Virtual = false;
    std::optional<std::string> A = parseArch(C, Virtual);
    if (!A)
      note("ignored unrecognised GPU code '" + C + "' in '" + Spelled.str() +
           "'");
    else if (!Virtual) {
      addArch(*A, false);
      AnyReal = true;
    }
  }
  // PTX only (code=compute_XX): the code runs on at least that machine.
  if (!AnyReal)
    for (const std::string &C : ArchVals) {
      bool Virtual = false;
      if (std::optional<std::string> A = parseArch(C, Virtual))
        addArch(*A, false);
      else
        note("ignored unrecognised GPU architecture '" + C + "' in '" +
             Spelled.str() + "'");
    }
  note("translated '" + Spelled.str() + "' to GPU architecture " +
       namesOf(Before));
}

/// Chooses the architectures and puts their flags in place.
void Translator::finish() {
  std::vector<std::string> ArchArgs;
  for (const ArchEntry &E : Archs) {
    // nvcc: with -code naming real architectures, -arch only names the
    // virtual one (the PTX) they are compiled from.
    if (CodeNamedReal && E.FromArchFlag)
      continue;
    if (std::find(R.GpuArchs.begin(), R.GpuArchs.end(), E.Name) !=
        R.GpuArchs.end())
      continue;
    R.GpuArchs.push_back(E.Name);
    if (clangKnowsArch(E.Name))
      ArchArgs.push_back("--cuda-gpu-arch=" + E.Name);
    else
      note("not passing GPU architecture '" + E.Name +
           "' to clang: clang 19 does not know it");
  }
  size_t At = ArchPos ? *ArchPos : R.Args.size();
  R.Args.insert(R.Args.begin() + At, ArchArgs.begin(), ArchArgs.end());
}

} // namespace nvcc
} // namespace warplint
