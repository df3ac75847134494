//===- InstructionCounts.cpp - Dynamic instruction counts per thread -----===//
#include "Cost/InstructionCounts.h"

#include <algorithm>
#include <cmath>
#include <map>
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

bool isPowerOfTwo(int64_t V) { return V > 0 && (V & (V - 1)) == 0; }

/// Math functions that are one PTX instruction (or a fixed short sequence)
/// whatever the options: intrinsics, and library functions the compiler
/// maps onto one instruction.
double intrinsicLength(const std::string &N, bool FastMath) {
  static const std::set<std::string> One = {
      // min/max/abs and friends: min, max, abs, fma, cvt.rmi...
      "min", "max", "umin", "umax", "llmin", "llmax", "ullmin", "ullmax",
      "fminf", "fmaxf", "fmin", "fmax", "abs", "labs", "llabs", "fabsf",
      "fabs", "fmaf", "fma", "floorf", "floor", "ceilf", "ceil", "truncf",
      "trunc", "rintf", "rint", "nearbyintf", "nearbyint", "copysignf",
      "copysign", "__saturatef",
      // square roots: sqrt.rn.f32 / .f64 (prec-sqrt default), rsqrt.approx
      "sqrtf", "sqrt", "rsqrtf", "rsqrt", "__fsqrt_rn", "__fsqrt_rz",
      "__fsqrt_ru", "__fsqrt_rd", "__dsqrt_rn",
      // rounded arithmetic intrinsics
      "__fadd_rn", "__fadd_rz", "__fadd_ru", "__fadd_rd", "__fsub_rn",
      "__fmul_rn", "__fmul_rz", "__fmul_ru", "__fmul_rd", "__fmaf_rn",
      "__fmaf_rz", "__fmaf_ru", "__fmaf_rd", "__fdiv_rn", "__fdividef",
      "__frcp_rn", "__drcp_rn", "__dadd_rn", "__dmul_rn", "__fma_rn",
      "__ddiv_rn",
      // fast-math intrinsics with their own instruction
      "__sinf", "__cosf", "__log2f",
      // integer intrinsics
      "__mul24", "__umul24", "__mulhi", "__umulhi", "__mul64hi",
      "__umul64hi", "__popc", "__popcll", "__clz", "__clzll", "__brev",
      "__brevll", "__byte_perm", "__funnelshift_l", "__funnelshift_r",
      "__sad", "__usad",
      // warp-level primitives (shfl.sync, vote.sync, match)
      "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
      "__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", "__ballot_sync",
      "__all_sync", "__any_sync", "__ballot", "__all", "__any",
      "__activemask", "__match_any_sync", "__match_all_sync",
      // conversions
      "__int2float_rn", "__float2int_rn", "__float2int_rz", "__uint2float_rn",
      "__float2uint_rn", "__int2double_rn", "__double2float_rn",
      "__float2half", "__half2float", "__float_as_int", "__int_as_float",
      "__float_as_uint", "__uint_as_float", "__double_as_longlong",
      "__longlong_as_double"};
  if (One.count(N) || N.rfind("operator", 0) == 0)
    return 1;
  // ex2.approx / lg2.approx with a multiplication by a constant.
  if (N == "__expf" || N == "__logf" || N == "__exp10f" || N == "__log10f")
    return 2;
  if (N == "__powf") // lg2, mul, ex2
    return 3;
  if (N == "__tanf") // sin, cos, div
    return 3;
  if (N == "__ffs" || N == "__ffsll") // brev + clz (+1)
    return 2;
  if (FastMath) {
    // -use_fast_math maps these onto the intrinsics above.
    if (N == "sinf" || N == "cosf" || N == "log2f" || N == "exp2f")
      return 1;
    if (N == "expf" || N == "logf" || N == "exp10f" || N == "log10f")
      return 2;
    if (N == "powf" || N == "tanf")
      return 3;
  }
  return 0; // not an intrinsic
}

} // namespace

