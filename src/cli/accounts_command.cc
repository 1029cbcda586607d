#include "cli/accounts_command.h"

#include <termios.h>
#include <unistd.h>

#include <iostream>

#include "cli/cli_error.h"
#include "server/accounts/accounts.h"
#include "server/store.h"
#include "server/wall_time.h"

namespace souk::cli {
namespace {

// A line of standard input; when it is a terminal, asked for and not echoed, so that
// a password never shows on the screen nor in a terminal's scroll-back.
std::string ReadSecretLine(const char* prompt) {
  termios before{};
  const bool tty = isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &before) == 0;
  if (tty) {
    // Echo off before the prompt shows: a key typed as soon as it appears is not echoed.
    // TCSANOW, not TCSAFLUSH: such a key is kept, not thrown away.
    termios quiet = before;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    std::cerr << prompt << std::flush;
  }
  std::string line;
  std::getline(std::cin, line);
  if (tty) {
    tcsetattr(STDIN_FILENO, TCSANOW, &before);
    std::cerr << '\n';
  }
  return line;
}

}  // namespace

AccountsCommand::AccountsCommand(CLI::App& app) {
  accounts_ = app.add_subcommand("accounts", "The operator's commands on accounts (docs/accounts.md)");
  accounts_->require_subcommand(1);
  accounts_->add_option("--db", db_, "The database `souk serve --db` uses: a SQLite file or a PostgreSQL URI")
      ->capture_default_str();
  list_ = accounts_->add_subcommand("list", "Every account: id, name, member since, state (deleted ones as tombstones)");
  disable_ = accounts_->add_subcommand("disable", "Refuse the account's log-ins and sessions");
  enable_ = accounts_->add_subcommand("enable", "Undo disable");
  reset_ = accounts_->add_subcommand(
      "reset-password", "Set a new password, read from the first line of standard input (not echoed on a terminal); ends every session");
  delete_ = accounts_->add_subcommand("delete", "Erase the account's name, password hash and sessions");
  for (CLI::App* sub : {disable_, enable_, reset_, delete_})
    sub->add_option("name", name_, "The account's name (case ignored)")->required();
}

bool AccountsCommand::parsed() const { return accounts_->parsed(); }

int AccountsCommand::Run() {
  namespace accounts = server::accounts;
  // The game store opens (and migrates) the database first, as `souk serve` does.
  auto games = server::OpenStore(db_);
  if (!games.ok()) throw CliError{1, "--db " + games.message()};
  auto opened = accounts::OpenAccountStore(db_);
  if (!opened.ok()) throw CliError{1, "--db " + opened.message()};
  accounts::AccountStore& store = **opened;
  if (list_->parsed()) {
    auto all = store.ListAccounts();
    if (!all.ok()) throw CliError{1, all.message()};
    for (const accounts::StoredAccount& a : *all)
      std::cout << a.id << '\t' << (a.deleted ? "(deleted)" : a.name) << '\t' << a.created_ms << '\t'
                << (a.deleted ? "deleted" : a.disabled ? "disabled" : "active") << '\n';
    return 0;
  }
  auto account = store.AccountByKey(accounts::NameKey(name_));
  if (!account.ok()) throw CliError{1, "no account named " + name_};
  Status done;
  if (disable_->parsed() || enable_->parsed()) {
    done = store.SetDisabled(account->id, disable_->parsed());
  } else if (delete_->parsed()) {
    done = store.DeleteAccount(account->id, server::NowMs());
  } else {
    const std::string password = ReadSecretLine("new password: ");
    if (Status s = accounts::CheckPassword(password); !s.ok()) throw CliError{kBadInput, s.message()};
    auto hash = accounts::HashPassword(password, accounts::PasswordCost::Interactive());
    if (!hash.ok()) throw CliError{1, hash.message()};
    done = store.SetPasswordHash(account->id, *hash);
    if (done.ok()) done = store.DeleteSessions(account->id, "");
  }
  if (!done.ok()) throw CliError{1, done.message()};
  std::cout << "account " << account->id << " (" << name_ << "): done\n";
  return 0;
}

}  // namespace souk::cli
