// Tests: a series' value in the process's metrics registry, as Prometheus would read it.
// Tests read deltas: the registry is the process's, shared by every test in it.
#pragma once

#include <string>

#include "metrics/metrics.h"

namespace souk::testing {

// The value of `series`, written as the text format writes it (`name{label="v"}`), 0
// if it has none yet.
inline double MetricValue(const std::string& series) {
  const std::string text = metrics::Default().Render();
  const std::string line = "\n" + series + " ";
  const size_t at = text.find(line);
  return at == std::string::npos ? 0 : std::stod(text.substr(at + line.size()));
}

}  // namespace souk::testing
