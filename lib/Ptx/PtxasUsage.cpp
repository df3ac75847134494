//===- PtxasUsage.cpp - ptxas -v resource usage, parsed -------------------===//
#include "Ptx/PtxasUsage.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"

#include <cstdlib>

namespace warplint {

namespace {

/// "ptxas info    : Used 10 registers" -> "Used 10 registers"; nullopt for
/// a line that is not a ptxas info line.
std::optional<llvm::StringRef> infoBody(llvm::StringRef Line) {
  Line = Line.trim();
  if (!Line.consume_front("ptxas"))
    return std::nullopt;
  Line = Line.ltrim();
  if (!Line.consume_front("info"))
    return std::nullopt;
  Line = Line.ltrim();
  if (!Line.consume_front(":"))
    return std::nullopt;
  return Line.trim();
}

/// The text between the first pair of single quotes after \p Start.
std::optional<llvm::StringRef> quoted(llvm::StringRef S, size_t Start = 0) {
  size_t A = S.find('\'', Start);
  if (A == llvm::StringRef::npos)
    return std::nullopt;
  size_t B = S.find('\'', A + 1);
  if (B == llvm::StringRef::npos)
    return std::nullopt;
  return S.slice(A + 1, B);
}

bool number(llvm::StringRef S, uint64_t &V) {
  return !S.trim().getAsInteger(10, V);
}

/// Reads one "N bytes stack frame"-style item: the leading number and the
/// words after it.
bool splitCount(llvm::StringRef Item, uint64_t &N, llvm::StringRef &Rest) {
  Item = Item.trim();
  auto [Num, Tail] = Item.split(' ');
  Rest = Tail.trim();
  return number(Num, N);
}

std::string withoutSpaces(llvm::StringRef S) {
  std::string R;
  for (char C : S)
    if (C != ' ')
      R += C;
  return R;
}

} // namespace

std::string ptxasFunctionName(llvm::StringRef Mangled) {
  std::string D = llvm::demangle(Mangled.str());
  if (D == Mangled || D.empty())
    return Mangled.str();
  // Cut the parameter list: the first '(' outside template arguments.
  int Depth = 0;
  size_t End = D.size();
  for (size_t I = 0; I < D.size(); ++I) {
    char C = D[I];
    if (C == '<')
      ++Depth;
    else if (C == '>')
      --Depth;
    else if (C == '(' && Depth == 0) {
      End = I;
      break;
    }
  }
  std::string Head = D.substr(0, End);
  // A template's mangled name carries its return type: "void scale<256>".
  // Drop what precedes the last space outside template arguments.
  Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < Head.size(); ++I) {
    char C = Head[I];
    if (C == '<')
      ++Depth;
    else if (C == '>')
      --Depth;
    else if (C == ' ' && Depth == 0)
      Start = I + 1;
  }
  return llvm::StringRef(Head).substr(Start).trim().str();
}

