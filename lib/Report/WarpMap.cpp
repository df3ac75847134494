//===- WarpMap.cpp --------------------------------------------------------===//
#include "Report/WarpMap.h"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <set>

namespace warplint {

namespace {
int64_t floorTo(int64_t A, int64_t Unit) {
  int64_t Q = A / Unit;
  if (A % Unit != 0 && A < 0)
    --Q;
  return Q * Unit;
}

/// A colour per line (or word), cycling through a palette that reads on
/// white and in grey.
const char *colour(size_t I) {
  static const char *Palette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                  "#9467bd", "#8c564b", "#e377c2", "#17becf",
                                  "#bcbd22", "#7f7f7f"};
  return Palette[I % (sizeof Palette / sizeof *Palette)];
}

std::string escape(const std::string &S) {
  std::string R;
  for (char C : S) {
    if (C == '<')
      R += "&lt;";
    else if (C == '>')
      R += "&gt;";
    else if (C == '&')
      R += "&amp;";
    else if (C == '"')
      R += "&quot;";
    else
      R += C;
  }
  return R;
}
} // namespace

GlobalMap globalMap(const WarpRequest &R, unsigned SectorBytes,
                    unsigned LineBytes) {
  GlobalMap M;
  // Per sector, the bytes used (a set of byte offsets) and the lanes.
  std::map<int64_t, std::set<int64_t>> Used;
  std::map<int64_t, std::vector<unsigned>> LanesOf;
  unsigned Size = R.AccessSize ? R.AccessSize : 4;
  unsigned UsedPerLane = R.UsedBytes ? R.UsedBytes : Size;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!R.Lane[L])
      continue;
    ++M.ActiveLanes;
    int64_t A = *R.Lane[L];
    std::set<int64_t> SectorsOfLane;
    for (int64_t B = A; B < A + Size; ++B) {
      int64_t S = floorTo(B, SectorBytes);
      SectorsOfLane.insert(S);
      if (B < A + UsedPerLane)
        Used[S].insert(B);
    }
    for (int64_t S : SectorsOfLane)
      LanesOf[S].push_back(L);
  }
  std::set<int64_t> LineSet;
  for (const auto &[S, Lanes] : LanesOf)
    LineSet.insert(floorTo(S, LineBytes));
  for (int64_t LA : LineSet) {
    GlobalMap::Line Ln;
    Ln.Address = LA;
    for (int64_t S = LA; S < LA + LineBytes; S += SectorBytes) {
      GlobalMap::Sector Sec;
      Sec.Address = S;
      auto It = LanesOf.find(S);
      if (It != LanesOf.end()) {
        Sec.Lanes = It->second;
        Sec.BytesUsed = unsigned(Used[S].size());
        ++M.SectorsTouched;
        M.BytesUsed += Sec.BytesUsed;
        M.BytesFetched += SectorBytes;
      }
      Ln.Sectors.push_back(std::move(Sec));
    }
    M.Lines.push_back(std::move(Ln));
  }
  return M;
}

SharedMap sharedMap(const WarpRequest &R, unsigned Banks, unsigned BankWidth) {
  SharedMap M;
  M.Banks = Banks;
  M.BankWidth = BankWidth;
  std::vector<std::set<int64_t>> Words(Banks);
  unsigned Size = R.AccessSize ? R.AccessSize : 4;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!R.Lane[L])
      continue;
    ++M.ActiveLanes;
    int64_t A = *R.Lane[L];
    for (int64_t W = floorTo(A, BankWidth); W < A + Size; W += BankWidth) {
      int64_t Word = W / BankWidth;
      unsigned Bank = unsigned(((Word % Banks) + Banks) % Banks);
      M.Touches.push_back({L, Bank, Word});
      Words[Bank].insert(Word);
    }
  }
  for (const auto &W : Words) {
    M.WordsPerBank.push_back(unsigned(W.size()));
    M.MaxWords = std::max(M.MaxWords, unsigned(W.size()));
    M.BanksUsed += !W.empty();
  }
  return M;
}

