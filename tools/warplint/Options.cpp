//===- Options.cpp - warplint's command-line options ----------------------===//
//
// The definitions of the options Options.h declares, with their help texts.
//
//===----------------------------------------------------------------------===//
#include "Options.h"

using namespace llvm;

namespace warplint {
namespace cli {

cl::OptionCategory Category("warplint options");

cl::opt<std::string> Checks(
    "checks",
    cl::desc("Checks to run, as in clang-tidy (default: warplint-* but warplint-kernel-cost; a "
             ".clang-tidy file is read as clang-tidy reads it)"),
    cl::init(""), cl::cat(Category));

cl::opt<std::string> Config(
    "config", cl::desc("A .clang-tidy configuration in YAML, used instead of "
                       "the .clang-tidy files"),
    cl::init(""), cl::cat(Category));

cl::opt<std::string> ConfigFile(
    "config-file",
    cl::desc("A file holding a .clang-tidy configuration in YAML, used "
             "instead of the .clang-tidy files (as clang-tidy's)"),
    cl::init(""), cl::cat(Category));

cl::opt<bool> Fix("fix", cl::desc("Apply the fix-its of the findings"),
                         cl::cat(Category));

cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the fix-its to this YAML file, for "
             "clang-apply-replacements"),
    cl::value_desc("file"), cl::init(""), cl::cat(Category));

cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Checks whose findings are errors (exit code 1), as in "
             "clang-tidy"),
    cl::init(""), cl::cat(Category));

cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Regular expression of headers whose findings are shown"),
    cl::init(""), cl::cat(Category));


cl::opt<std::string> GpuArch(
    "arch",
    cl::desc("GPU to analyse for: a GPU id from --list-archs (a100_sxm4_40gb), "
             "an sm_XX name (the GPU docs/arch.md says stands for it), or a "
             "path to an architecture file (*.yaml). Default: the compile "
             "command's architecture, else sm_80"),
    cl::init(""), cl::cat(Category));
static cl::alias GpuArchOld("gpu-arch", cl::desc("Same as --arch"),
                            cl::aliasopt(GpuArch));
cl::opt<std::string> ArchDir(
    "arch-dir",
    cl::desc("A directory of your own architecture files (*.yaml), added to "
             "the built-in ones (an id already known replaces that GPU)"),
    cl::init(""), cl::cat(Category));
cl::opt<bool> ListArchs(
    "list-archs", cl::desc("List the GPUs warplint knows and exit"),
    cl::cat(Category));

cl::list<std::string> LaunchOpt(
    "launch",
    cl::desc("Launch configuration of a kernel: 'kernel: grid(X,Y) "
             "block(X,Y)'; may be repeated"),
    cl::cat(Category));

cl::list<std::string> AssumeList(
    "assume",
    cl::desc("What to assume of unknown values: 'n >= 1024, n % 32 == 0, "
             "width == 4096'; may be repeated (all of them hold)"),
    cl::cat(Category));
std::string AssumeOpt;

cl::opt<bool> Summary(
    "summary",
    cl::desc("Print a readable summary of the extracted kernel facts "
             "instead of running the checks"),
    cl::cat(Category));
cl::opt<bool> Estimate(
    "estimate",
    cl::desc("Print each kernel's estimates (occupancy, the CuMAPz memory "
             "performance estimate with its terms) instead of running the "
             "checks"),
    cl::cat(Category));
cl::opt<std::string> ModelOpt(
    "model",
    cl::desc("Cycle model for --estimate and warplint-kernel-cost: auto "
             "(warplint's own, docs/models/warplint.md; also 'warplint'), "
             "paper (the published model that suits the GPU, "
             "docs/models/hong-kim.md), hong-kim, wang-lou, cgpredict or mdm"),
    cl::init("auto"), cl::cat(Category));
cl::list<std::string> ExtraArg(
    "extra-arg",
    cl::desc("An argument to append to every compile command, as "
             "clang-tidy's (repeatable)"),
    cl::cat(Category));
