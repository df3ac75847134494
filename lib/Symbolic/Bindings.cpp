//===- Bindings.cpp - Symbol values for repeated evaluation ---------------===//
#include "Symbolic/Bindings.h"
#include "ExprInternal.h"

#include <atomic>


namespace warplint {
namespace sym {

uint64_t Bindings::nextId() {
  static std::atomic<uint64_t> Next{1};
  return Next.fetch_add(1, std::memory_order_relaxed);
}

Bindings::Bindings(const std::map<std::string, int64_t> &M) : Id(nextId()) {
  for (const auto &[Name, V] : M)
    set(Name, V);
}

unsigned Bindings::slot(const std::string &Name) {
  auto [It, New] = Index.try_emplace(Name, unsigned(Names.size()));
  if (New) {
    Names.push_back(Name);
    Values.push_back(0);
    Known.push_back(0);
  }
  return It->second;
}

void Bindings::unset(const std::string &Name) {
  auto It = Index.find(Name);
  if (It != Index.end())
    Known[It->second] = 0;
}

std::optional<int64_t> Bindings::get(const std::string &Name) const {
  auto It = Index.find(Name);
  if (It == Index.end() || !Known[It->second])
    return std::nullopt;
  return Values[It->second];
}

std::optional<int64_t> Bindings::lookup(const Expr &Sym) const {
  constexpr unsigned SlotBits = 20;
  const Node *N = Sym.node();
  const uint64_t C = N->SlotCache.load(std::memory_order_relaxed);
  if ((C >> SlotBits) == Id) {
    const unsigned S = unsigned(C & ((1u << SlotBits) - 1));
    return Known[S] ? std::optional<int64_t>(Values[S]) : std::nullopt;
  }
  auto It = Index.find(Sym.name());
  if (It == Index.end())
    return std::nullopt;
  if (It->second < (1u << SlotBits) && Id < (uint64_t(1) << (64 - SlotBits)))
    N->SlotCache.store((Id << SlotBits) | It->second,
                       std::memory_order_relaxed);
  return Known[It->second] ? std::optional<int64_t>(Values[It->second])
                           : std::nullopt;
}

// Bindings::evaluate is in ExprEvaluate.cpp, next to the evaluator.

std::map<std::string, int64_t> Bindings::toMap() const {
  std::map<std::string, int64_t> M;
  for (size_t I = 0; I < Names.size(); ++I)
    if (Known[I])
      M[Names[I]] = Values[I];
  return M;
}

} // namespace sym
} // namespace warplint
