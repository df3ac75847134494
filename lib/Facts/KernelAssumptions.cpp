//===- KernelAssumptions.cpp - `// warplint: assume ...` annotations -----===//
//
// parseKernelAssumptions (Facts/Launch.h): what the user asserts about a
// kernel's unknowns in the comment lines above it.
//
//===----------------------------------------------------------------------===//
#include "Facts/Launch.h"

#include <cstdint>
#include <limits>

namespace warplint {

/// Why \p A cannot hold for the kernel parameter \p Name of an integer
/// type (a value outside the type's range), or "".
static std::string outOfTypeRange(const KernelFacts &K, const std::string &Name,
                                  const sym::Assumption &A) {
  for (const ParamFacts &P : K.Params) {
    if (P.Name != Name || P.IsPointer)
      continue;
    std::string T = P.Type;
    for (const char *Q : {"const ", "volatile "})
      for (size_t At; (At = T.find(Q)) != std::string::npos;)
        T.erase(At, std::string(Q).size());
    int64_t Lo, Hi;
    if (T == "int" || T == "signed int" || T == "signed" || T == "int32_t")
      Lo = INT32_MIN, Hi = INT32_MAX;
    else if (T == "unsigned int" || T == "unsigned" || T == "uint32_t")
      Lo = 0, Hi = UINT32_MAX;
    else if (T == "short" || T == "int16_t")
      Lo = INT16_MIN, Hi = INT16_MAX;
    else if (T == "unsigned short" || T == "uint16_t")
      Lo = 0, Hi = UINT16_MAX;
    else
      return "";
    for (std::optional<int64_t> V : {A.Equal, A.Min, A.Max})
      if (V && (*V < Lo || *V > Hi))
        return "'" + Name + "' is of type '" + T + "': " + std::to_string(*V) +
               " is outside its range [" + std::to_string(Lo) + ", " +
               std::to_string(Hi) + "]";
    return "";
  }
  return "";
}

std::map<std::string, sym::Assumption>
parseKernelAssumptions(const KernelFacts &K, std::vector<std::string> &Problems) {
  std::map<std::string, sym::Assumption> R;
  for (const AnnotationFacts &A : K.Annotations) {
    const std::string &T = A.Text;
    // The directive: the first word ("launch" is resolveLaunchConfigs').
    const std::string Word = T.substr(0, T.find_first_of(" \t("));
    if (Word != "assume") {
      if (Word != "launch")
        Problems.push_back(sourcePlace(A.Loc) +
                           ": invalid warplint annotation: unknown directive '" +
                           Word + "' (launch or assume)");
      continue;
    }
    // The clauses add to those of earlier annotations.
    std::map<std::string, sym::Assumption> Here = R;
    std::string Err = sym::parseAssumptions(T.substr(6), Here);
    if (!Err.empty()) {
      Problems.push_back(sourcePlace(A.Loc) + ": invalid warplint annotation: " + Err);
      continue;
    }
    for (auto &[Name, As] : Here) {
      std::string Range = outOfTypeRange(K, Name, As);
      if (Range.empty()) {
        R[Name] = As;
        continue;
      }
      Problems.push_back(sourcePlace(A.Loc) + ": invalid warplint annotation: " +
                         Range + "; the assumption is not used");
    }
  }
  return R;
}

} // namespace warplint
