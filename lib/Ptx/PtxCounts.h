//===- PtxCounts.h - Instruction counts from PTX text -----------*- C++ -*-===//
//
// Counts the instructions of each kernel (.entry) of a PTX file by class:
// global loads, stores and atomics, shared, constant, local and parameter
// accesses, texture and surface instructions, barriers, control transfers
// and computation. The counts are STATIC (each instruction of the text
// once); loops are found as backward branches, and weightedPtxCounts
// multiplies the instructions inside them by trip counts the caller gives
// (PTX holds no trip counts). docs/models/instruction-counts.md compares
// this with the counts from the kernel facts.
//
// No LLVM component reads PTX text (the NVPTX target writes it only), so
// the statements are split here: PTX's grammar at statement level is
// regular (`label:`, `.directive ...;`, `@%p opcode.mod operands;`).
//
// Pure: no Clang header. compileToPtx runs nvcc.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_PTX_PTXCOUNTS_H
#define WARPLINT_PTX_PTXCOUNTS_H

#include <optional>
#include <string>
#include <vector>

namespace warplint {

enum class PtxClass {
  Computation, ///< arithmetic, logic, conversions, moves, setp, fences
  Control,     ///< bra, brx, call, ret, exit
  GlobalLoad,  ///< ld/ldu.global (and cp.async from global)
  GlobalStore, ///< st.global
  GlobalAtomic, ///< atom/red.global
  Shared,      ///< ld/st/atom/red.shared
  Constant,    ///< ld.const
  Local,       ///< ld/st.local
  Param,       ///< ld/st.param
  Generic,     ///< ld/st/atom without a state space (generic addressing)
  Texture,     ///< tex, tld4, suld, sust, sured
  Sync,        ///< bar, barrier (bar.sync, bar.warp.sync, ...)
};
const char *toString(PtxClass C);

struct PtxInstruction {
  std::string Opcode; ///< with its modifiers: "ld.global.f32"
  PtxClass Class = PtxClass::Computation;
  unsigned Line = 0; ///< in the PTX text
};

/// A backward branch: the instructions First..Last (indices into
/// PtxKernel::Instructions, Last the branch) repeat.
struct PtxLoop {
  std::string Label;
  unsigned First = 0, Last = 0;
};

struct PtxClassCounts {
  double Computation = 0, Control = 0, GlobalLoads = 0, GlobalStores = 0,
         GlobalAtomics = 0, Shared = 0, Constant = 0, Local = 0, Param = 0,
         Generic = 0, Texture = 0, Sync = 0;
  double Total = 0;
  void add(PtxClass C, double N);
};

struct PtxKernel {
  std::string Name;
  std::vector<PtxInstruction> Instructions;
  std::vector<PtxLoop> Loops; ///< in the order of their branches
  PtxClassCounts Static;      ///< each instruction once
};

/// The kernels (.entry) of \p Ptx, in order; .func bodies are not counted.
/// On malformed text (an unterminated body or statement) returns
/// std::nullopt and sets \p Error to what is wrong and on which line.
std::optional<std::vector<PtxKernel>> countPtx(const std::string &Ptx,
                                               std::string &Error);

/// \p K's counts with the instructions of each loop multiplied by its trip
/// count (\p LoopTrips[i] for K.Loops[i]; nested loops multiply; loops
/// without an entry count once). The trip counts are the caller's: PTX does
/// not hold them.
PtxClassCounts weightedPtxCounts(const PtxKernel &K,
                                 const std::vector<double> &LoopTrips);

/// Runs `nvcc --ptx` on \p CudaFile with \p Args (e.g. -arch=sm_80, -I...)
/// and returns the PTX text. std::nullopt with \p Error set when nvcc is
/// not on PATH ("nvcc was not found on PATH: ...") or fails (its output).
/// \p Nvcc: the nvcc to run; empty: nvcc on PATH.
std::optional<std::string> compileToPtx(const std::string &CudaFile,
                                        const std::vector<std::string> &Args,
                                        std::string &Error,
                                        const std::string &Nvcc = "");

} // namespace warplint

#endif
