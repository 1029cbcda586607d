#include "cli/review_command.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "cli/cli_error.h"
#include "cli/read_input.h"
#include "format/record.h"
#include "terminal/review_text.h"

namespace souk::cli {
namespace {

// The words in the language of the environment (LANG), as `souk play`'s.
terminal::Style ReviewStyle() {
  terminal::Style style;
  style.lang = terminal::LangFromEnvironment();
  return style;
}

void ShowProgress(int done, int total) {
  std::fprintf(stderr, "\r\033[K%s", terminal::ReviewProgressBar(done, total, ReviewStyle()).c_str());
  std::fflush(stderr);
}

}  // namespace

int Review(const ReviewCommand& command) {
  const std::string name = command.record == "-" ? "stdin" : command.record;
  if (Status valid = review::CheckOptions(command.options); !valid.ok()) throw CliError{kBadInput, valid.message()};
  auto record = ParseRecord(ReadInput(command.record));
  if (!record.ok()) throw CliError{kBadInput, name + ": " + record.message()};
  const bool terminal = isatty(STDERR_FILENO) != 0;
  auto reviewed = review::ReviewGame(*record, command.options, terminal ? review::Progress(ShowProgress) : nullptr);
  if (terminal) std::fprintf(stderr, "\r\033[K");
  if (!reviewed.ok()) throw CliError{kBadInput, name + ": " + reviewed.message()};
  if (command.json) {
    std::cout << DumpJson(review::ReviewJson(*reviewed), command.pretty) << '\n';
  } else {
    const terminal::Style style = ReviewStyle();
    std::cout << terminal::ReviewSummary(*reviewed, style) << terminal::ReviewMoves(*reviewed, style)
              << terminal::ReviewGraph(*reviewed, style);
  }
  return 0;
}

}  // namespace souk::cli
