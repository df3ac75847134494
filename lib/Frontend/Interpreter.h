//===- Interpreter.h - The abstract interpreter behind the facts -*- C++ -*-===//
//
// Internal to lib/Frontend. The interpreter runs each statement once, in
// order; branches are run on both sides and their environments merged with
// select(); loops are run once on a generic iteration whose loop-carried
// variables are first found by a dry run (variables that grow by a
// loop-invariant amount become affine in the loop's iteration symbol, the
// rest become named unknowns). The core (AST helpers, symbols, entry
// points) is in Interpreter.cpp, statements in InterpreterStmt.cpp, loops in
// InterpreterLoop.cpp, expressions and operators in InterpreterExpr.cpp,
// lvalues, casts and memory in InterpreterMemory.cpp, calls in
// InterpreterCall.cpp, and the recorded operations in InterpreterOps.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_INTERPRETER_H
#define WARPLINT_FRONTEND_INTERPRETER_H

#include "Facts/ArchSpec.h"
#include "Facts/KernelFacts.h"
#include "InterpreterValue.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprObjC.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace warplint {
namespace detail {

using SymExpr = sym::Expr;
using sym::SymbolKind;
using namespace clang;

/// Control-flow summary of a statement.
struct Flow {
  bool AlwaysExits = false; // every path ends in return/break/continue
  const char *ExitKind = nullptr;
};

/// What a loop's dry run finds about the locals it carries from one
/// iteration to the next.
struct LoopCarried {
  // Loop-carried locals whose value the loop can change, in a fixed order.
  std::vector<const ValueDecl *> Carried;
  std::map<const ValueDecl *, SymExpr> Placeholder, Growth, EndValue;
  std::map<const ValueDecl *, bool> EndThreadDep;
};

/// After a host loop ran with known values (Interpreter::OnHostLoopDone):
/// the items recorded in it, launch sites or calls (their HostIteration at
/// \p Depth is \p Loop's, with Trips 0), get \p Trips and are kept at the
/// loop's first, middle and last iterations; with \p Trips 0 (the loop was
/// not one of known values) they are all dropped.
template <class T>
void keepRepresentative(std::vector<T> &Items, const SourceLoc &Loop,
                        unsigned Depth, unsigned Trips) {
  std::set<unsigned> Keep;
  if (Trips > 0)
    Keep = {0u, Trips / 2, Trips - 1};
  Items.erase(std::remove_if(Items.begin(), Items.end(),
                             [&](T &Item) {
                               if (Item.Iterations.size() <= Depth)
                                 return false;
                               HostIteration &H = Item.Iterations[Depth];
                               if (H.Trips != 0 || H.Loop.Raw != Loop.Raw ||
                                   H.Loop.Line != Loop.Line)
                                 return false;
                               H.Trips = Trips;
                               return !Keep.count(H.Index);
                             }),
              Items.end());
}

//===----------------------------------------------------------------------===//
// Helpers on the AST
//===----------------------------------------------------------------------===//

/// Looks through parentheses, cleanups, temporaries, substituted template
/// parameters and opaque values.
const clang::Expr *strip(const clang::Expr *E);
/// Whether \p N names a CUDA vector type (float4, ...), and its width.
bool isCudaVectorTypeName(StringRef N, unsigned &Width);
/// threadIdx.x and friends, in clang's property form or as a plain member.
std::optional<SymExpr> builtinIndex(const clang::Expr *E);
/// __syncthreads, __syncwarp, the fences, ...
bool isBarrierName(StringRef N);
/// The induction variable of a `for` loop as `warplint --port` maps it:
/// set by the init (`int i = 0` or `i = 0`), stepped by the increment by a
/// constant (`i++`, `--i`, `i += 2`) into \p Step; null otherwise.
const ValueDecl *portInductionVar(const ForStmt *FS, ASTContext &Ctx,
                                  int64_t &Step);

//===----------------------------------------------------------------------===//
// The interpreter
//===----------------------------------------------------------------------===//

class Interpreter {
public:
  Interpreter(ASTContext &Ctx, KernelFacts &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out) {}

