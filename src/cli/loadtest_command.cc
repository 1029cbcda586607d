#include "cli/loadtest_command.h"

#include <iostream>

namespace souk::cli {

int LoadTest(const loadtest::LoadOptions& options) {
  loadtest::LoadReport report;
  if (!loadtest::RunLoad(options, &report, std::cout)) return 1;
  const loadtest::RatedReport& r = report.rated;
  const bool rated_wrong = r.ratings_missing || r.ratings_double || r.ratings_unexpected || r.counts_wrong || r.profiles_unread || r.setup_errors;
  return report.errors || report.lost || rated_wrong ? 3 : 0;
}

}  // namespace souk::cli
