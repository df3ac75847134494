//===- CompileFlagsInternal.h - Pieces of the nvcc translation -*- C++ -*-===//
//
// Internal to lib/Frontend. The nvcc option table is in CompileFlagsTable.cpp;
// the Translator, which rewrites one nvcc command line, has its GPU
// architecture handling in CompileFlagsArch.cpp and the rest in
// CompileFlags.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_COMPILEFLAGSINTERNAL_H
#define WARPLINT_FRONTEND_COMPILEFLAGSINTERNAL_H

#include "Frontend/CompileFlags.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace warplint {
namespace nvcc {

using llvm::StringRef;

//===----------------------------------------------------------------------===//
// The option table (CompileFlagsTable.cpp)
//===----------------------------------------------------------------------===//

/// Whether clang 19's driver accepts \p Arch in --cuda-gpu-arch=.
bool clangKnowsArch(StringRef Arch);

/// nvcc's warning kinds, the values of its --Werror option.
bool isNvccWarningKind(StringRef K);

enum class Act {
  Drop,        // dropped, with a note
  Keep,        // emitted as Out
  Joined,      // Out + value, one argument per list element
  Separate,    // Out, value: two arguments per list element
  Arch,        // -arch
  Code,        // -code
  Gencode,     // -gencode
  Rdc,         // -rdc=true|false
  DeviceC,     // -dc
  Xcompiler,   // -Xcompiler
  Lang,        // -x
  MaxReg,      // -maxrregcount
  OptionsFile, // --options-file
  Forward,     // -forward-unknown-to-host-compiler
  Werror,      // -Werror [kind,...]
  Optimize,    // -O level
  Machine,     // --machine 64
};

struct Option {
  const char *Names; // '|'-separated, without the leading dashes
  Act A;
  bool Value;                // takes a value ("=V" or the next argument)
  const char *Out = nullptr; // clang spelling for Keep/Joined/Separate
  bool List = false;         // the value is a comma-separated list
  bool Note = false;         // note the rewrite (Keep with a new meaning)
};

/// The table entry named \p Name (without the dashes and any "=value"), or
/// null.
const Option *findOption(StringRef Name);

/// The entry for an option nvcc accepts with the value glued on (-I/x, -DX,
/// -O3, ...) that \p Body (without the dashes) spells, with that value in
/// \p Joined; null when there is none.
const Option *findJoinedOption(StringRef Body,
                               std::optional<std::string> &Joined);

/// The elements of a comma-separated list, without empty ones.
std::vector<StringRef> splitList(StringRef V);

//===----------------------------------------------------------------------===//
// The translator
//===----------------------------------------------------------------------===//

struct Translator {
  StringRef Directory;
  TranslatedCommand &R;
  bool Forward = false;

  // GPU architectures, in order, before the final choice.
  struct ArchEntry {
    std::string Name;
    bool FromArchFlag; // -arch; superseded by a -code naming a real one
  };
  std::vector<ArchEntry> Archs;
  bool CodeNamedReal = false;
  std::optional<size_t> ArchPos; // where the --cuda-gpu-arch= flags go
  std::optional<size_t> FirstInput;

  Translator(StringRef Directory, TranslatedCommand &R)
      : Directory(Directory), R(R) {}

  void note(const std::string &N) { R.Notes.push_back(N); }

  void emit(StringRef S) {
    // nvcc allows both -rdc=true and -dc; clang needs its flag once.
    if ((S == "-c" || S == "-fgpu-rdc") &&
        std::find(R.Args.begin(), R.Args.end(), S) != R.Args.end())
      return;
    R.Args.push_back(S.str());
  }

  void markArchPos() {
    if (!ArchPos)
      ArchPos = R.Args.size();
  }

  void addArch(std::string Name, bool FromArchFlag) {
    Archs.push_back({std::move(Name), FromArchFlag});
  }

  // GPU architectures (CompileFlagsArch.cpp)
  static std::optional<std::string> parseArch(StringRef V, bool &Virtual);
  std::string namesOf(size_t From) const;
  static std::string unquote(StringRef V);
  void doArch(StringRef Spelled, StringRef V);
  void doCode(StringRef Spelled, StringRef V);
  void doGencode(StringRef Spelled, StringRef V);
  void finish();

  // The other flags (CompileFlags.cpp)

  /// One flag of the command line, as run() reads it.
  struct Flag {
    const Option *O = nullptr;
    std::string Spelled; // the flag as written (for notes)
    std::string Value;
    bool HasEq = false; // written as name=value
    StringRef EqVal;    // the value after '='
  };

  static bool isForward(StringRef A);
  static bool looksLikeOptLevel(StringRef V);
  void run(const std::vector<std::string> &Args, size_t From, unsigned Depth);
  bool readValue(Flag &Fl, const std::optional<std::string> &Joined,
                 const std::vector<std::string> &Args, size_t &I);
  void apply(const Flag &Fl, const std::vector<std::string> &Args, size_t &I,
             unsigned Depth);
  void doRdc(const std::string &Spelled, const std::string &Value);
  void doMaxReg(const std::string &Spelled, const std::string &Value);
  void doWerror(const Flag &Fl, const std::vector<std::string> &Args,
                size_t &I);
  void doXcompiler(StringRef Spelled, StringRef V);
  void doLang(StringRef Spelled, StringRef V);
  void doOptionsFile(StringRef Spelled, StringRef V, unsigned Depth);
};

} // namespace nvcc
} // namespace warplint

#endif
