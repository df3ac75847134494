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

HostDevice hostDeviceOf(const ArchSpec &A) {
  HostDevice D;
  D.Gpu = A.Name.empty() ? A.Id : A.Name;
  D.File = A.File;
  auto Put = [&](const char *Name, double V) {
    if (V > 0)
      D.Properties[Name] = int64_t(V);
  };
  // As cudaGetDeviceProperties fills them (CUDA Runtime API, cudaDeviceProp):
  // the clocks in kHz, sizes in bytes.
  if (A.Major) {
    D.Properties["major"] = A.Major;
    D.Properties["minor"] = A.Minor;
  }
  Put("multiProcessorCount", A.SmCount);
  Put("warpSize", A.WarpSize);
  Put("maxThreadsPerBlock", A.MaxThreadsPerBlock);
  Put("maxThreadsPerMultiProcessor", A.MaxThreadsPerSm);
  Put("maxBlocksPerMultiProcessor", A.MaxBlocksPerSm);
  Put("regsPerMultiprocessor", A.RegsPerSm);
  Put("regsPerBlock", A.RegsPerBlock ? A.RegsPerBlock : A.RegsPerSm);
  Put("sharedMemPerBlock", A.SmemPerBlockBytes);
  Put("sharedMemPerBlockOptin", A.SmemPerBlockOptinBytes
                                    ? A.SmemPerBlockOptinBytes
                                    : A.SmemPerBlockBytes);
  Put("sharedMemPerMultiprocessor", A.SmemPerSmBytes);
  Put("reservedSharedMemPerBlock", A.SmemReservedPerBlock);
  Put("l2CacheSize", A.L2Bytes);
  Put("clockRate", A.CoreClockMHz * 1000);
  Put("memoryClockRate", A.MemClockMHz * 1000);
  Put("memoryBusWidth", A.BusWidthBits);
  return D;
}

std::string devicePropertyOfAttribute(const std::string &Attribute) {
  static const std::map<std::string, std::string> Names = {
      {"cudaDevAttrMultiProcessorCount", "multiProcessorCount"},
      {"cudaDevAttrComputeCapabilityMajor", "major"},
      {"cudaDevAttrComputeCapabilityMinor", "minor"},
      {"cudaDevAttrWarpSize", "warpSize"},
      {"cudaDevAttrMaxThreadsPerBlock", "maxThreadsPerBlock"},
      {"cudaDevAttrMaxThreadsPerMultiProcessor", "maxThreadsPerMultiProcessor"},
      {"cudaDevAttrMaxBlocksPerMultiprocessor", "maxBlocksPerMultiProcessor"},
      {"cudaDevAttrMaxRegistersPerMultiprocessor", "regsPerMultiprocessor"},
      {"cudaDevAttrMaxRegistersPerBlock", "regsPerBlock"},
      {"cudaDevAttrMaxSharedMemoryPerBlock", "sharedMemPerBlock"},
      {"cudaDevAttrMaxSharedMemoryPerBlockOptin", "sharedMemPerBlockOptin"},
      {"cudaDevAttrMaxSharedMemoryPerMultiprocessor",
       "sharedMemPerMultiprocessor"},
      {"cudaDevAttrL2CacheSize", "l2CacheSize"},
      {"cudaDevAttrClockRate", "clockRate"},
      {"cudaDevAttrMemoryClockRate", "memoryClockRate"},
      {"cudaDevAttrGlobalMemoryBusWidth", "memoryBusWidth"}};
  auto It = Names.find(Attribute);
  return It == Names.end() ? std::string() : It->second;
}

} // namespace warplint
