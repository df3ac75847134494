//===- LegacyLaunch.cpp - nvcc's spaced launch brackets -------------------===//
#include "Frontend/LegacyLaunch.h"

#include <vector>

namespace warplint {

namespace {
bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\n' || C == '\r'; }

/// Which bytes are code (not in a comment or a literal), so that `<< <` in
/// a string or a comment is left alone. Preprocessor lines count as code.
std::vector<bool> codeMask(llvm::StringRef T) {
  std::vector<bool> Code(T.size(), true);
  size_t I = 0;
  while (I < T.size()) {
    const char C = T[I];
    if (C == '/' && I + 1 < T.size() && T[I + 1] == '/') {
      while (I < T.size() && T[I] != '\n')
        Code[I++] = false;
    } else if (C == '/' && I + 1 < T.size() && T[I + 1] == '*') {
      size_t E = T.find("*/", I + 2);
      E = E == llvm::StringRef::npos ? T.size() : E + 2;
      for (; I < E; ++I)
        Code[I] = false;
    } else if (C == '"' || C == '\'') {
      Code[I++] = false;
      while (I < T.size() && T[I] != C && T[I] != '\n') {
        if (T[I] == '\\' && I + 1 < T.size())
          Code[I++] = false;
        Code[I++] = false;
      }
      if (I < T.size())
        Code[I++] = false;
    } else {
      ++I;
    }
  }
  return Code;
}

/// At \p I: \p A twice, then at least one blank, then \p A once (and not a
/// third \p A right before); the position of that last one, or npos.
size_t spacedTriple(llvm::StringRef T, const std::vector<bool> &Code, size_t I,
                    char A) {
  if (I + 1 >= T.size() || T[I] != A || T[I + 1] != A)
    return llvm::StringRef::npos;
  if (I > 0 && T[I - 1] == A)
    return llvm::StringRef::npos;
  size_t J = I + 2;
  if (J >= T.size() || !isBlank(T[J]))
    return llvm::StringRef::npos;
  while (J < T.size() && isBlank(T[J]))
    ++J;
  if (J >= T.size() || T[J] != A || !Code[J])
    return llvm::StringRef::npos;
  if (J + 1 < T.size() && (T[J + 1] == A || T[J + 1] == '='))
    return llvm::StringRef::npos;
  return J;
}

/// Moves the lone bracket at \p Third next to the pair at \p First: the
/// blanks between go after it, so the length does not change.
void join(std::string &S, size_t First, size_t Third) {
  const char A = S[Third];
  for (size_t K = Third; K > First + 2; --K)
    S[K] = S[K - 1];
  S[First + 2] = A;
}
} // namespace

bool mayHoldLegacyLaunches(llvm::StringRef Path) {
  return Path.ends_with(".cu") || Path.ends_with(".cuh");
}

std::optional<std::string> joinLegacyLaunches(llvm::StringRef Text) {
  if (Text.find("<<") == llvm::StringRef::npos)
    return std::nullopt;
  const std::vector<bool> Code = codeMask(Text);
  std::string S = Text.str();
  bool Changed = false;
  for (size_t I = 0; I + 1 < Text.size(); ++I) {
    if (!Code[I])
      continue;
    const size_t Open = spacedTriple(Text, Code, I, '<');
    if (Open == llvm::StringRef::npos)
      continue;
    // The closing brackets, before the statement ends.
    size_t Close = llvm::StringRef::npos, CloseThird = 0;
    bool ClosedJoined = false;
    for (size_t K = Open + 1; K + 1 < Text.size(); ++K) {
      if (!Code[K])
        continue;
      if (Text[K] == ';' || Text[K] == '{' || Text[K] == '}')
        break;
      size_t Third = spacedTriple(Text, Code, K, '>');
      if (Third != llvm::StringRef::npos) {
        Close = K;
        CloseThird = Third;
        break;
      }
      if (Text[K] == '>' && K + 2 < Text.size() && Text[K + 1] == '>' &&
          Text[K + 2] == '>') {
        ClosedJoined = true; // `<< < g, b >>>`: only the opening is spaced
        Close = K;
        CloseThird = K + 2;
        break;
      }
    }
    if (Close == llvm::StringRef::npos)
      continue;
    join(S, I, Open);
    if (!ClosedJoined)
      join(S, Close, CloseThird);
    Changed = true;
    I = CloseThird;
  }
  if (!Changed)
    return std::nullopt;
  return S;
}

} // namespace warplint
