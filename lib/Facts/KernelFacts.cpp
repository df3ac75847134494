//===- KernelFacts.cpp - JSON form of the kernel facts --------------------===//
#include "Facts/KernelFacts.h"

#include "llvm/Support/JSON.h"

#include <algorithm>

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace warplint {

const char *toString(MemorySpace S) {
  switch (S) {
  case MemorySpace::Global:
    return "global";
  case MemorySpace::Shared:
    return "shared";
  case MemorySpace::Local:
    return "local";
  case MemorySpace::Constant:
    return "constant";
  case MemorySpace::Unknown:
    return "unknown";
  }
  return "unknown";
}

const char *toString(BranchKind K) {
  switch (K) {
  case BranchKind::If:
    return "if";
  case BranchKind::Conditional:
    return "conditional";
  case BranchKind::EarlyExit:
    return "early-exit";
  case BranchKind::Switch:
    return "switch";
  case BranchKind::LoopExit:
    return "loop-exit";
  }
  return "if";
}

const char *toString(OpKind K) {
  switch (K) {
  case OpKind::Add: return "add";
  case OpKind::Mul: return "mul";
  case OpKind::Fma: return "fma";
  case OpKind::Div: return "div";
  case OpKind::Rem: return "rem";
  case OpKind::Bitwise: return "bitwise";
  case OpKind::Shift: return "shift";
  case OpKind::Compare: return "compare";
  case OpKind::Logical: return "logical";
  case OpKind::Select: return "select";
  case OpKind::Convert: return "convert";
  case OpKind::Math: return "math";
  case OpKind::Call: return "call";
  case OpKind::Address: return "address";
  case OpKind::Branch: return "branch";
  }
  return "add";
}

const char *toString(OpType T) {
  switch (T) {
  case OpType::Int32: return "int32";
  case OpType::Int64: return "int64";
  case OpType::Half: return "half";
  case OpType::Float: return "float";
  case OpType::Double: return "double";
  case OpType::Other: return "other";
  }
  return "other";
}

static Value toJSON(const SourceLoc &L) {
  return Object{{"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}

static Value toJSON(const sym::Expr &E) { return E.str(); }

template <typename T> static Value optional(const std::optional<T> &V) {
  if (!V)
    return nullptr;
  return toJSON(*V);
}

static Value optionalInt(const std::optional<int64_t> &V) {
  if (!V)
    return nullptr;
  return *V;
}

static Value exprs(const std::vector<sym::Expr> &E) {
  Array A;
  for (const sym::Expr &X : E)
    A.push_back(toJSON(X));
  return A;
}

static Value calls(const CallChain &C) {
  Array A;
  for (const SourceLoc &L : C)
    A.push_back(toJSON(L));
  return A;
}

static Value loops(const std::vector<unsigned> &L) {
  Array A;
  for (unsigned I : L)
    A.push_back(I);
  return A;
}

static Value guards(const std::vector<GuardRef> &G) {
  Array A;
  for (const GuardRef &R : G)
    A.push_back(Object{{"branch", R.Branch}, {"taken", R.Taken}});
  return A;
}

static Value toJSON(const Dim3Value &D) {
  return Array{toJSON(D.X), toJSON(D.Y), toJSON(D.Z)};
}

static Array paramsJSON(const std::vector<ParamFacts> &Params) {
  Array A;
  for (const ParamFacts &P : Params)
    A.push_back(Object{{"name", P.Name},
                       {"type", P.Type},
                       {"pointer", P.IsPointer},
                       {"pointee_size", P.PointeeSize},
                       {"pointee_const", P.PointeeConst},
                       {"restrict", P.Restrict},
                       {"loc", toJSON(P.Loc)}});
  return A;
}

static Array sharedBuffersJSON(const std::vector<SharedBufferFacts> &Buffers) {
  Array A;
  for (const SharedBufferFacts &S : Buffers) {
    Array Dims;
    for (const auto &D : S.Dims)
      Dims.push_back(optionalInt(D));
    Array Texts;
    for (const auto &T : S.DimTexts)
      Texts.push_back(T);
    A.push_back(Object{{"name", S.Name},
                       {"element_type", S.ElementType},
                       {"element_size", S.ElementSize},
                       {"dims", std::move(Dims)},
                       {"dim_texts", std::move(Texts)},
                       {"dynamic", S.Dynamic},
                       {"loc", toJSON(S.Loc)}});
  }
  return A;
}

static Array accessesJSON(const std::vector<AccessFacts> &Accesses) {
  Array Out;
  for (const AccessFacts &A : Accesses) {
    Out.push_back(Object{{"space", toString(A.Space)},
                         {"base", A.Base},
                         {"read", A.IsRead},
                         {"write", A.IsWrite},
                         {"atomic", A.IsAtomic},
                         {"element_type", A.ElementType},
                         {"element_size", A.ElementSize},
                         {"vector_width", A.VectorWidth},
                         {"index", toJSON(A.Index)},
                         {"subscripts", exprs(A.Subscripts)},
                         {"byte_offset", toJSON(A.ByteOffset)},
                         {"thread_dependent", A.Index.isThreadDependent()},
                         {"text", A.Text},
                         {"undefined", A.Undefined},
                         {"loc", toJSON(A.Loc)},
                         {"calls", calls(A.Calls)},
                         {"loops", loops(A.Loops)},
                         {"guards", guards(A.Guards)}});
    if (A.ValueFrom)
      Out.back().getAsObject()->insert({"value_from", *A.ValueFrom});
    if (A.AggregateAlign) {
      Object &O = *Out.back().getAsObject();
      O.insert({"field_offset", A.FieldOffset});
      O.insert({"aggregate_size", A.AggregateSize});
      O.insert({"aggregate_align", A.AggregateAlign});
    }
    if (!A.MergedFrom.empty()) {
      Array M;
      for (const std::string &T : A.MergedFrom)
        M.push_back(T);
      Out.back().getAsObject()->insert({"merged_from", std::move(M)});
      Out.back().getAsObject()->insert(
          {"used_bytes", A.UsedBytes ? A.UsedBytes : A.ElementSize});
    }
  }
  return Out;
}

static Array barriersJSON(const std::vector<BarrierFacts> &Barriers) {
  Array A;
  for (const BarrierFacts &B : Barriers)
    A.push_back(Object{{"name", B.Name},
                       {"loc", toJSON(B.Loc)},
                       {"calls", calls(B.Calls)},
                       {"loops", loops(B.Loops)},
                       {"guards", guards(B.Guards)}});
  return A;
}

static Array branchesJSON(const std::vector<BranchFacts> &Branches) {
  Array A;
  for (const BranchFacts &B : Branches)
    A.push_back(Object{{"id", B.Id},
                       {"kind", toString(B.Kind)},
                       {"exit", B.ExitKind},
                       {"condition", toJSON(B.Condition)},
                       {"thread_dependent", B.ThreadDependent},
                       {"text", B.Text},
                       {"loc", toJSON(B.Loc)},
                       {"calls", calls(B.Calls)},
                       {"loops", loops(B.Loops)},
                       {"guards", guards(B.Guards)}});
  return A;
}

static Array loopsJSON(const std::vector<LoopFacts> &Loops) {
  Array A;
  for (const LoopFacts &L : Loops)
    A.push_back(
        Object{{"id", L.Id},
               {"kind", L.Kind},
               {"var", L.Var},
               {"iter_symbol", L.IterSymbol},
               {"affine", L.Affine},
               {"start", optional(L.Start)},
               {"bound", optional(L.Bound)},
               {"comparison", L.Comparison},
               {"step", optional(L.Step)},
               {"update", L.Update},
               {"next", optional(L.Next)},
               {"trip_count", optional(L.TripCount)},
               {"thread_dependent_trip_count", L.ThreadDependentTripCount},
               {"unroll_pragma", L.UnrollPragma ? Value(*L.UnrollPragma)
                                                : Value(nullptr)},
               {"parent", L.Parent ? Value(*L.Parent) : Value(nullptr)},
               {"depth", L.Depth},
               {"loc", toJSON(L.Loc)},
               {"calls", calls(L.Calls)},
               {"guards", guards(L.Guards)}});
  return A;
}

static Array opsJSON(const std::vector<OpFacts> &Ops) {
  Array A;
  for (const OpFacts &O : Ops) {
    A.push_back(Object{{"op", toString(O.Kind)},
                       {"type", toString(O.Type)},
                       {"what", O.Name},
                       {"count", O.Count},
                       {"loc", toJSON(O.Loc)},
                       {"calls", calls(O.Calls)},
                       {"loops", loops(O.Loops)},
                       {"guards", guards(O.Guards)}});
    if (O.Divisor)
      A.back().getAsObject()->insert({"divisor", O.Divisor});
  }
  return A;
}

static Object commandLineJSON(const std::map<std::string, int64_t> &M) {
  Object O;
  for (const auto &[Name, V] : M)
    O[Name] = V;
  return O;
}

static Array underJSON(const std::vector<std::pair<sym::Expr, bool>> &U) {
  Array A;
  for (const auto &[Cond, Taken] : U)
    A.push_back(Object{{"condition", Cond.text()}, {"taken", Taken}});
  return A;
}

static Array iterationsJSON(const std::vector<HostIteration> &I) {
  Array A;
  for (const HostIteration &H : I)
    A.push_back(Object{{"loop", toJSON(H.Loop)},
                       {"index", int64_t(H.Index)},
                       {"trips", int64_t(H.Trips)}});
  return A;
}

static Array launchSitesJSON(const std::vector<LaunchSiteFacts> &Sites) {
  Array Out;
  for (const LaunchSiteFacts &L : Sites) {
    Array Args;
    for (const LaunchArg &A : L.Args)
      Args.push_back(Object{
          {"param", A.Param}, {"text", A.Text}, {"value", optional(A.Value)}});
    Out.push_back(Object{{"caller", L.Caller},
                         {"grid", optional(L.Grid)},
                         {"block", optional(L.Block)},
                         {"grid_text", L.GridText},
                         {"block_text", L.BlockText},
                         {"shared_bytes", optional(L.SharedBytes)},
                         {"stream", L.Stream},
                         {"args", std::move(Args)},
                         {"calls", calls(L.Calls)},
                         {"through", L.Through},
                         {"command_line", commandLineJSON(L.CommandLine)},
                         {"device", commandLineJSON(L.Device)},
                         {"device_gpu", L.DeviceGpu},
                         {"under", underJSON(L.Under)},
                         {"iterations", iterationsJSON(L.Iterations)},
                         {"unusable", L.Unusable},
                         {"loc", toJSON(L.Loc)}});
  }
  return Out;
}

static Value launchBoundsJSON(const std::optional<LaunchBounds> &Bounds) {
  if (!Bounds)
    return nullptr;
  return Object{{"max_threads_per_block", Bounds->MaxThreadsPerBlock},
                {"min_blocks_per_sm", optionalInt(Bounds->MinBlocksPerSM)},
                {"max_blocks_per_cluster",
                 optionalInt(Bounds->MaxBlocksPerCluster)}};
}

static Array symbolsJSON(const std::vector<SymbolFacts> &Symbols) {
  Array A;
  for (const SymbolFacts &S : Symbols)
    A.push_back(Object{{"name", S.Name},
                       {"kind", sym::toString(S.Kind)},
                       {"thread_dependent", S.ThreadDependent},
                       {"origin", S.Origin},
                       {"loc", toJSON(S.Loc)}});
  return A;
}

static Array unknownsJSON(const std::vector<UnknownFacts> &Unknowns) {
  Array A;
  for (const UnknownFacts &U : Unknowns)
    A.push_back(Object{{"reason", U.Reason}, {"loc", toJSON(U.Loc)}});
  return A;
}

static Array annotationsJSON(const std::vector<AnnotationFacts> &Annotations) {
  Array A;
  for (const AnnotationFacts &N : Annotations)
    A.push_back(Object{{"text", N.Text}, {"loc", toJSON(N.Loc)}});
  return A;
}

Value toJSON(const KernelFacts &K) {
  return Object{{"name", K.Name},
                {"annotations", annotationsJSON(K.Annotations)},
                {"template_args", K.TemplateArgs},
                {"loc", toJSON(K.Loc)},
                {"params", paramsJSON(K.Params)},
                {"shared", sharedBuffersJSON(K.SharedBuffers)},
                {"accesses", accessesJSON(K.Accesses)},
                {"barriers", barriersJSON(K.Barriers)},
                {"branches", branchesJSON(K.Branches)},
                {"loops", loopsJSON(K.Loops)},
                {"ops", opsJSON(K.Ops)},
                {"launch_sites", launchSitesJSON(K.LaunchSites)},
                {"launch_bounds", launchBoundsJSON(K.Bounds)},
                {"symbols", symbolsJSON(K.Symbols)},
                {"unknowns", unknownsJSON(K.Unknowns)}};
}

Value toJSON(const FileFacts &F) {
  Array Kernels;
  for (const KernelFacts &K : F.Kernels)
    Kernels.push_back(toJSON(K));
  Array Skipped;
  for (const FileFacts::Skip &S : F.Skipped)
    Skipped.push_back(Object{{"kernel", S.Kernel},
                             {"loc", toJSON(S.Loc)},
                             {"reason", S.Reason}});
  Array Archs;
  for (const std::string &A : F.Compile.GpuArchs)
    Archs.push_back(A);
  return Object{
      {"schema_version", FactsSchemaVersion},
      {"file", F.File},
      {"compile",
       Object{{"gpu_archs", std::move(Archs)},
              {"maxrregcount", F.Compile.MaxRegCount
                                   ? Value(*F.Compile.MaxRegCount)
                                   : Value(nullptr)},
              {"cuda_path", F.Compile.CudaPath},
              {"builtin_cuda_headers", F.Compile.UsedBuiltinHeaders}}},
      {"kernels", std::move(Kernels)},
      {"unknowns", unknownsJSON(F.Unknowns)},
      {"errors", F.Errors},
      {"reads_device", F.ReadsDevice},
      {"skipped_kernels", std::move(Skipped)},
      {"missing_includes", unknownsJSON(F.MissingIncludes)}};
}

void substituteSymbols(KernelFacts &K,
                       const std::map<std::string, sym::Expr> &B) {
  for (AccessFacts &A : K.Accesses) {
    A.Index = A.Index.substitute(B);
    A.ByteOffset = A.ByteOffset.substitute(B);
    for (sym::Expr &S : A.Subscripts)
      S = S.substitute(B);
  }
  for (BranchFacts &Br : K.Branches)
    Br.Condition = Br.Condition.substitute(B);
  for (LoopFacts &Lp : K.Loops)
    for (auto *E : {&Lp.Start, &Lp.Bound, &Lp.Step, &Lp.Next, &Lp.TripCount})
      if (*E)
        **E = (*E)->substitute(B);
}

const BranchFacts *soonerExit(const KernelFacts &K, const LoopFacts &Lp) {
  for (const BranchFacts &B : K.Branches) {
    if (B.Kind != BranchKind::EarlyExit || B.Loops.empty())
      continue;
    if ((B.ExitKind == "break" && B.Loops.back() == Lp.Id) ||
        (B.ExitKind == "return" &&
         std::find(B.Loops.begin(), B.Loops.end(), Lp.Id) != B.Loops.end()))
      return &B;
  }
  return nullptr;
}

} // namespace warplint
