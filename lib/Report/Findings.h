//===- Findings.h - Diagnostics as plain data for the reports ---*- C++ -*-===//
//
// What the machine-readable reports (JSON, SARIF) and the CI gate need of a
// diagnostic, independent of clang-tidy's classes: tools/warplint converts
// clang-tidy's errors into these. Pure: no Clang header.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_REPORT_FINDINGS_H
#define WARPLINT_REPORT_FINDINGS_H

#include <map>
#include <string>
#include <vector>

namespace warplint {

struct ReportLoc {
  std::string File; ///< absolute path
  unsigned Line = 0, Column = 0; ///< 1-based; 0 when unknown
};

struct ReportNote {
  std::string Message;
  ReportLoc Loc;
};

struct ReportEdit {
  ReportLoc Begin, End; ///< End is exclusive
  unsigned Offset = 0, Length = 0;
  std::string Text;
};

struct ReportFinding {
  std::string Check; ///< "warplint-bank-conflict"
  std::string Level; ///< "warning" or "error"
  std::string Message;
  ReportLoc Loc;
  std::vector<ReportNote> Notes;
  std::vector<ReportEdit> Fixes;
  /// The kernel the finding is in (KernelIndex); empty when not known.
  std::string Kernel;
  /// The numbers the message carries, by name (ways, sectors, ideal,
  /// ch_skew, paths, ...): see findingNumbers().
  std::map<std::string, double> Numbers;
};

/// The numbers in a warplint check's message, by the names
/// docs/output-formats.md lists for each check. Unknown checks give none.
std::map<std::string, double> findingNumbers(const std::string &Check,
                                             const std::string &Message);

/// What every warplint check is, for SARIF's rules and --list-checks: one
/// place, checked against the registered checks by a test.
struct CheckInfo {
  const char *Name;
  const char *Summary;
};
const std::vector<CheckInfo> &checkCatalog();

} // namespace warplint

#endif
