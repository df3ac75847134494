//===- MergeAccessesTest.cpp - field accesses merged into vector accesses -===//
#include "Facts/MergeAccesses.h"

#include <gtest/gtest.h>

using namespace warplint;
using namespace warplint::sym;

namespace {

const Expr Tx = threadIdx('x');

/// A field of element Tx of `Base`, an array of aggregates of \p Size bytes
/// aligned to \p Align, the field \p FieldSize bytes at \p Field.
AccessFacts field(std::string Base, bool Read, unsigned Size, unsigned Align,
                  unsigned Field, unsigned FieldSize, std::string Text) {
  AccessFacts A;
  A.Space = MemorySpace::Global;
  A.Base = std::move(Base);
  A.IsRead = Read;
  A.IsWrite = !Read;
  A.ElementSize = FieldSize;
  A.ElementType = FieldSize == 1 ? "unsigned char" : "float";
  A.ByteOffset = Tx * Expr(int64_t(Size)) + Expr(int64_t(Field));
  A.Index = Expr::div(A.ByteOffset, Expr(int64_t(FieldSize)));
  A.FieldOffset = Field;
  A.AggregateSize = Size;
  A.AggregateAlign = Align;
  A.Text = std::move(Text);
  return A;
}

TEST(MergeAccessesTest, Float2XAndYAreOneEightByteLoad) {
  KernelFacts K;
  K.Accesses.push_back(field("p", true, 8, 8, 0, 4, "p[i].x"));
  K.Accesses.push_back(field("p", true, 8, 8, 4, 4, "p[i].y"));
  EXPECT_EQ(mergeVectorAccesses(K), 1u);
  ASSERT_EQ(K.Accesses.size(), 1u);
  const AccessFacts &M = K.Accesses[0];
  EXPECT_EQ(M.ElementSize, 8u);
  EXPECT_EQ(M.VectorWidth, 2u);
  EXPECT_EQ(M.UsedBytes, 0u); // all 8 bytes used
  EXPECT_EQ(M.ElementType, "2 x float");
  EXPECT_EQ(M.MergedFrom, (std::vector<std::string>{"p[i].x", "p[i].y"}));
  // Lane t's vector starts at byte 8t.
  EXPECT_EQ(Expr::sub(M.ByteOffset, Tx * Expr(8)).asConst(), std::optional<int64_t>(0));
}

TEST(MergeAccessesTest, Float4XAndZLoadSixteenBytesAndUseEight) {
  KernelFacts K;
  K.Accesses.push_back(field("p", true, 16, 16, 0, 4, "p[i].x"));
  K.Accesses.push_back(field("p", true, 16, 16, 8, 4, "p[i].z"));
  mergeVectorAccesses(K);
  ASSERT_EQ(K.Accesses.size(), 1u);
  EXPECT_EQ(K.Accesses[0].ElementSize, 16u);
  EXPECT_EQ(K.Accesses[0].UsedBytes, 8u);
}

TEST(MergeAccessesTest, Uchar4BytesAreOneFourByteLoad) {
  KernelFacts K;
  for (unsigned B = 0; B < 4; ++B)
    K.Accesses.push_back(field("c", true, 4, 4, B, 1, "c[i]." + std::string(1, "xyzw"[B])));
  mergeVectorAccesses(K);
  ASSERT_EQ(K.Accesses.size(), 1u);
  EXPECT_EQ(K.Accesses[0].ElementSize, 4u);
  EXPECT_EQ(K.Accesses[0].VectorWidth, 4u);
}

TEST(MergeAccessesTest, FourByteAlignedStructStaysFieldByField) {
  // struct { float x, y; } has alignment 4: nvcc reads it field by field.
  KernelFacts K;
  K.Accesses.push_back(field("s", true, 8, 4, 0, 4, "s[i].x"));
  K.Accesses.push_back(field("s", true, 8, 4, 4, 4, "s[i].y"));
  EXPECT_EQ(mergeVectorAccesses(K), 0u);
  EXPECT_EQ(K.Accesses.size(), 2u);
}

TEST(MergeAccessesTest, AStoreBetweenTwoLoadsKeepsThemApart) {
  KernelFacts K;
  K.Accesses.push_back(field("p", true, 8, 8, 0, 4, "p[i].x"));
  K.Accesses.push_back(field("q", false, 4, 0, 0, 4, "q[i]"));
  K.Accesses.push_back(field("p", true, 8, 8, 4, 4, "p[i].y"));
  EXPECT_EQ(mergeVectorAccesses(K), 0u);
  EXPECT_EQ(K.Accesses.size(), 3u);
}

TEST(MergeAccessesTest, DifferentElementsOrGuardsDoNotMerge) {
  KernelFacts K;
  K.Accesses.push_back(field("p", true, 8, 8, 0, 4, "p[i].x"));
  AccessFacts Next = field("p", true, 8, 8, 4, 4, "p[i+1].y");
  Next.ByteOffset = Next.ByteOffset + Expr(8);
  K.Accesses.push_back(Next);
  EXPECT_EQ(mergeVectorAccesses(K), 0u);

  KernelFacts G;
  G.Accesses.push_back(field("p", true, 8, 8, 0, 4, "p[i].x"));
  AccessFacts Guarded = field("p", true, 8, 8, 4, 4, "p[i].y");
  Guarded.Guards.push_back(GuardRef{3, true});
  G.Accesses.push_back(Guarded);
  EXPECT_EQ(mergeVectorAccesses(G), 0u);
}

TEST(MergeAccessesTest, ValueFromFollowsTheMergedLoad) {
  // q[i] = p[i].x + p[i].y ... then r[i] = s[j] with ValueFrom pointing past
  // the merged pair.
  KernelFacts K;
  K.Accesses.push_back(field("p", true, 8, 8, 0, 4, "p[i].x"));
  K.Accesses.push_back(field("p", true, 8, 8, 4, 4, "p[i].y"));
  K.Accesses.push_back(field("s", true, 4, 0, 0, 4, "s[j]"));
  AccessFacts Store = field("r", false, 4, 0, 0, 4, "r[i]");
  Store.ValueFrom = 2;
  K.Accesses.push_back(Store);
  mergeVectorAccesses(K);
  ASSERT_EQ(K.Accesses.size(), 3u);
  ASSERT_TRUE(K.Accesses[2].ValueFrom);
  EXPECT_EQ(*K.Accesses[2].ValueFrom, 1u);
  EXPECT_EQ(K.Accesses[1].Text, "s[j]");
}

TEST(MergeAccessesTest, LoadsMergeAcrossAStoreToOtherBytes) {
  // img[p].x = f(img[p].x); img[p].y = f(img[p].y): the store to .x does
  // not write .y, so both loads are one 2-byte load (nvcc: ld.v2.u8).
  KernelFacts K;
  K.Accesses.push_back(field("c", true, 4, 4, 0, 1, "c[i].x"));
  K.Accesses.push_back(field("c", false, 4, 4, 0, 1, "c[i].x"));
  K.Accesses.push_back(field("c", true, 4, 4, 1, 1, "c[i].y"));
  K.Accesses.push_back(field("c", false, 4, 4, 1, 1, "c[i].y"));
  mergeVectorAccesses(K);
  ASSERT_EQ(K.Accesses.size(), 2u);
  EXPECT_TRUE(K.Accesses[0].IsRead);
  EXPECT_EQ(K.Accesses[0].ElementSize, 2u);
  EXPECT_EQ(K.Accesses[0].UsedBytes, 0u);
  EXPECT_TRUE(K.Accesses[1].IsWrite);
  EXPECT_EQ(K.Accesses[1].ElementSize, 2u);
}

TEST(MergeAccessesTest, AStoreToTheBytesOfALaterLoadKeepsItApart) {
  KernelFacts K;
  K.Accesses.push_back(field("c", true, 4, 4, 0, 1, "c[i].x"));
  K.Accesses.push_back(field("c", false, 4, 4, 1, 1, "c[i].y"));
  K.Accesses.push_back(field("c", true, 4, 4, 1, 1, "c[i].y"));
  EXPECT_EQ(mergeVectorAccesses(K), 0u);
}

TEST(MergeAccessesTest, StoresSplitIntoTheWindowsTheyFill) {
  // .x .y .z of a uchar4 stored: a 2-byte store and a 1-byte store (a
  // 4-byte vector store would write .w).
  KernelFacts K;
  for (unsigned B = 0; B < 3; ++B)
    K.Accesses.push_back(field("c", false, 4, 4, B, 1, "c[i]." + std::string(1, "xyz"[B])));
  EXPECT_EQ(mergeVectorAccesses(K), 1u);
  ASSERT_EQ(K.Accesses.size(), 2u);
  EXPECT_EQ(K.Accesses[0].ElementSize, 2u);
  EXPECT_EQ(K.Accesses[0].UsedBytes, 0u);
  EXPECT_EQ(K.Accesses[1].ElementSize, 1u);
  EXPECT_EQ(K.Accesses[1].Text, "c[i].z");
}

TEST(MergeAccessesTest, StoresInAnyOrderFillingTheElementAreOne) {
  KernelFacts K;
  for (unsigned F : {3u, 0u, 2u, 1u})
    K.Accesses.push_back(field("p", false, 16, 16, 4 * F, 4, "p[i]." + std::string(1, "xyzw"[F])));
  mergeVectorAccesses(K);
  ASSERT_EQ(K.Accesses.size(), 1u);
  EXPECT_EQ(K.Accesses[0].ElementSize, 16u);
}

TEST(MergeAccessesTest, ALoadOfAnotherBufferKeepsStoresApart) {
  // p[i].x = a[i]; p[i].y = a[i]: a may alias p, and is read again.
  KernelFacts K;
  K.Accesses.push_back(field("p", false, 8, 8, 0, 4, "p[i].x"));
  K.Accesses.push_back(field("a", true, 4, 0, 0, 4, "a[i]"));
  K.Accesses.push_back(field("p", false, 8, 8, 4, 4, "p[i].y"));
  EXPECT_EQ(mergeVectorAccesses(K), 0u);
}

} // namespace
