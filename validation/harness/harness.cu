//===- harness.cu - timing, checking and the CSV of validation/ ------------===//
//
//   warplint-validate [--device N] [--warmup N] [--reps N] [--family F]
//                     [--variant V] [--out results.csv] [--list]
//
// For every selected variant: Prepare, one launch, Check against the CPU
// reference; then Warmup untimed launches and Reps launches, each timed on
// its own with a pair of CUDA events; the row gets the median, quartiles,
// extremes and standard deviation of the Reps times. A variant whose check
// fails is still written (check = fail) so that it cannot pass unnoticed,
// and the exit status is 1. CUDA errors abort with status 3; bad options
// give status 2.
//
//===----------------------------------------------------------------------===//
#include "harness.h"

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <string>
#include <unistd.h>

namespace wl {

static std::string csvField(const std::string &S) {
  if (S.find_first_of(",\"\n\r") == std::string::npos)
    return S;
  std::string Q = "\"";
  for (char C : S) {
    if (C == '"')
      Q += '"';
    Q += C;
  }
  return Q + "\"";
}

static std::string versionString(int V) {
  // CUDA encodes 12.4 as 12040.
  return std::to_string(V / 1000) + "." + std::to_string((V % 1000) / 10);
}

static std::string fmtDouble(double V, int Prec) {
  char B[64];
  std::snprintf(B, sizeof B, "%.*f", Prec, V);
  return B;
}

static std::string nowUtc() {
  std::time_t T = std::time(nullptr);
  char B[32];
  std::strftime(B, sizeof B, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&T));
  return B;
}

static std::string hostName() {
  char B[256] = {0};
  if (gethostname(B, sizeof B - 1) != 0)
    return "unknown";
  return B;
}

// The columns, in order; docs/validation.md describes each.
static const char *const Columns[] = {
    "source",        "family",      "variant",        "file",
    "problem",       "warmup",      "reps",           "median_ms",
    "q1_ms",         "q3_ms",       "min_ms",         "max_ms",
    "stdev_ms",      "check",       "checked",        "max_error",
    "gpu_name",      "cc",          "sm_count",       "sm_clock_mhz",
    "mem_clock_mhz", "mem_bus_bits", "driver_version", "runtime_version",
    "date",          "host",        "command"};

static void writeHeader(std::FILE *F) {
  bool First = true;
  for (const char *C : Columns) {
    std::fprintf(F, "%s%s", First ? "" : ",", C);
    First = false;
  }
  std::fprintf(F, "\n");
}

// The value at quantile Q (0..1) of sorted V, linearly interpolated.
static double quantile(const std::vector<double> &V, double Q) {
  double Pos = Q * (V.size() - 1);
  size_t Lo = static_cast<size_t>(std::floor(Pos));
  size_t Hi = std::min(Lo + 1, V.size() - 1);
  return V[Lo] + (V[Hi] - V[Lo]) * (Pos - Lo);
}

Harness::Harness(const Options &O, const DeviceInfo &D, std::FILE *Csv)
    : Opts(O), Dev(D), Csv(Csv) {
  if (!Opts.List)
    writeHeader(Csv);
}

bool Harness::begin(const std::string &Family, const char *const *Names,
                    int Count) {
  if (!Opts.Family.empty() && Opts.Family != Family)
    return false;
  bool Any = false;
  for (int I = 0; I < Count; ++I) {
    if (!wants(Family, Names[I]))
      continue;
    Any = true;
    if (Opts.List)
      std::printf("%s %s\n", Family.c_str(), Names[I]);
  }
  return Any && !Opts.List;
}

bool Harness::wants(const std::string &Family,
                    const std::string &Variant) const {
  return (Opts.Family.empty() || Opts.Family == Family) &&
         (Opts.Variant.empty() || Opts.Variant == Variant);
}

