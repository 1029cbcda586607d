#include "server/player_routes.h"

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <map>
#include <utility>

#include "rating/pools.h"
#include "server/accounts/credentials.h"
#include "server/ratings/game_ratings.h"

namespace souk::server {
namespace {

constexpr int kPerPage = 50;
constexpr int kRecentGames = 20;
constexpr int kMyGames = 50;  // of each list
constexpr double kMsPerDay = 24.0 * 3600 * 1000;

// The rating as it stands today: the deviation grown by the time since its last game.
rating::Rating Today(const ratings::StoredRating& r, int64_t now_ms, const rating::Glicko2Config& config) {
  const rating::Rating stored{r.rating, r.deviation, r.volatility};
  if (r.updated_ms <= 0 || now_ms <= r.updated_ms) return stored;
  return rating::Aged(stored, rating::RatingPeriods(static_cast<double>(now_ms - r.updated_ms) / kMsPerDay, config), config);
}

Json OneRating(const ratings::StoredRating& r, int64_t now_ms) {
  const rating::Glicko2Config config;
  const rating::Rating today = Today(r, now_ms, config);
  return {{"rating", today.rating},           {"deviation", today.deviation},
          {"volatility", today.volatility},   {"provisional", rating::IsProvisional(today, config)},
          {"games", r.games},                 {"wins", r.wins},
          {"losses", r.losses},               {"draws", r.draws}};
}

// The pools with a leaderboard: the players' pools and the "against the bots" ones.
bool KnownPool(const std::string& id) {
  for (const rating::PoolRow& row : rating::Pools())
    if (row.id == id || ratings::BotsPoolId(row.game) == id) return true;
  return false;
}

// N of "page=N" in the query; 1 without one; 0 for a malformed one.
int PageOf(std::string_view query) {
  while (!query.empty()) {
    std::string_view pair = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), pair.size() + 1));
    if (pair.substr(0, 5) != "page=") continue;
    std::string_view value = pair.substr(5);
    if (value.empty() || value.size() > 6 || value.find_first_not_of("0123456789") != std::string_view::npos) return 0;
    return std::stoi(std::string(value));
  }
  return 1;
}

// The summaries of these games for the account, as the lists show them.
Result<Json> Summaries(GameService& games, const std::vector<std::string>& ids, int64_t account_id) {
  Json list = Json::array();
  for (const std::string& id : ids) {
    auto summary = games.Summary(id, account_id);
    if (summary.code() == StatusCode::kNotFound) continue;
    if (!summary.ok()) return summary.status();
    Json s = std::move(*summary);
    s["updated_at"] = Iso8601(s.at("updated_ms").get<int64_t>());
    s.erase("updated_ms");
    list.push_back(std::move(s));
  }
  return list;
}

}  // namespace

