//===- Estimate.cpp - Per-kernel estimates for one GPU --------------------===//
#include "Cost/Estimate.h"
#include "Cost/CGPredict.h"
#include "Cost/ExtensionInputs.h"
#include "Cost/MDM.h"
#include "Cost/WangLou.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <set>
#include <cstdio>

namespace warplint {

OccupancySummary kernelOccupancy(const KernelFacts &K, const LaunchConfig &L,
                                 const ArchSpec &Arch, const EstimateOptions &O) {
  OccupancySummary S;
  const PtxasFunctionUsage *P = findPtxasUsage(O.Ptxas, K.Name, Arch.sm());

  // Registers per thread.
  RegisterInputs RI;
  RI.Option = O.RegistersPerThread;
  if (P && P->Registers)
    RI.Ptxas = P->Registers;
  RI.MaxRegCount = O.MaxRegCount;
  RI.Bounds = K.Bounds;
  RegisterChoice RC = chooseRegistersPerThread(Arch, RI);
  S.RegistersPerThread = RC.Registers;
  S.RegistersSource = toString(RC.Source);
  S.RegistersOrigin = RC.Origin;
  S.Assumptions = RC.Assumptions;

  // Shared memory per block.
  StaticSharedMemory SM = staticSharedMemory(K);
  if (P) {
    S.StaticSharedBytes = P->SharedBytes;
  } else {
    S.StaticSharedBytes = SM.Bytes;
    for (const std::string &B : SM.Unknown)
      S.Assumptions.push_back("the __shared__ buffer '" + B +
                              "' takes no shared memory (its size is not known)");
  }
  S.DynamicSharedBytes = uint64_t(std::max<int64_t>(0, L.SharedBytes));
  if (SM.HasDynamic && S.DynamicSharedBytes == 0)
    S.Assumptions.push_back("no dynamic shared memory (the kernel declares "
                            "extern __shared__ memory, but its size at the "
                            "launch is not a known constant)");
  S.SharedBytesPerBlock = S.StaticSharedBytes + S.DynamicSharedBytes;

  OccupancyInput In;
  In.ThreadsPerBlock = uint64_t(std::max<int64_t>(0, L.threadsPerBlock()));
  In.RegistersPerThread = S.RegistersPerThread;
  In.SharedBytesPerBlock = S.SharedBytesPerBlock;
  In.CarveoutPercent = O.CarveoutPercent;
  S.Detail = computeOccupancy(Arch, In);
  for (const std::string &A : S.Detail.Assumptions)
    S.Assumptions.push_back(A);
  S.BlocksPerSm = S.Detail.BlocksPerSm;
  S.WarpsPerSm = S.Detail.WarpsPerSm;
  S.Occupancy = S.Detail.Occupancy;
  S.Limiter = S.Detail.limiterName();
  std::string CC = std::to_string(Arch.Major) + "." + std::to_string(Arch.Minor);
  if (S.Detail.Valid)
    S.Origin = "occupancy calculator, compute capability " + CC + ", " +
               std::to_string(S.RegistersPerThread) + " registers and " +
               std::to_string(S.SharedBytesPerBlock) +
               " bytes of shared memory per thread block; limited by " +
               S.Limiter;
  else
    S.Origin = "the launch cannot run: " + S.Detail.Error;
  return S;
}

static void addUnique(std::vector<std::string> &To,
                      const std::vector<std::string> &From) {
  for (const std::string &S : From)
    if (std::find(To.begin(), To.end(), S) == To.end())
      To.push_back(S);
}

bool parseGivenCounts(llvm::StringRef Spec,
                      std::map<std::string, HongKimKernelCounts> &To,
                      std::string &Error) {
  auto [Kernel, Rest] = Spec.split(':');
  Kernel = Kernel.trim();
  if (Kernel.empty() || Rest.trim().empty()) {
    Error = "expected 'kernel: comp=N coal=N uncoal=N sync=N'";
    return false;
  }
  HongKimKernelCounts C;
  llvm::SmallVector<llvm::StringRef, 8> Items;
  Rest.split(Items, ' ', -1, /*KeepEmpty=*/false);
  std::set<std::string> Got;
  for (llvm::StringRef Item : Items) {
    auto [Key, Val] = Item.trim(",").split('=');
    double V;
    if (Val.getAsDouble(V) || V < 0) {
      Error = "'" + Item.str() + "' is not key=number (a number >= 0)";
      return false;
    }
    double *Field = Key == "comp"            ? &C.Comp
                    : Key == "coal"          ? &C.CoalMem
                    : Key == "uncoal"        ? &C.UncoalMem
                    : Key == "sync"          ? &C.Synch
                    : Key == "uncoal_per_mw" ? &C.UncoalPerMw
                    : Key == "coal_per_mw"   ? &C.CoalPerMw
                    : Key == "load_bytes"    ? &C.LoadBytesPerWarp
                                             : nullptr;
    if (!Field) {
      Error = "unknown key '" + Key.str() +
              "' (comp, coal, uncoal, sync, uncoal_per_mw, coal_per_mw, "
              "load_bytes)";
      return false;
    }
    *Field = V;
    Got.insert(Key.str());
  }
  for (const char *Need : {"comp", "coal", "uncoal", "sync"})
    if (!Got.count(Need)) {
      Error = std::string("'") + Need + "=' is missing";
      return false;
    }
  To[Kernel.str()] = C;
  return true;
}

/// Replaces the derived counts in \p Counts by those of K's PTX entry
/// (Hong–Kim's way, Sec. 3.6: every instruction but global memory ones is
/// a computation instruction, barriers included; #Synch_insts the
/// barriers). PTX does not say which global instruction is coalesced: the
/// source analysis's share is applied. Loops left in the PTX are weighted
/// by the source's trip counts only when they pair up one to one.
static void countsFromPtx(const KernelFacts &K, const InstructionCounts &IC,
                          const EstimateOptions &O, HongKimKernelCounts &Counts,
                          std::string &Source,
                          std::vector<std::string> &Assumptions) {
  std::string Plain = K.Name.substr(0, K.Name.find('<'));
  const PtxKernel *P = nullptr;
  for (const PtxKernel &PK : O.Ptx)
    if (ptxasFunctionName(PK.Name) == Plain || PK.Name == Plain) {
      P = &PK;
      break;
    }
  if (!P) {
    Assumptions.push_back("no PTX entry for '" + K.Name +
                          "': its instructions are counted from the source");
    return;
  }
  std::vector<double> Trips;
  if (!P->Loops.empty()) {
    std::vector<const LoopFacts *> Src;
    for (const LoopFacts &L : K.Loops)
      Src.push_back(&L);
    std::sort(Src.begin(), Src.end(),
              [](const LoopFacts *A, const LoopFacts *B) {
                return A->Loc.Line != B->Loc.Line ? A->Loc.Line < B->Loc.Line
                                                  : A->Loc.Column < B->Loc.Column;
              });
    bool Pairs = Src.size() == P->Loops.size();
    for (const LoopFacts *L : Src) {
      std::optional<int64_t> N;
      if (L->TripCount)
        N = L->TripCount->asConst();
      if (!N || !Pairs) {
        Pairs = false;
        break;
      }
      Trips.push_back(double(*N));
    }
    if (!Pairs) {
      Trips.clear();
      Assumptions.push_back(
          "the " + std::to_string(P->Loops.size()) +
          " loop(s) left in the PTX of '" + K.Name +
          "' do not pair up with the source's constant-count loops: each "
          "counted once");
    } else {
      Assumptions.push_back("the PTX loops of '" + K.Name +
                            "' take the trip counts of the source loops, in "
                            "source order");
    }
  }
  PtxClassCounts W = weightedPtxCounts(*P, Trips);
  double Global = W.GlobalLoads + W.GlobalStores + W.GlobalAtomics;
  double SrcCoal = IC.hkCoalMemInsts(), SrcAll = IC.hkMemInsts();
  double CoalShare = SrcAll > 0 ? SrcCoal / SrcAll : 1;
  Counts.CoalMem = Global * CoalShare;
  Counts.UncoalMem = Global - Counts.CoalMem;
  Counts.Comp = W.Total - Global;
  if (W.Shared > 0 && IC.SharedConflictDegree > 1)
    Counts.Comp += W.Shared * (IC.SharedConflictDegree - 1);
  Counts.Synch = W.Sync;
  Source = "ptx";
  Assumptions.push_back(
      "counts of '" + K.Name + "' from its PTX (" +
      std::to_string(int64_t(W.Total)) +
      " instructions); the share of coalesced global instructions (" +
      std::to_string(int(CoalShare * 100 + 0.5)) +
      "%) comes from the source analysis");
  if (W.Generic > 0)
    Assumptions.push_back(std::to_string(int64_t(W.Generic)) +
                          " generic-address PTX memory instruction(s) of '" +
                          K.Name + "' counted as computation");
}

CycleEstimate estimateCycles(const KernelFacts &K, const LaunchConfig &L,
                             const ArchSpec &Arch, const GpuModel &Gpu,
                             const OccupancySummary &Occ,
                             const EstimateOptions &O) {
  CycleEstimate C;
  std::vector<std::string> Assumptions;
  auto Given = O.GivenCounts.find(K.Name);
  InstructionCounts IC;
  if (Given != O.GivenCounts.end()) {
    C.CountsSource = "given";
    C.Counts = Given->second;
  } else {
    InstructionCountOptions IO;
    IO.Enum = O.Analysis.Enum;
    IC = countInstructions(K, L, Gpu, IO);
    C.CountsSource = "derived";
    C.Counts.Comp = IC.hkCompInsts();
    // A K-way bank conflict issues a shared-memory instruction K times
    // (CGPredict eq. 20 charges X-way accesses X times; Hong-Kim count
    // shared accesses as computation instructions, Sec. 3.6).
    if (IC.Shared > 0 && IC.SharedConflictDegree > 1) {
      double Extra = IC.Shared * (IC.SharedConflictDegree - 1);
      C.Counts.Comp += Extra;
      char Buf[200];
      std::snprintf(Buf, sizeof Buf,
                    "bank conflicts replay shared-memory instructions: %.4g "
                    "shared accesses per thread at a mean %.3g-way conflict "
                    "count as %.4g computation instructions",
                    IC.Shared, IC.SharedConflictDegree,
                    IC.Shared * IC.SharedConflictDegree);
      Assumptions.push_back(Buf);
    }
    C.Counts.CoalMem = IC.hkCoalMemInsts();
    C.Counts.UncoalMem = IC.hkUncoalMemInsts();
    C.Counts.Synch = IC.hkSynchInsts();
    if (IC.UncoalPerMw > 0)
      C.Counts.UncoalPerMw = IC.UncoalPerMw;
    if (IC.CoalPerMw > 0)
      C.Counts.CoalPerMw = IC.CoalPerMw;
    // Load_bytes_per_warp (Table 1 row 21): the data size of the kernel's
    // global accesses times the warp size, averaged over the accesses.
    double Bytes = 0, N = 0;
    for (const AccessCount &A : IC.Accesses)
      if (A.Access && A.Access->Space == MemorySpace::Global &&
          A.Access->ElementSize) {
        Bytes += A.Access->ElementSize * A.PerThread;
        N += A.PerThread;
      }
    if (N > 0)
      C.Counts.LoadBytesPerWarp = Bytes / N * Arch.WarpSize;
    addUnique(Assumptions, IC.Assumptions);
    C.Derived = IC;
    for (AccessCount &A : C.Derived->Accesses)
      A.Access = nullptr;
  }
  if (O.CountsFromPtx && Given == O.GivenCounts.end())
    countsFromPtx(K, IC, O, C.Counts, C.CountsSource, Assumptions);
  HongKimLaunch HL;
  HL.ThreadsPerBlock = double(L.threadsPerBlock());
  HL.Blocks = double(L.Grid[0] * L.Grid[1] * L.Grid[2]);
  HL.ActiveBlocksPerSM = Occ.BlocksPerSm;
  HongKimInput In = hongKimInputFrom(Arch, C.Counts, HL);
  In.PaperRounding = O.PaperRounding;
  C.HongKim = hongKim(In);
  addUnique(Assumptions, C.HongKim.Assumptions);
  C.HongKim.Assumptions = Assumptions;
  C.TotalCycles = C.HongKim.ExecCyclesWithSynch;
  C.TimeSeconds = C.HongKim.TimeSeconds;

  // Which model: auto picks by the architecture and, for MDM, whether
  // the kernel is memory-divergent (defaultVariant).
  std::optional<HongKimVariant> Asked = parseHongKimVariant(O.Model);
  InstructionCountOptions IO;
  IO.Enum = O.Analysis.Enum;
  const bool Derived = C.Derived.has_value();
  // The L2 hits of CGPredict's trace (eq. 9-11), computed once when a
  // model needs them.
  std::optional<CgCacheResult> L2;
  std::vector<std::string> L2Assumptions;
  std::string L2Why;
  auto RunL2 = [&]() {
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
  };
  std::optional<MdmDerivation> Mdm;
  auto DeriveMdm = [&]() {
    if (Mdm || !Derived)
      return;
    RunL2();
    std::optional<double> Miss;
    if (L2) {
      uint64_t Refs = L2->Coal.References + L2->Uncoal.References +
                      L2->Const.References;
      uint64_t Misses =
          L2->Coal.Misses + L2->Uncoal.Misses + L2->Const.Misses;
      if (Refs > 0)
        Miss = double(Misses) / double(Refs);
    }
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
  };
  if (Asked) {
    C.Model = VariantChoice{*Asked, "asked for with --model"};
  } else {
    bool Divergent = false;
    if (Derived && Arch.L1Mshrs > 0 && Arch.NocBandwidthGBs > 0) {
      DeriveMdm();
      Divergent = Mdm && Mdm->MemoryDivergent;
    }
    C.Model = defaultVariant(Arch, Divergent);
    if (Derived && Arch.L1Mshrs > 0 && Arch.NocBandwidthGBs > 0 && Mdm)
      C.Model.Reason += "; " + llvm::formatv("{0:g}", Mdm->Dpki).str() +
                        " divergent loads per kilo-instruction (MDM's "
                        "threshold: 10)";
  }
  switch (C.Model.Variant) {
  case HongKimVariant::Base:
    break;
  case HongKimVariant::WangLouL2: {
    // First_comp_period_insts: the computation before the first global
    // access, in source order, outside loops.
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
    WangLouInput W = wangLouInputFrom(Arch, C.Counts, HL, First);
    W.Base.PaperRounding = O.PaperRounding;
    W.Base.Assumptions.push_back(
        "First_comp_period_insts = " + std::to_string(int64_t(First)) +
        ": the operations outside loops up to the first global access's "
        "line");
    WangLouResult R = wangLou(W);
    if (R.Ok) {
      C.TotalCycles = R.ExecCyclesWithSynch;
      C.TimeSeconds = R.TimeSeconds;
      C.Extension = toJSON(R);
    } else {
      C.ModelNote = "wang-lou: " + R.Error + "; the base model is used";
      C.Model.Variant = HongKimVariant::Base;
    }
    break;
  }
  case HongKimVariant::CGPredict: {
    CgPredictInput G = cgPredictInputFrom(Arch);
    if (C.Derived) {
      const InstructionCounts &D = *C.Derived;
      // CGPredict's constant access: every lane one address (Sec. 3.3.2).
      G.NoCoalInsts = D.GlobalCoalesced;
      G.NoUncoalInsts =
          D.GlobalUncoalesced + D.GlobalUnclassified + D.GlobalAtomic;
      G.NoConstInsts = D.Constant + D.GlobalBroadcast;
      G.NoCompInsts = D.Computation;
      G.NoSynchInsts = D.Sync;
      G.SmemCoalInsts = D.Shared;
      G.XCoal = std::max(1.0, D.SharedConflictDegree);
      for (const AccessFacts &A : K.Accesses)
        if (A.ValueFrom && A.Space == MemorySpace::Shared)
          G.NoSmemLoadInsts += 1;
    } else {
      G.NoCoalInsts = C.Counts.CoalMem;
      G.NoUncoalInsts = C.Counts.UncoalMem;
      G.NoCompInsts = C.Counts.Comp;
      G.NoSynchInsts = C.Counts.Synch;
    }
    // no_dram_trans_*: from the L2 trace where it holds accesses of the
    // class, else every transaction of the class misses.
    G.NoDramTransCoal = C.Counts.CoalPerMw;
    G.NoDramTransUncoal = C.Counts.UncoalPerMw;
    G.NoDramTransConst = 1;
    if (Derived)
      RunL2();
    if (L2) {
      for (const std::string &S : L2Assumptions)
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
            (!Derived ? std::string("counts given, no trace")
             : L2     ? std::string("none of them is in the L2 trace")
                      : "no L2 trace: " + L2Why) +
            ")");
    G.B = Occ.BlocksPerSm;
    G.N = Occ.WarpsPerSm;
    G.NoBlocks = HL.Blocks;
    CgPredictResult R = cgPredict(G);
    if (R.Ok) {
      C.TotalCycles = R.TotalCycles;
      C.TimeSeconds = R.TimeSeconds;
      C.Extension = toJSON(R);
      if (L2)
        if (llvm::json::Object *E = C.Extension->getAsObject()) {
          (*E)["l2"] = toJSON(*L2);
          (*E)["no_dram_trans_coal"] = G.NoDramTransCoal;
          (*E)["no_dram_trans_uncoal"] = G.NoDramTransUncoal;
          (*E)["no_dram_trans_const"] = G.NoDramTransConst;
        }
    } else {
      C.ModelNote = "cgpredict: " + R.Error + "; the base model is used";
      C.Model.Variant = HongKimVariant::Base;
    }
    break;
  }
  case HongKimVariant::MDM: {
    if (!Derived) {
      C.ModelNote = "mdm: needs the kernel's accesses for its intervals "
                    "(the counts were given); the base model is used";
      C.Model.Variant = HongKimVariant::Base;
      break;
    }
    DeriveMdm();
    MdmResult R = mdm(Mdm->In);
    if (R.Ok && R.KernelCycles > 0) {
      C.TotalCycles = R.KernelCycles;
      C.TimeSeconds = R.TimeSeconds;
      C.Extension = toJSON(R);
      if (llvm::json::Object *E = C.Extension->getAsObject()) {
        (*E)["w"] = Mdm->In.W;
        (*E)["mshrs"] = Mdm->In.Mshrs;
        (*E)["total_warps"] = Mdm->In.TotalWarps;
        (*E)["divergent_loads_per_thread"] = Mdm->DivergentLoads;
        (*E)["dpki"] = Mdm->Dpki;
        (*E)["memory_divergent"] = Mdm->MemoryDivergent;
        (*E)["interval_labels"] = llvm::json::Array(Mdm->IntervalLabels);
      }
    } else {
      C.ModelNote = "mdm: " + (R.Ok ? std::string("the kernel takes no cycle")
                                    : R.Error) +
                    "; the base model is used";
      C.Model.Variant = HongKimVariant::Base;
    }
    break;
  }
  }
  return C;
}

std::vector<KernelEstimate> estimateKernel(const KernelFacts &K,
                                           const std::vector<LaunchConfig> &Configs,
                                           const ArchSpec &Arch,
                                           const GpuModel &Gpu,
                                           const EstimateOptions &O) {
  std::vector<KernelEstimate> R;
  for (const LaunchConfig &L : Configs) {
    KernelEstimate E;
    E.Kernel = K.Name;
    E.Config = L;
    E.Gpu = Gpu.Sm;
    E.ArchId = Arch.Id;
    E.ArchName = Arch.Name;
    E.Occupancy = kernelOccupancy(K, L, Arch, O);
    CuMAPzInputs In;
    In.Gpu = Gpu;
    In.Channels = {Gpu.Partitions ? Gpu.Partitions : 8,
                   Gpu.PartitionWidth ? Gpu.PartitionWidth : 256};
    In.ModelChannelSkew = !Gpu.PartitionsHashed || O.ChannelSkewOnHashed;
    In.Occupancy = E.Occupancy.Occupancy;
    In.OccupancyOrigin = E.Occupancy.Origin;
    In.MaxBlocksPerSm = std::max(1u, E.Occupancy.BlocksPerSm);
    In.Enum = O.Analysis.Enum;
    E.CuMAPz = estimateCuMAPz(K, L, In);
    if (E.Occupancy.Detail.Valid)
      E.Cycles = estimateCycles(K, L, Arch, Gpu, E.Occupancy, O);
    // The estimate outlives the facts: keep the texts, drop the pointers.
    E.CuMAPz.Channels.Worst = nullptr;
    for (ReferenceSkew &RS : E.CuMAPz.Channels.Refs)
      RS.Access = nullptr;
    E.Assumptions = L.Assumptions;
    addUnique(E.Assumptions, E.Occupancy.Assumptions);
    addUnique(E.Assumptions, E.CuMAPz.Assumptions);
    addUnique(E.Assumptions, E.Cycles.HongKim.Assumptions);
    if (!E.Cycles.ModelNote.empty())
      E.Assumptions.push_back(E.Cycles.ModelNote);
    R.push_back(std::move(E));
  }
  return R;
}

llvm::json::Value toJSON(const CuMAPzEstimate &E) {
  using llvm::json::Object;
  Object Skew{{"modelled", E.ChSkewModelled}, {"ch_skew", E.ChSkew}};
  if (E.ChSkewModelled) {
    Skew["analysed"] = E.Channels.Analysed;
    if (!E.Channels.Skipped.empty())
      Skew["skipped"] = E.Channels.Skipped;
    Skew["n_blk_to_check"] = E.Channels.BlocksToCheck;
    Skew["n_channels"] = E.Channels.Params.Channels;
    Skew["channel_width"] = E.Channels.Params.WidthBytes;
    if (!E.Channels.WorstText.empty())
      Skew["worst_reference"] = E.Channels.WorstText;
    llvm::json::Array Refs;
    for (const ReferenceSkew &RS : E.Channels.Refs)
      Refs.push_back(llvm::json::Object{
          {"reference", RS.Text},
          {"line", RS.Loc.Line},
          {"blocks_per_channel", llvm::json::Array(RS.BlocksPerChannel)},
          {"ch_skew", RS.Skew}});
    Skew["references"] = std::move(Refs);
  }
  return Object{
      {"data_reuse", Object{{"value", E.DataReuse},
                            {"bytes_shmem", E.BytesShmem},
                            {"bytes_buffered", E.BytesBuffered},
                            {"fetch_references", E.FetchRefs}}},
      {"lat_hiding", Object{{"value", E.LatHiding},
                            {"occupancy_percent", E.OccupancyPercent},
                            {"n_shm_load", E.NShmLoad}}},
      {"bw_util", Object{{"value", E.BwUtil},
                         {"bytes_access", E.BytesAccess},
                         {"bytes_tr", E.BytesTr}}},
      {"ch_skew", std::move(Skew)},
      {"shm_eff", Object{{"value", E.ShmEff},
                         {"n_half_warp", E.NHalfWarp},
                         {"n_buffer", E.NBuffer},
                         {"shared_requests", E.SharedRequests},
                         {"n_bk_conflict", E.NBkConflict}}},
      {"branch_eff", Object{{"value", E.BranchEff},
                            {"n_warp", E.NWarp},
                            {"n_path", E.NPath},
                            {"origin", E.BranchEffOrigin}}},
      {"mpe", E.MPE},
      {"total_warps", E.TotalWarps},
      {"unanalysable", llvm::json::Array(E.Unanalysable)}};
}

llvm::json::Value toJSON(const OccupancySummary &S) {
  using llvm::json::Object;
  Object O{{"value", S.Occupancy},
           {"blocks_per_sm", S.BlocksPerSm},
           {"warps_per_sm", S.WarpsPerSm},
           {"limiter", S.Limiter},
           {"origin", S.Origin},
           {"registers_per_thread",
            Object{{"value", S.RegistersPerThread},
                   {"source", S.RegistersSource},
                   {"origin", S.RegistersOrigin}}},
           {"shared_bytes_per_block",
            Object{{"value", int64_t(S.SharedBytesPerBlock)},
                   {"static", int64_t(S.StaticSharedBytes)},
                   {"dynamic", int64_t(S.DynamicSharedBytes)}}},
           {"calculator", toJSON(S.Detail)}};
  if (!S.Detail.Valid)
    O["error"] = S.Detail.Error;
  return O;
}

llvm::json::Value toJSON(const CycleEstimate &C) {
  using llvm::json::Object;
  // Every intermediate of the base model, then the counts it was fed and
  // the model whose total is the kernel's cycles (the CI gate reads
  // total_cycles).
  llvm::json::Value V = toJSON(C.HongKim);
  Object *O = V.getAsObject();
  if (!O)
    return V;
  Object Counts{{"source", C.CountsSource},
                {"comp_insts", C.Counts.Comp},
                {"coal_mem_insts", C.Counts.CoalMem},
                {"uncoal_mem_insts", C.Counts.UncoalMem},
                {"synch_insts", C.Counts.Synch},
                {"coal_per_mw", C.Counts.CoalPerMw},
                {"uncoal_per_mw", C.Counts.UncoalPerMw},
                {"load_bytes_per_warp", C.Counts.LoadBytesPerWarp}};
  if (C.Derived) {
    const InstructionCounts &D = *C.Derived;
    Counts["derived"] = Object{{"arithmetic", D.Arithmetic},
                               {"address", D.AddressArith},
                               {"control", D.Control},
                               {"global_coalesced", D.GlobalCoalesced},
                               {"global_uncoalesced", D.GlobalUncoalesced},
                               {"global_broadcast", D.GlobalBroadcast},
                               {"global_unclassified", D.GlobalUnclassified},
                               {"global_atomic", D.GlobalAtomic},
                               {"shared", D.Shared},
                               {"constant", D.Constant},
                               {"sync", D.Sync},
                               {"total", D.Total},
                               {"guarded", D.Guarded},
                               {"transaction_unit", D.TransactionUnit}};
  }
  (*O)["counts"] = std::move(Counts);
  (*O)["selected_model"] = Object{{"name", toString(C.Model.Variant)},
                         {"reason", C.Model.Reason},
                         {"note", C.ModelNote},
                         {"total_cycles", C.TotalCycles},
                         {"time_seconds", C.TimeSeconds}};
  if (C.Extension)
    (*O)["extension"] = *C.Extension;
  (*O)["total_cycles"] = C.TotalCycles;
  (*O)["hong_kim_cycles"] = C.HongKim.ExecCyclesWithSynch;
  return V;
}

llvm::json::Value toJSON(const KernelEstimate &E) {
  using llvm::json::Object;
  auto Dim = [](const std::array<int64_t, 3> &D) {
    return llvm::json::Array{D[0], D[1], D[2]};
  };
  return Object{
      {"file", E.File},
      {"kernel", E.Kernel},
      {"gpu", E.Gpu},
      {"arch", llvm::json::Object{{"id", E.ArchId}, {"name", E.ArchName}}},
      {"launch", Object{{"grid", Dim(E.Config.Grid)},
                        {"block", Dim(E.Config.Block)},
                        {"origin", E.Config.Origin}}},
      {"occupancy", toJSON(E.Occupancy)},
      {"cumapz", toJSON(E.CuMAPz)},
      {"hong_kim", toJSON(E.Cycles)},
      {"assumptions",
       llvm::json::Array(E.Assumptions)}};
}

} // namespace warplint
