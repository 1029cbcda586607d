// `souk review RECORD`: a finished game's review (review/review.h, docs/review.md).
#pragma once

#include <cstdint>
#include <string>

#include "review/review.h"

namespace souk::cli {

struct ReviewCommand {
  std::string record;  // a record file, or "-" for standard input
  review::ReviewOptions options;
  bool json = false;
  bool pretty = false;
};
// Prints the review; a progress bar on stderr when it is a terminal. Throws CliError
// for a record that does not read or replay, a game not finished, or a bad option.
int Review(const ReviewCommand& command);

}  // namespace souk::cli
