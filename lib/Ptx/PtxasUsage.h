//===- PtxasUsage.h - ptxas -v resource usage, parsed ------------*- C++ -*-===//
//
// `nvcc -Xptxas -v` (or `ptxas -v`) prints, for each kernel and target, the
// registers and static shared memory the compiled code uses:
//
//   ptxas info    : Compiling entry function '_Z5scalePfi' for 'sm_80'
//   ptxas info    : Function properties for _Z5scalePfi
//       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//   ptxas info    : Used 32 registers, used 1 barriers, 4096 bytes smem, 368 bytes cmem[0]
//
// parsePtxasVerbose() reads that text (older toolkits write "A+B bytes smem"
// on 1.x, where B is the kernel arguments in shared memory, and no
// "barriers"). These are the exact counts the occupancy calculator wants;
// lib/Frontend/Ptxas.h runs nvcc to get them when it is on the machine.
//
// Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_PTX_PTXASUSAGE_H
#define WARPLINT_PTX_PTXASUSAGE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct PtxasFunctionUsage {
  std::string MangledName; ///< as ptxas prints it: "_Z5scalePfi"
  /// Demangled, without return type and parameters: "scale",
  /// "ns::scale<256, float>"; the mangled name when it does not demangle.
  std::string Name;
  std::string Arch; ///< "sm_80"; empty when the line did not say
  std::optional<unsigned> Registers;
  /// Static shared memory in bytes (on 1.x the sum A+B of "A+B bytes smem").
  uint64_t SharedBytes = 0;
  /// On 1.x, the B of "A+B bytes smem" (kernel arguments and system use).
  uint64_t SharedSystemBytes = 0;
  unsigned Barriers = 0;
  uint64_t LocalBytes = 0; ///< "bytes lmem" (old toolkits)
  std::map<unsigned, uint64_t> ConstantBytes; ///< cmem[bank] -> bytes
  uint64_t StackFrameBytes = 0;
  uint64_t SpillStoreBytes = 0;
  uint64_t SpillLoadBytes = 0;
};

/// Parses the `ptxas info` lines of \p Output. Lines that are not ptxas
/// resource lines are skipped; a resource line that cannot be read goes to
/// \p Problems ("line 4: cannot read '...'") and is left out.
std::vector<PtxasFunctionUsage> parsePtxasVerbose(llvm::StringRef Output,
                                                  std::vector<std::string> &Problems);

/// The demangled function name without return type and parameter list.
std::string ptxasFunctionName(llvm::StringRef Mangled);

/// The usage of the kernel named \p KernelName (KernelFacts::Name: qualified,
/// with template arguments; spaces do not matter) for \p Sm ("sm_80"; any
/// target when empty or when the entry names none); nullptr when absent.
const PtxasFunctionUsage *findPtxasUsage(const std::vector<PtxasFunctionUsage> &U,
                                         llvm::StringRef KernelName,
                                         llvm::StringRef Sm = "");

} // namespace warplint

#endif