std::vector<PtxasFunctionUsage> parsePtxasVerbose(llvm::StringRef Output,
                                                  std::vector<std::string> &Problems) {
  std::vector<PtxasFunctionUsage> R;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Output.split(Lines, '\n');
  // The entry the next "Used" line belongs to, and the function the next
  // "stack frame" line belongs to.
  constexpr size_t None = size_t(-1);
  size_t Current = None;
  std::string PropertiesFor;
  auto Bad = [&](size_t LineNo, llvm::StringRef Line, llvm::StringRef Why) {
    Problems.push_back("line " + std::to_string(LineNo + 1) + ": " + Why.str() +
                       ": '" + Line.trim().str() + "'");
  };
  for (size_t N = 0; N < Lines.size(); ++N) {
    llvm::StringRef Line = Lines[N].rtrim("\r");
    std::optional<llvm::StringRef> Body = infoBody(Line);
    if (!Body) {
      // "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads"
      if (!PropertiesFor.empty() && Line.contains("stack frame")) {
        PtxasFunctionUsage *F = nullptr;
        for (size_t I = R.size(); I-- > 0;)
          if (R[I].MangledName == PropertiesFor) {
            F = &R[I];
            break;
          }
        llvm::SmallVector<llvm::StringRef, 4> Items;
        Line.split(Items, ',');
        bool Ok = true;
        for (llvm::StringRef It : Items) {
          uint64_t V = 0;
          llvm::StringRef What;
          if (!splitCount(It, V, What)) {
            Ok = false;
            continue;
          }
          if (!F)
            continue;
          if (What == "bytes stack frame")
            F->StackFrameBytes = V;
          else if (What == "bytes spill stores")
            F->SpillStoreBytes = V;
          else if (What == "bytes spill loads")
            F->SpillLoadBytes = V;
        }
        if (!Ok)
          Bad(N, Line, "cannot read the function properties");
        PropertiesFor.clear();
      }
      continue;
    }
    llvm::StringRef B = *Body;
    if (B.starts_with("Compiling entry function")) {
      std::optional<llvm::StringRef> Name = quoted(B);
      if (!Name || Name->empty()) {
        Bad(N, Line, "no function name");
        Current = None;
        continue;
      }
      PtxasFunctionUsage F;
      F.MangledName = Name->str();
      F.Name = ptxasFunctionName(*Name);
      size_t For = B.find(" for ");
      if (For != llvm::StringRef::npos)
        if (auto Arch = quoted(B, For))
          F.Arch = Arch->str();
      R.push_back(std::move(F));
      Current = R.size() - 1;
      continue;
    }
    if (B.consume_front("Function properties for")) {
      PropertiesFor = B.trim().str();
      continue;
    }
    if (B.starts_with("Used ")) {
      if (Current == None) {
        // A non-entry function's usage (separate compilation): not a
        // kernel, nothing to attach it to.
        continue;
      }
      PtxasFunctionUsage &F = R[Current];
      llvm::SmallVector<llvm::StringRef, 8> Items;
      B.split(Items, ',');
      bool Ok = true;
      for (llvm::StringRef It : Items) {
        It = It.trim();
        It.consume_front("Used ");
        It.consume_front("used ");
        uint64_t V = 0;
        llvm::StringRef What;
        // "A+B bytes smem" (1.x).
        if (It.ends_with("bytes smem")) {
          llvm::StringRef Num = It.split(' ').first;
          auto [A, Plus] = Num.split('+');
          uint64_t VA = 0, VB = 0;
          if (!number(A, VA) || (!Plus.empty() && !number(Plus, VB))) {
            Ok = false;
            continue;
          }
          F.SharedBytes = VA + VB;
          F.SharedSystemBytes = VB;
          continue;
        }
        if (!splitCount(It, V, What)) {
          Ok = false;
          continue;
        }
        if (What == "registers" || What == "register")
          F.Registers = unsigned(V);
        else if (What == "barriers" || What == "barrier")
          F.Barriers = unsigned(V);
        else if (What == "bytes lmem")
          F.LocalBytes = V;
        else if (What.consume_front("bytes cmem[")) {
          uint64_t Bank = 0;
          if (What.consume_back("]") && number(What, Bank))
            F.ConstantBytes[unsigned(Bank)] = V;
          else
            Ok = false;
        }
        // Anything else ("N textures", "N samplers") does not matter here.
      }
      if (!Ok)
        Bad(N, Line, "cannot read the resource usage");
      // One "Used" line per entry and target.
      Current = None;
      continue;
    }
  }
  return R;
}

const PtxasFunctionUsage *findPtxasUsage(const std::vector<PtxasFunctionUsage> &U,
                                         llvm::StringRef KernelName,
                                         llvm::StringRef Sm) {
  std::string Want = withoutSpaces(KernelName);
  for (const PtxasFunctionUsage &F : U) {
    if (withoutSpaces(F.Name) != Want && F.MangledName != KernelName)
      continue;
    // Another target's usage is not this one's.
    if (Sm.empty() || F.Arch.empty() || F.Arch == Sm)
      return &F;
  }
  return nullptr;
}

} // namespace warplint
