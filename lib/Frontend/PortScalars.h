//===- PortScalars.h - Scalars and exits of a port's loops ------*- C++ -*-===//
//
// `warplint --port` (docs/port.md): what the frontend checks of a loop's
// statements before its iterations may become threads or its statements
// separate loops: the scalars each statement writes and reads, how the
// loop may be left early, and whether a scalar's value after the loop is
// read.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PORTSCALARS_H
#define WARPLINT_FRONTEND_PORTSCALARS_H

#include "Facts/LoopMapping.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <set>
#include <vector>

namespace warplint {
namespace detail {

/// The scalars a body statement \p S writes and reads that are declared
/// outside it, by name, into \p P (BodyPart); what it declares counts as
/// written, for the statements after it use it. Induction variables of
/// `for` loops are left out.
/// \p Taken: the locals whose address the function takes; a statement
/// using one, or reading or writing through a local pointer, uses what a
/// local pointer may point at (one pseudo-scalar), which keeps such
/// statements together (`s += a[i]; b[i] = *ps;` with ps = &s).
void partScalars(const clang::Stmt *S, const clang::SourceManager &SM,
                 const std::set<const clang::VarDecl *> &Taken, BodyPart &P);
/// The locals whose address \p F takes (`&s`).
void addressTakenLocals(const clang::FunctionDecl &F,
                        std::set<const clang::VarDecl *> &Out);

/// The first statement in \p S that leaves the loop it is the body of: a
/// `break` or `continue` not inside an inner loop (`break` not inside a
/// `switch` either), a `return`, a `goto`; nullptr when none. With
/// \p ContinueToo false, a `continue` does not count.
const clang::Stmt *leavesLoop(const clang::Stmt *S, bool ContinueToo,
                              bool InLoop = false, bool InSwitch = false);

/// What \p S writes when it is an assignment (`=`, `+=`, ...) or `++`/`--`:
/// its left side (operand); nullptr otherwise.
const clang::Expr *writtenLhs(const clang::Stmt *S);

/// The local variables \p S reads, by declaration.
void readVars(const clang::Stmt *S, std::set<const clang::VarDecl *> &Out);

/// Where \p V's value after the loop \p FS of \p F (inside the loops
/// \p Around) is read: the first read after the loop, or in a loop around
/// it before it, that no write always run before it kills; an invalid
/// location when the value is dead.
clang::SourceLocation readAfter(const clang::VarDecl *V,
                                const clang::ForStmt *FS,
                                const clang::FunctionDecl &F,
                                const std::vector<const clang::Stmt *> &Around,
                                clang::ASTContext &Ctx);

/// The first write in \p Parts (statements of the loop \p FS of \p F) to
/// a scalar that threads would share: a global or static variable, a
/// member of a struct declared outside the loop, or a local declared
/// outside it whose address the function takes. Its name in \p Name and
/// kind in \p Kind; nullptr when none. The structs of \p Private are
/// each iteration's own (CarriedScalars::privateStructs).
const clang::Stmt *sharedWrite(const std::vector<const clang::Stmt *> &Parts,
                               const clang::ForStmt *FS,
                               const clang::FunctionDecl &F,
                               const clang::SourceManager &SM,
                               std::string &Name, std::string &Kind,
                               const std::set<const clang::VarDecl *> &Private = {});

/// The first call in \p Parts (statements of the loop \p FS) that may
/// change what the port does not see: one to a function with no body in
/// the file that is not C's math library (printf, rand, memcpy), through a
/// pointer, to one that writes a global or static variable (or calls such
/// a function), or one passed the address of a scalar declared outside the
/// loop. Why in \p Why ("it calls 'rand', whose effects are not known
/// ..."); nullptr when none.
const clang::Stmt *unsafeCall(const std::vector<const clang::Stmt *> &Parts,
                              const clang::ForStmt *FS,
                              const clang::SourceManager &SM, std::string &Why);

/// The first statement in \p S that writes the variable \p V (an
/// assignment, ++ or --, its address taken); nullptr when none.
const clang::Stmt *writesVar(const clang::Stmt *S, const clang::ValueDecl *V);

/// The arrays and pointers of \p F used otherwise than subscripted (passed
/// to a call, assigned to a pointer, offset): what happens to them is not
/// seen, by name.
void escapingArrays(const clang::FunctionDecl &F, std::set<std::string> &Out);

/// The parameters of \p F that are tables of row pointers (`float **w`)
/// whose rows the port may take as separate arrays: never written through
/// (`w[k] = pool`, `*w = p`), not in \p Escaping. By name.
void rowTables(const clang::FunctionDecl &F,
               const std::set<std::string> &Escaping,
               std::set<std::string> &Out);

/// The members of a struct that \p F reads through a pointer parameter
/// (`points->num`) and that hold one value while it runs: the parameter is
/// never assigned, nor passed whole to a call, and no member of that name
/// is written anywhere in \p F (by any base: `q->num = 0` may be the same
/// struct). Integer members (a size) and pointers (an array of the
/// device's memory), as "PARAM->MEMBER".
void readOnlyMembers(const clang::FunctionDecl &F, std::set<std::string> &Out);

/// Per local pointer of \p F (not a parameter), the arrays and pointers
/// its initializer and the assignments to it name, transitively through
/// other local pointers (PortLoop::PointerSources).
void pointerSources(const clang::FunctionDecl &F,
                    std::map<std::string, std::vector<std::string>> &Out);

/// Whether \p Target is \p S or inside it.
bool holdsStmt(const clang::Stmt *S, const clang::Stmt *Target);

} // namespace detail
} // namespace warplint

#endif
