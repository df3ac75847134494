//===- Staging.cpp --------------------------------------------------------===//
#include "Cost/Staging.h"
#include "Cost/Vectorize.h"
#include "Facts/MergeAccesses.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace warplint {

namespace {

const char *layoutName(TileLayout L) {
  return L == TileLayout::Row ? "row-wise"
         : L == TileLayout::Column ? "column-wise"
                                   : "column-wise, padded";
}

/// The constant coefficient of \p Sym in \p E (0 when absent), or
/// std::nullopt when it is not a constant.
std::optional<int64_t> constCoef(const sym::Expr &E, const std::string &Sym) {
  if (!E.mentions(Sym))
    return 0;
  std::optional<sym::Expr> C = E.coefficientOf(Sym);
  if (!C)
    return std::nullopt;
  return C->asConst();
}


/// A shared access to \p Buf at the thread position (Px, Py) under the
/// layout.
AccessFacts sharedAt(const AccessFacts &Like, const SharedBufferFacts &Buf,
                     TileLayout L, const sym::Expr &Px, const sym::Expr &Py,
                     bool Write) {
  AccessFacts S;
  S.Space = MemorySpace::Shared;
  S.Base = Buf.Name;
  S.IsRead = !Write;
  S.IsWrite = Write;
  S.ElementSize = Like.ElementSize;
  S.ElementType = Like.ElementType;
  S.Subscripts = L == TileLayout::Row ? std::vector<sym::Expr>{Py, Px}
                                      : std::vector<sym::Expr>{Px, Py};
  S.Index = S.Subscripts[0] * sym::Expr(*Buf.Dims[1]) + S.Subscripts[1];
  S.ByteOffset = S.Index * sym::Expr(Like.ElementSize);
  S.Text = fmt::format("{}[{}][{}]", Buf.Name, S.Subscripts[0].text(),
                       S.Subscripts[1].text());
  S.Loc = Like.Loc;
  S.Calls = Like.Calls;
  S.Loops = Like.Loops;
  S.Guards = Like.Guards;
  return S;
}

OpFacts opLike(const AccessFacts &A, OpKind Kind, unsigned Count,
               std::vector<GuardRef> Guards) {
  OpFacts O;
  O.Kind = Kind;
  O.Type = OpType::Int32;
  O.Count = Count;
  O.Loc = A.Loc;
  O.Calls = A.Calls;
  O.Loops = A.Loops;
  O.Guards = std::move(Guards);
  return O;
}

unsigned nextBranchId(const KernelFacts &K) {
  unsigned Id = 0;
  for (const BranchFacts &B : K.Branches)
    Id = std::max(Id, B.Id + 1);
  return Id;
}

std::string freshName(const KernelFacts &K, const std::string &Base) {
  std::string N = Base;
  for (unsigned I = 2;; ++I) {
    bool Taken = false;
    for (const SharedBufferFacts &B : K.SharedBuffers)
      Taken = Taken || B.Name == N;
    if (!Taken)
      return N;
    N = Base + std::to_string(I);
  }
}

BarrierFacts barrierAfter(const AccessFacts &A, std::vector<unsigned> Loops) {
  BarrierFacts B;
  B.Name = "__syncthreads";
  B.Loc = A.Loc;
  B.Calls = A.Calls;
  B.Loops = std::move(Loops);
  B.Guards = A.Guards;
  return B;
}

} // namespace

