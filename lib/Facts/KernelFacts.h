//===- KernelFacts.h - What the frontend knows about a kernel ---*- C++ -*-===//
//
// Plain data extracted from the AST for every __global__ function: its
// parameters, __shared__ buffers, memory accesses with symbolic indices,
// barriers, branches, loops, launch sites and __launch_bounds__. No Clang
// type appears here; source positions are plain file/line/column.
//
// The JSON form (toJSON) is documented in docs/facts-schema.md.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FACTS_KERNELFACTS_H
#define WARPLINT_FACTS_KERNELFACTS_H

#include "Symbolic/Expr.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace json {
class Value;
}
} // namespace llvm

namespace warplint {

struct SourceLoc {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  /// The frontend's own encoding of the position (a clang SourceLocation),
  /// meaningful only inside the process that extracted the facts; lets the
  /// checks point diagnostics at the exact place. 0 when unknown.
  uint64_t Raw = 0;
  bool valid() const { return Line != 0; }
};

/// Where a fact came from inside a __device__ callee: the chain of call
/// sites from the kernel down to the callee, outermost first.
using CallChain = std::vector<SourceLoc>;

enum class MemorySpace { Global, Shared, Local, Constant, Unknown };
const char *toString(MemorySpace S);

struct ParamFacts {
  std::string Name;
  std::string Type;
  bool IsPointer = false;
  unsigned PointeeSize = 0; ///< bytes; 0 when not a pointer or incomplete
  bool PointeeConst = false;
  bool Restrict = false;
  SourceLoc Loc;
};

struct SharedBufferFacts {
  std::string Name;
  std::string ElementType;
  unsigned ElementSize = 0;
  /// Dimensions, outermost first. Empty for a scalar; for extern dynamic
  /// shared memory a single dimension of std::nullopt.
  std::vector<std::optional<int64_t>> Dims;
  bool Dynamic = false; ///< extern __shared__ T s[];
  /// A struct (`__shared__ Queues Q;`): its members' accesses are its own;
  /// no padding fix is offered for it (the member arrays are padded in the
  /// struct's declaration).
  bool Record = false;
  SourceLoc Loc;
  /// Where each dimension's size was written, begin and end (the position
  /// just past it), for fix-its on the innermost one; invalid (Line 0) when
  /// it was written inside a macro.
  std::vector<SourceLoc> DimLocs;
  std::vector<SourceLoc> DimEnds;
  std::vector<std::string> DimTexts; ///< the dimension as the user wrote it
};

/// A guard on a fact: the branch with id Branch must have gone the way
/// Taken says (for an early exit, Taken false: the exit was not taken).
struct GuardRef {
  unsigned Branch = 0;
  bool Taken = true;
};

struct AccessFacts {
  MemorySpace Space = MemorySpace::Unknown;
  /// The buffer or parameter the address is based on; empty when unknown.
  std::string Base;
  bool IsRead = false;
  bool IsWrite = false;
  bool IsAtomic = false;
  unsigned ElementSize = 0; ///< bytes per lane (16 for a float4)
  unsigned VectorWidth = 1; ///< 4 for a float4, 2 for a double2
  std::string ElementType;
  /// Index in units of ElementSize from the start of Base, flattened.
  sym::Expr Index;
  /// For a multi-dimensional array accessed with one subscript per
  /// dimension (s[ty][tx]): the subscripts, outermost first, so that a
  /// different layout (padding) can be re-analysed. Empty otherwise.
  std::vector<sym::Expr> Subscripts;
  /// The same position in bytes.
  sym::Expr ByteOffset;
  /// The source text of the access, e.g. "s_in[threadIdx.x][threadIdx.y]".
  /// Why the address is undefined in C++ (the index divides by a constant
  /// zero), quoting the subexpression; empty otherwise. Such an access is
  /// not analysed, and the checks say so.
  std::string Undefined;
  std::string Text;
  SourceLoc Loc;
  CallChain Calls;
  std::vector<unsigned> Loops; ///< enclosing loop ids, outermost first
  std::vector<GuardRef> Guards;
  /// For a field of an aggregate element (p[i].x, a float2's .y, a member
  /// of a struct in an array): the field's byte offset inside the element,
  /// and the element's size and alignment in bytes. AggregateAlign is 0
  /// when the access is not a field of an element in memory.
  unsigned FieldOffset = 0, AggregateSize = 0, AggregateAlign = 0;
  /// Bytes of ElementSize that each lane uses; 0 means all of them. Less
  /// for a vector access merged from fields that leave a gap (the .x and .z
  /// of a float4 load all 16 bytes).
  unsigned UsedBytes = 0;
  /// For an access merged from several field accesses into the one vector
  /// access nvcc emits (lib/Facts/MergeAccesses.h): the fields' texts, in
  /// source order. Empty otherwise.
  std::vector<std::string> MergedFrom;
  /// For a store whose value is read straight from memory in the same
  /// assignment (`s[ty][tx] = in[i]`): the index in Accesses of that load.
  /// A global-to-shared copy is CuMAPz's data fetch reference (Sec. 5).
  std::optional<unsigned> ValueFrom;
  /// Set only in the estimates' view of a local array the compiler places
  /// in local memory (Cost/LocalMemory.h): Space is then Global and the
  /// address the interleaved one.
  bool LocalMemory = false;
};

struct BarrierFacts {
  std::string Name; ///< __syncthreads, __syncwarp, ...
  SourceLoc Loc;
  CallChain Calls;
  std::vector<unsigned> Loops;
  std::vector<GuardRef> Guards;
};

enum class BranchKind { If, Conditional, EarlyExit, Switch, LoopExit };
const char *toString(BranchKind K);

struct BranchFacts {
  unsigned Id = 0;
  BranchKind Kind = BranchKind::If;
  sym::Expr Condition;
  bool ThreadDependent = false;
  /// For EarlyExit: return, continue or break.
  std::string ExitKind;
  std::string Text;
  SourceLoc Loc;
  CallChain Calls;
  std::vector<unsigned> Loops;
  std::vector<GuardRef> Guards; ///< enclosing branches
};

struct LoopFacts {
  unsigned Id = 0;
  std::string Kind;   ///< for, while, do
  std::string Var;    ///< induction variable as written, empty if none found
  /// The symbol standing for the iteration (a LoopIter symbol for affine
  /// loops: Var == Start + Step * Iter; a LoopVar symbol otherwise).
  std::string IterSymbol;
  bool Affine = false;
  std::optional<sym::Expr> Start;
  std::optional<sym::Expr> Bound;     ///< the compared value
  std::string Comparison;             ///< "<", "<=", ">", ">=", "!="
  std::optional<sym::Expr> Step;      ///< additive step for affine loops
  std::string Update;                 ///< e.g. "+= 1", ">>= 1", "*= 2"
  /// For non-affine loops: the variable's next value, as an expression over
  /// its own (LoopVar) symbol, e.g. "s/2" for s >>= 1.
  std::optional<sym::Expr> Next;
  std::optional<sym::Expr> TripCount; ///< symbolic where not constant
  bool ThreadDependentTripCount = false;
  /// `#pragma unroll` on the loop: 0 for a full unroll (no count), N for
  /// `#pragma unroll N` (1: not unrolled); std::nullopt without a pragma.
  std::optional<unsigned> UnrollPragma;
  std::optional<unsigned> Parent;
  unsigned Depth = 0;
  SourceLoc Loc;
  CallChain Calls;
  std::vector<GuardRef> Guards;
};

/// What a source operation is, for the instruction counts
/// (lib/Cost/InstructionCounts.h maps each kind to PTX-like instructions;
/// docs/models/instruction-counts.md has the table).
enum class OpKind {
  Add,     ///< + - (binary and unary minus), ++ --, += -=
  Mul,     ///< *
  Fma,     ///< a*b+c, a*b-c, c+=a*b on floating types (nvcc contracts them)
  Div,     ///< /
  Rem,     ///< %
  Bitwise, ///< & | ^ ~
  Shift,   ///< << >>
  Compare, ///< < <= > >= == !=, and a value tested for truth
  Logical, ///< && || !
  Select,  ///< c ? a : b
  Convert, ///< between integer and floating point, float and double, 32
           ///< and 64-bit integers
  Math,    ///< a call to a math or intrinsic function (Name: sinf, __expf)
  Call,    ///< a call to a function whose body is not analysed (Name)
  Address, ///< address arithmetic of a subscript or pointer offset that is
           ///< not a constant (Name: the memory space)
  Branch,  ///< the conditional branch of an if or a switch
};
const char *toString(OpKind K);

/// The type an operation computes in.
enum class OpType { Int32, Int64, Half, Float, Double, Other };
const char *toString(OpType T);

/// Identical operations of one source line with the same context (loops,
/// guards, call chain), aggregated: Count of them.
struct OpFacts {
  OpKind Kind = OpKind::Add;
  OpType Type = OpType::Int32;
  /// Math/Call: the function's name; Address: the memory space; Convert:
  /// "<from>-><to>" (e.g. "int32->float"); integer Div/Rem: "unsigned"
  /// when unsigned; empty otherwise.
  std::string Name;
  /// Integer Div/Rem by a constant: the divisor; 0 otherwise.
  int64_t Divisor = 0;
  unsigned Count = 1;
  SourceLoc Loc; ///< the first of the aggregated operations
  CallChain Calls;
  std::vector<unsigned> Loops;
  std::vector<GuardRef> Guards;
};

struct UnknownFacts {
  std::string Reason;
  SourceLoc Loc;
};

/// The value bound to a kernel argument at a launch site, when it is known.
struct LaunchArg {
  std::string Param;
  std::string Text;
  std::optional<sym::Expr> Value; ///< when it evaluates to an expression
};

struct Dim3Value {
  sym::Expr X{1}, Y{1}, Z{1};
};

/// A launch in a host loop run with known values: the loop, which
/// iteration (from 0) and how many the loop runs.
struct HostIteration {
  SourceLoc Loop;
  unsigned Index = 0, Trips = 0;
};

struct LaunchSiteFacts {
  std::string Kernel; ///< the kernel's name, with template arguments
  std::string Caller; ///< the host function holding the launch
  std::optional<Dim3Value> Grid, Block;
  std::string GridText, BlockText;
  std::optional<sym::Expr> SharedBytes;
  std::string Stream;
  std::vector<LaunchArg> Args;
  SourceLoc Loc;
  /// The host calls through which the launch was reached, outermost first
  /// (`run(a, b, N, 2 * N)` in main, when the launch is in run): its
  /// values are those the calls pass. Empty when the launch was
  /// interpreted in its own function, with its parameters unknown.
  CallChain Calls;
  /// For a launch through a function pointer, the pointer as written
  /// (`kern`); empty for a direct launch.
  std::string Through;
  /// The symbols of the host code that stand for the command line (main's
  /// `argc`, a flag check `checkCmdLineFlag(argc, argv, "n")`), each with
  /// its value when the program is run without arguments.
  std::map<std::string, int64_t> CommandLine;
  /// The GPU's properties the host code read before the launch
  /// (cudaGetDeviceProperties: "multiProcessorCount" -> 132), and the GPU
  /// they are of ("NVIDIA H200 (arch/h200.yaml)").
  std::map<std::string, int64_t> Device;
  std::string DeviceGpu;
  /// The conditions of the host `if`s the launch is under, each with the
  /// side it is on (`if (runShmoo) ... else launch`: {runShmoo, false}).
  std::vector<std::pair<sym::Expr, bool>> Under;
  /// The host loops run with known values the launch is in, outermost
  /// first: the launch is recorded at their first, middle and last
  /// iterations (each its own site).
  std::vector<HostIteration> Iterations;
  /// Why the launch's values cannot be trusted (the function holding it
  /// has a compile error there); empty when they can.
  std::string Unusable;
};

/// A call from another translation unit of the program to a host function
/// this one defines (main.cpp calling `bitonicSort(...)`, defined in
/// bitonicSort.cu, which launches): the values it passes, with how the
/// caller's program ran to it, for the launches in that function.
struct ExternalCall {
  std::string Function; ///< the callee's name
  /// Each argument's value, as the caller computed it; none when not a
  /// number.
  std::vector<std::optional<sym::Expr>> Args;
  SourceLoc Loc; ///< the call, in the other file
  std::map<std::string, int64_t> CommandLine, Device;
  std::vector<std::pair<sym::Expr, bool>> Under;
  std::vector<HostIteration> Iterations;
  /// A launch of a kernel the other file declares but does not define
  /// (`extern __global__ void k(...)`, relocatable device code): Function
  /// is the kernel, and this its shape and arguments there.
  std::optional<LaunchSiteFacts> Launch;
};

struct LaunchBounds {
  int64_t MaxThreadsPerBlock = 0;
  std::optional<int64_t> MinBlocksPerSM;
  std::optional<int64_t> MaxBlocksPerCluster;
};

/// A `// warplint: ...` comment in the lines right above a kernel, with the
/// text after "warplint:" (e.g. "launch grid(1024,1024) block(16,16)").
struct AnnotationFacts {
  std::string Text;
  SourceLoc Loc;
};

/// One named symbol of a kernel's expressions, with what it stands for.
struct SymbolFacts {
  std::string Name;
  sym::SymbolKind Kind = sym::SymbolKind::Unknown;
  bool ThreadDependent = false;
  std::string Origin; ///< for unknowns: why the value is not known
  SourceLoc Loc;
};

struct KernelFacts {
  std::string Name;          ///< qualified, with template arguments
  std::string TemplateArgs;  ///< e.g. "<256>", empty if not a template
  SourceLoc Loc;
  std::vector<ParamFacts> Params;
  std::vector<SharedBufferFacts> SharedBuffers;
  std::vector<AccessFacts> Accesses;
  std::vector<BarrierFacts> Barriers;
  std::vector<BranchFacts> Branches;
  std::vector<LoopFacts> Loops;
  /// Arithmetic, logic, conversions, math calls, address arithmetic and
  /// branches (not the memory accesses and barriers, which are above).
  std::vector<OpFacts> Ops;
  std::vector<LaunchSiteFacts> LaunchSites;
  std::optional<LaunchBounds> Bounds;
  std::vector<AnnotationFacts> Annotations;
  std::vector<SymbolFacts> Symbols;
  std::vector<UnknownFacts> Unknowns;
  /// `warplint --port`: what making these facts from sequential C took
  /// (a function's temporary array allocated in device memory), one
  /// sentence each; empty for a CUDA kernel.
  std::vector<std::string> PortNotes;
  /// --port: the host branches around the kernel (`if (pid != 0)`), with
  /// the side it is on; the port drops the launch when --assume's values
  /// decide the condition the other way.
  struct HostGuard {
    sym::Expr Condition;
    bool Taken = true;
    std::string Text;
    unsigned Line = 0;
  };
  std::vector<HostGuard> PortHostGuards;
};

/// The early exit (`break` out of \p Lp, or `return` from inside it) that
/// may end loop \p Lp before its count, if any.
const BranchFacts *soonerExit(const KernelFacts &K, const LoopFacts &Lp);

/// What the compile command said that matters to the analysis.
struct CompileFacts {
  std::vector<std::string> GpuArchs;
  std::optional<unsigned> MaxRegCount;
  std::string CudaPath;
  bool UsedBuiltinHeaders = true;
};

struct FileFacts {
  std::string File;
  CompileFacts Compile;
  std::vector<KernelFacts> Kernels;
  /// Kernels seen but not analysed (a template never instantiated), with the
  /// reason, and anything else outside a kernel that was not understood.
  std::vector<UnknownFacts> Unknowns;
  /// A file with compile errors: the kernels analysed are those whose own
  /// code has none. Skipped holds the others (their name, where they are,
  /// and the error that kept them out); MissingIncludes the #includes that
  /// were not found and were skipped; Errors the count of errors.
  struct Skip {
    std::string Kernel;
    SourceLoc Loc;
    std::string Reason;
  };
  std::vector<Skip> Skipped;
  std::vector<UnknownFacts> MissingIncludes; ///< Reason: the name
  unsigned Errors = 0;
  /// The host code asked for the GPU's properties (cudaGetDeviceProperties,
  /// cudaDeviceGetAttribute): its launches depend on the GPU analysed.
  bool ReadsDevice = false;
};

/// The schema version of toJSON's output (docs/facts-schema.md).
constexpr int FactsSchemaVersion = 1;

llvm::json::Value toJSON(const FileFacts &F);
llvm::json::Value toJSON(const KernelFacts &K);

/// Replaces symbols by expressions in every access (index, byte offset,
/// subscripts), branch condition and loop expression of \p K: a kernel
/// with its blocks reordered (ChannelSkew), or with the roles of two
/// thread indices swapped (the coalescing advice).
void substituteSymbols(KernelFacts &K,
                       const std::map<std::string, sym::Expr> &Bindings);

} // namespace warplint

#endif
