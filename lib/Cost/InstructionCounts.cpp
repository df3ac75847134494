//===- InstructionCounts.cpp - Dynamic instruction counts per thread -----===//
#include "Cost/InstructionCounts.h"
#include "Cost/CompiledShape.h"
#include "Warp/Divergence.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace warplint {

const char *toString(AccessClass C) {
  switch (C) {
  case AccessClass::Coalesced:
    return "coalesced";
  case AccessClass::Uncoalesced:
    return "uncoalesced";
  case AccessClass::Broadcast:
    return "broadcast";
  case AccessClass::Unclassified:
    return "unclassified";
  }
  return "unclassified";
}

namespace {

void addOnce(std::vector<std::string> &V, const std::string &S) {
  if (std::find(V.begin(), V.end(), S) == V.end())
    V.push_back(S);
}

const LoopFacts *findLoop(const KernelFacts &K, unsigned Id) {
  for (const LoopFacts &L : K.Loops)
    if (L.Id == Id)
      return &L;
  return nullptr;
}

std::string lineOf(const LoopFacts &L) {
  return "the " + L.Kind + " loop at line " + std::to_string(L.Loc.Line);
}

/// Trip counts, computed once per loop.
class TripCounter {
public:
  TripCounter(const KernelFacts &K, const LaunchConfig &L,
              const InstructionCountOptions &O,
              std::vector<std::string> &Assumptions)
      : K(K), L(L), O(O), Assumptions(Assumptions) {}

  double trip(const LoopFacts &Lp, unsigned Depth = 0) {
    auto It = Cache.find(Lp.Id);
    if (It != Cache.end())
      return It->second;
    double T = compute(Lp, Depth);
    Cache[Lp.Id] = T;
    saySoonerExit(Lp);
    return T;
  }

  double product(const std::vector<unsigned> &Loops) {
    double N = 1;
    for (unsigned Id : Loops)
      if (const LoopFacts *Lp = findLoop(K, Id))
        N *= trip(*Lp);
    return N;
  }

private:
  const KernelFacts &K;
  const LaunchConfig &L;
  const InstructionCountOptions &O;
  std::vector<std::string> &Assumptions;
  std::map<unsigned, double> Cache;

  /// A `break` (or `return`) in the loop may end it before its count:
  /// when is not known, so the count stands, said.
  void saySoonerExit(const LoopFacts &Lp) {
    if (const BranchFacts *B = soonerExit(K, Lp))
      addOnce(Assumptions, lineOf(Lp) + " is counted at its full trip count: "
                           "the '" + B->ExitKind + "' of the branch at line " +
                               std::to_string(B->Loc.Line) +
                               " may end it sooner, and when is not known");
  }

  double unknown(const LoopFacts &Lp, const std::string &Why) {
    addOnce(Assumptions, lineOf(Lp) + " runs " +
                             fmtNumber(O.UnknownTripCount) + " time" +
                             (O.UnknownTripCount == 1 ? "" : "s") +
                             " per thread (" + Why + ")");
    return O.UnknownTripCount;
  }

  static std::string fmtNumber(double V) {
    if (V == std::floor(V))
      return std::to_string(int64_t(V));
    return std::to_string(V);
  }

