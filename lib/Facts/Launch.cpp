//===- Launch.cpp - Which launch configurations to analyse ----------------===//
#include "Facts/Launch.h"

#include <cstdint>

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>
#include <tuple>

namespace warplint {

std::string sourcePlace(const SourceLoc &L) {
  return L.File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
}

std::string LaunchConfig::str() const {
  std::ostringstream OS;
  OS << "grid (" << Grid[0] << ", " << Grid[1] << ", " << Grid[2]
     << ") block (" << Block[0] << ", " << Block[1] << ", " << Block[2]
     << ")";
  return OS.str();
}

namespace {
/// A tiny scanner for "name(int, int, int)" groups.
struct Scanner {
  const std::string &S;
  size_t P = 0;
  void skip() {
    while (P < S.size() && std::isspace(static_cast<unsigned char>(S[P])))
      ++P;
  }
  bool eat(char C) {
    skip();
    if (P < S.size() && S[P] == C) {
      ++P;
      return true;
    }
    return false;
  }
  std::string word() {
    skip();
    size_t B = P;
    while (P < S.size() &&
           (std::isalnum(static_cast<unsigned char>(S[P])) || S[P] == '_'))
      ++P;
    return S.substr(B, P - B);
  }
  std::optional<int64_t> number() {
    skip();
    size_t B = P;
    while (P < S.size() && std::isdigit(static_cast<unsigned char>(S[P])))
      ++P;
    if (B == P || P - B > 12)
      return std::nullopt;
    return std::stoll(S.substr(B, P - B));
  }
};
} // namespace

/// Why CUDA would refuse a launch of this shape ("" when it would not):
/// at most 1024 threads per block in 1024 x 1024 x 64, and a grid of at
/// most (2^31 - 1) x 65535 x 65535 blocks (every GPU since compute
/// capability 3.0; 1.x and 2.x allow less, which the GPU's own limits in
/// the occupancy model catch).
std::string launchShapeProblem(const std::array<int64_t, 3> &Grid,
                               const std::array<int64_t, 3> &Block) {
  static const int64_t MaxBlock[3] = {1024, 1024, 64};
  static const int64_t MaxGrid[3] = {2147483647, 65535, 65535};
  for (int I = 0; I < 3; ++I) {
    const std::string D(1, "xyz"[I]);
    if (Block[I] < 1 || Block[I] > MaxBlock[I])
      return "blockDim." + D + " = " + std::to_string(Block[I]) +
             " is outside 1.." + std::to_string(MaxBlock[I]);
    if (Grid[I] < 1 || Grid[I] > MaxGrid[I])
      return "gridDim." + D + " = " + std::to_string(Grid[I]) +
             " is outside 1.." + std::to_string(MaxGrid[I]);
  }
  // No overflow: each dimension is at most 1024 here.
  int64_t Threads = Block[0] * Block[1] * Block[2];
  if (Threads > 1024)
    return "a block of " + std::to_string(Threads) +
           " threads is more than CUDA's 1024";
  return "";
}

std::optional<LaunchConfig> parseLaunchSpec(const std::string &Text,
                                            std::string &Error) {
  Scanner Sc{Text};
  LaunchConfig C;
  bool SawBlock = false;
  std::set<std::string> Seen;
  while (true) {
    Sc.skip();
    if (Sc.P >= Text.size())
      break;
    size_t At = Sc.P;
    std::string W = Sc.word();
    if (W != "grid" && W != "block" && W != "shared") {
      Error = "expected 'grid(...)', 'block(...)' or 'shared(...)' at column " +
              std::to_string(At + 1) + " of '" + Text + "'";
      return std::nullopt;
    }
    if (!Seen.insert(W).second) {
      Error = "'" + W + "' given twice in '" + Text + "'";
      return std::nullopt;
    }
    if (!Sc.eat('(')) {
      Error = "expected '(' after '" + W + "' in '" + Text + "'";
      return std::nullopt;
    }
    std::vector<int64_t> Vals;
    do {
      auto N = Sc.number();
      if (!N || *N < (W == "shared" ? 0 : 1)) {
        Error = "expected a positive integer in '" + W + "(...)' of '" + Text +
                "'";
        return std::nullopt;
      }
      Vals.push_back(*N);
    } while (Sc.eat(','));
    if (!Sc.eat(')')) {
      Error = "expected ')' to close '" + W + "(' in '" + Text + "'";
      return std::nullopt;
    }
    size_t Max = W == "shared" ? 1 : 3;
    if (Vals.size() > Max) {
      Error = "'" + W + "' takes at most " + std::to_string(Max) +
              " values in '" + Text + "'";
      return std::nullopt;
    }
    if (W == "shared") {
      C.SharedBytes = Vals[0];
      continue;
    }
    auto &D = W == "grid" ? C.Grid : C.Block;
    for (size_t I = 0; I < Vals.size(); ++I)
      D[I] = Vals[I];
    SawBlock |= W == "block";
  }
  if (!SawBlock) {
    Error = "a launch configuration needs 'block(...)': '" + Text + "'";
    return std::nullopt;
  }
  if (std::string Bad = launchShapeProblem(C.Grid, C.Block); !Bad.empty()) {
    Error = Bad + " in '" + Text + "'";
    return std::nullopt;
  }
  return C;
}

static bool sameConfig(const LaunchConfig &A, const LaunchConfig &B) {
  return A.Grid == B.Grid && A.Block == B.Block &&
         A.SharedBytes == B.SharedBytes && A.Args == B.Args;
}

static std::optional<int64_t> constant(const sym::Expr &E) {
  return E.asConst();
}

bool isLaunchSiteProblem(const std::string &Problem) {
  return Problem.rfind("the block size of the launch at ", 0) == 0 ||
         Problem.rfind("the launch at ", 0) == 0;
}

std::vector<sym::Expr *> siteExprs(LaunchSiteFacts &L) {
  std::vector<sym::Expr *> R;
  for (std::optional<Dim3Value> *D : {&L.Block, &L.Grid})
    if (*D) {
      R.push_back(&(*D)->X);
      R.push_back(&(*D)->Y);
      R.push_back(&(*D)->Z);
    }
  if (L.SharedBytes)
    R.push_back(&*L.SharedBytes);
  for (LaunchArg &A : L.Args)
    if (A.Value)
      R.push_back(&*A.Value);
  return R;
}

namespace {
/// One way a launch site's values can turn out: the site with the
/// selections its host code made (`bs = n > 4096 ? 128 : 256`) decided one
/// way, and those decisions.
struct SiteCandidate {
  LaunchSiteFacts Site;
  std::vector<std::pair<sym::Expr, bool>> Decisions;
  /// The command line the site's values were taken under, for a note.
  std::string CommandLine;
};

/// Every expression of the site that decides the configuration.

/// The ways the site's selections can go: each undecided condition is
/// taken true and false in turn (at most \p MaxDepth of them along a path;
/// deciding one may fold others).
void explore(SiteCandidate C, unsigned MaxDepth,
             std::vector<SiteCandidate> &Out) {
  std::vector<sym::Expr> Conds;
  for (sym::Expr *E : siteExprs(C.Site))
    E->collectSelectConditions(Conds);
  if (Conds.empty() || C.Decisions.size() >= MaxDepth) {
    Out.push_back(std::move(C));
    return;
  }
  // Innermost first: a condition that holds no selection itself, so that
  // deciding it may fold the ones around it.
  sym::Expr Cond = Conds.front();
  for (const sym::Expr &E : Conds) {
    std::vector<sym::Expr> Inner;
    E.collectSelectConditions(Inner);
    if (Inner.empty()) {
      Cond = E;
      break;
    }
  }
  for (bool V : {true, false}) {
    SiteCandidate N = C;
    std::map<sym::Expr, bool> D{{Cond, V}};
    for (sym::Expr *E : siteExprs(N.Site))
      *E = E->decideSelects(D);
    N.Decisions.push_back({Cond, V});
    explore(std::move(N), MaxDepth, Out);
  }
}

/// The site's values as when the program is run without arguments: each
/// command-line symbol its values mention (main's argc, a flag check) takes
/// its value then. Returns what was taken, for a note ("" when nothing);
/// \p Reached is false when the host `if`s the launch is under are then
/// decided against it (`if (runShmoo) shmoo();`).
std::string applyCommandLine(LaunchSiteFacts &L, bool &Reached) {
  Reached = true;
  std::map<std::string, sym::Expr> All;
  for (const auto &[Name, V] : L.CommandLine)
    All.emplace(Name, sym::Expr(V));
  for (const auto &[Cond, Taken] : L.Under)
    if (std::optional<int64_t> C = Cond.substitute(All).asConst())
      if ((*C != 0) != Taken)
        Reached = false;
  std::map<std::string, sym::Expr> Bind;
  std::string Said;
  for (const auto &[Name, V] : L.CommandLine) {
    bool Used = false;
    for (sym::Expr *E : siteExprs(L))
      Used |= E->mentions(Name);
    if (!Used)
      continue;
    Bind.emplace(Name, sym::Expr(V));
    Said += std::string(Said.empty() ? "" : ", ") + "'" + Name + "' " +
            (Name == "argc" ? "= " + std::to_string(V)
                            : std::string(V ? "true" : "false"));
  }
  if (Bind.empty())
    return "";
  for (sym::Expr *E : siteExprs(L))
    *E = E->substitute(Bind);
  return "the program run without command-line arguments, each size its "
         "default in the code (" + Said + ")";
}

/// How many of the site's values are numbers.
unsigned knownValues(const LaunchSiteFacts &L) {
  unsigned N = 0;
  for (sym::Expr *E : siteExprs(const_cast<LaunchSiteFacts &>(L)))
    N += E->isConst();
  return N;
}

bool constantBlock(const LaunchSiteFacts &L) {
  return L.Block && L.Block->X.isConst() && L.Block->Y.isConst() &&
         L.Block->Z.isConst();
}

/// The candidates to analyse a site under: when its host code chooses the
/// configuration on a condition (`bs = n > 4096 ? 128 : 256`, a block size
/// assigned on several paths), one per distinct block size, each the way
/// that knows the most values (a default `argc > 1 ? atoi(argv[1]) :
/// 8192` over the unknown), at most \p Max of them.
std::vector<SiteCandidate> siteCandidates(const LaunchSiteFacts &L,
                                          size_t Max) {
  std::vector<SiteCandidate> All;
  explore({L, {}}, 5, All);
  if (All.size() == 1)
    return All;
  std::vector<SiteCandidate> R;
  for (SiteCandidate &C : All) {
    if (!constantBlock(C.Site))
      continue;
    auto Same = std::find_if(R.begin(), R.end(), [&](const SiteCandidate &O) {
      return O.Site.Block->X == C.Site.Block->X &&
             O.Site.Block->Y == C.Site.Block->Y &&
             O.Site.Block->Z == C.Site.Block->Z;
    });
    if (Same == R.end())
      R.push_back(std::move(C));
    else if (knownValues(C.Site) > knownValues(Same->Site))
      *Same = std::move(C);
  }
  if (R.empty())
    return {{L, {}}};
  if (R.size() > Max)
    R.resize(Max);
  return R;
}

std::string describeDecisions(
    const std::vector<std::pair<sym::Expr, bool>> &Decisions) {
  std::string S;
  for (size_t I = 0; I < Decisions.size(); ++I)
    S += std::string(I ? (I + 1 == Decisions.size() ? " and " : ", ") : "") +
         "'" + Decisions[I].first.text() + "' is " +
         (Decisions[I].second ? "true" : "false");
  return S;
}
} // namespace

/// The launch option (--launch) given for \p K, by its name with or
/// without template arguments; an invalid one is said in \p Problems.
static std::optional<LaunchConfig> launchOption(const KernelFacts &K,
                                                const LaunchOptions &Opts,
                                                std::vector<std::string> &Problems) {
  std::string Plain = K.Name.substr(0, K.Name.size() - K.TemplateArgs.size());
  for (const std::string &Key : {K.Name, Plain}) {
    auto It = Opts.PerKernel.find(Key);
    if (It == Opts.PerKernel.end())
      continue;
    std::string Err;
    auto C = parseLaunchSpec(It->second, Err);
    if (!C) {
      Problems.push_back("invalid launch option for '" + Key + "': " + Err);
      return std::nullopt;
    }
    C->From = LaunchConfig::Source::Option;
    C->Origin = "the launch option for '" + Key + "'";
    return C;
  }
  return std::nullopt;
}

std::vector<LaunchConfig> resolveLaunchConfigs(const KernelFacts &K,
                                               const LaunchOptions &Opts,
                                               std::vector<std::string> &Problems) {
  std::vector<LaunchConfig> R;
  // Launch sites that exist but cannot be analysed, with why: the fallback
  // says so instead of "no launch names one".
  std::vector<std::string> Unused;
  // 1. Launch sites.
  std::vector<SiteCandidate> Sites;
  // Sites the program run without arguments does not reach are left out,
  // unless that leaves none.
  std::vector<std::tuple<LaunchSiteFacts, std::string, bool>> Prepared;
  bool AnyReached = false;
  for (const LaunchSiteFacts &Site : K.LaunchSites) {
    LaunchSiteFacts S = Site;
    bool Reached = true;
    std::string CommandLine = applyCommandLine(S, Reached);
    AnyReached |= Reached;
    Prepared.emplace_back(std::move(S), std::move(CommandLine), Reached);
  }
  for (auto &[S, CommandLine, Reached] : Prepared) {
    if (!Reached && AnyReached)
      continue;
    for (SiteCandidate &C : siteCandidates(S, 4)) {
      C.CommandLine = CommandLine;
      Sites.push_back(std::move(C));
    }
  }
  for (const SiteCandidate &Cand : Sites) {
    LaunchConfig C;
    // The unknowns of the launch, chosen together (LaunchUnknowns.cpp).
    LaunchSiteFacts L = Cand.Site;
    chooseUnknowns(L, Opts.DefaultGrid, C.Assumptions);
    C.From = LaunchConfig::Source::LaunchSite;
    C.Loc = L.Loc;
    C.Origin = "the launch at " + sourcePlace(L.Loc);
    if (!L.Through.empty())
      C.Origin += " through the function pointer '" + L.Through + "'";
    if (!L.Calls.empty()) {
      C.Origin += " reached through the call";
      C.Origin += L.Calls.size() > 1 ? "s at " : " at ";
      for (size_t I = 0; I < L.Calls.size(); ++I)
        C.Origin += (I ? ", " : "") + sourcePlace(L.Calls[I]);
    }
    C.Iterations = L.Iterations;
    for (const HostIteration &H : L.Iterations)
      C.Origin += ", in iteration " + std::to_string(H.Index + 1) + " of " +
                  std::to_string(H.Trips) + " of the host loop at " +
                  sourcePlace(H.Loop);
    if (!Cand.Decisions.empty())
      C.Origin += ", when " + describeDecisions(Cand.Decisions);
    if (!Cand.CommandLine.empty())
      C.Assumptions.push_back(Cand.CommandLine);
    if (!L.Device.empty()) {
      // The host computed the launch with the GPU's properties: those of
      // the GPU analysed (or said as unknown where they were not given).
      std::string Said;
      for (const auto &[Name, V] : L.Device)
        Said += (Said.empty() ? "" : ", ") + Name + " = " + std::to_string(V);
      C.Assumptions.push_back(
          "the GPU's properties the host code reads are those of " +
          (L.DeviceGpu.empty() ? std::string("the GPU analysed")
                               : "the " + L.DeviceGpu) +
          ": " + Said);
    }
    if (!L.Unusable.empty()) {
      Problems.push_back("the launch at " + sourcePlace(L.Loc) + " is not used: " +
                         L.Unusable);
      Unused.push_back("the launch at " + sourcePlace(L.Loc) + " is in code with "
                       "compile errors");
      continue;
    }
    if (!L.Block) {
      Problems.push_back("the block size of the launch at " + sourcePlace(L.Loc) +
                         " ('" + L.BlockText + "') is not understood");
      Unused.push_back("the block size of the launch at " + sourcePlace(L.Loc) +
                       " is not understood");
      continue;
    }
    const sym::Expr *BD[3] = {&L.Block->X, &L.Block->Y, &L.Block->Z};
    unsigned KnownDims = 0;
    int64_t KnownThreads = 1;
    for (int I = 0; I < 3; ++I)
      if (auto V = constant(*BD[I])) {
        ++KnownDims;
        // Capped: a dimension over CUDA's limits makes the launch fail
        // below (launchShapeProblem), without overflowing here.
        KnownThreads = std::min<int64_t>(
            KnownThreads * std::clamp<int64_t>(*V, 1, 1 << 20), int64_t(1) << 40);
      }
    // Some dimensions known, blockDim.x or one above 1 (`dim3 block(1,
    // rows)`, `dim3 block(w, 8)`): they are kept as given and the others
    // take the threads of __launch_bounds__ or of the default block between
    // them (the first unknown one all of them), each said. A block whose
    // only known dimensions are the 1s of `dim3 block(n)` is not used (the
    // annotation, option, bounds or default stand in, as said below).
    const bool Partial =
        KnownDims == 3 ||
        (KnownDims > 0 && (constant(L.Block->X) || KnownThreads > 1));
    const int64_t Threads =
        K.Bounds && K.Bounds->MaxThreadsPerBlock > 0 &&
                K.Bounds->MaxThreadsPerBlock <= 1024
            ? K.Bounds->MaxThreadsPerBlock
            : Opts.DefaultBlock;
    if (Partial) {
      static const int64_t MaxBlock[3] = {1024, 1024, 64};
      bool First = true;
      for (int I = 0; I < 3; ++I) {
        if (auto V = constant(*BD[I])) {
          C.Block[I] = *V;
          continue;
        }
        int64_t N = First ? std::max<int64_t>(1, Threads / KnownThreads) : 1;
        N = std::min(N, MaxBlock[I]);
        First = false;
        C.Block[I] = N;
        C.Assumptions.push_back("blockDim." + std::string(1, "xyz"[I]) + " = " +
                                std::to_string(N) + " (the launch computes it as '" +
                                BD[I]->text() + "'; the block's other dimensions "
                                "are as given)");
      }
    }
    if (!Partial) {
      Problems.push_back("the block size of the launch at " + sourcePlace(L.Loc) +
                         " ('" + L.BlockText + "') is not a constant");
      Unused.push_back("the block size of the launch at " + sourcePlace(L.Loc) +
                       " is not a constant");
      continue;
    }
    if (L.Grid) {
      const sym::Expr *GD[3] = {&L.Grid->X, &L.Grid->Y, &L.Grid->Z};
      for (int I = 0; I < 3; ++I) {
        auto V = constant(*GD[I]);
        if (V && *V >= 1) {
          C.Grid[I] = *V;
        } else {
          C.Grid[I] = Opts.DefaultGrid[I];
          C.Assumptions.push_back("gridDim." + std::string(1, "xyz"[I]) +
                                  " = " + std::to_string(Opts.DefaultGrid[I]) +
                                  " (the launch computes it as '" +
                                  GD[I]->text() + "')");
        }
      }
    } else {
      C.Grid = Opts.DefaultGrid;
      C.Assumptions.push_back("the default grid (the grid '" + L.GridText +
                              "' at the launch is not understood)");
    }
    if (std::string Bad = launchShapeProblem(C.Grid, C.Block); !Bad.empty()) {
      Problems.push_back("the launch at " + sourcePlace(L.Loc) + " ('<<<" +
                         L.GridText + ", " + L.BlockText + ">>>') would fail: " +
                         Bad + "; it is not analysed");
      Unused.push_back("the launch at " + sourcePlace(L.Loc) + " would fail: " + Bad);
      continue;
    }
    if (L.SharedBytes)
      if (auto V = constant(*L.SharedBytes))
        C.SharedBytes = *V;
    for (const LaunchArg &A : L.Args)
      if (A.Value)
        if (auto V = constant(*A.Value))
          C.Args[A.Param] = *V;
    bool Dup = false;
    for (const LaunchConfig &O : R)
      Dup |= sameConfig(O, C);
    if (!Dup)
      R.push_back(C);
  }
  if (!R.empty()) {
    // A launch option the user gave for the kernel replaces launch sites
    // whose grid had to be assumed: it says what the site leaves open.
    bool AllAssumed = true;
    for (const LaunchConfig &C : R)
      AllAssumed &= !C.Assumptions.empty();
    std::vector<std::string> Ignored;
    if (AllAssumed)
      if (std::optional<LaunchConfig> C = launchOption(K, Opts, Ignored)) {
        C->Origin += ", in place of " + R.front().Origin +
                     " (whose grid is not known here)";
        C->Loc = R.front().Loc;
        C->Args = R.front().Args;
        C->SharedBytes = R.front().SharedBytes;
        return {*C};
      }
    return R;
  }

  // 2. Annotations.
  for (const AnnotationFacts &A : K.Annotations) {
    std::string T = A.Text;
    if (T.rfind("launch", 0) != 0)
      continue;
    std::string Err;
    auto C = parseLaunchSpec(T.substr(6), Err);
    if (!C) {
      Problems.push_back(sourcePlace(A.Loc) + ": invalid warplint annotation: " + Err);
      Unused.push_back("the annotation at " + sourcePlace(A.Loc) + " is invalid");
      continue;
    }
    C->From = LaunchConfig::Source::Annotation;
    C->Loc = A.Loc;
    C->Origin = "the annotation at " + sourcePlace(A.Loc);
    R.push_back(*C);
  }
  if (!R.empty())
    return R;

  // 3. Per-kernel option.
  if (std::optional<LaunchConfig> C = launchOption(K, Opts, Problems))
    return {*C};

  // 4. __launch_bounds__ or the default.
  LaunchConfig C;
  C.Grid = Opts.DefaultGrid;
  if (K.Bounds && K.Bounds->MaxThreadsPerBlock > 0 &&
      K.Bounds->MaxThreadsPerBlock <= 1024) {
    C.Block = {K.Bounds->MaxThreadsPerBlock, 1, 1};
    C.From = LaunchConfig::Source::LaunchBounds;
    C.Origin = "__launch_bounds__(" +
               std::to_string(K.Bounds->MaxThreadsPerBlock) +
               ") as a one-dimensional block, with the default grid";
  } else {
    C.Block = {Opts.DefaultBlock, 1, 1};
    C.From = LaunchConfig::Source::Default;
    std::string Why = "no launch, annotation or option names one";
    if (!Unused.empty()) {
      Why = Unused.front();
      if (Unused.size() > 1)
        Why += " (and " + std::to_string(Unused.size() - 1) + " more)";
    }
    C.Origin = "the default launch (" + Why +
               "): a one-dimensional block of " +
               std::to_string(Opts.DefaultBlock) + " threads";
  }
  C.Loc = K.Loc;
  R.push_back(C);
  return R;
}

} // namespace warplint
