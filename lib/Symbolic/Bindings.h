//===- Bindings.h - Symbol values for repeated evaluation -------*- C++ -*-===//
//
// The values of symbols while the same expressions are evaluated many times
// with a few values changing (a lane's thread index, a warp's block): each
// name has a slot, and a symbol node remembers its slot, so an evaluation
// does no string look-up once warm. Evaluates exactly as Expr::evaluate with
// the same values would.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_BINDINGS_H
#define WARPLINT_SYMBOLIC_BINDINGS_H

#include "Symbolic/Expr.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace warplint {
namespace sym {

class Program;

class Bindings {
public:
  Bindings() : Id(nextId()) {}
  explicit Bindings(const std::map<std::string, int64_t> &Values);
  // A copy numbers its later slots on its own: it gets its own id, so that
  // a symbol node's cached slot (Node::SlotCache) is never read across.
  Bindings(const Bindings &O)
      : Names(O.Names), Values(O.Values), Known(O.Known), Index(O.Index),
        Id(nextId()) {}
  Bindings &operator=(const Bindings &O) {
    Names = O.Names;
    Values = O.Values;
    Known = O.Known;
    Index = O.Index;
    Id = nextId();
    return *this;
  }

  /// The slot of \p Name, created (without a value) on first use.
  unsigned slot(const std::string &Name);
  void set(unsigned Slot, int64_t Value) {
    Values[Slot] = Value;
    Known[Slot] = 1;
  }
  void set(const std::string &Name, int64_t Value) { set(slot(Name), Value); }
  void unset(const std::string &Name);
  std::optional<int64_t> get(const std::string &Name) const;
  std::optional<int64_t> get(unsigned Slot) const {
    return Slot < Known.size() && Known[Slot] ? std::optional<int64_t>(Values[Slot])
                                              : std::nullopt;
  }

  /// E's value with these bindings; std::nullopt where Expr::evaluate
  /// gives it (a symbol without a value, division by zero, overflow).
  std::optional<int64_t> evaluate(const Expr &E) const;

  /// Every bound name with its value.
  std::map<std::string, int64_t> toMap() const;

private:
  friend class Program; // reads the slots directly
  std::optional<int64_t> lookup(const Expr &Sym) const;

  std::vector<std::string> Names;
  std::vector<int64_t> Values;
  std::vector<char> Known;
  std::unordered_map<std::string, unsigned> Index;
  /// Unique per Bindings object (and per copy): the key of the slot each
  /// symbol node caches. A node freed and reused starts with no cache.
  uint64_t Id;
  static uint64_t nextId();
};

} // namespace sym
} // namespace warplint

#endif
