// `souk play` and `souk watch`: the terminal game (src/terminal) from the command line.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace souk::cli {

class PlayCommands {
 public:
  // Adds the two subcommands to `app`.
  explicit PlayCommands(CLI::App& app);
  bool parsed() const;
  // Runs whichever was parsed. Throws CliError on bad options.
  int Run();

 private:
  CLI::App* play_ = nullptr;
  CLI::App* watch_ = nullptr;
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
  std::vector<std::string> watch_args_;
  int delay_ms_ = -1;
};

}  // namespace souk::cli
