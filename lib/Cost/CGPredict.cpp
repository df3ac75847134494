//===- CGPredict.cpp - CGPredict's cached Hong–Kim variant ----------------===//
#include "Cost/CGPredict.h"

#include "Cost/HongKim.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <unordered_map>

namespace warplint {

const char *toString(CgClass C) {
  switch (C) {
  case CgClass::Coal: return "coalesced";
  case CgClass::Uncoal: return "uncoalesced";
  case CgClass::Const: return "constant";
  }
  return "?";
}

const CgClassCounts &CgCacheResult::of(CgClass C) const {
  switch (C) {
  case CgClass::Coal: return Coal;
  case CgClass::Uncoal: return Uncoal;
  case CgClass::Const: return Const;
  }
  return Coal;
}

namespace {

bool isPow2(uint64_t X) { return X && !(X & (X - 1)); }

std::string fmtNum(double X) {
  std::ostringstream OS;
  OS << X;
  return OS.str();
}

} // namespace

/// Fenwick tree over trace positions: a 1 at the last reference of each
/// block, so the distinct blocks referenced between two positions is a
/// range sum (reuse distance in O(log n)).
class LastUse {
public:
  explicit LastUse(size_t N) : Tree(N + 1, 0) {}
  void add(size_t Pos, int Delta) {
    for (size_t I = Pos + 1; I < Tree.size(); I += I & (~I + 1))
      Tree[I] += Delta;
  }
  /// Ones at positions [0, Pos).
  int64_t before(size_t Pos) const {
    int64_t S = 0;
    for (size_t I = Pos; I > 0; I -= I & (~I + 1))
      S += Tree[I];
    return S;
  }

private:
  std::vector<int64_t> Tree;
};

CgCacheResult cgPredictL2(const std::vector<CgAccess> &Trace,
                          const CgCacheConfig &Cache) {
  CgCacheResult R;
  const uint64_t A = Cache.Associativity, B = Cache.LineBytes;
  if (!isPow2(B)) {
    R.Ok = false;
    R.Error = "cache line size must be a power of two";
    return R;
  }
  // Hashed sets: lines spread over the sets as if the cache were one LRU
  // of all its lines (K = 1, A = lines): a reference hits when fewer
  // distinct blocks than the cache holds were referenced since the last.
  const bool Full = Cache.HashedSets;
  if (Full ? Cache.SizeBytes == 0 || Cache.SizeBytes % B != 0
           : A == 0 || Cache.SizeBytes == 0 || Cache.SizeBytes % (A * B) != 0) {
    R.Ok = false;
    R.Error = Full ? "cache size must be a positive multiple of the line size"
                   : "cache size must be a positive multiple of "
                     "associativity x line size";
    return R;
  }
  const uint64_t K = Full ? 1 : Cache.SizeBytes / (A * B);
  const uint64_t Ways = Full ? Cache.SizeBytes / B : A;
  R.Sets = K;
  R.NumHitPerSet.assign(K, 0);
  // Sectored (Full only): references are sectors, the LRU holds lines and
  // a line brings only the sectors referenced since it came in.
  const uint64_t Sec = Cache.SectorBytes;
  const bool Sectored = Full && Sec > 0 && Sec < B && isPow2(Sec);
  unsigned Shift = 0;
  while ((uint64_t(1) << Shift) < (Sectored ? Sec : B))
    ++Shift;
  unsigned SectorShift = 0; // sector -> line
  if (Sectored)
    while ((Sec << SectorShift) < B)
      ++SectorShift;
  std::unordered_map<uint64_t, uint64_t> Valid; // line -> sector mask
  // The distinct blocks of each warp instruction, in first-touch order.
  std::vector<std::vector<uint64_t>> BlocksOf(Trace.size());
  size_t Refs = 0;
  for (size_t T = 0; T < Trace.size(); ++T) {
    for (uint64_t Addr : Trace[T].Addresses) {
      uint64_t M = Addr >> Shift;
      if (std::find(BlocksOf[T].begin(), BlocksOf[T].end(), M) ==
          BlocksOf[T].end())
        BlocksOf[T].push_back(M);
    }
    Refs += BlocksOf[T].size();
  }
  // Per set, the blocks of its sub-trace T_i, most recent first. The
  // position of m in this stack is |TCS_m[j]|: the distinct blocks of T_i
  // referenced since m[j-1]. Only positions below A decide a hit, so the
  // stack keeps A entries; a block below them, or never seen (j = 1),
  // misses. One set (Full): the same count from the Fenwick tree.
  std::vector<std::vector<uint64_t>> Stack(Full ? 0 : K);
  LastUse Ones(Full ? Refs : 0);
  std::unordered_map<uint64_t, size_t> Last;
  size_t Now = 0;
  for (size_t T = 0; T < Trace.size(); ++T) {
    const CgAccess &Acc = Trace[T];
    CgClassCounts &CC = Acc.Class == CgClass::Coal     ? R.Coal
                        : Acc.Class == CgClass::Uncoal ? R.Uncoal
                                                       : R.Const;
    ++CC.WarpInsts;
    unsigned Misses = 0;
    for (uint64_t M : BlocksOf[T]) {
      bool Hit = false;
      const uint64_t Set = Full ? 0 : M % K;
      if (Full) {
        const uint64_t Line = M >> SectorShift;
        auto It = Last.find(Line);
        bool Present = false;
        if (It != Last.end()) {
          const int64_t Distinct = Ones.before(Now) - Ones.before(It->second + 1);
          Present = uint64_t(Distinct) < Ways;
          Ones.add(It->second, -1);
        }
        Ones.add(Now, 1);
        Last[Line] = Now++;
        if (Sectored) {
          const uint64_t Bit = uint64_t(1) << (M & ((uint64_t(1) << SectorShift) - 1));
          uint64_t &Mask = Valid[Line];
          if (!Present)
            Mask = 0;
          Hit = (Mask & Bit) != 0;
          Mask |= Bit;
        } else {
          Hit = Present;
        }
      } else {
        std::vector<uint64_t> &S = Stack[Set];
        auto It = std::find(S.begin(), S.end(), M);
        Hit = It != S.end() && uint64_t(It - S.begin()) < Ways;
        if (It != S.end())
          S.erase(It);
        S.insert(S.begin(), M);
        if (S.size() > Ways)
          S.pop_back();
      }
      ++CC.References;
      if (Hit) {
        ++CC.Hits;
        ++R.NumHit;
        ++R.NumHitPerSet[Set];
      } else {
        ++CC.Misses;
        ++Misses;
      }
    }
    R.ReferencesPerAccess.push_back(unsigned(BlocksOf[T].size()));
    R.MissesPerAccess.push_back(Misses);
  }
  for (CgClassCounts *CC : {&R.Coal, &R.Uncoal, &R.Const})
    CC->DramTransPerInst =
        CC->WarpInsts ? double(CC->Misses) / double(CC->WarpInsts) : 0;
  return R;
}

llvm::json::Value toJSON(const CgCacheResult &R) {
  using llvm::json::Object;
  if (!R.Ok)
    return Object{{"error", R.Error}};
  auto Cls = [](const CgClassCounts &C) {
    return Object{{"warp_insts", int64_t(C.WarpInsts)},
                  {"references", int64_t(C.References)},
                  {"hits", int64_t(C.Hits)},
                  {"misses", int64_t(C.Misses)},
                  {"dram_trans_per_inst", C.DramTransPerInst}};
  };
  llvm::json::Array PerSet;
  for (uint64_t H : R.NumHitPerSet)
    PerSet.push_back(int64_t(H));
  return Object{{"sets", int64_t(R.Sets)},
                {"coalesced", Cls(R.Coal)},
                {"uncoalesced", Cls(R.Uncoal)},
                {"constant", Cls(R.Const)},
                {"num_hit", int64_t(R.NumHit)},
                {"num_hit_per_set", std::move(PerSet)}};
}

CgPredictResult cgPredict(const CgPredictInput &In) {
  CgPredictResult R;
  R.Assumptions = In.Assumptions;
  auto Fail = [&](std::string E) {
    R.Ok = false;
    R.Error = std::move(E);
    return R;
  };
  auto Pos = [](double V) { return std::isfinite(V) && V > 0; };
  auto NonNeg = [](double V) { return std::isfinite(V) && V >= 0; };
  if (!Pos(In.FreqGHz)) return Fail("freq must be > 0");
  if (!Pos(In.InstCycle)) return Fail("inst_cycle must be > 0");
  if (!Pos(In.N)) return Fail("N must be > 0");
  if (!Pos(In.B)) return Fail("B must be > 0");
  if (!Pos(In.NoBlocks)) return Fail("no_blocks must be > 0");
  for (double V : {In.NoCoalInsts, In.NoUncoalInsts, In.NoConstInsts,
                   In.NoCompInsts, In.NoSynchInsts, In.NoSmemLoadInsts,
                   In.SmemCoalInsts, In.SmemUncoalInsts, In.SmemConstInsts,
                   In.NoDramTransCoal, In.NoDramTransUncoal,
                   In.NoDramTransConst})
    if (!NonNeg(V))
      return Fail("instruction and transaction counts must be >= 0");
  for (auto [St, All] : {std::pair{In.NoCoalStores, In.NoCoalInsts},
                         std::pair{In.NoUncoalStores, In.NoUncoalInsts},
                         std::pair{In.NoConstStores, In.NoConstInsts}})
    if (!NonNeg(St) || St > All * (1 + 1e-12))
      return Fail("store counts must be >= 0 and at most their class's "
                  "instructions");
  R.NoMemInsts = In.NoCoalInsts + In.NoUncoalInsts + In.NoConstInsts;
  R.NoTotalInsts = R.NoMemInsts + In.NoCompInsts;
  if (!Pos(R.NoTotalInsts)) return Fail("no_total_insts must be > 0");
  if (R.NoMemInsts > 0 &&
      (!Pos(In.MemLdL2) || !NonNeg(In.MemLdDram) || !NonNeg(In.DdL2) ||
       !NonNeg(In.DdDram)))
    return Fail("mem_ld_L2 must be > 0 and mem_ld_dram, dd_L2, dd_dram >= 0");
  if (In.NoSmemLoadInsts > 0 && !Pos(In.SmemLoadConst))
    return Fail("smem_load_const must be > 0 with shared-memory loads");

  // eq. 1-3: coalesced and uncoalesced.
  auto Latency = [&](double PerWarp, double Dram, bool &UsesDram) {
    UsesDram = Dram > 1;
    if (!UsesDram)
      return In.MemLdL2 + (PerWarp - 1) * In.DdL2;                    // (1)
    return In.MemLdL2 + In.MemLdDram + (Dram - 1) * In.DdDram;        // (2)
  };
  R.MemLCoal = Latency(In.NoCoalPw, In.NoDramTransCoal, R.CoalUsesDram);
  R.MemLUncoal =
      Latency(In.NoUncoalPw, In.NoDramTransUncoal, R.UncoalUsesDram);
  R.DepDelCoal = std::max(In.NoCoalPw * In.DdL2,
                          In.NoDramTransCoal * In.DdDram);              // (3)
  R.DepDelUncoal = std::max(In.NoUncoalPw * In.DdL2,
                            In.NoDramTransUncoal * In.DdDram);          // (3)
  // eq. 4-5: constant.
  R.MemLConst = In.MemLdL2 + In.NoDramTransConst * In.MemLdDram;        // (4)
  R.DepDelConst =
      In.NoConstPw * In.DdL2 + In.NoDramTransConst * In.DdDram;         // (5)
  // eq. 6-8. A load keeps its warp waiting mem_l; a store only holds the
  // memory pipeline for its departure delay (the warp goes on: MDM eq. 3
  // and 6 let only read misses stall it). (8) still counts the store's
  // departure, so a kernel of many stores stays bound by them through MWP.
  R.StoreCycles = R.DepDelCoal * In.NoCoalStores +
                  R.DepDelUncoal * In.NoUncoalStores +
                  R.DepDelConst * In.NoConstStores;
  R.MemCyclesGlobal = R.MemLCoal * (In.NoCoalInsts - In.NoCoalStores) +
                      R.MemLUncoal * (In.NoUncoalInsts - In.NoUncoalStores) +
                      R.MemLConst * (In.NoConstInsts - In.NoConstStores) +
                      R.StoreCycles;                                    // (6)
  if (R.NoMemInsts > 0) {
    R.MemL = R.MemCyclesGlobal / R.NoMemInsts;                          // (7)
    R.DepartureDelay = (R.DepDelCoal * In.NoCoalInsts +
                        R.DepDelUncoal * In.NoUncoalInsts +
                        R.DepDelConst * In.NoConstInsts) /
                       R.NoMemInsts;                                    // (8)
  }
  // eq. 12, 19-22.
  R.CompCyclesCore = In.InstCycle * R.NoTotalInsts;                     // (12)
  R.SmemLoadCycles = In.NoSmemLoadInsts * In.SmemLoadConst;             // (19)
  // As printed, (20) charges every shared access mem_ld_smem (67 cycles)
  // of the warp's own computation, which (17) multiplies by N: no shared
  // latency would ever overlap another warp's, and the paper's own Table 5
  // could not come out (its tiled GEMM at 1024 would take 5.5 s, not the
  // 105.75 ms it publishes). warplint counts what a shared access occupies:
  // the SM's load/store units, one pass (wavefront) per access and one per
  // replay of an X-way conflict (Sec. 2.5), each smem_wavefront cycles
  // (warp size / load-store units: 32 / 32 on the TK1, Sec. 2.1); the
  // latency overlaps like any other. docs/models/cgpredict.md, "Shared
  // accesses in (20) and (22)".
  R.SmemCycles = In.SmemWavefrontCycles *
                 (In.XUncoal * In.SmemUncoalInsts + In.XCoal * In.SmemCoalInsts +
                  In.XConst * In.SmemConstInsts);                       // (20)
  R.MemCycles = R.MemCyclesGlobal + R.SmemLoadCycles;                   // (21)
  // (22) as printed adds the two; the load/store units and the cores are
  // separate units that the schedulers feed in the same cycles, so the
  // busier of the two sets the pace.
  R.CompCycles = std::max(R.CompCyclesCore, R.SmemCycles);              // (22)
  // eq. 13-15.
  if (R.NoMemInsts > 0 && R.DepartureDelay > 0) {
    R.MwpFull = R.MemL / R.DepartureDelay;                              // (13)
  } else {
    R.MwpFull = In.N;
    R.Assumptions.push_back(
        R.NoMemInsts > 0
            ? "departure_delay is 0: MWP = N"
            : "no global memory instruction: MWP = N, mem_l = 0");
  }
  R.Mwp = std::min(R.MwpFull, In.N);
  R.CwpFull = (R.MemCycles + R.CompCycles) / R.CompCycles;              // (14)
  R.Cwp = std::min(R.CwpFull, In.N);
  R.Batch = In.NoBlocks / In.B;                                         // (15)
  // eq. 16-17.
  R.MemoryBound = R.Cwp >= R.Mwp;
  const double PerMemInst =
      R.NoMemInsts > 0 ? R.CompCycles / R.NoMemInsts : R.CompCycles;
  if (R.NoMemInsts == 0)
    R.Assumptions.push_back("no global memory instruction: comp_cycles / "
                            "no_mem_insts taken as comp_cycles");
  // As printed, batch multiplies only the last term of (16) and (17); the
  // paper's own Table 4 estimates need it to multiply the whole expression
  // (one batch of blocks after another, as Hong–Kim's #Rep): with the
  // printed reading its GEMM comes out 0.51 ms against the 242.53 ms it
  // publishes. docs/models/cgpredict.md, "Batch in (16)-(17)".
  if (R.MemoryBound)
    R.ExecCycles = (R.MemCycles * In.N / R.Mwp + PerMemInst * R.Mwp) *
                   R.Batch;                                             // (16)
  else
    R.ExecCycles = (R.MemL + R.CompCycles * In.N) * R.Batch;            // (17)
  // eq. 23.
  R.SyncCost = R.DepartureDelay * (R.Mwp - 1) * In.NoSynchInsts * In.B *
               R.Batch;                                                 // (23)
  R.TotalCycles = R.ExecCycles + R.SyncCost;
  R.TimeSeconds = R.TotalCycles / (In.FreqGHz * 1e9);                   // (18)
  return R;
}

llvm::json::Value toJSON(const CgPredictResult &R) {
  using llvm::json::Object;
  if (!R.Ok)
    return Object{{"model", "cgpredict"}, {"error", R.Error}};
  return Object{{"model", "cgpredict"},
                {"mem_l_coal", R.MemLCoal},
                {"mem_l_uncoal", R.MemLUncoal},
                {"mem_l_const", R.MemLConst},
                {"coal_uses_dram", R.CoalUsesDram},
                {"uncoal_uses_dram", R.UncoalUsesDram},
                {"dep_del_coal", R.DepDelCoal},
                {"dep_del_uncoal", R.DepDelUncoal},
                {"dep_del_const", R.DepDelConst},
                {"no_mem_insts", R.NoMemInsts},
                {"no_total_insts", R.NoTotalInsts},
                {"mem_cycles_global", R.MemCyclesGlobal},
                {"store_cycles", R.StoreCycles},
                {"mem_l", R.MemL},
                {"departure_delay", R.DepartureDelay},
                {"comp_cycles_core", R.CompCyclesCore},
                {"smem_load_cycles", R.SmemLoadCycles},
                {"smem_cycles", R.SmemCycles},
                {"mem_cycles", R.MemCycles},
                {"comp_cycles", R.CompCycles},
                {"mwp_full", R.MwpFull},
                {"mwp", R.Mwp},
                {"cwp_full", R.CwpFull},
                {"cwp", R.Cwp},
                {"batch", R.Batch},
                {"memory_bound", R.MemoryBound},
                {"case", R.MemoryBound ? "eq16" : "eq17"},
                {"exec_cycles", R.ExecCycles},
                {"sync_cost", R.SyncCost},
                {"total_cycles", R.TotalCycles},
                {"time_s", R.TimeSeconds},
                {"assumptions", llvm::json::Array(R.Assumptions)}};
}

CgPredictInput cgPredictInputFrom(const ArchSpec &A) {
  CgPredictInput In;
  const std::string G = A.Id.empty() ? A.Name : A.Id;
  In.FreqGHz = A.CoreClockMHz / 1000.0;
  std::string Why;
  In.InstCycle = issueCyclesFor(A, Why);
  if (!Why.empty())
    In.Assumptions.push_back("inst_cycle = " + fmtNum(In.InstCycle) +
                             " for " + G + ": " + Why);
  In.MemLdL2 = A.LatL2HitCycles;
  In.MemLdDram = A.LatDramCycles;
  In.MemLdSmem = A.LatSmemCycles;
  {
    const unsigned Warp = A.WarpSize ? A.WarpSize : 32;
    const unsigned LdSt = A.Major == 2 ? 16 : 32;
    In.SmemWavefrontCycles = double(Warp) / LdSt;
    In.Assumptions.push_back(
        "a warp's shared access occupies the SM's " + std::to_string(LdSt) +
        " load/store units " + fmtNum(In.SmemWavefrontCycles) +
        " cycle(s) per wavefront (" +
        (A.Major == 2 ? std::string("16 per SM on compute capability 2.x")
                      : std::string("32 per SM from Kepler on; CGPredict "
                                    "Sec. 2.1: the TK1's SMX has 32")) +
        "), and one more per replay of a bank conflict; its latency "
        "(mem_ld_smem) overlaps other warps' work");
  }
  In.DdL2 = A.CgDepartureDelL2;
  In.DdDram = A.CgDepartureDelDram;
  for (auto [V, Key] : {std::pair{A.LatL2HitCycles, "lat_l2_hit_cycles"},
                        std::pair{A.LatDramCycles, "lat_dram_cycles"},
                        std::pair{A.LatSmemCycles, "lat_smem_cycles"},
                        std::pair{A.CgDepartureDelL2,
                                  "cg_departure_del_l2_cycles"},
                        std::pair{A.CgDepartureDelDram,
                                  "cg_departure_del_dram_cycles"}})
    if (V <= 0)
      In.Assumptions.push_back(std::string(Key) + " unknown for " + G);
  In.SmemLoadConst = A.LatL2HitCycles + A.LatDramCycles;
  In.Assumptions.push_back(
      "smem_load_const = mem_ld_L2 + mem_ld_dram = " +
      fmtNum(In.SmemLoadConst) + " cycles for " + G +
      " (a global load that misses the L2; CGPredict measured 506 on the "
      "Jetson TK1, where this rule gives 496)");
  const double WarpBytes = 4.0 * (A.WarpSize ? A.WarpSize : 32);
  const double Line = A.L2LineBytes ? A.L2LineBytes : 128;
  In.NoCoalPw = std::max(1.0, WarpBytes / Line);
  In.NoUncoalPw = A.WarpSize ? A.WarpSize : 32;
  In.NoConstPw = 1;
  return In;
}

} // namespace warplint
