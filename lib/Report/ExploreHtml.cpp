//===- ExploreHtml.cpp ----------------------------------------------------===//
#include "Report/ExploreHtml.h"
#include "Report/HtmlReport.h"

#include <fmt/format.h>

namespace warplint {

std::string renderExploreHtml(const std::vector<ExploreKernelPage> &Kernels) {
  std::string H = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
                  "charset=\"utf-8\">\n<title>warplint --explore</title>\n<style>";
  H += htmlStyle();
  H += "</style>\n</head>\n<body>\n<h1>Variants of each kernel</h1>\n"
       "<p class=\"muted\">Each variant changes the kernel's facts, not its "
       "text; each is estimated with warplint's model "
       "(docs/models/warplint.md). The gain is the kernel's time as written "
       "over the variant's. Click a column to sort.</p>\n";
  for (size_t K = 0; K < Kernels.size(); ++K) {
    const ExploreKernelPage &P = Kernels[K];
    const std::string Id = fmt::format("kernel-{}", K + 1);
    H += fmt::format("<section id=\"{}\"><h2>{}</h2>\n<p>{} under "
                     "{}, on {}</p>\n",
                     Id, htmlEscape(P.Kernel), htmlEscape(P.File),
                     htmlEscape(P.Launch), htmlEscape(P.Gpu));
    H += fmt::format("<table class=\"sortable\" id=\"{}-variants\"><thead><tr>"
                     "<th data-sort=\"num\">rank</th><th>variant</th>"
                     "<th data-sort=\"num\">time (µs)</th><th data-sort=\"num\">"
                     "gain</th><th>bound</th><th data-sort=\"num\">assumed</th>"
                     "<th>change</th></tr></thead>\n<tbody>\n",
                     Id);
    for (const ExploreRow &R : P.Rows) {
      H += fmt::format(
          "<tr data-variant=\"{}\"><td class=\"num\">{}</td><td>{}</td>"
          "<td class=\"num\" data-value=\"{}\">{:.4g}</td><td class=\"num\" "
          "data-value=\"{}\">{:.2f}x</td><td>{}</td><td class=\"num\">{}</td>"
          "<td>{}{}</td></tr>\n",
          htmlEscape(R.Variant), R.Rank, htmlEscape(R.Variant), R.Seconds * 1e6,
          R.Seconds * 1e6, R.Gain, R.Gain, htmlEscape(R.Bound.empty() ? "-" : R.Bound),
          R.Assumed, htmlEscape(R.Change),
          R.Fix.empty() ? std::string()
                        : "<br><span class=\"muted\">fix: <code>" +
                              htmlEscape(R.Fix) + "</code></span>");
    }
    H += "</tbody></table>\n";
    if (!P.Assumptions.empty()) {
      H += "<details><summary>What the estimates assumed</summary><ul>\n";
      for (const std::string &A : P.Assumptions)
        H += "<li>" + htmlEscape(A) + "</li>\n";
      H += "</ul></details>\n";
    }
    H += "</section>\n";
  }
  H += "<script>";
  H += htmlSortScript();
  H += "</script>\n</body>\n</html>\n";
  return H;
}

} // namespace warplint