std::string globalMapSvg(const GlobalMap &M, const std::string &Title) {
  // Lanes are rows; each line is a group of sector columns; a lane's mark
  // sits in the sector it reads, in its line's colour.
  const int Cell = 14, Gap = 6, Left = 48, Top = 44;
  size_t SectorsPerLine = M.Lines.empty() ? 4 : M.Lines[0].Sectors.size();
  int LineW = int(SectorsPerLine) * Cell + Gap;
  int W = Left + int(M.Lines.size()) * LineW + 10;
  int H = Top + int(WarpSize) * Cell + 40;
  std::string S = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"warp-map global\" "
      "width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" data-lanes=\"{}\" "
      "data-lines=\"{}\" data-sectors=\"{}\" data-bytes-used=\"{}\" "
      "data-bytes-fetched=\"{}\" role=\"img\"><title>{}</title>\n",
      W, H, W, H, M.ActiveLanes, M.Lines.size(), M.SectorsTouched, M.BytesUsed,
      M.BytesFetched, escape(Title));
  S += fmt::format("<text x=\"4\" y=\"14\" class=\"caption\">{} lanes, {} "
                   "lines, {} sectors; {} of {} fetched bytes used</text>\n",
                   M.ActiveLanes, M.Lines.size(), M.SectorsTouched, M.BytesUsed,
                   M.BytesFetched);
  for (unsigned L = 0; L < WarpSize; L += 8)
    S += fmt::format("<text x=\"4\" y=\"{}\" class=\"axis\">lane {}</text>\n",
                     Top + int(L) * Cell + Cell - 3, L);
  for (size_t I = 0; I < M.Lines.size(); ++I) {
    const GlobalMap::Line &Ln = M.Lines[I];
    int X0 = Left + int(I) * LineW;
    // The line's offset from the first; with many lines, every fourth is
    // labelled (each line's <title> has its own).
    bool Label = M.Lines.size() <= 8 || I % 4 == 0;
    S += fmt::format("<g class=\"line\" data-line=\"{}\" data-address=\"{}\">"
                     "<title>line {} at +{} bytes</title>",
                     I, Ln.Address, I, Ln.Address);
    if (Label)
      S += fmt::format("<text x=\"{}\" y=\"{}\" class=\"axis\">+{}</text>",
                       X0, Top - 18, Ln.Address);
    S += "\n";
    for (size_t J = 0; J < Ln.Sectors.size(); ++J) {
      const GlobalMap::Sector &Sec = Ln.Sectors[J];
      int X = X0 + int(J) * Cell;
      bool Touched = !Sec.Lanes.empty();
      S += fmt::format(
          "<rect class=\"sector{}\" data-line=\"{}\" data-sector=\"{}\" "
          "data-bytes-used=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
          "fill=\"{}\" stroke=\"#999\"/>\n",
          Touched ? " fetched" : "", I, J, Sec.BytesUsed, X, Top - 12, Cell,
          int(WarpSize) * Cell + 12, Touched ? "#eeeeee" : "#ffffff");
      for (unsigned Lane : Sec.Lanes)
        S += fmt::format("<rect class=\"lane\" data-lane=\"{}\" "
                         "data-line=\"{}\" data-sector=\"{}\" x=\"{}\" y=\"{}\" "
                         "width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                         Lane, I, J, X + 2, Top + int(Lane) * Cell + 2, Cell - 4,
                         Cell - 4, colour(I));
    }
    S += "</g>\n";
  }
  S += fmt::format("<text x=\"{}\" y=\"{}\" class=\"axis\">each column is a "
                   "32-byte sector; each group of columns a 128-byte line; a "
                   "lane's mark is in the sector it touches</text>\n",
                   4, H - 12);
  S += "</svg>\n";
  return S;
}

