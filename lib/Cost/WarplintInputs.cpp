//===- WarplintInputs.cpp - warplint's model fed from a kernel ------------===//
#include "Cost/WarplintInputs.h"
#include "Cost/CompiledShape.h"
#include "Cost/ExtensionInputs.h"
#include "Cost/HongKim.h"
#include "Cost/InstructionCounts.h"
#include "Warp/Divergence.h"
#include "Warp/MemoryModels.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace warplint {

namespace {

void addOnce(std::vector<std::string> &V, const std::string &S) {
  if (std::find(V.begin(), V.end(), S) == V.end())
    V.push_back(S);
}

std::string num(double V) { return llvm::formatv("{0:g}", V).str(); }

/// Machine instructions per integer division or remainder by a variable:
/// the compiler's software sequence (nvcc 13.0 for sm_75, sm_80, sm_90 adds
/// 16 SASS instructions for an unsigned %, 24 for a signed /;
/// docs/models/warplint.md). PTX counts it as one.
constexpr double IntDivSequence = 20;

/// SM cycles per shared-memory wavefront: 32 bits per bank per two cycles
/// on 1.x and 2.x, 64 bits per cycle on 3.x, 32 bits per cycle from 5.0
/// on (CUDA C Programming Guide, Compute Capabilities, Shared Memory).
double sharedCyclesPerWavefront(const ArchSpec &A) {
  return A.Major <= 2 ? 2.0 : 1.0;
}

/// Executions per thread and the share of warps that issue, cached per
/// scope.
class ScopeCounter {
public:
  ScopeCounter(const KernelFacts &K, const LaunchConfig &L,
               const EnumerationOptions &Enum, std::vector<std::string> &As)
      : K(K), L(L), As(As) {
    Counts.Enum = Enum;
    Div.Enum = Enum;
  }

  /// Executions per warp: the product of the loops' trip counts, a loop
  /// whose trip count depends on the thread at the longest of the warp's
  /// lanes (the others wait, masked).
  double executions(const std::vector<unsigned> &Loops) {
    auto It = Trips.find(Loops);
    if (It != Trips.end())
      return It->second;
    std::vector<std::string> Scratch;
    double N = 1;
    bool Replaced = false;
    for (size_t I = 0; I < Loops.size(); ++I) {
      std::vector<unsigned> Outer(Loops.begin(), Loops.begin() + I);
      std::vector<unsigned> Upto(Loops.begin(), Loops.begin() + I + 1);
      const double Before = executionsPerThread(K, Outer, L, Counts, Scratch);
      double Factor =
          Before > 0 ? executionsPerThread(K, Upto, L, Counts, Scratch) / Before
                     : 0;
      const LoopFacts *Lp = nullptr;
      for (const LoopFacts &X : K.Loops)
        if (X.Id == Loops[I])
          Lp = &X;
      if (Lp && Lp->ThreadDependentTripCount) {
        if (std::optional<double> Longest = longest(*Lp, Outer)) {
          Factor = *Longest;
          Replaced = true;
        }
      }
      N *= Factor;
    }
    // Thread 0's trip count, which the per-thread counts assume, is
    // replaced by the warps' longest where that was evaluated.
    for (const std::string &S : Scratch)
      if (!Replaced || S.find("as for thread 0 of block 0") == std::string::npos)
        addOnce(As, S);
    Trips[Loops] = N;
    return N;
  }

  /// The mean over warps of the longest lane's trips of \p Lp, once.
  std::optional<double> longest(const LoopFacts &Lp,
                                const std::vector<unsigned> &Outer) {
    auto [C, New] = Longest.try_emplace(Lp.Id, std::nullopt);
    if (!New)
      return C->second;
    std::string Why;
    double LaneMean = 0;
    C->second = warpLongestTrips(K, L, Lp, Outer, Div, Budget, LaneMean, Why);
    const std::string Where = "the loop at line " + std::to_string(Lp.Loc.Line);
    if (C->second)
      addOnce(As, Where + " runs, per warp, as long as its longest lane: " +
                      num(*C->second) + " iterations on average over the "
                      "warps (a lane's mean: " + num(LaneMean) + ")");
    else
      addOnce(As, Where + " runs thread 0's trip count per warp: its lanes' "
                      "trips could not be evaluated (" + Why + ")");
    return C->second;
  }

