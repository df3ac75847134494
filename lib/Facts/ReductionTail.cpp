//===- ReductionTail.cpp - What a parallel reduction adds to a port -------===//
#include "Facts/ReductionTail.h"

#include <algorithm>

namespace warplint {

std::vector<std::string> appendSumReductionTail(KernelFacts &K,
                                                const std::string &Var,
                                                unsigned Bytes, bool Floating,
                                                const SourceLoc &Loc) {
  const OpType T = Floating ? (Bytes == 8 ? OpType::Double : OpType::Float)
                            : (Bytes == 8 ? OpType::Int64 : OpType::Int32);
  const unsigned Steps = 5; // log2(32)
  const unsigned Words = Bytes > 4 ? Bytes / 4 : 1;
  auto Op = [&](OpKind Kind, OpType Type, unsigned Count, std::string Name,
                std::vector<GuardRef> Guards) {
    OpFacts O;
    O.Kind = Kind;
    O.Type = Type;
    O.Count = Count;
    O.Name = std::move(Name);
    O.Loc = Loc;
    O.Guards = std::move(Guards);
    K.Ops.push_back(std::move(O));
  };
  // Every thread: shuffle and add, 5 times.
  Op(OpKind::Math, OpType::Int32, Steps * Words, "__shfl_down_sync", {});
  Op(OpKind::Add, T, Steps, "", {});
  // lane == 0: one atomic add per warp. The lane of a thread is its
  // position in the block, flattened, modulo the warp size.
  unsigned Id = 0;
  for (const BranchFacts &B : K.Branches)
    Id = std::max(Id, B.Id + 1);
  const sym::Expr Lane = sym::Expr::mod(
      (sym::threadIdx('z') * sym::blockDim('y') + sym::threadIdx('y')) *
              sym::blockDim('x') +
          sym::threadIdx('x'),
      sym::Expr(32));
  BranchFacts B;
  B.Id = Id;
  B.Kind = BranchKind::If;
  B.Condition = sym::Expr::eq(Lane, sym::Expr(0));
  B.ThreadDependent = true;
  B.Text = "lane == 0";
  B.Loc = Loc;
  K.Branches.push_back(B);
  Op(OpKind::Branch, OpType::Other, 1, "", {});
  Op(OpKind::Compare, OpType::Int32, 1, "", {});
  AccessFacts A;
  A.Space = MemorySpace::Global;
  A.Base = Var;
  // atomicAdd with its result unused compiles to a reduction (RED) that
  // the warp does not wait for: counted as a store of one lane.
  A.IsWrite = true;
  A.ElementSize = Bytes;
  A.ElementType = Floating ? (Bytes == 8 ? "double" : "float")
                           : (Bytes == 8 ? "long long" : "int");
  A.Index = sym::Expr(0);
  A.ByteOffset = sym::Expr(0);
  A.Text = "atomicAdd(&" + Var + ", warp sum)";
  A.Loc = Loc;
  A.Guards = {{Id, true}};
  K.Accesses.push_back(std::move(A));
  std::vector<std::string> Notes{
      "the sum into '" + Var + "' is a parallel reduction: each thread "
      "sums its iterations' terms in a register, each warp adds its 32 "
      "partial sums with 5 shuffles (__shfl_down_sync; __shfl_down before "
      "CUDA 9) and lane 0 adds the warp's sum to '" + Var + "' in global "
      "memory with one atomicAdd (one atomic per warp; a block-wide tree in "
      "shared memory would use fewer); the atomic, its result unused (a RED "
      "instruction the warp does not wait for), is counted as a store of "
      "one lane; that the L2 serializes atomics to one address is not "
      "modelled; the sum's order changes, so a floating-point result may "
      "differ in its last bits"};
  if (Floating && Bytes == 8)
    Notes.push_back("a double atomicAdd is native from compute capability "
                    "6.0 only: before, it is an atomicCAS loop the warp waits "
                    "for, slower than counted here");
  return Notes;
}

} // namespace warplint
