//===- HtmlOutput.cpp - The HTML report's pictures and sources ------------===//
//
// --format=html: the run's report (findings, estimates) with what the page
// draws from the analysis: per flagged global or shared access the worst
// warp request enumerated, as a warp map (lib/Report/WarpMap.h), and after
// a padding fix-it the same warp's request on the padded buffer; per
// kernel the lines its code spans; the sources. lib/Report/HtmlReport.h
// lays the page out. docs/pictures.md.
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Report/HtmlReport.h"
#include "Report/WarpMap.h"
#include "Warp/ChannelSkew.h"
#include "Warp/Divergence.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <fmt/format.h>

using namespace llvm;
using namespace warplint;

namespace {
std::string where(unsigned Warp, const std::array<int64_t, 3> &B) {
  return fmt::format("warp {} of block ({}, {}, {})", Warp, B[0], B[1], B[2]);
}

/// The lines a kernel's code spans in its own file: from its declaration
/// to the last access, branch, loop or barrier there, and one more (the
/// closing brace, usually).
HtmlKernelSpan spanOf(const KernelFacts &K, const std::string &File) {
  HtmlKernelSpan S;
  S.Kernel = K.Name;
  S.File = File;
  S.FirstLine = S.LastLine = K.Loc.Line;
  auto See = [&](const SourceLoc &L) {
    if (L.valid() && L.File == K.Loc.File && L.Line >= S.FirstLine)
      S.LastLine = std::max(S.LastLine, L.Line);
  };
  for (const AccessFacts &A : K.Accesses)
    See(A.Loc);
  for (const BranchFacts &B : K.Branches)
    See(B.Loc);
  for (const LoopFacts &L : K.Loops)
    See(L.Loc);
  for (const BarrierFacts &B : K.Barriers)
    See(B.Loc);
  S.LastLine += 1;
  return S;
}
} // namespace