std::optional<KernelVariant> stageReads(const KernelFacts &K, const LaunchConfig &L,
                                        const std::string &Buffer, unsigned Fetch,
                                        TileLayout Layout, std::string &WhyNot,
                                        const AssumedValues *Assumed) {
  const int64_t Bx = L.Block[0], By = L.Block[1];
  if (L.Block[2] != 1 || Bx < 1 || By < 1) {
    WhyNot = "the block is three-dimensional";
    return std::nullopt;
  }
  std::vector<unsigned> Refs;
  for (unsigned I = 0; I < K.Accesses.size(); ++I) {
    const AccessFacts &A = K.Accesses[I];
    if (A.Space != MemorySpace::Global || A.Base != Buffer)
      continue;
    if (A.IsWrite || A.IsAtomic) {
      WhyNot = "'" + Buffer + "' is written by the kernel";
      return std::nullopt;
    }
    Refs.push_back(I);
  }
  if (Refs.size() < 2 || Fetch >= Refs.size()) {
    WhyNot = "'" + Buffer + "' has fewer than two references";
    return std::nullopt;
  }
  const AccessFacts &F = K.Accesses[Refs[Fetch]];
  const sym::Expr FI = withLaunchValues(F.Index, L, Assumed);
  std::optional<int64_t> Cx = constCoef(FI, "threadIdx.x");
  std::optional<int64_t> Cy = constCoef(FI, "threadIdx.y");
  if (Cx != 1 || !Cy) {
    WhyNot = "the fetched reference is not coalesced along threadIdx.x";
    return std::nullopt;
  }
  // Each other reference: its constant distance from the fetched one.
  std::vector<int64_t> Delta;
  for (unsigned R : Refs) {
    const AccessFacts &A = K.Accesses[R];
    std::optional<int64_t> D = (withLaunchValues(A.Index, L, Assumed) - FI).asConst();
    if (!D || !sameAccessContext(A, F) || A.ElementSize != F.ElementSize) {
      WhyNot = "the references of '" + Buffer +
               "' do not differ by constants in the same loops and branches";
      return std::nullopt;
    }
    Delta.push_back(*D);
  }

  KernelVariant X{"", "", K, L};
  KernelFacts &N = X.K;
  SharedBufferFacts Buf;
  Buf.Name = freshName(K, "s_" + Buffer);
  Buf.ElementType = F.ElementType;
  Buf.ElementSize = F.ElementSize;
  Buf.Dims = Layout == TileLayout::Row ? std::vector<std::optional<int64_t>>{By, Bx}
                                       : std::vector<std::optional<int64_t>>{
                                             Bx, By + (Layout == TileLayout::PaddedColumn)};
  Buf.Loc = F.Loc;
  N.SharedBuffers.push_back(Buf);

  // The buffer's references leave; the fetch, the barrier and the reads
  // from the tile (or, for the halo, from global memory) come in.
  N.Accesses.clear();
  std::map<unsigned, unsigned> NewIndex;
  for (unsigned I = 0; I < K.Accesses.size(); ++I)
    if (std::find(Refs.begin(), Refs.end(), I) == Refs.end()) {
      NewIndex[I] = N.Accesses.size();
      N.Accesses.push_back(K.Accesses[I]);
    }
  for (AccessFacts &A : N.Accesses)
    if (A.ValueFrom)
      A.ValueFrom = NewIndex.count(*A.ValueFrom)
                        ? std::optional<unsigned>(NewIndex[*A.ValueFrom])
                        : std::nullopt;
  const sym::Expr Tx = sym::threadIdx('x'), Ty = sym::threadIdx('y');
  N.Accesses.push_back(F);
  AccessFacts Store = sharedAt(F, Buf, Layout, Tx, Ty, /*Write=*/true);
  Store.ValueFrom = N.Accesses.size() - 1;
  N.Accesses.push_back(Store);
  N.Barriers.push_back(barrierAfter(F, F.Loops));
  unsigned Halo = 0;
  for (size_t R = 0; R < Refs.size(); ++R) {
    const AccessFacts &A = K.Accesses[Refs[R]];
    const int64_t D = Delta[R];
    sym::Expr Px = Tx, Py = Ty;
    int64_t Extent = 0;
    sym::Expr Pos = Tx;
    if (D == 0) {
      N.Accesses.push_back(sharedAt(A, Buf, Layout, Tx, Ty, false));
      continue;
    }
    if (*Cy != 0 && D % *Cy == 0 && std::abs(D / *Cy) < By) {
      Py = Ty + sym::Expr(D / *Cy);
      Pos = Py;
      Extent = By;
    } else if (std::abs(D) < Bx) {
      Px = Tx + sym::Expr(D);
      Pos = Px;
      Extent = Bx;
    } else {
      N.Accesses.push_back(A); // outside the block: stays in global memory
      continue;
    }
    // Loaded by a thread of this block only where the neighbour is inside
    // it: a branch on threadIdx, the halo read from global memory.
    BranchFacts B;
    B.Id = nextBranchId(N);
    B.Kind = BranchKind::If;
    B.Condition = sym::Expr::logicalOr(sym::Expr::lt(Pos, sym::Expr(0)),
                                       sym::Expr::ge(Pos, sym::Expr(Extent)));
    B.ThreadDependent = true;
    B.Text = fmt::format("{} < 0 || {} >= {}", Pos.str(), Pos.str(), Extent);
    B.Loc = A.Loc;
    B.Calls = A.Calls;
    B.Loops = A.Loops;
    B.Guards = A.Guards;
    N.Branches.push_back(B);
    N.Ops.push_back(opLike(A, OpKind::Add, 1, A.Guards));
    N.Ops.push_back(opLike(A, OpKind::Compare, 2, A.Guards));
    N.Ops.push_back(opLike(A, OpKind::Logical, 1, A.Guards));
    N.Ops.push_back(opLike(A, OpKind::Branch, 1, A.Guards));
    AccessFacts G = A;
    G.Guards.push_back({B.Id, true});
    N.Accesses.push_back(G);
    AccessFacts S = sharedAt(A, Buf, Layout, Px, Py, false);
    S.Guards.push_back({B.Id, false});
    N.Accesses.push_back(S);
    ++Halo;
  }
  const std::string Decl = fmt::format(
      "__shared__ {} {}[{}][{}]", F.ElementType.empty() ? "T" : F.ElementType,
      Buf.Name, *Buf.Dims[0], *Buf.Dims[1]);
  const std::string Own =
      Layout == TileLayout::Row ? Buf.Name + "[threadIdx.y][threadIdx.x]"
                                : Buf.Name + "[threadIdx.x][threadIdx.y]";
  X.Name = fmt::format("stage {} ref {} {}", Buffer, Fetch + 1,
                       Layout == TileLayout::Row      ? "rows"
                       : Layout == TileLayout::Column ? "columns"
                                                      : "padded");
  X.Change = fmt::format(
      "declare {} ({}); load {} = {} once per thread, then __syncthreads(); "
      "read the other {} reference{} of '{}' from {}{}",
      Decl, layoutName(Layout), Own, F.Text.empty() ? Buffer + "[...]" : F.Text,
      Refs.size() - 1, Refs.size() == 2 ? "" : "s", Buffer, Buf.Name,
      Halo ? fmt::format(" where the element is inside the block, from global "
                         "memory at the block's edge ({} branch{} on threadIdx)",
                         Halo, Halo == 1 ? "" : "es")
           : "");
  return X;
}

