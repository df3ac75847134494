//===- analysis_bench.cpp - warplint's own analysis speed -----------------===//
//
// Two measurements, each taken side by side in one run and reported as
// medians and ratios (never asserted: this is a benchmark, not a test):
//
//  1. Grid independence: the analyses (launch resolution, warp enumeration,
//     coalescing and bank-conflict findings) of the tiled transpose kernel
//     launched on a 64x64 grid against the same kernel on 65536x65536.
//  2. The cost beyond parsing: for each kernel of a file, the time of
//     parsing plus fact extraction plus both analyses, less the time of
//     parsing alone, per kernel.
//
//   warplint-bench-analysis [file.cu] [--reps N]
//   warplint-bench-analysis --grids 16,256,4096,65536 [--reps N]
//
// With --grids, only measurement 1, at each listed grid (G x G blocks), one
// line per grid (bench/run_all.py reads them).
//
//===----------------------------------------------------------------------===//
#include "Frontend/Tooling.h"
#include "Warp/Analyses.h"
#include "Facts/Launch.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

using namespace warplint;
using Clock = std::chrono::steady_clock;

static const char *TransposeTemplate = R"(
#define TILE 32
__global__ void transposeTiled(float *out, const float *in, int width) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
void run(float *o, const float *i) {
  transposeTiled<<<dim3(GRID, GRID), dim3(32, 8)>>>(o, i, GRID * 32);
}
)";

template <typename F> static double medianSeconds(unsigned Reps, F &&Fn) {
  std::vector<double> T;
  for (unsigned I = 0; I < Reps; ++I) {
    auto B = Clock::now();
    Fn();
    T.push_back(std::chrono::duration<double>(Clock::now() - B).count());
  }
  std::sort(T.begin(), T.end());
  return T[T.size() / 2];
}

static unsigned analyse(const FileFacts &F) {
  unsigned Findings = 0;
  std::string Err;
  GpuModel Gpu = *gpuModelFor("sm_80", Err);
  for (const KernelFacts &K : F.Kernels) {
    std::vector<std::string> Problems;
    auto Configs = resolveLaunchConfigs(K, {}, Problems);
    AnalysisOptions O;
    Findings += findUncoalescedAccesses(K, Configs, Gpu, O).size();
    Findings += findBankConflicts(K, Configs, Gpu, O).size();
  }
  return Findings;
}

int main(int argc, char **argv) {
  std::string File;
  unsigned Reps = 21;
  std::vector<long> Grids = {64, 65536};
  bool GridsOnly = false;
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    if (A == "--reps" && I + 1 < argc) {
      Reps = std::max(1, std::atoi(argv[++I]));
    } else if (A == "--grids" && I + 1 < argc) {
      Grids.clear();
      GridsOnly = true;
      llvm::SmallVector<llvm::StringRef, 8> Parts;
      llvm::StringRef(argv[++I]).split(Parts, ',');
      for (llvm::StringRef P : Parts) {
        long G = 0;
        if (P.trim().getAsInteger(10, G) || G < 1) {
          llvm::errs() << "warplint-bench-analysis: --grids: '" << P
                       << "' is not a positive grid size\n";
          return 2;
        }
        Grids.push_back(G);
      }
    } else {
      File = A;
    }
  }
  llvm::outs() << "warplint analysis benchmark (" << Reps
               << " repetitions, medians)\n\n";

  // 1. Grid independence. The repetitions are interleaved across the grid
  // sizes (round r times every grid once), so that a burst of load on a
  // shared machine hits all of them alike; medians per grid.
  std::vector<FileFacts> Facts;
  for (long Grid : Grids) {
    std::string Src = "#define GRID " + std::to_string(Grid) + "\n" +
                      TransposeTemplate;
    auto F = extractFactsFromCode(Src, "transpose.cu");
    if (!F) {
      llvm::errs() << llvm::toString(F.takeError()) << "\n";
      return 1;
    }
    Facts.push_back(std::move(*F));
  }
  std::vector<std::vector<double>> Samples(Grids.size());
  std::vector<unsigned> Found(Grids.size(), 0);
  for (unsigned R = 0; R < Reps; ++R)
    for (size_t G = 0; G < Grids.size(); ++G) {
      auto B = Clock::now();
      Found[G] = analyse(Facts[G]);
      Samples[G].push_back(
          std::chrono::duration<double>(Clock::now() - B).count());
    }
  std::vector<double> Times;
  llvm::outs() << "1. analyses of transposeTiled:\n";
  for (size_t G = 0; G < Grids.size(); ++G) {
    std::sort(Samples[G].begin(), Samples[G].end());
    Times.push_back(Samples[G][Samples[G].size() / 2]);
    llvm::outs() << llvm::format("   grid %ldx%ld: %8.3f ms (%u findings)\n",
                                 Grids[G], Grids[G], Times.back() * 1e3,
                                 Found[G]);
  }
  llvm::outs() << llvm::format(
      "   ratio largest/smallest grid: %.3f; slowest/fastest grid: %.3f\n\n",
      Times.back() / Times.front(),
      *std::max_element(Times.begin(), Times.end()) /
          *std::min_element(Times.begin(), Times.end()));
  if (GridsOnly)
    return 0;

  // 2. Beyond parsing, per kernel.
  std::string Code;
  std::string Name = File.empty() ? "transpose.cu" : File;
  if (File.empty()) {
    Code = "#define GRID 128\n" + std::string(TransposeTemplate);
  } else {
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (!Buf) {
      llvm::errs() << "cannot read " << File << "\n";
      return 1;
    }
    Code = (*Buf)->getBuffer().str();
  }
  FrontendOptions ParseOnly;
  ParseOnly.ParseOnly = true;
  unsigned Kernels = 0;
  double Parse = medianSeconds(Reps, [&] {
    auto F = extractFactsFromCode(Code, Name, {}, ParseOnly);
    if (!F)
      llvm::consumeError(F.takeError()); // measured either way
  });
  double Full = medianSeconds(Reps, [&] {
    auto F = extractFactsFromCode(Code, Name);
    if (!F) {
      llvm::consumeError(F.takeError());
      return;
    }
    Kernels = F->Kernels.size();
    analyse(*F);
  });
  llvm::outs() << "2. " << Name << ": " << Kernels << " kernels\n"
               << llvm::format("   parse only:                    %8.3f ms\n",
                               Parse * 1e3)
               << llvm::format("   parse + facts + analyses:      %8.3f ms\n",
                               Full * 1e3)
               << llvm::format("   beyond parsing, per kernel:    %8.3f ms\n",
                               Kernels ? (Full - Parse) * 1e3 / Kernels : 0.0);
  return 0;
}
