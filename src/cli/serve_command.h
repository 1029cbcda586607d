// `souk serve`: the game server (src/server) from the command line.
#pragma once

#include <string>

#include "server/http_server.h"
#include "server/loadtest.h"

namespace souk::cli {

struct ServeOptions {
  server::ServerOptions http;
  std::string db = "souk.db";
  int bot_threads = 1;
  server::ServiceOptions service;  // the games' and bots' limits (bot_threads aside)
  bool synchronous_full = false;
};

// Serves until SIGINT or SIGTERM, then stops cleanly. Throws CliError.
int Serve(const ServeOptions& options);

// `souk loadtest`: prints the report; exit status 1 if the server could not be used,
// 3 if any move was lost or any error seen.
int LoadTest(const server::LoadOptions& options);

}  // namespace souk::cli
