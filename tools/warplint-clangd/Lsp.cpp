//===- Lsp.cpp - The LSP pieces warplint-clangd needs ---------------------===//
#include "Lsp.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace warplint {
namespace lsp {

bool FrameReader::fill() {
  if (Pos > 0 && Pos == Buf.size()) {
    Buf.clear();
    Pos = 0;
  } else if (Pos > (1u << 20)) {
    Buf.erase(0, Pos);
    Pos = 0;
  }
  char Chunk[65536];
  long N = Read(Chunk, sizeof Chunk);
  if (N <= 0)
    return false;
  Buf.append(Chunk, size_t(N));
  return true;
}

FrameReader::Status FrameReader::next(std::string &Body, std::string &Error) {
  // The header block.
  size_t End;
  while ((End = Buf.find("\r\n\r\n", Pos)) == std::string::npos)
    if (!fill())
      return EndOfStream;
  llvm::StringRef Headers(Buf.data() + Pos, End - Pos);
  Pos = End + 4;
  std::optional<size_t> Length;
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  Headers.split(Lines, "\r\n");
  for (llvm::StringRef L : Lines) {
    auto [Name, Value] = L.split(':');
    if (!Name.trim().equals_insensitive("Content-Length"))
      continue;
    size_t N;
    if (Value.trim().getAsInteger(10, N)) {
      Error = "the Content-Length header '" + Value.trim().str() +
              "' is not a number";
      return Malformed;
    }
    Length = N;
  }
  if (!Length) {
    Error = "a header block without Content-Length: '" +
            Headers.take_front(80).str() + "'";
    return Malformed;
  }
  while (Buf.size() - Pos < *Length)
    if (!fill()) {
      Error = "the stream ended inside a message";
      return EndOfStream;
    }
  Body.assign(Buf, Pos, *Length);
  Pos += *Length;
  return Message;
}

std::string frame(llvm::StringRef Body) {
  std::string S = "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n";
  S += Body;
  return S;
}

unsigned jsonDepth(llvm::StringRef Text) {
  unsigned Depth = 0, Max = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    const char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I; // the escaped character, a quote included
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"')
      InString = true;
    else if (C == '[' || C == '{')
      Max = std::max(Max, ++Depth);
    else if ((C == ']' || C == '}') && Depth > 0)
      --Depth;
  }
  return Max;
}

std::optional<Encoding> parseEncoding(llvm::StringRef Name) {
  if (Name == "utf-8")
    return Encoding::UTF8;
  if (Name == "utf-16")
    return Encoding::UTF16;
  if (Name == "utf-32")
    return Encoding::UTF32;
  return std::nullopt;
}

/// The length in bytes of the UTF-8 sequence led by \p C (1 for a stray
/// continuation byte, so that bad text still advances).
static unsigned seqLength(unsigned char C) {
  if (C >= 0xF0)
    return 4;
  if (C >= 0xE0)
    return 3;
  if (C >= 0xC0)
    return 2;
  return 1;
}

static unsigned units(unsigned Bytes, Encoding E) {
  if (E == Encoding::UTF8)
    return Bytes;
  if (E == Encoding::UTF16)
    return Bytes == 4 ? 2 : 1;
  return 1;
}

static size_t lineStart(llvm::StringRef Text, unsigned Line) {
  size_t Off = 0;
  for (unsigned L = 0; L < Line; ++L) {
    size_t NL = Text.find('\n', Off);
    if (NL == llvm::StringRef::npos)
      return Text.size();
    Off = NL + 1;
  }
  return Off;
}

size_t offsetOf(llvm::StringRef Text, Position P, Encoding E) {
  size_t Off = lineStart(Text, P.Line);
  size_t LineEnd = std::min(Text.find('\n', Off), Text.size());
  unsigned Count = 0;
  while (Off < LineEnd && Count < P.Character) {
    unsigned Len = std::min<size_t>(seqLength(Text[Off]), LineEnd - Off);
    Count += units(Len, E);
    Off += Len;
  }
  return Off;
}

Position positionOf(llvm::StringRef Text, size_t Offset, Encoding E) {
  Offset = std::min(Offset, Text.size());
  Position P;
  size_t Start = 0;
  for (size_t NL = Text.find('\n'); NL != llvm::StringRef::npos && NL < Offset;
       NL = Text.find('\n', NL + 1)) {
    ++P.Line;
    Start = NL + 1;
  }
  for (size_t I = Start; I < Offset;) {
    unsigned Len = std::min<size_t>(seqLength(Text[I]), Offset - I);
    P.Character += units(Len, E);
    I += Len;
  }
  return P;
}

void applyChange(std::string &Text, const std::optional<Range> &R,
                 llvm::StringRef NewText, Encoding E) {
  if (!R) {
    Text = NewText.str();
    return;
  }
  size_t B = offsetOf(Text, R->Start, E);
  size_t End = std::max(B, offsetOf(Text, R->End, E));
  Text.replace(B, End - B, NewText.data(), NewText.size());
}

llvm::json::Value toJSON(const Position &P) {
  return llvm::json::Object{{"line", P.Line}, {"character", P.Character}};
}
llvm::json::Value toJSON(const Range &R) {
  return llvm::json::Object{{"start", toJSON(R.Start)}, {"end", toJSON(R.End)}};
}

std::optional<Position> positionFromJSON(const llvm::json::Value *V) {
  const llvm::json::Object *O = V ? V->getAsObject() : nullptr;
  if (!O)
    return std::nullopt;
  auto L = O->getInteger("line");
  auto C = O->getInteger("character");
  if (!L || !C || *L < 0 || *C < 0)
    return std::nullopt;
  return Position{unsigned(*L), unsigned(*C)};
}

std::optional<Range> rangeFromJSON(const llvm::json::Value *V) {
  const llvm::json::Object *O = V ? V->getAsObject() : nullptr;
  if (!O)
    return std::nullopt;
  auto S = positionFromJSON(O->get("start"));
  auto E = positionFromJSON(O->get("end"));
  if (!S || !E)
    return std::nullopt;
  return Range{*S, *E};
}

bool overlaps(const Range &A, const Range &B) {
  return A.Start <= B.End && B.Start <= A.End;
}

std::optional<std::string> uriToPath(llvm::StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return std::nullopt;
  // An authority ("file://host/p") other than empty or localhost is not a
  // local file.
  if (!Uri.starts_with("/")) {
    if (!Uri.consume_front("localhost"))
      return std::nullopt;
  }
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    if (Uri[I] == '%' && I + 2 < Uri.size() &&
        llvm::isHexDigit(Uri[I + 1]) && llvm::isHexDigit(Uri[I + 2])) {
      Path += char(llvm::hexFromNibbles(Uri[I + 1], Uri[I + 2]));
      I += 2;
    } else {
      Path += Uri[I];
    }
  }
  return Path;
}

std::string pathToUri(llvm::StringRef Path) {
  std::string S = "file://";
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("-._~/").contains(C))
      S += char(C);
    else {
      S += '%';
      S += llvm::hexdigit(C >> 4, /*LowerCase=*/false);
      S += llvm::hexdigit(C & 15, /*LowerCase=*/false);
    }
  }
  return S;
}

std::string idKey(const llvm::json::Value &Id) {
  if (auto S = Id.getAsString())
    return "s:" + S->str();
  if (auto I = Id.getAsInteger())
    return "n:" + std::to_string(*I);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << Id;
  return "j:" + Out;
}

} // namespace lsp
} // namespace warplint
