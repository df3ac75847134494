//===- MappingSpec.cpp - --port-map and --port-block ----------------------===//
//
// The user's choice of mapping and block shape for `warplint --port`. See
// LoopMapping.h.
//
//===----------------------------------------------------------------------===//
#include "Facts/LoopMapping.h"

#include "llvm/ADT/StringRef.h"

namespace warplint {

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
    if (Var.empty() || (Dim != "x" && Dim != "y" && Dim != "inside")) {
      Error = "expected 'x=VAR', 'y=VAR' or 'inside=VAR', not '" +
              Item.trim().str() + "'";
      return std::nullopt;
    }
    std::string &To = Dim == "x" ? S.X : Dim == "y" ? S.Y : S.Inside;
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
  if (S.Inside.empty() != M.InThread.empty() ||
      (!S.Inside.empty() && Loops[M.InThread.front()].Var != S.Inside))
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

} // namespace warplint