void Harness::run(const VariantRun &V) {
  if (!wants(V.Family, V.Variant))
    return;
  std::fprintf(stderr, "harness: %s/%s ... ", V.Family.c_str(),
               V.Variant.c_str());

  // 1. The checked launch.
  V.Prepare();
  WL_CUDA_CHECK(cudaDeviceSynchronize());
  V.Launch();
  WL_CUDA_CHECK(cudaGetLastError());
  WL_CUDA_CHECK(cudaDeviceSynchronize());
  CheckResult C = V.Check();

  // 2. Warm-up, then each timed launch between its own pair of events.
  for (int I = 0; I < Opts.Warmup; ++I)
    V.Launch();
  WL_CUDA_CHECK(cudaGetLastError());
  WL_CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t Start, Stop;
  WL_CUDA_CHECK(cudaEventCreate(&Start));
  WL_CUDA_CHECK(cudaEventCreate(&Stop));
  std::vector<double> Ms;
  for (int I = 0; I < Opts.Reps; ++I) {
    WL_CUDA_CHECK(cudaEventRecord(Start));
    V.Launch();
    WL_CUDA_CHECK(cudaEventRecord(Stop));
    WL_CUDA_CHECK(cudaEventSynchronize(Stop));
    WL_CUDA_CHECK(cudaGetLastError());
    float T = 0;
    WL_CUDA_CHECK(cudaEventElapsedTime(&T, Start, Stop));
    Ms.push_back(T);
  }
  WL_CUDA_CHECK(cudaEventDestroy(Start));
  WL_CUDA_CHECK(cudaEventDestroy(Stop));

  std::sort(Ms.begin(), Ms.end());
  double Mean = 0;
  for (double T : Ms)
    Mean += T;
  Mean /= Ms.size();
  double Var = 0;
  for (double T : Ms)
    Var += (T - Mean) * (T - Mean);
  double Stdev = Ms.size() > 1 ? std::sqrt(Var / (Ms.size() - 1)) : 0.0;

  std::vector<std::string> Row = {
      "measured",
      V.Family,
      V.Variant,
      V.File,
      V.Problem,
      std::to_string(Opts.Warmup),
      std::to_string(Opts.Reps),
      fmtDouble(quantile(Ms, 0.5), 6),
      fmtDouble(quantile(Ms, 0.25), 6),
      fmtDouble(quantile(Ms, 0.75), 6),
      fmtDouble(Ms.front(), 6),
      fmtDouble(Ms.back(), 6),
      fmtDouble(Stdev, 6),
      C.Ok ? "pass" : "fail",
      std::to_string(C.Checked),
      fmtDouble(C.MaxError, 9),
      Dev.Name,
      std::to_string(Dev.Major) + "." + std::to_string(Dev.Minor),
      std::to_string(Dev.SmCount),
      std::to_string(Dev.SmClockMHz),
      std::to_string(Dev.MemClockMHz),
      std::to_string(Dev.MemBusBits),
      Dev.Driver,
      Dev.Runtime,
      nowUtc(),
      hostName(),
      Opts.Command};
  for (size_t I = 0; I < Row.size(); ++I)
    std::fprintf(Csv, "%s%s", I ? "," : "", csvField(Row[I]).c_str());
  std::fprintf(Csv, "\n");
  std::fflush(Csv);
  ++Rows;
  if (!C.Ok)
    ++Failures;
  std::fprintf(stderr, "median %.4f ms, check %s%s%s\n", quantile(Ms, 0.5),
               C.Ok ? "pass" : "FAIL", C.Ok ? "" : ": ", C.Detail.c_str());
}

std::vector<float> randomFloats(size_t N, unsigned Seed, float Lo, float Hi) {
  std::vector<float> V(N);
  unsigned long long S = 0x9E3779B97F4A7C15ull ^ Seed;
  for (size_t I = 0; I < N; ++I) {
    S = S * 6364136223846793005ull + 1442695040888963407ull;
    double U = static_cast<double>(S >> 11) / 9007199254740992.0; // [0, 1)
    V[I] = static_cast<float>(Lo + (Hi - Lo) * U);
  }
  return V;
}

std::vector<int> randomInts(size_t N, unsigned Seed, int Lo, int Hi) {
  std::vector<int> V(N);
  unsigned long long S = 0x9E3779B97F4A7C15ull ^ Seed;
  for (size_t I = 0; I < N; ++I) {
    S = S * 6364136223846793005ull + 1442695040888963407ull;
    V[I] = Lo + static_cast<int>((S >> 33) % static_cast<unsigned>(Hi - Lo + 1));
  }
  return V;
}

CheckResult compareAt(const std::vector<float> &Got,
                      const std::vector<size_t> &Idx,
                      const std::vector<float> &Ref, double AbsTol,
                      double RelTol) {
  CheckResult R;
  R.Ok = true;
  for (size_t K = 0; K < Idx.size(); ++K) {
    double G = Got[Idx[K]], E = Ref[K];
    double Err = std::fabs(G - E);
    bool Match = !std::isnan(G) && Err <= AbsTol + RelTol * std::fabs(E);
    if (!std::isnan(Err))
      R.MaxError = std::max(R.MaxError, Err);
    if (!Match && R.Ok) {
      R.Ok = false;
      char B[160];
      std::snprintf(B, sizeof B, "output %zu is %.9g, reference %.9g",
                    Idx[K], G, E);
      R.Detail = B;
    }
  }
  if (std::any_of(Idx.begin(), Idx.end(),
                  [&](size_t I) { return std::isnan(Got[I]); }))
    R.MaxError = INFINITY;
  R.Checked = Idx.size();
  return R;
}

CheckResult compareExact(const std::vector<int> &Got,
                         const std::vector<int> &Ref) {
  CheckResult R;
  R.Ok = Got.size() >= Ref.size();
  for (size_t K = 0; K < Ref.size() && K < Got.size(); ++K) {
    double Err = std::fabs(static_cast<double>(Got[K]) - Ref[K]);
    R.MaxError = std::max(R.MaxError, Err);
    if (Got[K] != Ref[K] && R.Ok) {
      R.Ok = false;
      R.Detail = "output " + std::to_string(K) + " is " +
                 std::to_string(Got[K]) + ", reference " +
                 std::to_string(Ref[K]);
    }
  }
  R.Checked = Ref.size();
  return R;
}

} // namespace wl

