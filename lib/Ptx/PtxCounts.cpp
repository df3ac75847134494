//===- PtxCounts.cpp - Instruction counts from PTX text ------------------===//
#include "Ptx/PtxCounts.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <cctype>
#include <map>

namespace warplint {

const char *toString(PtxClass C) {
  switch (C) {
  case PtxClass::Computation: return "computation";
  case PtxClass::Control: return "control";
  case PtxClass::GlobalLoad: return "global-load";
  case PtxClass::GlobalStore: return "global-store";
  case PtxClass::GlobalAtomic: return "global-atomic";
  case PtxClass::Shared: return "shared";
  case PtxClass::Constant: return "constant";
  case PtxClass::Local: return "local";
  case PtxClass::Param: return "param";
  case PtxClass::Generic: return "generic";
  case PtxClass::Texture: return "texture";
  case PtxClass::Sync: return "sync";
  }
  return "computation";
}

void PtxClassCounts::add(PtxClass C, double N) {
  switch (C) {
  case PtxClass::Computation: Computation += N; break;
  case PtxClass::Control: Control += N; break;
  case PtxClass::GlobalLoad: GlobalLoads += N; break;
  case PtxClass::GlobalStore: GlobalStores += N; break;
  case PtxClass::GlobalAtomic: GlobalAtomics += N; break;
  case PtxClass::Shared: Shared += N; break;
  case PtxClass::Constant: Constant += N; break;
  case PtxClass::Local: Local += N; break;
  case PtxClass::Param: Param += N; break;
  case PtxClass::Generic: Generic += N; break;
  case PtxClass::Texture: Texture += N; break;
  case PtxClass::Sync: Sync += N; break;
  }
  Total += N;
}

namespace {

using llvm::StringRef;

PtxClass classify(StringRef Opcode) {
  llvm::SmallVector<StringRef, 6> Parts;
  Opcode.split(Parts, '.');
  StringRef Base = Parts.empty() ? Opcode : Parts[0];
  auto Has = [&](StringRef M) {
    for (size_t I = 1; I < Parts.size(); ++I)
      if (Parts[I] == M || Parts[I].starts_with(M.str() + "::"))
        return true;
    return false;
  };
  if (Base == "bar" || Base == "barrier")
    return PtxClass::Sync;
  if (Base == "bra" || Base == "brx" || Base == "call" || Base == "ret" ||
      Base == "exit")
    return PtxClass::Control;
  if (Base == "tex" || Base == "tld4" || Base == "suld" || Base == "sust" ||
      Base == "sured" || Base == "txq" || Base == "suq")
    return PtxClass::Texture;
  if (Base == "cp" && Has("async")) // cp.async.ca.shared.global
    return PtxClass::GlobalLoad;
  bool Load = Base == "ld" || Base == "ldu";
  bool Store = Base == "st";
  bool Atomic = Base == "atom" || Base == "red";
  if (!Load && !Store && !Atomic)
    return PtxClass::Computation;
  if (Has("global"))
    return Load ? PtxClass::GlobalLoad
                : Store ? PtxClass::GlobalStore : PtxClass::GlobalAtomic;
  if (Has("shared"))
    return PtxClass::Shared;
  if (Has("const"))
    return PtxClass::Constant;
  if (Has("local"))
    return PtxClass::Local;
  if (Has("param"))
    return PtxClass::Param;
  return PtxClass::Generic;
}

bool isIdentChar(char C) {
  return std::isalnum((unsigned char)C) || C == '_' || C == '$' || C == '%';
}

/// Removes // and /* */ comments, keeping the newlines (line numbers).
std::string stripComments(const std::string &S) {
  std::string R;
  R.reserve(S.size());
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '/' && I + 1 < S.size() && S[I + 1] == '/') {
      while (I < S.size() && S[I] != '\n')
        ++I;
      if (I < S.size())
        R += '\n';
      continue;
    }
    if (S[I] == '/' && I + 1 < S.size() && S[I + 1] == '*') {
      I += 2;
      while (I + 1 < S.size() && !(S[I] == '*' && S[I + 1] == '/')) {
        if (S[I] == '\n')
          R += '\n';
        ++I;
      }
      ++I;
      continue;
    }
    R += S[I];
  }
  return R;
}

} // namespace