std::optional<KernelVariant> stageStore(const KernelFacts &K, const LaunchConfig &L,
                                        unsigned Access, std::string &WhyNot,
                                        const AssumedValues *Assumed) {
  const AccessFacts &W = K.Accesses[Access];
  // The launch's values (blockDim, scalar arguments): the tile is for it.
  const sym::Expr WI = withLaunchValues(W.Index, L, Assumed);
  if (W.Space != MemorySpace::Global || !W.IsWrite || W.IsRead || W.IsAtomic) {
    WhyNot = "not a plain global store";
    return std::nullopt;
  }
  const int64_t Bx = L.Block[0], By = L.Block[1];
  std::optional<int64_t> Cx = constCoef(WI, "threadIdx.x");
  std::optional<int64_t> Cy = constCoef(WI, "threadIdx.y");
  if (!Cx || !Cy || *Cx == 1 || *Cx == 0 || L.Block[2] != 1) {
    WhyNot = "the store is not strided along threadIdx.x";
    return std::nullopt;
  }
  // u: the part of the index that walks consecutive elements, from
  // threadIdx.y and the enclosing loops; it must take every value of
  // 0 .. blockDim.x - 1 exactly once, so that the tile is square and the
  // exchanged roles cover the same elements.
  sym::Expr U = sym::Expr(*Cy) * sym::threadIdx('y');
  std::vector<std::pair<int64_t, int64_t>> Terms = {{*Cy, By}}; // coef, count
  std::vector<unsigned> ULoops;
  for (unsigned Id : W.Loops) {
    const LoopFacts *Lp = nullptr;
    for (const LoopFacts &X : K.Loops)
      Lp = X.Id == Id ? &X : Lp;
    if (!Lp || Lp->IterSymbol.empty() || !WI.mentions(Lp->IterSymbol))
      continue;
    std::optional<int64_t> C = constCoef(WI, Lp->IterSymbol);
    std::optional<int64_t> T =
        Lp->TripCount ? Lp->TripCount->asConst() : std::optional<int64_t>();
    if (!C || !T || *T < 1) {
      WhyNot = "a loop around the store has no constant trip count";
      return std::nullopt;
    }
    if (*C % *Cx == 0)
      continue; // moves whole rows: stays outside u
    U = U + sym::Expr(*C) * sym::Expr::symbol(Lp->IterSymbol, sym::SymbolKind::LoopIter);
    Terms.push_back({*C, *T});
    ULoops.push_back(Id);
  }
  std::vector<int> Hits(Bx, 0);
  std::vector<int64_t> Values = {0};
  for (const auto &[C, Count] : Terms) {
    std::vector<int64_t> Next;
    for (int64_t V : Values)
      for (int64_t I = 0; I < Count; ++I)
        Next.push_back(V + C * I);
    Values.swap(Next);
    if (Values.size() > 4096) {
      WhyNot = "the tile would be too large";
      return std::nullopt;
    }
  }
  for (int64_t V : Values) {
    if (V < 0 || V >= Bx || Hits[V]++) {
      WhyNot = fmt::format("threadIdx.y and the loops do not cover 0..{} once "
                           "each along the store's rows",
                           Bx - 1);
      return std::nullopt;
    }
  }
  if (static_cast<int64_t>(Values.size()) != Bx) {
    WhyNot = "the tile would not be square";
    return std::nullopt;
  }

  KernelVariant X{"", "", K, L};
  KernelFacts &N = X.K;
  SharedBufferFacts Buf;
  Buf.Name = freshName(K, "tile_" + W.Base);
  Buf.ElementType = W.ElementType;
  Buf.ElementSize = W.ElementSize;
  Buf.Dims = {Bx, Bx};
  Buf.Loc = W.Loc;
  N.SharedBuffers.push_back(Buf);
  const sym::Expr Tx = sym::threadIdx('x');
  // Phase 1: tile[u][threadIdx.x] = value (row-wise, conflict-free).
  AccessFacts S1 = sharedAt(W, Buf, TileLayout::Row, Tx, U, /*Write=*/true);
  S1.ValueFrom = W.ValueFrom;
  std::vector<unsigned> Outer;
  for (unsigned Id : W.Loops)
    if (std::find(ULoops.begin(), ULoops.end(), Id) == ULoops.end())
      Outer.push_back(Id);
  // Phase 2: the store with threadIdx.x and u exchanged, its value read
  // from tile[threadIdx.x][u].
  AccessFacts S2 = sharedAt(W, Buf, TileLayout::Row, U, Tx, /*Write=*/false);
  AccessFacts W2 = W;
  W2.Index = WI + sym::Expr(*Cx - 1) * (U - Tx);
  W2.ByteOffset = W2.Index * sym::Expr(W.ElementSize);
  W2.Subscripts.clear();
  N.Accesses[Access] = S1;
  N.Accesses.push_back(S2);
  W2.ValueFrom = N.Accesses.size() - 1;
  N.Accesses.push_back(W2);
  N.Barriers.push_back(barrierAfter(W, Outer));
  X.Name = "stage " + W.Base + " store";
  X.Change = fmt::format(
      "declare __shared__ {} {}[{}][{}]; write the value to {}[u][threadIdx.x] "
      "(u = {}), __syncthreads(), then store {}[threadIdx.x][u] at {} "
      "(threadIdx.x and u exchanged), so that threadIdx.x walks consecutive "
      "elements",
      W.ElementType.empty() ? "T" : W.ElementType, Buf.Name, Bx, Bx, Buf.Name,
      U.text(), Buf.Name, W2.Index.text());
  return X;
}

