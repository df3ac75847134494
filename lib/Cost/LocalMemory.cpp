//===- LocalMemory.cpp - Local arrays the compiler cannot keep in registers -===//
//
// See LocalMemory.h.
//
//===----------------------------------------------------------------------===//
#include "Cost/LocalMemory.h"

#include "Cost/CompiledShape.h"

#include <map>
#include <set>

namespace warplint {

namespace {

/// Why symbol \p S of an index in loops \p Loops is not known at compile
/// time; empty when it is (the iteration of a loop the compiler unrolls).
std::string unknownAtCompileTime(const KernelFacts &K, const CompiledShape &Shape,
                                 const std::vector<unsigned> &Loops,
                                 const sym::Expr &S) {
  const std::string &N = S.name();
  switch (S.symbolKind()) {
  case sym::SymbolKind::LoopIter:
  case sym::SymbolKind::LoopVar:
    for (unsigned Id : Loops)
      if (Id < K.Loops.size() && K.Loops[Id].IterSymbol == N) {
        const LoopFacts &L = K.Loops[Id];
        if (Shape.unrolled(Id))
          return "";
        const std::string Name = L.Var.empty() ? N : L.Var;
        return "the counter of the loop '" + Name + "' (line " +
               std::to_string(L.Loc.Line) +
               "), which the compiler does not unroll fully";
      }
    return "the loop counter '" + sym::displayName(N) + "'";
  case sym::SymbolKind::ThreadIdx:
  case sym::SymbolKind::BlockIdx:
    return "'" + sym::displayName(N) + "'";
  case sym::SymbolKind::BlockDim:
  case sym::SymbolKind::GridDim:
    return "'" + sym::displayName(N) + "', known only at launch";
  case sym::SymbolKind::Param:
    return "the parameter '" + sym::displayName(N) + "'";
  case sym::SymbolKind::Unknown:
    return "'" + sym::displayName(N) + "', a value known only at run time";
  }
  return "'" + sym::displayName(N) + "'";
}

/// The linear index of a thread in its block, and of the block in the grid.
sym::Expr linearThread() {
  using sym::Expr;
  return Expr::add(sym::threadIdx('x'),
                   Expr::mul(sym::blockDim('x'),
                             Expr::add(sym::threadIdx('y'),
                                       Expr::mul(sym::blockDim('y'),
                                                 sym::threadIdx('z')))));
}

sym::Expr linearBlock() {
  using sym::Expr;
  return Expr::add(sym::blockIdx('x'),
                   Expr::mul(sym::gridDim('x'),
                             Expr::add(sym::blockIdx('y'),
                                       Expr::mul(sym::gridDim('y'),
                                                 sym::blockIdx('z')))));
}

} // namespace

std::vector<LocalMemoryArray> localMemoryArrays(const KernelFacts &K) {
  std::vector<LocalMemoryArray> R;
  std::set<std::string> Seen;
  bool Any = false;
  for (const AccessFacts &A : K.Accesses)
    Any |= A.Space == MemorySpace::Local && !A.Base.empty();
  if (!Any)
    return R;
  CompiledShape Shape(K);
  for (const AccessFacts &A : K.Accesses) {
    if (A.Space != MemorySpace::Local || A.Base.empty() ||
        !A.Undefined.empty() || Seen.count(A.Base))
      continue;
    std::map<std::string, sym::Expr> Syms;
    A.ByteOffset.collectSymbols(Syms);
    // Name the most telling symbol: a thread index, a value read at run
    // time, a parameter, a loop counter, then the launch's values.
    auto Rank = [](sym::SymbolKind Kind) {
      switch (Kind) {
      case sym::SymbolKind::ThreadIdx: return 0;
      case sym::SymbolKind::Unknown: return 1;
      case sym::SymbolKind::Param: return 2;
      case sym::SymbolKind::LoopIter:
      case sym::SymbolKind::LoopVar: return 3;
      default: return 4;
      }
    };
    std::string Best;
    int BestRank = 99;
    for (const auto &[Name, S] : Syms) {
      std::string Why = unknownAtCompileTime(K, Shape, A.Loops, S);
      if (!Why.empty() && Rank(S.symbolKind()) < BestRank) {
        Best = std::move(Why);
        BestRank = Rank(S.symbolKind());
      }
    }
    if (Best.empty())
      continue;
    Seen.insert(A.Base);
    R.push_back({A.Base, A.Text, A.Loc.Line, "its index depends on " + Best});
  }
  return R;
}

KernelFacts withLocalMemoryRequests(const KernelFacts &K,
                                    const std::vector<LocalMemoryArray> &Arrays,
                                    std::vector<std::string> &Notes) {
  using sym::Expr;
  KernelFacts R = K;
  std::set<std::string> Names;
  for (const LocalMemoryArray &L : Arrays) {
    Names.insert(L.Base);
    Notes.push_back(
        "local array '" + L.Base + "' is in local memory, not registers: " +
        "'" + L.Text + "' (line " + std::to_string(L.Line) + ") " + L.Why +
        "; its accesses count as device-memory requests, consecutive " +
        "threads' elements adjacent as local memory interleaves them (one " +
        "index across a warp: one contiguous run of 32 elements)");
  }
  const Expr Thread = linearThread(), Block = linearBlock();
  const Expr Lane = Expr::mod(Thread, Expr(32)), Warp = Expr::div(Thread, Expr(32));
  // A warp's window: 1 MiB; a block's: 64 warps' (more than a block holds).
  const Expr Window = Expr::add(Expr::mul(Warp, Expr(int64_t(1) << 20)),
                                Expr::mul(Block, Expr(int64_t(1) << 26)));
  for (AccessFacts &A : R.Accesses) {
    if (A.Space != MemorySpace::Local || !Names.count(A.Base) ||
        !A.ElementSize)
      continue;
    const int64_t E = A.ElementSize;
    A.Space = MemorySpace::Global;
    A.LocalMemory = true;
    A.ByteOffset = Expr::add(
        Expr::add(Expr::mul(Expr::div(A.ByteOffset, Expr(E)), Expr(32 * E)),
                  Expr::mul(Lane, Expr(E))),
        Window);
    A.Index = Expr::div(A.ByteOffset, Expr(E));
    A.Subscripts.clear();
  }
  return R;
}

} // namespace warplint
