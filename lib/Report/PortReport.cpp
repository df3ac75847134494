//===- PortReport.cpp - What `warplint --port` prints ---------------------===//
#include "Report/PortReport.h"
#include "Report/EstimateText.h"

#include "llvm/Support/Path.h"

#include <fmt/format.h>

#include <cmath>

namespace warplint {

static llvm::json::Value toJSON(const SourceLoc &L) {
  return llvm::json::Object{{"file", L.File}, {"line", L.Line},
                            {"column", L.Column}};
}

static llvm::json::Value toJSON(const PortedMapping &M) {
  llvm::json::Array Arrays, Shared;
  for (const ArrayAccessClass &A : M.Arrays)
    Arrays.push_back(llvm::json::Object{
        {"array", A.Array}, {"class", A.Class}, {"accesses", A.Accesses}});
  for (const SharedCandidate &S : M.Shared) {
    llvm::json::Array Uncoal;
    for (const std::string &T : S.Uncoalesced)
      Uncoal.push_back(T);
    Shared.push_back(llvm::json::Object{{"array", S.Array},
                                        {"threads_sharing", S.ThreadsSharing},
                                        {"reads_per_thread", S.ReadsPerThread},
                                        {"access", S.Text},
                                        {"uncoalesced_accesses",
                                         std::move(Uncoal)}});
  }
  llvm::json::Object O{{"mapping", M.Name},
                            {"chosen", M.Chosen},
                            {"seconds_per_launch", M.SecondsPerLaunch},
                            {"seconds", M.Seconds},
                            {"launches", M.Launches},
                            {"host_loops", llvm::json::Array(M.HostLoops)},
                            {"arrays", std::move(Arrays)},
                            {"shared_memory_candidates", std::move(Shared)},
                            {"estimate", toJSON(M.Estimate)}};
  if (M.OtherAliasSeconds)
    O[M.OtherIsMayAlias ? "may_alias_seconds" : "restrict_seconds"] =
        *M.OtherAliasSeconds;
  if (const std::optional<PortedTiling> &T = M.Tiling) {
    llvm::json::Array Phases, Buffers;
    for (const PortedTiling::Phase &P : T->Phases) {
      llvm::json::Object PO{{"line", P.Line},
                            {"thread_loops", llvm::json::Array(P.ThreadLoops)},
                            {"barrier_after", P.BarrierAfter}};
      if (P.BarrierAfter)
        PO["barrier_why"] = P.BarrierWhy;
      Phases.push_back(std::move(PO));
    }
    for (const PortedTiling::Buffer &B : T->Shared)
      Buffers.push_back(llvm::json::Object{{"array", B.Name},
                                           {"element_type", B.ElementType},
                                           {"dims", llvm::json::Array(B.Dims)},
                                           {"bytes", B.Bytes}});
    O["tiled"] = llvm::json::Object{
        {"tile", T->Tile},
        {"block_loops", llvm::json::Array(T->BlockLoops)},
        {"phases", std::move(Phases)},
        {"shared_buffers", std::move(Buffers)},
        {"shared_bytes_per_block", T->SharedBytesPerBlock},
        {"barriers", T->Barriers},
        {"barriers_per_thread", T->BarriersPerThread},
        {"shared_accesses_per_thread", T->SharedAccessesPerThread},
        {"bank_conflict_degree", T->BankConflictDegree},
        {"worst_bank_conflict",
         T->WorstConflictText.empty()
             ? llvm::json::Value(nullptr)
             : llvm::json::Object{{"access", T->WorstConflictText},
                                  {"line", int64_t(T->WorstConflictLine)},
                                  {"ways", T->WorstConflictWays},
                                  {"buffer", T->WorstConflictBuffer}}}};
  }
  return O;
}

static std::string tilingText(const PortedTiling &T) {
  static const char *D[] = {"x", "y", "z"};
  std::string Out;
  std::vector<std::string> Blocks, Bufs;
  for (size_t I = 0; I < T.BlockLoops.size() && I < 3; ++I)
    Blocks.push_back(fmt::format("{} -> blockIdx.{}", T.BlockLoops[I], D[I]));
  for (const PortedTiling::Buffer &B : T.Shared) {
    std::string Dims;
    for (int64_t N : B.Dims)
      Dims += fmt::format("[{}]", N);
    Bufs.push_back(fmt::format("{} {}{} ({} bytes)", B.ElementType, B.Name,
                               Dims, B.Bytes));
  }
  Out += fmt::format("      tiled {}: {}; shared memory: {}{} bytes per "
                     "block\n",
                     T.Tile, fmt::join(Blocks, ", "),
                     Bufs.empty() ? std::string("none, ")
                                  : fmt::format("__shared__ {}; ",
                                                fmt::join(Bufs, ", ")),
                     T.SharedBytesPerBlock);
  for (const PortedTiling::Phase &P : T.Phases) {
    std::vector<std::string> Threads;
    for (size_t I = 0; I < P.ThreadLoops.size() && I < 3; ++I)
      Threads.push_back(
          fmt::format("{} -> threadIdx.{}", P.ThreadLoops[I], D[I]));
    Out += fmt::format("      phase at line {}: {}{}\n", P.Line,
                       fmt::join(Threads, ", "),
                       P.BarrierAfter
                           ? "; then __syncthreads(): " + P.BarrierWhy
                           : std::string());
  }
  Out += fmt::format("      barriers: {} in the kernel, {:.4g} per thread; "
                     "shared accesses: {:.4g} per thread, {:.3g}-way bank "
                     "conflicts\n",
                     T.Barriers, T.BarriersPerThread,
                     T.SharedAccessesPerThread, T.BankConflictDegree);
  if (!T.WorstConflictText.empty())
    Out += fmt::format("      worst: '{}' (line {}) {:.3g}-way; padding the "
                       "rows of '{}' by one element removes such a "
                       "column-wise conflict\n",
                       T.WorstConflictText, T.WorstConflictLine,
                       T.WorstConflictWays, T.WorstConflictBuffer);
  return Out;
}

static llvm::json::Array toJSON(const std::vector<SequentialLoop> &Ls) {
  llvm::json::Array A;
  for (const SequentialLoop &L : Ls)
    A.push_back(llvm::json::Object{
        {"loop", L.Loop}, {"location", toJSON(L.Loc)}, {"why", L.Why}});
  return A;
}

llvm::json::Value toJSON(const PortReport &R) {
  llvm::json::Array Kernels;
  for (const PortedKernel &K : R.Kernels) {
    llvm::json::Array Maps;
    for (const PortedMapping &M : K.Mappings)
      Maps.push_back(toJSON(M));
    llvm::json::Object O{{"kernel", K.Name},
                         {"location", toJSON(K.Loc)},
                         {"loop", K.Loop},
                         {"distributed_part", K.Part},
                         {"host_loops", llvm::json::Array(K.HostLoops)},
                         {"launches", K.Launches},
                         {"mappings", std::move(Maps)}};
    if (!K.Problem.empty())
      O["problem"] = K.Problem;
    Kernels.push_back(std::move(O));
  }
  return llvm::json::Object{
      {"file", R.File},
      {"function", R.Function},
      {"function_location", toJSON(R.FunctionLoc)},
      {"gpu", R.Gpu},
      {"model", R.Model},
      {"model_note", R.ModelNote},
      {"kernels", std::move(Kernels)},
      {"not_parallel", toJSON(R.NotParallel)},
      {"left_sequential", toJSON(R.LeftSequential)},
      {"per_iteration_of", llvm::json::Value(R.UncountedLoops)},
      {"distributed", toJSON(R.Distributed)},
      {"total_seconds", R.TotalSeconds}};
}


static std::string where(const SourceLoc &L) {
  return fmt::format("{}:{}", llvm::sys::path::filename(L.File).str(), L.Line);
}

static std::string insights(const PortedMapping &M) {
  std::string Out;
  std::map<std::string, std::vector<std::string>> ByClass;
  for (const ArrayAccessClass &A : M.Arrays)
    ByClass[A.Class].push_back(A.Array);
  std::string Classes;
  for (const char *C : {"coalesced", "uncoalesced", "constant", "mixed",
                        "unclassified"}) {
    auto It = ByClass.find(C);
    if (It != ByClass.end())
      Classes += fmt::format("{}{} {}", Classes.empty() ? "" : "; ", C,
                             fmt::join(It->second, ", "));
  }
  if (!Classes.empty())
    Out += fmt::format("      accesses: {}\n", Classes);
  for (const SharedCandidate &S : M.Shared)
    Out += fmt::format("      shared memory: '{}' ({}) is read {:.4g} times "
                       "per thread, each element by {} threads of a block: "
                       "worth staging in shared memory{}\n",
                       S.Array, S.Text, S.ReadsPerThread, S.ThreadsSharing,
                       S.Uncoalesced.empty()
                           ? std::string()
                           : fmt::format("; the block's tile loads would "
                                         "also replace the uncoalesced "
                                         "reads of {}",
                                         fmt::join(S.Uncoalesced, ", ")));
  // Said when the other rule costs (may alias) or saves (restrict) 5 % or
  // more; the other way round the model contradicts itself (an extra store
  // cannot make a kernel faster): nothing is said.
  if (M.OtherAliasSeconds && M.Seconds > 0 &&
      (M.OtherIsMayAlias ? *M.OtherAliasSeconds >= 1.05 * M.Seconds
                         : *M.OtherAliasSeconds <= M.Seconds / 1.05)) {
    const double Ratio = *M.OtherAliasSeconds / M.Seconds;
    const std::string Which =
        fmt::format("'{}'", fmt::join(M.OtherAliasAccesses, "', '"));
    if (M.OtherIsMayAlias)
      Out += fmt::format(
          "      aliasing: if the kernel's pointers are plain (no "
          "__restrict__), nvcc must assume they overlap and keeps the "
          "uncoalesced store of {} in its loop: {} ({:.1f}x); declare them "
          "__restrict__ or accumulate in a local variable to get the "
          "estimate above\n",
          Which, formatSeconds(*M.OtherAliasSeconds), Ratio);
    else
      Out += fmt::format(
          "      aliasing: with __restrict__ pointers (or a local "
          "accumulator) {} stays in a register: {} ({:.1f}x faster)\n",
          Which, formatSeconds(*M.OtherAliasSeconds), 1 / Ratio);
  }
  if (M.Chosen)
    for (const std::string &A : M.Estimate.Assumptions)
      Out += fmt::format("      assumed: {}\n", A);
  return Out;
}

std::string renderPortText(const PortReport &R) {
  std::string Out = fmt::format(
      "{}: function '{}' ported to {} (model: {}{})\n", where(R.FunctionLoc),
      R.Function, R.Gpu, R.Model,
      R.ModelNote.empty() ? std::string() : ", " + R.ModelNote);
  for (const PortedKernel &K : R.Kernels) {
    Out += fmt::format("\nkernel '{}': the loop '{}' at {}", K.Name, K.Loop,
                       where(K.Loc));
    if (!K.Part.empty())
      Out += fmt::format(" (distributed: its statements at {})", K.Part);
    if (!K.HostLoops.empty())
      Out += fmt::format(", launched {} times by the host loop{} {}",
                         K.Launches, K.HostLoops.size() > 1 ? "s" : "",
                         fmt::join(K.HostLoops, ", "));
    Out += "\n";
    if (!K.Problem.empty()) {
      Out += fmt::format("  not estimated: {}\n", K.Problem);
      continue;
    }
    for (size_t I = 0; I < K.Mappings.size(); ++I) {
      const PortedMapping &M = K.Mappings[I];
      const CycleEstimate &C = M.Estimate.Cycles;
      Out += fmt::format("  {}. {:<10} {}  {:>10}{}  {}\n", I + 1, M.Name,
                         M.Estimate.Config.str(), formatSeconds(M.Seconds),
                         M.Chosen ? " *" : "  ",
                         C.Bound.empty() ? "" : "bound: " + C.Bound);
      if (!C.Breakdown.empty())
        Out += fmt::format("      {}\n", C.Breakdown);
      if (M.Tiling)
        Out += tilingText(*M.Tiling);
      Out += insights(M);
    }
  }
  // A loop with no one integer variable (`for (it->i = 0; ...)`) by its
  // place alone.
  auto Named = [](const SequentialLoop &L) {
    return L.Loop.empty() || L.Loop[0] == '/' ? std::string("loop")
                                              : "loop '" + L.Loop + "'";
  };
  for (const SequentialLoop &L : R.Distributed)
    Out += fmt::format("\n{} at {} is distributed {}", Named(L), where(L.Loc),
                       L.Why);
  for (const SequentialLoop &L : R.NotParallel)
    Out += fmt::format("\n{} at {} stays sequential: {}", Named(L),
                       where(L.Loc), L.Why);
  for (const SequentialLoop &L : R.LeftSequential)
    Out += fmt::format("\n{} at {} is left to the CPU (not estimated): {}",
                       Named(L), where(L.Loc), L.Why);
  if (!R.NotParallel.empty() || !R.LeftSequential.empty() ||
      !R.Distributed.empty())
    Out += "\n";
  Out += fmt::format("\npredicted GPU time of '{}' (the mappings marked *): "
                     "{}",
                     R.Function, formatSeconds(R.TotalSeconds));
  if (!R.LeftSequential.empty())
    Out += fmt::format("; not included: the {} loop{} left to the CPU",
                       R.LeftSequential.size(),
                       R.LeftSequential.size() == 1 ? "" : "s");
  for (const std::string &L : R.UncountedLoops)
    Out += fmt::format("; per iteration of {} (its count is not known)", L);
  Out += "\n";
  return Out;
}

} // namespace warplint
