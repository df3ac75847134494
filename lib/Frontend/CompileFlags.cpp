//===- CompileFlags.cpp - nvcc command lines to clang's -------------------===//
//
// nvcc spells most options either with one dash or two, and gives values
// either after '=' or as the next argument; "list" options take several
// values separated by commas. Each argument is looked up by its name with
// the dashes and any "=value" removed, in one table below; names nvcc glues
// their value to (-I/x, -DX, -O3, ...) are tried after that.
//
//===----------------------------------------------------------------------===//
#include "Frontend/CompileFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <algorithm>
#include <cstring>

using llvm::StringRef;

namespace warplint {

namespace {

/// The CUDA architectures clang 19's driver accepts in --cuda-gpu-arch=,
/// found by running
///   clang-19 --cuda-gpu-arch=sm_XX -nocudainc -nocudalib --cuda-device-only
///            -fsyntax-only -x cuda /dev/null
/// for each name: sm_100, sm_100a, sm_101, sm_103, sm_120 and sm_80a are
/// rejected ("unsupported CUDA gpu architecture").
constexpr const char *Clang19CudaArchs[] = {
    "sm_20", "sm_21", "sm_30", "sm_32", "sm_35", "sm_37", "sm_50",
    "sm_52", "sm_53", "sm_60", "sm_61", "sm_62", "sm_70", "sm_72",
    "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_90a"};

bool clangKnowsArch(StringRef Arch) {
  for (const char *A : Clang19CudaArchs)
    if (Arch == A)
      return true;
  return false;
}

/// nvcc's warning kinds, the values of its --Werror option.
bool isNvccWarningKind(StringRef K) {
  return K == "cross-execution-space-call" || K == "reorder" ||
         K == "deprecated-declarations" || K == "default-stream-launch" ||
         K == "ext-lambda-captures-this" || K == "all-warnings";
}

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

const Option Options[] = {
    // Kept, or respelled as clang spells them.
    {"c|compile", Act::Keep, false, "-c"},
    {"E|preprocess", Act::Keep, false, "-E"},
    {"g|debug", Act::Keep, false, "-g"},
    {"w|disable-warnings", Act::Keep, false, "-w"},
    {"M|generate-dependencies", Act::Keep, false, "-M"},
    {"MM|generate-nonsystem-dependencies", Act::Keep, false, "-MM"},
    {"MD|generate-dependencies-with-compile", Act::Keep, false, "-MD"},
    {"MMD|generate-nonsystem-dependencies-with-compile", Act::Keep, false,
     "-MMD"},
    {"MP|generate-dependency-targets", Act::Keep, false, "-MP"},
    {"MF|dependency-output", Act::Separate, true, "-MF"},
    {"MT|dependency-target-name", Act::Separate, true, "-MT"},
    {"o|output-file", Act::Separate, true, "-o"},
    {"include|pre-include", Act::Separate, true, "-include", true},
    {"isystem|system-include", Act::Separate, true, "-isystem", true},
    {"I|include-path", Act::Joined, true, "-I", true},
    {"D|define-macro", Act::Joined, true, "-D", true},
    {"U|undefine-macro", Act::Joined, true, "-U", true},
    {"l|library", Act::Joined, true, "-l", true},
    {"L|library-path", Act::Joined, true, "-L", true},
    {"std", Act::Joined, true, "-std="},
    {"ftemplate-depth", Act::Joined, true, "-ftemplate-depth="},
    {"ftemplate-backtrace-limit", Act::Joined, true,
     "-ftemplate-backtrace-limit="},
    {"m64", Act::Keep, false, "-m64"},
    {"m32", Act::Keep, false, "-m32"},
    {"Wreorder", Act::Keep, false, "-Wreorder"},
    {"Wno-deprecated-declarations", Act::Keep, false,
     "-Wno-deprecated-declarations"},
    {"use_fast_math", Act::Keep, false, "-ffast-math", false, true},
    {"noeh|no-exceptions", Act::Keep, false, "-fno-exceptions", false, true},
    {"dw|device-w", Act::Keep, false, "-c", false, true},
    // Translated.
    {"O|optimize", Act::Optimize, true},
    {"m|machine", Act::Machine, true},
    {"x", Act::Lang, true},
    {"Werror", Act::Werror, false},
    {"arch|gpu-architecture", Act::Arch, true},
    {"code|gpu-code", Act::Code, true},
    {"gencode|generate-code", Act::Gencode, true},
    {"rdc|relocatable-device-code", Act::Rdc, true},
    {"dc|device-c", Act::DeviceC, false},
    {"Xcompiler|compiler-options", Act::Xcompiler, true},
    {"maxrregcount", Act::MaxReg, true},
    {"optf|options-file", Act::OptionsFile, true, nullptr, true},
    {"forward-unknown-to-host-compiler|forward-unknown-to-host-linker|"
     "forward-unknown-opts",
     Act::Forward, false},
    // Dropped: device code generation, linking, nvcc's own driver and
    // diagnostics, none of which the analysis needs.
    {"expt-relaxed-constexpr|expt-extended-lambda|extended-lambda|"
     "dlink|device-link|lineinfo|generate-line-info|G|device-debug|"
     "display-error-number|err-no|no-display-error-number|no-err-no|"
     "res-usage|resource-usage|keep|src-in-ptx|source-in-ptx|ptx|cubin|"
     "fatbin|optix-ir|cuda|link|lib|run|restrict|Wno-deprecated-gpu-targets|"
     "Wdefault-stream-launch|Wmissing-launch-bounds|Wext-lambda-captures-this|"
     "allow-unsupported-compiler|use-local-env|objtemp|objdir-as-tempdir|"
     "ewp|extensible-whole-program|lto|dlto|dlink-time-opt|save-temps|"
     "noprof|dont-use-profile|dryrun|nohdinitlist|"
     "no-host-device-initializer-list|nohdmoveforward|"
     "no-host-device-move-forward|pg|profile|shared|"
     "extra-device-vectorization|astoolspatch|compile-as-tools-patch|"
     "list-gpu-code|list-gpu-arch|arch-ls|code-ls|keep-device-functions|"
     "fdevice-syntax-only|host-relocatable-link|no-device-link|"
     "no-align-double|v|verbose|h|help|V|version",
     Act::Drop, false},
    {"Xptxas|ptxas-options|Xlinker|linker-options|Xnvlink|nvlink-options|"
     "Xarchive|archive-options|Xcudafe|Xfatbin|fatbin-options|ccbin|"
     "compiler-bindir|default-stream|diag-suppress|diag-error|diag-warn|"
     "t|threads|keep-dir|odir|output-directory|cudart|cudadevrt|fmad|ftz|"
     "prec-div|prec-sqrt|dopt|time|split-compile|split-compile-extended|Ofc|"
     "Ofast-compile|jtd|jump-table-density|hls|host-linker-script|"
     "static-global-template-stub|device-entity-has-hidden-visibility|"
     "frandom-seed|device-stack-protector|e|entries|idp|input-drive-prefix|"
     "ddp|dependency-drive-prefix|run-args|qpp-config|fdevice-time-trace|"
     "fdevice-sanitize",
     Act::Drop, true},
};

const Option *findOption(StringRef Name) {
  for (const Option &O : Options) {
    StringRef Names = O.Names;
    while (!Names.empty()) {
      auto [N, Rest] = Names.split('|');
      if (N == Name)
        return &O;
      Names = Rest;
    }
  }
  return nullptr;
}

/// Options nvcc accepts with the value glued on (-I/x, -DX, -O3, ...), tried
/// when the argument's name is not in the table.
struct JoinedForm {
  const char *Prefix;
  const char *Name; // the table entry it means
};
const JoinedForm JoinedForms[] = {{"isystem", "isystem"},
                                  {"I", "I"},
                                  {"D", "D"},
                                  {"U", "U"},
                                  {"L", "L"},
                                  {"l", "l"},
                                  {"O", "O"}};

std::vector<StringRef> splitList(StringRef V) {
  llvm::SmallVector<StringRef, 4> Parts;
  V.split(Parts, ',', -1, /*KeepEmpty=*/false);
  return std::vector<StringRef>(Parts.begin(), Parts.end());
}

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