double instructionsFor(const OpFacts &Op, const InstructionMapping &M,
                       std::string *Assumption) {
  double Per = M.Simple;
  switch (Op.Kind) {
  case OpKind::Add:
  case OpKind::Mul:
  case OpKind::Fma:
  case OpKind::Bitwise:
  case OpKind::Shift:
  case OpKind::Compare:
  case OpKind::Logical:
  case OpKind::Select:
  case OpKind::Convert:
    Per = M.Simple;
    break;
  case OpKind::Div:
  case OpKind::Rem: {
    bool Float = Op.Type == OpType::Float || Op.Type == OpType::Double ||
                 Op.Type == OpType::Half;
    if (Float) {
      Per = M.FloatDiv;
      break;
    }
    if (Op.Divisor == 0) {
      Per = M.IntDiv;
      break;
    }
    bool Unsigned = Op.Name == "unsigned";
    int64_t D = Op.Divisor < 0 ? -Op.Divisor : Op.Divisor;
    if (isPowerOfTwo(D))
      Per = Unsigned ? M.IntDivPow2Unsigned : M.IntDivPow2Signed;
    else
      Per = M.IntDivConst + (Op.Kind == OpKind::Rem ? M.RemConstExtra : 0);
    break;
  }
  case OpKind::Math: {
    double L = intrinsicLength(Op.Name, M.FastMath);
    if (L > 0) {
      Per = L * M.Simple;
    } else {
      Per = M.LibraryCall;
      if (Assumption)
        *Assumption = "'" + Op.Name + "' counted as " +
                      std::to_string(int64_t(std::lround(M.LibraryCall))) +
                      " instructions (an estimate for a math library "
                      "function; count from PTX for the real sequence)";
    }
    break;
  }
  case OpKind::Call:
    Per = M.Call;
    if (Assumption)
      *Assumption = "the body of '" + Op.Name +
                    "' is not analysed: its call counts as " +
                    std::to_string(int64_t(std::lround(M.Call))) +
                    " instruction";
    break;
  case OpKind::Address:
    Per = M.Address;
    break;
  case OpKind::Branch:
    Per = M.Branch;
    break;
  }
  return Per * double(Op.Count);
}

