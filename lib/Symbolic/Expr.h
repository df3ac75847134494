//===- Expr.h - Symbolic integer expressions --------------------*- C++ -*-===//
//
// Immutable integer expressions over named symbols (threadIdx.x, blockDim.y,
// kernel parameters, loop iteration counters, named unknowns), kept in a
// canonical form: a sum of products with integer coefficients, where the
// factors are symbols or non-polynomial atoms (division and modulo, min/max,
// comparisons and logic). Two expressions that are equal as polynomials are
// structurally equal, so `==` is meaningful.
//
// Arithmetic follows C on int64: `/` truncates toward zero and `%` takes the
// sign of the dividend. A division is only simplified when it is exact for
// every value of its symbols.
//
// Pure: no Clang header, unit-tested with plain values.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_EXPR_H
#define WARPLINT_SYMBOLIC_EXPR_H

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace warplint {
namespace sym {

/// What a symbol stands for. Decides thread dependence and how later stages
/// bind it (launch configuration, loop enumeration, assumptions).
enum class SymbolKind {
  ThreadIdx, ///< threadIdx.{x,y,z}: differs between the lanes of a warp.
  BlockIdx,  ///< blockIdx.{x,y,z}
  BlockDim,  ///< blockDim.{x,y,z}
  GridDim,   ///< gridDim.{x,y,z}
  LoopIter,  ///< a loop's iteration number, 0, 1, 2, ...
  LoopVar,   ///< a non-affine induction variable (s >>= 1), by its name
  Param,     ///< a kernel parameter's (scalar) value
  Unknown,   ///< any other value the frontend could not express
};

const char *toString(SymbolKind K);

/// A symbol's name as the source has it: the suffixes the frontend adds to
/// keep values apart (`i#2`, a second `i`; `m@loop0`, m as a loop changes
/// it; `n?3`, a value of a dry run) dropped.
std::string displayName(const std::string &Name);

enum class Op {
  Const,
  Sym,
  Add, // operands: terms; a constant term, if any, is the last operand
  Mul, // Value is the coefficient; operands: the factors, sorted
  Div,
  Mod,
  Min,
  Max,
  Lt,
  Le,
  Eq,
  Ne,
  And,
  Or,
  Not,
  Select, // c ? a : b
};

struct Node;

class Expr {
public:
  /// The constant 0.
  Expr();
  Expr(int64_t V); // NOLINT: implicit, so that `E + 1` reads naturally.

  static Expr constant(int64_t V) { return Expr(V); }
  /// A symbol. \p ThreadDependent says whether it may differ between the
  /// threads of one block (threadIdx always does; an unknown may).
  static Expr symbol(std::string Name, SymbolKind Kind,
                     bool ThreadDependent = false);

  static Expr add(const Expr &A, const Expr &B);
  static Expr sub(const Expr &A, const Expr &B);
  static Expr mul(const Expr &A, const Expr &B);
  static Expr neg(const Expr &A) { return mul(A, Expr(-1)); }
  static Expr div(const Expr &A, const Expr &B);
  static Expr mod(const Expr &A, const Expr &B);
  static Expr min(const Expr &A, const Expr &B);
  static Expr max(const Expr &A, const Expr &B);
  static Expr lt(const Expr &A, const Expr &B);
  static Expr le(const Expr &A, const Expr &B);
  static Expr gt(const Expr &A, const Expr &B) { return lt(B, A); }
  static Expr ge(const Expr &A, const Expr &B) { return le(B, A); }
  static Expr eq(const Expr &A, const Expr &B);
  static Expr ne(const Expr &A, const Expr &B);
  static Expr logicalAnd(const Expr &A, const Expr &B);
  static Expr logicalOr(const Expr &A, const Expr &B);
  static Expr logicalNot(const Expr &A);
  static Expr select(const Expr &C, const Expr &A, const Expr &B);
  /// A << B and A >> B for a constant B (multiplication / division by 2^B).
  static std::optional<Expr> shl(const Expr &A, const Expr &B);
  static std::optional<Expr> shr(const Expr &A, const Expr &B);

  Op op() const;
  bool isConst() const { return op() == Op::Const; }
  std::optional<int64_t> asConst() const;
  /// For Const: the value; for Mul: the coefficient.
  int64_t value() const;
  /// For Sym.
  const std::string &name() const;
  SymbolKind symbolKind() const;
  bool symbolThreadDependent() const;
  const std::vector<Expr> &operands() const;

  /// Whether the value may differ between the threads of one block.
  bool isThreadDependent() const;
  /// Whether any symbol of kind \p K occurs.
  bool mentions(SymbolKind K) const;
  bool mentions(const std::string &SymbolName) const;
  /// Every symbol that occurs, by name.
  void collectSymbols(std::map<std::string, Expr> &Out) const;

  /// Replaces symbols by expressions; the result is re-simplified.
  Expr substitute(const std::map<std::string, Expr> &Bindings) const;
  /// The conditions of the `c ? a : b` selections that occur, outermost
  /// first, each once (appended to \p Out when not already there).
  void collectSelectConditions(std::vector<Expr> &Out) const;
  /// Replaces each selection whose condition is in \p Decided by the side
  /// that condition picks; the result is re-simplified.
  Expr decideSelects(const std::map<Expr, bool> &Decided) const;
  /// Evaluates with the given symbol values; std::nullopt when a symbol has
  /// no value or an operation is undefined (division by zero, overflow).
  std::optional<int64_t>
  evaluate(const std::function<std::optional<int64_t>(const Expr &Sym)>
               &Value) const;
  std::optional<int64_t>
  evaluate(const std::map<std::string, int64_t> &Values) const;

  /// The coefficient of symbol \p Name when the expression is affine in it
  /// (c * Name + rest, rest free of Name), else std::nullopt.
  std::optional<Expr> coefficientOf(const std::string &Name) const;

  /// C-like text, e.g. "blockDim.x*blockIdx.x + threadIdx.x".
  std::string str() const;
  /// The same for a message to the user: each symbol by its name in the
  /// source (displayName), not the name that keeps it apart from others.
  std::string text() const;

  /// Structural total order (equality is polynomial equality).
  int compare(const Expr &O) const;
  bool operator==(const Expr &O) const { return compare(O) == 0; }
  bool operator!=(const Expr &O) const { return compare(O) != 0; }
  bool operator<(const Expr &O) const { return compare(O) < 0; }

  /// The expression's node (opaque outside lib/Symbolic: ExprInternal.h).
  const Node *node() const { return N.get(); }

private:
  explicit Expr(std::shared_ptr<const Node> N) : N(std::move(N)) {}
  static Expr make(Op O, std::vector<Expr> Ops, int64_t Value = 0);
  friend struct Poly;
  std::shared_ptr<const Node> N;
};

inline Expr operator+(const Expr &A, const Expr &B) { return Expr::add(A, B); }
inline Expr operator-(const Expr &A, const Expr &B) { return Expr::sub(A, B); }
inline Expr operator*(const Expr &A, const Expr &B) { return Expr::mul(A, B); }
inline Expr operator/(const Expr &A, const Expr &B) { return Expr::div(A, B); }
inline Expr operator%(const Expr &A, const Expr &B) { return Expr::mod(A, B); }
inline Expr operator-(const Expr &A) { return Expr::neg(A); }

/// The built-in index variables, e.g. threadIdx('x').
Expr threadIdx(char Dim);
Expr blockIdx(char Dim);
Expr blockDim(char Dim);
Expr gridDim(char Dim);

} // namespace sym
} // namespace warplint

#endif
