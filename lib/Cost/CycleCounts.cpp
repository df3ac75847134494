//===- CycleCounts.cpp - The instruction counts the cycle models use ------===//
#include "Cost/Estimate.h"
#include "Cost/EstimateInternal.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <set>

namespace warplint {

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

namespace estimate_detail {

namespace {

/// Load_bytes_per_warp (Table 1 row 21): the data size of the kernel's
/// global accesses times the warp size, averaged over the accesses; none
/// when no global access has a known size.
std::optional<double> loadBytesPerWarp(const InstructionCounts &IC,
                                       const ArchSpec &Arch) {
  double Bytes = 0, N = 0;
  for (const AccessCount &A : IC.Accesses)
    if (A.Access && A.Access->Space == MemorySpace::Global &&
        A.Access->ElementSize) {
      Bytes += A.Access->ElementSize * A.PerThread;
      N += A.PerThread;
    }
  if (N > 0)
    return Bytes / N * Arch.WarpSize;
  return std::nullopt;
}

} // namespace

InstructionCounts countsFromSource(const KernelFacts &K, const LaunchConfig &L,
                                   const ArchSpec &Arch, const GpuModel &Gpu,
                                   const EstimateOptions &O, CycleEstimate &C,
                                   std::vector<std::string> &Assumptions) {
  InstructionCountOptions IO;
  IO.Enum = O.Analysis.Enum;
  IO.AsCompiled = !O.CountsAsWritten;
  InstructionCounts IC = countInstructions(K, L, Gpu, IO);
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
  if (std::optional<double> Bytes = loadBytesPerWarp(IC, Arch))
    C.Counts.LoadBytesPerWarp = *Bytes;
  addUnique(Assumptions, IC.Assumptions);
  C.Derived = IC;
  for (AccessCount &A : C.Derived->Accesses)
    A.Access = nullptr;
  return IC;
}

namespace {

/// K's entry among the PTX kernels of \p O, by its name without template
/// arguments; null when there is none.
const PtxKernel *findPtxEntry(const KernelFacts &K, const EstimateOptions &O) {
  std::string Plain = K.Name.substr(0, K.Name.find('<'));
  for (const PtxKernel &PK : O.Ptx)
    if (ptxasFunctionName(PK.Name) == Plain || PK.Name == Plain)
      return &PK;
  return nullptr;
}

/// The trip counts of the loops left in the PTX entry \p P: the source's
/// constant trip counts, in source order, when they pair up one to one;
/// else none (each PTX loop counted once).
std::vector<double> ptxLoopTrips(const KernelFacts &K, const PtxKernel &P,
                                 std::vector<std::string> &Assumptions) {
  std::vector<double> Trips;
  if (P.Loops.empty())
    return Trips;
  std::vector<const LoopFacts *> Src;
  for (const LoopFacts &L : K.Loops)
    Src.push_back(&L);
  std::sort(Src.begin(), Src.end(),
            [](const LoopFacts *A, const LoopFacts *B) {
              return A->Loc.Line != B->Loc.Line ? A->Loc.Line < B->Loc.Line
                                                : A->Loc.Column < B->Loc.Column;
            });
  bool Pairs = Src.size() == P.Loops.size();
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
        "the " + std::to_string(P.Loops.size()) +
        " loop(s) left in the PTX of '" + K.Name +
        "' do not pair up with the source's constant-count loops: each "
        "counted once");
  } else {
    Assumptions.push_back("the PTX loops of '" + K.Name +
                          "' take the trip counts of the source loops, in "
                          "source order");
  }
  return Trips;
}

} // namespace

/// Replaces the derived counts in \p Counts by those of K's PTX entry
/// (Hong–Kim's way, Sec. 3.6: every instruction but global memory ones is
/// a computation instruction, barriers included; #Synch_insts the
/// barriers). PTX does not say which global instruction is coalesced: the
/// source analysis's share is applied. Loops left in the PTX are weighted
/// by the source's trip counts only when they pair up one to one.
void countsFromPtx(const KernelFacts &K, const InstructionCounts &IC,
                   const EstimateOptions &O, HongKimKernelCounts &Counts,
                   std::string &Source, std::vector<std::string> &Assumptions) {
  const PtxKernel *P = findPtxEntry(K, O);
  if (!P) {
    Assumptions.push_back("no PTX entry for '" + K.Name +
                          "': its instructions are counted from the source");
    return;
  }
  std::vector<double> Trips = ptxLoopTrips(K, *P, Assumptions);
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

} // namespace estimate_detail
} // namespace warplint
