//===- HtmlReport.cpp -----------------------------------------------------===//
#include "Report/HtmlReport.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <set>

namespace warplint {

namespace {

std::string esc(llvm::StringRef S) { return htmlEscape(S.str()); }

} // namespace

std::string htmlEscape(const std::string &S) {
  std::string R;
  for (char C : S) {
    switch (C) {
    case '<': R += "&lt;"; break;
    case '>': R += "&gt;"; break;
    case '&': R += "&amp;"; break;
    case '"': R += "&quot;"; break;
    default: R += C;
    }
  }
  return R;
}

namespace {

std::string base(const std::string &File) {
  return llvm::sys::path::filename(File).str();
}

/// A finding belongs to a kernel when it names it, or the template the
/// kernel instantiates.
bool inKernel(const ReportFinding &F, const KernelEstimate &E) {
  if (F.Kernel.empty() || F.Loc.File != E.File)
    return false;
  return F.Kernel == E.Kernel ||
         llvm::StringRef(E.Kernel).starts_with(F.Kernel + "<");
}

const char *Style = R"css(
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 2em 3em; color: #222; }
h1 { font-size: 1.5em; margin: 0.8em 0 0.2em; }
h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ddd; }
h3 { font-size: 1em; margin: 1.2em 0 0.3em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 2px 8px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; cursor: pointer; user-select: none; }
th[aria-sort="ascending"]::after { content: " \25B2"; }
th[aria-sort="descending"]::after { content: " \25BC"; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code, pre { font: 12px/1.4 ui-monospace, monospace; }
pre.breakdown { white-space: pre-wrap; }
pre.source { background: #fafafa; border: 1px solid #eee; padding: 4px 0; overflow-x: auto; }
pre.source span.line { display: block; padding: 0 8px; }
pre.source span.flagged { background: #fff3bf; }
pre.source span.no { color: #999; display: inline-block; width: 4em; }
.finding { border-left: 4px solid #f08c00; padding: 0.2em 1em; margin: 1em 0; }
.finding.warplint-bank-conflict { border-color: #c92a2a; }
.finding.warplint-warp-divergence { border-color: #5f3dc4; }
.finding ul { margin: 0.3em 0; padding-left: 1.2em; color: #555; }
.maps { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
figure { margin: 0.5em 0; max-width: 100%; overflow-x: auto; }
figcaption { color: #555; font-size: 0.9em; margin-bottom: 0.3em; max-width: 34em; }
svg.warp-map text { font: 10px sans-serif; fill: #333; }
svg.warp-map text.caption { font-size: 11px; font-weight: 600; }
svg.warp-map text.conflict { fill: #c92a2a; font-weight: 600; }
.muted { color: #777; }
)css";

const char *Script = R"js(
// Sortable tables: a click on a header sorts by that column, again to
// reverse. A link can ask for an order: #sort=<table id>:<column>:desc.
function sortTable(table, col, asc) {
  var heads = table.querySelectorAll('th');
  heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
  var th = heads[col];
  th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
  var num = th.dataset.sort === 'num';
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  rows.sort(function (a, b) {
    var x = a.cells[col].dataset.value || a.cells[col].textContent;
    var y = b.cells[col].dataset.value || b.cells[col].textContent;
    var c = num ? (parseFloat(x) || 0) - (parseFloat(y) || 0) : x.localeCompare(y);
    return asc ? c : -c;
  });
  rows.forEach(function (r) { body.appendChild(r); });
}
document.querySelectorAll('table.sortable').forEach(function (table) {
  table.querySelectorAll('th').forEach(function (th, col) {
    th.addEventListener('click', function () {
      sortTable(table, col, th.getAttribute('aria-sort') !== 'ascending');
    });
  });
});
var m = /^#sort=([\w-]+):(\d+)(:desc)?$/.exec(location.hash);
if (m && document.getElementById(m[1]))
  sortTable(document.getElementById(m[1]), parseInt(m[2], 10), !m[3]);
)js";

} // namespace

const char *htmlStyle() { return Style; }
const char *htmlSortScript() { return Script; }

std::string findingAnchor(size_t Index) {
  return "finding-" + std::to_string(Index + 1);
}

std::string renderHtmlReport(const HtmlInput &In) {
  const RunReport &R = *In.Report;
  std::map<std::string, unsigned> PerCheck;
  std::set<std::string> Files;
  for (const ReportFinding &F : R.Findings) {
    ++PerCheck[F.Check];
    Files.insert(F.Loc.File);
  }
  for (const KernelEstimate &E : R.Kernels)
    Files.insert(E.File);
  // The kernels: one section per (file, kernel), each estimate a row.
  std::vector<std::pair<std::string, std::string>> Kernels;
  for (const KernelEstimate &E : R.Kernels)
    if (std::find(Kernels.begin(), Kernels.end(),
                  std::make_pair(E.File, E.Kernel)) == Kernels.end())
      Kernels.push_back({E.File, E.Kernel});
  auto KernelIndex = [&](const std::string &File, const std::string &K) {
    for (size_t I = 0; I < Kernels.size(); ++I)
      if (Kernels[I].first == File && Kernels[I].second == K)
        return I;
    return Kernels.size();
  };
  // Each finding is shown in the first kernel section it belongs to.
  std::vector<size_t> Home(R.Findings.size(), Kernels.size());
  for (size_t I = 0; I < R.Findings.size(); ++I)
    for (const KernelEstimate &E : R.Kernels)
      if (inKernel(R.Findings[I], E)) {
        Home[I] = KernelIndex(E.File, E.Kernel);
        break;
      }

  std::string H = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
                  "charset=\"utf-8\">\n<title>warplint report</title>\n<style>";
  H += Style;
  H += "</style>\n</head>\n<body>\n";
  H += fmt::format(
      "<header><h1>warplint report</h1><p class=\"muted\">warplint {} · "
      "<span id=\"count-files\">{}</span> files · <span "
      "id=\"count-kernels\">{}</span> kernels · <span "
      "id=\"count-findings\">{}</span> findings</p>\n<nav><a "
      "href=\"#kernels\">Kernels</a> · <a href=\"#findings\">Findings</a>{}</nav></header>\n",
      esc(R.ToolVersion), Files.size(), Kernels.size(), R.Findings.size(),
      R.Problems.empty() ? "" : " · <a href=\"#problems\">Not analysed</a>");

  // Overview: the kernels.
  H += "<section id=\"kernels\"><h2>Kernels</h2>\n<table class=\"sortable\" "
       "id=\"kernel-table\"><thead><tr><th>kernel</th><th>file</th><th>launch"
       "</th><th>GPU</th><th data-sort=\"num\">time (µs)</th><th>bound</th>"
       "<th data-sort=\"num\">findings</th></tr></thead><tbody>\n";
  for (const KernelEstimate &E : R.Kernels) {
    size_t KI = KernelIndex(E.File, E.Kernel);
    unsigned N = 0;
    for (size_t I = 0; I < R.Findings.size(); ++I)
      N += inKernel(R.Findings[I], E);
    double Us = E.Cycles.TimeSeconds * 1e6;
    H += fmt::format(
        "<tr><td><a href=\"#kernel-{}\">{}</a></td><td>{}</td><td>{}</td>"
        "<td>{}</td><td class=\"num\" data-value=\"{:.6g}\">{:.4g}</td><td>{}"
        "</td><td class=\"num\">{}</td></tr>\n",
        KI + 1, esc(E.Kernel), esc(base(E.File)), esc(E.Config.str()),
        esc(E.ArchName.empty() ? E.Gpu : E.ArchName), Us, Us,
        esc(E.Cycles.Bound), N);
  }
  H += "</tbody></table></section>\n";

  // Overview: the findings.
  H += "<section id=\"findings\"><h2>Findings</h2>\n<p>";
  bool First = true;
  for (const auto &[Check, N] : PerCheck) {
    H += fmt::format("{}<code>{}</code>: <span class=\"check-count\" "
                     "data-check=\"{}\">{}</span>",
                     First ? "" : " · ", esc(Check), esc(Check), N);
    First = false;
  }
  if (PerCheck.empty())
    H += "No findings.";
  H += "</p>\n<table class=\"sortable\" id=\"finding-table\"><thead><tr>"
       "<th>check</th><th>place</th><th>kernel</th><th>message</th></tr>"
       "</thead><tbody>\n";
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    const ReportFinding &F = R.Findings[I];
    H += fmt::format("<tr><td><code>{}</code></td><td><a href=\"#{}\">{}:{}:{}"
                     "</a></td><td>{}</td><td>{}</td></tr>\n",
                     esc(F.Check), findingAnchor(I), esc(base(F.Loc.File)),
                     F.Loc.Line, F.Loc.Column, esc(F.Kernel), esc(F.Message));
  }
  H += "</tbody></table></section>\n";
  if (!R.Problems.empty()) {
    H += "<section id=\"problems\"><h2>Not analysed</h2><ul>\n";
    for (const FileProblem &P : R.Problems)
      H += fmt::format("<li><code>{}</code>: {}</li>\n", esc(P.File),
                       esc(P.Message));
    H += "</ul></section>\n";
  }

  auto RenderFinding = [&](size_t I) {
    const ReportFinding &F = R.Findings[I];
    std::string S = fmt::format(
        "<div class=\"finding {}\" id=\"{}\"><h3><code>{}</code> {}:{}:{}</h3>"
        "<p>{}</p>\n",
        esc(F.Check), findingAnchor(I), esc(F.Check), esc(base(F.Loc.File)),
        F.Loc.Line, F.Loc.Column, esc(F.Message));
    if (!F.Notes.empty()) {
      S += "<ul>";
      for (const ReportNote &N : F.Notes)
        S += fmt::format("<li>{}</li>", esc(N.Message));
      S += "</ul>\n";
    }
    const HtmlAccessMap *Best = nullptr;
    auto Own = [&](const HtmlAccessMap &M) {
      return !F.Kernel.empty() &&
             (M.Kernel == F.Kernel ||
              llvm::StringRef(M.Kernel).starts_with(F.Kernel + "<"));
    };
    for (const HtmlAccessMap &M : In.Maps) {
      if (M.Check != F.Check || M.File != F.Loc.File ||
          M.Line != F.Loc.Line || M.Column != F.Loc.Column)
        continue;
      if (!Best || (Own(M) && !Own(*Best)) ||
          (Own(M) == Own(*Best) && M.Severity > Best->Severity))
        Best = &M;
    }
    if (const HtmlAccessMap *M = Best) {
      S += "<div class=\"maps\">";
      S += fmt::format("<figure class=\"before\"><figcaption>{}</figcaption>{}"
                       "</figure>",
                       esc(M->Caption), M->Svg);
      if (!M->AfterSvg.empty())
        S += fmt::format("<figure class=\"after\"><figcaption>{}</figcaption>"
                         "{}</figure>",
                         esc(M->AfterCaption), M->AfterSvg);
      S += "</div>\n";
    }
    S += "</div>\n";
    return S;
  };

  // Per kernel.
  for (size_t KI = 0; KI < Kernels.size(); ++KI) {
    const auto &[File, Name] = Kernels[KI];
    H += fmt::format("<section class=\"kernel\" id=\"kernel-{}\"><h2>{}</h2>"
                     "<p class=\"muted\">{}</p>\n",
                     KI + 1, esc(Name), esc(File));
    for (const KernelEstimate &E : R.Kernels) {
      if (E.File != File || E.Kernel != Name)
        continue;
      H += fmt::format(
          "<p class=\"launch\">Assuming {} on {} ({}): {:.4g} µs, {:.4g} cycles, "
          "bound by <strong>{}</strong> ({}).</p>\n",
          esc(E.Config.str()), esc(E.ArchName.empty() ? E.Gpu : E.ArchName),
          esc(E.Gpu), E.Cycles.TimeSeconds * 1e6, E.Cycles.TotalCycles,
          esc(E.Cycles.Bound.empty() ? "-" : E.Cycles.Bound),
          esc(toString(E.Cycles.Model.Variant)));
      if (!E.Cycles.Breakdown.empty())
        H += "<pre class=\"breakdown\">" + esc(E.Cycles.Breakdown) + "</pre>\n";
      if (!E.Config.Assumptions.empty() || !E.Assumptions.empty()) {
        H += fmt::format("<details class=\"assumptions\"><summary>{} "
                         "assumptions</summary><ul>",
                         E.Config.Assumptions.size() + E.Assumptions.size());
        for (const std::string &A : E.Config.Assumptions)
          H += "<li>assuming " + esc(A) + "</li>";
        for (const std::string &A : E.Assumptions)
          H += "<li>assuming " + esc(A) + "</li>";
        H += "</ul></details>\n";
      }
    }
    // The source, flagged lines marked and linked.
    for (const HtmlKernelSpan &Sp : In.Spans) {
      if (Sp.File != File || Sp.Kernel != Name)
        continue;
      auto Src = In.Sources.find(File);
      if (Src == In.Sources.end())
        break;
      std::map<unsigned, size_t> Flagged;
      for (size_t I = 0; I < R.Findings.size(); ++I)
        if (Home[I] == KI)
          Flagged.emplace(R.Findings[I].Loc.Line, I);
      llvm::SmallVector<llvm::StringRef> Lines;
      llvm::StringRef(Src->second).split(Lines, '\n');
      H += "<pre class=\"source\">";
      for (unsigned L = Sp.FirstLine; L <= Sp.LastLine && L <= Lines.size(); ++L) {
        auto F = Flagged.find(L);
        std::string Text = esc(Lines[L - 1]);
        if (F != Flagged.end())
          H += fmt::format("<span class=\"line flagged\" data-line=\"{}\"><span "
                           "class=\"no\">{}</span><a href=\"#{}\" title=\"{}\">{}"
                           "</a></span>",
                           L, L, findingAnchor(F->second),
                           esc(R.Findings[F->second].Message), Text);
        else
          H += fmt::format("<span class=\"line\" data-line=\"{}\"><span "
                           "class=\"no\">{}</span>{}</span>",
                           L, L, Text);
      }
      H += "</pre>\n";
      break;
    }
    for (size_t I = 0; I < R.Findings.size(); ++I)
      if (Home[I] == KI)
        H += RenderFinding(I);
    H += "</section>\n";
  }
  // Findings in no estimated kernel.
  bool Any = false;
  for (size_t I = 0; I < R.Findings.size(); ++I)
    if (Home[I] == Kernels.size()) {
      if (!Any)
        H += "<section id=\"other-findings\"><h2>Other findings</h2>\n";
      Any = true;
      H += RenderFinding(I);
    }
  if (Any)
    H += "</section>\n";
  H += "<script>";
  H += Script;
  H += "</script>\n</body>\n</html>\n";
  return H;
}

} // namespace warplint