  /// The share of warp executions that issue code in this scope.
  double share(const std::vector<unsigned> &Loops,
               const std::vector<GuardRef> &Guards, unsigned Line) {
    bool Dependent = !Guards.empty();
    for (unsigned Id : Loops)
      for (const LoopFacts &Lp : K.Loops)
        if (Lp.Id == Id && Lp.ThreadDependentTripCount)
          Dependent = true;
    if (!Dependent)
      return 1.0;
    std::vector<std::pair<unsigned, bool>> GKey;
    for (const GuardRef &G : Guards)
      GKey.push_back({G.Branch, G.Taken});
    auto Key = std::make_pair(Loops, GKey);
    auto It = Shares.find(Key);
    if (It != Shares.end())
      return It->second;
    std::string Why;
    std::optional<double> S =
        warpExecutionShare(K, L, Loops, Guards, Div, Budget, Why);
    if (!S)
      addOnce(As, "the code under the branches around line " +
                      std::to_string(Line) +
                      " counted as issued by every warp: " + Why);
    double V = S.value_or(1.0);
    Shares[Key] = V;
    return V;
  }

private:
  const KernelFacts &K;
  const LaunchConfig &L;
  std::vector<std::string> &As;
  InstructionCountOptions Counts;
  DivergenceOptions Div;
  uint64_t Budget = 20000000;
  std::map<std::vector<unsigned>, double> Trips;
  std::map<unsigned, std::optional<double>> Longest;
  std::map<std::pair<std::vector<unsigned>,
                     std::vector<std::pair<unsigned, bool>>>,
           double>
      Shares;
};

} // namespace

/// The loads that take the read-only path (the base is a `const
/// __restrict__` pointer parameter that the kernel never writes through),
/// on a GPU whose plain global loads bypass L1 and that has a cache for
/// that path: the share of each one's lines that hit in it, from the same
/// one-SM trace as the L2's (CGPredict eq. 9-11) over those loads alone.
/// They still reach DRAM as before (what the read-only cache catches, the
/// L2 would have too); what changes is the latency of their hits.
static std::map<const AccessFacts *, double>
readOnlyHitRates(const KernelFacts &K, const LaunchConfig &L, const ArchSpec &Arch,
                 const GpuModel &Gpu, unsigned BlocksPerSm,
                 const EnumerationOptions &Enum, std::vector<std::string> &As) {
  std::map<const AccessFacts *, double> R;
  if (!Arch.ReadOnlyCacheBytes || !(Arch.LatL1HitCycles > 0))
    return R;
  std::set<std::string> Written, ReadOnly;
  for (const AccessFacts &A : K.Accesses)
    if (A.IsWrite || A.IsAtomic)
      Written.insert(A.Base);
  for (const ParamFacts &P : K.Params)
    if (P.IsPointer && P.PointeeConst && P.Restrict && !Written.count(P.Name))
      ReadOnly.insert(P.Name);
  KernelFacts RoK = K;
  RoK.Accesses.clear();
  std::vector<const AccessFacts *> Orig;
  for (const AccessFacts &A : K.Accesses)
    if (A.Space == MemorySpace::Global && A.IsRead && !A.IsWrite &&
        ReadOnly.count(A.Base)) {
      RoK.Accesses.push_back(A);
      RoK.Accesses.back().ValueFrom.reset();
      Orig.push_back(&A);
    }
  if (Orig.empty())
    return R;
  CgCacheConfig C;
  C.LineBytes = 32;
  C.Associativity = DefaultL1Associativity;
  C.SizeBytes = Arch.ReadOnlyCacheBytes / (C.LineBytes * C.Associativity) *
                (C.LineBytes * C.Associativity);
  std::vector<std::string> TraceAs;
  std::string Why;
  for (const auto &[Index, H] :
       traceHitRates(RoK, L, Gpu, BlocksPerSm, Enum, C, TraceAs, Why))
    R[Orig[Index]] = H;
  if (!Why.empty()) {
    addOnce(As, "no read-only cache hit is modelled: " + Why);
    return {};
  }
  addOnce(As, "loads of const __restrict__ pointers take the read-only path: "
              "a " + std::to_string(Arch.ReadOnlyCacheBytes / 1024) +
              " KiB cache per SM (32-byte lines, " +
              std::to_string(DefaultL1Associativity) +
              "-way), its hits at the L1 latency (" +
              num(Arch.LatL1HitCycles) + " cycles); they reach DRAM as before");
  return R;
}