  /// Host-side mode: only launch sites are wanted.
  std::function<void(const CUDAKernelCallExpr *, Interpreter &)> OnLaunch;
  /// Host-side mode: a host loop run with known values (the one at \p Loop,
  /// \p Depth loops deep) has ended after \p Trips iterations: the
  /// launches recorded in it (their HostIteration at Depth has Trips 0) are
  /// kept at its first, middle and last iterations; with \p Trips 0 the
  /// loop was not one of known values and they are all dropped.
  std::function<void(const SourceLoc &Loop, unsigned Depth, unsigned Trips)>
      OnHostLoopDone;
  bool HostMode = false;
  /// Host-side mode: the GPU the host program runs on, for
  /// cudaGetDeviceProperties and cudaDeviceGetAttribute (null: unknown).
  const HostDevice *Device = nullptr;
  /// Host-side mode: the host code asked for the GPU's properties.
  bool ReadDevice = false;
  /// Host-side mode: constants another file of the program defines
  /// (`extern const uint MAX_SHORT_ARRAY_SIZE;` here, `= 4 * 256` there).
  const std::map<std::string, int64_t> *ExternConstants = nullptr;
  /// Host-side mode: the GPU's properties the host code read so far.
  const std::map<std::string, int64_t> &deviceReads() const {
    return DeviceReads;
  }
  /// Host-side mode: the functions inlined at their calls (those that
  /// reach a launch), so that a launch sees its callers' values.
  const std::set<const FunctionDecl *> *HostInline = nullptr;
  /// The call sites inlined to reach the statement being run, outermost
  /// first, and the function it is in (null in the function run first).
  const CallChain &callChain() const { return Calls; }
  /// Host-side mode: the symbols that stand for the command line so far
  /// (main's `argc`, a flag check `checkCmdLineFlag(argc, argv, "n")`),
  /// each with its value when the program is run without arguments.
  const std::map<std::string, int64_t> &commandLine() const {
    return CommandLine;
  }
  /// Host-side mode: the host loops run with known values the statement
  /// being run is in, outermost first.
  const std::vector<HostIteration> &hostIterations() const { return HostLoops; }
  /// Host-side mode: the conditions of the `if`s the statement being run
  /// is under, each with the side taken.
  std::vector<std::pair<SymExpr, bool>> hostGuards() const {
    std::vector<std::pair<SymExpr, bool>> R = OuterUnder;
    for (const GuardRef &G : Guards)
      if (G.Branch < HostConds.size())
        R.push_back({HostConds[G.Branch], G.Taken});
    return R;
  }
  /// Inside a loop's dry run (its values are placeholders, not recorded).
  bool inDryRun() const { return DryRun > 0; }
  const FunctionDecl *currentFunction() const {
    return CallStack.empty() ? nullptr : CallStack.back();
  }

