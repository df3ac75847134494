//===- LoopMapping.cpp - Loops of sequential C mapped to threads ----------===//
//
// See LoopMapping.h (CGPredict Sec. 3.2, docs/port.md).
//
//===----------------------------------------------------------------------===//
#include "Facts/LoopMapping.h"
#include "Symbolic/Feasibility.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <functional>
#include <map>
#include <numeric>
#include <set>

namespace warplint {

const LoopFacts *loopFactsOf(const PortLoop &L, const KernelFacts &Seq) {
  for (const LoopFacts &F : Seq.Loops)
    if (F.Calls.empty() && F.Loc.Line == L.Loc.Line &&
        F.Loc.Column == L.Loc.Column)
      return &F;
  return nullptr;
}

bool accessUnder(const AccessFacts &A, unsigned LoopId) {
  return std::find(A.Loops.begin(), A.Loops.end(), LoopId) != A.Loops.end();
}

/// The iteration symbols of the loops nested inside \p F.
static std::set<std::string> innerIterations(const LoopFacts &F,
                                             const KernelFacts &Seq) {
  std::set<std::string> R;
  for (const LoopFacts &L : Seq.Loops) {
    for (std::optional<unsigned> P = L.Parent; P;) {
      if (*P == F.Id) {
        R.insert(L.IterSymbol);
        break;
      }
      auto It = std::find_if(Seq.Loops.begin(), Seq.Loops.end(),
                             [&](const LoopFacts &X) { return X.Id == *P; });
      P = It == Seq.Loops.end() ? std::nullopt : It->Parent;
    }
  }
  return R;
}

/// The largest trip count of \p F over the iterations of the loops its
/// bounds depend on (each at its first and last iteration), if known.
static std::optional<int64_t> maxTrips(const LoopFacts &F,
                                       const KernelFacts &Seq, unsigned Depth = 0) {
  if (!F.TripCount || Depth > 8)
    return std::nullopt;
  if (auto C = F.TripCount->asConst())
    return *C;
  std::map<std::string, sym::Expr> Used;
  F.TripCount->collectSymbols(Used);
  std::vector<std::pair<std::string, int64_t>> Ranges;
  for (const auto &[Name, S] : Used) {
    auto It = std::find_if(Seq.Loops.begin(), Seq.Loops.end(),
                           [&](const LoopFacts &L) { return L.IterSymbol == Name; });
    if (It == Seq.Loops.end() || Ranges.size() == 4)
      return std::nullopt;
    std::optional<int64_t> T = maxTrips(*It, Seq, Depth + 1);
    if (!T || *T < 1)
      return std::nullopt;
    Ranges.push_back({Name, *T - 1});
  }
  std::optional<int64_t> Best;
  for (unsigned Corner = 0; Corner < (1u << Ranges.size()); ++Corner) {
    std::map<std::string, int64_t> V;
    for (unsigned I = 0; I < Ranges.size(); ++I)
      V[Ranges[I].first] = (Corner >> I) & 1 ? Ranges[I].second : 0;
    std::optional<int64_t> N = F.TripCount->evaluate(V);
    if (!N)
      return std::nullopt;
    Best = std::max(Best.value_or(*N), *N);
  }
  return Best;
}

/// An index split around the loop's iteration: C x Iter + the inner
/// loops' terms (in [Lo, Hi], multiples of Gcd) + Rest.
struct SplitIndex {
  int64_t C = 0;
  uint64_t Gcd = 0; ///< of the inner loops' coefficients; 0: none
  int64_t Lo = 0, Hi = 0;
  bool Bounded = true; ///< Lo and Hi are known
  sym::Expr Rest;
};

static std::optional<SplitIndex>
split(const sym::Expr &Index, const std::string &Iter,
      const std::map<std::string, std::optional<int64_t>> &Inner) {
  SplitIndex S;
  std::map<std::string, sym::Expr> Zero, Used;
  Index.collectSymbols(Used);
  for (const auto &[Name, Sym] : Used) {
    auto In = Inner.find(Name);
    if (Name != Iter && In == Inner.end())
      continue;
    std::optional<sym::Expr> Coef = Index.coefficientOf(Name);
    std::optional<int64_t> C = Coef ? Coef->asConst() : std::nullopt;
    if (!C)
      return std::nullopt;
    Zero[Name] = sym::Expr(0);
    if (Name == Iter) {
      S.C = *C;
      continue;
    }
    S.Gcd = std::gcd(S.Gcd, uint64_t(*C < 0 ? -*C : *C));
    if (!In->second || *In->second < 1) {
      S.Bounded = false;
      continue;
    }
    int64_t Span = *C * (*In->second - 1);
    (Span < 0 ? S.Lo : S.Hi) += Span;
  }
  S.Rest = Index.substitute(Zero);
  return S;
}

/// Whether \p A and \p B (one array) touch disjoint elements in two
/// different iterations of a loop of at most \p Trips iterations. Both
/// must move with the iteration by the same constant C and differ, but for
/// the inner loops' terms, by a constant d; C x (a - b) (a != b) must never
/// equal d plus the difference of those terms: that sum stays below |C| in
/// magnitude (the inner terms stay within one step of the iteration), or it
/// is a multiple of a G (d and every inner coefficient are) with
/// |C| x (Trips - 1) < G (the GCD test).
static bool separatedIndex(
    const sym::Expr &IA, const sym::Expr &IB, const std::string &Iter,
    const std::map<std::string, std::optional<int64_t>> &Inner,
    std::optional<int64_t> Trips) {
  std::optional<SplitIndex> SA = split(IA, Iter, Inner);
  std::optional<SplitIndex> SB = split(IB, Iter, Inner);
  if (!SA || !SB || SA->C == 0 || SA->C != SB->C)
    return false;
  const sym::Expr Diff = SB->Rest - SA->Rest;
  const int64_t C = SA->C < 0 ? -SA->C : SA->C;
  std::optional<int64_t> D = Diff.asConst();
  if (D && SA->Bounded && SB->Bounded &&
      std::max(std::abs(*D + SB->Lo - SA->Hi), std::abs(*D + SB->Hi - SA->Lo)) <
          C)
    return true;
  // The GCD test: d may hold the loops around (fixed in this loop), when
  // linear in them with every coefficient a multiple of G.
  uint64_t G = std::gcd(SA->Gcd, SB->Gcd);
  std::map<std::string, sym::Expr> Used, Zero;
  Diff.collectSymbols(Used);
  sym::Expr Linear(0);
  for (const auto &[Name, Sym] : Used) {
    std::optional<sym::Expr> Coef = Diff.coefficientOf(Name);
    std::optional<int64_t> K = Coef ? Coef->asConst() : std::nullopt;
    if (!K)
      return false;
    G = std::gcd(G, uint64_t(*K < 0 ? -*K : *K));
    Linear = Linear + sym::Expr(*K) * Sym;
    Zero[Name] = sym::Expr(0);
  }
  std::optional<int64_t> D0 = Diff.substitute(Zero).asConst();
  if (!D0 || (Diff - Linear - sym::Expr(*D0)).asConst() != std::optional<int64_t>(0))
    return false;
  G = std::gcd(G, uint64_t(*D0 < 0 ? -*D0 : *D0));
  return G > 0 && Trips && *Trips >= 1 && uint64_t(C) * uint64_t(*Trips - 1) < G;
}

/// Accesses of different widths (`p[k].assign`, 8 bytes, and `p[k].cost`,
/// 4, in one array of structures): their byte offsets, A's bytes [a, a +
/// EA) and B's [b, b + EB), meet when -EB < b - a < EA. In two iterations
/// b - a is C x t (t != 0) plus d plus the inner loops' terms: apart when
/// no nonzero multiple of C falls in the window that leaves.
static bool separatedBytes(const AccessFacts &A, const AccessFacts &B,
                           const std::string &Iter,
                           const std::map<std::string, std::optional<int64_t>> &Inner) {
  const int64_t EA = int64_t(A.ElementSize), EB = int64_t(B.ElementSize);
  std::optional<SplitIndex> SA = split(A.Index * sym::Expr(EA), Iter, Inner);
  std::optional<SplitIndex> SB = split(B.Index * sym::Expr(EB), Iter, Inner);
  if (!SA || !SB || SA->C == 0 || SA->C != SB->C || !SA->Bounded ||
      !SB->Bounded)
    return false;
  std::optional<int64_t> D = (SB->Rest - SA->Rest).asConst();
  if (!D)
    return false;
  const int64_t C = SA->C < 0 ? -SA->C : SA->C;
  const int64_t Lo = *D + SB->Lo - SA->Hi, Hi = *D + SB->Hi - SA->Lo;
  // C x t must avoid (-EB - d', EA - d') for every d' in [Lo, Hi].
  return EA - 1 - Lo < C && -EB + 1 - Hi > -C;
}

/// The flattened indices separated, or, for accesses with one subscript
/// per dimension of the array, one dimension whose subscripts are (two
/// elements differ where one subscript does: `C[ii + i][jj + j]` in two
/// iterations of a tile loop jj stepping by 32, j < 32).
static bool separated(const AccessFacts &A, const AccessFacts &B,
                      const std::string &Iter,
                      const std::map<std::string, std::optional<int64_t>> &Inner,
                      std::optional<int64_t> Trips) {
  if (A.ElementSize && B.ElementSize && A.ElementSize != B.ElementSize)
    return separatedBytes(A, B, Iter, Inner);
  if (separatedIndex(A.Index, B.Index, Iter, Inner, Trips))
    return true;
  if (A.Subscripts.size() < 2 || A.Subscripts.size() != B.Subscripts.size())
    return false;
  for (size_t D = 0; D < A.Subscripts.size(); ++D)
    if (separatedIndex(A.Subscripts[D], B.Subscripts[D], Iter, Inner, Trips))
      return true;
  return false;
}

/// The loop of \p Seq with id \p Id.
const LoopFacts *loopById(const KernelFacts &Seq, unsigned Id) {
  for (const LoopFacts &L : Seq.Loops)
    if (L.Id == Id)
      return &L;
  return nullptr;
}


/// Whether no two different iterations of \p F can have \p W and \p A touch
/// one element, the loops inside F copied per access: triangular nests
/// need this (symmat[j1][j2] and symmat[j2][j1] with j2 > j1).
static bool provedApart(const AccessFacts &W, const AccessFacts &A,
                        const LoopFacts &F, const KernelFacts &Seq) {
  std::set<std::string> Own = innerIterations(F, Seq);
  Own.insert(F.IterSymbol);
  if (W.ElementSize == A.ElementSize)
    return accessesApart(W, A, Own, F.IterSymbol, F.IterSymbol, Seq);
  // Different widths (`p[k].cost`, 4 bytes, and `p[0].tag`, 8): in bytes,
  // W's [w, w + EW) and A's [a, a + EA) meet when w = a + d for some d in
  // (-EW, EA); apart when no d can.
  const int64_t EW = int64_t(W.ElementSize), EA = int64_t(A.ElementSize);
  if (EW == 0 || EA == 0 || EW + EA > 64)
    return false;
  AccessFacts WB = W, AB = A;
  WB.Subscripts.clear();
  AB.Subscripts.clear();
  WB.ElementSize = AB.ElementSize = 1;
  WB.Index = W.Index * sym::Expr(EW);
  for (int64_t D = 1 - EW; D <= EA - 1; ++D) {
    AB.Index = A.Index * sym::Expr(EA) + sym::Expr(D);
    if (!accessesApart(WB, AB, Own, F.IterSymbol, F.IterSymbol, Seq))
      return false;
  }
  return true;
}

/// Why the iterations of the loop \p F (induction variable \p Var) are not
/// independent, judged from the accesses under it; "" when they are.
static std::string dependenceUnder(const LoopFacts &F,
                                   const std::vector<PortLoop> &Loops,
                                   unsigned Index, const KernelFacts &Seq) {
  const PortLoop &L = Loops[Index];
  const std::string &Iter = F.IterSymbol;
  const std::string &Var = L.Var;
  std::vector<const AccessFacts *> Writes, Under;
  const std::vector<std::string> Private = privateArrays(Loops, Index, Seq);
  for (const AccessFacts &A : Seq.Accesses) {
    if (!accessUnder(A, F.Id) || !accessInLoop(A, Index, Loops, Seq))
      continue;
    // A scratch array: each iteration has its own copy.
    if (std::find(Private.begin(), Private.end(), A.Base) != Private.end())
      continue;
    // An array declared in the body is a new one in every iteration.
    if (std::find(L.LocalArrays.begin(), L.LocalArrays.end(), A.Base) !=
        L.LocalArrays.end())
      continue;
    Under.push_back(&A);
    if (!A.IsWrite)
      continue;
    if (!A.Undefined.empty() || A.Base.empty() ||
        (A.Index.mentions(sym::SymbolKind::Unknown) &&
         !unknownsBefore(A.Index, F, Seq)))
      return "the element '" + A.Text + "' writes is not known";
    // Through a pointer read from memory (a row of a table the function
    // builds, w[i][j] = w[j][i]): what it may overlap is not known.
    if (A.Space == MemorySpace::Unknown &&
        A.Base.find_first_of("[.->*(") != std::string::npos)
      return "'" + A.Text + "' writes through the pointer '" + A.Base +
             "', read from memory: which elements it touches is not known";
    if (!A.Index.mentions(Iter))
      return "'" + A.Text + "' writes the same element in every iteration of '" +
             Var + "' (a reduction, or a value each iteration overwrites)";
    Writes.push_back(&A);
  }
  // Through a pointer of unknown origin that the function sets from an
  // array the loop touches (`float *q = c ? a : b;`): q[i + 1] may be
  // a[i + 1], which another iteration writes.
  auto Root = [](const std::string &Base) {
    size_t E = 0;
    while (E < Base.size() &&
           (std::isalnum(static_cast<unsigned char>(Base[E])) || Base[E] == '_'))
      ++E;
    return Base.substr(0, E);
  };
  for (const AccessFacts *A : Under) {
    if (A->Space != MemorySpace::Unknown)
      continue;
    auto It = L.PointerSources.find(Root(A->Base));
    if (It == L.PointerSources.end())
      continue;
    for (const AccessFacts *B : Under) {
      if (B == A || !(A->IsWrite || B->IsWrite))
        continue;
      const std::string R = Root(B->Base);
      if (std::find(It->second.begin(), It->second.end(), R) !=
          It->second.end())
        return "'" + A->Text + "' may touch '" + R + "' (the function sets '" +
               It->first + "' from it), which '" + B->Text + "' " +
               (B->IsWrite ? "writes" : "reads") +
               ": which elements, in which iterations, is not known";
    }
  }
  std::map<std::string, std::optional<int64_t>> Inner;
  for (const std::string &S : innerIterations(F, Seq))
    for (const LoopFacts &L : Seq.Loops)
      if (L.IterSymbol == S)
        Inner[S] = maxTrips(L, Seq);
  std::optional<int64_t> Trips = maxTrips(F, Seq);
  for (const AccessFacts *W : Writes)
    for (const AccessFacts *A : Under)
      if (A->Base == W->Base &&
          !separated(*W, *A, Iter, Inner, Trips) &&
          !provedApart(*W, *A, F, Seq))
        return "'" + A->Text + "' and '" + W->Text +
               "' may touch one element of '" + A->Base +
               "' in two iterations of '" + Var + "'";
  return "";
}

std::vector<LoopVerdict> parallelLoops(const std::vector<PortLoop> &Loops,
                                       const KernelFacts &Seq) {
  std::vector<LoopVerdict> R(Loops.size());
  for (size_t I = 0; I < Loops.size(); ++I) {
    const PortLoop &L = Loops[I];
    if (!L.NotMappable.empty() && L.Sums.empty()) {
      R[I].Why = L.NotMappable;
      continue;
    }
    const LoopFacts *F = loopFactsOf(L, Seq);
    if (!F) {
      R[I].Why = L.NotMappable.empty() ? "the loop was not interpreted"
                                       : L.NotMappable;
      continue;
    }
    const std::string Dep = dependenceUnder(*F, Loops, unsigned(I), Seq);
    if (Dep.empty())
      R[I].Private = privateArrays(Loops, unsigned(I), Seq);
    if (!L.Sums.empty()) {
      // Carried only through a sum: a reduction when nothing else is.
      R[I].Why = L.NotMappable;
      R[I].Reduction = Dep.empty();
      if (!Dep.empty())
        R[I].Why += "; " + Dep;
      else
        R[I].Why += " (a sum: offered as a parallel reduction only with no "
                    "loop around it and no parallel loop inside it)";
      continue;
    }
    R[I].Why = Dep;
    R[I].Parallel = R[I].Why.empty();
  }
  return R;
}

std::string PortLoop::sumNames() const {
  std::string S;
  for (const SumReduction &R : Sums)
    S += (S.empty() ? "" : ", ") + R.Var;
  return S;
}

sym::Expr globalThreadIndex(char Dim) {
  return sym::blockIdx(Dim) * sym::blockDim(Dim) + sym::threadIdx(Dim);
}

std::string LoopMapping::name(const std::vector<PortLoop> &Loops) const {
  std::string S;
  static const char *Names[] = {"x", "y", "z"};
  for (size_t D = 0; D < Dims.size() && D < 3; ++D) {
    S += (S.empty() ? "" : " ") + std::string(Names[D]) + "=" +
         Loops[Dims[D]].Var;
    // Tiled: the block's loop, then the threads' (the first phase's).
    if (Tile > 0 && !Phases.empty() && D < Phases.front().Dims.size())
      S += "/" + Loops[Phases.front().Dims[D]].Var;
  }
  if (!Reduce.empty())
    S += " (sum of " + Reduce + ")";
  for (unsigned H : InThread)
    S += " (" + Loops[H].Var + " in the thread)";
  return S;
}

std::vector<PortKernel> portKernels(const std::vector<PortLoop> &Loops,
                                    const std::vector<LoopVerdict> &Verdicts,
                                    const PortBlocks &Blocks) {
  std::vector<PortKernel> R;
  // Depth-first from the loops outside any other, in order.
  // Copies made by loop distribution stand where their loop stood.
  std::vector<unsigned> Roots;
  for (size_t I = 0; I < Loops.size(); ++I)
    if (!Loops[I].Parent && !Loops[I].Replaced)
      Roots.push_back(unsigned(I));
  auto Place = [&](unsigned I) {
    return std::make_pair(Loops[Loops[I].Original.value_or(I)].Loc.Line,
                          Loops[Loops[I].Original.value_or(I)].Loc.Column);
  };
  std::stable_sort(Roots.begin(), Roots.end(), [&](unsigned A, unsigned B) {
    return Place(A) < Place(B);
  });
  std::vector<unsigned> Stack(Roots.rbegin(), Roots.rend());
  std::map<unsigned, std::vector<unsigned>> HostOf;
  // Whether a loop has a parallel loop inside it (at any depth): such a
  // reduction loop stays a host loop around that kernel.
  std::function<bool(unsigned)> ParallelInside = [&](unsigned I) {
    for (unsigned C : Loops[I].Children)
      if (Verdicts[C].Parallel || ParallelInside(C))
        return true;
    return false;
  };
  while (!Stack.empty()) {
    unsigned I = Stack.back();
    Stack.pop_back();
    const PortLoop &L = Loops[I];
    std::vector<unsigned> Hosts =
        L.Parent ? HostOf[*L.Parent] : std::vector<unsigned>();
    // Only outside any other loop: a reduction launched once per iteration
    // of host loops is rarely the port to make (launches, tiny sums), and
    // stays sequential there.
    if (Verdicts[I].Reduction && !ParallelInside(I) && Hosts.empty()) {
      // A parallel reduction of the scalars L.Sums: 1-D, or 2-D with a
      // perfectly nested child that sums the same scalar.
      PortKernel K;
      K.Root = I;
      K.HostLoops = Hosts;
      if (L.PerfectChild && !L.Children.empty() &&
          Verdicts[L.Children.front()].Reduction &&
          Loops[L.Children.front()].sumNames() == L.sumNames()) {
        LoopMapping M2{I, {L.Children.front(), I}, Blocks.TwoD};
        M2.Reduce = L.sumNames();
        K.Candidates.push_back(M2);
      }
      LoopMapping M1{I, {I}, Blocks.OneD};
      M1.Reduce = L.sumNames();
      K.Candidates.push_back(M1);
      R.push_back(std::move(K));
      continue;
    }
    if (!Verdicts[I].Parallel) {
      Hosts.push_back(I);
      HostOf[I] = Hosts;
      for (size_t C = L.Children.size(); C-- > 0;)
        Stack.push_back(L.Children[C]);
      continue;
    }
    PortKernel K;
    K.Root = I;
    K.HostLoops = Hosts;
    if (L.PerfectChild && !L.Children.empty() &&
        Verdicts[L.Children.front()].Parallel) {
      unsigned Inner = L.Children.front();
      // Three perfectly nested parallel loops: the innermost as x (its
      // accesses are the ones a row-major array coalesces), then y, z.
      const PortLoop &IL = Loops[Inner];
      if (IL.PerfectChild && !IL.Children.empty() &&
          Verdicts[IL.Children.front()].Parallel)
        K.Candidates.push_back(
            {I, {IL.Children.front(), Inner, I}, Blocks.TwoD});
      K.Candidates.push_back({I, {Inner, I}, Blocks.TwoD});
      K.Candidates.push_back({I, {I, Inner}, Blocks.TwoD});
    }
    K.Candidates.push_back({I, {I}, Blocks.OneD});
    R.push_back(std::move(K));
  }
  return R;
}


std::optional<int64_t>
loopTripCount(const PortLoop &L, const KernelFacts &Seq,
              const std::map<std::string, sym::Assumption> &Assumed,
              std::string &Why, std::string *Averaged) {
  const LoopFacts *F = loopFactsOf(L, Seq);
  const std::string Where = "loop '" + L.Var + "' at line " +
                            std::to_string(L.Loc.Line);
  if (!F || !F->TripCount) {
    Why = "the trip count of " + Where + " is not known";
    return std::nullopt;
  }
  std::optional<int64_t> N =
      F->TripCount->evaluate([&](const sym::Expr &S) -> std::optional<int64_t> {
        auto It = Assumed.find(S.name());
        if (It != Assumed.end() && It->second.Equal)
          return *It->second.Equal;
        return std::nullopt;
      });
  if (N)
    return std::max<int64_t>(*N, 0);
  // A trip count that changes with the loops around (a triangular nest):
  // the mean of its values at their first and last iterations (exact for
  // one affine dependence), said in \p Averaged.
  std::map<std::string, sym::Expr> Used;
  F->TripCount->collectSymbols(Used);
  std::map<std::string, int64_t> Lo, Hi;
  for (const auto &[Name, S] : Used) {
    auto It = std::find_if(Seq.Loops.begin(), Seq.Loops.end(),
                           [&](const LoopFacts &X) { return X.IterSymbol == Name; });
    std::optional<int64_t> T =
        It == Seq.Loops.end() ? std::nullopt : maxTrips(*It, Seq);
    if (!T || *T < 1 || !Averaged) {
      // Name what --assume can give: the values that are not loop counters.
      std::vector<std::string> Give;
      for (const auto &[N2, S2] : Used)
        if (S2.symbolKind() != sym::SymbolKind::LoopIter &&
            S2.symbolKind() != sym::SymbolKind::LoopVar && !Assumed.count(N2))
          Give.push_back("'" + N2 + " == VALUE'");
      std::string How = "give its value with --assume='NAME == VALUE'";
      if (!Give.empty()) {
        How = "give " + std::string(Give.size() == 1 ? "it" : "them") +
              " with --assume=";
        for (size_t G = 0; G < Give.size(); ++G)
          How += (G ? ", " : "") + Give[G];
      }
      Why = "the trip count of " + Where + " is " + F->TripCount->text() +
            ", not a constant: " + How;
      return std::nullopt;
    }
    Lo[Name] = 0;
    Hi[Name] = *T - 1;
  }
  std::optional<int64_t> A = F->TripCount->evaluate(Lo),
                         B = F->TripCount->evaluate(Hi);
  if (!A || !B) {
    Why = "the trip count of " + Where + " is not known";
    return std::nullopt;
  }
  int64_t Mean = std::max<int64_t>((std::max<int64_t>(*A, 0) +
                                    std::max<int64_t>(*B, 0) + 1) / 2, 0);
  // The host loops' variables have their values by now (their middle
  // one, or --assume's): what is left are loops mapped with this one.
  *Averaged = "the trip count of " + Where + " is " + F->TripCount->text() +
              ", which changes with the loops mapped with it: the grid "
              "takes its mean, " + std::to_string(Mean) +
              ", as many threads as the triangle has iterations (a port "
              "that packs the triangle, folding row i with the row of the "
              "complementary length; launching the whole square would add "
              "idle threads, not work); the accesses are analysed with each "
              "thread row starting at its own first '" + L.Var + "' (" +
              L.Var + " = start + thread index: skewed rows)";
  return Mean;
}

std::optional<int64_t>
hostLoopMiddle(const PortLoop &L, const KernelFacts &Seq,
               const std::map<std::string, sym::Assumption> &Assumed,
               int64_t Trips) {
  const LoopFacts *F = loopFactsOf(L, Seq);
  if (!F || !F->Start || L.Var.empty() || Trips < 1)
    return std::nullopt;
  std::optional<int64_t> Start =
      F->Start->evaluate([&](const sym::Expr &S) -> std::optional<int64_t> {
        auto It = Assumed.find(S.name());
        if (It != Assumed.end() && It->second.Equal)
          return *It->second.Equal;
        return std::nullopt;
      });
  if (!Start)
    return std::nullopt;
  return *Start + L.Step * ((Trips - 1) / 2);
}

LaunchConfig launchFor(const LoopMapping &M, const std::vector<int64_t> &Trips,
                       const std::vector<PortLoop> &Loops) {
  LaunchConfig C;
  C.Block = M.Block;
  for (size_t D = 0; D < M.Dims.size() && D < 3; ++D) {
    int64_t T = D < Trips.size() ? Trips[D] : 1;
    // Tiled: one block per iteration of a tile loop.
    int64_t Per = M.Tile > 0 ? 1 : C.Block[D];
    C.Grid[D] = std::max<int64_t>(1, (T + Per - 1) / Per);
  }
  C.From = LaunchConfig::Source::Option;
  C.Origin = "the mapping " + M.name(Loops) + " of the loops' trip counts";
  if (M.Tile > 0)
    C.Origin += " (one block per tile)";
  return C;
}

} // namespace warplint