  double compute(const LoopFacts &Lp, unsigned Depth) {
    if (!Lp.TripCount) {
      // A geometric loop over the launch's sizes: stepped.
      std::map<std::string, int64_t> Known;
      for (const auto &[N, A] : O.Enum.Assumptions)
        if (A.Equal)
          Known[N] = *A.Equal;
      std::string Why;
      if (auto T = steppedTripCount(Lp, L, Known, Why))
        return double(*T);
      return unknown(Lp, Why.empty() ? "its trip count is not known"
                                     : "its trip count is not known: " + Why);
    }
    bool UsedThread = false;
    bool Failed = false;
    std::string FailedOn;
    // Enclosing loops whose iteration the trip count mentions: taken at
    // their middle iteration, averaged over floor and ceil.
    std::vector<std::pair<std::string, double>> Outer;
    auto Resolve = [&](const sym::Expr &S, bool Up) -> std::optional<int64_t> {
      const std::string &Name = S.name();
      char D = Name.empty() ? 'x' : Name.back();
      int Dim = D >= 'x' && D <= 'z' ? D - 'x' : 0;
      switch (S.symbolKind()) {
      case sym::SymbolKind::BlockDim:
        return L.Block[Dim];
      case sym::SymbolKind::GridDim:
        return L.Grid[Dim];
      case sym::SymbolKind::ThreadIdx:
      case sym::SymbolKind::BlockIdx:
        UsedThread = true;
        return 0;
      case sym::SymbolKind::Param: {
        auto AIt = O.Enum.Assumptions.find(Name);
        if (AIt != O.Enum.Assumptions.end() && AIt->second.Equal)
          return *AIt->second.Equal;
        if (auto It = L.Args.find(Name); It != L.Args.end())
          return It->second;
        int64_t V = O.Enum.DefaultParamValue;
        if (AIt != O.Enum.Assumptions.end())
          V = AIt->second.pick(V, 0).value_or(V);
        addOnce(Assumptions, "'" + sym::displayName(Name) + "' = " + std::to_string(V) +
                                 " in the trip count of " + lineOf(Lp) +
                                 " (its value is not known)");
        return V;
      }
      case sym::SymbolKind::LoopIter: {
        for (const LoopFacts &P : K.Loops)
          if (P.IterSymbol == Name && P.Id != Lp.Id && Depth < 16) {
            double T = trip(P, Depth + 1);
            double Mid = T > 0 ? (T - 1) / 2 : 0;
            Outer.push_back({lineOf(P), Mid});
            return int64_t(Up ? std::ceil(Mid) : std::floor(Mid));
          }
        Failed = true;
        FailedOn = Name;
        return std::nullopt;
      }
      default:
        Failed = true;
        FailedOn = Name;
        return std::nullopt;
      }
    };
    auto Lo = Lp.TripCount->evaluate(
        [&](const sym::Expr &S) { return Resolve(S, false); });
    auto Hi = Lp.TripCount->evaluate(
        [&](const sym::Expr &S) { return Resolve(S, true); });
    if (!Lo || !Hi || Failed)
      return unknown(Lp, "its trip count " + Lp.TripCount->text() +
                             " depends on '" + FailedOn +
                             "', whose value is not known");
    double T = std::max(0.0, (double(*Lo) + double(*Hi)) / 2);
    if (UsedThread || Lp.ThreadDependentTripCount) {
      // Thread 0's trip count can be far from the work: a triangular
      // j <= i with i the thread runs once for it. The counts take the
      // larger of thread 0's and the mean over the warps of their longest
      // lane (a warp runs the loop as often as its longest lane): the mean
      // keeps the kernel's total work, thread 0's warp the first (and, in
      // a nest that shrinks with the thread, longest) warp's path.
      std::vector<unsigned> OuterIds;
      for (std::optional<unsigned> P = Lp.Parent; P;) {
        const LoopFacts *PL = findLoop(K, *P);
        if (!PL)
          break;
        OuterIds.insert(OuterIds.begin(), PL->Id);
        P = PL->Parent;
      }
      DivergenceOptions D;
      D.Enum = O.Enum;
      uint64_t Budget = D.MaxLaneEvaluations;
      double LaneMean = 0;
      std::string Why;
      std::optional<double> W =
          warpLongestTrips(K, L, Lp, OuterIds, D, Budget, LaneMean, Why);
      if (W && *W > T) {
        addOnce(Assumptions,
                lineOf(Lp) + " runs, in each warp, as often as its longest "
                             "lane: " + fmtNumber(std::round(*W)) +
                    " times, the mean over the warps (thread 0 of block 0 "
                    "runs it " + fmtNumber(T) + " times)");
        return *W;
      }
      addOnce(Assumptions, lineOf(Lp) + " runs as often for every thread as "
                                        "for thread 0 of block 0 (" +
                               fmtNumber(T) + " times)");
    }
    for (const auto &[Where, Mid] : Outer)
      addOnce(Assumptions,
              "the trip count of " + lineOf(Lp) + " is taken at the middle "
              "iteration of " + Where + " (exact when linear in it)");
    return T;
  }
};

bool isSync(const std::string &N) {
  return N.rfind("__syncthreads", 0) == 0 || N == "__syncwarp" ||
         N == "cooperative_groups::sync" || N == "__barrier_sync" ||
         N == "__nvvm_bar0_popc" || N == "__nvvm_bar_sync";
}

/// The transactions of one warp request in the unit of family \p F.
double transactions(const CoalescingResult &R, CoalescingFamily F) {
  return F == CoalescingFamily::L2Sectors ? double(R.Sectors)
                                          : double(R.Transactions);
}

const char *unitOf(CoalescingFamily F) {
  switch (F) {
  case CoalescingFamily::CC1_0:
  case CoalescingFamily::CC1_2:
    return "transactions";
  case CoalescingFamily::CachedL1:
    return "128-byte lines";
  case CoalescingFamily::L2Sectors:
    return "32-byte sectors";
  }
  return "transactions";
}

double factorOf(const CoalescingResult &R, CoalescingFamily F) {
  bool Half = F == CoalescingFamily::CC1_0 || F == CoalescingFamily::CC1_2;
  if (Half)
    return R.IdealTransactions ? double(R.Transactions) / R.IdealTransactions
                               : 1.0;
  return R.IdealSectors ? double(R.Sectors) / R.IdealSectors : 1.0;
}

/// Whether every active lane of \p R reads one address (and one is
/// active).
bool allSameAddress(const WarpRequest &R) {
  std::optional<int64_t> First;
  for (const auto &A : R.Lane) {
    if (!A)
      continue;
    if (First && *A != *First)
      return false;
    First = A;
  }
  return First.has_value();
}

struct Classified {
  AccessClass Class = AccessClass::Unclassified;
  double Transactions = 0; ///< mean per warp request
  double Sectors = 0, Excess = 0; ///< mean per warp request (1.x: transactions)
  double Lines = 0; ///< mean distinct 128-byte lines (1.x: transactions)
  double WorstFactor = 1;
  std::string Unanalysable;
  std::vector<std::string> Assumptions;
};

Classified classify(const KernelFacts &K, const AccessFacts &A,
                    const LaunchConfig &L, CoalescingFamily F,
                    const InstructionCountOptions &O) {
  Classified C;
  AccessEnumeration E = enumerateAccess(K, A, L, O.Enum);
  C.Assumptions = E.Assumptions;
  if (!E.Unanalysable.empty() || E.Samples.empty()) {
    C.Unanalysable = E.Unanalysable.empty() ? "no warp request was enumerated"
                                            : E.Unanalysable;
    return C;
  }
  double Weight = 0, Sum = 0, Sectors = 0, Excess = 0, Lines = 0;
  bool Broadcast = true;
  const bool Half = F == CoalescingFamily::CC1_0 || F == CoalescingFamily::CC1_2;
  for (const WarpSample &S : E.Samples) {
    CoalescingResult R = analyzeCoalescing(S.Req, F);
    Sum += S.Weight * transactions(R, F);
    const double Moved = Half ? R.Transactions : R.Sectors;
    const double Ideal = Half ? R.IdealTransactions : R.IdealSectors;
    Sectors += S.Weight * Moved;
    Lines += S.Weight * R.Transactions;
    Excess += S.Weight * std::max(0.0, Moved - Ideal);
    Weight += S.Weight;
    C.WorstFactor = std::max(C.WorstFactor, factorOf(R, F));
    Broadcast &= allSameAddress(S.Req);
  }
  C.Transactions = Weight > 0 ? Sum / Weight : 0;
  C.Sectors = Weight > 0 ? Sectors / Weight : 0;
  C.Excess = Weight > 0 ? Excess / Weight : 0;
  C.Lines = Weight > 0 ? Lines / Weight : 0;
  if (Broadcast)
    C.Class = AccessClass::Broadcast;
  else if (C.WorstFactor > O.MinFactor)
    C.Class = AccessClass::Uncoalesced;
  else
    C.Class = AccessClass::Coalesced;
  return C;
}

} // namespace