  void runKernel(const FunctionDecl &FD);
  /// \p From: the call of another translation unit that reaches \p FD
  /// (its parameters take the values it passes; the launches say it).
  void runHostFunction(const FunctionDecl &FD,
                       const ExternalCall *From = nullptr);
  /// Host-side mode: a call of a function the translation unit declares
  /// but does not define (not a system header's), with its arguments'
  /// values, when the launches are not muted.
  std::function<void(const CallExpr *, const FunctionDecl *,
                     const std::vector<Value> &, Interpreter &)>
      OnExternalCall;
  /// `warplint --port` (InterpreterPort.cpp): the loop nest \p Root of the
  /// sequential function \p FD as a kernel. Each loop of ParallelLoops
  /// runs once, its induction variable start + step x the thread index
  /// given, its condition a guard; the sequential loops around Root are
  /// the host's (their variables kernel parameters); of the statements
  /// before it only the declarations run.
  void runPorted(const FunctionDecl &FD, const Stmt *Root);
  std::map<const Stmt *, SymExpr> ParallelLoops;
  /// Tiled ports: the parallel loops whose condition holds for every thread
  /// (a loop over the tile, as many iterations as the block's threads): no
  /// guard; the loops a __syncthreads follows; the local arrays that are
  /// the block's __shared__ buffers.
  std::set<const Stmt *> UnguardedLoops;
  std::set<const Stmt *> BarrierAfterLoops;
  std::set<const VarDecl *> PortShared;
  /// The port: the arrays the function declares outside the kernel's loop
  /// nest (before it, or in a host loop around it). Each thread of every
  /// launch sees the same array, so the port allocates it in device
  /// memory: its accesses are global ones, not a thread's local array.
  std::set<const VarDecl *> PortDeviceArrays;
  /// The port: statements of a distributed loop's body that this kernel's
  /// copy does not run (lib/Facts/LoopDistribution.cpp).
  std::set<const Stmt *> PortSkip;
  /// The port: a distributed loop two of whose copies are in this kernel's
  /// nest runs once per copy, in order, each time without the statements
  /// that copy does not keep.
  std::map<const Stmt *, std::vector<std::set<const Stmt *>>> PortSplit;
  /// The port: a parameter `float C[N][N]` (a pointer to arrays) records
  /// one subscript per dimension of its accesses (AccessFacts::Subscripts).
  bool ArrayPointerSubscripts = false;
  /// `warplint --port`: a pointer read from an array of pointers of device
  /// memory (`float **w`: w[k]) is a row of its own in device memory, so
  /// that `w[k][j]` is a global access with the subscripts [k][j].
  bool PortRows = false;
  /// The pointer tables whose rows PortRows may take apart: parameters of
  /// the function never written through (`w[k] = pool`), nor used
  /// otherwise than subscripted.
  std::set<std::string> PortRowTables;
  /// The members read through a pointer parameter that hold one value
  /// while the function runs (readOnlyMembers: "points->num"): a
  /// parameter by that name, which --assume gives.
  std::set<std::string> PortValueMembers;

  Value eval(const clang::Expr *E);
  std::string text(const clang::Expr *E) const;
  SourceLoc loc(SourceLocation L) const;

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  KernelFacts &Out;

