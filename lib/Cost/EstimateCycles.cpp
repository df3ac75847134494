//===- EstimateCycles.cpp - The cycle estimate of one kernel launch -------===//
//
// The Hong–Kim base model, then the variant asked for or chosen (Wang–Lou,
// CGPredict, MDM), each fed from the kernel where it can be.
//
//===----------------------------------------------------------------------===//
#include "Cost/Estimate.h"
#include "Cost/CGPredict.h"
#include "Cost/EstimateInternal.h"
#include "Cost/ExtensionInputs.h"
#include "Cost/MDM.h"
#include "Cost/WangLou.h"
#include "Cost/WarplintInputs.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace warplint {

using estimate_detail::addUnique;

namespace {

/// What the extensions share, computed once when a model needs it: the L2
/// hits of CGPredict's trace (eq. 9-11), and MDM's inputs, whose LLC miss
/// rate comes from that trace.
class LazyExtensionInputs {
public:
  LazyExtensionInputs(const KernelFacts &K, const LaunchConfig &L,
                      const ArchSpec &Arch, const OccupancySummary &Occ,
                      const EstimateOptions &O, const InstructionCounts &IC,
                      bool Derived)
      : Derived(Derived), K(K), L(L), Arch(Arch), Occ(Occ), O(O), IC(IC) {}

  /// Whether the counts were derived from the kernel (not given): the
  /// trace and MDM need its accesses.
  const bool Derived;
  std::optional<CgCacheResult> L2;
  std::vector<std::string> L2Assumptions;
  std::string L2Why; ///< why there is no L2 trace, once tried
  std::optional<MdmDerivation> Mdm;

  /// CGPredict's no_smem_load_inst (eq. 19): the stores to shared memory
  /// of a value read from memory, per thread, each as many times as the
  /// loops around it run (a tiled product's kk loop stages a tile per
  /// iteration).
  double smemLoadsPerThread(std::vector<std::string> &Assumptions) const {
    InstructionCountOptions IO;
    IO.Enum = O.Analysis.Enum;
    double N = 0;
    for (const AccessFacts &A : K.Accesses)
      if (A.ValueFrom && A.Space == MemorySpace::Shared)
        N += A.Loops.empty()
                 ? 1
                 : executionsPerThread(K, A.Loops, L, IO, Assumptions);
    return N;
  }

  /// Runs CGPredict's L2 trace into L2 (or L2Why), once.
  void runL2() {
    if (L2 || !L2Why.empty())
      return;
    CgL2Choice Cache = cgL2For(Arch);
    if (!Cache.Ok) {
      L2Why = Cache.Why;
      return;
    }
    CgTraceOptions TO;
    TO.Enum = O.Analysis.Enum;
    CgTrace T = buildCgTrace(K, L, std::max(1u, Occ.BlocksPerSm),
                             cgClassesOf(K, IC), TO);
    L2 = cgPredictL2(T.Accesses, Cache.Cache);
    if (!L2->Ok) {
      L2Why = L2->Error;
      L2.reset();
      return;
    }
    L2Assumptions = Cache.Assumptions;
    addUnique(L2Assumptions, T.Assumptions);
  }

