//===- kernel_gen_fuzzer.cpp - libFuzzer target: facts of generated kernels ===//
//
// The bytes choose a CUDA kernel from a template: its index expressions
// (thread and block indices, parameters, loop counters, constants, every
// integer operator warplint reads: + - * / % << >> ?: min max comparisons
// && ||), nested loops with their bounds and steps, ifs around accesses and
// barriers, a shared tile, annotations, the launch configuration at a
// <<<grid, block>>> site (or none), and the Launch / Assume options. The
// kernel is always valid CUDA, so every input reaches the facts extraction
// and the analyses (FuzzAnalysis.cpp) instead of stopping at a parse error.
//
//===----------------------------------------------------------------------===//
#include "FuzzAnalysis.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace warplint;

namespace {

class Generator {
public:
  explicit Generator(FuzzedDataProvider &P) : P(P) {}

  std::string kernel();
  std::string Launch, Assume, GpuArch;

private:
  FuzzedDataProvider &P;
  std::vector<std::string> Vars = {"i", "n", "m"};
  unsigned Statements = 0;
  int TileRows = 32, TileCols = 33;

  int small(int Lo, int Hi) { return P.ConsumeIntegralInRange(Lo, Hi); }
  std::string num() {
    static const char *const Common[] = {"0", "1", "2", "3", "4", "7", "8",
                                         "16", "31", "32", "33", "64", "127",
                                         "128", "255", "256", "1024", "4096",
                                         "65536", "2147483647", "-1", "-32"};
    if (P.ConsumeBool())
      return Common[small(0, sizeof(Common) / sizeof(*Common) - 1)];
    return std::to_string(P.ConsumeIntegral<int32_t>());
  }
  std::string atom() {
    static const char *const Builtins[] = {
        "threadIdx.x", "threadIdx.y", "threadIdx.z", "blockIdx.x",
        "blockIdx.y",  "blockDim.x",  "blockDim.y",  "gridDim.x",
        "warpSize",    "(threadIdx.x & 31)"};
    switch (small(0, 3)) {
    case 0: return Builtins[small(0, 9)];
    case 1: return Vars[small(0, int(Vars.size()) - 1)];
    case 2: return num();
    default: return "(int)threadIdx.x";
    }
  }
  std::string expr(int Depth) {
    if (Depth <= 0 || !P.remaining_bytes())
      return atom();
    static const char *const Bin[] = {"+", "-", "*", "/", "%", "<<", ">>",
                                      "&", "|", "^", "<", "<=", "==", "!=",
                                      "&&", "||"};
    switch (small(0, 7)) {
    case 0: case 1: case 2: case 3:
      return "(" + expr(Depth - 1) + " " + Bin[small(0, 15)] + " " +
             expr(Depth - 1) + ")";
    case 4:
      return "(" + expr(Depth - 1) + " ? " + expr(Depth - 1) + " : " +
             expr(Depth - 1) + ")";
    case 5:
      return std::string(P.ConsumeBool() ? "min(" : "max(") + expr(Depth - 1) +
             ", " + expr(Depth - 1) + ")";
    case 6:
      return "(-" + expr(Depth - 1) + ")";
    default:
      return atom();
    }
  }
  std::string index() { return expr(small(0, 4)); }
  std::string access() {
    switch (small(0, 4)) {
    case 0: return "in[" + index() + "]";
    case 1: return "tile[" + index() + "][" + index() + "]";
    case 2: return "in2[" + index() + "].x";
    case 3: return "(float)__ldg(&in[" + index() + "])";
    default: return "v";
    }
  }
  std::string block(int Depth, const std::string &Indent);
  std::string statement(int Depth, const std::string &Indent);
};

std::string Generator::statement(int Depth, const std::string &Indent) {
  ++Statements;
  switch (Depth <= 0 ? small(0, 3) : small(0, 8)) {
  case 0:
    return Indent + "out[" + index() + "] = " + access() + ";\n";
  case 1:
    return Indent + "tile[" + index() + "][" + index() + "] = " + access() +
           ";\n";
  case 2:
    return Indent + "v += " + access() + ";\n";
  case 3:
    return Indent + "__syncthreads();\n";
  case 4: case 5: {
    std::string Var = "j" + std::to_string(Vars.size());
    std::string Init = index(), Bound = expr(2), Step;
    switch (small(0, 3)) {
    case 0: Step = Var + "++"; break;
    case 1: Step = Var + " += " + atom(); break;
    case 2: Step = Var + " *= 2"; break;
    default: Step = Var + " >>= 1"; break;
    }
    std::string Cmp = P.ConsumeBool() ? " < " : " > ";
    std::string S = Indent;
    if (P.ConsumeBool())
      S += "#pragma unroll\n" + Indent;
    S += "for (int " + Var + " = " + Init + "; " + Var + Cmp + Bound + "; " +
         Step + ") {\n";
    Vars.push_back(Var);
    S += block(Depth - 1, Indent + "  ");
    Vars.pop_back();
    return S + Indent + "}\n";
  }
  case 6: case 7: {
    std::string S = Indent + "if (" + expr(3) + ") {\n" +
                    block(Depth - 1, Indent + "  ") + Indent + "}";
    if (P.ConsumeBool())
      S += " else {\n" + block(Depth - 1, Indent + "  ") + Indent + "}";
    return S + "\n";
  }
  default:
    return Indent + (P.ConsumeBool() ? "if (" + expr(2) + ") return;\n"
                                     : "int k" + std::to_string(Statements) +
                                           " = " + index() + ";\n");
  }
}

std::string Generator::block(int Depth, const std::string &Indent) {
  std::string S;
  const int N = small(1, 3);
  for (int I = 0; I < N && Statements < 24 && P.remaining_bytes(); ++I)
    S += statement(Depth, Indent);
  return S;
}

std::string Generator::kernel() {
  static const int Dims[] = {1, 2, 4, 16, 32, 33, 64, 128, 256, 1024, 0, -1};
  std::string S;
  if (P.ConsumeBool())
    S += "// warplint: launch grid(" + num() + "," + num() + ") block(" +
         num() + "," + num() + ")\n";
  if (P.ConsumeBool())
    S += "// warplint: assume n >= " + num() + ", m % " + num() + " == 0\n";
  std::string Bounds;
  if (P.ConsumeBool())
    Bounds = "__launch_bounds__(" + std::to_string(Dims[small(0, 11)]) + ") ";
  S += "__global__ void " + Bounds +
       "k(float *out, const float *in, const float2 *in2, int n, int m) {\n";
  TileRows = Dims[small(0, 9)];
  TileCols = Dims[small(0, 9)] + small(0, 1);
  S += "  __shared__ float tile[" + std::to_string(TileRows) + "][" +
       std::to_string(TileCols) + "];\n";
  S += "  int i = " + index() + ";\n  float v = 0;\n";
  S += block(3, "  ");
  S += "  out[i] = v;\n}\n";
  // The host side: a launch with constants, a computed grid, or none.
  switch (small(0, 2)) {
  case 0:
    S += "void launch(float *o, const float *a, const float2 *b) {\n"
         "  k<<<dim3(" + num() + ", " + num() + "), dim3(" +
         std::to_string(Dims[small(0, 11)]) + ", " +
         std::to_string(Dims[small(0, 11)]) + ")>>>(o, a, b, " + num() +
         ", " + num() + ");\n}\n";
    break;
  case 1:
    S += "void launch(float *o, const float *a, const float2 *b, int n) {\n"
         "  int threads = " + num() + ";\n"
         "  for (int r = 0; r < " + num() + "; ++r)\n"
         "    k<<<(n + threads - 1) / threads, threads>>>(o, a, b, n, r);\n"
         "}\nvoid run(float *o, const float *a, const float2 *b) {\n"
         "  launch(o, a, b, " + num() + ");\n}\n";
    break;
  default:
    break;
  }
  switch (small(0, 3)) {
  case 0: Launch = "k: grid(" + num() + ") block(" + num() + ")"; break;
  case 1: Launch = "k: block(" + num() + "," + num() + ") shared(" + num() + ")"; break;
  default: break;
  }
  if (P.ConsumeBool())
    Assume = "n >= " + num() + ", n % " + num() + " == 0, m == " + num();
  static const char *const Gpus[] = {"", "", "sm_13", "sm_35", "sm_70", "sm_90"};
  GpuArch = Gpus[small(0, 5)];
  return S;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  FuzzedDataProvider P(Data, Size);
  Generator G(P);
  fuzz::AnalysisInput In;
  In.Code = G.kernel();
  In.Launch = G.Launch;
  In.Assume = G.Assume;
  In.GpuArch = G.GpuArch;
  if (getenv("WARPLINT_FUZZ_PRINT"))
    fprintf(stderr, "%s\n-- launch '%s' assume '%s' gpu '%s'\n",
            In.Code.c_str(), In.Launch.c_str(), In.Assume.c_str(),
            In.GpuArch.c_str());
  fuzz::analyzeSource(In);
  return 0;
}