  Env Vars;
  std::vector<GuardRef> Guards;
  std::vector<unsigned> LoopStack;
  /// The `#pragma unroll` of the statement being executed, for the loop it
  /// stands on (consumed by that loop's LoopFacts).
  std::optional<unsigned> PendingUnroll;
  CallChain Calls;
  std::map<std::string, int64_t> CommandLine;
  /// Host code reached from another translation unit: the `if`s that call
  /// is under there.
  std::vector<std::pair<SymExpr, bool>> OuterUnder;
  /// Host code: the condition of each `if` run (a guard's Branch).
  std::vector<SymExpr> HostConds;
  /// The members of local objects that loops seen so far assign (`grid.x`
  /// in `grid.x *= 2`; "*" for the whole object), by object.
  std::map<const ValueDecl *, std::set<std::string>> AssignedMembers;
  /// Host loops run with known values (execHostLoop): > 0 while the
  /// launches met are not recorded (an iteration that is not one of the
  /// representative ones), the iterations being run, outermost first, and
  /// the loop iterations run so far against a budget.
  unsigned MuteLaunches = 0;
  std::vector<HostIteration> HostLoops;
  unsigned HostLoopSteps = 0;
  /// Runs a host loop iteration by iteration when its condition is a
  /// known number each time; std::nullopt (nothing changed) otherwise.
  std::optional<Flow> execHostLoop(const Stmt *Loop, const clang::Expr *CondE,
                                   const clang::Expr *Inc, const Stmt *Body,
                                   bool IsDo);
  /// A host loop's condition as a number: its value, or its value when the
  /// program runs without arguments.
  std::optional<int64_t> hostCondition(const clang::Expr *CondE);
  /// \p Returned: the loop ended on a `return` (a search in a table).
  std::optional<unsigned> runHostLoop(const clang::Expr *CondE,
                                      const clang::Expr *Inc, const Stmt *Body,
                                      bool IsDo, SourceLoc Where,
                                      bool &Returned);
  std::vector<const FunctionDecl *> CallStack;
  /// Pointer parameters of inlined calls that point at a caller's local
  /// (`divmod(i, d, &q, &r)`): `*p` and `p[0]` are that local.
  std::map<const ValueDecl *, const ValueDecl *> PointsToLocal;
  /// References bound to memory (`float &x = a[i]`, a parameter `const
  /// float &x` given `a[k + 1]`): the place, fixed when bound; reads and
  /// writes through the reference are accesses of it.
  std::map<const ValueDecl *, LValue> RefToMemory;
  /// The memory places of the glvalue arguments of the call being inlined
  /// (evalCall to inlineCall), by argument.
  std::vector<std::optional<LValue>> PendingRefArgs;
  /// In a method called on an object in memory (`local_q.concat()` with
  /// `__shared__ Queues local_q`, `p->f()`): `this`, a pointer to it.
  std::optional<Value> ThisPointer;
  unsigned DryRun = 0; // > 0: nothing is recorded
  unsigned NextBranch = 0, NextLoop = 0;
  std::set<std::string> UsedNames;
  // Per base name, the suffix below which every "base#i" is taken (names
  // are never released), so that finding a free one is not quadratic.
  std::map<std::string, unsigned> NextSuffix;
  std::map<std::string, SymbolFacts> SymbolInfo;
  std::set<const VarDecl *> SeenShared;
  // The value returned by the device function being inlined.
  std::optional<Value> ReturnValue;
  bool MultipleReturns = false;
  /// The guards the function being run was called under (inlineCall).
  size_t ReturnGuardDepth = 0;
  /// In a method called on a local object (`Loader l; l.init(...)`): its
  /// members, like a local struct's, are values, not memory accesses.
  bool ThisIsLocal = false;
  /// Reference parameters of the calls being inlined that name a caller's
  /// local (`RDWT53Column &column`): objects of the thread, as locals are.
  std::set<const ValueDecl *> LocalRefs;
  unsigned FreshCounter = 0;
  // Operations (KernelFacts::Ops): each AST node is recorded once per
  // inlined instance of its function (InlineInstance; 0 in the kernel),
  // identical ones of a line aggregate into one entry (OpIndex).
  unsigned InlineInstance = 0, NextInlineInstance = 0;
  std::set<std::pair<const void *, unsigned>> SeenOps;
  std::unordered_map<std::string, size_t> OpIndex;
  // Floating multiplications contracted into an fma with their addition.
  std::set<const clang::Expr *> FusedMuls;

  bool recording() const { return DryRun == 0 && !HostMode; }
  void bindKernelParameters(const FunctionDecl &FD);
  Flow execToward(const Stmt *S, const Stmt *Root);
  Flow execParallelLoop(const ForStmt *FS, const SymExpr &Thread);

  // Symbols
  std::string uniqueName(const std::string &Base);
  SymExpr unknownSymbol(const std::string &Name, bool ThreadDep,
                     const std::string &Why, SourceLocation L);
  void unknownFact(const std::string &Why, SourceLocation L);
  void noteSymbol(const SymExpr &S, const std::string &Origin, SourceLocation L);

  // Statements
  Flow exec(const Stmt *S);
  Flow execCompound(const CompoundStmt *CS);
  Flow execIf(const IfStmt *IS);
  /// A loop met during another loop's dry run: one unrecorded pass.
  Flow execLoopSummary(const clang::Expr *CondE, const clang::Expr *Inc,
                       const clang::Stmt *Body);
  Flow execLoop(const Stmt *Loop, const Stmt *Init, const clang::Expr *Cond,
                const clang::Expr *Inc, const Stmt *Body, const char *Kind);
  void execDecl(const VarDecl *VD);
  Flow execSwitch(const SwitchStmt *SS);
  /// Host code: the case of \p SS that \p Value selects, run to its break.
  std::optional<Flow> execSwitchCase(const SwitchStmt *SS, int64_t Value);

