//===- CheckSupport.cpp ---------------------------------------------------===//
#include "CheckSupport.h"

#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>

namespace warplint {
namespace checks {

std::optional<bool> parseBoolOption(llvm::StringRef Text) {
  Text = Text.trim();
  if (Text.equals_insensitive("true") || Text == "1")
    return true;
  if (Text.equals_insensitive("false") || Text == "0")
    return false;
  return std::nullopt;
}

std::string otherPlaces(const AccessFacts &First,
                        const std::vector<const AccessFacts *> &Others,
                        size_t &Count) {
  std::vector<std::string> Places;
  for (const AccessFacts *O : Others) {
    std::string P = std::to_string(O->Loc.Line);
    if (O->Loc.File != First.Loc.File)
      P = llvm::sys::path::filename(O->Loc.File).str() + ":" + P;
    if (std::find(Places.begin(), Places.end(), P) == Places.end())
      Places.push_back(P);
  }
  Count = Places.size();
  std::string Lines;
  for (size_t I = 0; I < Places.size() && I < 12; ++I)
    Lines += (I ? ", " : "") + Places[I];
  if (Places.size() > 12)
    Lines += ", ...";
  return Lines;
}

std::optional<double> parseNumberOption(llvm::StringRef Text) {
  double V;
  if (Text.trim().getAsDouble(V) || !std::isfinite(V))
    return std::nullopt;
  return V;
}

std::string describeConfig(const LaunchConfig &L, const GpuModel &Gpu) {
  return L.str() + ", from " + L.Origin + ", on " +
         (Gpu.Name.empty() ? "" : Gpu.Name + ", ") + Gpu.Sm + ": " +
         Gpu.describe();
}

clang::SourceLocation configLoc(const LaunchConfig &L, const KernelFacts &K) {
  if (L.Loc.Raw)
    return toLoc(L.Loc);
  return toLoc(K.Loc);
}

std::vector<std::pair<clang::SourceLocation, std::string>>
assumptionNotes(const LaunchConfig &L, const KernelFacts &K,
                const GpuModel &Gpu, const AccessFacts &A,
                const std::vector<std::string> &AccessAssumptions) {
  std::vector<std::pair<clang::SourceLocation, std::string>> R;
  clang::SourceLocation At = configLoc(L, K);
  R.push_back({At, describeConfig(L, Gpu)});
  for (const std::string &S : L.Assumptions)
    R.push_back({At, S});
  for (const std::string &S : AccessAssumptions)
    R.push_back({toLoc(A.Loc), S});
  return R;
}

std::optional<CheckInput> prepareCheck(clang::ASTContext &Ctx,
                                       const clang::Preprocessor *PP,
                                       const AnalysisRequest &Request,
                                       std::vector<std::string> &Problems,
                                       bool SystemHeaders) {
  TranslationUnitAnalysis &TU =
      TranslationUnitAnalysis::of(Ctx, PP, SystemHeaders);
  const PreparedAnalysis &P = TU.prepare(Request);
  Problems.insert(Problems.end(), P.Problems.begin(), P.Problems.end());
  if (!P.Ok)
    return std::nullopt;
  return CheckInput{&TU, Request, &P};
}

} // namespace checks
} // namespace warplint
