//===- MergeAccesses.cpp - Field accesses nvcc emits as one vector access -===//
#include "Facts/MergeAccesses.h"

#include <algorithm>
#include <optional>

namespace warplint {

namespace {

bool sameLoc(const SourceLoc &A, const SourceLoc &B) {
  return A.File == B.File && A.Line == B.Line && A.Column == B.Column;
}

bool sameContext(const AccessFacts &A, const AccessFacts &B) {
  if (A.Loops != B.Loops || A.Guards.size() != B.Guards.size() ||
      A.Calls.size() != B.Calls.size())
    return false;
  for (size_t I = 0; I < A.Guards.size(); ++I)
    if (A.Guards[I].Branch != B.Guards[I].Branch ||
        A.Guards[I].Taken != B.Guards[I].Taken)
      return false;
  for (size_t I = 0; I < A.Calls.size(); ++I)
    if (!sameLoc(A.Calls[I], B.Calls[I]))
      return false;
  return true;
}

bool eligible(const AccessFacts &A) {
  return A.AggregateAlign > 1 && !A.IsAtomic && A.ElementSize > 0 &&
         A.IsRead != A.IsWrite && A.Space != MemorySpace::Unknown &&
         A.FieldOffset + A.ElementSize <= A.AggregateSize;
}

/// B addresses the same element as A: its offset minus its field offset is
/// A's.
bool sameElement(const AccessFacts &A, const AccessFacts &B) {
  if (A.Space != B.Space || A.Base != B.Base || A.IsRead != B.IsRead ||
      A.AggregateAlign != B.AggregateAlign ||
      A.AggregateSize != B.AggregateSize || !sameContext(A, B))
    return false;
  std::optional<int64_t> D =
      sym::Expr::sub(B.ByteOffset, A.ByteOffset).asConst();
  return D && *D == int64_t(B.FieldOffset) - int64_t(A.FieldOffset);
}

/// Whether \p X, met between two accesses of a group led by \p Lead, keeps
/// the compiler from merging them.
bool separates(const AccessFacts &Lead, const AccessFacts &X) {
  if (X.Space != Lead.Space && X.Space != MemorySpace::Unknown)
    return false;
  return Lead.IsRead ? X.IsWrite : true;
}

struct Window {
  unsigned Start = 0, Width = 0;
};

/// The narrowest naturally aligned window of 2..16 bytes, no wider than the
/// element's alignment, holding [Lo, Hi).
std::optional<Window> windowFor(unsigned Lo, unsigned Hi, unsigned Align) {
  for (unsigned W = 2; W <= 16 && W <= Align; W *= 2)
    if (Lo / W == (Hi - 1) / W)
      return Window{Lo / W * W, W};
  return std::nullopt;
}

} // namespace

unsigned mergeVectorAccesses(KernelFacts &K) {
  std::vector<AccessFacts> &Acc = K.Accesses;
  const size_t N = Acc.size();
  std::vector<long> Leader(N, -1); // the group an access was merged into
  std::vector<AccessFacts> Merged(N);
  std::vector<bool> IsMerged(N, false);
  for (size_t I = 0; I < N; ++I) {
    if (Leader[I] >= 0 || !eligible(Acc[I]))
      continue;
    std::vector<size_t> Group{I};
    for (size_t J = I + 1; J < N; ++J) {
      if (Leader[J] < 0 && eligible(Acc[J]) && sameElement(Acc[I], Acc[J])) {
        Group.push_back(J);
        continue;
      }
      if (separates(Acc[I], Acc[J]))
        break;
    }
    // Fields covered, as a byte mask over the element (at most 16 bytes
    // matter: wider spans cannot merge).
    unsigned Lo = ~0u, Hi = 0;
    uint64_t Mask = 0;
    bool Distinct = false;
    for (size_t G : Group) {
      const AccessFacts &A = Acc[G];
      Lo = std::min(Lo, A.FieldOffset);
      Hi = std::max(Hi, A.FieldOffset + A.ElementSize);
      Distinct = Distinct || A.FieldOffset != Acc[I].FieldOffset;
    }
    if (Group.size() < 2 || !Distinct || Hi - Lo > 16)
      continue;
    std::optional<Window> W = windowFor(Lo, Hi, Acc[I].AggregateAlign);
    if (!W)
      continue;
    unsigned MinSize = ~0u;
    for (size_t G : Group) {
      const AccessFacts &A = Acc[G];
      for (unsigned B = A.FieldOffset; B < A.FieldOffset + A.ElementSize; ++B)
        Mask |= uint64_t(1) << (B - W->Start);
      MinSize = std::min(MinSize, A.ElementSize);
    }
    AccessFacts M = Acc[I];
    const unsigned Used = unsigned(__builtin_popcountll(Mask));
    M.ByteOffset = sym::Expr::sub(Acc[I].ByteOffset,
                                  sym::Expr(int64_t(Acc[I].FieldOffset))) +
                   sym::Expr(int64_t(W->Start));
    M.ElementSize = W->Width;
    M.VectorWidth = W->Width / MinSize;
    M.Index = sym::Expr::div(M.ByteOffset, sym::Expr(int64_t(W->Width)));
    M.Subscripts.clear();
    M.FieldOffset = W->Start;
    M.UsedBytes = Used < W->Width ? Used : 0;
    M.ElementType = std::to_string(M.VectorWidth) + " x " + Acc[I].ElementType;
    M.Text.clear();
    for (size_t G : Group) {
      M.MergedFrom.push_back(Acc[G].Text);
      M.Text += (M.Text.empty() ? "" : ", ") + Acc[G].Text;
      Leader[G] = long(I);
    }
    Merged[I] = std::move(M);
    IsMerged[I] = true;
  }

  // Rebuild the list: a group in its first access's place.
  std::vector<long> NewIndex(N, -1);
  std::vector<AccessFacts> Out;
  Out.reserve(N);
  for (size_t I = 0; I < N; ++I) {
    if (Leader[I] >= 0 && size_t(Leader[I]) != I)
      continue;
    NewIndex[I] = long(Out.size());
    Out.push_back(IsMerged[I] ? std::move(Merged[I]) : std::move(Acc[I]));
  }
  for (size_t I = 0; I < N; ++I)
    if (NewIndex[I] < 0)
      NewIndex[I] = NewIndex[size_t(Leader[I])];
  for (AccessFacts &A : Out)
    if (A.ValueFrom && *A.ValueFrom < N)
      A.ValueFrom = unsigned(NewIndex[*A.ValueFrom]);
  const unsigned Removed = unsigned(N - Out.size());
  Acc = std::move(Out);
  return Removed;
}

} // namespace warplint