std::string sharedMapSvg(const SharedMap &M, const std::string &Title) {
  // Lanes are rows and banks columns; a lane's mark is in the bank it
  // touches, coloured by the word; under each bank, the words it serves.
  const int Cell = 14, Left = 48, Top = 36;
  int W = Left + int(M.Banks) * Cell + 10;
  int H = Top + int(WarpSize) * Cell + 48;
  std::string S = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"warp-map shared\" "
      "width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" data-lanes=\"{}\" "
      "data-banks=\"{}\" data-banks-used=\"{}\" data-ways=\"{}\" "
      "role=\"img\"><title>{}</title>\n",
      W, H, W, H, M.ActiveLanes, M.Banks, M.BanksUsed, M.MaxWords,
      escape(Title));
  S += fmt::format("<text x=\"4\" y=\"14\" class=\"caption\">{} lanes on {} of "
                   "{} banks; the busiest bank serves {} different words</text>\n",
                   M.ActiveLanes, M.BanksUsed, M.Banks, M.MaxWords);
  for (unsigned L = 0; L < WarpSize; L += 8)
    S += fmt::format("<text x=\"4\" y=\"{}\" class=\"axis\">lane {}</text>\n",
                     Top + int(L) * Cell + Cell - 3, L);
  for (unsigned B = 0; B < M.Banks; ++B) {
    unsigned N = M.WordsPerBank[B];
    S += fmt::format("<rect class=\"bank\" data-bank=\"{}\" data-words=\"{}\" "
                     "x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
                     "stroke=\"#ccc\"/>\n",
                     B, N, Left + int(B) * Cell, Top, Cell, int(WarpSize) * Cell,
                     N > 1 ? "#fde0dd" : "#ffffff");
    if (N)
      S += fmt::format("<text x=\"{}\" y=\"{}\" class=\"ways{}\">{}</text>\n",
                       Left + int(B) * Cell + 2, Top + int(WarpSize) * Cell + 14,
                       N > 1 ? " conflict" : "", N);
  }
  std::map<int64_t, size_t> WordColour;
  for (const SharedMap::Touch &T : M.Touches) {
    size_t C = WordColour.emplace(T.Word, WordColour.size()).first->second;
    S += fmt::format("<rect class=\"lane\" data-lane=\"{}\" data-bank=\"{}\" "
                     "data-word=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" "
                     "height=\"{}\" fill=\"{}\"/>\n",
                     T.Lane, T.Bank, T.Word, Left + int(T.Bank) * Cell + 2,
                     Top + int(T.Lane) * Cell + 2, Cell - 4, Cell - 4,
                     colour(C));
  }
  S += fmt::format("<text x=\"4\" y=\"{}\" class=\"axis\">columns: banks 0-{}; "
                   "under each, the different words it serves (more than 1: "
                   "a conflict)</text>\n",
                   H - 8, M.Banks - 1);
  S += "</svg>\n";
  return S;
}

std::string globalMapText(const GlobalMap &M) {
  std::string S = fmt::format(
      "{} lanes touch {} {} and {} {}; {} of {} fetched bytes are used\n",
      M.ActiveLanes, M.Lines.size(), M.Lines.size() == 1 ? "line" : "lines",
      M.SectorsTouched, M.SectorsTouched == 1 ? "sector" : "sectors",
      M.BytesUsed, M.BytesFetched);
  for (size_t I = 0; I < M.Lines.size(); ++I) {
    const GlobalMap::Line &Ln = M.Lines[I];
    S += fmt::format("  line {:>2} (+{:<8})", I, Ln.Address);
    for (const GlobalMap::Sector &Sec : Ln.Sectors) {
      if (Sec.Lanes.empty()) {
        S += " | -";
        continue;
      }
      // Lanes as ranges: 0-7, or 3 when alone.
      std::string Lanes;
      for (size_t K = 0; K < Sec.Lanes.size();) {
        size_t E = K;
        while (E + 1 < Sec.Lanes.size() && Sec.Lanes[E + 1] == Sec.Lanes[E] + 1)
          ++E;
        Lanes += (Lanes.empty() ? "" : ",") +
                 (E == K ? std::to_string(Sec.Lanes[K])
                         : fmt::format("{}-{}", Sec.Lanes[K], Sec.Lanes[E]));
        K = E + 1;
      }
      S += fmt::format(" | {} {} ({} B)", Sec.Lanes.size() == 1 ? "lane" : "lanes",
                       Lanes, Sec.BytesUsed);
    }
    S += "\n";
  }
  return S;
}

