//===- Lsp.h - The LSP pieces warplint-clangd needs --------------*- C++ -*-===//
//
// The base protocol's framing (Content-Length headers around JSON-RPC
// bodies), positions in the negotiated encoding, text document edits and
// file URIs. No Clang header: unit-tested on its own (test/unit/Tools).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_CLANGD_LSP_H
#define WARPLINT_TOOLS_CLANGD_LSP_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace warplint {
namespace lsp {

/// Reads framed messages from a byte stream. The stream is given by a read
/// function (a file descriptor in the proxy, a string in tests).
class FrameReader {
public:
  /// Reads up to N bytes into the buffer; returns the count, 0 at end of
  /// stream, negative on error.
  using ReadFn = std::function<long(char *, size_t)>;
  explicit FrameReader(ReadFn Read) : Read(std::move(Read)) {}

  enum Status { Message, EndOfStream, Malformed };
  /// The next message's body in \p Body. Malformed: the header block had
  /// no usable Content-Length (\p Error says why); the block is skipped and
  /// the next call goes on after it.
  Status next(std::string &Body, std::string &Error);

private:
  bool fill();
  ReadFn Read;
  std::string Buf;
  size_t Pos = 0;
};

/// "Content-Length: N\r\n\r\n" + Body.
std::string frame(llvm::StringRef Body);

/// The deepest nesting of arrays and objects in JSON text (brackets inside
/// strings do not count). llvm::json parses and frees recursively: a
/// message nested tens of thousands deep would overflow the stack, so one
/// deeper than MaxJsonDepth is dropped unparsed.
unsigned jsonDepth(llvm::StringRef Text);
constexpr unsigned MaxJsonDepth = 256;

/// How LSP positions count characters in a line (LSP 3.17
/// PositionEncodingKind; clangd's offsetEncoding extension).
enum class Encoding { UTF8, UTF16, UTF32 };
std::optional<Encoding> parseEncoding(llvm::StringRef Name);

struct Position {
  unsigned Line = 0, Character = 0;
  bool operator<(const Position &O) const {
    return Line != O.Line ? Line < O.Line : Character < O.Character;
  }
  bool operator==(const Position &O) const {
    return Line == O.Line && Character == O.Character;
  }
  bool operator<=(const Position &O) const { return !(O < *this); }
};
struct Range {
  Position Start, End;
};

/// The byte offset of an LSP position in \p Text; a character past the end
/// of its line is clamped to the line's end, a line past the end of the text
/// to the text's end.
size_t offsetOf(llvm::StringRef Text, Position P, Encoding E);
/// The LSP position of byte offset \p Offset (clamped to the text).
Position positionOf(llvm::StringRef Text, size_t Offset, Encoding E);

/// Applies one textDocument/didChange content change: the whole text when
/// \p R is absent, else the replacement of that range.
void applyChange(std::string &Text, const std::optional<Range> &R,
                 llvm::StringRef NewText, Encoding E);

/// JSON forms.
llvm::json::Value toJSON(const Position &P);
llvm::json::Value toJSON(const Range &R);
std::optional<Position> positionFromJSON(const llvm::json::Value *V);
std::optional<Range> rangeFromJSON(const llvm::json::Value *V);
/// Whether two ranges share a position (touching counts, as editors ask for
/// the actions at the cursor with an empty range).
bool overlaps(const Range &A, const Range &B);

/// The path of a file:// URI (percent-decoded); nothing for other schemes.
std::optional<std::string> uriToPath(llvm::StringRef Uri);
/// A file:// URI for an absolute path (RFC 3986 reserved bytes escaped).
std::string pathToUri(llvm::StringRef Path);

/// A JSON-RPC id as a map key ("n:3", "s:abc").
std::string idKey(const llvm::json::Value &Id);

} // namespace lsp
} // namespace warplint

#endif