std::optional<std::string>
renderHtml(const RunReport &Report,
           const std::vector<std::optional<FileFacts>> &Facts,
           const FrontendOptions &Opts) {
  HtmlInput In;
  In.Report = &Report;
  // Only the places of findings get a map.
  std::set<std::tuple<std::string, unsigned, unsigned>> Flagged;
  for (const ReportFinding &F : Report.Findings)
    Flagged.insert({F.Loc.File, F.Loc.Line, F.Loc.Column});
  for (const std::optional<FileFacts> &F : Facts) {
    if (!F)
      continue;
    if (auto B = MemoryBuffer::getFile(F->File))
      In.Sources[F->File] = (*B)->getBuffer().str();
    for (const KernelFacts &K : F->Kernels)
      In.Spans.push_back(spanOf(K, F->File));
    bool Ok = forEachAnalysedKernel(*F, Opts, [&](const KernelFacts &K,
                                                   const GpuModel &Gpu,
                                                   const std::vector<LaunchConfig> &C,
                                                   const AnalysisOptions &AO) {
      // Facts name files as the compiler saw them (an included one through
      // its search path); the report, absolutely and without dots.
      auto Key = [&](const auto &A) {
        SmallString<256> P(A.Loc.File);
        if (!sys::path::is_absolute(P))
          sys::fs::make_absolute(sys::path::parent_path(F->File), P);
        sys::path::remove_dots(P, /*remove_dot_dot=*/true);
        return std::make_tuple(std::string(P), A.Loc.Line, A.Loc.Column);
      };
      // A map of a flagged place, for a check, with its severity.
      auto Start = [&](const std::tuple<std::string, unsigned, unsigned> &P,
                       const char *Check, double Severity) {
        HtmlAccessMap M;
        std::tie(M.File, M.Line, M.Column) = P;
        M.Check = Check;
        M.Kernel = K.Name;
        M.Severity = Severity;
        return M;
      };
      // The worst request of each place over the launches: what the check
      // reports.
      std::vector<CoalescingFinding> Worst;
      for (CoalescingFinding &G : findUncoalescedAccesses(K, C, Gpu, AO)) {
        auto It = std::find_if(Worst.begin(), Worst.end(), [&](auto &W) {
          return W.Access == G.Access;
        });
        if (It == Worst.end())
          Worst.push_back(std::move(G));
        else if (G.Factor > It->Factor)
          *It = std::move(G);
      }
      for (const CoalescingFinding &G : Worst) {
        auto P = Key(*G.Access);
        if (!Flagged.count(P))
          continue;
        HtmlAccessMap M = Start(P, "warplint-uncoalesced-access", G.Factor);
        M.Caption = fmt::format("{} in {}, {}: the worst request enumerated",
                                G.Access->Text, K.Name,
                                where(G.WorstWarp, G.WorstBlock));
        M.Svg = globalMapSvg(globalMap(G.WorstRequest),
                             "global " + G.Access->Text);
        In.Maps.push_back(std::move(M));
      }
      std::vector<BankConflictFinding> WorstB;
      for (BankConflictFinding &B : findBankConflicts(K, C, Gpu, AO)) {
        auto It = std::find_if(WorstB.begin(), WorstB.end(), [&](auto &W) {
          return W.Access == B.Access;
        });
        if (It == WorstB.end())
          WorstB.push_back(std::move(B));
        else if (B.Worst.Ways > It->Worst.Ways)
          *It = std::move(B);
      }
      for (const BankConflictFinding &B : WorstB) {
        auto P = Key(*B.Access);
        if (!Flagged.count(P))
          continue;
        HtmlAccessMap M = Start(P, "warplint-bank-conflict", B.Worst.Ways);
        M.Caption = fmt::format("{} in {}, {}: the worst request enumerated",
                                B.Access->Text, K.Name,
                                where(B.WorstWarp, B.WorstBlock));
        M.Svg = sharedMapSvg(sharedMap(B.WorstRequest, Gpu.Banks.Banks,
                                       Gpu.Banks.BankWidth),
                             "shared " + B.Access->Text);
        if (B.Padding && B.PaddedRequest && B.Buffer) {
          M.AfterCaption = fmt::format("the same warp after padding '{}' to "
                                       "[{}] (the fix-it)",
                                       B.Buffer->Name, *B.Padding);
          M.AfterSvg = sharedMapSvg(sharedMap(*B.PaddedRequest, Gpu.Banks.Banks,
                                              Gpu.Banks.BankWidth),
                                    "after the padding");
        }
        In.Maps.push_back(std::move(M));
      }
      // Partition camping (1.x): the blocks that run first against the
      // channels, and the same after diagonal block reordering.
      if (!Gpu.PartitionsHashed)
        for (const LaunchConfig &L : C) {
          ChannelParams CP{Gpu.Partitions ? Gpu.Partitions : 8,
                           Gpu.PartitionWidth ? Gpu.PartitionWidth : 256};
          ChannelSkewResult R = analyzeChannelSkew(
              K, L, CP, campingBlocksPerSm(Gpu, L), AO.Enum);
          if (!R.Analysed)
            continue;
          ChannelSkewResult D = analyzeChannelSkew(
              diagonalReordering(K, L.Grid[0] == L.Grid[1]
                                        ? DiagonalMapping::Square
                                        : DiagonalMapping::General),
              L, CP, campingBlocksPerSm(Gpu, L), AO.Enum);
          auto Map = [&](const ReferenceSkew &RS) {
            CampingMap CM;
            CM.Channels = CP.Channels;
            CM.ChannelOfBlock = RS.FirstChannelOfBlock;
            CM.BlocksPerChannel = RS.BlocksPerChannel;
            return CM;
          };
          for (const ReferenceSkew &RS : R.Refs) {
            if (!RS.Access || RS.ChannelsUsed == 0)
              continue;
            auto P = Key(*RS.Access);
            if (!Flagged.count(P))
              continue;
            HtmlAccessMap M = Start(P, "warplint-partition-camping", RS.Skew);
            M.Caption = fmt::format("'{}' in {}: the first {} blocks to run",
                                    RS.Text, K.Name, R.BlocksToCheck);
            M.Svg = campingMapSvg(Map(RS), M.Caption);
            if (D.Analysed && L.Grid[1] > 1)
              for (const ReferenceSkew &DS : D.Refs)
                if (DS.Loc.Line == RS.Loc.Line && DS.Loc.Column == RS.Loc.Column &&
                    DS.ChannelsUsed > 0) {
                  M.AfterCaption = "the same blocks after diagonal block "
                                   "reordering (the fix-it)";
                  M.AfterSvg = campingMapSvg(Map(DS), M.AfterCaption);
                  break;
                }
            In.Maps.push_back(std::move(M));
          }
        }
      // Divergence: one warp that splits, its lanes on each path.
      for (const LaunchConfig &L : C) {
        DivergenceOptions DO;
        DO.Enum = AO.Enum;
        for (const DivergenceResult &D : analyzeDivergence(K, L, DO)) {
          if (!D.Example)
            continue;
          auto P = D.Branch ? Key(*D.Branch) : Key(*D.Loop);
          if (!Flagged.count(P))
            continue;
          HtmlAccessMap M =
              Start(P, "warplint-warp-divergence", D.splitFraction());
          M.Caption = fmt::format("{} in {}: the warps of block ({}, {}, {}), "
                                  "warp {} splitting",
                                  D.Branch ? "the branch" : "the loop", K.Name,
                                  D.Example->BlockIdx[0], D.Example->BlockIdx[1],
                                  D.Example->BlockIdx[2], D.Example->Warp);
          M.Svg = divergenceMapSvg(divergenceMapOf(D), M.Caption);
          In.Maps.push_back(std::move(M));
        }
      }
    });
    if (!Ok)
      return std::nullopt;
  }
  return renderHtmlReport(In);
}
