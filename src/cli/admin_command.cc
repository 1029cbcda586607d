#include "cli/admin_command.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <charconv>
#include <ctime>
#include <iostream>

#include "cli/cli_error.h"
#include "format/json.h"
#include "format/record.h"
#include "server/accounts/accounts.h"
#include "server/blocks/block_store.h"
#include "server/blocks/blocklist.h"
#include "server/mail/notification_store.h"
#include "server/metrics_listener.h"
#include "server/player_routes.h"
#include "server/ratings/rating_store.h"
#include "server/store.h"
#include "server/wall_time.h"

namespace souk::cli {
namespace {

using server::Iso8601;

std::string StateOf(const server::StoredGame& g) {
  return g.abandoned ? "abandoned" : g.finished ? "finished" : "playing";
}

// "30m", "12h", "7d" ago, or a day "2026-11-01" (UTC): Unix ms.
int64_t ParseSince(const std::string& text, int64_t now_ms) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [rest, ec] = std::from_chars(text.data(), end, value);
  if (ec == std::errc() && value >= 0 && rest + 1 == end) {
    const int64_t unit = *rest == 'm' ? 60'000 : *rest == 'h' ? 3'600'000 : *rest == 'd' ? 86'400'000 : 0;
    if (unit) return now_ms - value * unit;
  }
  std::tm day{};
  if (text.size() == 10 && strptime(text.c_str(), "%Y-%m-%d", &day) == text.c_str() + 10) return int64_t{timegm(&day)} * 1000;
  throw CliError{kBadInput, "--since '" + text + "': expected a time ago (30m, 12h, 7d) or a day (2026-11-01)"};
}

// The game as the operator exports it: everything but the seats' secrets (token and
// invite hashes), with its account holders named.
Json GameJson(const server::StoredGame& g, server::accounts::AccountStore& accounts) {
  Json seats = Json::array();
  for (const server::StoredSeat& s : g.seats) {
    Json seat = {{"player", s.player}, {"name", s.name}, {"claimed", !s.token_hash.empty()}, {"account", nullptr}};
    if (s.account_id != 0) {
      auto a = accounts.AccountById(s.account_id);
      seat["account"] = a.ok() && !a->deleted ? Json(a->name) : Json("(deleted)");
    }
    seats.push_back(std::move(seat));
  }
  Json times = Json::array();
  for (int64_t ms : g.move_ms) times.push_back(ms ? Json(Iso8601(ms)) : Json(nullptr));
  GameRecord record{g.options, g.moves, {}};
  for (const server::StoredSeat& s : g.seats) record.seats.push_back(s.player);
  return {{"id", g.id},
          {"game", g.options.game},
          {"seed", std::to_string(g.options.seed)},
          {"players", g.options.players},
          {"variant", g.options.variant},
          {"state", StateOf(g)},
          {"rated", g.rated},
          {"created", Iso8601(g.created_ms)},
          {"updated", Iso8601(g.updated_ms)},
          {"client", g.client},
          {"clock", {{"base_ms", g.clock.base_ms}, {"increment_ms", g.clock.increment_ms}, {"per_move_ms", g.clock.per_move_ms}}},
          {"seats", std::move(seats)},
          {"moves", g.moves},
          {"move_times", std::move(times)},
          {"record", FormatRecord(record)}};
}

std::string SeatsText(const server::StoredGame& g) {
  std::string out;
  for (const server::StoredSeat& s : g.seats) {
    if (!out.empty()) out += ",";
    out += s.player == "human" ? (s.name.empty() ? std::string(s.token_hash.empty() ? "(open)" : "(guest)") : s.name) : s.player;
  }
  return out;
}

// GET http://ADDRESS:PORT/PATH: the body of a 200, else an error.
std::string HttpGet(const std::string& instance, const std::string& path) {
  std::string address;
  uint16_t port = 0;
  if (Status s = server::ParseListenAddress(instance, &address, &port); !s.ok()) throw CliError{kBadInput, "--instance " + s.message()};
  namespace net = boost::asio;
  namespace http = boost::beast::http;
  try {
    net::io_context ioc;
    boost::beast::tcp_stream stream(ioc);
    stream.expires_after(std::chrono::seconds(10));
    stream.connect(net::ip::tcp::endpoint(net::ip::make_address(address), port));
    http::request<http::empty_body> req{http::verb::get, path, 11};
    req.set(http::field::host, address);
    http::write(stream, req);
    boost::beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    if (res.result() != http::status::ok)
      throw CliError{1, instance + path + ": HTTP " + std::to_string(res.result_int()) + ": " + res.body()};
    return res.body();
  } catch (const boost::system::system_error& e) {
    throw CliError{1, instance + path + ": " + e.code().message() +
                          " (is a `souk serve --metrics-listen " + instance + "` running?)"};
  }
}

}  // namespace

