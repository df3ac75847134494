//===- Gate.cpp - The CI gate of --baseline -------------------------------===//
//
// A run's report against the baseline report (lib/Report/Gate), and the
// table of what changed.
//
//===----------------------------------------------------------------------===//
#include "WarplintTool.h"
#include "Options.h"
#include "Report/Gate.h"
#include "Report/MachineReport.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace warplint;
using namespace warplint::cli;


/// --baseline: 0 passed, 1 failed, 2 the baseline cannot be used.
int runGate(const RunReport &Report) {
  auto Buf = MemoryBuffer::getFile(Baseline);
  if (!Buf) {
    errs() << "warplint: error: cannot read the baseline '" << Baseline
           << "': " << Buf.getError().message() << "\n";
    return 2;
  }
  Expected<json::Value> Base = json::parse((*Buf)->getBuffer());
  if (!Base) {
    errs() << "warplint: error: the baseline '" << Baseline
           << "' is not JSON: " << toString(Base.takeError()) << "\n";
    return 2;
  }
  GateOptions GO;
  GO.Threshold = GateThreshold;
  GO.IncludeChangedLaunch = GateChangedLaunch;
  std::string Err;
  GateResult G = compareReports(*Base, toJSONReport(Report), GO, Err);
  if (!Err.empty()) {
    errs() << "warplint: error: '" << Baseline << "': " << Err << "\n";
    return 2;
  }
  // The table goes where it does not mix with a machine-readable report.
  (Format == "text" ? outs() : errs()) << G.Table;
  return G.Failed ? 1 : 0;
}
