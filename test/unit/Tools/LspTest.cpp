//===- LspTest.cpp - warplint-clangd's protocol pieces --------------------===//
#include "warplint-clangd/Lsp.h"

#include <gtest/gtest.h>

using namespace warplint::lsp;

namespace {

/// A FrameReader over a string, handed out \p Chunk bytes per read so that
/// messages split across reads are exercised.
struct StringSource {
  std::string Data;
  size_t Pos = 0, Chunk;
  StringSource(std::string D, size_t Chunk) : Data(std::move(D)), Chunk(Chunk) {}
  long operator()(char *B, size_t N) {
    size_t K = std::min({N, Chunk, Data.size() - Pos});
    std::copy(Data.begin() + Pos, Data.begin() + Pos + K, B);
    Pos += K;
    return long(K);
  }
};

TEST(LspFraming, ReadsMessagesSplitAcrossReads) {
  std::string Stream = frame("{\"a\":1}") +
                       "Content-Type: application/vscode-jsonrpc; "
                       "charset=utf-8\r\ncontent-length: 2\r\n\r\n[]";
  for (size_t Chunk : {1, 3, 1000}) {
    auto Src = std::make_shared<StringSource>(Stream, Chunk);
    FrameReader R([Src](char *B, size_t N) { return (*Src)(B, N); });
    std::string Body, Err;
    ASSERT_EQ(R.next(Body, Err), FrameReader::Message);
    EXPECT_EQ(Body, "{\"a\":1}");
    // The header name is case-insensitive; other headers are ignored.
    ASSERT_EQ(R.next(Body, Err), FrameReader::Message);
    EXPECT_EQ(Body, "[]");
    EXPECT_EQ(R.next(Body, Err), FrameReader::EndOfStream);
  }
}

TEST(LspFraming, SkipsAHeaderBlockWithoutLength) {
  std::string Stream = "X-Foo: 1\r\n\r\n" + frame("{}");
  auto Src = std::make_shared<StringSource>(Stream, 1000);
  FrameReader R([Src](char *B, size_t N) { return (*Src)(B, N); });
  std::string Body, Err;
  EXPECT_EQ(R.next(Body, Err), FrameReader::Malformed);
  EXPECT_NE(Err.find("without Content-Length"), std::string::npos);
  ASSERT_EQ(R.next(Body, Err), FrameReader::Message);
  EXPECT_EQ(Body, "{}");
}

TEST(LspFraming, FrameWritesTheByteLength) {
  // "é" is two bytes in UTF-8: the length counts bytes.
  EXPECT_EQ(frame("\"\xc3\xa9\""), "Content-Length: 4\r\n\r\n\"\xc3\xa9\"");
}

TEST(LspPositions, CountInTheNegotiatedEncoding) {
  // Line 1 is "a\xc3\xa9\xf0\x9f\x98\x80b": a (1 byte), é (2 bytes, one
  // UTF-16 unit), U+1F600 (4 bytes, two UTF-16 units), b.
  std::string T = "x\na\xc3\xa9\xf0\x9f\x98\x80" "b\n";
  // The offset of "b" is 2 (line 0 and its newline) + 1 + 2 + 4 = 9.
  EXPECT_EQ(offsetOf(T, {1, 4}, Encoding::UTF16), 9u); // 1 + 1 + 2 units
  EXPECT_EQ(offsetOf(T, {1, 3}, Encoding::UTF32), 9u); // 3 code points
  EXPECT_EQ(offsetOf(T, {1, 7}, Encoding::UTF8), 9u);  // 7 bytes
  EXPECT_EQ(positionOf(T, 9, Encoding::UTF16), (Position{1, 4}));
  EXPECT_EQ(positionOf(T, 9, Encoding::UTF32), (Position{1, 3}));
  EXPECT_EQ(positionOf(T, 9, Encoding::UTF8), (Position{1, 7}));
  // Past the end of a line: the line's end (offset 10, the newline).
  EXPECT_EQ(offsetOf(T, {1, 99}, Encoding::UTF16), 10u);
  // Past the last line: the end of the text.
  EXPECT_EQ(offsetOf(T, {7, 0}, Encoding::UTF16), T.size());
}

TEST(LspChanges, AppliesIncrementalAndFullChanges) {
  std::string T = "float tile[32][32];\nint x;\n";
  // Replace the second "32" (line 0, characters 15..17) with "32 + 1".
  applyChange(T, Range{{0, 15}, {0, 17}}, "32 + 1", Encoding::UTF16);
  EXPECT_EQ(T, "float tile[32][32 + 1];\nint x;\n");
  // An insertion (empty range) at the start of line 1.
  applyChange(T, Range{{1, 0}, {1, 0}}, "// c\n", Encoding::UTF16);
  EXPECT_EQ(T, "float tile[32][32 + 1];\n// c\nint x;\n");
  // A deletion across a line break: from the end of line 0 to line 1's end.
  applyChange(T, Range{{0, 23}, {1, 4}}, "", Encoding::UTF16);
  EXPECT_EQ(T, "float tile[32][32 + 1];\nint x;\n");
  applyChange(T, std::nullopt, "new", Encoding::UTF16);
  EXPECT_EQ(T, "new");
}

TEST(LspRanges, OverlapIncludesTouching) {
  Range Diag{{4, 2}, {4, 6}};
  EXPECT_TRUE(overlaps(Diag, Range{{4, 6}, {4, 6}}));  // cursor at its end
  EXPECT_TRUE(overlaps(Diag, Range{{0, 0}, {9, 0}}));  // whole file
  EXPECT_FALSE(overlaps(Diag, Range{{4, 7}, {4, 7}}));
  EXPECT_FALSE(overlaps(Diag, Range{{3, 0}, {4, 1}}));
}

TEST(LspUris, RoundTripAndDecode) {
  EXPECT_EQ(pathToUri("/tmp/a b/k#1.cu"), "file:///tmp/a%20b/k%231.cu");
  EXPECT_EQ(uriToPath("file:///tmp/a%20b/k%231.cu").value(), "/tmp/a b/k#1.cu");
  EXPECT_EQ(uriToPath("file://localhost/x.cu").value(), "/x.cu");
  EXPECT_FALSE(uriToPath("untitled:Untitled-1").has_value());
  EXPECT_FALSE(uriToPath("file://server/share/x.cu").has_value());
}

TEST(LspIds, NumbersAndStringsDiffer) {
  EXPECT_NE(idKey(llvm::json::Value(3)), idKey(llvm::json::Value("3")));
  EXPECT_EQ(idKey(llvm::json::Value(3)), "n:3");
}

} // namespace

namespace {
TEST(LspJson, DepthCountsBracketsOutsideStrings) {
  EXPECT_EQ(jsonDepth("1"), 0u);
  EXPECT_EQ(jsonDepth(R"({"a": [1, {"b": []}]})"), 4u);
  // Brackets in strings, escaped quotes included, do not count.
  EXPECT_EQ(jsonDepth(R"({"a": "[[[{{\"[[", "b": [2]})"), 2u);
  std::string Deep(50000, '[');
  Deep += std::string(50000, ']');
  EXPECT_EQ(jsonDepth(Deep), 50000u);
  EXPECT_GT(jsonDepth(Deep), MaxJsonDepth);
}
} // namespace
