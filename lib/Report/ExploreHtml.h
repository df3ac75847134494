//===- ExploreHtml.h - --explore as one HTML page ---------------*- C++ -*-===//
//
// `warplint --explore --format=html`: per kernel its launch and GPU, the
// ranked variants as a sortable table (rank, variant, predicted time, gain,
// bound, values assumed, the change, the fix where there is one), and the
// assumptions the estimates made. Self-contained, as the report of
// HtmlReport.h, whose style and script it shares. Pure: no Clang header.
// docs/explore.md.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_REPORT_EXPLOREHTML_H
#define WARPLINT_REPORT_EXPLOREHTML_H

#include <string>
#include <vector>

namespace warplint {

struct ExploreRow {
  unsigned Rank = 0;
  std::string Variant, Change, Bound, Fix;
  double Seconds = 0, Gain = 0;
  unsigned Assumed = 0;
};

struct ExploreKernelPage {
  std::string File, Kernel, Launch, Gpu;
  std::vector<ExploreRow> Rows;
  std::vector<std::string> Assumptions;
};

std::string renderExploreHtml(const std::vector<ExploreKernelPage> &Kernels);

} // namespace warplint

#endif
