//===- EstimateText.h - `warplint --estimate` as a table --------*- C++ -*-===//
#ifndef WARPLINT_REPORT_ESTIMATETEXT_H
#define WARPLINT_REPORT_ESTIMATETEXT_H

#include "Cost/Estimate.h"

#include <string>
#include <vector>

namespace warplint {

/// One row per kernel and launch configuration, the assumptions below.
std::string renderEstimateText(const std::vector<KernelEstimate> &Estimates);

/// A time for people: "12.3 us", "4.56 ms", "1.23 s"; "-" when not > 0.
std::string formatSeconds(double S);

} // namespace warplint

#endif
