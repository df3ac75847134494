//===- MachineReport.h - warplint's JSON and SARIF reports ------*- C++ -*-===//
//
// The JSON report (schema in docs/output-formats.md) and SARIF 2.1.0, from
// plain findings and estimates. Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_REPORT_MACHINEREPORT_H
#define WARPLINT_REPORT_MACHINEREPORT_H

#include "Cost/Estimate.h"
#include "Report/Findings.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace warplint {

inline constexpr int ReportSchemaVersion = 1;

struct FileProblem {
  std::string File;
  std::string Message;
};

struct RunReport {
  std::string ToolVersion;
  std::vector<ReportFinding> Findings;
  std::vector<KernelEstimate> Kernels;
  /// Files that could not be analysed, and why.
  std::vector<FileProblem> Problems;
};

llvm::json::Value toJSON(const ReportFinding &F);
llvm::json::Value toJSONReport(const RunReport &R);

struct SarifOptions {
  /// Paths under this directory become relative URIs with uriBaseId
  /// SRCROOT (what GitHub code scanning expects); others stay absolute.
  std::string SourceRoot;
  /// Each rule's helpUri is DocsBase + "<check name without warplint->.md".
  std::string DocsBase;
  /// --parse-errors=report: files that did not parse are warning
  /// notifications and do not make the run unsuccessful.
  bool ProblemsAreWarnings = false;
};
llvm::json::Value toSarif(const RunReport &R, const SarifOptions &O);

/// file:///abs/path with the characters RFC 3986 does not allow in a path
/// percent-encoded.
std::string fileUri(const std::string &AbsPath);

} // namespace warplint

#endif
