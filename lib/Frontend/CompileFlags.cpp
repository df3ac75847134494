//===- CompileFlags.cpp - nvcc command lines to clang's -------------------===//
//
// nvcc spells most options either with one dash or two, and gives values
// either after '=' or as the next argument; "list" options take several
// values separated by commas. Each argument is looked up by its name with
// the dashes and any "=value" removed, in one table (CompileFlagsTable.cpp);
// names nvcc glues their value to (-I/x, -DX, -O3, ...) are tried after
// that. GPU architectures are in CompileFlagsArch.cpp.
//
//===----------------------------------------------------------------------===//
#include "Frontend/CompileFlagsInternal.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <algorithm>

using llvm::StringRef;

namespace warplint {
namespace nvcc {

/// Translates Args[From...] into R.Args.
void Translator::run(const std::vector<std::string> &Args, size_t From,
                     unsigned Depth) {
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
    Flag Fl;
    Fl.HasEq = Body.contains('=');
    Fl.EqVal = EqVal;
    Fl.O = findOption(Name);
    std::optional<std::string> Joined;
    if (!Fl.O && !TwoDashes)
      Fl.O = findJoinedOption(Body, Joined);
    if (!Fl.O) {
      if (Forward)
        R.Args.push_back(A.str());
      else
        note("dropped unknown nvcc flag '" + A.str() + "'");
      continue;
    }
    Fl.Spelled = A.str();
    if (!readValue(Fl, Joined, Args, I))
      continue;
    apply(Fl, Args, I, Depth);
  }
}

/// The value of \p Fl: glued on, after '=', or the next argument (then \p I
/// moves past it). False, with a note, when a value is needed but missing.
bool Translator::readValue(Flag &Fl, const std::optional<std::string> &Joined,
                           const std::vector<std::string> &Args, size_t &I) {
  const Option *O = Fl.O;
  std::string &Value = Fl.Value, &Spelled = Fl.Spelled;
  if (Joined) {
    Value = *Joined;
  } else if (O->A == Act::Werror) {
    // Handled by doWerror(): its value is optional.
  } else if (O->A == Act::Optimize && !Fl.HasEq) {
    if (I + 1 < Args.size() && looksLikeOptLevel(Args[I + 1])) {
      Value = Args[++I];
      Spelled += " " + Value;
    }
  } else if (O->Value) {
    if (Fl.HasEq) {
      Value = Fl.EqVal.str();
    } else if (I + 1 < Args.size()) {
      Value = Args[++I];
      Spelled += " " + Value;
    } else {
      note("dropped '" + Spelled + "': it needs a value");
      return false;
    }
  }
  return true;
}

/// Emits what \p Fl stands for.
void Translator::apply(const Flag &Fl, const std::vector<std::string> &Args,
                       size_t &I, unsigned Depth) {
  const Option *O = Fl.O;
  const std::string &Value = Fl.Value, &Spelled = Fl.Spelled;
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
    doRdc(Spelled, Value);
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
  case Act::MaxReg:
    doMaxReg(Spelled, Value);
    break;
  case Act::OptionsFile:
    doOptionsFile(Spelled, Value, Depth);
    break;
  case Act::Forward:
    Forward = true;
    note("dropped '" + Spelled +
         "' (unknown flags are kept as host compiler flags)");
    break;
  case Act::Werror:
    doWerror(Fl, Args, I);
    break;
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

/// -rdc=true|false.
void Translator::doRdc(const std::string &Spelled, const std::string &Value) {
  if (Value == "true") {
    emit("-fgpu-rdc");
    note("translated '" + Spelled + "' to '-fgpu-rdc'");
  } else if (Value == "false") {
    note("dropped nvcc flag '" + Spelled + "'");
  } else {
    note("dropped '" + Spelled + "': expected true or false");
  }
}

/// -maxrregcount N: recorded for occupancy, not passed on.
void Translator::doMaxReg(const std::string &Spelled,
                          const std::string &Value) {
  unsigned N = 0;
  if (StringRef(Value).getAsInteger(10, N)) {
    note("dropped '" + Spelled + "': not a register count");
  } else {
    R.MaxRegCount = N;
    note("dropped '" + Spelled + "' (recorded as maxrregcount " +
         std::to_string(N) + ")");
  }
}

/// -Werror, whose value (a list of nvcc's warning kinds) is optional.
void Translator::doWerror(const Flag &Fl, const std::vector<std::string> &Args,
                          size_t &I) {
  auto AllKinds = [](StringRef V) {
    std::vector<StringRef> Kinds = splitList(V);
    return !Kinds.empty() &&
           std::all_of(Kinds.begin(), Kinds.end(), isNvccWarningKind);
  };
  if (Fl.HasEq) {
    if (AllKinds(Fl.EqVal))
      note("dropped nvcc flag '" + Fl.Spelled + "'");
    else
      emit(("-Werror=" + Fl.EqVal).str());
  } else if (I + 1 < Args.size() && AllKinds(Args[I + 1])) {
    note("dropped nvcc flag '" + Fl.Spelled + " " + Args[I + 1] + "'");
    ++I;
  } else {
    emit("-Werror");
  }
}

bool Translator::isForward(StringRef A) {
  if (!A.consume_front("-"))
    return false;
  A.consume_front("-");
  const Option *O = findOption(A);
  return O && O->A == Act::Forward;
}

bool Translator::looksLikeOptLevel(StringRef V) {
  return V == "0" || V == "1" || V == "2" || V == "3" || V == "s" ||
         V == "z" || V == "g" || V == "fast";
}

void Translator::doXcompiler(StringRef Spelled, StringRef V) {
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

void Translator::doLang(StringRef Spelled, StringRef V) {
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

void Translator::doOptionsFile(StringRef Spelled, StringRef V, unsigned Depth) {
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

} // namespace nvcc

namespace {

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
      for (StringRef P : nvcc::splitList(A))
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

bool hasNvccOnlyFlag(llvm::ArrayRef<std::string> Args) {
  static const char *Only[] = {
      "-arch=", "--gpu-architecture", "-gencode", "--generate-code", "-code=",
      "--gpu-code", "-maxrregcount", "--maxrregcount", "-Xcompiler",
      "--compiler-options", "-Xptxas", "--ptxas-options", "-rdc",
      "--relocatable-device-code", "-lineinfo", "--generate-line-info",
      "-use_fast_math", "--use_fast_math", "--expt-relaxed-constexpr",
      "--expt-extended-lambda", "--extended-lambda", "-ccbin",
      "--compiler-bindir", "-dlto", "-dc", "--device-c"};
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-arch" && I + 1 < Args.size() &&
        (StringRef(Args[I + 1]).starts_with("sm_") ||
         StringRef(Args[I + 1]).starts_with("compute_")))
      return true;
    for (const char *O : Only) {
      StringRef S(O);
      if (S.ends_with("=") ? A.starts_with(S)
                           : (A == S || A.starts_with(S.str() + "=")))
        return true;
    }
  }
  return false;
}

TranslatedCommand translateCompileCommand(llvm::ArrayRef<std::string> Args,
                                          StringRef Directory) {
  TranslatedCommand R;
  if (Args.empty())
    return R;
  // The flags after `--` on warplint's command line come with the compiler
  // "clang-tool" (clang's tooling names it so): nvcc's when one of them is
  // only nvcc's.
  const bool DashDash = llvm::sys::path::filename(Args[0]) == "clang-tool" &&
                        hasNvccOnlyFlag(Args.drop_front());
  if (!isNvcc(Args[0]) && !DashDash) {
    R.Args.assign(Args.begin(), Args.end());
    collectClangFlags(Args, R);
    return R;
  }
  R.WasNvcc = true;
  if (!isNvcc(Args[0]))
    R.Notes.push_back("the flags after '--' are nvcc's (" +
                      llvm::join(Args.drop_front(), " ") +
                      "): translated as an nvcc command's");
  R.Args.push_back(Args[0]);
  if (!DashDash) // no toolkit is named
    R.CudaPath = cudaPathOf(Args[0], Directory);
  if (!R.CudaPath.empty())
    R.Args.push_back("--cuda-path=" + R.CudaPath);

  nvcc::Translator T(Directory, R);
  // nvcc reads all its options before acting on them: the forwarding flag
  // counts wherever it stands on the command line.
  for (size_t I = 1; I < Args.size(); ++I)
    if (nvcc::Translator::isForward(Args[I]))
      T.Forward = true;
  std::vector<std::string> Copy(Args.begin(), Args.end());
  T.run(Copy, 1, 0);
  T.finish();
  return R;
}

} // namespace warplint