  /// Derives MDM's inputs into Mdm, once, when the counts are derived.
  void deriveMdm() {
    if (Mdm || !Derived)
      return;
    runL2();
    std::optional<double> Miss;
    if (L2) {
      uint64_t Refs = L2->Coal.References + L2->Uncoal.References +
                      L2->Const.References;
      uint64_t Misses =
          L2->Coal.Misses + L2->Uncoal.Misses + L2->Const.Misses;
      if (Refs > 0)
        Miss = double(Misses) / double(Refs);
    }
    InstructionCountOptions IO;
    IO.Enum = O.Analysis.Enum;
    Mdm = deriveMdmInput(K, L, Arch, IC, Occ.WarpsPerSm, Miss, IO);
    if (Miss) {
      Mdm->In.Assumptions.insert(
          Mdm->In.Assumptions.begin(),
          "LLC miss rate " + llvm::formatv("{0:g}", *Miss).str() +
              " from CGPredict's L2 trace (eq. 9-11)");
      for (const std::string &S : L2Assumptions)
        if (std::find(Mdm->In.Assumptions.begin(), Mdm->In.Assumptions.end(),
                      S) == Mdm->In.Assumptions.end())
          Mdm->In.Assumptions.push_back(S);
    }
  }

private:
  const KernelFacts &K;
  const LaunchConfig &L;
  const ArchSpec &Arch;
  const OccupancySummary &Occ;
  const EstimateOptions &O;
  /// The counts with their access pointers (empty when given).
  const InstructionCounts &IC;
};

HongKimLaunch hongKimLaunchOf(const LaunchConfig &L,
                              const OccupancySummary &Occ) {
  HongKimLaunch HL;
  HL.ThreadsPerBlock = double(L.threadsPerBlock());
  HL.Blocks = double(L.Grid[0] * L.Grid[1] * L.Grid[2]);
  HL.ActiveBlocksPerSM = Occ.BlocksPerSm;
  return HL;
}

std::string cyc(double V) { return llvm::formatv("{0:F0}", V).str(); }
std::string two(double V) { return llvm::formatv("{0:F2}", V).str(); }

/// The Hong–Kim bound and terms, for the base model and Wang–Lou.
void hongKimBound(const HongKimResult &H, HongKimCase Case, CycleEstimate &C) {
  C.Bound = Case == HongKimCase::NoMemory
                ? std::string(boundOf(H))
                : std::string(boundOf(H)) + " (eq. " +
                      llvm::StringRef(toString(Case)).drop_front(2).str() + ")";
  C.Breakdown = "MWP " + two(H.Mwp) + ", CWP " + two(H.Cwp) + "; memory " +
                cyc(H.MemCycles) + " and computation " + cyc(H.CompCycles) +
                " cycles per warp; synchronization " + cyc(H.SynchCost) +
                " cycles";
}

/// The base model on C.Counts: C.HongKim, with every assumption made so
/// far (\p Assumptions first), and its total as the kernel's.
void runHongKim(const ArchSpec &Arch, const EstimateOptions &O,
                const HongKimLaunch &HL, std::vector<std::string> Assumptions,
                CycleEstimate &C) {
  HongKimInput In = hongKimInputFrom(Arch, C.Counts, HL);
  In.PaperRounding = O.PaperRounding;
  C.HongKim = hongKim(In);
  addUnique(Assumptions, C.HongKim.Assumptions);
  C.HongKim.Assumptions = std::move(Assumptions);
  C.TotalCycles = C.HongKim.ExecCyclesWithSynch;
  C.TimeSeconds = C.HongKim.TimeSeconds;
  hongKimBound(C.HongKim, C.HongKim.Case, C);
}

/// Which model: the one asked for with --model, else auto picks by the
/// architecture and, for MDM, whether the kernel is memory-divergent
/// (defaultVariant).
VariantChoice chooseModel(const ArchSpec &Arch, const EstimateOptions &O,
                          LazyExtensionInputs &X) {
  if (std::optional<HongKimVariant> Asked = parseHongKimVariant(O.Model))
    return VariantChoice{*Asked, "asked for with --model"};
  if (O.Model != "paper" && (!X.Derived || O.CountsFromPtx)) {
    VariantChoice C = defaultVariant(Arch, false);
    C.Reason = std::string(O.CountsFromPtx
                               ? "counts from the PTX (--counts-from=ptx)"
                               : "counts given with --counts") +
               ", as the published models take them (warplint's model "
               "counts from the kernel's accesses); " +
               C.Reason;
    return C;
  }
  if (O.Model != "paper")
    return VariantChoice{HongKimVariant::Warplint,
                         "the default: the bound the busiest SM meets first "
                         "(docs/models/warplint.md)"};
  const bool MdmFeedable =
      X.Derived && Arch.L1Mshrs > 0 && Arch.NocBandwidthGBs > 0;
  bool Divergent = false;
  if (MdmFeedable) {
    X.deriveMdm();
    Divergent = X.Mdm && X.Mdm->MemoryDivergent;
  }
  VariantChoice Choice = defaultVariant(Arch, Divergent);
  if (MdmFeedable && X.Mdm)
    Choice.Reason += "; " + llvm::formatv("{0:g}", X.Mdm->Dpki).str() +
                     " divergent loads per kilo-instruction (MDM's "
                     "threshold: 10)";
  return Choice;
}

/// The chosen model cannot run (\p Why): the base model's total stands.
void useBaseModel(CycleEstimate &C, const std::string &Why) {
  C.ModelNote = Why + "; the base model is used";
  C.Model.Variant = HongKimVariant::Base;
}

/// First_comp_period_insts: the computation before the first global
/// access, in source order, outside loops.
double firstCompPeriodInsts(const KernelFacts &K) {
  double First = 0;
  SourceLoc FirstMem;
  bool HaveMem = false;
  for (const AccessFacts &A : K.Accesses)
    if (A.Space == MemorySpace::Global &&
        (!HaveMem || A.Loc.Line < FirstMem.Line)) {
      FirstMem = A.Loc;
      HaveMem = true;
    }
  for (const OpFacts &Op : K.Ops)
    if (Op.Loops.empty() && (!HaveMem || Op.Loc.Line <= FirstMem.Line))
      First += Op.Count;
  return First;
}

void runWangLou(const KernelFacts &K, const ArchSpec &Arch,
                const EstimateOptions &O, const HongKimLaunch &HL,
                CycleEstimate &C) {
  double First = firstCompPeriodInsts(K);
  WangLouInput W = wangLouInputFrom(Arch, C.Counts, HL, First);
  W.Base.PaperRounding = O.PaperRounding;
  // Sec. 3.2: an uncoalesced instruction's transactions are the 128-byte
  // blocks it spans (a stride-s float access: s of them, up to 32), not
  // its 32-byte sectors.
  if (C.Derived && C.Derived->UncoalLinesPerMw > 0 &&
      C.Derived->TransactionUnit == "32-byte sectors") {
    W.Base.UncoalPerMw = C.Derived->UncoalLinesPerMw;
    W.Base.Assumptions.push_back(
        "#Uncoal_per_mw = " + two(W.Base.UncoalPerMw) +
        " 128-byte blocks per uncoalesced warp instruction (Wang-Lou Sec. "
        "3.2), not its 32-byte sectors");
  }
  W.Base.Assumptions.push_back(
      "First_comp_period_insts = " + std::to_string(int64_t(First)) +
      ": the operations outside loops up to the first global access's "
      "line");
  WangLouResult R = wangLou(W);
  if (R.Ok) {
    C.TotalCycles = R.ExecCyclesWithSynch;
    C.TimeSeconds = R.TimeSeconds;
    C.Extension = toJSON(R);
    hongKimBound(R.Base, R.Case, C);
    C.ModelAssumptions = R.Assumptions;
  } else {
    useBaseModel(C, "wang-lou: " + R.Error);
  }
}

/// CGPredict's instruction counts: its classes of the derived counts, else
/// the Hong–Kim counts given.
CgPredictInput cgPredictInputFor(const KernelFacts &K, const ArchSpec &Arch,
                                 const CycleEstimate &C) {
  CgPredictInput G = cgPredictInputFrom(Arch);
  if (C.Derived) {
    const InstructionCounts &D = *C.Derived;
    // CGPredict's constant access: every lane one address (Sec. 3.3.2).
    G.NoCoalInsts = D.GlobalCoalesced;
    G.NoUncoalInsts =
        D.GlobalUncoalesced + D.GlobalUnclassified + D.GlobalAtomic;
    G.NoConstInsts = D.Constant + D.GlobalBroadcast;
    G.NoCoalStores = D.StoresCoalesced;
    G.NoUncoalStores = D.StoresUncoalesced + D.StoresUnclassified;
    G.NoConstStores = D.StoresBroadcast;
    G.NoCompInsts = D.Computation;
    G.NoSynchInsts = D.Sync;
    G.SmemCoalInsts = D.Shared;
    G.XCoal = std::max(1.0, D.SharedConflictDegree);
  } else {
    G.NoCoalInsts = C.Counts.CoalMem;
    G.NoUncoalInsts = C.Counts.UncoalMem;
    G.NoCompInsts = C.Counts.Comp;
    G.NoSynchInsts = C.Counts.Synch;
  }
  return G;
}

/// no_dram_trans_*: from the L2 trace where it holds accesses of the
/// class, else every transaction of the class misses (said in G's
/// assumptions).
void setDramTransactions(CgPredictInput &G, const CycleEstimate &C,
                         LazyExtensionInputs &X) {
  G.NoDramTransCoal = C.Counts.CoalPerMw;
  G.NoDramTransUncoal = C.Counts.UncoalPerMw;
  G.NoDramTransConst = 1;
  if (X.Derived)
    X.runL2();
  const std::optional<CgCacheResult> &L2 = X.L2;
  if (L2) {
    for (const std::string &S : X.L2Assumptions)
      G.Assumptions.push_back(S);
    if (L2->Coal.WarpInsts)
      G.NoDramTransCoal = L2->Coal.DramTransPerInst;
    if (L2->Uncoal.WarpInsts)
      G.NoDramTransUncoal = L2->Uncoal.DramTransPerInst;
    if (L2->Const.WarpInsts)
      G.NoDramTransConst = L2->Const.DramTransPerInst;
  }
  for (auto [Insts, InTrace, Name] :
       {std::tuple{G.NoCoalInsts, L2 && L2->Coal.WarpInsts, "coalesced"},
        std::tuple{G.NoUncoalInsts, L2 && L2->Uncoal.WarpInsts,
                   "uncoalesced"},
        std::tuple{G.NoConstInsts, L2 && L2->Const.WarpInsts,
                   "constant"}})
    if (Insts > 0 && !InTrace)
      G.Assumptions.push_back(
          std::string("every L2 transaction of the ") + Name +
          " accesses misses (" +
          (!X.Derived ? std::string("counts given, no trace")
           : L2       ? std::string("none of them is in the L2 trace")
                      : "no L2 trace: " + X.L2Why) +
          ")");
}

void runCGPredict(const KernelFacts &K, const ArchSpec &Arch,
                  const OccupancySummary &Occ, const HongKimLaunch &HL,
                  LazyExtensionInputs &X, CycleEstimate &C) {
  CgPredictInput G = cgPredictInputFor(K, Arch, C);
  if (C.Derived) {
    std::vector<std::string> Notes;
    G.NoSmemLoadInsts = X.smemLoadsPerThread(Notes);
    addUnique(G.Assumptions, Notes);
  }
  setDramTransactions(G, C, X);
  G.B = Occ.BlocksPerSm;
  G.N = Occ.WarpsPerSm;
  G.NoBlocks = HL.Blocks;
  // B and N are the blocks and warps that run at once (Sec. 3.5: from the
  // problem size too): a grid smaller than one round of the SM has fewer.
  const double SMs = std::max(1u, Arch.SmCount);
  const double GridPerSm = std::ceil(HL.Blocks / SMs);
  if (GridPerSm > 0 && GridPerSm < G.B) {
    const double WarpsPerBlock = G.N / G.B;
    G.B = GridPerSm;
    G.N = GridPerSm * WarpsPerBlock;
    G.Assumptions.push_back(
        "B = " + cyc(G.B) + " blocks, N = " + cyc(G.N) +
        " warps: the whole grid, fewer than the " +
        cyc(double(Occ.BlocksPerSm)) + " blocks an SM could hold");
  }
  CgPredictResult R = cgPredict(G);
  if (!R.Ok) {
    useBaseModel(C, "cgpredict: " + R.Error);
    return;
  }
  C.TotalCycles = R.TotalCycles;
  C.TimeSeconds = R.TimeSeconds;
  C.Extension = toJSON(R);
  C.Bound = R.MemoryBound ? "memory (eq. 16)" : "compute (eq. 17)";
  C.ModelAssumptions = R.Assumptions;
  C.Breakdown = "MWP " + two(R.Mwp) + ", CWP " + two(R.Cwp) + "; memory " +
                cyc(R.MemCycles) + " and computation " + cyc(R.CompCycles) +
                " cycles per warp; batches " + two(R.Batch) +
                "; synchronization " + cyc(R.SyncCost) + " cycles";
  if (X.L2)
    if (llvm::json::Object *E = C.Extension->getAsObject()) {
      (*E)["l2"] = toJSON(*X.L2);
      (*E)["no_dram_trans_coal"] = G.NoDramTransCoal;
      (*E)["no_dram_trans_uncoal"] = G.NoDramTransUncoal;
      (*E)["no_dram_trans_const"] = G.NoDramTransConst;
    }
}

void runMdm(LazyExtensionInputs &X, CycleEstimate &C) {
  if (!X.Derived) {
    useBaseModel(C, "mdm: needs the kernel's accesses for its intervals "
                    "(the counts were given)");
    return;
  }
  X.deriveMdm();
  const MdmDerivation &Mdm = *X.Mdm;
  MdmResult R = mdm(Mdm.In);
  if (!(R.Ok && R.KernelCycles > 0)) {
    useBaseModel(C, "mdm: " + (R.Ok ? std::string("the kernel takes no cycle")
                                    : R.Error));
    return;
  }
  C.TotalCycles = R.KernelCycles;
  C.TimeSeconds = R.TimeSeconds;
  C.Extension = toJSON(R);
  C.Bound = Mdm.MemoryDivergent ? "memory divergence" : "intervals";
  C.ModelAssumptions = R.Assumptions.empty() ? Mdm.In.Assumptions
                                             : R.Assumptions;
  C.Breakdown = "a representative warp takes " + cyc(R.Cycles) +
                " cycles over MDM's intervals";
  if (llvm::json::Object *E = C.Extension->getAsObject()) {
    (*E)["w"] = Mdm.In.W;
    (*E)["mshrs"] = Mdm.In.Mshrs;
    (*E)["total_warps"] = Mdm.In.TotalWarps;
    (*E)["divergent_loads_per_thread"] = Mdm.DivergentLoads;
    (*E)["dpki"] = Mdm.Dpki;
    (*E)["memory_divergent"] = Mdm.MemoryDivergent;
    (*E)["interval_labels"] = llvm::json::Array(Mdm.IntervalLabels);
  }
}

void runWarplint(const KernelFacts &K, const LaunchConfig &L,
                 const ArchSpec &Arch, const GpuModel &Gpu,
                 const OccupancySummary &Occ, const EstimateOptions &O,
                 const ChannelSkewResult *Channels, CycleEstimate &C) {
  WarplintDerivation D =
      warplintInputFrom(K, L, Arch, Gpu, Occ, O.Analysis.Enum, Channels);
  WarplintResult R = warplintModel(D.In);
  if (!R.Ok) {
    useBaseModel(C, "warplint: " + R.Error);
    return;
  }
  C.TotalCycles = R.TotalCycles;
  C.TimeSeconds = R.TimeSeconds;
  C.Extension = toJSON(R);
  C.Bound = R.Bound;
  C.ModelAssumptions = R.Assumptions;
  {
    const WarplintWarp &W = D.In.Warp;
    std::string Camp =
        W.DramBytes > W.DramBytesUncamped * 1.001
            ? " (partition camping x" + two(W.DramBytes / W.DramBytesUncamped) +
                  ")"
            : "";
    C.Breakdown =
        "per SM, " + cyc(R.WarpsPerSm) + " warps in " + cyc(R.Waves) +
        " wave" + (R.Waves == 1 ? "" : "s") + ": issue " +
        cyc(R.IssueCycles) + ", shared memory " + cyc(R.SharedCycles) +
        ", DRAM " + cyc(R.DramCycles) + Camp + ", L1 " + cyc(R.LsuCycles) +
        ", latency " + cyc(R.LatencyCycles) +
        (R.BlockLaunchCycles > 0 ? ", block launch " + cyc(R.BlockLaunchCycles)
                                 : std::string()) +
        " cycles; per warp " + cyc(W.IssueInsts) +
        " instructions, " + cyc(W.SharedWavefronts) +
        " shared wavefronts, " + cyc(W.DramBytesUncamped) + " DRAM bytes, " +
        cyc(W.GlobalLoads) + " global loads";
  }
  if (llvm::json::Object *E = C.Extension->getAsObject()) {
    const WarplintWarp &W = D.In.Warp;
    (*E)["per_warp"] = llvm::json::Object{
        {"issue_instructions", W.IssueInsts},
        {"shared_wavefronts", W.SharedWavefronts},
        {"global_loads", W.GlobalLoads},
        {"load_latency_cycles", W.LoadLatencyCycles},
        {"transactions", W.Transactions},
        {"dram_bytes", W.DramBytes},
        {"dram_bytes_uncamped", W.DramBytesUncamped},
        {"barriers", W.Barriers}};
    (*E)["machine"] = llvm::json::Object{
        {"issue_cycles", D.In.Machine.IssueCycles},
        {"shared_cycles_per_wavefront", D.In.Machine.SharedCyclesPerWavefront},
        {"dram_latency", D.In.Machine.DramLatency}};
    llvm::json::Array Acc;
    for (const WarplintAccess &A : D.Accesses)
      Acc.push_back(toJSON(A));
    (*E)["accesses"] = std::move(Acc);
  }
}

} // namespace

