//===- PortCalls.cpp - Calls a port's loop may make -----------------------===//
//
// `warplint --port`: which calls keep a loop's iterations from becoming
// threads (PortScalars.h, unsafeCall).
//
//===----------------------------------------------------------------------===//
#include "Frontend/PortScalars.h"
#include "Frontend/Interpreter.h"

#include <set>

namespace warplint {
namespace detail {

namespace {

/// C's math library (with its float and long double forms) and the
/// compiler's builtins of the same names: functions of their arguments
/// only. frexp, modf, remquo, sincos write through a pointer: not here.
bool pureLibraryFunction(llvm::StringRef N) {
  N.consume_front("__builtin_");
  // glibc's forms of the classification macros: isinf() is
  // __builtin_isinf_sign, __isnan, __finite.
  N = N.ltrim('_');
  for (const char *C : {"isinf_sign", "fpclassify", "isnormal", "finite",
                        "finitef", "isgreater", "isless", "isunordered"})
    if (N == C)
      return true;
  static const char *const Pure[] = {
      "sin",   "cos",   "tan",    "asin",  "acos",   "atan",  "atan2",
      "sinh",  "cosh",  "tanh",   "asinh", "acosh",  "atanh", "exp",
      "exp2",  "expm1", "log",    "log2",  "log10",  "log1p", "logb",
      "pow",   "sqrt",  "cbrt",   "hypot", "fabs",   "fmod",  "floor",
      "ceil",  "round", "trunc",  "rint",  "nearbyint", "lround", "llround",
      "lrint", "llrint", "fmin",  "fmax",  "fdim",   "fma",   "copysign",
      "erf",   "erfc",  "tgamma", "ldexp", "scalbn", "ilogb", "remainder",
      "nextafter", "abs", "labs", "llabs", "isnan", "isinf", "isfinite",
      "signbit", "expect"};
  for (const char *P : Pure) {
    llvm::StringRef Name(P);
    if (N == Name ||
        (N.size() == Name.size() + 1 && N.starts_with(Name) &&
         (N.back() == 'f' || N.back() == 'l')))
      return true;
  }
  return false;
}

/// Why a call to \p FD (its body, and the calls in it, \p Depth deep) may
/// change memory the port does not see: a global or static variable it
/// writes, a call whose effects are not known. Empty when none.
std::string calleeEffects(const FunctionDecl *FD, unsigned Depth,
                          std::set<const FunctionDecl *> &Seen);

std::string effectsIn(const Stmt *S, unsigned Depth,
                      std::set<const FunctionDecl *> &Seen) {
  if (!S)
    return "";
  const clang::Expr *Lhs = writtenLhs(S);
  if (Lhs) {
    const clang::Expr *E = strip(Lhs);
    while (true) {
      if (const auto *ME = dyn_cast<MemberExpr>(E))
        E = strip(ME->getBase());
      else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
        E = strip(AS->getBase());
      else
        break;
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
        if (V->hasGlobalStorage())
          return "which writes '" + V->getName().str() + "', " +
                 (V->isStaticLocal() ? "a static variable"
                                     : "a global variable");
  }
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    std::string W = calleeEffects(CE->getDirectCallee(), Depth + 1, Seen);
    if (!W.empty())
      return W;
  }
  for (const Stmt *C : S->children()) {
    std::string W = effectsIn(C, Depth, Seen);
    if (!W.empty())
      return W;
  }
  return "";
}

std::string calleeEffects(const FunctionDecl *FD, unsigned Depth,
                          std::set<const FunctionDecl *> &Seen) {
  if (!FD)
    return "which is called through a pointer: what it does is not known";
  const std::string Name = FD->getNameAsString();
  if (pureLibraryFunction(Name))
    return "";
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return "whose effects are not known (not a math library function, and "
           "no body in this file)";
  if (!Seen.insert(Def).second)
    return "";
  if (Depth > 8)
    return "whose calls are nested too deep to follow";
  std::string W = effectsIn(Def->getBody(), Depth, Seen);
  if (!W.empty() && Depth > 0)
    return W + " (in the call to '" + Name + "')";
  return W;
}

const Stmt *findUnsafeCall(const Stmt *S, const ForStmt *FS,
                           const SourceManager &SM, std::string &Why) {
  if (!S)
    return nullptr;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    const std::string Name = FD ? FD->getNameAsString() : std::string("?");
    const std::string At =
        " (line " +
        std::to_string(SM.getPresumedLineNumber(SM.getFileLoc(CE->getBeginLoc()))) +
        ")";
    std::set<const FunctionDecl *> Seen;
    std::string W = calleeEffects(FD, 0, Seen);
    if (!W.empty()) {
      Why = "it calls '" + Name + "'" + At + ", " + W;
      return S;
    }
    // `acc(&s, v)`: the callee may write a scalar every thread would share.
    for (const clang::Expr *Arg : CE->arguments())
      if (const auto *UO = dyn_cast<UnaryOperator>(strip(Arg)))
        if (UO->getOpcode() == UO_AddrOf)
          if (const auto *D = dyn_cast<DeclRefExpr>(strip(UO->getSubExpr())))
            if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
              if (!V->getType()->isArrayType() &&
                  !(SM.isBeforeInTranslationUnit(FS->getBeginLoc(),
                                                 V->getLocation()) &&
                    SM.isBeforeInTranslationUnit(V->getLocation(),
                                                 FS->getEndLoc()))) {
                Why = "it passes the address of '" + V->getName().str() +
                      "' to '" + Name + "'" + At +
                      ", which may write it: every thread would share it";
                return S;
              }
  }
  for (const Stmt *C : S->children())
    if (const Stmt *R = findUnsafeCall(C, FS, SM, Why))
      return R;
  return nullptr;
}

} // namespace

const Stmt *unsafeCall(const std::vector<const Stmt *> &Parts,
                       const ForStmt *FS, const SourceManager &SM,
                       std::string &Why) {
  for (const Stmt *P : Parts)
    if (const Stmt *R = findUnsafeCall(P, FS, SM, Why))
      return R;
  return nullptr;
}

} // namespace detail
} // namespace warplint
