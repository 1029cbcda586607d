// `souk loadtest`: the load generator (src/loadtest) from the command line.
#pragma once

#include "loadtest/loadtest.h"

namespace souk::cli {

// Prints the report; exit status 1 if the server could not be used, 3 if any move was
// lost or any error seen.
int LoadTest(const loadtest::LoadOptions& options);

}  // namespace souk::cli