/// FP64 add, multiply or FMA results per clock per SM by compute
/// capability: the CUDA C++ Programming Guide's table of arithmetic
/// instruction throughput ("64-bit floating-point add, multiply,
/// multiply-add"; values recalled, not re-read: docs/models/warplint.md).
/// 0 with \p Why when not known.
static double fp64ResultsPerClock(const ArchSpec &A, std::string &Why) {
  const int CC = A.Major * 10 + A.Minor;
  double R = 0;
  switch (CC) {
  case 13: R = 1; break;
  case 20: R = 16; break;
  case 21: R = 4; break;
  case 30: case 32: R = 8; break;
  case 35: case 37: R = 64; break;
  case 50: case 52: case 53: R = 4; break;
  case 60: R = 32; break;
  case 61: case 62: R = 4; break;
  case 70: R = 32; break;
  case 75: R = 2; break;
  case 80: R = 32; break;
  case 86: case 87: case 89: R = 2; break;
  case 90: R = 64; break;
  default: break;
  }
  if (R > 0)
    Why = "compute capability " + std::to_string(A.Major) + "." +
          std::to_string(A.Minor) + ", CUDA C++ Programming Guide throughput "
          "table";
  else
    Why = "no FP64 rate is known for compute capability " +
          std::to_string(A.Major) + "." + std::to_string(A.Minor);
  return R;
}