namespace {

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
    if (!Lp.TripCount)
      return unknown(Lp, "its trip count is not known");
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
        addOnce(Assumptions, "'" + Name + "' = " + std::to_string(V) +
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
      return unknown(Lp, "its trip count " + Lp.TripCount->str() +
                             " depends on '" + FailedOn +
                             "', whose value is not known");
    double T = std::max(0.0, (double(*Lo) + double(*Hi)) / 2);
    if (UsedThread || Lp.ThreadDependentTripCount)
      addOnce(Assumptions, lineOf(Lp) + " runs as often for every thread as "
                                        "for thread 0 of block 0 (" +
                               fmtNumber(T) + " times)");
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
  double Weight = 0, Sum = 0;
  bool Broadcast = true;
  for (const WarpSample &S : E.Samples) {
    CoalescingResult R = analyzeCoalescing(S.Req, F);
    Sum += S.Weight * transactions(R, F);
    Weight += S.Weight;
    C.WorstFactor = std::max(C.WorstFactor, factorOf(R, F));
    Broadcast &= allSameAddress(S.Req);
  }
  C.Transactions = Weight > 0 ? Sum / Weight : 0;
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

InstructionCounts countInstructions(const KernelFacts &K, const LaunchConfig &L,
                                    const GpuModel &Gpu,
                                    const InstructionCountOptions &O) {
  InstructionCounts R;
  TripCounter Trips(K, L, O, R.Assumptions);
  const InstructionMapping &M = O.Map;

  // Operations.
  for (const OpFacts &Op : K.Ops) {
    std::string Why;
    double N = instructionsFor(Op, M, &Why) * Trips.product(Op.Loops);
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
  // Loop back-edges: one per iteration of each loop, as often as its
  // enclosing loops run.
  for (const LoopFacts &Lp : K.Loops) {
    std::vector<unsigned> Chain{Lp.Id};
    for (std::optional<unsigned> P = Lp.Parent; P && Chain.size() < 64;) {
      Chain.insert(Chain.begin(), *P);
      const LoopFacts *PL = findLoop(K, *P);
      P = PL ? PL->Parent : std::nullopt;
    }
    double N = M.LoopBranch * Trips.product(Chain);
    R.Control += N;
    if (!Lp.Guards.empty())
      R.Guarded += N;
  }
  R.Computation = R.Arithmetic + R.AddressArith + R.Control;

  // Barriers.
  for (const BarrierFacts &B : K.Barriers) {
    double N = Trips.product(B.Loops);
    (isSync(B.Name) ? R.Sync : R.Fences) += N;
    if (!B.Guards.empty())
      R.Guarded += N;
  }

  // Memory accesses.
  R.TransactionUnit = unitOf(Gpu.Loads);
  double CoalW = 0, CoalT = 0, UncoalW = 0, UncoalT = 0;
  double SharedW = 0, SharedWays = 0;
  bool Atomics = false, LocalSeen = false;
  for (const AccessFacts &A : K.Accesses) {
    AccessCount C;
    C.Access = &A;
    C.PerThread = Trips.product(A.Loops);
    C.InstsPerExecution = A.IsRead && A.IsWrite && !A.IsAtomic ? 2 : 1;
    const double N = C.PerThread * C.InstsPerExecution;
    if (!A.Guards.empty())
      R.Guarded += N;
    switch (A.Space) {
    case MemorySpace::Shared: {
      R.Shared += N;
      if (A.ElementSize) {
        AccessEnumeration E = enumerateAccess(K, A, L, O.Enum);
        double W = 0, Ways = 0;
        for (const WarpSample &S : E.Samples) {
          Ways += S.Weight * analyzeBankConflicts(S.Req, Gpu.Banks).Ways;
          W += S.Weight;
        }
        if (W > 0) {
          SharedWays += N * Ways / W;
          SharedW += N;
        }
      }
      break;
    }
    case MemorySpace::Constant:
      R.Constant += N;
      break;
    case MemorySpace::Local:
      R.Local += N;
      LocalSeen = true;
      break;
    case MemorySpace::Global:
    case MemorySpace::Unknown: {
      if (A.IsAtomic) {
        R.GlobalAtomic += N;
        Atomics = true;
        break;
      }
      if (A.Space == MemorySpace::Unknown || !A.ElementSize) {
        C.Unanalysable = A.Space == MemorySpace::Unknown
                             ? "its memory space is not known"
                             : "its element size is not known";
      } else {
        // A read-modify-write: its load and its store, each under its
        // family; the class is the worse of the two.
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
            addOnce(R.Assumptions, S);
          if (Cl.Class == AccessClass::Unclassified) {
            C.Unanalysable = Cl.Unanalysable;
            break;
          }
          Sum += Cl.Transactions;
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
      if (!C.Unanalysable.empty()) {
        C.Class = AccessClass::Unclassified;
        C.TransactionsPerWarp = 0;
        R.GlobalUnclassified += N;
        addOnce(R.Assumptions,
                "'" + A.Text + "' (line " + std::to_string(A.Loc.Line) +
                    ") counted as uncoalesced in the Hong-Kim counts: " +
                    C.Unanalysable);
        break;
      }
      switch (C.Class) {
      case AccessClass::Coalesced:
        R.GlobalCoalesced += N;
        CoalW += N;
        CoalT += N * C.TransactionsPerWarp;
        break;
      case AccessClass::Broadcast:
        R.GlobalBroadcast += N;
        CoalW += N;
        CoalT += N * C.TransactionsPerWarp;
        break;
      case AccessClass::Uncoalesced:
        R.GlobalUncoalesced += N;
        UncoalW += N;
        UncoalT += N * C.TransactionsPerWarp;
        break;
      case AccessClass::Unclassified:
        break;
      }
      break;
    }
    }
    R.Accesses.push_back(std::move(C));
  }
  if (Atomics)
    addOnce(R.Assumptions, "atomics on global memory count as uncoalesced "
                           "memory instructions in the Hong-Kim counts");
  if (LocalSeen)
    addOnce(R.Assumptions,
            "accesses to local arrays count as computation instructions in "
            "the Hong-Kim counts (the compiler keeps small ones in "
            "registers)");
  R.CoalPerMw = CoalW > 0 ? CoalT / CoalW : 0;
  R.UncoalPerMw = UncoalW > 0 ? UncoalT / UncoalW : 0;
  R.SharedConflictDegree = SharedW > 0 ? SharedWays / SharedW : 1;

  R.Total = R.Computation + R.GlobalCoalesced + R.GlobalUncoalesced +
            R.GlobalBroadcast + R.GlobalUnclassified + R.GlobalAtomic +
            R.Shared + R.Constant + R.Local + R.Sync + R.Fences;
  return R;
}

} // namespace warplint
