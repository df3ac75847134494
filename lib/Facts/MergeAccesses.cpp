//===- MergeAccesses.cpp - Field accesses nvcc emits as one vector access -===//
#include "Facts/MergeAccesses.h"

#include <algorithm>
#include <map>
#include <optional>

namespace warplint {

namespace {

bool sameLoc(const SourceLoc &A, const SourceLoc &B) {
  return A.File == B.File && A.Line == B.Line && A.Column == B.Column;
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
      A.AggregateSize != B.AggregateSize || !sameAccessContext(A, B))
    return false;
  std::optional<int64_t> D =
      sym::Expr::sub(B.ByteOffset, A.ByteOffset).asConst();
  return D && *D == int64_t(B.FieldOffset) - int64_t(A.FieldOffset);
}

/// X's byte range relative to the start of \p Lead's element, when X is
/// in the same space and based on the same buffer at a constant distance.
std::optional<std::pair<int64_t, int64_t>> rangeInElement(const AccessFacts &Lead,
                                                          const AccessFacts &X) {
  if (X.Space != Lead.Space || X.Base != Lead.Base || Lead.Base.empty())
    return std::nullopt;
  std::optional<int64_t> D =
      sym::Expr::sub(X.ByteOffset, Lead.ByteOffset).asConst();
  if (!D)
    return std::nullopt;
  int64_t Lo = *D + int64_t(Lead.FieldOffset);
  return std::make_pair(Lo, Lo + int64_t(std::max(1u, X.ElementSize)));
}

bool overlaps(const std::vector<std::pair<int64_t, int64_t>> &Ranges,
              int64_t Lo, int64_t Hi) {
  for (const auto &[A, B] : Ranges)
    if (A < Hi && Lo < B)
      return true;
  return false;
}

/// The accesses of the group led by \p I, in order. Merging moves later
/// loads up to the first one (an access in between must not write their
/// bytes) and earlier stores down to the last one (an access in between
/// must not touch theirs); an access in between that may alias (another
/// buffer in the same space, or the same one at a distance not known)
/// ends the group.
std::vector<size_t> groupFrom(const std::vector<AccessFacts> &Acc, size_t I,
                              const std::vector<long> &Leader) {
  const AccessFacts &Lead = Acc[I];
  std::vector<size_t> Group{I};
  std::vector<std::pair<int64_t, int64_t>> Between; // writes seen (loads)
  std::vector<std::pair<int64_t, int64_t>> Members{
      {Lead.FieldOffset, Lead.FieldOffset + Lead.ElementSize}};
  for (size_t J = I + 1; J < Acc.size(); ++J) {
    const AccessFacts &X = Acc[J];
    if (Leader[J] < 0 && eligible(X) && sameElement(Lead, X)) {
      int64_t Lo = X.FieldOffset, Hi = Lo + X.ElementSize;
      if (Lead.IsRead && overlaps(Between, Lo, Hi))
        break;
      Group.push_back(J);
      Members.push_back({Lo, Hi});
      continue;
    }
    if (X.Space != Lead.Space && X.Space != MemorySpace::Unknown)
      continue;
    if (Lead.IsRead && !X.IsWrite)
      continue; // loads do not keep loads apart
    std::optional<std::pair<int64_t, int64_t>> R = rangeInElement(Lead, X);
    if (!R)
      break;
    if (Lead.IsRead)
      Between.push_back(*R);
    else if (overlaps(Members, R->first, R->second))
      break;
  }
  return Group;
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

bool sameAccessContext(const AccessFacts &A, const AccessFacts &B) {
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

namespace {

/// One vector access made of the group members \p Members (indices into
/// \p Acc), over the window \p W.
AccessFacts mergedAccess(const std::vector<AccessFacts> &Acc,
                         const std::vector<size_t> &Members, Window W) {
  const AccessFacts &First = Acc[Members.front()];
  uint64_t Mask = 0;
  unsigned MinSize = ~0u;
  for (size_t G : Members) {
    const AccessFacts &A = Acc[G];
    for (unsigned B = A.FieldOffset; B < A.FieldOffset + A.ElementSize; ++B)
      Mask |= uint64_t(1) << (B - W.Start);
    MinSize = std::min(MinSize, A.ElementSize);
  }
  AccessFacts M = First;
  const unsigned Used = unsigned(__builtin_popcountll(Mask));
  M.ByteOffset = sym::Expr::sub(First.ByteOffset,
                                sym::Expr(int64_t(First.FieldOffset))) +
                 sym::Expr(int64_t(W.Start));
  M.ElementSize = W.Width;
  M.VectorWidth = W.Width / MinSize;
  M.Index = sym::Expr::div(M.ByteOffset, sym::Expr(int64_t(W.Width)));
  M.Subscripts.clear();
  M.FieldOffset = W.Start;
  M.UsedBytes = Used < W.Width ? Used : 0;
  M.ElementType = std::to_string(M.VectorWidth) + " x " + First.ElementType;
  M.Text.clear();
  M.MergedFrom.clear();
  for (size_t G : Members) {
    M.MergedFrom.push_back(Acc[G].Text);
    M.Text += (M.Text.empty() ? "" : ", ") + Acc[G].Text;
  }
  return M;
}

/// A group of loads is one vector over the narrowest window holding every
/// field (bytes between them are loaded and not used). A vector store
/// writes every byte of its window, so a group of stores is split, from
/// the lowest field up, into the widest aligned windows the fields cover
/// exactly (x, y, z of a uchar4 stored: one 2-byte and one 1-byte store).
std::vector<std::pair<std::vector<size_t>, Window>>
splitGroup(const std::vector<AccessFacts> &Acc, std::vector<size_t> Group) {
  std::vector<std::pair<std::vector<size_t>, Window>> Out;
  const AccessFacts &Lead = Acc[Group.front()];
  if (Lead.IsRead) {
    unsigned Lo = ~0u, Hi = 0;
    bool Distinct = false;
    for (size_t G : Group) {
      Lo = std::min(Lo, Acc[G].FieldOffset);
      Hi = std::max(Hi, Acc[G].FieldOffset + Acc[G].ElementSize);
      Distinct = Distinct || Acc[G].FieldOffset != Lead.FieldOffset;
    }
    if (!Distinct || Hi - Lo > 16)
      return Out;
    if (std::optional<Window> W = windowFor(Lo, Hi, Lead.AggregateAlign))
      Out.push_back({Group, *W});
    return Out;
  }
  // Stores: the last store to each field wins; order the fields.
  std::map<unsigned, size_t> ByField;
  for (size_t G : Group)
    ByField[Acc[G].FieldOffset] = G;
  std::vector<size_t> Fields;
  for (const auto &[Off, G] : ByField)
    Fields.push_back(G);
  size_t K = 0;
  while (K < Fields.size()) {
    const unsigned Start = Acc[Fields[K]].FieldOffset;
    bool Done = false;
    for (unsigned W = std::min(16u, Lead.AggregateAlign); W >= 2 && !Done;
         W /= 2) {
      if (Start % W)
        continue;
      // Fields K.. that tile [Start, Start + W) exactly.
      unsigned Pos = Start;
      size_t E = K;
      while (E < Fields.size() && Acc[Fields[E]].FieldOffset == Pos &&
             Pos + Acc[Fields[E]].ElementSize <= Start + W) {
        Pos += Acc[Fields[E]].ElementSize;
        ++E;
      }
      if (Pos == Start + W && E - K >= 2) {
        Out.push_back({std::vector<size_t>(Fields.begin() + long(K),
                                           Fields.begin() + long(E)),
                       Window{Start, W}});
        K = E;
        Done = true;
      }
    }
    if (!Done)
      ++K;
  }
  return Out;
}

} // namespace

unsigned mergeVectorAccesses(KernelFacts &K) {
  std::vector<AccessFacts> &Acc = K.Accesses;
  const size_t N = Acc.size();
  std::vector<long> Leader(N, -1); // the unit an access was merged into
  std::vector<AccessFacts> Merged(N);
  std::vector<bool> IsMerged(N, false);
  for (size_t I = 0; I < N; ++I) {
    if (Leader[I] >= 0 || !eligible(Acc[I]))
      continue;
    std::vector<size_t> Group = groupFrom(Acc, I, Leader);
    if (Group.size() < 2)
      continue;
    for (auto &[Members, W] : splitGroup(Acc, Group)) {
      // The unit takes the place of its first access in the list; the
      // group's other accesses that are in no unit stay as they are.
      size_t At = *std::min_element(Members.begin(), Members.end());
      Merged[At] = mergedAccess(Acc, Members, W);
      IsMerged[At] = true;
      for (size_t G : Members)
        Leader[G] = long(At);
      // A store group may hold a field twice: the earlier store is
      // overwritten, and goes with its unit too.
      if (!Acc[I].IsRead)
        for (size_t G : Group)
          for (size_t Mb : Members)
            if (G != Mb && Leader[G] < 0 &&
                Acc[G].FieldOffset == Acc[Mb].FieldOffset)
              Leader[G] = long(At);
    }
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
