//===- harness.h - the GPU measurement harness of validation/ ---*- CUDA -*-===//
//
// Runs the variants of the validation families on a GPU and writes one CSV
// row per variant (columns: docs/validation.md, "The CSV"). Built only with
// -DWARPLINT_VALIDATION=ON, which needs nvcc; nothing else in the project
// includes this file.
//
// A family is a function `void familyX(wl::Harness &)` in X_host.cu that
// #includes the family's kernels (validation/X/X.cu), allocates and fills
// its buffers, and hands each variant to Harness::run() as three callbacks:
// prepare (restore the inputs and poison the outputs), launch (the family's
// XLaunch(v, ...), the very launch warplint analyses) and check (compare the
// outputs with a CPU reference).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_VALIDATION_HARNESS_H
#define WARPLINT_VALIDATION_HARNESS_H

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

// Aborts the harness (exit status 3) with the failing call and CUDA's error.
#define WL_CUDA_CHECK(call)                                                    \
  do {                                                                         \
    cudaError_t wlErr_ = (call);                                               \
    if (wlErr_ != cudaSuccess) {                                               \
      std::fprintf(stderr, "harness: error: %s:%d: %s: %s\n", __FILE__,        \
                   __LINE__, #call, cudaGetErrorString(wlErr_));               \
      std::exit(3);                                                            \
    }                                                                          \
  } while (0)

namespace wl {

struct Options {
  int Device = 0;
  int Warmup = 5;       // untimed launches before the timed ones
  int Reps = 30;        // timed launches; the median is reported
  std::string Family;   // run only this family ("" = all)
  std::string Variant;  // run only this variant ("" = all)
  std::string Out;      // CSV path ("" = stdout)
  std::string Command;  // the command line, recorded in every row
  bool List = false;    // list the variants and exit
};

// What a variant's check found.
struct CheckResult {
  bool Ok = false;
  double MaxError = 0;   // largest |got - ref| over the checked outputs
  size_t Checked = 0;    // outputs compared
  std::string Detail;    // the first mismatch, when !Ok
};

struct VariantRun {
  std::string Family, Variant;
  std::string File;                       // relative to validation/
  std::string Problem;                    // e.g. "COPY_N=4194304"
  std::function<void()> Prepare;          // untimed, before the checked launch
  std::function<void()> Launch;           // one launch, asynchronous
  std::function<CheckResult()> Check;     // after the checked launch
};

// Properties of the device, recorded in every row.
struct DeviceInfo {
  std::string Name;
  int Major = 0, Minor = 0, SmCount = 0;
  int SmClockMHz = 0, MemClockMHz = 0, MemBusBits = 0;
  std::string Driver, Runtime;
};

class Harness {
public:
  Harness(const Options &O, const DeviceInfo &D, std::FILE *Csv);
  // Called first by every family with its variant names: false when the
  // family has nothing to run (not selected, or --list, which prints the
  // names instead), so that it allocates nothing.
  bool begin(const std::string &Family, const char *const *Names, int Count);
  // Whether the options select this variant.
  bool wants(const std::string &Family, const std::string &Variant) const;
  // Checks and times one variant and writes its row.
  void run(const VariantRun &V);
  int failures() const { return Failures; }
  int rows() const { return Rows; }
  const Options &options() const { return Opts; }

private:
  Options Opts;
  DeviceInfo Dev;
  std::FILE *Csv;
  int Failures = 0;
  int Rows = 0;
};

// Device memory of N elements of T, freed on destruction.
template <typename T> class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t N) : Count(N) {
    WL_CUDA_CHECK(cudaMalloc(&Ptr, N * sizeof(T)));
  }
  ~DeviceBuffer() { cudaFree(Ptr); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  T *get() const { return Ptr; }
  size_t size() const { return Count; }
  void upload(const std::vector<T> &H) {
    WL_CUDA_CHECK(cudaMemcpy(Ptr, H.data(), H.size() * sizeof(T),
                             cudaMemcpyHostToDevice));
  }
  std::vector<T> download() const {
    std::vector<T> H(Count);
    WL_CUDA_CHECK(cudaMemcpy(H.data(), Ptr, Count * sizeof(T),
                             cudaMemcpyDeviceToHost));
    return H;
  }
  // Every byte 0xFF: NaN for floats, -1 for ints; a kernel that writes
  // nothing cannot pass a check after this.
  void poison() { WL_CUDA_CHECK(cudaMemset(Ptr, 0xFF, Count * sizeof(T))); }

private:
  T *Ptr = nullptr;
  size_t Count;
};

// Deterministic pseudo-random inputs (a fixed-seed linear congruential
// generator, so every run and every GPU sees the same data).
std::vector<float> randomFloats(size_t N, unsigned Seed, float Lo, float Hi);
std::vector<int> randomInts(size_t N, unsigned Seed, int Lo, int Hi);

// Compares Got[Idx[k]] with Ref[k] for the listed indices; a float matches
// when |got - ref| <= AbsTol + RelTol * |ref| (NaN never matches).
CheckResult compareAt(const std::vector<float> &Got,
                      const std::vector<size_t> &Idx,
                      const std::vector<float> &Ref, double AbsTol,
                      double RelTol);
// Exact comparison of the first Ref.size() elements.
CheckResult compareExact(const std::vector<int> &Got,
                         const std::vector<int> &Ref);

} // namespace wl

// The families (one X_host.cu each).
void familyCopy(wl::Harness &H);
void familyTranspose(wl::Harness &H);
void familyMatmul(wl::Harness &H);
void familyReduction(wl::Harness &H);
void familyStencil(wl::Harness &H);
void familyBranch(wl::Harness &H);
void familyBlocksize(wl::Harness &H);

#endif