cl::list<std::string> ExtraArgBefore(
    "extra-arg-before",
    cl::desc("An argument to put before the arguments of every compile "
             "command, as clang-tidy's (repeatable)"),
    cl::cat(Category));
cl::list<std::string> CountsOpt(
    "counts",
    cl::desc("Per-thread instruction counts of a kernel, as a paper gives "
             "them, in place of the derived ones: 'kernel: comp=27 coal=0 "
             "uncoal=6 sync=6' (also uncoal_per_mw=, coal_per_mw=, "
             "load_bytes=); repeatable"),
    cl::cat(Category));
cl::opt<unsigned> RegistersOpt(
    "registers",
    cl::desc("Registers per thread for occupancy (overrides -maxrregcount, "
             "__launch_bounds__ and the default of 32)"),
    cl::init(0), cl::cat(Category));
cl::opt<std::string> CountsFrom(
    "counts-from",
    cl::desc("Where the paper models' instruction counts come from: source "
             "(the kernel facts as the compiler leaves them, default), "
             "source-as-written (every operation of every iteration) or ptx "
             "(the file compiled with nvcc --ptx; "
             "docs/models/instruction-counts.md)"),
    cl::init("source"), cl::cat(Category));
cl::opt<bool> RegistersFromPtxas(
    "registers-from-ptxas",
    cl::desc("Take registers per thread and static shared memory from "
             "ptxas -v (runs nvcc)"),
    cl::cat(Category));
cl::opt<std::string> NvccOpt(
    "nvcc",
    cl::desc("The nvcc for --counts-from=ptx and --registers-from-ptxas "
             "(default: the compile command's toolkit, else PATH)"),
    cl::init(""), cl::cat(Category));
cl::opt<bool> PaperRounding(
    "paper-rounding",
    cl::desc("Round the Hong-Kim intermediates as the paper's Table 2 prints "
             "them"),
    cl::cat(Category));
cl::opt<std::string> Format(
    "format",
    cl::desc("Output: text (as clang-tidy prints), json (findings and "
             "per-kernel estimates; docs/output-formats.md), sarif (SARIF "
             "2.1.0) or html (a self-contained page with warp maps; "
             "docs/pictures.md)"),
    cl::init("text"), cl::cat(Category));
cl::opt<std::string> OutputFile(
    "output",
    cl::desc("Write the json, sarif or html report to this file instead of "
             "the standard output"),
    cl::value_desc("file"), cl::init(""), cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::desc("Files analysed in parallel"),
                              cl::init(1), cl::cat(Category));
static cl::alias JobsLong("jobs", cl::aliasopt(Jobs));
cl::opt<bool> Quiet(
    "quiet",
    cl::desc("Print only the findings: no progress, no 'N warnings "
             "generated' lines"),
    cl::cat(Category));
cl::opt<std::string> ParseErrors(
    "parse-errors",
    cl::desc("Files with compile errors: fail (exit status 2, the default) "
             "or report (said as warnings and in the summary; the exit "
             "status is then that of the findings: docs/ci.md)"),
    cl::init("fail"), cl::cat(Category));
cl::opt<std::string> DocsUrl(
    "docs-url",
    cl::desc("Base URL of the check pages, for SARIF help links, e.g. "
             "https://github.com/ORG/warplint/blob/main/docs/checks/ "
             "(default: none; the rules' help then names the page in "
             "warplint's docs/checks/)"),
    cl::init(""), cl::cat(Category));
cl::opt<std::string> SarifRoot(
    "sarif-root",
    cl::desc("Directory SARIF locations are made relative to, with uriBaseId "
             "SRCROOT (default: the root of the git repository holding the "
             "current directory, else the current directory)"),
    cl::init(""), cl::cat(Category));
