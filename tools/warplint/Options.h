//===- Options.h - warplint's command-line options --------------*- C++ -*-===//
//
// The llvm::cl options of the warplint command line, defined in Options.cpp
// and read by the tool's other files (which say `using namespace
// warplint::cli`). Their help texts are in Options.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_WARPLINT_OPTIONS_H
#define WARPLINT_TOOLS_WARPLINT_OPTIONS_H

#include "llvm/Support/CommandLine.h"

#include <string>

namespace warplint {
namespace cli {

/// The category --help shows; every option below is in it.
extern llvm::cl::OptionCategory Category;

// The checks, as in clang-tidy.
extern llvm::cl::opt<std::string> Checks;
extern llvm::cl::opt<std::string> Config;
extern llvm::cl::opt<std::string> ConfigFile;
extern llvm::cl::opt<bool> Fix;
extern llvm::cl::opt<std::string> ExportFixes;
extern llvm::cl::opt<std::string> WarningsAsErrors;
extern llvm::cl::opt<std::string> HeaderFilter;

// The GPU, the launches and what is assumed.
extern llvm::cl::opt<std::string> GpuArch;
extern llvm::cl::opt<std::string> ArchDir;
extern llvm::cl::opt<bool> ListArchs;
extern llvm::cl::list<std::string> LaunchOpt;
extern llvm::cl::list<std::string> AssumeList;
/// Every --assume, joined with ", " once the command line is parsed.
extern std::string AssumeOpt;

// What is printed instead of the checks' findings, and the estimates.
extern llvm::cl::opt<bool> Summary;
extern llvm::cl::opt<std::string> ExplainAt;
extern llvm::cl::opt<bool> Explore;
extern llvm::cl::opt<std::string> PortFunction;
extern llvm::cl::opt<std::string> PortMap;
extern llvm::cl::list<std::string> PortBlock;
extern llvm::cl::list<std::string> PortIndependent;
extern llvm::cl::opt<bool> PortMayAlias;
extern llvm::cl::opt<bool> PortUntiled;
extern llvm::cl::list<std::string> PortShared;
extern llvm::cl::opt<bool> Estimate;
extern llvm::cl::opt<std::string> ModelOpt;
extern llvm::cl::list<std::string> CountsOpt;
extern llvm::cl::opt<unsigned> RegistersOpt;
extern llvm::cl::opt<std::string> CountsFrom;
extern llvm::cl::list<std::string> ExtraArg;
extern llvm::cl::list<std::string> ExtraArgBefore;
extern llvm::cl::opt<bool> RegistersFromPtxas;
extern llvm::cl::opt<std::string> NvccOpt;
extern llvm::cl::opt<bool> PaperRounding;

// Output, and the CI gate.
extern llvm::cl::opt<std::string> Format;
extern llvm::cl::opt<std::string> OutputFile;
extern llvm::cl::opt<unsigned> Jobs;
extern llvm::cl::opt<bool> Quiet;
extern llvm::cl::opt<std::string> ParseErrors;
extern llvm::cl::opt<std::string> DocsUrl;
extern llvm::cl::opt<std::string> SarifRoot;
extern llvm::cl::opt<std::string> Baseline;
extern llvm::cl::opt<double> GateThreshold;
extern llvm::cl::opt<bool> GateChangedLaunch;
extern llvm::cl::opt<bool> ListChecks;
extern llvm::cl::opt<bool> DumpConfig;
extern llvm::cl::opt<bool> ChannelSkewOnHashed;
extern llvm::cl::opt<bool> DumpFacts;
extern llvm::cl::opt<bool> ExplainConfig;
extern llvm::cl::opt<bool> VerifyConfig;
extern llvm::cl::opt<bool> UseColor;
extern llvm::cl::opt<bool> SystemHeaders;

// Pull-request mode: which lines' findings are shown (LineFilter.cpp).
extern llvm::cl::opt<std::string> LineFilter;
extern llvm::cl::opt<std::string> DiffRev;
extern llvm::cl::opt<std::string> DiffFile;

// The frontend and the inputs.
extern llvm::cl::opt<bool> Verbose;
extern llvm::cl::opt<std::string> CudaSideOpt;
extern llvm::cl::opt<std::string> DefaultGpuArch;
extern llvm::cl::opt<bool> BuiltinHeaders;
extern llvm::cl::opt<std::string> BuildPath;
extern llvm::cl::list<std::string> SourcePaths;

/// The --launch options as one Launch check option: "a: ...; b: ...".
std::string joinedLaunchOptions();

} // namespace cli
} // namespace warplint

#endif
