#include "cli/serve_command.h"

#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cli/cli_error.h"
#include "engine/engine_registry.h"
#include "server/accounts/accounts.h"
#include "server/blocks/block_store.h"
#include "server/blocks/blocklist.h"
#include "server/email_routes.h"
#include "server/game_service.h"
#include "server/mail/notifications.h"
#include "server/metered_store.h"
#include "server/metrics_listener.h"
#include "server/periodic.h"
#include "server/server_log.h"
#include "server/server_metrics.h"
#include "server/service_metrics.h"
#include "server/store.h"
#include "server/wall_time.h"

namespace souk::cli {

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

// The stage of a graceful stop, for the watchdog's word when one is stuck.
std::atomic<const char*> stop_stage{"draining"};

// A graceful stop longer than kStopDeadlineS is stuck (a bug): the process leaves
// anyway, logging the stage it was stuck in, so that the unit's TimeoutStopSec (30 s)
// never has to kill it; a second SIGTERM or SIGINT leaves at once. Nothing is lost
// either way: every move acknowledged was stored before its answer.
constexpr int kStopDeadlineS = 25;

void WatchTheStop(sigset_t signals) {
  std::thread([signals] {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(kStopDeadlineS);
    int again = -1;
    for (auto left = deadline - std::chrono::steady_clock::now(); left > left.zero();
         left = deadline - std::chrono::steady_clock::now()) {
      const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(left).count();
      const timespec wait{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
      again = sigtimedwait(&signals, nullptr, &wait);
      if (again > 0 || errno != EINTR) break;  // a signal, or the time is up (EAGAIN)
    }
    const char* stage = stop_stage.load();
    if (again > 0) {
      server::server_log::Write(server::server_log::Level::kWarning, "stop_forced",
                                std::string("a second signal while ") + stage + ": leaving now", {{"stage", stage}});
    } else {
      server::server_log::Write(server::server_log::Level::kError, "stop_overdue",
                                std::string("still ") + stage + " " + std::to_string(kStopDeadlineS) +
                                    " s after the signal: leaving now",
                                {{"stage", stage}});
    }
    std::_Exit(1);
  }).detach();
}

}  // namespace

ServeCommand::ServeCommand(CLI::App& app) {
  serve_ = app.add_subcommand("serve", "Serve games over HTTP and WebSocket (docs/protocol.md)");
  ServeOptions& o = options_;
  serve_->add_option("--port", o.http.port, "TCP port, 0 for any free one")->capture_default_str();
  serve_->add_option("--bind", o.http.bind, "Address to listen on")->capture_default_str();
  serve_->add_option("--db", o.db, "SQLite database file (created if missing), or a PostgreSQL URI: postgresql://USER@HOST:PORT/DBNAME, which several instances may share (docs/deploy.md)")->capture_default_str();
  serve_->add_option("--bot-threads", o.bot_threads, "Threads thinking for the bots")->capture_default_str();
  serve_->add_option("--io-threads", o.http.io_threads, "Network threads")->capture_default_str();
  serve_->add_option("--bot-nice", o.service.bot_nice,
                     "Nice steps below the server at which the bot threads think (0: the same priority)")
      ->capture_default_str()
      ->check(CLI::Range(0, 19));
  serve_->add_option_function<size_t>("--bot-memory-mb", [&o](size_t mb) { o.service.bot_memory_bytes = mb << 20; },
                                      "Memory for every bot together, MB (docs/protocol.md, Limits)")
      ->default_str(std::to_string(o.service.bot_memory_bytes >> 20))
      ->check(CLI::Range(size_t{16}, size_t{1} << 20));
  serve_->add_option("--max-games-per-client", o.service.max_games_per_client,
                     "Games in play at once per client address (0: no limit)")
      ->capture_default_str();
  serve_->add_option("--max-games", o.service.max_games, "Games in play at once on the server (0: no limit)")
      ->capture_default_str();
  serve_->add_option_function<double>(
            "--abandon-days", [&o](double d) { o.service.abandon_after_ms = static_cast<int64_t>(d * 86400e3); },
            "Days without a move before a game is abandoned (0: never)")
      ->default_str("7");
  serve_->add_option_function<double>(
            "--abandon-bots-hours",
            [&o](double h) { o.service.abandon_bots_game_after_ms = static_cast<int64_t>(h * 3600e3); },
            "Hours without a move before a game where only bots wait is abandoned (0: never)")
      ->default_str("24");
  serve_->add_option("--lobby-tables-per-account", o.lobby.tables_per_account,
                     "Open tables an account owns at once (docs/lobby.md)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  serve_->add_option("--lobby-tables-per-address", o.lobby.tables_per_client,
                     "Open tables owned from one client address at once, guests' and accounts'")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  serve_->add_option("--lobby-requests-per-address", o.lobby.seeks_per_client,
                     "Quick-play requests waiting from one client address at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  serve_->add_option("--lobby-max-open", o.lobby.max_open,
                     "Open tables and waiting quick-play requests on the server together")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  serve_->add_option_function<double>(
            "--table-expires-minutes",
            [&o](double m) { o.lobby.table_expires_after_ms = static_cast<int64_t>(m * 60e3); },
            "Minutes an open table waits to be filled before it closes")
      ->default_str("30")
      ->check(CLI::Range(1.0, 7 * 24 * 60.0));
  serve_->add_option_function<double>(
            "--bot-offer-seconds", [&o](double s) { o.lobby.bot_offer_after_ms = static_cast<int64_t>(s * 1e3); },
            "Seconds a quick-play request waits before a bot is offered")
      ->default_str("20")
      ->check(CLI::Range(0.0, 3600.0));
  serve_->add_option("--review-budget", o.reviews.review.budget,
                     "MCTS iterations per decision of a finished game's review (docs/review.md)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  serve_->add_option("--review-samples", o.reviews.review.samples,
                     "Playouts per win-chance estimate of a review (docs/review.md)")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  serve_->add_option_function<double>(
            "--reviews-per-hour",
            [&o](double n) { o.reviews.per_client = {n / 3600, std::max(1.0, std::min(3.0, n))}; },
            "Reviews a client address may start an hour (3 at once); one computed already costs nothing")
      ->default_str("10")
      ->check(CLI::Range(0.1, 100000.0));
  serve_->add_flag("--sync-full", o.synchronous_full, "fsync every move (survives power loss, slower)");
  serve_->add_option("--engine", engines_,
                     "An engine seats may name as engine:NAME, NAME=COMMAND (repeatable; docs/engine-protocol.md)");
  serve_->add_option("--web", o.http.web_dir, "Folder of the web app's files, served outside /api/");
  serve_->add_option("--max-connections", o.http.connections.total,
                     "Most connections open at once, HTTP and WebSocket (default 10000, lowered with a warning to what "
                     "ulimit -n leaves room for; a value set here that does not fit refuses to start)");
  serve_->add_option("--max-connections-per-address", o.http.connections.per_address,
                     "Most connections open at once from one client address (an IPv6 client: its /64)")
      ->capture_default_str();
  serve_->add_option("--ws-idle-timeout", ws_idle_seconds_,
                     "Seconds after which a WebSocket that has sent no message is closed, even if it answers pings "
                     "(0: never)")
      ->capture_default_str()
      ->check(CLI::Range(0, 7 * 24 * 3600));
  serve_->add_flag("--no-rate-limits", no_rate_limits_,
                   "Turn every rate limit off, but those set by their own --rate-NAME (benchmarks, private networks)");
  for (const server::RateInfo& info : server::RateInfos()) {
    serve_->add_option(std::string("--rate-") + info.name, rates_[static_cast<size_t>(info.rate)],
                       std::string(info.counts) + ": N/s, N/m or N/h [,burst=B], or off (default " +
                           server::FormatRateLimit(info.limit) + ")")
        ->type_name("RATE");
  }
  serve_->add_option("--trusted-proxy", trusted_proxies_,
                     "A reverse proxy (ADDR or ADDR/BITS; repeatable) whose X-Forwarded-For names the client; "
                     "without one, the client is the socket's peer");
  serve_->add_option("--allowed-origin", o.http.allowed_origins,
                     "An origin (https://HOST[:PORT]; repeatable) besides the server's own whose pages may make changes "
                     "with the session cookie (docs/accounts.md)");
  serve_->add_option("--account-workers", account_workers_,
                     "Password hashes (and account requests) at once, each a quarter of a second and 64 MiB "
                     "(docs/accounts.md)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  serve_->add_option("--smtp", smtp_url_,
                     "The SMTP relay that sends the email notifications: smtp://HOST[:PORT] (STARTTLS when offered) or "
                     "smtps://HOST[:PORT], with USER:PASSWORD@ before HOST if it asks; none: no email is sent "
                     "(docs/notifications.md); or the environment's SOUK_SMTP, which ps does not show")
      ->envname("SOUK_SMTP");
  serve_->add_option("--smtp-ca-file", smtp_ca_file_,
                     "PEM certificates the SMTP relay's is checked against (a private CA); default: the system's");
  serve_->add_option("--mail-from", mail_from_, "The address the emails come from (with --smtp), e.g. souk@example.org");
  serve_->add_option("--public-url", public_url_,
                     "The site's address as players reach it, e.g. https://souk.example.org: the emails' links start "
                     "with it (with --smtp)");
  serve_->add_option("--email-interval", email_interval_minutes_,
                     "Minutes: at most one \"your turn\" email per game and account in this interval")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 7.0 * 24 * 60));
  serve_->add_option("--metrics-listen", metrics_listen_,
                     "ADDR:PORT (e.g. 127.0.0.1:9464) where GET /metrics answers in Prometheus's text format; never "
                     "the players' port; off by default (docs/operations.md)");
  serve_->add_option("--log-format", log_format_,
                     "text: warnings and errors as lines on stderr; json: every event (refusals, restores, take-overs, "
                     "engine failures...) as one JSON object a line (docs/operations.md)")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "json"}));
}