std::string Iso8601(int64_t ms) {
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

void SortYourTurnFirst(Json& list) {
  auto rank = [](const Json& s) {
    const bool mine = s.value("your_turn", false);
    const Json& left = s["time_left_ms"];
    return std::make_pair(mine ? 0 : 1, mine && left.is_number() ? left.get<int64_t>() : INT64_MAX);
  };
  std::stable_sort(list.begin(), list.end(), [&](const Json& a, const Json& b) { return rank(a) < rank(b); });
}

Result<Json> RatingsJson(ratings::RatingStore& store, int64_t account_id, bool with_history, int64_t now_ms) {
  auto rows = store.RatingsOf(account_id);
  if (!rows.ok()) return rows.status();
  Json out = Json::object();
  for (const ratings::StoredRating& r : *rows) {
    out[r.pool] = OneRating(r, now_ms);
    if (with_history) out[r.pool]["history"] = Json::array();
  }
  if (!with_history) return out;
  auto history = store.HistoryOf(account_id);
  if (!history.ok()) return history.status();
  for (const ratings::RatingPoint& p : *history)
    if (out.contains(p.pool))
      out[p.pool]["history"].push_back(
          {{"at", Iso8601(p.at_ms)}, {"rating", p.rating}, {"deviation", p.deviation}, {"game", p.game_id}});
  return out;
}

Result<Json> PlayerProfile(ratings::RatingStore& store, accounts::AccountStore& accounts, GameService& games,
                           const std::string& name, int64_t now_ms) {
  // A name no sign-up accepts is nobody's: never looked up (libpq would cut it at a NUL
  // byte) and never quoted back (it may be any size).
  if (!accounts::CheckAccountName(name).ok()) return Status::Coded(ErrorCode::kNoSuchPlayer, "no such player");
  auto account = accounts.AccountByKey(accounts::NameKey(name));
  if (account.code() == StatusCode::kNotFound || (account.ok() && account->deleted))
    return Status::Coded(ErrorCode::kNoSuchPlayer, "no player named " + name);
  if (!account.ok()) return account.status();
  auto ratings = RatingsJson(store, account->id, true, now_ms);
  if (!ratings.ok()) return ratings.status();
  Json totals = {{"games", 0}, {"wins", 0}, {"losses", 0}, {"draws", 0}};
  for (const auto& [pool, r] : ratings->items())
    for (const char* key : {"games", "wins", "losses", "draws"}) totals[key] = totals[key].get<int64_t>() + r[key].get<int64_t>();
  auto ids = store.GamesOf(account->id, true, kRecentGames);
  if (!ids.ok()) return ids.status();
  auto recent = Summaries(games, *ids, account->id);
  if (!recent.ok()) return recent.status();
  return Json{{"name", account->name},
              {"created_at", Iso8601(account->created_ms)},
              {"ratings", *ratings},
              {"totals", totals},
              {"recent", *recent}};
}

Result<Json> Leaderboard(ratings::RatingStore& store, const std::string& pool, std::string_view query, int64_t me,
                         int64_t now_ms) {
  if (!KnownPool(pool))
    return Status::Coded(ErrorCode::kNoSuchPool, "no rating pool " + pool.substr(0, 40) + (pool.size() > 40 ? "…" : ""));
  const rating::Glicko2Config config;
  auto rows = store.Ranked(pool, config.provisional_deviation);
  if (!rows.ok()) return rows.status();
  // Only established ratings are ranked: one that time away has made provisional again is not.
  std::vector<std::pair<std::string, ratings::StoredRating>> ranked;
  for (auto& row : *rows)
    if (!rating::IsProvisional(Today(row.second, now_ms, config), config)) ranked.push_back(std::move(row));
  const int pages = std::max<int>(1, static_cast<int>((ranked.size() + kPerPage - 1) / kPerPage));
  const int page = PageOf(query);
  if (page < 1 || page > pages)
    return Status::Error("page: expected a page number from 1 to " + std::to_string(pages));
  Json entries = Json::array();
  for (size_t i = static_cast<size_t>(page - 1) * kPerPage; i < ranked.size() && i < static_cast<size_t>(page) * kPerPage; ++i) {
    const rating::Rating today = Today(ranked[i].second, now_ms, config);
    entries.push_back({{"rank", i + 1},
                       {"name", ranked[i].first},
                       {"rating", today.rating},
                       {"deviation", today.deviation},
                       {"games", ranked[i].second.games}});
  }
  Json mine = nullptr;
  if (me != 0) {
    auto own = store.RatingsOf(me);
    if (!own.ok()) return own.status();
    for (const ratings::StoredRating& r : *own) {
      if (r.pool != pool) continue;
      const rating::Rating today = Today(r, now_ms, config);
      Json rank = nullptr;
      for (size_t i = 0; i < ranked.size(); ++i)
        if (ranked[i].second.account_id == me) rank = i + 1;
      mine = {{"rank", rank}, {"rating", today.rating}, {"deviation", today.deviation}, {"games", r.games}};
    }
  }
  return Json{{"pool", pool}, {"page", page}, {"pages", pages}, {"per_page", kPerPage}, {"entries", entries}, {"me", mine}};
}

Result<Json> MyGames(ratings::RatingStore& store, GameService& games, int64_t account_id) {
  Json out = Json::object();
  for (const bool finished : {false, true}) {
    auto ids = store.GamesOf(account_id, finished, kMyGames);
    if (!ids.ok()) return ids.status();
    auto list = Summaries(games, *ids, account_id);
    if (!list.ok()) return list.status();
    if (!finished) SortYourTurnFirst(*list);
    out[finished ? "finished" : "in_progress"] = std::move(*list);
  }
  return out;
}

}  // namespace souk::server