AdminCommand::AdminCommand(CLI::App& app) {
  admin_ = app.add_subcommand("admin", "The operator's tools on the server's database (docs/operations.md)");
  admin_->require_subcommand(1);
  admin_->add_option("--db", db_, "The database `souk serve --db` uses: a SQLite file or a PostgreSQL URI")
      ->capture_default_str();
  games_ = admin_->add_subcommand("games", "List games, the most recently changed first");
  games_->add_option("--state", state_, "playing, finished, abandoned or any")
      ->check(CLI::IsMember({"playing", "finished", "abandoned", "any"}))
      ->capture_default_str();
  games_->add_option("--game", game_name_, "Only this game (jaipur, marrakech)");
  games_->add_option("--client", client_, "Only games created from this client address");
  games_->add_option("--account", account_name_, "Only games where this account holds a seat");
  games_->add_option("--since", since_, "Only games changed since: 30m, 12h, 7d ago, or a day (2026-11-01, UTC)");
  games_->add_option("--limit", limit_, "At most this many")->check(CLI::Range(1, 10000))->capture_default_str();
  games_->add_flag("--json", json_, "One JSON object a line, as `souk admin game --json` writes it");
  game_ = admin_->add_subcommand("game", "Show one game: its record (with its state as comments), or --json all of it");
  game_->add_option("id", id_, "The game's id")->required();
  game_->add_flag("--json", json_, "Export the game as JSON (no seat's token)");
  abandon_ = admin_->add_subcommand("abandon", "Abandon a game in play: kept, never played again, not rated");
  abandon_->add_option("id", id_, "The game's id")->required();
  block_ = admin_->add_subcommand("block", "Refuse a client address or network (every instance, within 5 s), or an account");
  unblock_ = admin_->add_subcommand("unblock", "Undo block");
  for (CLI::App* sub : {block_, unblock_}) {
    sub->add_option("address", network_, "An address (203.0.113.7) or a network (203.0.113.0/24, 2001:db8::/48)");
    sub->add_option("--account", account_name_, "An account instead: its log-ins and sessions refused");
  }
  block_->add_option("--reason", reason_, "A note for the operators (never shown to the client)");
  blocks_ = admin_->add_subcommand("blocks", "List the blocked addresses and accounts");
  account_ = admin_->add_subcommand("account", "Export an account's data as JSON (no password hash, no session id)");
  account_->add_option("name", account_name_, "The account's name (case ignored)")->required();
  limits_ = admin_->add_subcommand("limits", "A running instance's rate limits and its busiest clients");
  limits_->add_option("--instance", instance_, "Its --metrics-listen address, e.g. 127.0.0.1:9464")->required();
}

bool AdminCommand::parsed() const { return admin_->parsed(); }

int AdminCommand::Run() {
  if (limits_->parsed()) return Limits();
  if (games_->parsed()) return Games();
  if (game_->parsed()) return Game();
  if (abandon_->parsed()) return Abandon();
  if (block_->parsed()) return Block(true);
  if (unblock_->parsed()) return Block(false);
  if (blocks_->parsed()) return Blocks();
  return ExportAccount();
}

namespace {

// The stores a command reads, the game store first: it opens (and migrates) the database.
struct Stores {
  std::unique_ptr<server::Store> games;
  std::unique_ptr<server::accounts::AccountStore> accounts;

  explicit Stores(const std::string& db) {
    auto g = server::OpenStore(db);
    if (!g.ok()) throw CliError{1, "--db " + g.message()};
    games = std::move(*g);
    auto a = server::accounts::OpenAccountStore(db);
    if (!a.ok()) throw CliError{1, "--db " + a.message()};
    accounts = std::move(*a);
  }

  server::accounts::StoredAccount Account(const std::string& name) {
    auto account = accounts->AccountByKey(server::accounts::NameKey(name));
    if (!account.ok()) throw CliError{1, "no account named " + name};
    return *account;
  }
};

}  // namespace

