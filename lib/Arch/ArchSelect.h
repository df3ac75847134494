//===- ArchSelect.h - Which GPU a run analyses for --------------*- C++ -*-===//
//
// One way for every front end (checks, warplint, warplint-clangd) to turn
// what the user named into an ArchSpec: a GPU id (a100_sxm4_40gb), an sm_XX
// name (the GPU docs/arch.md says stands for it), or a path to an
// architecture file (*.yaml). Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ARCH_ARCHSELECT_H
#define WARPLINT_ARCH_ARCHSELECT_H

#include "Arch/ArchDatabase.h"
#include "Warp/Analyses.h"

#include "llvm/Support/Error.h"

#include <string>

namespace warplint {

/// The built-in GPUs, loaded once (immutable afterwards, so shared by
/// threads). A broken built-in file is a build error the tests catch; here
/// it leaves the database empty and selectArch says so.
const ArchDatabase &builtinArchDatabase();

struct SelectedArch {
  ArchSpec Arch;
  GpuModel Gpu; ///< gpuModelFromArch(Arch), with its name
  /// A stand-in sentence ("sm_35 has no architecture file of its own:
  /// ..."), empty when the name was exact.
  std::string Note;
};

/// \p Name: an id, an sm_XX name, or a path ending in .yaml/.yml. \p
/// ExtraDir: a directory of user architecture files, or empty.
llvm::Expected<SelectedArch> selectArch(llvm::StringRef Name,
                                        llvm::StringRef ExtraDir = "",
                                        bool KeplerEightByteMode = false);

} // namespace warplint

#endif
