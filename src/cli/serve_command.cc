#include "cli/serve_command.h"

#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>

#include <filesystem>
#include <iostream>

#include "cli/cli_error.h"
#include "server/game_service.h"
#include "server/store.h"

namespace souk::cli {

int LoadTest(const server::LoadOptions& options) {
  server::LoadReport report;
  if (!server::RunLoad(options, &report, std::cout)) return 1;
  return report.errors || report.lost ? 3 : 0;
}

namespace {

// `make web` builds the web app into web/ beside the souk binary (build/web): served
// by default, so that `build/souk serve` is all a player needs to start.
std::string DefaultWebDir() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const std::filesystem::path web = exe.parent_path() / "web";
  return std::filesystem::exists(web / "index.html", ec) ? web.string() : std::string();
}

}  // namespace

int Serve(const ServeOptions& options) {
  // A connection is a file: allow as many as the hard limit does.
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }

  // Every thread started from here on inherits the blocked signals, so that only
  // the sigwait below receives them.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  server::ServerOptions http_options = options.http;
  if (http_options.web_dir.empty()) http_options.web_dir = DefaultWebDir();
  auto store = server::OpenSqliteStore(options.db, options.synchronous_full);
  if (!store.ok()) throw CliError{1, "--db " + store.message()};
  server::ServiceOptions service = options.service;
  service.bot_threads = options.bot_threads;
  server::GameService games(**store, service);
  if (Status restored = games.Restore(); !restored.ok()) throw CliError{1, "restoring games: " + restored.message()};
  server::HttpServer http(games, http_options);
  if (Status started = http.Start(); !started.ok()) throw CliError{1, started.message()};
  std::cout << "Souk is serving on http://" << options.http.bind << ':' << http.port() << "/ (database "
            << options.db << (http_options.web_dir.empty() ? ", no web app: build it with `make web`" : "")
            << "). Stop with Ctrl-C." << std::endl;
  int received = 0;
  sigwait(&signals, &received);
  std::cout << "Stopping (" << (received == SIGTERM ? "SIGTERM" : "SIGINT") << ")." << std::endl;
  // Bots first: a bot's move is pushed to connections, which must still exist.
  games.StopBots();
  http.Stop();
  return 0;
}

}  // namespace souk::cli
