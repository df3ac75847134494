//===- KernelIndex.cpp ----------------------------------------------------===//
#include "Report/KernelIndex.h"

#include "llvm/ADT/StringRef.h"

namespace warplint {

void KernelIndex::place(const SourceLoc &L, const std::string &Kernel) {
  if (!L.valid())
    return;
  auto [It, New] = Places.emplace(std::make_tuple(L.File, L.Line, L.Column), Kernel);
  // Instantiations of one template share their places: the template.
  if (!New && It->second != Kernel) {
    llvm::StringRef A = It->second, B = Kernel;
    llvm::StringRef TA = A.split('<').first, TB = B.split('<').first;
    if (TA == TB && (A.contains('<') || B.contains('<')))
      It->second = TA.str();
  }
}

void KernelIndex::add(const FileFacts &F) {
  for (const KernelFacts &K : F.Kernels) {
    place(K.Loc, K.Name);
    for (const AccessFacts &A : K.Accesses)
      place(A.Loc, K.Name);
    for (const BranchFacts &B : K.Branches)
      place(B.Loc, K.Name);
    for (const LoopFacts &L : K.Loops)
      place(L.Loc, K.Name);
    for (const BarrierFacts &B : K.Barriers)
      place(B.Loc, K.Name);
    for (const SharedBufferFacts &S : K.SharedBuffers)
      place(S.Loc, K.Name);
  }
}

std::string KernelIndex::at(const std::string &File, unsigned Line,
                            unsigned Column) const {
  auto It = Places.find(std::make_tuple(File, Line, Column));
  return It == Places.end() ? std::string() : It->second;
}

} // namespace warplint
