//===- warplint.cpp - The warplint command-line tool ----------------------===//
//
//   warplint [options] <file>... [-- <compiler args>]
//   warplint -p <build dir> [options] [<file>...]
//
// Exit codes: 0 success, 1 findings promoted to errors (reserved for the
// checks), 2 usage or input errors (an unreadable compile database, a file
// that does not parse).
//
//===----------------------------------------------------------------------===//
#include "Frontend/Tooling.h"
#include "Report/FactsText.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;
using namespace warplint;

static cl::OptionCategory Category("warplint options");

static cl::opt<bool> DumpFacts(
    "dump-facts",
    cl::desc("Print the kernel facts extracted from each file as JSON "
             "(schema: docs/facts-schema.md)"),
    cl::cat(Category));

static cl::opt<bool> Verbose(
    "verbose",
    cl::desc("Say which compile flags were translated or dropped, and the "
             "clang command line used"),
    cl::cat(Category));

static cl::opt<std::string> CudaSideOpt(
    "cuda-side", cl::init("device"),
    cl::desc("Which side of the CUDA compilation to parse: device (default) "
             "or host"),
    cl::cat(Category));

static cl::opt<std::string> DefaultGpuArch(
    "default-gpu-arch", cl::init("sm_80"),
    cl::desc("GPU architecture assumed when the compile command names none"),
    cl::cat(Category));

static cl::opt<bool> BuiltinHeaders(
    "builtin-cuda-headers",
    cl::desc("Always use warplint's built-in CUDA header, even when the "
             "compile command names a toolkit"),
    cl::cat(Category));

static cl::opt<std::string> BuildPath(
    "p", cl::value_desc("build dir"),
    cl::desc("The build directory holding compile_commands.json"),
    cl::cat(Category));

static cl::list<std::string> SourcePaths(cl::Positional,
                                         cl::desc("[<file> ...]"),
                                         cl::cat(Category));

static bool isCudaFile(StringRef F) {
  return F.ends_with(".cu") || F.ends_with(".cuh");
}

int main(int argc, const char **argv) {
  // Compiler arguments after "--" make a fixed compile database, as in
  // clang-tidy; everything before is ours.
  std::string FixedError;
  std::unique_ptr<clang::tooling::CompilationDatabase> Fixed =
      clang::tooling::FixedCompilationDatabase::loadFromCommandLine(
          argc, argv, FixedError);
  cl::HideUnrelatedOptions(Category);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "warplint: a static performance analyzer for CUDA kernels\n\n"
          "  warplint [options] <file>... -- <compiler arguments>\n"
          "  warplint -p <build dir> [options] [<file>...]\n",
          &errs()))
    return 2;

  std::unique_ptr<clang::tooling::CompilationDatabase> Loaded;
  clang::tooling::CompilationDatabase *DB = nullptr;
  if (!BuildPath.empty()) {
    std::string Err;
    SmallString<256> JsonPath(BuildPath);
    sys::path::append(JsonPath, "compile_commands.json");
    if (sys::fs::exists(JsonPath)) {
      Loaded = clang::tooling::JSONCompilationDatabase::loadFromFile(
          JsonPath, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
      if (!Loaded) {
        errs() << "warplint: error: cannot read the compilation database '"
               << JsonPath << "': " << Err << "\n";
        return 2;
      }
    } else {
      Loaded = clang::tooling::CompilationDatabase::loadFromDirectory(
          BuildPath, Err);
      if (!Loaded) {
        errs() << "warplint: error: no compilation database "
                  "(compile_commands.json or compile_flags.txt) in '"
               << BuildPath << "'\n";
        return 2;
      }
    }
    DB = Loaded.get();
  } else if (Fixed) {
    DB = Fixed.get();
  } else if (!SourcePaths.empty()) {
    std::string Err;
    Loaded = clang::tooling::CompilationDatabase::autoDetectFromSource(
        SourcePaths.front(), Err);
    if (!Loaded) {
      errs() << "warplint: error: no compilation database found for '"
             << SourcePaths.front()
             << "' (searched its directory and the ones above); pass -p "
                "<build dir>, or compiler arguments after '--' (a bare '--' "
                "is fine)\n";
      return 2;
    }
    DB = Loaded.get();
  } else {
    errs() << "warplint: error: no input: name files, or a build directory "
              "with -p (see --help)\n";
    return 2;
  }

  FrontendOptions Opts;
  Opts.Verbose = Verbose;
  Opts.DefaultGpuArch = DefaultGpuArch;
  Opts.ForceBuiltinHeaders = BuiltinHeaders;
  if (CudaSideOpt == "device") {
    Opts.Side = CudaSide::Device;
  } else if (CudaSideOpt == "host") {
    Opts.Side = CudaSide::Host;
  } else {
    errs() << "warplint: error: --cuda-side must be 'device' or 'host', not '"
           << CudaSideOpt << "'\n";
    return 2;
  }
  if (!StringRef(DefaultGpuArch).starts_with("sm_")) {
    errs() << "warplint: error: --default-gpu-arch must name an sm_XX "
              "architecture, not '"
           << DefaultGpuArch << "'\n";
    return 2;
  }

  std::vector<std::string> Files(SourcePaths.begin(), SourcePaths.end());
  if (Files.empty()) {
    // Every CUDA file of the compile database.
    for (const std::string &F : DB->getAllFiles())
      if (isCudaFile(F))
        Files.push_back(F);
    std::sort(Files.begin(), Files.end());
    if (Files.empty()) {
      errs() << "warplint: error: no input files, and the compilation "
                "database names no .cu file\n";
      return 2;
    }
  }

  json::Array JsonFiles;
  unsigned Failed = extractFacts(*DB, Files, Opts, [&](FileResult &R) {
    if (!R.Ok)
      return;
    if (DumpFacts)
      JsonFiles.push_back(toJSON(R.Facts));
    else
      outs() << renderFactsText(R.Facts);
  });
  if (DumpFacts) {
    json::Object Root{{"schema_version", FactsSchemaVersion},
                      {"files", std::move(JsonFiles)}};
    outs() << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
  }
  return Failed ? 2 : 0;
}
