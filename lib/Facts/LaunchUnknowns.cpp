//===- LaunchUnknowns.cpp - One launch's unknowns, chosen together --------===//
//
// A launch whose grid the host computes from a value warplint does not know
// (`(n + 255) / 256` with n read from a file) is analysed with the default
// number of blocks; the value of n is then the one that gives that grid,
// and the kernel gets the same n (its bounds checks and loops agree with the
// grid), instead of a grid and an argument assumed independently.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#include "Facts/Launch.h"

namespace warplint {

void chooseUnknowns(LaunchSiteFacts &L, const std::array<int64_t, 3> &DefaultGrid,
                    std::vector<std::string> &Assumptions) {
  if (!L.Grid)
    return;
  const sym::Expr *GD[3] = {&L.Grid->X, &L.Grid->Y, &L.Grid->Z};
  for (int I = 0; I < 3; ++I) {
    if (GD[I]->isConst())
      continue;
    std::map<std::string, sym::Expr> Syms;
    GD[I]->collectSymbols(Syms);
    if (Syms.size() != 1)
      continue;
    const std::string Name = Syms.begin()->first;
    // The bare value as the grid, named nowhere else in the launch: the
    // default grid says it as well.
    unsigned Mentions = 0;
    for (sym::Expr *E : siteExprs(L))
      Mentions += E->mentions(Name);
    if (Mentions == 1 && GD[I]->op() == sym::Op::Sym)
      continue;
    auto At = [&](int64_t V) {
      return GD[I]->substitute({{Name, sym::Expr(V)}}).asConst();
    };
    // A value that gives the default blocks, for a grid that grows with
    // it (checked at both ends); else the smallest that gives more.
    const int64_t Target = DefaultGrid[I], Max = int64_t(1) << 40;
    std::optional<int64_t> Hi = At(Max), Lo = At(1);
    if (!Hi || !Lo || *Hi <= Target || *Lo > *Hi)
      continue;
    int64_t A = 1, B = Max; // the smallest value giving more than Target
    bool Ok = true;
    while (A < B && Ok) {
      int64_t M = A + (B - A) / 2;
      std::optional<int64_t> V = At(M);
      Ok = bool(V);
      if (V && *V > Target)
        B = M;
      else
        A = M + 1;
    }
    if (!Ok)
      continue;
    if (std::optional<int64_t> Below = At(A - 1);
        A > 1 && Below && *Below == Target) {
      // The values that give the default: [Min, Max]; the roundest of
      // them (most trailing zero bits): 16384 for (n + 255) / 256, 2048
      // for n / 32.
      const int64_t MaxV = A - 1;
      int64_t Min = 1, Hi2 = MaxV;
      while (Min < Hi2) {
        int64_t M = Min + (Hi2 - Min) / 2;
        std::optional<int64_t> V = At(M);
        if (V && *V >= Target)
          Hi2 = M;
        else
          Min = M + 1;
      }
      A = MaxV;
      for (int Bit = 40; Bit >= 0; --Bit)
        if (int64_t C = (MaxV >> Bit) << Bit; C >= Min) {
          A = C;
          break;
        }
    }
    std::optional<int64_t> Got = At(A);
    if (!Got || *Got < 1)
      continue;
    const std::string Text = GD[I]->text();
    const std::map<std::string, sym::Expr> Bind = {{Name, sym::Expr(A)}};
    for (sym::Expr *E : siteExprs(L))
      *E = E->substitute(Bind);
    Assumptions.push_back(
        "'" + Name + "' = " + std::to_string(A) +
        " (not known at the launch: chosen so that gridDim." +
        std::string(1, "xyz"[I]) + ", computed as '" + Text + "', is " +
        (*Got == Target ? "the default " + std::to_string(Target) + " blocks"
                        : std::to_string(*Got) + " blocks, the nearest to the "
                          "default " + std::to_string(Target)) +
        "; the kernel's arguments take the same value)");
  }
}

} // namespace warplint