std::string sharedMapText(const SharedMap &M) {
  unsigned Busiest = 0;
  for (unsigned B = 0; B < M.WordsPerBank.size(); ++B)
    if (M.WordsPerBank[B] > M.WordsPerBank[Busiest])
      Busiest = B;
  std::string S = fmt::format(
      "{} lanes on {} of {} banks; the busiest bank ({}) serves {} different "
      "{}\n",
      M.ActiveLanes, M.BanksUsed, M.Banks, Busiest, M.MaxWords,
      M.MaxWords == 1 ? "word" : "words");
  // Rows: lanes; columns: banks; a letter per word of the bank.
  std::map<int64_t, char> Letter;
  std::vector<std::string> Rows(WarpSize, std::string(M.Banks, '.'));
  std::vector<bool> Active(WarpSize, false);
  for (const SharedMap::Touch &T : M.Touches) {
    size_t N = Letter.size();
    char Next = N < 26 ? char('a' + N) : N < 52 ? char('A' + N - 26) : '#';
    char C = Letter.emplace(T.Word, Next).first->second;
    Rows[T.Lane][T.Bank] = C;
    Active[T.Lane] = true;
  }
  // The banks' numbers in two rows: tens (at 10, 20, ...), then units.
  S += "  bank     ";
  for (unsigned B = 0; B < M.Banks; ++B)
    S += B % 10 == 0 && B ? char('0' + (B / 10) % 10) : ' ';
  S += "\n           ";
  for (unsigned B = 0; B < M.Banks; ++B)
    S += char('0' + B % 10);
  S += "\n";
  for (unsigned L = 0; L < WarpSize; ++L)
    if (Active[L])
      S += fmt::format("  lane {:>2}  {}\n", L, Rows[L]);
  S += "  words    ";
  for (unsigned N : M.WordsPerBank)
    S += N == 0 ? '.' : N < 10 ? char('0' + N) : '+';
  S += "\n  (a letter per word, '#' after the 52nd; 'words': the different "
       "words each bank serves, more than 1 a conflict, '+' more than 9)\n";
  return S;
}

unsigned CampingMap::channelsUsed() const {
  unsigned N = 0;
  for (unsigned B : BlocksPerChannel)
    N += B > 0;
  return N;
}
unsigned CampingMap::maxBlocks() const {
  unsigned N = 0;
  for (unsigned B : BlocksPerChannel)
    N = std::max(N, B);
  return N;
}

