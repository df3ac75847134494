//===- FactsText.h - Kernel facts as text for people ------------*- C++ -*-===//
#ifndef WARPLINT_REPORT_FACTSTEXT_H
#define WARPLINT_REPORT_FACTSTEXT_H

#include "Facts/KernelFacts.h"

#include <string>

namespace warplint {

/// A readable summary of what warplint extracted from one file: per kernel,
/// its launch configurations, shared buffers and memory accesses with their
/// symbolic indices.
std::string renderFactsText(const FileFacts &F);

} // namespace warplint

#endif
