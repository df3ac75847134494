//===- MachineReport.cpp --------------------------------------------------===//
#include "Report/MachineReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MD5.h"

#include <set>

namespace warplint {

using llvm::json::Array;
using llvm::json::Object;

static Object locJSON(const ReportLoc &L) {
  return Object{{"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}

llvm::json::Value toJSON(const ReportFinding &F) {
  Object O = locJSON(F.Loc);
  O["check"] = F.Check;
  O["level"] = F.Level;
  O["message"] = F.Message;
  if (!F.Kernel.empty())
    O["kernel"] = F.Kernel;
  Object Numbers;
  for (const auto &[K, V] : F.Numbers)
    Numbers[K] = V;
  O["numbers"] = std::move(Numbers);
  Array Notes;
  for (const ReportNote &N : F.Notes) {
    Object NO = locJSON(N.Loc);
    NO["message"] = N.Message;
    Notes.push_back(std::move(NO));
  }
  O["notes"] = std::move(Notes);
  Array Fixes;
  for (const ReportEdit &E : F.Fixes)
    Fixes.push_back(Object{{"file", E.Begin.File},
                           {"offset", E.Offset},
                           {"length", E.Length},
                           {"line", E.Begin.Line},
                           {"column", E.Begin.Column},
                           {"end_line", E.End.Line},
                           {"end_column", E.End.Column},
                           {"replacement", E.Text}});
  O["fixes"] = std::move(Fixes);
  return O;
}

llvm::json::Value toJSONReport(const RunReport &R) {
  Array Diags, Kernels, Problems;
  // Each finding's anchor in the HTML report of the same run.
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    llvm::json::Value V = toJSON(R.Findings[I]);
    (*V.getAsObject())["html_anchor"] = "finding-" + std::to_string(I + 1);
    Diags.push_back(std::move(V));
  }
  for (const KernelEstimate &E : R.Kernels)
    Kernels.push_back(toJSON(E));
  for (const FileProblem &P : R.Problems)
    Problems.push_back(Object{{"file", P.File}, {"message", P.Message}});
  return Object{{"schema_version", ReportSchemaVersion},
                {"tool", Object{{"name", "warplint"}, {"version", R.ToolVersion}}},
                {"diagnostics", std::move(Diags)},
                {"kernels", std::move(Kernels)},
                {"errors", std::move(Problems)}};
}

std::string fileUri(const std::string &AbsPath) {
  std::string U = "file://";
  for (unsigned char C : AbsPath) {
    if (isalnum(C) || llvm::StringRef("/-._~!$&'()*+,;=:@").contains(C))
      U += char(C);
    else {
      char Buf[4];
      snprintf(Buf, sizeof Buf, "%%%02X", C);
      U += Buf;
    }
  }
  return U;
}

/// A relative URI reference for a path under the root.
static std::string relativeUri(llvm::StringRef Rel) {
  std::string Abs = fileUri("/" + Rel.str());
  return Abs.substr(std::string("file:///").size());
}

static Object artifact(const std::string &File, const SarifOptions &O) {
  llvm::StringRef Root = O.SourceRoot;
  if (!Root.empty()) {
    std::string Prefix = Root.ends_with("/") ? Root.str() : Root.str() + "/";
    if (llvm::StringRef(File).starts_with(Prefix))
      return Object{{"uri", relativeUri(llvm::StringRef(File).substr(Prefix.size()))},
                    {"uriBaseId", "SRCROOT"}};
  }
  return Object{{"uri", fileUri(File)}};
}

/// The file as the SARIF names it: relative to the root when under it.
static std::string artifactName(const std::string &File, const SarifOptions &O) {
  Object A = artifact(File, O);
  return A.getString("uri").value_or("").str();
}

/// A hex MD5 of the identity and its occurrence: the same in every run.
static std::string fingerprint(const std::string &Identity, unsigned Nth) {
  llvm::MD5 H;
  H.update(Identity);
  H.update(":" + std::to_string(Nth));
  llvm::MD5::MD5Result R;
  H.final(R);
  return R.digest().str().str() + ":" + std::to_string(Nth + 1);
}

static Object region(const ReportLoc &L) {
  Object R{{"startLine", std::max(1u, L.Line)}};
  if (L.Column)
    R["startColumn"] = L.Column;
  return R;
}

static Object physical(const ReportLoc &L, const SarifOptions &O) {
  return Object{{"physicalLocation",
                 Object{{"artifactLocation", artifact(L.File, O)},
                        {"region", region(L)}}}};
}

llvm::json::Value toSarif(const RunReport &R, const SarifOptions &O) {
  // Rules: every catalogued check, plus any other that reported.
  std::vector<std::string> RuleIds;
  std::map<std::string, std::string> Summaries;
  for (const CheckInfo &C : checkCatalog()) {
    RuleIds.push_back(C.Name);
    Summaries[C.Name] = C.Summary;
  }
  for (const ReportFinding &F : R.Findings)
    if (!Summaries.count(F.Check)) {
      RuleIds.push_back(F.Check);
      Summaries[F.Check] = F.Check;
    }
  std::map<std::string, unsigned> RuleIndex;
  Array Rules;
  for (const std::string &Id : RuleIds) {
    RuleIndex[Id] = unsigned(Rules.size());
    // SARIF 3.49.7: a name for people, different from the opaque id
    // (warplint-bank-conflict -> BankConflict).
    std::string Name;
    llvm::StringRef Short = Id;
    const bool Ours = Short.consume_front("warplint-");
    for (llvm::StringRef Part : llvm::split(Short, '-'))
      if (!Part.empty())
        Name += llvm::toUpper(Part.front()) + Part.drop_front().str();
    if (Name.empty() || Name == Id)
      Name = "Rule" + std::to_string(Rules.size());
    const std::string Uri =
        Ours && !O.DocsBase.empty() ? O.DocsBase + Short.str() + ".md" : "";
    // GitHub code scanning requires `help` (text and markdown).
    std::string HelpText = Summaries[Id] + ".";
    std::string HelpMd = "**" + Id + "**: " + Summaries[Id] + ".";
    if (!Uri.empty()) {
      HelpText += " Documentation: " + Uri;
      HelpMd += " [Documentation](" + Uri + ")";
    } else if (Ours) {
      HelpText += " Documentation: docs/checks/" + Short.str() +
                  ".md in warplint's sources.";
      HelpMd += " Documentation: `docs/checks/" + Short.str() +
                ".md` in warplint's sources.";
    }
    Object Rule{{"id", Id},
                {"name", Name},
                {"shortDescription", Object{{"text", Summaries[Id]}}},
                {"fullDescription", Object{{"text", Summaries[Id]}}},
                {"help", Object{{"text", HelpText}, {"markdown", HelpMd}}},
                {"defaultConfiguration", Object{{"level", "warning"}}}};
    if (!Uri.empty())
      Rule["helpUri"] = Uri;
    Rules.push_back(std::move(Rule));
  }

  Array Results;
  std::map<std::string, unsigned> Occurrences;
  for (const ReportFinding &F : R.Findings) {
    Object Where = physical(F.Loc, O);
    if (!F.Kernel.empty())
      Where["logicalLocations"] = Array{
          Object{{"fullyQualifiedName", F.Kernel}, {"kind", "function"}}};
    Object Res{{"ruleId", F.Check},
               {"ruleIndex", RuleIndex[F.Check]},
               {"level", F.Level == "error" ? "error" : "warning"},
               {"message", Object{{"text", F.Message}}},
               {"locations", Array{std::move(Where)}}};
    // Stable when lines move (SARIF 3.27.17): the rule, the file as the
    // report names it, the kernel and the message, which holds no line
    // number; alike findings are told apart by their order.
    std::string Identity = F.Check + "\n" + artifactName(F.Loc.File, O) +
                           "\n" + F.Kernel + "\n" + F.Message;
    unsigned Nth = Occurrences[Identity]++;
    Res["partialFingerprints"] =
        Object{{"warplintFinding/v1", fingerprint(Identity, Nth)}};
    Array Related;
    for (const ReportNote &N : F.Notes) {
      if (N.Loc.File.empty())
        continue;
      Object RL = physical(N.Loc, O);
      RL["id"] = unsigned(Related.size());
      RL["message"] = Object{{"text", N.Message}};
      Related.push_back(std::move(RL));
    }
    if (!Related.empty())
      Res["relatedLocations"] = std::move(Related);
    if (!F.Fixes.empty()) {
      // One fix holding every edit, grouped by file.
      std::map<std::string, Array> ByFile;
      for (const ReportEdit &E : F.Fixes) {
        Object Deleted{{"startLine", E.Begin.Line},
                       {"startColumn", E.Begin.Column},
                       {"endLine", E.End.Line},
                       {"endColumn", E.End.Column}};
        ByFile[E.Begin.File].push_back(
            Object{{"deletedRegion", std::move(Deleted)},
                   {"insertedContent", Object{{"text", E.Text}}}});
      }
      Array Changes;
      for (auto &[File, Reps] : ByFile)
        Changes.push_back(Object{{"artifactLocation", artifact(File, O)},
                                 {"replacements", std::move(Reps)}});
      Res["fixes"] = Array{Object{
          {"description", Object{{"text", "apply warplint's fix-it"}}},
          {"artifactChanges", std::move(Changes)}}};
    }
    {
      Object Props;
      for (const auto &[K, V] : F.Numbers)
        Props[K] = V;
      // The finding's anchor in the HTML report of the same run.
      Props["html_anchor"] = "finding-" + std::to_string(Results.size() + 1);
      Res["properties"] = Object{{"warplint", std::move(Props)}};
    }
    Results.push_back(std::move(Res));
  }

  Array Notifications;
  for (const FileProblem &P : R.Problems)
    Notifications.push_back(Object{
        {"level", O.ProblemsAreWarnings ? "warning" : "error"},
        {"message", Object{{"text", P.Message}}},
        {"locations", Array{Object{{"physicalLocation",
                                    Object{{"artifactLocation",
                                            artifact(P.File, O)}}}}}}});

  Object Driver{{"name", "warplint"},
                {"version", R.ToolVersion},
                {"semanticVersion", R.ToolVersion},
                {"rules", std::move(Rules)}};
  // The documentation root: the checks' base URL without its last folder
  // (".../docs/checks/" -> ".../docs/").
  if (!O.DocsBase.empty()) {
    llvm::StringRef Base = llvm::StringRef(O.DocsBase).rtrim('/');
    size_t Slash = Base.rfind('/');
    if (Slash != llvm::StringRef::npos && Base.take_front(Slash).contains("://"))
      Driver["informationUri"] = Base.take_front(Slash + 1).str();
  }
  Object Run{{"tool", Object{{"driver", std::move(Driver)}}},
             {"results", std::move(Results)},
             {"invocations",
              Array{Object{{"executionSuccessful",
                            R.Problems.empty() || O.ProblemsAreWarnings},
                           {"toolExecutionNotifications",
                            std::move(Notifications)}}}}};
  if (!O.SourceRoot.empty()) {
    std::string Root = O.SourceRoot;
    if (Root.back() != '/')
      Root += '/';
    Run["originalUriBaseIds"] =
        Object{{"SRCROOT", Object{{"uri", fileUri(Root)}}}};
  }
  return Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", Array{std::move(Run)}}};
}

} // namespace warplint