WarplintDerivation warplintInputFrom(const KernelFacts &K,
                                     const LaunchConfig &L,
                                     const ArchSpec &Arch, const GpuModel &Gpu,
                                     const OccupancySummary &Occ,
                                     const EnumerationOptions &Enum,
                                     const ChannelSkewResult *Channels) {
  WarplintDerivation D;
  WarplintInput &In = D.In;
  std::vector<std::string> &As = In.Assumptions;
  const std::string G = Arch.Id.empty() ? Arch.Name : Arch.Id;

  // The machine.
  WarplintMachine &M = In.Machine;
  M.Sms = Arch.SmCount;
  M.ClockGHz = Arch.CoreClockMHz / 1000.0;
  M.DramGBs = Arch.DramBandwidthGBs;
  std::string IssueWhy;
  M.IssueCycles = issueCyclesFor(Arch, IssueWhy);
  if (!IssueWhy.empty())
    addOnce(As, "issue: " + num(M.IssueCycles) + " SM cycles per warp "
                "instruction (" + IssueWhy + ")");
  M.SharedCyclesPerWavefront = sharedCyclesPerWavefront(Arch);
  M.DramLatency = Arch.LatDramCycles > 0 ? Arch.LatDramCycles : Arch.HkMemLd;
  M.L2Latency = Arch.LatL2HitCycles;
  M.BlockLaunchCycles = Arch.BlockLaunchCycles;
  if (!(M.BlockLaunchCycles > 0))
    addOnce(As, "no block launch rate is known for " + G + ": blocks are "
                "taken to start at no cost");
  if (!(M.DramLatency > 0))
    addOnce(As, "the DRAM latency of " + G + " is not known: the latency "
                "bound is left out");

  // The launch.
  WarplintLaunch &WL = In.Launch;
  WL.Blocks = double(L.Grid[0]) * double(L.Grid[1]) * double(L.Grid[2]);
  WL.WarpsPerBlock = std::ceil(double(L.threadsPerBlock()) / 32.0);
  WL.ActiveBlocksPerSm = Occ.BlocksPerSm;
  if (Arch.SmCount > 1 && WL.Blocks < Arch.SmCount)
    addOnce(As, "the grid's " + std::to_string(int64_t(WL.Blocks)) +
                    (WL.Blocks == 1 ? " block keeps 1" : " blocks keep " +
                         std::to_string(int64_t(WL.Blocks))) +
                    " of the " + std::to_string(Arch.SmCount) +
                    " SMs busy; the others idle");

  // The warp.
  WarplintWarp &W = In.Warp;
  ScopeCounter SC(K, L, Enum, As);
  InstructionMapping Map;
  Map.IntDiv = IntDivSequence;
  CompiledShape Shape(K);
  for (const OpFacts &Op : K.Ops) {
    if (Op.Kind == OpKind::Div || Op.Kind == OpKind::Rem)
      if (Op.Type != OpType::Float && Op.Type != OpType::Double &&
          Op.Divisor == 0)
        addOnce(As, "an integer division or remainder by a variable "
                    "(line " + std::to_string(Op.Loc.Line) + ") costs " +
                    num(IntDivSequence) + " instructions, the compiler's "
                    "software sequence");
    std::string Why;
    double N = Shape.opInstructions(Op, Map, &Why);
    if (!Why.empty())
      addOnce(As, Why);
    const double Warp = N * SC.executions(Op.Loops) *
                        SC.share(Op.Loops, Op.Guards, Op.Loc.Line);
    W.IssueInsts += Warp;
    if (Op.Type == OpType::Double &&
        (Op.Kind == OpKind::Add || Op.Kind == OpKind::Mul ||
         Op.Kind == OpKind::Fma || Op.Kind == OpKind::Div ||
         Op.Kind == OpKind::Math || Op.Kind == OpKind::Compare))
      W.Fp64Insts += Warp;
  }
  if (W.Fp64Insts > 0) {
    std::string Why;
    if (double PerClock = fp64ResultsPerClock(Arch, Why); PerClock > 0) {
      M.Fp64CyclesPerWarpInst = double(Arch.WarpSize ? Arch.WarpSize : 32) /
                                PerClock;
      addOnce(As, "double-precision arithmetic: " + num(PerClock) +
                      " results per clock per SM (" + Why + "), " +
                      num(M.Fp64CyclesPerWarpInst) +
                      " SM cycles per warp instruction");
    } else {
      addOnce(As, "double-precision arithmetic is counted as single: " + Why);
    }
  }
  for (const std::string &N : Shape.notes())
    addOnce(As, N);
  for (const LoopFacts &Lp : K.Loops) {
    std::vector<unsigned> Chain{Lp.Id};
    for (std::optional<unsigned> P = Lp.Parent; P && Chain.size() < 64;) {
      Chain.insert(Chain.begin(), *P);
      std::optional<unsigned> Next;
      for (const LoopFacts &Q : K.Loops)
        if (Q.Id == *P)
          Next = Q.Parent;
      P = Next;
    }
    if (Shape.unrolled(Lp.Id))
      continue;
    W.IssueInsts += Shape.loopBranch(Lp.Id, Map) * SC.executions(Chain) *
                    SC.share(Chain, Lp.Guards, Lp.Loc.Line);
  }
  for (const BarrierFacts &B : K.Barriers) {
    double N = SC.executions(B.Loops) * SC.share(B.Loops, B.Guards, B.Loc.Line);
    W.IssueInsts += N;
    // A block barrier (the block's warps wait for each other): every
    // synchronization but __syncwarp and the fences.
    if (B.Name.rfind("__threadfence", 0) != 0 && B.Name != "__syncwarp")
      W.Barriers += N;
  }

  // The camping slowdown of each global reference: its channel skew
  // (CuMAPz eq. 5, over the blocks that run together), by which the
  // busiest partition serves its requests more slowly than the others.
  std::map<const AccessFacts *, double> Camping;
  if (Channels && Channels->Analysed)
    for (const ReferenceSkew &R : Channels->Refs)
      if (R.Access)
        Camping[R.Access] = R.Imbalance;

  // Loads that hit: CGPredict's cache model (eq. 9-11) on a trace of the
  // blocks one SM runs together, against that SM's share of the L2: the
  // reuse between the warps and blocks of an SM (a stencil's neighbours, a
  // tile re-read). Stores all reach DRAM.
  std::map<const AccessFacts *, double> Hit;
  if (Arch.Major >= 2 && Arch.L2Bytes > 0) {
    CgL2Choice Cache = cgL2For(Arch);
    std::string Why = Cache.Why;
    // A sectored L2 (3.0 on) fills 32-byte sectors from DRAM, not whole
    // lines: a hit is a sector that is there, so the trace tracks sectors.
    if (Cache.Ok && Arch.Major >= 3 && Arch.L2SectorBytes > 0 &&
        Arch.L2SectorBytes < Cache.Cache.LineBytes &&
        !(Arch.L2SectorBytes & (Arch.L2SectorBytes - 1))) {
      if (Cache.Cache.HashedSets) {
        Cache.Cache.SectorBytes = Arch.L2SectorBytes;
        Cache.Assumptions.push_back(
            "the L2 trace tracks " + std::to_string(Arch.L2SectorBytes) +
            "-byte sectors, which the L2 fills from DRAM one by one, in the " +
            std::to_string(Cache.Cache.LineBytes) +
            "-byte lines it holds and evicts");
      } else {
        Cache.Cache.LineBytes = Arch.L2SectorBytes;
        Cache.Assumptions.push_back(
            "the L2 trace tracks " + std::to_string(Arch.L2SectorBytes) +
            "-byte sectors, which the L2 fills from DRAM one by one");
      }
    }
    if (Cache.Ok) {
      std::vector<std::string> TraceAs;
      for (const auto &[Index, H] :
           traceHitRates(K, L, Gpu, Occ.BlocksPerSm, Enum, Cache.Cache,
                         TraceAs, Why))
        Hit[&K.Accesses[Index]] = H;
      if (Why.empty()) {
        for (const std::string &S : Cache.Assumptions)
          addOnce(As, S);
        for (const std::string &S : TraceAs)
          addOnce(As, S);
        addOnce(As, "loads hit in the L2 as CGPredict's cache model (eq. "
                    "9-11) finds on a trace of the blocks one SM runs "
                    "together; stores all reach DRAM; L1 hits are not "
                    "modelled apart");
      }
    }
    if (!Why.empty())
      addOnce(As, "no L2 hit is modelled: " + Why);
  }
  const std::map<const AccessFacts *, double> ReadOnlyHit =
      readOnlyHitRates(K, L, Arch, Gpu, Occ.BlocksPerSm, Enum, As);

  for (const AccessFacts &A : K.Accesses) {
    const double Insts =
        SC.executions(A.Loops) *
        (A.IsRead && A.IsWrite && !A.IsAtomic ? 2 : 1) *
        SC.share(A.Loops, A.Guards, A.Loc.Line);
    W.IssueInsts += Insts;
    WarplintAccess WA;
    WA.Text = A.Text;
    WA.Line = A.Loc.Line;
    WA.WarpInsts = Insts;
    if (A.Space == MemorySpace::Shared) {
      WA.Space = "shared";
      double Waves = Gpu.Banks.HalfWarp ? 2 : 1, Wt = 0;
      if (A.ElementSize) {
        AccessEnumeration E = enumerateAccess(K, A, L, Enum);
        double Sum = 0;
        for (const WarpSample &S : E.Samples) {
          Sum += S.Weight * analyzeBankConflicts(S.Req, Gpu.Banks).Wavefronts;
          Wt += S.Weight;
        }
        if (Wt > 0)
          Waves = Sum / Wt;
      }
      WA.WavefrontsPerRequest = Waves;
      W.SharedWavefronts += Insts * Waves;
      D.Accesses.push_back(WA);
      continue;
    }
    if (A.Space != MemorySpace::Global && A.Space != MemorySpace::Unknown)
      continue;
    WA.Space = "global";
    const double Loads = A.IsRead || A.IsAtomic
                             ? SC.executions(A.Loops) *
                                   SC.share(A.Loops, A.Guards, A.Loc.Line)
                             : 0;
    W.GlobalLoads += Loads;
    // Bytes per request: the mean over the enumerated warp requests of the
    // bytes their sectors (1.x: segments) move, load and store each.
    double Bytes = 0, Transactions = 32;
    bool Known = A.ElementSize && !A.IsAtomic;
    if (Known) {
      AccessEnumeration E = enumerateAccess(K, A, L, Enum);
      for (const std::string &S : E.Assumptions)
        addOnce(As, S);
      if (!E.Unanalysable.empty() || E.Samples.empty())
        Known = false;
      if (Known) {
        double Wt = 0, Sum = 0, Tr = 0;
        for (const WarpSample &S : E.Samples) {
          double B = 0;
          for (bool Load : {true, false}) {
            if (Load ? !A.IsRead : !A.IsWrite)
              continue;
            CoalescingResult CR =
                analyzeCoalescing(S.Req, Load ? Gpu.Loads : Gpu.Stores);
            B += CR.BytesFetched;
            Tr += S.Weight * CR.Transactions;
          }
          Sum += S.Weight * B;
          Wt += S.Weight;
        }
        Bytes = Wt > 0 ? Sum / Wt : 0;
        Transactions = Wt > 0 ? Tr / Wt : 0;
        if (A.IsRead && A.IsWrite)
          Transactions /= 2;
        // Per instruction: a read-modify-write is two.
        if (A.IsRead && A.IsWrite)
          Bytes /= 2;
        WA.BytesPerRequest = Bytes;
        // A thread's local array stays in the L1 and L2 (Cost/LocalMemory.h).
        if (A.LocalMemory) {
          Bytes = 0;
          addOnce(As, "local arrays in local memory are taken to stay in "
                      "the L1 and L2: their requests count as L1 "
                      "transactions at the L1 hit latency, with no DRAM "
                      "traffic");
        }
        // The loads that hit do not reach DRAM.
        if (A.IsRead && !A.IsWrite && !A.LocalMemory)
          if (auto H = Hit.find(&A); H != Hit.end()) {
            WA.L2HitRate = H->second;
            Bytes *= 1.0 - H->second;
          }
      }
    }
    if (!Known) {
      Bytes = 32.0 * 32.0; // one 32-byte sector per lane
      addOnce(As, "'" + A.Text + "' (line " + std::to_string(A.Loc.Line) +
                      ") moves one 32-byte sector per lane (" +
                      (A.IsAtomic ? std::string("an atomic")
                                  : std::string("its requests could not be "
                                                "enumerated")) +
                      ")");
    }
    if (!Known)
      WA.BytesPerRequest = Bytes;
    WA.TransactionsPerRequest = Transactions;
    W.Transactions += Insts * Transactions;
    // The chain waits for each load: at the L2 hit latency for the share
    // that hits, the DRAM latency for the rest.
    double Hits = WA.L2HitRate > 0 && M.L2Latency > 0 ? WA.L2HitRate : 0;
    double Beyond = Hits * M.L2Latency + (1 - Hits) * M.DramLatency;
    if (A.LocalMemory && Arch.LatL1HitCycles > 0)
      Beyond = Arch.LatL1HitCycles;
    // Through the read-only path: its hits at the L1 latency.
    if (auto R = ReadOnlyHit.find(&A); R != ReadOnlyHit.end()) {
      WA.ReadOnlyHitRate = R->second;
      Beyond = R->second * Arch.LatL1HitCycles + (1 - R->second) * Beyond;
    }
    W.LoadLatencyCycles += Loads * Beyond;
    auto C = Camping.find(&A);
    WA.Camping = C == Camping.end() ? 1.0 : C->second;
    W.DramBytes += Insts * Bytes * WA.Camping;
    W.DramBytesUncamped += Insts * Bytes;
    D.Accesses.push_back(WA);
  }
  return D;
}

llvm::json::Value toJSON(const WarplintAccess &A) {
  llvm::json::Object O{{"reference", A.Text},
                       {"line", int64_t(A.Line)},
                       {"space", A.Space},
                       {"warp_instructions", A.WarpInsts}};
  if (A.Space == "shared")
    O["wavefronts_per_request"] = A.WavefrontsPerRequest;
  else {
    O["bytes_per_request"] = A.BytesPerRequest;
    O["camping"] = A.Camping;
    O["transactions_per_request"] = A.TransactionsPerRequest;
    if (A.L2HitRate >= 0)
      O["l2_hit_rate"] = A.L2HitRate;
    if (A.ReadOnlyHitRate >= 0)
      O["readonly_hit_rate"] = A.ReadOnlyHitRate;
  }
  return O;
}

} // namespace warplint
