//===- LoopValues.cpp - The values a loop's symbol takes -----------------===//
//
// The iteration values the warp enumeration and the divergence walk use for
// a loop's symbol, and the stepped trip count of a loop without a closed
// form (geometric loops). Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#include "Warp/WarpEnumerator.h"

namespace warplint {

namespace {

std::string where(const SourceLoc &L) {
  return L.File + ":" + std::to_string(L.Line);
}

std::optional<int64_t> evalWith(const sym::Expr &E,
                                const std::map<std::string, int64_t> &V) {
  return E.evaluate(V);
}

bool holds(const std::string &Cmp, int64_t A, int64_t B) {
  if (Cmp == "<")
    return A < B;
  if (Cmp == "<=")
    return A <= B;
  if (Cmp == ">")
    return A > B;
  if (Cmp == ">=")
    return A >= B;
  if (Cmp == "!=")
    return A != B;
  return false;
}

/// The values a loop symbol takes in the enumeration, or an error.
std::optional<std::vector<int64_t>>
loopValues(const LoopFacts &L, const std::map<std::string, int64_t> &Fixed,
           unsigned Max, std::string &Why) {
  std::vector<int64_t> R;
  if (L.Affine || !L.Next) {
    // An iteration counter: 0, 1, 2, ...
    int64_t Count = Max;
    if (L.TripCount) {
      if (auto T = evalWith(*L.TripCount, Fixed))
        Count = std::max<int64_t>(0, std::min<int64_t>(*T, Max));
    }
    for (int64_t I = 0; I < Count; ++I)
      R.push_back(I);
    return R;
  }
  // A non-affine induction variable: run its update.
  std::optional<int64_t> V = L.Start ? evalWith(*L.Start, Fixed) : std::nullopt;
  std::optional<int64_t> B = L.Bound ? evalWith(*L.Bound, Fixed) : std::nullopt;
  if (!V || !B) {
    Why = "the values of loop variable '" + L.Var + "' (loop at " +
          where(L.Loc) + ") are not known";
    return std::nullopt;
  }
  while (R.size() < Max && holds(L.Comparison, *V, *B)) {
    R.push_back(*V);
    std::map<std::string, int64_t> S = Fixed;
    S[L.IterSymbol] = *V;
    auto N = evalWith(*L.Next, S);
    if (!N || *N == *V)
      break;
    V = N;
  }
  return R;
}

} // namespace

std::optional<std::vector<int64_t>>
loopSymbolValues(const LoopFacts &L, const std::map<std::string, int64_t> &Fixed,
                 unsigned Max, std::string &Why) {
  return loopValues(L, Fixed, Max, Why);
}

std::optional<int64_t> steppedTripCount(const LoopFacts &Lp, const LaunchConfig &L,
                                        const std::map<std::string, int64_t> &Known,
                                        std::string &Why) {
  if (!Lp.Next || !Lp.Start || !Lp.Bound)
    return std::nullopt;
  constexpr unsigned Max = 4096;
  std::map<std::string, int64_t> Fixed = Known;
  for (const auto &[N, V] : L.Args)
    Fixed.insert({N, V});
  for (int D = 0; D < 3; ++D) {
    Fixed[std::string("blockDim.") + "xyz"[D]] = L.Block[D];
    Fixed[std::string("gridDim.") + "xyz"[D]] = L.Grid[D];
  }
  auto Vals = loopValues(Lp, Fixed, Max, Why);
  if (!Vals)
    return std::nullopt;
  if (Vals->size() >= Max) {
    Why = "it runs more than " + std::to_string(Max) + " steps";
    return std::nullopt;
  }
  return int64_t(Vals->size());
}

} // namespace warplint
