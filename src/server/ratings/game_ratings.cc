#include "server/ratings/game_ratings.h"

#include <algorithm>

#include "rating/bot_calibration.h"
#include "rating/pools.h"

namespace souk::server::ratings {
namespace {

constexpr double kMsPerDay = 24.0 * 3600 * 1000;

rating::Rating RatingOf(const StoredRating& r) { return {r.rating, r.deviation, r.volatility}; }

// Rating periods since the player's last game in the pool (none for a newcomer).
double PeriodsSince(const StoredRating& r, int64_t now_ms, const rating::Glicko2Config& config) {
  if (r.updated_ms <= 0 || now_ms <= r.updated_ms) return 0;
  return rating::RatingPeriods(static_cast<double>(now_ms - r.updated_ms) / kMsPerDay, config);
}

// The counters after a game at `place`: a win alone in first place, a draw sharing it,
// a loss behind it.
void Count(StoredRating& r, const std::vector<int>& places, size_t seat) {
  ++r.games;
  const int best = *std::min_element(places.begin(), places.end());
  const auto firsts = std::count(places.begin(), places.end(), best);
  if (places[seat] != best)
    ++r.losses;
  else if (firsts == 1)
    ++r.wins;
  else
    ++r.draws;
}

}  // namespace

Status CheckRateable(std::string_view game, const std::vector<std::string>& seat_players) {
  for (size_t seat = 0; seat < seat_players.size(); ++seat)
    if (seat_players[seat] != "human")
      return Status::Coded(ErrorCode::kNotRateable, "rated: seat " + std::to_string(seat) +
                                                        " is a bot: a rated game is between people only");
  if (!rating::PoolFor(game, static_cast<int>(seat_players.size())))
    return Status::Coded(ErrorCode::kNotRateable, "rated: no rating pool takes " + std::string(game) + " with " +
                                                      std::to_string(seat_players.size()) + " players");
  return Status::Ok();
}

std::vector<int> PlacesOf(const GameState& s) {
  const std::vector<int> scores = s.Scores();
  const std::vector<int> winners = s.Winners();
  const int n = s.num_players();
  auto won = [&](int seat) { return std::find(winners.begin(), winners.end(), seat) != winners.end(); };
  std::vector<int> places(static_cast<size_t>(n), 1);
  for (int seat = 0; seat < n; ++seat) {
    if (won(seat)) continue;
    int ahead = 0;  // the others who lost with a higher score
    for (int other = 0; other < n; ++other)
      if (!won(other) && static_cast<size_t>(other) < scores.size() && static_cast<size_t>(seat) < scores.size() &&
          scores[static_cast<size_t>(other)] > scores[static_cast<size_t>(seat)])
        ++ahead;
    places[static_cast<size_t>(seat)] = 2 + ahead;
  }
  return places;
}

std::string ResultOf(const std::vector<int>& places, size_t seat) {
  const int best = *std::min_element(places.begin(), places.end());
  if (places[seat] != best) return "loss";
  return std::count(places.begin(), places.end(), best) == 1 ? "win" : "draw";
}

std::vector<int> AbandonedPlaces(int seats, int leaver) {
  std::vector<int> places(static_cast<size_t>(seats), 1);
  if (leaver >= 0 && leaver < seats) places[static_cast<size_t>(leaver)] = 2;
  return places;
}

Result<bool> ApplyRatedGame(RatingStore& store, const StoredGame& game, const std::vector<int>& places, int64_t now_ms) {
  const int n = static_cast<int>(game.seats.size());
  const auto pool = rating::PoolFor(game.options.game, n);
  if (!game.rated || !pool || places.size() != game.seats.size()) return false;
  std::vector<int64_t> ids;
  for (const StoredSeat& s : game.seats) {
    // A seat nobody took: the game never was between its players.
    if (s.account_id == 0 || std::count(ids.begin(), ids.end(), s.account_id) > 0) return false;
    ids.push_back(s.account_id);
  }
  const rating::MultiplayerConfig config;
  return store.ApplyGame(game.id, std::string(rating::PoolId(*pool)), ids, now_ms,
                         [&](const std::vector<StoredRating>& before) {
                           std::vector<rating::Seat> seats;
                           for (size_t i = 0; i < before.size(); ++i)
                             seats.push_back({RatingOf(before[i]), places[i], PeriodsSince(before[i], now_ms, config.glicko)});
                           const std::vector<rating::Rating> rated = rating::RateGame(*pool, seats, config);
                           std::vector<StoredRating> after = before;
                           for (size_t i = 0; i < after.size(); ++i) {
                             after[i].rating = rated[i].rating;
                             after[i].deviation = rated[i].deviation;
                             after[i].volatility = rated[i].volatility;
                             after[i].updated_ms = now_ms;
                             Count(after[i], places, i);
                           }
                           return after;
                         });
}

std::string BotsPoolId(std::string_view game) { return "bots-" + std::string(game); }

Result<bool> ApplyBotsGame(RatingStore& store, const StoredGame& game, const std::vector<int>& places, int64_t now_ms) {
  // Two players: the bots' ratings are fitted from two-player matches (docs/ratings.md).
  if (game.rated || game.seats.size() != 2 || places.size() != game.seats.size()) return false;
  const std::vector<rating::BotRating> calibrated = rating::CalibratedBotRatings(game.options.game);
  const rating::Glicko2Config config;
  int player = -1;
  std::vector<std::pair<size_t, rating::Rating>> bots;  // by seat
  for (size_t seat = 0; seat < game.seats.size(); ++seat) {
    const StoredSeat& s = game.seats[seat];
    if (s.player == "human") {
      if (s.account_id == 0 || player >= 0) return false;  // a guest, or another person: not against the bots
      player = static_cast<int>(seat);
      continue;
    }
    auto it = std::find_if(calibrated.begin(), calibrated.end(), [&](const rating::BotRating& b) { return b.bot == s.player; });
    if (it == calibrated.end()) return false;  // a bot of no fixed rating (a custom spec, an engine)
    bots.emplace_back(seat, rating::BotAsOpponent(*it, config));
  }
  if (player < 0 || bots.empty()) return false;
  const size_t me = static_cast<size_t>(player);
  return store.ApplyGame(game.id, BotsPoolId(game.options.game), {game.seats[me].account_id}, now_ms,
                         [&](const std::vector<StoredRating>& before) {
                           rating::Rating r = RatingOf(before[0]);
                           const double periods = PeriodsSince(before[0], now_ms, config);
                           const auto& [seat, bot] = bots.front();
                           const double score = places[me] < places[seat] ? 1.0 : places[me] == places[seat] ? 0.5 : 0.0;
                           r = rating::UpdateAfterGame(r, bot, score, periods, config);
                           std::vector<StoredRating> after = before;
                           after[0].rating = r.rating;
                           after[0].deviation = r.deviation;
                           after[0].volatility = r.volatility;
                           after[0].updated_ms = now_ms;
                           Count(after[0], places, me);
                           return after;
                         });
}

}  // namespace souk::server::ratings