double executionsPerThread(const KernelFacts &K,
                           const std::vector<unsigned> &Loops,
                           const LaunchConfig &L,
                           const InstructionCountOptions &O,
                           std::vector<std::string> &Assumptions) {
  TripCounter T(K, L, O, Assumptions);
  return T.product(Loops);
}

namespace {

/// Arithmetic, address arithmetic and the branches of if/switch.
void countOps(const KernelFacts &K, const InstructionMapping &M,
              CompiledShape *Shape, TripCounter &Trips, InstructionCounts &R) {
  for (const OpFacts &Op : K.Ops) {
    std::string Why;
    double N = (Shape ? Shape->opInstructions(Op, M, &Why)
                      : instructionsFor(Op, M, &Why)) *
               Trips.product(Op.Loops);
    if (!Why.empty())
      addOnce(R.Assumptions, Why);
    switch (Op.Kind) {
    case OpKind::Address:
      R.AddressArith += N;
      break;
    case OpKind::Branch:
      R.Control += N;
      break;
    default:
      R.Arithmetic += N;
      if (Op.Type == OpType::Double)
        R.DoubleOps += N;
      if (Op.Kind == OpKind::Math)
        R.MathOps += N;
      break;
    }
    if (!Op.Guards.empty())
      R.Guarded += N;
  }
}

/// Loop back-edges: one per iteration of each loop, as often as its
/// enclosing loops run.
void countLoopBranches(const KernelFacts &K, const InstructionMapping &M,
                       const CompiledShape *Shape, TripCounter &Trips,
                       InstructionCounts &R) {
  for (const LoopFacts &Lp : K.Loops) {
    std::vector<unsigned> Chain{Lp.Id};
    for (std::optional<unsigned> P = Lp.Parent; P && Chain.size() < 64;) {
      Chain.insert(Chain.begin(), *P);
      const LoopFacts *PL = findLoop(K, *P);
      P = PL ? PL->Parent : std::nullopt;
    }
    double N = (Shape ? Shape->loopBranch(Lp.Id, M) : M.LoopBranch) *
               Trips.product(Chain);
    R.Control += N;
    if (!Lp.Guards.empty())
      R.Guarded += N;
  }
}

/// Barriers and fences.
void countBarriers(const KernelFacts &K, TripCounter &Trips,
                   InstructionCounts &R) {
  for (const BarrierFacts &B : K.Barriers) {
    double N = Trips.product(B.Loops);
    (isSync(B.Name) ? R.Sync : R.Fences) += N;
    if (!B.Guards.empty())
      R.Guarded += N;
  }
}

/// Running sums over the memory accesses, from which the per-request means
/// of InstructionCounts are taken at the end: dynamic counts (W) and their
/// transactions (T) or bank-conflict ways.
struct AccessTotals {
  double CoalW = 0, CoalT = 0, UncoalW = 0, UncoalT = 0, UncoalLines = 0;
  double SharedW = 0, SharedWays = 0;
  bool Atomics = false, LocalSeen = false;
};

/// A shared access, \p N instructions per thread, with the mean
/// bank-conflict degree of its enumerated warps.
void countSharedAccess(const KernelFacts &K, const AccessFacts &A,
                       const LaunchConfig &L, const GpuModel &Gpu,
                       const InstructionCountOptions &O, double N,
                       AccessCount &C, InstructionCounts &R, AccessTotals &T) {
  R.Shared += N;
  if (!A.ElementSize)
    return;
  AccessEnumeration E = enumerateAccess(K, A, L, O.Enum);
  double W = 0, Ways = 0;
  for (const WarpSample &S : E.Samples) {
    Ways += S.Weight * analyzeBankConflicts(S.Req, Gpu.Banks).Ways;
    W += S.Weight;
  }
  if (W > 0) {
    C.ConflictWays = Ways / W;
    if (C.ConflictWays > 1.5 && C.ConflictWays > R.WorstSharedWays) {
      R.WorstSharedWays = C.ConflictWays;
      R.WorstSharedText = A.Text;
      R.WorstSharedBase = A.Base;
      R.WorstSharedLine = A.Loc.Line;
    }
    T.SharedWays += N * Ways / W;
    T.SharedW += N;
  }
}

/// The class and transactions of a global (or unknown-space) access that is
/// not an atomic, into \p C; C.Unanalysable says why when it has none.
void classifyGlobalAccess(const KernelFacts &K, const AccessFacts &A,
                          const LaunchConfig &L, const GpuModel &Gpu,
                          const InstructionCountOptions &O, AccessCount &C,
                          std::vector<std::string> &Assumptions) {
  if (A.Space == MemorySpace::Unknown || !A.ElementSize) {
    C.Unanalysable = A.Space == MemorySpace::Unknown
                         ? "its memory space is not known"
                         : "its element size is not known";
    return;
  }
  // A read-modify-write: its load and its store, each under its family;
  // the class is the worse of the two.
  std::vector<CoalescingFamily> Parts;
  if (A.IsRead)
    Parts.push_back(Gpu.Loads);
  if (A.IsWrite)
    Parts.push_back(Gpu.Stores);
  double Sum = 0;
  bool AnyUncoal = false, AnyCoal = false;
  for (CoalescingFamily F : Parts) {
    Classified Cl = classify(K, A, L, F, O);
    for (const std::string &S : Cl.Assumptions)
      addOnce(Assumptions, S);
    if (Cl.Class == AccessClass::Unclassified) {
      C.Unanalysable = Cl.Unanalysable;
      break;
    }
    Sum += Cl.Transactions;
    C.SectorsPerWarp += Cl.Sectors;
    C.LinesPerWarp += Cl.Lines;
    C.ExcessPerWarp += Cl.Excess;
    C.WorstFactor = std::max(C.WorstFactor, Cl.WorstFactor);
    AnyUncoal |= Cl.Class == AccessClass::Uncoalesced;
    AnyCoal |= Cl.Class == AccessClass::Coalesced;
  }
  if (C.Unanalysable.empty() && !Parts.empty()) {
    C.TransactionsPerWarp = Sum / double(Parts.size());
    C.Class = AnyUncoal ? AccessClass::Uncoalesced
              : AnyCoal ? AccessClass::Coalesced
                        : AccessClass::Broadcast;
  }
}

/// A global or unknown-space access, \p N instructions per thread: an
/// atomic, or classified and added to its class.
void countGlobalAccess(const KernelFacts &K, const AccessFacts &A,
                       const LaunchConfig &L, const GpuModel &Gpu,
                       const InstructionCountOptions &O, double N,
                       AccessCount &C, InstructionCounts &R, AccessTotals &T) {
  if (A.IsAtomic) {
    R.GlobalAtomic += N;
    T.Atomics = true;
    return;
  }
  classifyGlobalAccess(K, A, L, Gpu, O, C, R.Assumptions);
  // The store of a write or read-modify-write, per thread.
  const double St = A.IsWrite ? N / double(C.InstsPerExecution) : 0;
  if (!C.Unanalysable.empty()) {
    C.Class = AccessClass::Unclassified;
    C.TransactionsPerWarp = 0;
    C.SectorsPerWarp = C.ExcessPerWarp = 0;
    R.GlobalUnclassified += N;
    R.StoresUnclassified += St;
    addOnce(R.Assumptions,
            "'" + A.Text + "' (line " + std::to_string(A.Loc.Line) +
                ") counted as uncoalesced in the Hong-Kim counts: " +
                C.Unanalysable);
    return;
  }
  // A read-modify-write moves its load's and its store's sectors.
  R.GlobalSectors += N * C.SectorsPerWarp;
  R.ExcessSectors += N * C.ExcessPerWarp;
  switch (C.Class) {
  case AccessClass::Coalesced:
    R.GlobalCoalesced += N;
    R.StoresCoalesced += St;
    T.CoalW += N;
    T.CoalT += N * C.TransactionsPerWarp;
    break;
  case AccessClass::Broadcast:
    R.GlobalBroadcast += N;
    R.StoresBroadcast += St;
    T.CoalW += N;
    T.CoalT += N * C.TransactionsPerWarp;
    break;
  case AccessClass::Uncoalesced:
    R.GlobalUncoalesced += N;
    R.StoresUncoalesced += St;
    T.UncoalW += N;
    T.UncoalT += N * C.TransactionsPerWarp;
    T.UncoalLines += N * C.LinesPerWarp / double(C.InstsPerExecution);
    break;
  case AccessClass::Unclassified:
    break;
  }
}

/// Every memory access, by space, with the means per warp memory
/// instruction and the mean bank-conflict degree.
void countAccesses(const KernelFacts &K, const LaunchConfig &L,
                   const GpuModel &Gpu, const InstructionCountOptions &O,
                   TripCounter &Trips, InstructionCounts &R) {
  R.TransactionUnit = unitOf(Gpu.Loads);
  R.ExcessUnit = Gpu.Loads == CoalescingFamily::CC1_0 ||
                         Gpu.Loads == CoalescingFamily::CC1_2
                     ? "transactions"
                     : "32-byte sectors";
  AccessTotals T;
  for (const AccessFacts &A : K.Accesses) {
    AccessCount C;
    C.Access = &A;
    C.PerThread = Trips.product(A.Loops);
    C.InstsPerExecution = A.IsRead && A.IsWrite && !A.IsAtomic ? 2 : 1;
    const double N = C.PerThread * C.InstsPerExecution;
    if (!A.Guards.empty())
      R.Guarded += N;
    switch (A.Space) {
    case MemorySpace::Shared:
      countSharedAccess(K, A, L, Gpu, O, N, C, R, T);
      break;
    case MemorySpace::Constant:
      R.Constant += N;
      break;
    case MemorySpace::Local:
      R.Local += N;
      T.LocalSeen = true;
      break;
    case MemorySpace::Global:
    case MemorySpace::Unknown:
      countGlobalAccess(K, A, L, Gpu, O, N, C, R, T);
      break;
    }
    R.Accesses.push_back(std::move(C));
  }
  if (T.Atomics)
    addOnce(R.Assumptions, "atomics on global memory count as uncoalesced "
                           "memory instructions in the Hong-Kim counts");
  if (T.LocalSeen)
    addOnce(R.Assumptions,
            "accesses to local arrays count as computation instructions in "
            "the Hong-Kim counts (the compiler keeps small ones in "
            "registers)");
  R.CoalPerMw = T.CoalW > 0 ? T.CoalT / T.CoalW : 0;
  R.UncoalPerMw = T.UncoalW > 0 ? T.UncoalT / T.UncoalW : 0;
  R.UncoalLinesPerMw = T.UncoalW > 0 ? T.UncoalLines / T.UncoalW : 0;
  R.SharedConflictDegree = T.SharedW > 0 ? T.SharedWays / T.SharedW : 1;
}

} // namespace

InstructionCounts countInstructions(const KernelFacts &K, const LaunchConfig &L,
                                    const GpuModel &Gpu,
                                    const InstructionCountOptions &O) {
  InstructionCounts R;
  TripCounter Trips(K, L, O, R.Assumptions);
  std::optional<CompiledShape> Shape;
  if (O.AsCompiled)
    Shape.emplace(K);
  countOps(K, O.Map, Shape ? &*Shape : nullptr, Trips, R);
  countLoopBranches(K, O.Map, Shape ? &*Shape : nullptr, Trips, R);
  if (Shape)
    for (const std::string &N : Shape->notes())
      addOnce(R.Assumptions, N);
  R.Computation = R.Arithmetic + R.AddressArith + R.Control;
  countBarriers(K, Trips, R);
  countAccesses(K, L, Gpu, O, Trips, R);
  R.Total = R.Computation + R.GlobalCoalesced + R.GlobalUncoalesced +
            R.GlobalBroadcast + R.GlobalUnclassified + R.GlobalAtomic +
            R.Shared + R.Constant + R.Local + R.Sync + R.Fences;
  return R;
}

} // namespace warplint
