//===- InterpreterValue.h - The interpreter's values -------------*- C++ -*-===//
//
// Internal to lib/Frontend (Interpreter.h): the value of an expression
// (a symbolic scalar, a pointer, a dim3, a struct), an lvalue, and the
// locals' environment.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_INTERPRETERVALUE_H
#define WARPLINT_FRONTEND_INTERPRETERVALUE_H

#include "Facts/KernelFacts.h"

#include "clang/AST/Decl.h"

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

namespace warplint {
namespace detail {

using SymExpr = sym::Expr;
using sym::SymbolKind;
using namespace clang;

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

struct Value {
  enum KindT { Unknown, Scalar, Pointer, Dim3, Struct } Kind = Unknown;
  SymExpr E;                 // Scalar: the value; Pointer: the byte offset
  std::string Root;       // Pointer: what the address is based on
  MemorySpace Space = MemorySpace::Unknown;
  SymExpr D[3] = {SymExpr(1), SymExpr(1), SymExpr(1)}; // Dim3
  bool ThreadDep = false; // Unknown/Struct: may differ between threads
  // Pointer: the subscripts applied so far to the array named by Root,
  // while the pointer is still a plain s[i][j]... chain (SubsValid).
  std::vector<SymExpr> Subs;
  bool SubsValid = false;
  /// Unknown, in host code (HostMode): a floating-point value that is a
  /// known number (`ceil((float)NX / 32.0f)`), kept to convert back.
  std::optional<double> Real;
  /// Struct, in host code: the integer members the host code set
  /// (`cfg.n = 1 << 20`, `Cfg c = {1024, 128}`, cudaGetDeviceProperties);
  /// a member not here is unknown.
  std::map<const FieldDecl *, SymExpr> Fields;
  /// Struct: a cudaDeviceProp the host filled (cudaGetDeviceProperties).
  bool DeviceProps = false;

  static Value scalar(SymExpr X) {
    Value V;
    V.Kind = Scalar;
    V.E = std::move(X);
    return V;
  }
  static Value pointer(std::string Root, MemorySpace S, SymExpr Offset) {
    Value V;
    V.Kind = Pointer;
    V.Root = std::move(Root);
    V.Space = S;
    V.E = std::move(Offset);
    return V;
  }
  static Value unknown(bool ThreadDep) {
    Value V;
    V.ThreadDep = ThreadDep;
    return V;
  }
  static Value real(double R) {
    Value V;
    V.Real = R;
    return V;
  }
  bool threadDependent() const {
    switch (Kind) {
    case Scalar:
    case Pointer:
      return E.isThreadDependent();
    case Dim3:
      return D[0].isThreadDependent() || D[1].isThreadDependent() ||
             D[2].isThreadDependent();
    default:
      return ThreadDep;
    }
  }
  bool operator==(const Value &O) const {
    if (Kind != O.Kind)
      return false;
    switch (Kind) {
    case Scalar:
      return E == O.E;
    case Pointer:
      return E == O.E && Root == O.Root && Space == O.Space;
    case Dim3:
      return D[0] == O.D[0] && D[1] == O.D[1] && D[2] == O.D[2];
    case Struct:
      return Root == O.Root && Fields == O.Fields &&
             DeviceProps == O.DeviceProps;
    case Unknown:
      return ThreadDep == O.ThreadDep && Real == O.Real;
    }
    return false;
  }
};

/// An lvalue: a local variable, a place in memory, or something else.
struct LValue {
  enum KindT { None, Var, Memory } Kind = None;
  const ValueDecl *Decl = nullptr;
  Value Ptr; // Memory: a Pointer value
  QualType Type;
  // Memory, a field of an aggregate element (p[i].x): the field's offset in
  // the outermost element and that element's size and alignment.
  unsigned FieldOffset = 0, AggregateSize = 0, AggregateAlign = 0;
  /// Memory reached through a reference (RefToMemory): the source text of
  /// the place it was bound to (`a[k + 1]`), which names the access.
  std::string BoundText;
};

/// The locals' values: a map kept as a vector sorted by declaration
/// address. Branches, calls and loops copy the whole environment, and a
/// copy of a vector is one allocation where a std::map's is one per local;
/// iteration order (by address) is that of the std::map it replaced.
/// References and iterators are invalidated by inserting a new local.
class Env {
public:
  using value_type = std::pair<const ValueDecl *, Value>;
  using iterator = std::vector<value_type>::iterator;
  using const_iterator = std::vector<value_type>::const_iterator;

  iterator begin() { return Items.begin(); }
  iterator end() { return Items.end(); }
  const_iterator begin() const { return Items.begin(); }
  const_iterator end() const { return Items.end(); }
  size_t size() const { return Items.size(); }

  iterator find(const ValueDecl *D) {
    iterator It = lowerBound(D);
    return It != Items.end() && It->first == D ? It : Items.end();
  }
  const_iterator find(const ValueDecl *D) const {
    return const_cast<Env *>(this)->find(D);
  }
  size_t count(const ValueDecl *D) const { return find(D) != end(); }
  Value &operator[](const ValueDecl *D) {
    // Appending in order (a merge, a copy filled in address order) is the
    // common case.
    if (Items.empty() || std::less<const ValueDecl *>()(Items.back().first, D)) {
      Items.emplace_back(D, Value());
      return Items.back().second;
    }
    iterator It = lowerBound(D);
    if (It != Items.end() && It->first == D)
      return It->second;
    return Items.emplace(It, D, Value())->second;
  }
  size_t erase(const ValueDecl *D) {
    iterator It = find(D);
    if (It == Items.end())
      return 0;
    Items.erase(It);
    return 1;
  }

  /// The locals of \p Keys, with their values in \p From where it has
  /// them and in \p Keys otherwise; \p From's other locals are left in it
  /// (the moved values are left empty).
  static Env restrict(Env &&From, const Env &Keys) {
    Env R;
    R.Items.reserve(Keys.size());
    iterator F = From.Items.begin(), FE = From.Items.end();
    for (const value_type &K : Keys.Items) {
      while (F != FE && std::less<const ValueDecl *>()(F->first, K.first))
        ++F;
      if (F != FE && F->first == K.first)
        R.Items.emplace_back(K.first, std::move(F->second));
      else
        R.Items.push_back(K);
    }
    return R;
  }

private:
  iterator lowerBound(const ValueDecl *D) {
    return std::lower_bound(Items.begin(), Items.end(), D,
                            [](const value_type &A, const ValueDecl *B) {
                              return std::less<const ValueDecl *>()(A.first, B);
                            });
  }
  std::vector<value_type> Items;
};

} // namespace detail
} // namespace warplint

#endif