std::optional<std::vector<PtxKernel>> countPtx(const std::string &Ptx,
                                               std::string &Error) {
  const std::string S = stripComments(Ptx);
  std::vector<PtxKernel> Out;
  unsigned Line = 1;
  size_t I = 0;
  auto LineAt = [&](size_t From, size_t To) {
    for (size_t J = From; J < To && J < S.size(); ++J)
      if (S[J] == '\n')
        ++Line;
  };
  while (true) {
    size_t E = S.find(".entry", I);
    if (E == std::string::npos)
      break;
    // ".entry" as a whole word.
    if ((E > 0 && isIdentChar(S[E - 1])) ||
        (E + 6 < S.size() && isIdentChar(S[E + 6]))) {
      LineAt(I, E + 6);
      I = E + 6;
      continue;
    }
    LineAt(I, E);
    const unsigned EntryLine = Line;
    size_t N = E + 6;
    while (N < S.size() && std::isspace((unsigned char)S[N]))
      ++N;
    size_t NameEnd = N;
    while (NameEnd < S.size() && isIdentChar(S[NameEnd]))
      ++NameEnd;
    PtxKernel K;
    K.Name = S.substr(N, NameEnd - N);
    size_t Open = S.find('{', NameEnd);
    if (K.Name.empty() || Open == std::string::npos) {
      Error = "line " + std::to_string(EntryLine) +
              ": .entry without a name or a body";
      return std::nullopt;
    }
    LineAt(E, Open + 1);
    // The body: statements up to the matching '}'; nested { } scopes (around
    // calls) are entered.
    unsigned Depth = 1;
    std::map<std::string, unsigned> Labels;
    std::vector<std::pair<std::string, unsigned>> Branches; // target, index
    std::string Stmt;
    unsigned StmtLine = Line;
    unsigned OperandBraces = 0;
    size_t P = Open + 1;
    for (; P < S.size() && Depth > 0; ++P) {
      char C = S[P];
      if (C == '\n')
        ++Line;
      bool InStmt = !StringRef(Stmt).trim().empty();
      // Braces inside a statement group vector operands: {%f1, %f2}.
      if ((C == '{' && InStmt) || (C == '}' && OperandBraces > 0)) {
        OperandBraces += C == '{' ? 1 : -1;
        Stmt += C;
        continue;
      }
      if (C == '{' || C == '}') {
        if (InStmt) {
          Error = "line " + std::to_string(StmtLine) + ": statement '" +
                  StringRef(Stmt).trim().str() + "' in kernel '" + K.Name +
                  "' does not end with ';'";
          return std::nullopt;
        }
        Stmt.clear();
        Depth += C == '{' ? 1 : -1;
        continue;
      }
      if (StringRef(Stmt).trim().empty())
        StmtLine = Line;
      if (C == ':' ) {
        StringRef T = StringRef(Stmt).trim();
        // A label: an identifier alone before ':'.
        if (!T.empty() && llvm::all_of(T, isIdentChar)) {
          Labels[T.str()] = unsigned(K.Instructions.size());
          Stmt.clear();
          continue;
        }
      }
      if (C != ';') {
        Stmt += C;
        continue;
      }
      StringRef T = StringRef(Stmt).trim();
      Stmt.clear();
      if (T.empty() || T.starts_with("."))
        continue; // a directive: .reg, .local, .shared, .loc, .pragma
      if (T.starts_with("@")) {
        size_t Sp = T.find_first_of(" \t\n");
        T = Sp == StringRef::npos ? StringRef() : T.substr(Sp).ltrim();
      }
      size_t Sp = T.find_first_of(" \t\n");
      StringRef Opcode = T.substr(0, Sp);
      if (Opcode.empty())
        continue;
      PtxInstruction In;
      In.Opcode = Opcode.str();
      In.Class = classify(Opcode);
      In.Line = StmtLine;
      if (Opcode == "bra" || Opcode.starts_with("bra.")) {
        StringRef Target =
            Sp == StringRef::npos ? StringRef() : T.substr(Sp).trim();
        Branches.push_back({Target.str(), unsigned(K.Instructions.size())});
      }
      K.Static.add(In.Class, 1);
      K.Instructions.push_back(std::move(In));
    }
    if (Depth > 0) {
      Error = "line " + std::to_string(EntryLine) + ": the body of kernel '" +
              K.Name + "' does not end";
      return std::nullopt;
    }
    for (const auto &[Target, At] : Branches) {
      auto It = Labels.find(Target);
      if (It != Labels.end() && It->second <= At)
        K.Loops.push_back({Target, It->second, At});
    }
    Out.push_back(std::move(K));
    I = P;
  }
  return Out;
}

PtxClassCounts weightedPtxCounts(const PtxKernel &K,
                                 const std::vector<double> &LoopTrips) {
  PtxClassCounts R;
  for (size_t I = 0; I < K.Instructions.size(); ++I) {
    double W = 1;
    for (size_t L = 0; L < K.Loops.size() && L < LoopTrips.size(); ++L)
      if (K.Loops[L].First <= I && I <= K.Loops[L].Last)
        W *= LoopTrips[L];
    R.add(K.Instructions[I].Class, W);
  }
  return R;
}

std::optional<std::string> compileToPtx(const std::string &CudaFile,
                                        const std::vector<std::string> &Args,
                                        std::string &Error,
                                        const std::string &NvccPath) {
  auto Nvcc = NvccPath.empty() ? llvm::sys::findProgramByName("nvcc")
                               : llvm::ErrorOr<std::string>(NvccPath);
  if (!Nvcc) {
    Error = "nvcc was not found on PATH: counting from PTX needs the CUDA "
            "toolkit's nvcc (count from the kernel facts instead)";
    return std::nullopt;
  }
  llvm::SmallString<128> Out, Log;
  if (llvm::sys::fs::createTemporaryFile("warplint", "ptx", Out) ||
      llvm::sys::fs::createTemporaryFile("warplint-nvcc", "log", Log)) {
    Error = "cannot create a temporary file for nvcc's output";
    return std::nullopt;
  }
  std::vector<llvm::StringRef> Argv{*Nvcc, "--ptx", "-o", Out};
  for (const std::string &A : Args)
    Argv.push_back(A);
  Argv.push_back(CudaFile);
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, Log.str(),
                                                Log.str()};
  std::string ExecError;
  int RC = llvm::sys::ExecuteAndWait(*Nvcc, Argv, std::nullopt, Redirects, 0,
                                     0, &ExecError);
  auto Read = [](llvm::StringRef Path) -> std::string {
    auto B = llvm::MemoryBuffer::getFile(Path);
    return B ? (*B)->getBuffer().str() : std::string();
  };
  std::string Ptx = Read(Out), Messages = Read(Log);
  llvm::sys::fs::remove(Out);
  llvm::sys::fs::remove(Log);
  if (RC != 0) {
    Error = "nvcc --ptx " + CudaFile + " failed" +
            (ExecError.empty() ? "" : ": " + ExecError) +
            (Messages.empty() ? "" : ":\n" + Messages);
    return std::nullopt;
  }
  return Ptx;
}

} // namespace warplint
