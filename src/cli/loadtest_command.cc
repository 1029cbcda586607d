#include "cli/loadtest_command.h"

#include <iostream>

namespace souk::cli {

int LoadTest(const loadtest::LoadOptions& options) {
  loadtest::LoadReport report;
  if (!loadtest::RunLoad(options, &report, std::cout)) return 1;
  return report.errors || report.lost ? 3 : 0;
}

}  // namespace souk::cli