bool ServeCommand::parsed() const { return serve_->parsed(); }

int ServeCommand::Run() {
  for (const std::string& proxy : trusted_proxies_)
    if (Status added = options_.http.trusted_proxies.Add(proxy); !added.ok())
      throw CliError{kBadInput, "--trusted-proxy: " + added.message()};
  options_.http.ws_idle_timeout = std::chrono::seconds(ws_idle_seconds_);
  if (no_rate_limits_) options_.http.rates = server::RateLimits::Off();
  for (const server::RateInfo& info : server::RateInfos()) {
    const std::string& text = rates_[static_cast<size_t>(info.rate)];
    if (text.empty()) continue;
    auto limit = server::ParseRateLimit(text);
    if (!limit.ok()) throw CliError{kBadInput, std::string("--rate-") + info.name + ": " + limit.message()};
    options_.http.rates[info.rate] = *limit;
  }
  const ServeOptions& options = options_;
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

  server::server_log::Format log_format = server::server_log::Format::kText;
  server::server_log::ParseFormat(log_format_, &log_format);
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  server::server_log::Configure(log_format, std::string(host) + ":" + std::to_string(getpid()));
  server::ServerOptions http_options = options.http;
  if (http_options.web_dir.empty()) http_options.web_dir = DefaultWebDir();
  auto store = server::OpenStore(options.db, options.synchronous_full);
  if (!store.ok()) throw CliError{1, "--db " + store.message()};
  server::ServiceOptions service = options.service;
  service.bot_threads = options.bot_threads;
  if (!engines_.empty()) {
    engine::EngineRegistry engines;  // the operator's list alone: never a path
    for (const std::string& e : engines_)
      if (Status added = engine::AddEngineOption(&engines, e); !added.ok()) throw CliError{kBadInput, added.message()};
    service.make_engine = [engines](std::string_view game, std::string_view spec, uint64_t seed) {
      return engine::MakeBotOrEngine(engines, game, spec, seed);
    };
  }
  std::string metrics_address;
  uint16_t metrics_port = 0;
  if (!metrics_listen_.empty()) {
    if (Status s = server::ParseListenAddress(metrics_listen_, &metrics_address, &metrics_port); !s.ok())
      throw CliError{kBadInput, "--metrics-listen " + s.message()};
  }
  // The accounts and the ratings, on the same database (the game store has migrated its schema).
  auto account_store = server::accounts::OpenAccountStore(options.db);
  if (!account_store.ok()) throw CliError{1, "--db " + account_store.message()};
  if (Status sodium = server::accounts::InitSodium(); !sodium.ok()) throw CliError{1, sodium.message()};
  server::accounts::AccountsOptions account_options;
  account_options.workers = account_workers_;
  server::accounts::Accounts accounts(std::move(*account_store), account_options);
  // Counted on an account worker, never on the scrape's thread: the database may be slow.
  const metrics::Registry::Collector signed_in = server::server_metrics::CollectAccountsSignedIn(
      [&accounts]() -> std::optional<double> {
        auto count = accounts.store().CountSignedIn(server::NowMs());
        return count.ok() ? std::optional<double>(static_cast<double>(*count)) : std::nullopt;
      },
      [&accounts](std::function<void()> job) {
        return accounts.workers().Submit("metrics", std::move(job)) == server::accounts::AccountWorkers::Submitted::kQueued;
      });
  auto ratings = server::ratings::OpenRatingStore(options.db);
  if (!ratings.ok()) throw CliError{1, "--db " + ratings.message()};
  service.ratings = ratings->get();
  service.account_name = [&accounts](int64_t id) -> Result<std::string> {
    auto account = accounts.store().AccountById(id);
    if (!account.ok()) return account.status();
    return account->name;  // empty once deleted
  };
  // The email notifications, on the same database, when there is a relay to send them.
  std::unique_ptr<server::mail::Notifications> notifications;
  if (!smtp_url_.empty()) {
    if (mail_from_.empty() || public_url_.empty())
      throw CliError{kBadInput, "--smtp needs --mail-from ADDRESS and --public-url URL (docs/notifications.md)"};
    auto notification_store = server::mail::OpenNotificationStore(options.db);
    if (!notification_store.ok()) throw CliError{1, "--db " + notification_store.message()};
    server::mail::NotificationsOptions mail_options;
    mail_options.smtp_url = smtp_url_;
    mail_options.mail_from = mail_from_;
    mail_options.public_url = public_url_;
    mail_options.smtp_ca_file = smtp_ca_file_;
    mail_options.turn_interval =
        std::chrono::milliseconds(static_cast<int64_t>(email_interval_minutes_ * 60e3));
    auto opened = server::mail::Notifications::Open(std::move(*notification_store), mail_options);
    if (!opened.ok()) throw CliError{kBadInput, opened.message()};
    notifications = std::move(*opened);
    service.on_turn = [&notifications](const std::string& game_id, int64_t account_id, int seat) {
      notifications->OnTurn(game_id, account_id, seat);
    };
  } else if (!mail_from_.empty() || !public_url_.empty()) {
    throw CliError{kBadInput, "--mail-from and --public-url are for the emails: give --smtp too"};
  }
  // Every store call timed for the metrics.
  std::unique_ptr<server::Store> metered = server::MeteredStore(**store);
  server::GameService games(*metered, service);
  if (notifications) notifications->SetDescribeGame(server::DescribeGamesOf(games));
  const std::vector<metrics::Registry::Collector> gauges = server::CollectServiceMetrics(games);
  if (Status restored = games.Restore(); !restored.ok()) throw CliError{1, "restoring games: " + restored.message()};
  // The lobby, on the same database too: its tables and requests are every instance's.
  auto lobby_store = server::lobby::OpenLobbyStore(options.db);
  if (!lobby_store.ok()) throw CliError{1, "--db " + lobby_store.message()};
  server::lobby::LobbyOptions lobby_options = options.lobby;
  if (notifications)
    lobby_options.on_rematch_offered = [&notifications](const server::lobby::RematchOffered& offer) {
      for (int64_t account_id : offer.invited)
        notifications->OnInvitation(
            {offer.table_id, offer.last_game_id, offer.game, offer.offered_by, account_id, offer.expires_ms});
    };
  server::lobby::Lobby lobby(**lobby_store, games, ratings->get(), lobby_options);
  // Counted on an account worker too, as the signed-in accounts are.
  const metrics::Registry::Collector lobby_open = server::server_metrics::CollectLobbyOpen(
      [&lobby_store](const std::string& kind) -> std::optional<double> {
        auto open = (*lobby_store)->Open(kind);
        if (!open.ok()) return std::nullopt;
        // An entry past its expiry is closed at the lobby's next look: not counted.
        const int64_t now = server::NowMs();
        return static_cast<double>(std::count_if(open->begin(), open->end(),
                                                 [now](const server::lobby::LobbyEntry& e) { return e.expires_ms > now; }));
      },
      [&accounts](std::function<void()> job) {
        return accounts.workers().Submit("metrics", std::move(job)) == server::accounts::AccountWorkers::Submitted::kQueued;
      });
  // The reviews, on the same database: a review one instance computed, every instance serves.
  auto review_store = server::reviews::OpenReviewStore(options.db);
  if (!review_store.ok()) throw CliError{1, "--db " + review_store.message()};
  server::reviews::ReviewService reviews(**review_store, games, options.reviews);
  http_options.accounts = &accounts;
  http_options.ratings = ratings->get();
  http_options.lobby = &lobby;
  http_options.reviews = &reviews;
  http_options.notifications = notifications.get();
  // The clients the operator blocked (`souk admin block`), read again every 5 s: a block
  // made on any instance's database reaches this one within that time.
  auto block_store = server::blocks::OpenBlockStore(options.db);
  if (!block_store.ok()) throw CliError{1, "--db " + block_store.message()};
  server::blocks::Blocklist blocklist;
  if (Status read = blocklist.Refresh(**block_store); !read.ok()) throw CliError{1, "--db " + read.message()};
  server::Periodic block_refresh;
  block_refresh.Start(5000, [&] {
    if (Status read = blocklist.Refresh(**block_store); !read.ok())
      server::server_log::Write(server::server_log::Level::kWarning, "blocks_unread",
                                "the blocked addresses could not be read again: " + read.message(), {});
  });
  http_options.blocklist = &blocklist;
  server::HttpServer http(games, http_options);
  if (Status started = http.Start(); !started.ok()) throw CliError{1, started.message()};
  server::MetricsListener metrics_listener;
  metrics_listener.ServeJson("/limits", [&http] { return http.RateLimitState(); });
  if (!metrics_listen_.empty()) {
    if (Status started = metrics_listener.Start(metrics_address, metrics_port); !started.ok())
      throw CliError{1, started.message()};
    std::cout << "Metrics on http://" << (metrics_address.find(':') != std::string::npos ? "[" + metrics_address + "]" : metrics_address)
              << ':' << metrics_listener.port() << "/metrics" << std::endl;
  }
  std::cout << "Souk is serving on http://" << options.http.bind << ':' << http.port() << "/ (database "
            << server::RedactedDb(options.db) << (http_options.web_dir.empty() ? ", no web app: build it with `make web`" : "")
            << "). Stop with Ctrl-C." << std::endl;
  server::server_log::Write(server::server_log::Level::kInfo, "serving",
                            "serving on " + options.http.bind + ":" + std::to_string(http.port()),
                            {{"address", options.http.bind}, server::server_log::Number("port", http.port())});
  int received = 0;
  sigwait(&signals, &received);
  server::server_log::Write(server::server_log::Level::kInfo, "stopping",
                            std::string("stopping on ") + (received == SIGTERM ? "SIGTERM" : "SIGINT"),
                            {{"signal", received == SIGTERM ? "SIGTERM" : "SIGINT"}});
  std::cout << "Stopping (" << (received == SIGTERM ? "SIGTERM" : "SIGINT") << ")." << std::endl;
  // Gracefully: no new connection, WebSockets asked to reconnect (1012), the requests
  // read answered (up to 10 s); then the bots (a bot's move is pushed to connections,
  // which must still exist), whose leases go to the other instances; then the rest.
  WatchTheStop(signals);
  http.Drain(std::chrono::seconds(10));
  stop_stage = "stopping the bots";
  games.StopBots();
  stop_stage = "closing connections";
  http.Stop();
  stop_stage = "sending the emails queued";
  if (notifications) {
    // Destroyed after the games: from now on a turn the clocks end mails nobody.
    notifications->WaitIdle();
    notifications->SetDescribeGame({});
  }
  stop_stage = "closing the stores";
  return 0;
}

}  // namespace souk::cli