std::string campingMapSvg(const CampingMap &M, const std::string &Title) {
  // Blocks are rows (launch order), channels columns.
  const int Cell = 16, Left = 64, Top = 36;
  int Rows = int(M.ChannelOfBlock.size());
  int W = std::max(Left + int(M.Channels) * Cell + 10, 380);
  int H = Top + Rows * Cell + 44;
  // More than an even share of the blocks: the channel is camped on.
  unsigned Even = M.Channels ? unsigned((Rows + int(M.Channels) - 1) / int(M.Channels)) : 1;
  std::string S = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"warp-map camping\" "
      "width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" data-blocks=\"{}\" "
      "data-channels=\"{}\" data-channels-used=\"{}\" data-max-blocks=\"{}\" "
      "role=\"img\"><title>{}</title>\n",
      W, H, W, H, Rows, M.Channels, M.channelsUsed(), M.maxBlocks(),
      escape(Title));
  S += fmt::format("<text x=\"4\" y=\"14\" class=\"caption\">{} blocks on {} "
                   "of {} channels; the busiest serves {}</text>\n",
                   Rows, M.channelsUsed(), M.Channels, M.maxBlocks());
  for (unsigned C = 0; C < M.Channels; ++C) {
    unsigned N = C < M.BlocksPerChannel.size() ? M.BlocksPerChannel[C] : 0;
    S += fmt::format("<rect class=\"channel\" data-channel=\"{}\" "
                     "data-blocks=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" "
                     "height=\"{}\" fill=\"{}\" stroke=\"#ccc\"/>\n",
                     C, N, Left + int(C) * Cell, Top, Cell, Rows * Cell,
                     N > Even ? "#fde0dd" : "#ffffff");
    S += fmt::format("<text x=\"{}\" y=\"{}\" class=\"axis{}\">{}</text>\n",
                     Left + int(C) * Cell + 3, Top + Rows * Cell + 14,
                     N > Even ? " conflict" : "", N);
  }
  for (int B = 0; B < Rows; ++B) {
    if (B % 4 == 0)
      S += fmt::format("<text x=\"4\" y=\"{}\" class=\"axis\">block {}</text>\n",
                       Top + B * Cell + Cell - 4, B);
    int C = M.ChannelOfBlock[size_t(B)];
    if (C >= 0)
      S += fmt::format("<rect class=\"block\" data-block=\"{}\" "
                       "data-channel=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" "
                       "height=\"{}\" fill=\"{}\"/>\n",
                       B, C, Left + C * Cell + 2, Top + B * Cell + 2, Cell - 4,
                       Cell - 4, colour(size_t(C)));
  }
  S += fmt::format("<text x=\"4\" y=\"{}\" class=\"axis\">rows: the first "
                   "blocks, in launch order; columns: channels</text>\n</svg>\n",
                   H - 8);
  return S;
}

namespace {
unsigned pop(uint32_t X) { return unsigned(__builtin_popcount(X)); }
const DivergenceMap::Warp &exampleOf(const DivergenceMap &M) {
  static const DivergenceMap::Warp None;
  return M.Example < M.Warps.size() ? M.Warps[M.Example] : None;
}
} // namespace

unsigned DivergenceMap::taken() const {
  const Warp &W = exampleOf(*this);
  return pop(W.Taken & W.Reaching);
}
unsigned DivergenceMap::notTaken() const {
  const Warp &W = exampleOf(*this);
  return pop(~W.Taken & W.Reaching);
}
unsigned DivergenceMap::reaching() const { return pop(exampleOf(*this).Reaching); }
unsigned DivergenceMap::splitWarps() const {
  unsigned N = 0;
  for (const Warp &W : Warps)
    N += pop(W.Taken & W.Reaching) && pop(~W.Taken & W.Reaching);
  return N;
}

DivergenceMap divergenceMapOf(const DivergenceResult &D) {
  DivergenceMap M;
  M.Loop = D.Loop != nullptr;
  if (!D.Example)
    return M;
  M.MinTrips = D.Example->MinTrips;
  M.MaxTrips = D.Example->MaxTrips;
  for (const DivergenceResult::WarpLanes &W : D.ExampleBlock) {
    if (W.Warp == D.Example->Warp)
      M.Example = unsigned(M.Warps.size());
    M.Warps.push_back({W.Warp, W.Reaching, W.Taken});
  }
  bool Found = false;
  for (const DivergenceMap::Warp &W : M.Warps)
    Found = Found || W.Index == D.Example->Warp;
  if (!Found) { // the block's warps were not kept: the example alone
    M.Warps = {{D.Example->Warp, D.Example->Reaching, D.Example->Taken}};
    M.Example = 0;
  }
  return M;
}

