// `souk play`, `souk watch` and `souk learn`: the terminal game and lessons (src/terminal)
// from the command line.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "review/review.h"

namespace souk::cli {

class PlayCommands {
 public:
  // Adds the two subcommands to `app`, their help in the language the command line
  // asks for (--lang, else the environment).
  PlayCommands(CLI::App& app, int argc, char** argv);
  bool parsed() const;
  // For a parse error of `play` or `watch` (argv[1]): the line to print, in the
  // player's language, with the expected usage; empty for other commands.
  std::string ParseErrorText(const CLI::ParseError& error, int argc, char** argv) const;
  // Runs whichever was parsed. Throws CliError on bad options.
  int Run();

 private:
  CLI::App* play_ = nullptr;
  CLI::App* watch_ = nullptr;
  CLI::App* learn_ = nullptr;
  std::string lesson_;
  std::string game_ = "jaipur";
  std::string vs_;
  int seat_ = 0;
  int players_ = 0;
  std::string seats_;
  std::string variant_;
  std::string seed_;
  std::string lang_;
  std::string load_;
  std::string hint_bot_ = "medium";
  review::ReviewOptions review_;  // the review offered at a game's end
  std::string engines_;  // the engines' config file; "" for the default
  std::vector<std::string> watch_args_;
  int delay_ms_ = -1;
  bool french_ = false;
};

}  // namespace souk::cli