std::vector<KernelVariant> stagingVariants(const KernelFacts &K,
                                           const LaunchConfig &L,
                                           const AssumedValues *Assumed) {
  std::vector<KernelVariant> V;
  std::map<std::string, unsigned> Reads; // read-only buffers' references
  std::vector<std::string> Order;
  for (const AccessFacts &A : K.Accesses) {
    if (A.Space != MemorySpace::Global || A.Base.empty())
      continue;
    if (!Reads.count(A.Base))
      Order.push_back(A.Base);
    Reads[A.Base] += 1;
  }
  for (const std::string &B : Order)
    for (unsigned F = 0; F < Reads[B] && Reads[B] >= 2; ++F)
      for (TileLayout Lay :
           {TileLayout::Row, TileLayout::Column, TileLayout::PaddedColumn}) {
        std::string Why;
        if (std::optional<KernelVariant> X =
                stageReads(K, L, B, F, Lay, Why, Assumed))
          V.push_back(std::move(*X));
      }
  for (unsigned I = 0; I < K.Accesses.size(); ++I) {
    std::string Why;
    if (std::optional<KernelVariant> X = stageStore(K, L, I, Why, Assumed))
      V.push_back(std::move(*X));
  }
  // A rewrite that rests on an assumed size says so: the tile's indices
  // hold its value.
  std::string Used;
  if (Assumed)
    for (const auto &[Name, Value] : *Assumed) {
      if (L.Args.count(Name))
        continue;
      bool Mentioned = false;
      for (const AccessFacts &A : K.Accesses)
        Mentioned = Mentioned || A.Index.mentions(Name);
      if (Mentioned)
        Used += fmt::format("{}'{}' = {}", Used.empty() ? "" : ", ", Name, Value);
    }
  if (!Used.empty())
    for (KernelVariant &X : V)
      X.Change += " (for " + Used + ", as assumed: not known at the launch)";
  return V;
}

} // namespace warplint
