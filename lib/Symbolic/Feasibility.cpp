//===- Feasibility.cpp - Linear inequalities by Fourier–Motzkin -----------===//
#include "Symbolic/Feasibility.h"

#include <cstdlib>
#include <numeric>
#include <set>

namespace warplint {
namespace sym {

std::optional<LinearForm> linearForm(const Expr &E) {
  LinearForm F;
  std::map<std::string, Expr> Used, Zero;
  E.collectSymbols(Used);
  Expr Linear(0);
  for (const auto &[Name, Sym] : Used) {
    std::optional<Expr> C = E.coefficientOf(Name);
    std::optional<int64_t> K = C ? C->asConst() : std::nullopt;
    if (!K)
      return std::nullopt;
    if (*K != 0)
      F.Coef[Name] = *K;
    Linear = Linear + Expr(*K) * Sym;
    Zero[Name] = Expr(0);
  }
  std::optional<int64_t> C0 = E.substitute(Zero).asConst();
  if (!C0)
    return std::nullopt;
  // Affine in each symbol alone is not enough (i*j is affine in i and in
  // j): the rest must vanish.
  if ((E - Linear - Expr(*C0)).asConst() != std::optional<int64_t>(0))
    return std::nullopt;
  F.Const = *C0;
  return F;
}

namespace {

/// Divides by the GCD of the coefficients; the constant is floored (an
/// integer tightening: Σ c v ≥ -k with gcd g means Σ (c/g) v ≥ ceil(-k/g)).
void normalize(LinearForm &F) {
  uint64_t G = 0;
  for (const auto &[V, C] : F.Coef)
    G = std::gcd(G, uint64_t(C < 0 ? -C : C));
  if (G <= 1)
    return;
  for (auto &[V, C] : F.Coef)
    C /= int64_t(G);
  // floor(Const / G)
  int64_t Q = F.Const / int64_t(G);
  if (F.Const % int64_t(G) != 0 && F.Const < 0)
    --Q;
  F.Const = Q;
}

bool mulAdd(int64_t A, int64_t X, int64_t B, int64_t Y, int64_t &Out) {
  int64_t P, Q;
  return !__builtin_mul_overflow(A, X, &P) && !__builtin_mul_overflow(B, Y, &Q) &&
         !__builtin_add_overflow(P, Q, &Out);
}

} // namespace

bool mayBeFeasible(std::vector<LinearForm> Sys, size_t MaxRows) {
  for (LinearForm &F : Sys) {
    for (auto It = F.Coef.begin(); It != F.Coef.end();)
      It = It->second == 0 ? F.Coef.erase(It) : std::next(It);
    normalize(F);
  }
  while (true) {
    // A row with no variable left decides by its constant.
    std::set<std::string> Vars;
    for (const LinearForm &F : Sys) {
      if (F.Coef.empty() && F.Const < 0)
        return false;
      for (const auto &[V, C] : F.Coef)
        Vars.insert(V);
    }
    if (Vars.empty())
      return true;
    // Eliminate the variable that makes the fewest new rows.
    std::string Best;
    size_t BestRows = SIZE_MAX;
    for (const std::string &V : Vars) {
      size_t Pos = 0, Neg = 0;
      for (const LinearForm &F : Sys) {
        auto It = F.Coef.find(V);
        if (It != F.Coef.end())
          (It->second > 0 ? Pos : Neg) += 1;
      }
      if (Pos * Neg < BestRows) {
        BestRows = Pos * Neg;
        Best = V;
      }
    }
    std::vector<LinearForm> Keep, Pos, Neg;
    for (LinearForm &F : Sys) {
      auto It = F.Coef.find(Best);
      if (It == F.Coef.end())
        Keep.push_back(std::move(F));
      else
        (It->second > 0 ? Pos : Neg).push_back(std::move(F));
    }
    if (Keep.size() + Pos.size() * Neg.size() > MaxRows)
      return true;
    for (const LinearForm &P : Pos)
      for (const LinearForm &N : Neg) {
        // P: a v + p ≥ 0 (a > 0); N: -b v + n ≥ 0 (b > 0):
        // b P + a N ≥ 0 has no v.
        const int64_t A = P.Coef.at(Best), B = -N.Coef.at(Best);
        LinearForm R;
        if (!mulAdd(B, P.Const, A, N.Const, R.Const))
          return true;
        std::set<std::string> Names;
        for (const auto &[V, C] : P.Coef)
          Names.insert(V);
        for (const auto &[V, C] : N.Coef)
          Names.insert(V);
        for (const std::string &V : Names) {
          if (V == Best)
            continue;
          auto PI = P.Coef.find(V), NI = N.Coef.find(V);
          int64_t C;
          if (!mulAdd(B, PI == P.Coef.end() ? 0 : PI->second, A,
                      NI == N.Coef.end() ? 0 : NI->second, C))
            return true;
          if (C != 0)
            R.Coef[V] = C;
        }
        normalize(R);
        Keep.push_back(std::move(R));
      }
    Sys = std::move(Keep);
  }
}

} // namespace sym
} // namespace warplint