int AdminCommand::Games() {
  Stores stores(db_);
  server::GameFilter filter;
  filter.state = state_ == "playing"     ? server::GameFilter::State::kPlaying
                 : state_ == "finished"  ? server::GameFilter::State::kFinished
                 : state_ == "abandoned" ? server::GameFilter::State::kAbandoned
                                         : server::GameFilter::State::kAny;
  filter.game = game_name_;
  filter.client = client_;
  if (!account_name_.empty()) filter.account_id = stores.Account(account_name_).id;
  if (!since_.empty()) filter.since_ms = ParseSince(since_, server::NowMs());
  filter.limit = limit_;
  auto games = stores.games->ListGames(filter);
  if (!games.ok()) throw CliError{1, games.message()};
  for (const server::StoredGame& g : *games) {
    if (json_) {
      std::cout << DumpJson(GameJson(g, *stores.accounts)) << '\n';
      continue;
    }
    std::cout << g.id << '\t' << g.options.game << '\t' << StateOf(g) << (g.rated ? ",rated" : "") << '\t' << g.moves.size()
              << " moves\t" << Iso8601(g.updated_ms) << '\t' << (g.client.empty() ? "-" : g.client) << '\t' << SeatsText(g)
              << '\n';
  }
  if (!json_) std::cerr << games->size() << (games->size() == limit_ ? " games (--limit reached)" : " games") << '\n';
  return 0;
}

int AdminCommand::Game() {
  Stores stores(db_);
  auto g = stores.games->LoadGame(id_);
  if (!g.ok()) throw CliError{1, g.message()};
  if (json_) {
    std::cout << DumpJson(GameJson(*g, *stores.accounts), true) << '\n';
    return 0;
  }
  // A record `souk review` and `souk play --load` read: what is not the game's, as comments.
  std::cout << "# game " << g->id << ": " << StateOf(*g) << (g->rated ? ", rated" : "") << ", created "
            << Iso8601(g->created_ms) << ", changed " << Iso8601(g->updated_ms) << "\n# seats: " << SeatsText(*g) << '\n';
  GameRecord record{g->options, g->moves, {}};
  for (const server::StoredSeat& s : g->seats) record.seats.push_back(s.player);
  std::cout << FormatRecord(record);
  return 0;
}

int AdminCommand::Abandon() {
  Stores stores(db_);
  auto g = stores.games->LoadGame(id_);
  if (!g.ok()) throw CliError{1, g.message()};
  if (g->finished || g->abandoned) throw CliError{1, "game " + id_ + " is " + StateOf(*g) + ", not in play"};
  if (Status done = stores.games->MarkAbandoned(id_, server::NowMs()); !done.ok()) throw CliError{1, done.message()};
  std::cout << "Game " << id_ << " abandoned. "
            << (stores.games->Shared() ? "The instances on this database drop it now."
                                       : "The server on this file drops it at its next move, or when restarted.")
            << '\n';
  return 0;
}

int AdminCommand::Block(bool block) {
  if (network_.empty() == account_name_.empty())
    throw CliError{kBadInput, "give an address (or network), or --account NAME, not both"};
  Stores stores(db_);
  if (!account_name_.empty()) {
    const server::accounts::StoredAccount account = stores.Account(account_name_);
    if (Status done = stores.accounts->SetDisabled(account.id, block); !done.ok()) throw CliError{1, done.message()};
    std::cout << "Account " << account.name << (block ? " blocked: its log-ins and sessions are refused." : " unblocked.")
              << '\n';
    return 0;
  }
  if (Status valid = server::blocks::CheckNetwork(network_); !valid.ok()) throw CliError{kBadInput, valid.message()};
  auto store = server::blocks::OpenBlockStore(db_);
  if (!store.ok()) throw CliError{1, "--db " + store.message()};
  if (block) {
    if (Status done = (*store)->Add({network_, reason_, server::NowMs()}); !done.ok()) throw CliError{1, done.message()};
    std::cout << network_ << " blocked: every instance on this database refuses it within 5 s." << '\n';
    return 0;
  }
  auto removed = (*store)->Remove(network_);
  if (!removed.ok()) throw CliError{1, removed.message()};
  if (!*removed) throw CliError{1, network_ + " is not blocked (`souk admin blocks` lists what is)"};
  std::cout << network_ << " unblocked." << '\n';
  return 0;
}

