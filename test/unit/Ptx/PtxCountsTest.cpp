//===- PtxCountsTest.cpp - Counting a hand-written PTX text ---------------===//
//
// A PTX text written by hand after Hong & Kim, ISCA'09, Fig. 13 (the loop of
// the tiled matrix multiplication), with a second kernel and a .func that
// must not be counted. Every expected number is counted by hand in the
// comments next to the instructions.
//
//===----------------------------------------------------------------------===//
#include "Ptx/PtxCounts.h"

#include <gtest/gtest.h>

using namespace warplint;

namespace {

const char *Ptx = R"(//
// Hand-written for the test.
//
.version 7.0
.target sm_80
.address_size 64

.func (.param .b32 r) helper(.param .b32 a)
{
	.reg .b32 %r<2>;
	ld.param.u32 %r1, [a];
	add.s32 %r1, %r1, 1;
	st.param.b32 [r], %r1;
	ret;
}

	// .globl	mm
.visible .entry mm(
	.param .u64 mm_param_0,
	.param .u32 mm_param_1
)
.maxntid 128, 1, 1
{
	.reg .pred 	%p<3>;
	.reg .f32 	%f<6>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<9>;
	.shared .align 4 .b8 Msub[1024];

	ld.param.u64 	%rd1, [mm_param_0];      // 0 param
	ld.param.u32 	%r1, [mm_param_1];       // 1 param
	cvta.to.global.u64 	%rd2, %rd1;      // 2 computation
	mov.u32 	%r2, 0;                      // 3 computation
$L__BB0_1:
	ld.global.f32 	%f2, [%rd2];            // 4 global load
	st.shared.f32 	[%rd3], %f2;            // 5 shared
	bar.sync 	0;                         // 6 sync
	ld.shared::cta.f32 	%f4, [%rd4];    // 7 shared
	fma.rn.f32 	%f1, %f4, %f4, %f1;       // 8 computation
	/* bar.sync 0; in a comment: not counted */
	bar.sync 	0;                         // 9 sync
	add.s32 	%r2, %r2, 1;                 // 10 computation
	setp.lt.s32 	%p1, %r2, %r1;          // 11 computation
	@%p1 bra 	$L__BB0_1;                  // 12 control, back to 4
	st.global.f32 	[%rd2], %f1;            // 13 global store
	atom.global.add.f32 %f5, [%rd2], %f1;  // 14 global atomic
	ret;                                    // 15 control
}

.visible .entry k2()
{
	.reg .f32 %f<2>;
	.reg .b32 %r<3>;
	.reg .b64 %rd<3>;
	ld.const.f32 %f1, [c];      // constant
	ld.local.u32 %r1, [%rd1];   // local
	ld.u32 %r2, [%rd2];         // generic
	tex.2d.v4.f32.f32 {%f1, %f1, %f1, %f1}, [t, {%f1, %f1}]; // texture
	exit;                       // control
}
)";

TEST(PtxCountsTest, StaticCountsPerEntry) {
  std::string Error;
  auto Ks = countPtx(Ptx, Error);
  ASSERT_TRUE(Ks) << Error;
  ASSERT_EQ(Ks->size(), 2u); // the .func is not a kernel
  const PtxKernel &K = (*Ks)[0];
  EXPECT_EQ(K.Name, "mm");
  ASSERT_EQ(K.Instructions.size(), 16u); // numbered 0..15 above
  const PtxClassCounts &C = K.Static;
  EXPECT_EQ(C.Param, 2);       // 0, 1
  EXPECT_EQ(C.Computation, 5); // 2, 3, 8, 10, 11
  EXPECT_EQ(C.GlobalLoads, 1); // 4
  EXPECT_EQ(C.Shared, 2);      // 5, 7
  EXPECT_EQ(C.Sync, 2);        // 6, 9 (not the one in the comment)
  EXPECT_EQ(C.Control, 2);     // 12, 15
  EXPECT_EQ(C.GlobalStores, 1);  // 13
  EXPECT_EQ(C.GlobalAtomics, 1); // 14
  EXPECT_EQ(C.Total, 16);
  EXPECT_EQ(K.Instructions[8].Opcode, "fma.rn.f32");
  // The predicated branch back to $L__BB0_1: instructions 4..12 repeat.
  ASSERT_EQ(K.Loops.size(), 1u);
  EXPECT_EQ(K.Loops[0].Label, "$L__BB0_1");
  EXPECT_EQ(K.Loops[0].First, 4u);
  EXPECT_EQ(K.Loops[0].Last, 12u);

  const PtxKernel &K2 = (*Ks)[1];
  EXPECT_EQ(K2.Name, "k2");
  EXPECT_EQ(K2.Static.Constant, 1);
  EXPECT_EQ(K2.Static.Local, 1);
  EXPECT_EQ(K2.Static.Generic, 1);
  EXPECT_EQ(K2.Static.Texture, 1);
  EXPECT_EQ(K2.Static.Control, 1);
  EXPECT_EQ(K2.Static.Total, 5);
  EXPECT_TRUE(K2.Loops.empty());
}

TEST(PtxCountsTest, LoopWeightsComeFromTheCaller) {
  std::string Error;
  auto Ks = countPtx(Ptx, Error);
  ASSERT_TRUE(Ks) << Error;
  // Hong-Kim's example runs the outer loop 3 times: the 9 instructions
  // 4..12 three times, the 7 others once.
  PtxClassCounts W = weightedPtxCounts((*Ks)[0], {3});
  EXPECT_EQ(W.Total, 7 + 9 * 3);
  EXPECT_EQ(W.Sync, 2 * 3);        // Hong-Kim Table 2: #Synch_insts 6
  EXPECT_EQ(W.GlobalLoads, 1 * 3);
  EXPECT_EQ(W.Computation, 2 + 3 * 3); // 2, 3 once; 8, 10, 11 three times
  EXPECT_EQ(W.GlobalStores, 1);
}

TEST(PtxCountsTest, MalformedTextIsAnError) {
  std::string Error;
  EXPECT_FALSE(countPtx(".visible .entry k()\n{\n  add.s32 %r1, %r1, 1;\n",
                        Error));
  EXPECT_NE(Error.find("line 1"), std::string::npos) << Error;
  EXPECT_NE(Error.find("'k' does not end"), std::string::npos) << Error;
  EXPECT_FALSE(countPtx(".entry k()\n{\n  add.s32 %r1, %r1, 1\n}\n", Error));
  EXPECT_NE(Error.find("line 3"), std::string::npos) << Error;
  EXPECT_NE(Error.find("does not end with ';'"), std::string::npos) << Error;
}

TEST(PtxCountsTest, NvccMissingIsAClearError) {
  // This machine has no CUDA toolkit; where it has one the test says so
  // instead of passing for the wrong reason.
  std::string Error;
  auto R = compileToPtx("/nonexistent/k.cu", {}, Error);
  ASSERT_FALSE(R);
  if (Error.find("nvcc was not found on PATH") == std::string::npos)
    EXPECT_NE(Error.find("nvcc --ptx /nonexistent/k.cu failed"),
              std::string::npos)
        << Error;
}

} // namespace
