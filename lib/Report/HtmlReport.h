//===- HtmlReport.h - The report as one self-contained HTML page -*- C++ -*-===//
//
// --format=html: one file that needs no network to view: inline CSS, a few
// lines of inline script (sorting the tables), SVG warp maps. An overview
// of the kernels (estimate, bound, findings) and of the findings, each
// with an anchor; then per kernel the launch and GPU assumed, the estimate
// and its breakdown, the source with the flagged lines marked; and per
// finding its notes and, for an access, the warp map (after a padding
// fix-it, the map after the fix beside it). Pure: no Clang header.
// docs/pictures.md.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_REPORT_HTMLREPORT_H
#define WARPLINT_REPORT_HTMLREPORT_H

#include "Report/MachineReport.h"

#include <map>
#include <string>
#include <vector>

namespace warplint {

/// The picture of one flagged access.
struct HtmlAccessMap {
  std::string Check; ///< the check whose findings it illustrates
  std::string File;
  unsigned Line = 0, Column = 0;
  /// The kernel whose warp it is, and how bad the request is (sectors per
  /// ideal, or ways): a finding shows its own kernel's worst map at its
  /// place (a device function's access has one per calling kernel).
  std::string Kernel;
  double Severity = 0;
  std::string Caption; ///< which warp, what is shown
  std::string Svg;
  std::string AfterCaption; ///< "after padding 'tile' to [TILE + 1]"
  std::string AfterSvg;     ///< empty without a fix to show
};

/// Where a kernel's code is, for its source listing.
struct HtmlKernelSpan {
  std::string Kernel, File;
  unsigned FirstLine = 0, LastLine = 0;
};

struct HtmlInput {
  const RunReport *Report = nullptr;
  std::vector<HtmlAccessMap> Maps;
  std::vector<HtmlKernelSpan> Spans;
  std::map<std::string, std::string> Sources; ///< file -> its text
};

std::string renderHtmlReport(const HtmlInput &In);

/// The pieces every warplint page shares: text escaped for HTML, the
/// style sheet, and the script that sorts `table.sortable` by a click on
/// a header (or by `#sort=<table id>:<column>[:desc]` in the address).
std::string htmlEscape(const std::string &S);
const char *htmlStyle();
const char *htmlSortScript();

/// The anchor of finding \p Index (0-based, in Report->Findings order).
std::string findingAnchor(size_t Index);

} // namespace warplint

#endif