cl::opt<std::string> Baseline(
    "baseline",
    cl::desc("CI gate: compare with this JSON report (from --format=json) and "
             "fail (exit 1) on a regression; see docs/ci.md"),
    cl::value_desc("report.json"), cl::init(""), cl::cat(Category));
cl::opt<double> GateThreshold(
    "gate-threshold",
    cl::desc("CI gate: the relative change in an estimate that counts as a "
             "regression (default 0.05)"),
    cl::init(0.05), cl::cat(Category));
cl::opt<bool> GateChangedLaunch(
    "gate-changed-launch",
    cl::desc("CI gate: also compare kernels whose launch configuration "
             "changed"),
    cl::cat(Category));
cl::opt<bool> DumpConfig(
    "dump-config",
    cl::desc("Print the configuration that applies to the first file named "
             "(else to the current directory) as YAML, and exit"),
    cl::cat(Category));
cl::opt<bool> ListChecks("list-checks",
                                cl::desc("List warplint's checks and exit"),
                                cl::cat(Category));
cl::opt<std::string> ExplainAt(
    "explain",
    cl::desc("Print the warp map of each global or shared access on a line, "
             "flagged or not, as text: lanes against lines and sectors, or "
             "against banks (docs/pictures.md)"),
    cl::value_desc("file:line"), cl::init(""), cl::cat(Category));
cl::opt<bool> Explore(
    "explore",
    cl::desc("Estimate variants of each kernel (block shapes, padded shared "
             "buffers, diagonal block order on 1.x, threadIdx.x/y swapped) "
             "and rank them (docs/explore.md)"),
    cl::cat(Category));
cl::opt<std::string> PortFunction(
    "port",
    cl::desc("Predict the GPU time of a sequential C/C++ function: its "
             "parallel loops become threads, each legal mapping is "
             "estimated and ranked (docs/port.md)"),
    cl::value_desc("function"), cl::init(""), cl::cat(Category));
cl::opt<std::string> PortMap(
    "port-map",
    cl::desc("With --port: the loop variables that become threadIdx.x and "
             "threadIdx.y, e.g. 'x=j,y=i' or 'x=i', and the host loop each "
             "thread runs instead, 'x=j,inside=i' (default: every legal "
             "mapping, the fastest chosen)"),
    cl::value_desc("x=VAR[,y=VAR][,inside=VAR]"), cl::init(""),
    cl::cat(Category));
cl::list<std::string> PortIndependent(
    "port-independent",
    cl::desc("With --port: loop variables whose iterations the user asserts "
             "are independent where warplint cannot prove it (said in the "
             "report)"),
    cl::value_desc("VAR"), cl::CommaSeparated, cl::cat(Category));
cl::opt<bool> PortMayAlias(
    "port-may-alias",
    cl::desc("With --port: the port's arrays are plain pointers that may "
             "overlap: an element updated in every iteration of a loop is "
             "loaded once (nvcc forwards the load) but stored in every "
             "iteration (default: the arrays do not overlap, as the "
             "dependence test assumes, and the element stays in a register "
             "over the loop; docs/port.md)"),
    cl::cat(Category));
cl::opt<bool> PortUntiled(
    "port-untiled",
    cl::desc("With --port: a tiled loop nest (loops stepping by a tile "
             "around loops over the tile) is mapped as plain loops, one "
             "thread per iteration of the tile loops (default: the tile "
             "loops are the blocks, the loops over a tile the threads, the "
             "tile's local arrays shared memory; docs/port.md)"),
    cl::cat(Category));
cl::list<std::string> PortShared(
    "port-shared",
    cl::desc("With --port, for a tiled nest: the local arrays of the tile "
             "that are the block's __shared__ buffers (default: all of "
             "them); the others are each thread's own"),
    cl::value_desc("ARRAY"), cl::CommaSeparated, cl::cat(Category));
