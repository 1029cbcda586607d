// `souk serve`: the game server (src/server) from the command line.
#pragma once

#include <array>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "server/http_server.h"
#include "server/lobby/lobby.h"
#include "server/reviews/review_service.h"

namespace souk::cli {

struct ServeOptions {
  server::ServerOptions http;
  std::string db = "souk.db";
  int bot_threads = 1;
  server::ServiceOptions service;  // the games' and bots' limits (bot_threads aside)
  server::lobby::LobbyOptions lobby;  // the lobby's limits and times (docs/lobby.md)
  server::reviews::ReviewServiceOptions reviews;  // the reviews' budget and quota (docs/review.md)
  bool synchronous_full = false;
};

class ServeCommand {
 public:
  // Adds the subcommand and its options to `app`.
  explicit ServeCommand(CLI::App& app);
  bool parsed() const;
  // Serves until SIGINT or SIGTERM, then stops cleanly. Throws CliError.
  int Run();

 private:
  CLI::App* serve_ = nullptr;
  ServeOptions options_;
  std::vector<std::string> trusted_proxies_;
  std::vector<std::string> engines_;  // --engine NAME=COMMAND, as given
  int ws_idle_seconds_ = 30 * 60;
  int account_workers_ = 2;  // password hashes at once (docs/accounts.md)
  std::string metrics_listen_;  // ADDR:PORT of GET /metrics; "": none
  std::string log_format_ = "text";
  bool no_rate_limits_ = false;
  // The email notifications (docs/notifications.md): none without --smtp.
  std::string smtp_url_, mail_from_, public_url_, smtp_ca_file_;
  double email_interval_minutes_ = 30;
  std::array<std::string, server::kRateCount> rates_;  // as given, by server::Rate; "" if not
};

}  // namespace souk::cli
