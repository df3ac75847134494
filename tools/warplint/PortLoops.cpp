//===- PortLoops.cpp - The loops of a port that do not become threads -----===//
//
// `warplint --port` lists each loop that stays sequential in a thread and
// each left to the CPU, with the reason (docs/port.md).
//
//===----------------------------------------------------------------------===//
#include "PortLoops.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <functional>
#include <set>

using namespace llvm;

namespace warplint {

void listSequentialLoops(const std::vector<PortLoop> &Loops,
                         const std::vector<LoopVerdict> &Verdicts,
                         const std::vector<PortKernel> &PKs,
                         const std::map<unsigned, std::string> &NotInterchanged,
                         PortReport &R) {
  // Which loops are in a kernel, around one (host loops), or neither.
  std::vector<int> Role(Loops.size(), 0); // 1 kernel, 2 host
  for (const PortKernel &PK : PKs) {
    for (unsigned H : PK.HostLoops)
      Role[H] = 2;
    std::vector<unsigned> W{PK.Root};
    while (!W.empty()) {
      unsigned I = W.back();
      W.pop_back();
      Role[I] = 1;
      W.insert(W.end(), Loops[I].Children.begin(), Loops[I].Children.end());
    }
  }
  // Loops some candidate maps to threads (a tiled nest's phases too).
  std::set<unsigned> Mapped;
  for (const PortKernel &PK : PKs)
    for (const LoopMapping &M : PK.Candidates) {
      Mapped.insert(M.Dims.begin(), M.Dims.end());
      Mapped.insert(M.MoreX.begin(), M.MoreX.end());
      for (const TilePhase &P : M.Phases)
        Mapped.insert(P.Dims.begin(), P.Dims.end());
    }
  for (size_t I = 0; I < Loops.size(); ++I) {
    if (Loops[I].Replaced)
      continue; // its copies stand for it
    if (Verdicts[I].Reduction && Mapped.count(unsigned(I)))
      continue; // a parallel reduction's loop
    if (Verdicts[I].Parallel) {
      // A parallel loop under a sequential one of its kernel runs inside
      // each thread (PolyBench 4.2's GEMM: j inside k): say so, and what
      // would let it become threads.
      if (Role[I] != 1 || Mapped.count(unsigned(I)))
        continue;
      std::optional<unsigned> Root;
      for (std::optional<unsigned> P = Loops[I].Parent; P;
           P = Loops[*P].Parent)
        if (Role[*P] == 1)
          Root = *P;
      bool Said = false;
      for (std::optional<unsigned> P = Loops[I].Parent; P && !Said;
           P = Loops[*P].Parent) {
        if (Role[*P] != 1)
          break;
        if (!Verdicts[*P].Parallel) {
          Said = true;
          auto Why = Root ? NotInterchanged.find(*Root) : NotInterchanged.end();
          R.NotParallel.push_back(SequentialLoop{
              Loops[I].Var, Loops[I].Loc,
              formatv("its iterations are independent, but it runs inside "
                      "the sequential loop '{0}' (line {1}) of each thread; "
                      "it is not moved outside '{0}' (interchanged): {2}",
                      Loops[*P].Var, Loops[*P].Loc.Line,
                      Why == NotInterchanged.end() ? std::string("?")
                                                   : Why->second)});
        }
      }
      // Under parallel loops only: the kernel maps its root alone (its body
      // holds more than this loop).
      if (!Said && Root)
        R.NotParallel.push_back(SequentialLoop{
            Loops[I].Var, Loops[I].Loc,
            formatv("its iterations are independent, but the kernel maps "
                    "only '{0}' (line {1}): a 2-D mapping needs the body of "
                    "'{0}' to be exactly this loop",
                    Loops[*Root].Var, Loops[*Root].Loc.Line)});
      continue;
    }
    // A copy made by loop distribution: "i/3" (its statements at ...).
    SequentialLoop SL{Loops[I].Var +
                          copyLabel(Loops, unsigned(I)),
                      Loops[I].Loc, Verdicts[I].Why};
    if (Loops[I].Original)
      SL.Why = "(its statements at " + keptLines(Loops, unsigned(I)) + ") " +
               SL.Why;
    (Role[I] ? R.NotParallel : R.LeftSequential).push_back(SL);
  }
}

HostLoopValues
hostLoopValues(const std::vector<PortLoop> &Loops,
               const std::vector<unsigned> &HostLoops, const KernelFacts &Seq,
               const std::map<std::string, sym::Assumption> &Assumed,
               std::map<std::string, sym::Assumption> &Now) {
  using llvm::formatv;
  HostLoopValues R;
  for (unsigned H : HostLoops) {
    std::string Why;
    std::optional<int64_t> N = loopTripCount(Loops[H], Seq,
                                             Assumed, Why);
    // A count that moves with a host loop around it (nw's anti-diagonals:
    // b < d): taken at that loop's middle iteration, the mean number of
    // launches per iteration of it when the count is affine in it; said.
    if (!N) {
      // With one host loop around it in the count (b < d, b < d * d): the
      // exact mean over that loop's iterations; else at their middles.
      const LoopFacts *F = loopFactsOf(Loops[H], Seq);
      std::map<std::string, sym::Expr> Used;
      if (F && F->TripCount)
        F->TripCount->collectSymbols(Used);
      std::vector<unsigned> Outer;
      for (const auto &[O, T] : R.Trips) {
        const LoopFacts *G = loopFactsOf(Loops[O], Seq);
        if (G && (Used.count(G->IterSymbol) || Used.count(Loops[O].Var)))
          Outer.push_back(O);
      }
      if (Outer.size() == 1 && R.Trips[Outer[0]] <= 1000000) {
        const unsigned O = Outer[0];
        const LoopFacts *G = loopFactsOf(Loops[O], Seq);
        std::optional<int64_t> Start;
        if (G->Start)
          Start = G->Start->evaluate([&](const sym::Expr &S) -> std::optional<int64_t> {
            auto A = Now.find(S.name());
            if (A != Now.end() && A->second.Equal)
              return *A->second.Equal;
            return std::nullopt;
          });
        double Sum = 0;
        bool Ok = Start.has_value();
        for (int64_t V = 0; Ok && V < R.Trips[O]; ++V) {
          std::optional<int64_t> C = F->TripCount->evaluate(
              [&](const sym::Expr &S) -> std::optional<int64_t> {
                if (S.name() == G->IterSymbol)
                  return V;
                if (S.name() == Loops[O].Var)
                  return *Start + Loops[O].Step * V;
                auto A = Now.find(S.name());
                if (A != Now.end() && A->second.Equal)
                  return *A->second.Equal;
                return std::nullopt;
              });
          Ok = C.has_value();
          if (C)
            Sum += double(std::max<int64_t>(*C, 0));
        }
        if (Ok && R.Trips[O] > 0) {
          N = int64_t(Sum / double(R.Trips[O]) + 0.5);
          // Shown over the loop's variable, not its iteration number.
          sym::Expr Shown = *F->TripCount;
          if (G->Start && Loops[O].Step != 0)
            Shown = Shown.substitute(
                {{G->IterSymbol,
                  sym::Expr::div(sym::Expr::symbol(Loops[O].Var,
                                                   sym::SymbolKind::Param) -
                                     *G->Start,
                                 sym::Expr(Loops[O].Step))}});
          std::string Text = Shown.str();
          for (size_t P = Text.find('#'); P != std::string::npos;
               P = Text.find('#', P)) {
            size_t E = P + 1;
            while (E < Text.size() && isdigit((unsigned char)Text[E]))
              ++E;
            Text.erase(P, E - P);
          }
          R.Notes[H] = (formatv(
              "the host loop '{0}' (line {1}) runs {2} times, which changes "
              "with the host loop '{3}': {4} launches over all of '{3}', {5} "
              "per iteration of it on average",
              Loops[H].Var, Loops[H].Loc.Line, Text, Loops[O].Var,
              int64_t(Sum), *N)).str();
        }
      }
      std::string WhyThere;
      if (!N) {
        N = loopTripCount(Loops[H], Seq, Now, WhyThere);
        if (N)
          R.Notes[H] = (formatv(
              "the host loop '{0}' (line {1}) runs a number of times that "
              "changes with the host loops around it: counted at their "
              "middle iterations, {2} per iteration of them",
              Loops[H].Var, Loops[H].Loc.Line, *N)).str();
      }
    }
    if (!N) {
      R.Problem = Why;
      return R;
    }
    R.Launches *= *N;
    R.Trips[H] = *N;
    R.Names.push_back(formatv("{0} ({1} iterations)", Loops[H].Var, *N));
    const std::string &V = Loops[H].Var;
    if (auto It = Assumed.find(V); It != Assumed.end()) {
      if (It->second.Equal) {
        R.Values[V] = *It->second.Equal;
        R.Notes[H] += (R.Notes[H].empty() ? "" : "; ") +
                      (formatv("every launch of the host loop '{0}' ({1} "
                               "iterations) is estimated at {0} = {2} (as "
                               "given)",
                               V, *N, *It->second.Equal))
                          .str();
        // The iteration it is, for the counts of host loops inside it
        // (nw's b < d with d given).
        if (const LoopFacts *F = loopFactsOf(Loops[H], Seq))
          if (!F->IterSymbol.empty() && F->IterSymbol != V && F->Start &&
              Loops[H].Step != 0)
            if (std::optional<int64_t> Start = F->Start->evaluate(
                    [&](const sym::Expr &S) -> std::optional<int64_t> {
                      auto A = Now.find(S.name());
                      if (A != Now.end() && A->second.Equal)
                        return *A->second.Equal;
                      return std::nullopt;
                    })) {
              sym::Assumption Iter;
              Iter.Equal = (*It->second.Equal - *Start) / Loops[H].Step;
              Now[F->IterSymbol] = Iter;
            }
      }
      continue;
    }
    // Its start may depend on a host loop around it (r = 16 * b): at that
    // loop's value.
    if (std::optional<int64_t> Mid = hostLoopMiddle(
            Loops[H], Seq, Now, *N)) {
      sym::Assumption A;
      A.Equal = *Mid;
      Now[V] = A;
      R.Values[V] = *Mid;
      // The sequential facts count its iterations ('k.iter' when k starts
      // at 1): the middle one, for the trip counts that depend on it.
      if (const LoopFacts *F = loopFactsOf(Loops[H], Seq))
        if (!F->IterSymbol.empty() && F->IterSymbol != V) {
          sym::Assumption It;
          It.Equal = (*N - 1) / 2;
          Now[F->IterSymbol] = It;
        }
      R.Notes[H] += (R.Notes[H].empty() ? "" : "; ") +
                      (formatv(
          "every launch of the host loop '{0}' ({1} iterations) is estimated "
          "as its middle one, {0} = {2} (--assume='{0} == N' to choose "
          "another)",
          V, *N, *Mid)).str();
    }
  }
  // The exact number of launches: the host nest's iterations, counted
  // with each count at its outer loops' values (a triangle of triangles).
  if (HostLoops.size() > 1) {
    int64_t Budget = 4000000, Total = 0;
    bool Ok = true;
    std::map<std::string, int64_t> Vals;
    for (const auto &[Name, A] : Assumed)
      if (A.Equal)
        Vals[Name] = *A.Equal;
    std::function<void(size_t)> Walk = [&](size_t D) {
      if (!Ok)
        return;
      if (D == HostLoops.size()) {
        ++Total;
        return;
      }
      const unsigned H = HostLoops[D];
      const LoopFacts *F = loopFactsOf(Loops[H], Seq);
      if (!F || !F->TripCount || !F->Start || --Budget < 0) {
        Ok = false;
        return;
      }
      std::optional<int64_t> T = F->TripCount->evaluate(Vals);
      std::optional<int64_t> St = F->Start->evaluate(Vals);
      if (!T || !St) {
        Ok = false;
        return;
      }
      for (int64_t V = 0; V < *T && Ok; ++V) {
        Vals[F->IterSymbol] = V;
        Vals[Loops[H].Var] = *St + Loops[H].Step * V;
        Walk(D + 1);
      }
      Vals.erase(F->IterSymbol);
      Vals.erase(Loops[H].Var);
    };
    Walk(0);
    if (Ok && Total != R.Launches) {
      R.Notes[HostLoops.front()] +=
          (R.Notes[HostLoops.front()].empty() ? "" : "; ") +
          (formatv("the host loops run {0} launches in all (counted over "
                   "their iterations)",
                   Total))
              .str();
      R.Launches = Total;
    }
  }
  return R;
}

bool hostGuards(const KernelFacts &K,
                const std::map<std::string, sym::Assumption> &A,
                std::vector<std::string> &Said) {
  bool Launched = true;
  for (const KernelFacts::HostGuard &G : K.PortHostGuards) {
    std::optional<int64_t> V =
        G.Condition.evaluate([&](const sym::Expr &S) -> std::optional<int64_t> {
          auto It = A.find(S.name());
          if (It != A.end() && It->second.Equal)
            return *It->second.Equal;
          return std::nullopt;
        });
    if (V && (*V != 0) != G.Taken) {
      Launched = false;
      Said.push_back(llvm::formatv(
          "not launched: '{0}' (line {1}) {2} with the values given", G.Text,
          G.Line, G.Taken ? "is false" : "holds"));
      continue;
    }
    Said.push_back(llvm::formatv(
        "the kernel is launched only where '{0}' (line {1}) {2} on the host: "
        "the time counts a launch each time the host reaches the branch, as "
        "if it always {3}",
        G.Text, G.Line, G.Taken ? "holds" : "does not hold",
        G.Taken ? "held" : "failed"));
  }
  return Launched;
}

} // namespace warplint