std::string divergenceMapSvg(const DivergenceMap &M, const std::string &Title) {
  // Warps are rows, lanes columns; a lane is coloured by its path: the
  // warp runs one path, then the other, each with only its lanes active.
  const int Cell = 14, Left = 64, Top = 36;
  const char *TakenColour = "#1f77b4", *OtherColour = "#ff7f0e";
  int Rows = int(M.Warps.size());
  int W = std::max(Left + int(WarpSize) * Cell + 10, 520);
  int H = Top + Rows * Cell + 40;
  std::string A = M.Loop ? fmt::format("{} iterations", M.MaxTrips) : "take it";
  std::string B = M.Loop ? fmt::format("fewer (from {})", M.MinTrips)
                         : "do not";
  std::string S = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"warp-map divergence\" "
      "width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" data-warps=\"{}\" "
      "data-split-warps=\"{}\" data-lanes=\"{}\" data-taken=\"{}\" "
      "data-not-taken=\"{}\" role=\"img\"><title>{}</title>\n",
      W, H, W, H, Rows, M.splitWarps(), M.reaching(), M.taken(), M.notTaken(),
      escape(Title));
  S += fmt::format("<text x=\"4\" y=\"14\" class=\"caption\">{} of {} warps "
                   "split; lanes that {}: blue, that {}: orange</text>\n",
                   M.splitWarps(), Rows, A, B);
  for (unsigned L = 0; L < WarpSize; L += 8)
    S += fmt::format("<text x=\"{}\" y=\"{}\" class=\"axis\">lane {}</text>\n",
                     Left + int(L) * Cell, Top - 6, L);
  for (int R = 0; R < Rows; ++R) {
    const DivergenceMap::Warp &Wp = M.Warps[size_t(R)];
    int Y = Top + R * Cell;
    bool Ex = unsigned(R) == M.Example;
    S += fmt::format("<text x=\"4\" y=\"{}\" class=\"axis{}\">warp {}</text>\n",
                     Y + Cell - 3, Ex ? " caption" : "", Wp.Index);
    for (unsigned L = 0; L < WarpSize; ++L) {
      bool Reach = (Wp.Reaching >> L) & 1u, Take = (Wp.Taken >> L) & 1u;
      const char *Fill = !Reach ? "#ffffff" : Take ? TakenColour : OtherColour;
      S += fmt::format("<rect class=\"{}\" data-warp=\"{}\" data-lane=\"{}\" "
                       "data-path=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" "
                       "height=\"{}\" fill=\"{}\" stroke=\"#ddd\"/>\n",
                       Ex && Reach ? "lane" : "cell", Wp.Index, L,
                       !Reach ? "none" : Take ? "taken" : "other",
                       Left + int(L) * Cell, Y, Cell - 1, Cell - 1, Fill);
    }
  }
  S += fmt::format("<text x=\"4\" y=\"{}\" class=\"axis\">rows: the warps of "
                   "one block (the bold one is the example); white: the lane "
                   "does not reach it</text>\n</svg>\n",
                   H - 8);
  return S;
}

std::string divergenceMapText(const DivergenceMap &M) {
  std::string S = fmt::format(
      "{} of {} warps split; in warp {}, {} lanes reach it: {} on one path, "
      "{} on the other\n",
      M.splitWarps(), M.Warps.size(), exampleOf(M).Index, M.reaching(),
      M.taken(), M.notTaken());
  // The lanes' numbers above the rows ("  warp NN  " is 11 characters).
  S += "  lane               1         2         3\n"
       "           01234567890123456789012345678901\n";
  for (size_t I = 0; I < M.Warps.size(); ++I) {
    const DivergenceMap::Warp &W = M.Warps[I];
    std::string Row;
    for (unsigned L = 0; L < WarpSize; ++L)
      Row += !((W.Reaching >> L) & 1u) ? '.' : ((W.Taken >> L) & 1u) ? '#' : 'o';
    S += fmt::format("  warp {:>2}  {}{}\n", W.Index, Row,
                     I == M.Example ? "  <- the example" : "");
  }
  S += M.Loop ? fmt::format("  ('#': {} iterations, 'o': fewer, from {}; '.': "
                            "does not reach it)\n",
                            M.MaxTrips, M.MinTrips)
              : "  ('#': takes it, 'o': does not, '.': does not reach it)\n";
  return S;
}

} // namespace warplint