cl::list<std::string> PortBlock(
    "port-block",
    cl::desc("With --port: the block shape of 2-D mappings (e.g. 32x8; "
             "default 32x32) or of 1-D ones (e.g. 128; default 256); may be "
             "given twice"),
    cl::value_desc("BXxBY"), cl::cat(Category));
cl::opt<bool> ExplainConfig(
    "explain-config",
    cl::desc("For each enabled check, say which configuration enabled it "
             "(as clang-tidy's), and exit"),
    cl::cat(Category));
cl::opt<bool> VerifyConfig(
    "verify-config",
    cl::desc("Check the configuration (check names and CheckOptions keys) "
             "that applies to the files named, or to the current directory, "
             "and exit: 0 when it is valid, 1 otherwise"),
    cl::cat(Category));
cl::opt<bool> UseColor(
    "use-color",
    cl::desc("Colour the text output (--use-color=false: never); default: "
             "the configuration's UseColor, else when the output is a "
             "terminal"),
    cl::cat(Category));
cl::opt<bool> SystemHeaders(
    "system-headers",
    cl::desc("Also show findings in system headers (-isystem, the CUDA "
             "toolkit's)"),
    cl::cat(Category));
cl::opt<std::string> LineFilter(
    "line-filter",
    cl::desc("Show only the findings on these lines, as clang-tidy's: "
             "'[{\"name\":\"file.cu\",\"lines\":[[10,20]]},{\"name\":\"a.cuh\"}]' "
             "(a file not named shows none)"),
    cl::init(""), cl::cat(Category));
cl::opt<std::string> DiffRev(
    "diff",
    cl::desc("Pull-request mode: show only the findings on lines that "
             "'git diff <revision>' adds or changes (e.g. --diff=origin/main); "
             "without files named, the changed files of the compile database "
             "are analysed"),
    cl::value_desc("revision"), cl::init(""), cl::cat(Category));
cl::opt<std::string> DiffFile(
    "diff-file",
    cl::desc("As --diff, with the changes read from a unified diff (a file, "
             "or - for standard input; git diff -U0 or diff -u output)"),
    cl::value_desc("patch"), cl::init(""), cl::cat(Category));
cl::opt<bool> ChannelSkewOnHashed(
    "channel-skew-on-hashed",
    cl::desc("Model channel skew (CuMAPz eq. 4-5) also on GPUs whose memory "
             "partitions are address-hashed (2.0 and later)"),
    cl::cat(Category));
cl::opt<bool> DumpFacts(
    "dump-facts",
    cl::desc("Print the kernel facts extracted from each file as JSON "
             "(schema: docs/facts-schema.md)"),
    cl::cat(Category));

cl::opt<bool> Verbose(
    "verbose",
    cl::desc("Say which compile flags were translated or dropped, and the "
             "clang command line used"),
    cl::cat(Category));

cl::opt<std::string> CudaSideOpt(
    "cuda-side", cl::init("device"),
    cl::desc("Which side of the CUDA compilation to parse: device (default) "
             "or host"),
    cl::cat(Category));

cl::opt<std::string> DefaultGpuArch(
    "default-gpu-arch", cl::init("sm_80"),
    cl::desc("GPU architecture assumed when the compile command names none"),
    cl::cat(Category));

cl::opt<bool> BuiltinHeaders(
    "builtin-cuda-headers",
    cl::desc("Always use warplint's built-in CUDA header, even when the "
             "compile command names a toolkit"),
    cl::cat(Category));

cl::opt<std::string> BuildPath(
    "p", cl::value_desc("build dir"),
    cl::desc("The build directory holding compile_commands.json"),
    cl::cat(Category));

cl::list<std::string> SourcePaths(cl::Positional,
                                         cl::desc("[<file> ...]"),
                                         cl::cat(Category));

std::string joinedLaunchOptions() {
  std::string L;
  for (const std::string &E : LaunchOpt)
    L += (L.empty() ? "" : "; ") + E;
  return L;
}

} // namespace cli
} // namespace warplint