CycleEstimate estimateCycles(const KernelFacts &K, const LaunchConfig &L,
                             const ArchSpec &Arch, const GpuModel &Gpu,
                             const OccupancySummary &Occ,
                             const EstimateOptions &O,
                             const ChannelSkewResult *Channels) {
  CycleEstimate C;
  std::vector<std::string> Assumptions;
  // The derived counts with their access pointers, for the extensions.
  InstructionCounts IC;
  auto Given = O.GivenCounts.find(K.Name);
  if (Given != O.GivenCounts.end()) {
    C.CountsSource = "given";
    C.Counts = Given->second;
  } else {
    IC = estimate_detail::countsFromSource(K, L, Arch, Gpu, O, C, Assumptions);
    if (O.CountsFromPtx)
      estimate_detail::countsFromPtx(K, IC, O, C.Counts, C.CountsSource,
                                     Assumptions);
  }
  HongKimLaunch HL = hongKimLaunchOf(L, Occ);
  runHongKim(Arch, O, HL, std::move(Assumptions), C);

  LazyExtensionInputs X(K, L, Arch, Occ, O, IC, C.Derived.has_value());
  C.Model = chooseModel(Arch, O, X);
  switch (C.Model.Variant) {
  case HongKimVariant::Base:
    break;
  case HongKimVariant::WangLouL2:
    runWangLou(K, Arch, O, HL, C);
    break;
  case HongKimVariant::CGPredict:
    runCGPredict(K, Arch, Occ, HL, X, C);
    break;
  case HongKimVariant::MDM:
    runMdm(X, C);
    break;
  case HongKimVariant::Warplint:
    runWarplint(K, L, Arch, Gpu, Occ, O, Channels, C);
    break;
  }
  return C;
}

} // namespace warplint
