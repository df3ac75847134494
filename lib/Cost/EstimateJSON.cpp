//===- EstimateJSON.cpp - JSON form of the per-kernel estimates -----------===//
#include "Cost/Estimate.h"
#include "Facts/Launch.h"

#include <map>
#include <tuple>

namespace warplint {

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
                               {"transaction_unit", D.TransactionUnit},
                               {"global_sectors_per_warp", D.GlobalSectors},
                               {"excess_sectors_per_warp", D.ExcessSectors},
                               {"excess_unit", D.ExcessUnit}};
  }
  (*O)["counts"] = std::move(Counts);
  (*O)["selected_model"] = Object{{"name", toString(C.Model.Variant)},
                         {"reason", C.Model.Reason},
                         {"note", C.ModelNote},
                         {"total_cycles", C.TotalCycles},
                         {"time_seconds", C.TimeSeconds},
                         {"bound", C.Bound},
                         {"breakdown", C.Breakdown}};
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
      {"host_loop",
       E.HostLoop ? llvm::json::Value(Object{
                        {"loop", Object{{"file", E.HostLoop->Loop.File},
                                        {"line", E.HostLoop->Loop.Line},
                                        {"column", E.HostLoop->Loop.Column}}},
                        {"trips", E.HostLoop->Trips},
                        {"iterations_estimated", E.HostLoop->Estimated},
                        {"total_time_s", E.HostLoop->TimeSeconds}})
                  : llvm::json::Value(nullptr)},
      {"assumptions",
       llvm::json::Array(E.Assumptions)}};
}

void hostLoopTotals(std::vector<KernelEstimate> &Estimates) {
  // Key: the kernel, the GPU, the innermost loop, and the iterations of
  // the loops around it.
  using Key = std::tuple<std::string, std::string, std::string, std::string>;
  std::map<Key, std::vector<size_t>> Groups;
  for (size_t I = 0; I < Estimates.size(); ++I) {
    const std::vector<HostIteration> &It = Estimates[I].Config.Iterations;
    if (It.empty() || It.back().Trips == 0)
      continue;
    std::string Outer;
    for (size_t J = 0; J + 1 < It.size(); ++J)
      Outer += sourcePlace(It[J].Loop) + "#" + std::to_string(It[J].Index) + ";";
    Groups[{Estimates[I].File + ":" + Estimates[I].Kernel,
            Estimates[I].ArchId, sourcePlace(It.back().Loop), Outer}]
        .push_back(I);
  }
  for (const auto &[K, Members] : Groups) {
    double Sum = 0;
    for (size_t I : Members)
      Sum += Estimates[I].Cycles.TimeSeconds;
    const HostIteration &H = Estimates[Members.front()].Config.Iterations.back();
    KernelEstimate::LoopTotal T;
    T.Loop = H.Loop;
    T.Trips = H.Trips;
    T.Estimated = unsigned(Members.size());
    T.TimeSeconds = Sum / double(Members.size()) * double(H.Trips);
    for (size_t I : Members)
      Estimates[I].HostLoop = T;
  }
}

} // namespace warplint
