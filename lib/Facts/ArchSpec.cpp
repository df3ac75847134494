//===- ArchSpec.cpp -------------------------------------------------------===//
#include "Facts/ArchSpec.h"

namespace warplint {

static const struct {
  ProvenanceKind Kind;
  const char *Name;
} ProvenanceNames[] = {
    {ProvenanceKind::Spec, "spec"},         {ProvenanceKind::Reported, "reported"},
    {ProvenanceKind::Measured, "measured"}, {ProvenanceKind::Proxy, "proxy"},
    {ProvenanceKind::Paper, "paper"},       {ProvenanceKind::Sim, "sim"},
    {ProvenanceKind::Rule, "rule"},         {ProvenanceKind::Estimate, "estimate"},
    {ProvenanceKind::Recalled, "recalled"}, {ProvenanceKind::Unknown, "unknown"},
};

const char *toString(ProvenanceKind K) {
  for (const auto &P : ProvenanceNames)
    if (P.Kind == K)
      return P.Name;
  return "estimate";
}

std::optional<ProvenanceKind> parseProvenanceKind(const std::string &S) {
  for (const auto &P : ProvenanceNames)
    if (S == P.Name)
      return P.Kind;
  return std::nullopt;
}

} // namespace warplint