  // Loops (InterpreterLoop.cpp)
  void dryRunLoop(const clang::Expr *CondE, const clang::Expr *Inc,
                  const Stmt *Body, const std::set<const ValueDecl *> &Assigned,
                  Env &Before, LoopCarried &LC);
  void bindCarried(LoopCarried &LC, Env &Before,
                   const std::set<const ValueDecl *> &Assigned,
                   const ValueDecl *IV, const SymExpr &Iter, unsigned Id,
                   LoopFacts &LF);
  void recordLoopBounds(LoopFacts &LF, LoopCarried &LC, Env &Before,
                        const ValueDecl *IV, const BinaryOperator *CondCmp,
                        bool IVOnLeft, const clang::Expr *Inc,
                        const Stmt *Body);
  std::optional<int64_t> geometricTripCount(const ValueDecl *IV,
                                            BinaryOperatorKind Opc,
                                            int64_t Start, int64_t Bound,
                                            const clang::Expr *Inc,
                                            const Stmt *Body);
  void leaveLoop(const Env &Before, const std::set<const ValueDecl *> &Assigned,
                 unsigned Id);

  // Expressions
  LValue evalLValue(const clang::Expr *E);
  Value load(const LValue &LV, const clang::Expr *E);
  void recordAccess(const LValue &LV, const clang::Expr *E, bool Read,
                    bool Write, bool Atomic = false);
  /// A whole struct read or written (`s[i] = rA[j]`): one access per scalar
  /// field, as nvcc copies it (MergeAccesses then merges what it merges);
  /// a CUDA vector type (float4) or a struct of other members, one access.
  void recordAggregateAccess(const LValue &LV, const clang::Expr *E, bool Read,
                             bool Write);
  Value evalBinary(const BinaryOperator *BO);
  Value evalAssign(const BinaryOperator *BO);
  Value evalCompoundAssign(const BinaryOperator *BO);
  Value evalLogical(const BinaryOperator *BO);
  Value evalUnary(const UnaryOperator *UO);
  Value evalConditional(const ConditionalOperator *CO);
  /// Host code's floating-point arithmetic on known numbers
  /// (InterpreterReal.cpp): the value of \p E when it is a floating
  /// computation, a conversion from or to floating point, or a comparison
  /// of floating values; std::nullopt for other expressions.
  std::optional<Value> evalReal(const clang::Expr *E);
  static std::optional<double> realOf(const Value &V);
  Value evalImplicitCast(const ImplicitCastExpr *IC);
  Value evalExplicitCast(const ExplicitCastExpr *CE);
  Value evalMember(const MemberExpr *ME);
  Value evalCall(const CallExpr *CE);
  /// A call into cooperative_groups whose meaning is known (thread_rank,
  /// size, sync, ...): its value, with the barrier recorded; std::nullopt
  /// for any other call.
  std::optional<Value> evalCooperativeGroups(const CallExpr *CE,
                                             const FunctionDecl *Callee,
                                             StringRef Name);
  Value evalConstruct(const CXXConstructExpr *CE);
  Value evalChildren(const clang::Expr *E, const std::string &Why);
  Value assign(const LValue &LV, const Value &V, const clang::Expr *E);
  Value inlineCall(const FunctionDecl *Callee, const CallExpr *CE,
                   std::vector<Value> Args);
  SymExpr asExpr(const Value &V, const clang::Expr *E);
  Value pointerArith(const Value &Ptr, const Value &Off, QualType PointeeTy,
                     bool Subtract);
  void recordBarrier(StringRef Name, SourceLocation L);
  /// A branch on \p Cond (written \p CondE, at \p L) in the current
  /// context: its call chain, enclosing loops and guards.
  BranchFacts branchFact(unsigned Id, BranchKind K, const SymExpr &Cond,
                         const clang::Expr *CondE, SourceLocation L) const;
  void recordOp(OpKind K, OpType T, const void *Node, SourceLocation L,
                std::string Name = "", int64_t Divisor = 0);
  /// recordOp for an expression, unless it is a compile-time constant.
  void recordExprOp(OpKind K, QualType T, const clang::Expr *E,
                    std::string Name = "", int64_t Divisor = 0);
  void recordBinaryOp(const BinaryOperator *BO);
  /// Whether the compiler folds \p E to a constant: clang's isEvaluatable,
  /// but an arithmetic node is decided from its operands (memoised), so that
  /// a chain of n operations costs n, not n^2 (`a[t + 1 + ... + 1]`).
  bool foldable(const clang::Expr *E);
  /// Why an access expression is undefined (a division by a constant
  /// zero in it), or "".
  std::string divisionByZeroIn(const clang::Expr *E);
  std::map<const clang::Expr *, bool> Foldable;
  unsigned EvalDepth = 0;
  bool SaidTooDeep = false;