static void usage(const char *Argv0) {
  std::fprintf(stderr,
               "usage: %s [--device N] [--warmup N] [--reps N] [--family F] "
               "[--variant V] [--out FILE.csv] [--list]\n",
               Argv0);
}

static bool parseInt(const char *S, int Min, int &Out) {
  char *End = nullptr;
  long V = std::strtol(S, &End, 10);
  if (!*S || *End || V < Min || V > 1000000)
    return false;
  Out = static_cast<int>(V);
  return true;
}

int main(int argc, char **argv) {
  wl::Options O;
  for (int I = 0; I < argc; ++I) {
    if (I)
      O.Command += ' ';
    std::string A = argv[I];
    bool Plain = A.find_first_of(" \t\"'\\$") == std::string::npos && !A.empty();
    O.Command += Plain ? A : "'" + A + "'";
  }
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    auto Value = [&](const char *Name) -> const char * {
      if (I + 1 >= argc) {
        std::fprintf(stderr, "harness: error: %s needs a value\n", Name);
        std::exit(2);
      }
      return argv[++I];
    };
    if (A == "--device" || A == "--warmup" || A == "--reps") {
      int *Dst = A == "--device" ? &O.Device : A == "--warmup" ? &O.Warmup : &O.Reps;
      const char *V = Value(A.c_str());
      if (!parseInt(V, A == "--reps" ? 1 : 0, *Dst)) {
        std::fprintf(stderr, "harness: error: %s: '%s' is not a valid count\n",
                     A.c_str(), V);
        return 2;
      }
    } else if (A == "--family") {
      O.Family = Value("--family");
    } else if (A == "--variant") {
      O.Variant = Value("--variant");
    } else if (A == "--out") {
      O.Out = Value("--out");
    } else if (A == "--list") {
      O.List = true;
    } else if (A == "--help" || A == "-h") {
      usage(argv[0]);
      return 0;
    } else {
      std::fprintf(stderr, "harness: error: unknown argument '%s'\n", A.c_str());
      usage(argv[0]);
      return 2;
    }
  }

  wl::DeviceInfo D;
  if (!O.List) {
    int N = 0;
    WL_CUDA_CHECK(cudaGetDeviceCount(&N));
    if (O.Device >= N) {
      std::fprintf(stderr, "harness: error: --device %d, but %d device(s)\n",
                   O.Device, N);
      return 2;
    }
    WL_CUDA_CHECK(cudaSetDevice(O.Device));
    cudaDeviceProp P;
    WL_CUDA_CHECK(cudaGetDeviceProperties(&P, O.Device));
    D.Name = P.name;
    D.Major = P.major;
    D.Minor = P.minor;
    D.SmCount = P.multiProcessorCount;
    int KHz = 0;
    WL_CUDA_CHECK(cudaDeviceGetAttribute(&KHz, cudaDevAttrClockRate, O.Device));
    D.SmClockMHz = KHz / 1000;
    WL_CUDA_CHECK(
        cudaDeviceGetAttribute(&KHz, cudaDevAttrMemoryClockRate, O.Device));
    D.MemClockMHz = KHz / 1000;
    WL_CUDA_CHECK(cudaDeviceGetAttribute(
        &D.MemBusBits, cudaDevAttrGlobalMemoryBusWidth, O.Device));
    int V = 0;
    WL_CUDA_CHECK(cudaDriverGetVersion(&V));
    D.Driver = wl::versionString(V);
    WL_CUDA_CHECK(cudaRuntimeGetVersion(&V));
    D.Runtime = wl::versionString(V);
  }

  std::FILE *Csv = stdout;
  if (!O.List && !O.Out.empty()) {
    Csv = std::fopen(O.Out.c_str(), "w");
    if (!Csv) {
      std::fprintf(stderr, "harness: error: cannot write '%s': %s\n",
                   O.Out.c_str(), std::strerror(errno));
      return 2;
    }
  }
  wl::Harness H(O, D, Csv);
  familyCopy(H);
  familyTranspose(H);
  familyMatmul(H);
  familyReduction(H);
  familyStencil(H);
  familyBranch(H);
  familyBlocksize(H);
  if (Csv != stdout)
    std::fclose(Csv);
  if (!O.List && H.rows() == 0) {
    std::fprintf(stderr, "harness: error: no variant matches --family '%s' "
                         "--variant '%s' (see --list)\n",
                 O.Family.c_str(), O.Variant.c_str());
    return 2;
  }
  if (H.failures()) {
    std::fprintf(stderr, "harness: %d variant(s) failed their check\n",
                 H.failures());
    return 1;
  }
  return 0;
}
