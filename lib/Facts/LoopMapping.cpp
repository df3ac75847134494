//===- LoopMapping.cpp - Loops of sequential C mapped to threads ----------===//
//
// See LoopMapping.h (CGPredict Sec. 3.2, docs/port.md).
//
//===----------------------------------------------------------------------===//
#include "Facts/LoopMapping.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>

namespace warplint {

const LoopFacts *loopFactsOf(const PortLoop &L, const KernelFacts &Seq) {
  for (const LoopFacts &F : Seq.Loops)
    if (F.Calls.empty() && F.Loc.Line == L.Loc.Line &&
        F.Loc.Column == L.Loc.Column)
      return &F;
  return nullptr;
}

static bool under(const AccessFacts &A, unsigned LoopId) {
  return std::find(A.Loops.begin(), A.Loops.end(), LoopId) != A.Loops.end();
}

/// Why the iterations of the loop \p F (induction variable \p Var) are not
/// independent, judged from the accesses under it; "" when they are.
static std::string dependenceUnder(const LoopFacts &F, const std::string &Var,
                                   const KernelFacts &Seq) {
  const std::string &Iter = F.IterSymbol;
  // The first write of each array under the loop.
  std::map<std::string, const AccessFacts *> Written;
  for (const AccessFacts &A : Seq.Accesses) {
    if (!A.IsWrite || !under(A, F.Id))
      continue;
    if (!A.Undefined.empty() || A.Base.empty() ||
        A.Index.mentions(sym::SymbolKind::Unknown))
      return "the element '" + A.Text + "' writes is not known";
    if (!A.Index.mentions(Iter))
      return "'" + A.Text + "' writes the same element in every iteration of '" +
             Var + "' (a reduction)";
    Written.emplace(A.Base, &A);
  }
  for (const AccessFacts &A : Seq.Accesses) {
    if (!under(A, F.Id))
      continue;
    auto W = Written.find(A.Base);
    if (W == Written.end() || A.Index == W->second->Index)
      continue;
    return "'" + A.Text + "' and '" + W->second->Text +
           "' touch different elements of '" + A.Base +
           "': an iteration of '" + Var + "' may use what another writes";
  }
  return "";
}

std::vector<LoopVerdict> parallelLoops(const std::vector<PortLoop> &Loops,
                                       const KernelFacts &Seq) {
  std::vector<LoopVerdict> R(Loops.size());
  for (size_t I = 0; I < Loops.size(); ++I) {
    const PortLoop &L = Loops[I];
    if (!L.NotMappable.empty()) {
      R[I].Why = L.NotMappable;
      continue;
    }
    const LoopFacts *F = loopFactsOf(L, Seq);
    if (!F) {
      R[I].Why = "the loop was not interpreted";
      continue;
    }
    R[I].Why = dependenceUnder(*F, L.Var, Seq);
    R[I].Parallel = R[I].Why.empty();
  }
  return R;
}

sym::Expr globalThreadIndex(char Dim) {
  return sym::blockIdx(Dim) * sym::blockDim(Dim) + sym::threadIdx(Dim);
}

std::string LoopMapping::name(const std::vector<PortLoop> &Loops) const {
  std::string S;
  static const char *Names[] = {"x", "y", "z"};
  for (size_t D = 0; D < Dims.size() && D < 3; ++D)
    S += (S.empty() ? "" : " ") + std::string(Names[D]) + "=" +
         Loops[Dims[D]].Var;
  return S;
}

std::vector<PortKernel> portKernels(const std::vector<PortLoop> &Loops,
                                    const std::vector<LoopVerdict> &Verdicts,
                                    const PortBlocks &Blocks) {
  std::vector<PortKernel> R;
  // Depth-first from the loops outside any other, in order.
  std::vector<unsigned> Stack;
  for (size_t I = Loops.size(); I-- > 0;)
    if (!Loops[I].Parent)
      Stack.push_back(unsigned(I));
  std::map<unsigned, std::vector<unsigned>> HostOf;
  while (!Stack.empty()) {
    unsigned I = Stack.back();
    Stack.pop_back();
    const PortLoop &L = Loops[I];
    std::vector<unsigned> Hosts =
        L.Parent ? HostOf[*L.Parent] : std::vector<unsigned>();
    if (!Verdicts[I].Parallel) {
      Hosts.push_back(I);
      HostOf[I] = Hosts;
      for (size_t C = L.Children.size(); C-- > 0;)
        Stack.push_back(L.Children[C]);
      continue;
    }
    PortKernel K;
    K.Root = I;
    K.HostLoops = Hosts;
    if (L.PerfectChild && !L.Children.empty() &&
        Verdicts[L.Children.front()].Parallel) {
      unsigned Inner = L.Children.front();
      K.Candidates.push_back({I, {Inner, I}, Blocks.TwoD});
      K.Candidates.push_back({I, {I, Inner}, Blocks.TwoD});
    }
    K.Candidates.push_back({I, {I}, Blocks.OneD});
    R.push_back(std::move(K));
  }
  return R;
}

std::optional<MappingSpec> parseMappingSpec(const std::string &Text,
                                            std::string &Error) {
  MappingSpec S;
  llvm::StringRef Rest(Text);
  while (!Rest.empty()) {
    auto [Item, Tail] = Rest.split(',');
    Rest = Tail;
    auto [Dim, Var] = Item.trim().split('=');
    Dim = Dim.trim();
    Var = Var.trim();
    if (Var.empty() || (Dim != "x" && Dim != "y")) {
      Error = "expected 'x=VAR' or 'y=VAR', not '" + Item.trim().str() + "'";
      return std::nullopt;
    }
    std::string &To = Dim == "x" ? S.X : S.Y;
    if (!To.empty()) {
      Error = "'" + Dim.str() + "' is given twice";
      return std::nullopt;
    }
    To = Var.str();
  }
  if (S.X.empty()) {
    Error = "no loop is given as x ('x=VAR')";
    return std::nullopt;
  }
  return S;
}

bool matchesSpec(const LoopMapping &M, const MappingSpec &S,
                 const std::vector<PortLoop> &Loops) {
  if (M.Dims.empty() || Loops[M.Dims[0]].Var != S.X)
    return false;
  if (S.Y.empty())
    return M.Dims.size() == 1;
  return M.Dims.size() == 2 && Loops[M.Dims[1]].Var == S.Y;
}

std::optional<std::array<int64_t, 3>> parseBlockShape(const std::string &Text,
                                                      std::string &Error) {
  std::array<int64_t, 3> B{{1, 1, 1}};
  llvm::StringRef Rest(Text);
  for (unsigned D = 0; D < 3 && !Rest.empty(); ++D) {
    auto [Num, Tail] = Rest.split('x');
    Rest = Tail;
    if (Num.trim().getAsInteger(10, B[D]) || B[D] < 1) {
      Error = "expected a block shape such as '32x8' or '256', not '" + Text +
              "'";
      return std::nullopt;
    }
  }
  if (!Rest.empty()) {
    Error = "a block has at most three dimensions: '" + Text + "'";
    return std::nullopt;
  }
  return B;
}

std::optional<int64_t>
loopTripCount(const PortLoop &L, const KernelFacts &Seq,
              const std::map<std::string, sym::Assumption> &Assumed,
              std::string &Why) {
  const LoopFacts *F = loopFactsOf(L, Seq);
  const std::string Where = "loop '" + L.Var + "' at line " +
                            std::to_string(L.Loc.Line);
  if (!F || !F->TripCount) {
    Why = "the trip count of " + Where + " is not known";
    return std::nullopt;
  }
  std::optional<int64_t> N =
      F->TripCount->evaluate([&](const sym::Expr &S) -> std::optional<int64_t> {
        auto It = Assumed.find(S.name());
        if (It != Assumed.end() && It->second.Equal)
          return *It->second.Equal;
        return std::nullopt;
      });
  if (!N) {
    Why = "the trip count of " + Where + " is " + F->TripCount->str() +
          ", not a constant: give its value with --assume='NAME == VALUE'";
    return std::nullopt;
  }
  return std::max<int64_t>(*N, 0);
}

LaunchConfig launchFor(const LoopMapping &M, const std::vector<int64_t> &Trips,
                       const std::vector<PortLoop> &Loops) {
  LaunchConfig C;
  C.Block = M.Block;
  for (size_t D = 0; D < M.Dims.size() && D < 3; ++D) {
    int64_t T = D < Trips.size() ? Trips[D] : 1;
    C.Grid[D] = std::max<int64_t>(1, (T + C.Block[D] - 1) / C.Block[D]);
  }
  C.From = LaunchConfig::Source::Option;
  C.Origin = "the mapping " + M.name(Loops) + " of the loops' trip counts";
  return C;
}

} // namespace warplint