  /// "sm_80" for sm_80, compute_80 and lto_80 (suffixes kept); Virtual says
  /// which it was. None for a name that is not an architecture.
  static std::optional<std::string> parseArch(StringRef V, bool &Virtual) {
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

  void addArch(std::string Name, bool FromArchFlag) {
    Archs.push_back({std::move(Name), FromArchFlag});
  }

  std::string namesOf(size_t From) const {
    std::string S;
    for (size_t I = From; I < Archs.size(); ++I)
      S += (S.empty() ? "" : ", ") + Archs[I].Name;
    return S.empty() ? "none" : S;
  }

  void doArch(StringRef Spelled, StringRef V) {
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

  void doCode(StringRef Spelled, StringRef V) {
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

  /// Quotes and backslashes around a value survive when the compile database
  /// gives "arguments" rather than a shell "command"; nvcc's values never
  /// contain them otherwise.
  static std::string unquote(StringRef V) {
    std::string S;
    for (char C : V)
      if (C != '"' && C != '\'' && C != '\\')
        S += C;
    return S;
  }

  /// arch=compute_80,code=sm_80 | code=[compute_80,sm_80] |
  /// code="sm_70,compute_70". Elements without "key=" belong to the key
  /// before them.
  void doGencode(StringRef Spelled, StringRef V) {
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

  void doXcompiler(StringRef Spelled, StringRef V) {
    std::string Added;
    for (StringRef P : splitList(V)) {
      // nvcc hands these to the host compiler through a shell, so
      // "-Xcompiler '-Wall -Wextra'" is two flags.
      if (P.find_first_of(" \t") != StringRef::npos) {
        llvm::BumpPtrAllocator Alloc;
        llvm::StringSaver Saver(Alloc);
        llvm::SmallVector<const char *, 8> Toks;
        llvm::cl::TokenizeGNUCommandLine(P, Saver, Toks);
        for (const char *T : Toks) {
          emit(T);
          Added += (Added.empty() ? "" : " ") + std::string(T);
        }
      } else {
        emit(P);
        Added += (Added.empty() ? "" : " ") + P.str();
      }
    }
    note("translated '" + Spelled.str() + "' to host flags '" + Added + "'");
  }

  void doLang(StringRef Spelled, StringRef V) {
    std::string Lang = V == "cu" ? "cuda" : V.str();
    if (Lang != V)
      note("translated '" + Spelled.str() + "' to '-x " + Lang + "'");
    // nvcc's -x applies to every input; clang's only to those after it.
    if (FirstInput) {
      size_t At = *FirstInput;
      R.Args.insert(R.Args.begin() + At, {"-x", Lang});
      if (ArchPos && *ArchPos > At)
        *ArchPos += 2;
      *FirstInput += 2;
      return;
    }
    R.Args.push_back("-x");
    R.Args.push_back(Lang);
  }

  static bool looksLikeOptLevel(StringRef V) {
    return V == "0" || V == "1" || V == "2" || V == "3" || V == "s" ||
           V == "z" || V == "g" || V == "fast";
  }

  void doOptionsFile(StringRef Spelled, StringRef V, unsigned Depth) {
    for (StringRef F : splitList(V)) {
      llvm::SmallString<256> Path;
      if (llvm::sys::path::is_absolute(F) || Directory.empty())
        Path = F;
      else {
        Path = Directory;
        llvm::sys::path::append(Path, F);
      }
      if (Depth >= 16) {
        note("ignored options file '" + Path.str().str() +
             "': options files nested too deeply");
        continue;
      }
      auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
      if (!Buf) {
        note("cannot read options file '" + Path.str().str() + "' named by '" +
             Spelled.str() + "': " + Buf.getError().message());
        continue;
      }
      llvm::BumpPtrAllocator Alloc;
      llvm::StringSaver Saver(Alloc);
      llvm::SmallVector<const char *, 32> Toks;
      llvm::cl::TokenizeGNUCommandLine((*Buf)->getBuffer(), Saver, Toks);
      std::vector<std::string> Inner(Toks.begin(), Toks.end());
      note("expanded options file '" + Path.str().str() + "'");
      run(Inner, 0, Depth + 1);
    }
  }

  static bool isForward(StringRef A) {
    if (!A.consume_front("-"))
      return false;
    A.consume_front("-");
    const Option *O = findOption(A);
    return O && O->A == Act::Forward;
  }

  /// Translates Args[From...] into R.Args.
  void run(const std::vector<std::string> &Args, size_t From, unsigned Depth) {
    for (size_t I = From; I < Args.size(); ++I) {
      StringRef A = Args[I];
      if (A.size() < 2 || A[0] != '-') {
        if (!FirstInput)
          FirstInput = R.Args.size();
        R.Args.push_back(A.str());
        continue;
      }
      bool TwoDashes = A.starts_with("--");
      StringRef Body = A.drop_front(TwoDashes ? 2 : 1);
      auto [Name, EqVal] = Body.split('=');
      bool HasEq = Body.contains('=');
      const Option *O = findOption(Name);
      std::optional<std::string> Joined;
      if (!O && !TwoDashes) {
        for (const JoinedForm &J : JoinedForms)
          if (Body.starts_with(J.Prefix) && Body.size() > strlen(J.Prefix)) {
            O = findOption(J.Name);
            Joined = Body.drop_front(strlen(J.Prefix)).str();
            break;
          }
      }
      if (!O) {
        if (Forward)
          R.Args.push_back(A.str());
        else
          note("dropped unknown nvcc flag '" + A.str() + "'");
        continue;
      }

      // The value, and the flag as written (for notes).
      std::string Value;
      std::string Spelled = A.str();
      if (Joined) {
        Value = *Joined;
      } else if (O->A == Act::Werror) {
        // Handled below: its value is optional.
      } else if (O->A == Act::Optimize && !HasEq) {
        if (I + 1 < Args.size() && looksLikeOptLevel(Args[I + 1])) {
          Value = Args[++I];
          Spelled += " " + Value;
        }
      } else if (O->Value) {
        if (HasEq) {
          Value = EqVal.str();
        } else if (I + 1 < Args.size()) {
          Value = Args[++I];
          Spelled += " " + Value;
        } else {
          note("dropped '" + Spelled + "': it needs a value");
          continue;
        }
      }

      switch (O->A) {
      case Act::Drop:
        note("dropped nvcc flag '" + Spelled + "'");
        break;
      case Act::Keep:
        emit(O->Out);
        if (O->Note)
          note("translated '" + Spelled + "' to '" + O->Out + "'");
        break;
      case Act::Joined:
        if (O->List)
          for (StringRef P : splitList(Value))
            emit((O->Out + P).str());
        else
          emit(O->Out + Value);
        break;
      case Act::Separate:
        for (StringRef P :
             O->List ? splitList(Value) : std::vector<StringRef>{Value}) {
          emit(O->Out);
          emit(P);
        }
        break;
      case Act::Arch:
        doArch(Spelled, Value);
        break;
      case Act::Code:
        doCode(Spelled, Value);
        break;
      case Act::Gencode:
        doGencode(Spelled, Value);
        break;
      case Act::Rdc:
        if (Value == "true") {
          emit("-fgpu-rdc");
          note("translated '" + Spelled + "' to '-fgpu-rdc'");
        } else if (Value == "false") {
          note("dropped nvcc flag '" + Spelled + "'");
        } else {
          note("dropped '" + Spelled + "': expected true or false");
        }
        break;
      case Act::DeviceC:
        emit("-fgpu-rdc");
        emit("-c");
        note("translated '" + Spelled + "' to '-fgpu-rdc -c'");
        break;
      case Act::Xcompiler:
        doXcompiler(Spelled, Value);
        break;
      case Act::Lang:
        doLang(Spelled, Value);
        break;
      case Act::MaxReg: {
        unsigned N = 0;
        if (StringRef(Value).getAsInteger(10, N)) {
          note("dropped '" + Spelled + "': not a register count");
        } else {
          R.MaxRegCount = N;
          note("dropped '" + Spelled + "' (recorded as maxrregcount " +
               std::to_string(N) + ")");
        }
        break;
      }
      case Act::OptionsFile:
        doOptionsFile(Spelled, Value, Depth);
        break;
      case Act::Forward:
        Forward = true;
        note("dropped '" + Spelled +
             "' (unknown flags are kept as host compiler flags)");
        break;
      case Act::Werror: {
        auto AllKinds = [](StringRef V) {
          std::vector<StringRef> Kinds = splitList(V);
          return !Kinds.empty() &&
                 std::all_of(Kinds.begin(), Kinds.end(), isNvccWarningKind);
        };
        if (HasEq) {
          if (AllKinds(EqVal))
            note("dropped nvcc flag '" + Spelled + "'");
          else
            emit(("-Werror=" + EqVal).str());
        } else if (I + 1 < Args.size() && AllKinds(Args[I + 1])) {
          note("dropped nvcc flag '" + Spelled + " " + Args[I + 1] + "'");
          ++I;
        } else {
          emit("-Werror");
        }
        break;
      }
      case Act::Optimize:
        emit("-O" + Value);
        break;
      case Act::Machine:
        if (Value == "64" || Value == "32")
          emit("-m" + Value);
        else
          note("dropped nvcc flag '" + Spelled + "'");
        break;
      }
    }
  }

  /// Chooses the architectures and puts their flags in place.
  void finish() {
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
};

/// The toolkit above an nvcc at <toolkit>/bin/nvcc, or "".
std::string cudaPathOf(StringRef Nvcc, StringRef Directory) {
  auto Style = Nvcc.contains('\\') ? llvm::sys::path::Style::windows
                                   : llvm::sys::path::Style::posix;
  StringRef Bin = llvm::sys::path::parent_path(Nvcc, Style);
  if (Bin.empty() || llvm::sys::path::filename(Bin, Style) != "bin")
    return "";
  llvm::SmallString<256> P;
  if (!llvm::sys::path::is_absolute(Bin, Style) && !Directory.empty()) {
    P = Directory;
    llvm::sys::path::append(P, Style, Bin);
  } else {
    P = Bin;
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true, Style);
  StringRef Toolkit = llvm::sys::path::parent_path(P, Style);
  return Toolkit.str();
}

void collectClangFlags(llvm::ArrayRef<std::string> Args, TranslatedCommand &R) {
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A.consume_front("--cuda-gpu-arch=") ||
        A.consume_front("--offload-arch=")) {
      for (StringRef P : splitList(A))
        if (P.starts_with("sm_") &&
            std::find(R.GpuArchs.begin(), R.GpuArchs.end(), P) ==
                R.GpuArchs.end())
          R.GpuArchs.push_back(P.str());
    } else if (A.consume_front("--cuda-path=")) {
      R.CudaPath = A.str();
    }
  }
}

} // namespace

bool isNvcc(StringRef Compiler) {
  StringRef Name =
      llvm::sys::path::filename(Compiler, llvm::sys::path::Style::windows);
  return Name == "nvcc" || Name.equals_insensitive("nvcc.exe");
}

TranslatedCommand translateCompileCommand(llvm::ArrayRef<std::string> Args,
                                          StringRef Directory) {
  TranslatedCommand R;
  if (Args.empty())
    return R;
  if (!isNvcc(Args[0])) {
    R.Args.assign(Args.begin(), Args.end());
    collectClangFlags(Args, R);
    return R;
  }
  R.WasNvcc = true;
  R.Args.push_back(Args[0]);
  R.CudaPath = cudaPathOf(Args[0], Directory);
  if (!R.CudaPath.empty())
    R.Args.push_back("--cuda-path=" + R.CudaPath);

  Translator T(Directory, R);
  // nvcc reads all its options before acting on them: the forwarding flag
  // counts wherever it stands on the command line.
  for (size_t I = 1; I < Args.size(); ++I)
    if (Translator::isForward(Args[I]))
      T.Forward = true;
  std::vector<std::string> Copy(Args.begin(), Args.end());
  T.run(Copy, 1, 0);
  T.finish();
  return R;
}

} // namespace warplint
