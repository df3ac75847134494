//===- KernelIndex.h - Which kernel a finding belongs to --------*- C++ -*-===//
//
// A finding is at an access, a branch, a loop, a barrier or a shared buffer
// of some kernel (possibly in a device function the kernel calls). The
// index maps those places to the kernels, so a report can say which kernel
// a finding is in: the summary's ranking, the gate's new findings, the
// JSON's "kernel". Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_REPORT_KERNELINDEX_H
#define WARPLINT_REPORT_KERNELINDEX_H

#include "Facts/KernelFacts.h"

#include <map>
#include <string>
#include <tuple>

namespace warplint {

class KernelIndex {
public:
  void add(const FileFacts &F);
  /// The kernel with something at this place ("" when none): the
  /// template's name when several of its instantiations share it, else the
  /// first kernel added (a device function two kernels call).
  std::string at(const std::string &File, unsigned Line, unsigned Column) const;

private:
  void place(const SourceLoc &L, const std::string &Kernel);
  std::map<std::tuple<std::string, unsigned, unsigned>, std::string> Places;
};

} // namespace warplint

#endif
