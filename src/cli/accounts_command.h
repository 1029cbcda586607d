// `souk accounts list|disable|enable|reset-password|delete --db DB`: the operator's
// hand on the accounts (docs/accounts.md, "For the operator"), on the database
// `souk serve` uses, SQLite or PostgreSQL, while it runs or not.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace souk::cli {

class AccountsCommand {
 public:
  explicit AccountsCommand(CLI::App& app);
  bool parsed() const;
  // Throws CliError.
  int Run();

 private:
  CLI::App* accounts_ = nullptr;
  CLI::App* list_ = nullptr;
  CLI::App* disable_ = nullptr;
  CLI::App* enable_ = nullptr;
  CLI::App* reset_ = nullptr;
  CLI::App* delete_ = nullptr;
  std::string db_ = "souk.db";
  std::string name_;
};

}  // namespace souk::cli