int AdminCommand::Blocks() {
  Stores stores(db_);
  auto store = server::blocks::OpenBlockStore(db_);
  if (!store.ok()) throw CliError{1, "--db " + store.message()};
  auto blocks = (*store)->List();
  if (!blocks.ok()) throw CliError{1, blocks.message()};
  for (const server::blocks::Block& b : *blocks)
    std::cout << "address\t" << b.network << '\t' << Iso8601(b.created_ms) << '\t' << b.reason << '\n';
  auto accounts = stores.accounts->ListAccounts();
  if (!accounts.ok()) throw CliError{1, accounts.message()};
  for (const server::accounts::StoredAccount& a : *accounts)
    if (a.disabled && !a.deleted) std::cout << "account\t" << a.name << '\t' << Iso8601(a.created_ms) << '\n';
  return 0;
}

int AdminCommand::ExportAccount() {
  Stores stores(db_);
  const server::accounts::StoredAccount account = stores.Account(account_name_);
  const int64_t now = server::NowMs();
  Json out = {{"id", account.id},
              {"name", account.name},
              {"created", Iso8601(account.created_ms)},
              {"state", account.disabled ? "disabled" : "active"}};
  auto mail = server::mail::OpenNotificationStore(db_);
  if (!mail.ok()) throw CliError{1, "--db " + mail.message()};
  auto address = (*mail)->AddressOf(account.id);
  if (!address.ok()) throw CliError{1, address.message()};
  out["email"] = *address ? Json{{"address", (*address)->address},
                                 {"added", Iso8601((*address)->added_ms)},
                                 {"verified", (*address)->verified() ? Json(Iso8601((*address)->verified_ms)) : Json(nullptr)}}
                          : Json(nullptr);
  auto settings = (*mail)->SettingsOf(account.id);
  if (!settings.ok()) throw CliError{1, settings.message()};
  out["notifications"] = {{"email_your_turn", settings->email_your_turn}, {"email_invitations", settings->email_invitations}};
  auto ratings = server::ratings::OpenRatingStore(db_);
  if (!ratings.ok()) throw CliError{1, "--db " + ratings.message()};
  auto current = (*ratings)->RatingsOf(account.id);
  auto history = (*ratings)->HistoryOf(account.id);
  if (!current.ok() || !history.ok()) throw CliError{1, current.ok() ? history.message() : current.message()};
  out["ratings"] = Json::array();
  for (const auto& r : *current)
    out["ratings"].push_back({{"pool", r.pool}, {"rating", r.rating}, {"deviation", r.deviation}, {"games", r.games},
                              {"wins", r.wins}, {"losses", r.losses}, {"draws", r.draws}});
  out["rating_history"] = Json::array();
  for (const auto& p : *history)
    out["rating_history"].push_back(
        {{"pool", p.pool}, {"game", p.game_id}, {"at", Iso8601(p.at_ms)}, {"rating", p.rating}, {"deviation", p.deviation}});
  auto lessons_done = stores.accounts->LessonsDone(account.id);
  if (!lessons_done.ok()) throw CliError{1, lessons_done.message()};
  out["lessons_done"] = *lessons_done;
  auto sessions = stores.accounts->SessionsOf(account.id, now);
  if (!sessions.ok()) throw CliError{1, sessions.message()};
  out["sessions"] = Json::array();
  for (const auto& s : *sessions)  // never the id's hash: a session is named by its times and device
    out["sessions"].push_back(
        {{"created", Iso8601(s.created_ms)}, {"last_seen", Iso8601(s.last_seen_ms)}, {"expires", Iso8601(s.expires_ms)}, {"device", s.label}});
  server::GameFilter filter;
  filter.account_id = account.id;
  filter.limit = 100000;
  auto games = stores.games->ListGames(filter);
  if (!games.ok()) throw CliError{1, games.message()};
  out["games"] = Json::array();
  for (const server::StoredGame& g : *games) {
    Json game = GameJson(g, *stores.accounts);
    // Given to its player, the export must not tell a game in play's hidden cards.
    if (!g.finished && !g.abandoned) game.erase("seed"), game.erase("record");
    out["games"].push_back(std::move(game));
  }
  std::cout << DumpJson(out, true) << '\n';
  return 0;
}

int AdminCommand::Limits() {
  std::cout << HttpGet(instance_, "/limits") << '\n';
  return 0;
}

}  // namespace souk::cli
