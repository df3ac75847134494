//===- EstimateText.h - `warplint --estimate` as a table --------*- C++ -*-===//
#ifndef WARPLINT_REPORT_ESTIMATETEXT_H
#define WARPLINT_REPORT_ESTIMATETEXT_H

#include "Cost/Estimate.h"

#include <string>
#include <vector>

namespace warplint {

/// One row per kernel and launch configuration, the assumptions below.
std::string renderEstimateText(const std::vector<KernelEstimate> &Estimates);

} // namespace warplint

#endif
