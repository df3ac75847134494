//===- Gate.cpp -----------------------------------------------------------===//
#include "Report/Gate.h"

#include "llvm/Support/Path.h"

#include <cmath>
#include <fmt/format.h>
#include <map>
#include <optional>
#include <vector>

namespace warplint {

using llvm::json::Array;
using llvm::json::Object;

namespace {
struct KernelRow {
  std::string Launch;
  std::optional<double> Mpe, Cycles;
  /// The cycle model behind Cycles (selected_model.name); empty in reports
  /// that do not say.
  std::string Model;
};

std::string launchKey(const Object &K) {
  const Object *L = K.getObject("launch");
  if (!L)
    return "?";
  // "1024", "64x64", "8x8x4": trailing 1s left out.
  auto Dims = [&](const char *Name) {
    std::vector<int64_t> D;
    if (const Array *A = L->getArray(Name))
      for (const llvm::json::Value &V : *A)
        D.push_back(V.getAsInteger().value_or(0));
    while (D.size() > 1 && D.back() == 1)
      D.pop_back();
    std::string S;
    for (int64_t X : D)
      S += (S.empty() ? "" : "x") + std::to_string(X);
    return S;
  };
  return Dims("grid") + " / " + Dims("block");
}

std::string fileName(llvm::StringRef Path) {
  return llvm::sys::path::filename(Path).str();
}

/// kernel key -> rows (several launch configurations keep their order).
bool readKernels(const llvm::json::Value &Report,
                 std::map<std::string, std::vector<KernelRow>> &Out,
                 std::string &Error) {
  const Object *Root = Report.getAsObject();
  if (!Root) {
    Error = "not a warplint JSON report (expected an object)";
    return false;
  }
  if (Root->getInteger("schema_version").value_or(0) != 1) {
    Error = "unsupported report schema_version (expected 1)";
    return false;
  }
  const Array *Kernels = Root->getArray("kernels");
  if (!Kernels) {
    Error = "the report has no 'kernels' array";
    return false;
  }
  for (const llvm::json::Value &V : *Kernels) {
    const Object *K = V.getAsObject();
    if (!K)
      continue;
    std::string Key = fileName(K->getString("file").value_or("")) + ": " +
                      K->getString("kernel").value_or("?").str();
    KernelRow R;
    R.Launch = launchKey(*K);
    // A metric that is there but not a number (a hand-edited baseline:
    // "mpe": "banana") is an error, not a kernel that silently passes.
    auto Metric = [&](const Object *O, const char *Name,
                      std::optional<double> &Into) {
      const llvm::json::Value *M = O ? O->get(Name) : nullptr;
      if (!M || M->kind() == llvm::json::Value::Null)
        return true;
      Into = M->getAsNumber();
      if (Into && std::isfinite(*Into) && *Into >= 0)
        return true;
      Error = "kernel '" + Key + "': '" + Name + "' is not a number >= 0";
      return false;
    };
    if (!Metric(K->getObject("cumapz"), "mpe", R.Mpe) ||
        !Metric(K->getObject("hong_kim"), "total_cycles", R.Cycles))
      return false;
    if (const Object *H = K->getObject("hong_kim"))
      if (const Object *M = H->getObject("selected_model"))
        R.Model = M->getString("name").value_or("").str();
    Out[Key].push_back(R);
  }
  return true;
}

/// check + file name + message: line numbers left out, so that edits
/// elsewhere in a file do not make old findings look new.
/// The findings of a report by what identifies them across runs (file
/// name, message, check), with where each is: "file:line:col", and the
/// kernel when the report names it.
std::map<std::string, unsigned>
readFindings(const llvm::json::Value &Report,
             std::map<std::string, std::vector<std::string>> *Where = nullptr) {
  std::map<std::string, unsigned> R;
  const Object *Root = Report.getAsObject();
  if (!Root)
    return R;
  if (const Array *D = Root->getArray("diagnostics"))
    for (const llvm::json::Value &V : *D)
      if (const Object *F = V.getAsObject()) {
        std::string File = fileName(F->getString("file").value_or(""));
        std::string Key = File + ": " +
                          F->getString("message").value_or("").str() + " [" +
                          F->getString("check").value_or("").str() + "]";
        ++R[Key];
        if (Where) {
          std::string At = fmt::format(
              "{}:{}:{}", F->getString("file").value_or("").str(),
              F->getInteger("line").value_or(0),
              F->getInteger("column").value_or(0));
          if (auto K = F->getString("kernel"))
            At += fmt::format(" (kernel '{}')", K->str());
          (*Where)[Key].push_back(std::move(At));
        }
      }
  return R;
}

std::string num(std::optional<double> V) {
  if (!V)
    return "-";
  return fmt::format("{:.4g}", *V);
}
} // namespace

GateResult compareReports(const llvm::json::Value &Baseline,
                          const llvm::json::Value &Current,
                          const GateOptions &O, std::string &Error) {
  GateResult G;
  std::map<std::string, std::vector<KernelRow>> Base, Cur;
  if (!readKernels(Baseline, Base, Error)) {
    Error = "baseline: " + Error;
    return G;
  }
  if (!readKernels(Current, Cur, Error)) {
    Error = "current report: " + Error;
    return G;
  }
  struct Line {
    std::string Kernel, Launch, Metric, Before, After, Change, Status;
  };
  std::vector<Line> Lines;
  for (const auto &[Key, Rows] : Cur) {
    auto It = Base.find(Key);
    if (It == Base.end()) {
      ++G.NewKernels;
      Lines.push_back({Key, Rows.front().Launch, "", "", "", "", "new kernel"});
      continue;
    }
    for (size_t I = 0; I < Rows.size(); ++I) {
      const KernelRow &C = Rows[I];
      const KernelRow *B = I < It->second.size() ? &It->second[I] : nullptr;
      if (!B)
        continue;
      bool LaunchChanged = B->Launch != C.Launch;
      if (LaunchChanged && !O.IncludeChangedLaunch) {
        ++G.SkippedKernels;
        Lines.push_back({Key, B->Launch + " -> " + C.Launch, "", "", "", "",
                         "launch changed: skipped"});
        continue;
      }
      auto Compare = [&](const char *Metric, std::optional<double> Before,
                         std::optional<double> After, bool HigherIsBetter) {
        if (!Before || !After)
          return;
        double Change = *Before != 0 ? (*After - *Before) / *Before : 0;
        double Worse = HigherIsBetter ? -Change : Change;
        std::string Status = "ok";
        if (Worse > O.Threshold) {
          Status = "REGRESSION";
          ++G.Regressions;
        } else if (-Worse > O.Threshold) {
          Status = "improved";
          ++G.Improvements;
        }
        Lines.push_back({Key, C.Launch, Metric, num(Before), num(After),
                         fmt::format("{:+.1f}%", Change * 100), Status});
      };
      Compare("MPE", B->Mpe, C.Mpe, /*HigherIsBetter=*/true);
      // Cycles of two different models are not comparable: a baseline
      // written before the default model changed (or with another
      // --model) is said, not failed.
      if (!B->Model.empty() && !C.Model.empty() && B->Model != C.Model) {
        ++G.SkippedKernels;
        Lines.push_back({Key, C.Launch, "cycles", num(B->Cycles),
                         num(C.Cycles), "",
                         "model changed (" + B->Model + " -> " + C.Model +
                             "): not compared; write a new baseline"});
        continue;
      }
      Compare("cycles", B->Cycles, C.Cycles, /*HigherIsBetter=*/false);
    }
  }

  std::map<std::string, std::vector<std::string>> Where;
  std::map<std::string, unsigned> BF = readFindings(Baseline),
                                  CF = readFindings(Current, &Where);
  std::vector<std::string> New, Fixed;
  for (const auto &[K, N] : CF) {
    unsigned Had = BF.count(K) ? BF[K] : 0;
    // Each new one where it is; when the baseline had some alike, which
    // of them is new cannot be told, and all are named.
    const std::vector<std::string> &At = Where[K];
    std::string Alike;
    if (Had && !At.empty()) {
      Alike = fmt::format(" (the baseline had {} alike; now at ", Had);
      for (size_t I = 0; I < At.size(); ++I)
        Alike += (I ? ", " : "") + At[I].substr(0, At[I].find(' '));
      Alike += ")";
    }
    for (unsigned I = Had; I < N; ++I)
      New.push_back((Had || I >= At.size() ? K : At[I] + ": " +
                                                   K.substr(K.find(": ") + 2)) +
                    Alike);
  }
  for (const auto &[K, N] : BF) {
    unsigned Has = CF.count(K) ? CF[K] : 0;
    for (unsigned I = Has; I < N; ++I)
      Fixed.push_back(K);
  }
  G.NewFindings = unsigned(New.size());
  G.FixedFindings = unsigned(Fixed.size());
  G.Failed = G.Regressions > 0 || G.NewFindings > 0;

  // The table.
  std::vector<std::string> Head = {"kernel", "launch", "metric", "baseline",
                                   "current", "change", "status"};
  std::vector<size_t> W(Head.size());
  auto Cells = [](const Line &L) {
    return std::vector<std::string>{L.Kernel, L.Launch, L.Metric, L.Before,
                                    L.After,  L.Change, L.Status};
  };
  for (size_t I = 0; I < Head.size(); ++I)
    W[I] = Head[I].size();
  for (const Line &L : Lines) {
    auto C = Cells(L);
    for (size_t I = 0; I < C.size(); ++I)
      W[I] = std::max(W[I], C[I].size());
  }
  std::string &T = G.Table;
  auto Row = [&](const std::vector<std::string> &C) {
    std::string S;
    for (size_t I = 0; I < C.size(); ++I) {
      bool Right = I >= 3 && I <= 5;
      S += (I ? "  " : "") + (Right ? fmt::format("{:>{}}", C[I], W[I])
                                    : fmt::format("{:<{}}", C[I], W[I]));
    }
    while (!S.empty() && S.back() == ' ')
      S.pop_back();
    T += S + "\n";
  };
  T += fmt::format("warplint gate: threshold {:.1f}%\n", O.Threshold * 100);
  Row(Head);
  for (const Line &L : Lines)
    Row(Cells(L));
  if (!New.empty()) {
    T += fmt::format("new findings ({}):\n", New.size());
    for (const std::string &K : New)
      T += "  " + K + "\n";
  }
  if (!Fixed.empty()) {
    T += fmt::format("findings gone ({}):\n", Fixed.size());
    for (const std::string &K : Fixed)
      T += "  " + K + "\n";
  }
  T += fmt::format("gate: {} ({} regression{}, {} new finding{}, {} "
                   "improvement{}, {} kernel{} skipped)\n",
                   G.Failed ? "FAILED" : "passed", G.Regressions,
                   G.Regressions == 1 ? "" : "s", G.NewFindings,
                   G.NewFindings == 1 ? "" : "s", G.Improvements,
                   G.Improvements == 1 ? "" : "s", G.SkippedKernels,
                   G.SkippedKernels == 1 ? "" : "s");
  return G;
}

} // namespace warplint