  // Host code (InterpreterHost.cpp).
  /// Host functions inlined so far that do not reach a launch (helpers
  /// computing sizes), against a budget.
  unsigned HelpersInlined = 0;
  /// The globals some code of the translation unit writes (computed once).
  std::optional<std::set<const VarDecl *>> WrittenGlobals;
  /// A call that reads the command line (an argument of type char **)
  /// and answers yes or no: a symbol of its own, false when the program
  /// is run without arguments (CommandLine).
  std::optional<Value> commandLineCall(const CallExpr *CE,
                                       const FunctionDecl *Callee);
  /// A host function with a body that computes a value or writes one
  /// through a parameter (`getNumBlocksAndThreads(n, .., blocks,
  /// threads)`): inlined as the launchers are.
  const FunctionDecl *hostHelper(const FunctionDecl *Callee);
  /// Host code: the locals a call that is not followed is given by
  /// reference or address are unknown after it.
  void forgetOutArguments(const CallExpr *CE, const FunctionDecl *Callee);
  /// A global of the file never written by its code, with an initializer
  /// (`int MATRIX_SIZE_X = 1024;`): that value.
  std::optional<Value> globalInitialValue(const VarDecl *VD);
  /// Host structs (`Cfg c = {1 << 20, 128}; c.threads = 256;`): the object
  /// \p E makes, its integer members read and set; hostMemberStore is
  /// false when \p LHS is not a member of a host struct local (\p V none:
  /// the member becomes unknown).
  std::optional<Value> hostRecord(const clang::Expr *E);
  Value hostMember(const MemberExpr *ME, const Value &Base);
  bool hostMemberStore(const clang::Expr *LHS, std::optional<SymExpr> V);
  /// cudaGetDeviceProperties and cudaDeviceGetAttribute: what they write
  /// from Device; none for another call.
  std::optional<Value> deviceCall(const CallExpr *CE, const FunctionDecl *Callee);
  std::map<std::string, int64_t> DeviceReads;
  /// A constant table of host code (`sSMtoCores t[] = {{0x90, 128}, ...}`
  /// never written): the element or member \p E reads, at a known index.
  std::optional<Value> hostTableRead(const clang::Expr *E);
  std::map<const VarDecl *, bool> ReadOnlyTables;
  void recordCastOp(const CastExpr *CE);
  void recordCallOp(const CallExpr *CE, const FunctionDecl *Callee,
                    StringRef Name);
  OpType opType(QualType T) const;
  void recordSharedBuffer(const VarDecl *VD);
  Value rootOf(const VarDecl *VD);
  unsigned typeSize(QualType T) const;
  void collectAssigned(const Stmt *S, std::set<const ValueDecl *> &Assigned);
  void havoc(const std::set<const ValueDecl *> &Assigned);
  void finishSymbols();
  Env mergeEnvs(const SymExpr &Cond, const Env &Then, const Env &Else);
};

/// The grid, block, shared bytes, stream and arguments of the launch \p CE
/// of \p Kernel, with \p In's values (FactsExtractor.cpp).
void launchShape(const CUDAKernelCallExpr *CE, const FunctionDecl &Kernel,
                 Interpreter &In, LaunchSiteFacts &L);

} // namespace detail
} // namespace warplint

#endif
