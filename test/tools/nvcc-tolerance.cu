// Code that nvcc accepts with at most a warning parses in warplint too:
// string pasting without spaces ("("MACRO")"), which clang would reject as
// a reserved user-defined literal.
// RUN: %warplint --summary %s -- | FileCheck %s
#define NAME "x"
const char *label = "("NAME")";
__global__ void k(float *p) { p[threadIdx.x] = 0.0f; }
// CHECK: nvcc-tolerance.cu:7:17: kernel 'k'
