//===- OpInstructions.cpp - PTX instructions per source operation ---------===//
#include "Cost/InstructionCounts.h"

#include <cmath>
#include <set>

namespace warplint {

namespace {

bool isPowerOfTwo(int64_t V) { return V > 0 && (V & (V - 1)) == 0; }

/// Math functions that are one PTX instruction (or a fixed short sequence)
/// whatever the options: intrinsics, and library functions the compiler
/// maps onto one instruction.
double intrinsicLength(const std::string &N, bool FastMath) {
  static const std::set<std::string> One = {
      // min/max/abs and friends: min, max, abs, fma, cvt.rmi...
      "min", "max", "umin", "umax", "llmin", "llmax", "ullmin", "ullmax",
      "fminf", "fmaxf", "fmin", "fmax", "abs", "labs", "llabs", "fabsf",
      "fabs", "fmaf", "fma", "floorf", "floor", "ceilf", "ceil", "truncf",
      "trunc", "rintf", "rint", "nearbyintf", "nearbyint", "copysignf",
      "copysign", "__saturatef",
      // square roots: sqrt.rn.f32 / .f64 (prec-sqrt default), rsqrt.approx
      "sqrtf", "sqrt", "rsqrtf", "rsqrt", "__fsqrt_rn", "__fsqrt_rz",
      "__fsqrt_ru", "__fsqrt_rd", "__dsqrt_rn",
      // rounded arithmetic intrinsics
      "__fadd_rn", "__fadd_rz", "__fadd_ru", "__fadd_rd", "__fsub_rn",
      "__fmul_rn", "__fmul_rz", "__fmul_ru", "__fmul_rd", "__fmaf_rn",
      "__fmaf_rz", "__fmaf_ru", "__fmaf_rd", "__fdiv_rn", "__fdividef",
      "__frcp_rn", "__drcp_rn", "__dadd_rn", "__dmul_rn", "__fma_rn",
      "__ddiv_rn",
      // fast-math intrinsics with their own instruction
      "__sinf", "__cosf", "__log2f",
      // integer intrinsics
      "__mul24", "__umul24", "__mulhi", "__umulhi", "__mul64hi",
      "__umul64hi", "__popc", "__popcll", "__clz", "__clzll", "__brev",
      "__brevll", "__byte_perm", "__funnelshift_l", "__funnelshift_r",
      "__sad", "__usad",
      // warp-level primitives (shfl.sync, vote.sync, match)
      "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
      "__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", "__ballot_sync",
      "__all_sync", "__any_sync", "__ballot", "__all", "__any",
      "__activemask", "__match_any_sync", "__match_all_sync",
      // conversions
      "__int2float_rn", "__float2int_rn", "__float2int_rz", "__uint2float_rn",
      "__float2uint_rn", "__int2double_rn", "__double2float_rn",
      "__float2half", "__half2float", "__float_as_int", "__int_as_float",
      "__float_as_uint", "__uint_as_float", "__double_as_longlong",
      "__longlong_as_double"};
  if (One.count(N) || N.rfind("operator", 0) == 0)
    return 1;
  // ex2.approx / lg2.approx with a multiplication by a constant.
  if (N == "__expf" || N == "__logf" || N == "__exp10f" || N == "__log10f")
    return 2;
  // Classification: abs and a compare with infinity (nvcc 13 --ptx:
  // abs.f32, setp.eq.f32 ..., 0f7F800000), glibc's macros included.
  static const std::set<std::string> Classify = {
      "isinf", "isnan", "isfinite", "signbit", "__isinf", "__isinff",
      "__isnan", "__isnanf", "__finite", "__finitef", "__signbitf",
      "__builtin_isinf", "__builtin_isinf_sign", "__builtin_isnan",
      "__builtin_isfinite", "__builtin_signbit", "__builtin_isnormal"};
  if (Classify.count(N))
    return 2;
  if (N == "__powf") // lg2, mul, ex2
    return 3;
  if (N == "__tanf") // sin, cos, div
    return 3;
  if (N == "__ffs" || N == "__ffsll") // brev + clz (+1)
    return 2;
  if (FastMath) {
    // -use_fast_math maps these onto the intrinsics above.
    if (N == "sinf" || N == "cosf" || N == "log2f" || N == "exp2f")
      return 1;
    if (N == "expf" || N == "logf" || N == "exp10f" || N == "log10f")
      return 2;
    if (N == "powf" || N == "tanf")
      return 3;
  }
  return 0; // not an intrinsic
}

} // namespace

double instructionsFor(const OpFacts &Op, const InstructionMapping &M,
                       std::string *Assumption) {
  double Per = M.Simple;
  switch (Op.Kind) {
  case OpKind::Add:
  case OpKind::Mul:
  case OpKind::Fma:
  case OpKind::Bitwise:
  case OpKind::Shift:
  case OpKind::Compare:
  case OpKind::Logical:
  case OpKind::Select:
  case OpKind::Convert:
    Per = M.Simple;
    break;
  case OpKind::Div:
  case OpKind::Rem: {
    bool Float = Op.Type == OpType::Float || Op.Type == OpType::Double ||
                 Op.Type == OpType::Half;
    if (Float) {
      Per = M.FloatDiv;
      break;
    }
    if (Op.Divisor == 0) {
      Per = M.IntDiv;
      break;
    }
    bool Unsigned = Op.Name == "unsigned";
    int64_t D = Op.Divisor < 0 ? -Op.Divisor : Op.Divisor;
    if (isPowerOfTwo(D))
      Per = Unsigned ? M.IntDivPow2Unsigned : M.IntDivPow2Signed;
    else
      Per = M.IntDivConst + (Op.Kind == OpKind::Rem ? M.RemConstExtra : 0);
    break;
  }
  case OpKind::Math: {
    double L = intrinsicLength(Op.Name, M.FastMath);
    if (L > 0) {
      Per = L * M.Simple;
    } else {
      Per = M.LibraryCall;
      if (Assumption)
        *Assumption = "'" +
                      (Op.Name.rfind("__builtin_", 0) == 0
                           ? Op.Name.substr(10)
                           : Op.Name) +
                      "' counted as " +
                      std::to_string(int64_t(std::lround(M.LibraryCall))) +
                      " instructions (an estimate for a math library "
                      "function; count from PTX for the real sequence)";
    }
    break;
  }
  case OpKind::Call:
    Per = M.Call;
    if (Assumption)
      *Assumption = "the body of '" + Op.Name +
                    "' is not analysed: its call counts as " +
                    std::to_string(int64_t(std::lround(M.Call))) +
                    " instruction";
    break;
  case OpKind::Address:
    Per = M.Address;
    break;
  case OpKind::Branch:
    Per = M.Branch;
    break;
  }
  return Per * double(Op.Count);
}

} // namespace warplint
