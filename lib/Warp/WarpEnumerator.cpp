//===- WarpEnumerator.cpp - What each warp asks of memory -----------------===//
#include "Warp/WarpEnumerator.h"
#include "Symbolic/Program.h"

#include "Symbolic/Bindings.h"

#include <algorithm>
#include <climits>
#include <numeric>
#include <set>

namespace warplint {

namespace {

const LoopFacts *loopOf(const KernelFacts &K, const std::string &Sym) {
  for (const LoopFacts &L : K.Loops)
    if (L.IterSymbol == Sym)
      return &L;
  return nullptr;
}

const BranchFacts *branchOf(const KernelFacts &K, unsigned Id) {
  for (const BranchFacts &B : K.Branches)
    if (B.Id == Id)
      return &B;
  return nullptr;
}

/// An address affine in the thread index, base + c . threadIdx, with the
/// base and the coefficients free of any thread-dependent value.
struct LinearInThreads {
  bool Ok = false;
  sym::Expr Base;
  std::optional<sym::Expr> C[3];
};

LinearInThreads linearInThreads(const sym::Expr &E) {
  LinearInThreads R;
  std::map<std::string, sym::Expr> Zero;
  for (int D = 0; D < 3; ++D) {
    const std::string N = std::string("threadIdx.") + "xyz"[D];
    Zero.insert({N, sym::Expr(0)});
    if (!E.mentions(N))
      continue;
    auto C = E.coefficientOf(N);
    if (!C || C->isThreadDependent())
      return R;
    R.C[D] = *C;
  }
  R.Base = E.substitute(Zero);
  R.Ok = !R.Base.isThreadDependent();
  return R;
}

int64_t floorMod(int64_t A, int64_t M) {
  int64_t R = A % M;
  return R < 0 ? R + M : R;
}

/// Whether uniform unknown \p Name scales a thread-dependent part of
/// \p Address (or occurs in it otherwise than as an added term).
bool multipliesThreads(const sym::Expr &Address, const std::string &Name) {
  if (!Address.mentions(Name))
    return false;
  auto C = Address.coefficientOf(Name);
  return !C || C->isThreadDependent();
}

AccessEnumeration enumerateOnce(const KernelFacts &K, const AccessFacts &A,
                                const LaunchConfig &L,
                                const EnumerationOptions &O) {
  AccessEnumeration R;
  // The expressions that decide the request: the address, and the
  // conditions of the branches guarding the access.
  std::vector<std::pair<const BranchFacts *, bool>> Guards;
  std::map<std::string, sym::Expr> Syms;
  A.ByteOffset.collectSymbols(Syms);
  std::map<std::string, sym::Expr> AddressSyms = Syms;
  for (const GuardRef &G : A.Guards)
    if (const BranchFacts *B = branchOf(K, G.Branch)) {
      Guards.push_back({B, G.Taken});
      B->Condition.collectSymbols(Syms);
    }

  // The loops' own bounds and updates need values too.
  {
    std::map<std::string, sym::Expr> LoopRefs;
    for (const auto &[Name, S] : Syms)
      if (const LoopFacts *Loop = loopOf(K, Name))
        for (const auto *E : {&Loop->Start, &Loop->Bound, &Loop->TripCount,
                              &Loop->Next})
          if (*E)
            (*E)->collectSymbols(LoopRefs);
    for (const auto &[Name, S] : LoopRefs)
      if (!S.symbolThreadDependent())
        Syms.insert({Name, S});
  }

  std::map<std::string, int64_t> Fixed;
  for (int D = 0; D < 3; ++D) {
    Fixed[std::string("blockDim.") + "xyz"[D]] = L.Block[D];
    Fixed[std::string("gridDim.") + "xyz"[D]] = L.Grid[D];
  }
  std::vector<std::pair<std::string, std::vector<int64_t>>> LoopSyms;
  std::set<std::string> UnevaluableGuardSyms;
  auto Assume = [&](const std::string &S) {
    if (std::find(R.Assumptions.begin(), R.Assumptions.end(), S) ==
        R.Assumptions.end())
      R.Assumptions.push_back(S);
  };
  // Uniform values first: loop values may depend on them.
  for (const auto &[Name, S] : Syms) {
    char D = Name.empty() ? 'x' : Name.back();
    int Dim = D >= 'x' && D <= 'z' ? D - 'x' : 0;
    switch (S.symbolKind()) {
    case sym::SymbolKind::BlockDim:
      Fixed[Name] = L.Block[Dim];
      break;
    case sym::SymbolKind::GridDim:
      Fixed[Name] = L.Grid[Dim];
      break;
    case sym::SymbolKind::Param: {
      auto AIt = O.Assumptions.find(Name);
      const sym::Assumption *A = AIt == O.Assumptions.end() ? nullptr : &AIt->second;
      if (A && A->Equal) {
        Fixed[Name] = *A->Equal;
        Assume("'" + sym::displayName(Name) + "' = " + std::to_string(*A->Equal) + " (as given)");
      } else if (auto It = L.Args.find(Name); It != L.Args.end()) {
        Fixed[Name] = It->second;
        Assume("'" + sym::displayName(Name) + "' = " + std::to_string(It->second) +
               " (its value at the launch)");
      } else {
        sym::Assumption None;
        auto V = (A ? *A : None).pick(O.DefaultParamValue, O.Variant);
        if (!V) {
          R.Unanalysable = "the assumptions about '" + sym::displayName(Name) +
                           "' admit no value (" + A->str(Name) + ")";
          return R;
        }
        Fixed[Name] = *V;
        R.Chosen[Name] = *V;
        Assume("'" + sym::displayName(Name) + "' = " + std::to_string(*V) +
               (A ? " (its value is not known here; it meets the assumption " +
                        A->str(Name) + ")"
                  : " (its value is not known here; give it with a `// "
                    "warplint: assume " +
                        Name + " == N` annotation)"));
      }
      break;
    }
    case sym::SymbolKind::Unknown:
      if (S.symbolThreadDependent()) {
        if (AddressSyms.count(Name)) {
          R.Unanalysable = "the address depends on '" + sym::displayName(Name) +
                           "', which differs between lanes and is not known";
          return R;
        }
        UnevaluableGuardSyms.insert(Name);
        break;
      }
      if (auto It = O.Assumptions.find(Name);
          It != O.Assumptions.end() && It->second.Equal) {
        Fixed[Name] = *It->second.Equal;
      } else if (multipliesThreads(A.ByteOffset, Name)) {
        // 0 would drop the lanes' stride: a parameter's value, said.
        auto V = sym::Assumption().pick(O.DefaultParamValue, O.Variant);
        Fixed[Name] = V ? *V : O.DefaultParamValue;
        R.Chosen[Name] = Fixed[Name];
        Assume("'" + sym::displayName(Name) + "' = " + std::to_string(Fixed[Name]) +
               " (its value is not known here, the same for the whole "
               "warp; it multiplies the thread index in the address)");
      } else {
        Fixed[Name] = 0;
        // Unknown alignment, unless it shifts by whole 32-byte sectors.
        if (AddressSyms.count(Name)) {
          auto C = A.ByteOffset.coefficientOf(Name);
          std::optional<int64_t> CV = C ? C->asConst() : std::nullopt;
          if (!CV || *CV % 32 != 0)
            R.UnknownOffset = true;
        }
        if (AddressSyms.count(Name))
          Assume("'" + sym::displayName(Name) +
                 "' (not known, the same for the whole warp) keeps the "
                 "warp's addresses aligned as if it were 0");
      }
      break;
    default:
      break;
    }
  }
  for (const auto &[Name, S] : Syms) {
    auto Kind = S.symbolKind();
    if (Kind != sym::SymbolKind::LoopIter && Kind != sym::SymbolKind::LoopVar)
      continue;
    if (auto It = O.LoopValues.find(Name); It != O.LoopValues.end()) {
      LoopSyms.push_back({Name, {It->second}});
      continue;
    }
    const LoopFacts *Loop = loopOf(K, Name);
    std::string Why;
    std::optional<std::vector<int64_t>> Vals;
    unsigned Max = O.ExplicitBlocks.empty() ? O.MaxIterationsPerLoop : 1;
    if (Loop && Kind == sym::SymbolKind::LoopIter && O.ExplicitBlocks.empty()) {
      // An affine loop shifts the address by the same amount each
      // iteration: the patterns repeat once the shift is a multiple of 256
      // bytes. Enumerate exactly those alignment classes.
      if (auto C = A.ByteOffset.coefficientOf(Name))
        if (auto CV = C->evaluate(Fixed)) {
          int64_t Step = ((*CV % 256) + 256) % 256;
          Max = Step == 0 ? 1 : unsigned(256 / std::gcd<int64_t>(Step, 256));
          Max = std::min(Max, O.MaxAlignmentClasses);
        }
    }
    if (Loop)
      Vals = loopSymbolValues(*Loop, Fixed, Max, Why);
    else
      Why = "'" + sym::displayName(Name) + "' belongs to no known loop";
    if (!Vals) {
      R.Unanalysable = Why;
      return R;
    }
    if (Vals->empty())
      return R; // the loop never runs: no request
    LoopSyms.push_back({Name, *Vals});
  }

  // Iteration tuples: the cartesian product, bounded.
  std::vector<std::map<std::string, int64_t>> Tuples(1);
  for (const auto &[Name, Vals] : LoopSyms) {
    std::vector<std::map<std::string, int64_t>> Next;
    for (const auto &T : Tuples)
      for (int64_t V : Vals) {
        if (Next.size() >= O.MaxIterationTuples)
          break;
        auto N = T;
        N[Name] = V;
        Next.push_back(std::move(N));
      }
    Tuples = std::move(Next);
  }

  const int64_t Threads = L.threadsPerBlock();
  const int64_t Warps = (Threads + 31) / 32;
  const int64_t BX = std::min<int64_t>(L.Grid[0], O.MaxBlocksX);
  const int64_t BY = std::min<int64_t>(L.Grid[1], O.MaxBlocksY);
  std::vector<std::array<int64_t, 3>> Blocks = O.ExplicitBlocks;
  const bool KeepAll = !Blocks.empty();
  if (Blocks.empty())
    for (int64_t By = 0; By < BY; ++By)
      for (int64_t Bx = 0; Bx < BX; ++Bx)
        Blocks.push_back({Bx, By, 0});
  std::map<std::vector<int64_t>, size_t> Seen;
  bool GuardUnknown = false;
  // One set of bindings for the whole enumeration (slots, no string
  // look-ups per lane); each warp sets what changes. A tuple's value never
  // overrides a fixed one (as inserting into a copy of Fixed did not).
  sym::Bindings V(Fixed);
  unsigned BlockSlot[3], LaneSlot[3];
  for (int D = 0; D < 3; ++D) {
    BlockSlot[D] = V.slot(std::string("blockIdx.") + "xyz"[D]);
    LaneSlot[D] = V.slot(std::string("threadIdx.") + "xyz"[D]);
  }
  // When neither the address nor a guard mentions blockIdx every block
  // gives the same requests: the first one is enumerated and counts for
  // all (the same samples and weights as enumerating each).
  bool UsesBlockIdx = KeepAll;
  for (int D = 0; D < 3; ++D)
    UsesBlockIdx = UsesBlockIdx ||
                   Syms.count(std::string("blockIdx.") + "xyz"[D]) > 0;
  const unsigned Repeat = UsesBlockIdx ? 1 : unsigned(Blocks.size());
  if (!UsesBlockIdx)
    Blocks.resize(std::min<size_t>(Blocks.size(), 1));
  // When only the address mentions blockIdx, and affinely with constant
  // coefficients, block b's requests are block 0's shifted by
  // sum(c_d * b_d) bytes: block 0 is evaluated lane by lane and the other
  // blocks' requests are the same shifted (a closed form, not a walk).
  std::optional<std::array<int64_t, 3>> BlockStride;
  if (UsesBlockIdx && !KeepAll) {
    bool GuardsUseBlock = false;
    for (const auto &[B, Taken] : Guards)
      GuardsUseBlock = GuardsUseBlock || B->Condition.mentions(sym::SymbolKind::BlockIdx);
    std::array<int64_t, 3> C{{0, 0, 0}};
    bool Affine = !GuardsUseBlock;
    for (int D = 0; D < 3 && Affine; ++D) {
      std::string N = std::string("blockIdx.") + "xyz"[D];
      if (!A.ByteOffset.mentions(N))
        continue;
      auto Coef = A.ByteOffset.coefficientOf(N);
      std::optional<int64_t> CV;
      if (Coef && !Coef->mentions(sym::SymbolKind::BlockIdx))
        CV = Coef->evaluate(Fixed);
      if (CV)
        C[D] = *CV;
      else
        Affine = false;
    }
    if (Affine)
      BlockStride = C;
  }
  std::vector<WarpRequest> Block0;
  // When no warp of the first blocks reaches the access and a guard around
  // it depends on blockIdx (`if (blockIdx.x == gridDim.x - 1)`, the last
  // row of blocks), the blocks at the grid's edge are enumerated too, so
  // that the access is not silently skipped.
  bool GuardsMentionBlock = false;
  for (const auto &[B, Taken] : Guards)
    GuardsMentionBlock =
        GuardsMentionBlock || B->Condition.mentions(sym::SymbolKind::BlockIdx);
  std::vector<std::array<int64_t, 3>> EdgeBlocks;
  std::vector<char> Held(Guards.size(), 0);
  // Guards on values the same for the whole warp are evaluated once per
  // warp; the others per lane.
  std::vector<size_t> WarpGuards, LaneGuards;
  for (size_t GI = 0; GI < Guards.size(); ++GI)
    (Guards[GI].first->Condition.isThreadDependent() ? LaneGuards : WarpGuards)
        .push_back(GI);
  // The per-lane guards and a non-affine address, compiled: their
  // lane-free parts once per block and iteration.
  std::vector<sym::Program> GuardProg(Guards.size());
  for (size_t GI : LaneGuards)
    GuardProg[GI] = sym::Program(Guards[GI].first->Condition, V,
                                 sym::threadIndexNames());
  auto guardPasses = [&](size_t GI) {
    const auto &[B, Taken] = Guards[GI];
    auto C = GuardProg[GI].empty() ? V.evaluate(B->Condition)
                                   : GuardProg[GI].run(V);
    if (!C) {
      GuardUnknown = true;
      Held[GI] = 1;
      return true; // taken as active, and said so below
    }
    if ((*C != 0) != Taken)
      return false;
    Held[GI] = 1;
    return true;
  };
  // The address in closed form when it is affine in the thread index:
  // base + c . threadIdx, its parts evaluated once per block and iteration
  // (they do not depend on the warp), and the lanes by arithmetic.
  const LinearInThreads Lin = linearInThreads(A.ByteOffset);
  sym::Program AddrProg;
  if (!Lin.Ok)
    AddrProg = sym::Program(A.ByteOffset, V, sym::threadIndexNames());
  bool BlockActive = true, BlockClosed = false;
  std::optional<int64_t> Base, Coef[3];
  std::vector<std::array<int64_t, 3>> FoundBlocks;
  for (int Pass = 0; Pass < 3; ++Pass) {
    const std::vector<std::array<int64_t, 3>> *PassBlocks = &Blocks;
    if (Pass == 2) {
      // Still none: a guard that holds in an interior block only
      // (`blockIdx.x == 37`). The guards the same for the whole block are
      // tried along each dimension, the first block where they all hold
      // is enumerated.
      if (!R.Samples.empty() || KeepAll || !GuardsMentionBlock ||
          WarpGuards.empty() || Tuples.empty())
        break;
      for (const auto &[N, X] : Tuples[0])
        if (!Fixed.count(N))
          V.set(N, X);
      for (int D = 0; D < 3; ++D) {
        const int64_t Step = std::max<int64_t>(1, L.Grid[D] / 4096);
        for (int64_t B = 1; L.Grid[D] > 1 && B < L.Grid[D]; B += Step) {
          std::array<int64_t, 3> Blk{{0, 0, 0}};
          Blk[D] = B;
          for (int E = 0; E < 3; ++E)
            V.set(BlockSlot[E], Blk[E]);
          bool All = true;
          for (size_t GI : WarpGuards) {
            auto C = V.evaluate(Guards[GI].first->Condition);
            All = All && C && (*C != 0) == Guards[GI].second;
          }
          if (All) {
            FoundBlocks.push_back(Blk);
            break;
          }
        }
      }
      if (FoundBlocks.empty())
        break;
      PassBlocks = &FoundBlocks;
    }
    if (Pass == 1) {
      if (!R.Samples.empty() || KeepAll || !GuardsMentionBlock)
        break;
      const int64_t LX = L.Grid[0] - 1, LY = L.Grid[1] - 1, LZ = L.Grid[2] - 1;
      for (const std::array<int64_t, 3> &E :
           {std::array<int64_t, 3>{LX, 0, 0}, std::array<int64_t, 3>{0, LY, 0},
            std::array<int64_t, 3>{LX, LY, 0}, std::array<int64_t, 3>{LX, LY, LZ}})
        if (std::find(Blocks.begin(), Blocks.end(), E) == Blocks.end() &&
            std::find(EdgeBlocks.begin(), EdgeBlocks.end(), E) ==
                EdgeBlocks.end())
          EdgeBlocks.push_back(E);
      if (EdgeBlocks.empty())
        continue;
      PassBlocks = &EdgeBlocks;
    }
    for (const auto &Block : *PassBlocks)
        for (const auto &T : Tuples)
          for (int64_t W = 0; W < Warps; ++W) {
            if (W == 0) {
              // What is the same for every warp of this block and
              // iteration: evaluated once.
              for (const auto &[N, X] : T)
                if (!Fixed.count(N))
                  V.set(N, X);
              for (int D = 0; D < 3; ++D)
                V.set(BlockSlot[D], Block[D]);
              for (size_t GI : LaneGuards)
                GuardProg[GI].prepare(V);
              if (!AddrProg.empty())
                AddrProg.prepare(V);
              BlockActive = true;
              for (size_t GI : WarpGuards)
                if (BlockActive)
                  BlockActive = guardPasses(GI);
              BlockClosed = BlockActive && Lin.Ok;
              if (BlockClosed) {
                Base = V.evaluate(Lin.Base);
                for (int D = 0; D < 3; ++D)
                  Coef[D] = Lin.C[D] ? V.evaluate(*Lin.C[D])
                                     : std::optional<int64_t>(0);
                BlockClosed = Base && Coef[0] && Coef[1] && Coef[2];
              }
            }
            WarpRequest Req;
            Req.AccessSize = A.ElementSize ? A.ElementSize : 4;
            Req.UsedBytes = A.UsedBytes;
            Req.IsWrite = A.IsWrite;
            const size_t At = size_t(&T - &Tuples[0]) * size_t(Warps) + size_t(W);
            const bool Shifted = BlockStride && &Block != &Blocks[0];
            if (Shifted) {
              Req = Block0[At];
              int64_t By = 0;
              for (int D = 0; D < 3; ++D)
                By += (*BlockStride)[D] * Block[D];
              for (auto &Addr : Req.Lane)
                if (Addr)
                  *Addr += By;
            }
            const bool WarpActive = !Shifted && BlockActive;
            const bool Closed = BlockClosed;
            for (int64_t Lane = 0; Lane < 32 && WarpActive; ++Lane) {
              int64_t Tid = W * 32 + Lane;
              if (Tid >= Threads)
                continue; // the partial last warp
              const int64_t T[3] = {Tid % L.Block[0],
                                    (Tid / L.Block[0]) % L.Block[1],
                                    Tid / (L.Block[0] * L.Block[1])};
              if (!Closed || !LaneGuards.empty())
                for (int D = 0; D < 3; ++D)
                  V.set(LaneSlot[D], T[D]);
              bool Active = true;
              for (size_t GI : LaneGuards)
                Active = guardPasses(GI) && Active;
              if (!Active)
                continue;
              if (!Closed) {
                Req.Lane[Lane] = AddrProg.empty() ? V.evaluate(A.ByteOffset)
                                                  : AddrProg.run(V);
                continue;
              }
              int64_t Addr = *Base, Term;
              bool Overflow = false;
              for (int D = 0; D < 3; ++D)
                Overflow = Overflow || __builtin_mul_overflow(*Coef[D], T[D], &Term) ||
                           __builtin_add_overflow(Addr, Term, &Addr);
              Req.Lane[Lane] = Overflow ? std::nullopt : std::optional<int64_t>(Addr);
            }
            if (BlockStride && &Block == &Blocks[0])
              Block0.push_back(Req);
            R.WarpsEnumerated += Repeat;
            // The pattern: the first address's alignment and the offsets.
            std::optional<int64_t> Min;
            for (const auto &Addr : Req.Lane)
              if (Addr && (!Min || *Addr < *Min))
                Min = *Addr;
            if (!Min)
              continue; // no active lane
            std::vector<int64_t> Key{KeepAll ? int64_t(R.WarpsEnumerated)
                                             : floorMod(*Min, 256)};
            for (const auto &Addr : Req.Lane)
              Key.push_back(Addr ? *Addr - *Min : INT64_MIN);
            auto [It, New] = Seen.insert({Key, R.Samples.size()});
            if (!New) {
              R.Samples[It->second].Weight += Repeat;
              continue;
            }
            WarpSample S;
            S.Weight = Repeat;
            S.Req = Req;
            S.Warp = W;
            S.BlockIdx = Block;
            S.Iterations = T;
            R.Samples.push_back(std::move(S));
          }
  }
  if (!FoundBlocks.empty() && !R.Samples.empty()) {
    std::string Which;
    for (const auto &B : FoundBlocks)
      Which += std::string(Which.empty() ? "" : ", ") + "(" +
               std::to_string(B[0]) + ", " + std::to_string(B[1]) + ", " +
               std::to_string(B[2]) + ")";
    Assume("no warp of the first blocks or of the grid's edge reaches the "
           "access; the guards around it hold in block " + Which +
           ", which was enumerated");
  } else if (!EdgeBlocks.empty() && !R.Samples.empty())
    Assume("no warp of the first blocks reaches the access; the blocks at "
           "the grid's edge (the last of each dimension) do, and were "
           "enumerated");
  R.UnknownGuard = GuardUnknown;
  if (R.Samples.empty())
    for (size_t GI = 0; GI < Guards.size(); ++GI)
      if (!Held[GI])
        R.UnmetGuards.push_back(Guards[GI].first->Id);
  if (GuardUnknown)
    Assume("every lane passes the branches around the access whose "
           "conditions depend on unknown values");
  std::stable_sort(R.Samples.begin(), R.Samples.end(),
                   [](const WarpSample &X, const WarpSample &Y) {
                     return X.Weight > Y.Weight;
                   });
  return R;
}

} // namespace

AccessEnumeration enumerateAccess(const KernelFacts &K, const AccessFacts &A,
                                  const LaunchConfig &L,
                                  const EnumerationOptions &O) {
  AccessEnumeration R = enumerateOnce(K, A, L, O);
  if (!R.Samples.empty() || !R.Unanalysable.empty() || R.Chosen.empty() ||
      A.Guards.empty() || !O.ExplicitBlocks.empty())
    return R;
  // No thread reaches the access under the values chosen for the unknowns
  // (`if (x >= Size - 1 - t) return;` with both at 4096): a guess must not
  // make the access vanish. Each chosen value that a guard reads is tried
  // in turn at a few other values; the first under which some thread
  // reaches the access is kept, and said.
  // Only the values that the unmet guards read are tried again (an access
  // under `if (j == 12)` in a loop whose enumerated iterations stop short
  // of 12 is not a chosen value's doing).
  std::set<std::string> InGuards;
  for (unsigned Id : R.UnmetGuards)
    if (const BranchFacts *B = branchOf(K, Id))
      for (const auto &[Name, V] : R.Chosen)
        if (B->Condition.mentions(Name))
          InGuards.insert(Name);
  // Smaller changes first: every name at 0 before any at 1, and so on;
  // at most MaxTries enumerations (an access that no single value makes
  // reachable, such as hotspot's tile whose origin needs several unknowns
  // to agree, must not cost 30 of them).
  constexpr unsigned MaxTries = 8;
  unsigned Tries = 0;
  for (int64_t Alt : {int64_t(0), int64_t(1), int64_t(32), int64_t(1024),
                      int64_t(65536), int64_t(1) << 20})
    for (const std::string &Name : InGuards) {
      if (Alt == R.Chosen.at(Name) || Tries >= MaxTries)
        continue;
      auto AIt = O.Assumptions.find(Name);
      if (AIt != O.Assumptions.end() && !AIt->second.admits(Alt))
        continue;
      EnumerationOptions O2 = O;
      O2.Assumptions[Name].Equal = Alt;
      ++Tries;
      // A probe first, on the first block and iteration (and the grid's
      // edge blocks when a guard reads blockIdx): a value under which no
      // thread of those reaches the access costs little.
      EnumerationOptions Probe = O2;
      Probe.MaxBlocksX = Probe.MaxBlocksY = 1;
      Probe.MaxIterationTuples = 1;
      if (enumerateOnce(K, A, L, Probe).Samples.empty())
        continue;
      AccessEnumeration R2 = enumerateOnce(K, A, L, O2);
      if (R2.Samples.empty() || !R2.Unanalysable.empty())
        continue;
      const std::string Given = "'" + sym::displayName(Name) + "' = " + std::to_string(Alt) +
                                " (as given)";
      const std::string Said =
          "'" + sym::displayName(Name) + "' = " + std::to_string(Alt) +
          " (its value is not known here; chosen so that the access is "
          "reached: with '" + sym::displayName(Name) + "' = " +
          std::to_string(R.Chosen.at(Name)) +
          " no thread reaches it; give the real value with a `// warplint: "
          "assume " + Name + " == N` annotation)";
      for (std::string &S : R2.Assumptions)
        if (S == Given)
          S = Said;
      R2.Chosen[Name] = Alt;
      return R2;
    }
  if (Tries)
    R.Assumptions.push_back(
        "no thread reaches the access under the values chosen for the "
        "unknowns, nor under " + std::to_string(Tries) +
        " other values tried for the ones its guards read");
  return R;
}

} // namespace warplint
