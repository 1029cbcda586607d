// `souk admin ...`: the operator's tools on the database `souk serve` uses (SQLite or
// PostgreSQL), while it runs or not (docs/operations.md, "The operator's commands"):
// list games, show or export one, abandon one, block a client address or an account,
// export an account's data, and read a running instance's rate limits.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace souk::cli {

class AdminCommand {
 public:
  explicit AdminCommand(CLI::App& app);
  bool parsed() const;
  // Throws CliError.
  int Run();

 private:
  int Games();
  int Game();
  int Abandon();
  int Block(bool block);
  int Blocks();
  int ExportAccount();
  int Limits();

  CLI::App* admin_ = nullptr;
  CLI::App* games_ = nullptr;
  CLI::App* game_ = nullptr;
  CLI::App* abandon_ = nullptr;
  CLI::App* block_ = nullptr;
  CLI::App* unblock_ = nullptr;
  CLI::App* blocks_ = nullptr;
  CLI::App* account_ = nullptr;
  CLI::App* limits_ = nullptr;
  std::string db_ = "souk.db";
  // games
  std::string state_ = "any";
  std::string game_name_;
  std::string client_;
  std::string account_name_;
  std::string since_;
  size_t limit_ = 50;
  bool json_ = false;
  // game, abandon
  std::string id_;
  // block, unblock
  std::string network_;
  std::string reason_;
  // limits
  std::string instance_;
};

}  // namespace souk::cli
