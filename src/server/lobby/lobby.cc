// The lobby's open tables, its table list's listeners and the games it makes; quick
// play is in lobby_seeks.cc, rematches in lobby_rematch.cc.
#include "server/lobby/lobby.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "format/time_control_json.h"
#include "rating/pools.h"
#include "server/lobby/lobby_entries.h"
#include "server/tokens.h"
#include "server/wall_time.h"

namespace souk::server::lobby {

double PairingRange(int64_t waited_ms) {
  if (waited_ms >= 30'000) return 0;  // any
  return 100 + 20 * static_cast<double>(waited_ms / 1000);
}

Lobby::Lobby(LobbyStore& store, GameService& games, ratings::RatingStore* ratings, LobbyOptions options)
    : store_(store), games_(games), ratings_(ratings), options_(std::move(options)) {
  if (options_.watch_every_ms > 0)
    watcher_.Start(options_.watch_every_ms, [this] {
      int64_t told = 0, next_expiry = 0;
      {
        std::lock_guard lock(listeners_mutex_);
        if (listeners_.empty()) return;
        told = version_told_;
        next_expiry = next_expiry_;
      }
      auto version = store_.Version();
      // A table that expired changes the list without a write: told at the next look.
      if (version.ok() && (*version != told || Now() >= next_expiry)) TellListeners();
    });
}

Lobby::~Lobby() { watcher_.Stop(); }

int64_t Lobby::Now() const { return options_.now_ms ? options_.now_ms() : NowMs(); }

Result<double> Lobby::RatingOf(int64_t account_id, const GameWanted& wanted) {
  auto pool = rating::PoolFor(wanted.game, wanted.players);
  if (!pool || ratings_ == nullptr || account_id == 0) return kNewPlayerRating;
  auto ratings = ratings_->RatingsOf(account_id);
  if (!ratings.ok()) return ratings.status();
  for (const ratings::StoredRating& r : *ratings)
    if (r.pool == rating::PoolId(*pool)) return r.rating;
  return kNewPlayerRating;
}

Result<Json> Lobby::SitterOf(const Player& player, const GameWanted& wanted, std::string* token) {
  Json rating;  // a guest has none, nor has a game no pool rates
  if (player.account_id != 0 && rating::PoolFor(wanted.game, wanted.players)) {
    auto r = RatingOf(player.account_id, wanted);
    if (!r.ok()) return r.status();
    rating = std::round(*r);
  }
  *token = NewSecret();
  return Json{{"account_id", player.account_id},
              {"name", player.name},
              {"rating", rating},
              {"token_hash", HashSecret(*token)},
              {"client", player.client}};
}

Status Lobby::MakeGame(const Json& made) {
  const std::string id = made.value("game_id", std::string());
  if (games_.SeatOf(id, "").ok()) return Status::Ok();  // made already, here or elsewhere
  CreateRequest request;
  request.game_id = id;
  request.game = made.value("game", std::string());
  request.players = made.value("players", 0);
  request.variant = made.value("variant", std::string());
  request.rated = made.value("rated", false);
  request.client = made.value("client", std::string());
  request.creator_seat = -1;
  auto clock = TimeControlFromJson(made.value("clock", Json()));
  if (!clock.ok()) return clock.status();
  request.clock = *clock;
  for (const Json& seat : made["seats"]) {
    SeatRequest s;
    s.player = seat.value("player", std::string("human"));
    s.name = seat.value("name", std::string());
    s.token_hash = seat.value("token_hash", std::string());
    s.account_id = seat.value("account_id", int64_t{0});
    request.seats.push_back(std::move(s));
  }
  auto created = games_.Create(request);
  if (created.ok() || games_.SeatOf(id, "").ok()) return Status::Ok();  // or another instance made it meanwhile
  return created.status();
}

Result<Json> Lobby::OpenTable(const TableRequest& request, const Player& owner) {
  TableRequest table = request;
  auto players = CheckWanted(table.wanted, owner, ratings_ != nullptr);
  if (!players.ok()) return players.status();
  if (*players < 2) return Status::Error("players: a table seats two players or more");
  if (table.rating_range) {
    auto [low, high] = *table.rating_range;
    if (low < 0 || high > 4000 || low > high)
      return Status::Error("rating_range: expected [low, high] with 0 <= low <= high <= 4000");
  }
  std::string token;
  auto sitter = SitterOf(owner, table.wanted, &token);
  if (!sitter.ok()) return sitter.status();
  const int64_t now = Now();
  LobbyEntry entry;
  entry.id = NewGameId();
  entry.kind = "table";
  entry.state = "open";
  entry.expires_ms = now + options_.table_expires_after_ms;
  entry.doc = WantedJson(table.wanted);
  entry.doc["rating_range"] = table.rating_range ? Json{table.rating_range->first, table.rating_range->second} : Json();
  entry.doc["sitters"] = Json::array({*sitter});
  Status done = store_.Transact(now, "", [&](const std::vector<LobbyEntry>& open, std::vector<LobbyEntry>& writes) {
    int total = 0, of_account = 0, of_client = 0;
    for (const LobbyEntry& e : Live(open, writes, now, options_)) {
      if (e.state != "open") continue;
      ++total;
      if (e.kind != "table" || e.doc.contains("planned")) continue;
      const Json& first = e.doc["sitters"][0];
      if (owner.account_id != 0 && first.value("account_id", int64_t{0}) == owner.account_id) ++of_account;
      if (first.value("client", std::string()) == owner.client) ++of_client;
    }
    if (total >= options_.max_open)
      return Status::Coded(ErrorCode::kLimitReached, "the lobby is full (" + std::to_string(options_.max_open) +
                                                         " open tables and requests); try again later");
    if (owner.account_id != 0 && of_account >= options_.tables_per_account)
      return Status::Coded(ErrorCode::kLimitReached, "you have " + std::to_string(of_account) +
                                                         " open tables, the most an account may (cancel one first)");
    if (of_client >= options_.tables_per_client)
      return Status::Coded(ErrorCode::kLimitReached, std::to_string(of_client) +
                                                         " open tables from your address, the most one may have");
    writes.push_back(entry);
    return Status::Ok();
  });
  if (!done.ok()) return done;
  TellListeners();
  Player me = owner;
  me.token = token;
  return Json{{"table", TableJson(entry, &me, now)}, {"token", token}};
}

Result<Json> Lobby::Sit(const std::string& table_id, const Player& player) {
  const int64_t now = Now();
  std::string token;
  LobbyEntry after;
  Status done = store_.Transact(now, table_id, [&](const std::vector<LobbyEntry>& open, std::vector<LobbyEntry>& writes) {
    const std::vector<LobbyEntry> live = Live(open, writes, now, options_);
    const LobbyEntry* table = Find(live, table_id);
    if (table == nullptr || table->kind != "table" || table->state != "open") return Closed(table, table_id, "table");
    if (table->doc.contains("planned"))
      return Status::Coded(ErrorCode::kForbidden, "table " + table_id + ": a rematch, for the last game's players");
    GameWanted wanted;
    wanted.game = table->doc.value("game", std::string());
    wanted.players = table->doc.value("players", 0);
    wanted.variant = table->doc.value("variant", std::string());
    wanted.rated = table->doc.value("rated", false);
    auto checked = CheckWanted(wanted, player, ratings_ != nullptr);
    if (!checked.ok()) return checked.status();
    for (const Json& s : table->doc["sitters"])
      if (IsSitter(s, player)) return Status::Coded(ErrorCode::kAlreadySeated, "table " + table_id + ": you sit there already");
    const Json range = table->doc.value("rating_range", Json());
    auto sitter = SitterOf(player, wanted, &token);
    if (!sitter.ok()) return sitter.status();
    if (range.is_array()) {
      if (player.account_id == 0)
        return Status::Coded(ErrorCode::kNotSignedIn, "table " + table_id + ": a table with a rating range needs you signed in");
      const double rating = (*sitter)["rating"].is_number() ? (*sitter)["rating"].get<double>() : kNewPlayerRating;
      if (rating < range[0].get<double>() || rating > range[1].get<double>())
        return Status::Coded(ErrorCode::kOutOfRange, "table " + table_id + ": for ratings " + range[0].dump() + " to " +
                                                         range[1].dump() + ", and yours is " + std::to_string(std::lround(rating)));
    }
    after = *table;
    after.doc["sitters"].push_back(*sitter);
    if (static_cast<int>(after.doc["sitters"].size()) == wanted.players) {
      std::vector<Json> seats;
      for (const Json& s : after.doc["sitters"]) seats.push_back(HumanSeat(s));
      const std::string game_id = NewGameId();
      after.state = "started";
      after.doc["game_id"] = game_id;
      after.doc["made"] = MadeJson(after.doc, game_id, after.doc["sitters"][0].value("client", std::string()), seats);
    }
    writes.push_back(after);
    return Status::Ok();
  });
  if (!done.ok()) return done;
  if (after.state == "started")
    if (Status made = MakeGame(after.doc["made"]); !made.ok()) return made;
  TellListeners();
  Player me = player;
  me.token = token;
  return Json{{"table", TableJson(after, &me, now)}, {"token", token}};
}

Result<Json> Lobby::Leave(const std::string& table_id, const Player& player) {
  const int64_t now = Now();
  LobbyEntry after;
  Status done = store_.Transact(now, table_id, [&](const std::vector<LobbyEntry>& open, std::vector<LobbyEntry>& writes) {
    const std::vector<LobbyEntry> live = Live(open, writes, now, options_);
    const LobbyEntry* table = Find(live, table_id);
    if (table == nullptr || table->kind != "table" || table->state != "open") return Closed(table, table_id, "table");
    after = *table;
    const bool planned = table->doc.contains("planned");
    Json& sitters = after.doc[planned ? "planned" : "sitters"];
    auto mine = std::find_if(sitters.begin(), sitters.end(), [&](const Json& s) { return IsSitter(s, player); });
    if (mine == sitters.end())
      return Status::Coded(ErrorCode::kForbidden, "table " + table_id + ": you do not sit at this table");
    // The owner leaving cancels the table, as does anyone declining a rematch.
    if (planned || mine == sitters.begin()) after.state = "cancelled";
    else sitters.erase(mine);
    writes.push_back(after);
    return Status::Ok();
  });
  if (!done.ok()) return done;
  TellListeners();
  return Json{{"table", TableJson(after, &player, now)}};
}

Result<Json> Lobby::Table(const std::string& table_id, const Player& player) {
  auto entry = store_.Get(table_id);
  if (!entry.ok()) return entry.status();
  if (!*entry || (*entry)->kind != "table") return Closed(nullptr, table_id, "table");
  const LobbyEntry& table = **entry;
  // A filled table's game, made now if the instance that filled it died first.
  if (table.state == "started")
    if (Status made = MakeGame(table.doc["made"]); !made.ok()) return made;
  return Json{{"table", TableJson(table, &player, Now())}};
}

Result<Json> Lobby::Tables() {
  auto open = store_.Open("table");
  if (!open.ok()) return open.status();
  auto version = store_.Version();
  if (!version.ok()) return version.status();
  const int64_t now = Now();
  Json list = Json::array();
  for (const LobbyEntry& e : *open)
    if (e.expires_ms > now && !e.doc.contains("planned")) list.push_back(TableJson(e, nullptr, now));
  return Json{{"type", "tables"}, {"version", *version}, {"tables", list}};
}

uint64_t Lobby::SubscribeTables(std::function<void(const std::string& message)> listener) {
  auto tables = Tables();
  const std::string now = DumpJson(tables.ok() ? *tables : Json{{"type", "error"}, {"error", tables.message()}}, false);
  uint64_t id;
  {
    std::lock_guard lock(listeners_mutex_);
    id = next_listener_++;
    listeners_[id] = listener;
  }
  listener(now);
  return id;
}

void Lobby::UnsubscribeTables(uint64_t subscription) {
  std::lock_guard lock(listeners_mutex_);
  listeners_.erase(subscription);
}

void Lobby::TellListeners() {
  std::vector<std::function<void(const std::string&)>> listeners;
  {
    std::lock_guard lock(listeners_mutex_);
    for (const auto& [id, listener] : listeners_) listeners.push_back(listener);
  }
  if (listeners.empty()) return;
  auto tables = Tables();
  if (!tables.ok()) return;  // the store is down: told at the next look once it is back
  int64_t next_expiry = INT64_MAX;
  for (const Json& t : (*tables)["tables"]) next_expiry = std::min(next_expiry, t["expires_ms"].get<int64_t>());
  {
    std::lock_guard lock(listeners_mutex_);
    version_told_ = (*tables)["version"].get<int64_t>();
    next_expiry_ = next_expiry;
  }
  const std::string message = DumpJson(*tables, false);
  for (const auto& listener : listeners) listener(message);
}

}  // namespace souk::server::lobby
