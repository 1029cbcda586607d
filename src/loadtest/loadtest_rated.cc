#include "loadtest/loadtest_rated.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <ostream>
#include <set>
#include <utility>

#include "format/json.h"
#include "loadtest/json_fields.h"

namespace souk::loadtest::load {

namespace {

using Clock = std::chrono::steady_clock;

// Every account of the run has it: the accounts are the run's own, thrown away after.
constexpr const char* kPassword = "loadtest-password";
constexpr auto kVisibleWithin = std::chrono::seconds(5);

std::string Failure(const HttpReply& reply) {
  if (reply.status == 0) return "no answer (" + reply.error + ")";
  return std::to_string(reply.status) + ' ' + DumpJson(reply.body, false);
}

// A call asked again while the server says to wait a little: the account requests'
// queue is full (503), or a short 429. A long wait (a per-address limit) is answered.
// Without an answer it is asked once more, on a new connection: a pair's kept-alive
// connection idle longer than the server keeps one (30 s) is closed by then.
HttpReply CallPatiently(HttpClient& http, http::verb verb, const std::string& target, const std::string& body) {
  for (int attempt = 0;; ++attempt) {
    HttpReply reply = http.Call(verb, target, body);
    if (reply.status == 0 && attempt == 0) continue;
    if ((reply.status != 503 && reply.status != 429) || attempt >= 50) return reply;
    const int64_t wait_ms = IntOr(reply.body, "retry_after_ms", 1000);
    if (wait_ms > 5000) return reply;
    std::this_thread::sleep_for(std::chrono::milliseconds(std::max<int64_t>(wait_ms, 10)));
  }
}

// Games counted in an account's `ratings`, every pool together: the run's accounts play
// one kind of game, so a pool's name need not be known here.
int64_t GamesCounted(const Json& account) {
  const Json* ratings = Field(account, "ratings");
  if (ratings == nullptr || !ratings->is_object()) return -1;
  int64_t games = 0;
  for (const auto& [pool, rating] : ratings->items()) games += IntOr(rating, "games", 0);
  return games;
}

double Quantile(const std::vector<double>& sorted, double q) {
  return sorted.empty() ? 0.0 : sorted[std::min(sorted.size() - 1, static_cast<size_t>(q * sorted.size()))];
}

}  // namespace

std::string RunPrefix() {
  uint64_t ms = static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
  std::string digits;
  do {
    digits.insert(digits.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[ms % 36]);
    ms /= 36;
  } while (ms > 0);
  std::string prefix = "lt";
  prefix.append(digits);
  return prefix;
}

void PrintRated(const RatedReport& r, std::ostream& out) {
  out << "loadtest: rated: " << r.accounts << " accounts, setup " << r.setup_seconds << " s; rated_games_created "
      << r.games_created << ", rated_games_finished " << r.games_finished << ", ratings_checked " << r.ratings_checked
      << ", ratings_missing " << r.ratings_missing << ", ratings_double " << r.ratings_double << ", ratings_unexpected "
      << r.ratings_unexpected << ", counts_wrong " << r.counts_wrong << ", profiles_unread " << r.profiles_unread
      << ", new_games_failed " << r.setup_errors << '\n';
  if (r.setup_errors > 0) out << "loadtest: the first new game that failed: " << r.first_setup_error << '\n';
  out << "loadtest: a game's end seen -> GET /api/me counting it: p50 " << r.visible_p50_ms << " ms, p99 "
      << r.visible_p99_ms << " ms, max " << r.visible_max_ms << " ms (" << r.visible_samples << " games; "
      << r.visible_late << " not counted within 5 s)\n";
}

struct RatedGames::Pair {
  PairPlace place;
  std::string names[2];
  std::unique_ptr<HttpClient> http[2];  // signed in as names[0], names[1] after SetUp
  int64_t ended = 0;                    // games seen ending, by the rematch workers
};

RatedGames::RatedGames(std::string game, std::string prefix, std::vector<PairPlace> places)
    : game_(std::move(game)), prefix_(std::move(prefix)) {
  for (size_t i = 0; i < places.size(); ++i) {
    auto pair = std::make_unique<Pair>();
    pair->place = places[i];
    for (int seat = 0; seat < 2; ++seat) {
      pair->names[seat] = NameOf(i, seat);
      pair->http[seat] = std::make_unique<HttpClient>(ioc_, places[i].servers[seat], places[i].source);
    }
    pairs_.push_back(std::move(pair));
  }
}

RatedGames::~RatedGames() { StopRematches(); }

std::string RatedGames::NameOf(size_t pair, int seat) const {
  std::string name = prefix_;
  name.append("x").append(std::to_string(pair)).append(seat == 0 ? "a" : "b");
  return name;
}

bool RatedGames::SignUp(Pair& pair, int seat, std::string* error) {
  HttpClient& http = *pair.http[seat];
  HttpReply reply = CallPatiently(http, http::verb::post, "/api/accounts",
                                  DumpJson(Json{{"name", pair.names[seat]}, {"password", kPassword}}, false));
  if (reply.status == 201 && !reply.session.empty()) {
    http.SignIn(reply.session);
    return true;
  }
  *error = "signing up " + pair.names[seat] + " failed: " + Failure(reply);
  if (reply.status == 429)
    error->append(" (the server limits sign-ups per address, with no option to lift it: use --spread-addresses)");
  return false;
}

bool RatedGames::Create(Pair& pair, CreatedGame* game, std::string* error) {
  HttpReply created = CallPatiently(
      *pair.http[0], http::verb::post, "/api/games",
      DumpJson(Json{{"game", game_}, {"rated", true}, {"seats", {{{"player", "human"}}, {{"player", "human"}}}}}, false));
  std::string invite;
  if (const Json* invites = Field(created.body, "invites"); invites != nullptr && invites->is_array() && !invites->empty())
    invite = StringOr(invites->front(), "invite");
  game->id = StringOr(created.body, "game_id");
  game->tokens[0] = StringOr(created.body, "token");
  if (created.status != 201 || game->id.empty() || game->tokens[0].empty() || invite.empty()) {
    *error = "creating a rated game as " + pair.names[0] + " failed: " + Failure(created);
    return false;
  }
  HttpReply joined = CallPatiently(*pair.http[1], http::verb::post, "/api/games/" + game->id + "/join",
                                   DumpJson(Json{{"invite", invite}}, false));
  game->tokens[1] = StringOr(joined.body, "token");
  if (joined.status != 200 || game->tokens[1].empty()) {
    *error = "joining rated game " + game->id + " as " + pair.names[1] + " failed: " + Failure(joined);
    return false;
  }
  return true;
}

bool RatedGames::SetUp(std::vector<CreatedGame>* first_games, std::string* error) {
  const auto start = Clock::now();
  first_games->assign(pairs_.size(), CreatedGame{});
  // Enough at once to keep every instance's account workers busy, within the 32 each
  // lets wait.
  const size_t threads = std::min<size_t>(pairs_.size(), 8);
  std::atomic<bool> failed{false};
  std::mutex error_mutex;
  std::vector<std::thread> setters;
  for (size_t t = 0; t < threads; ++t)
    setters.emplace_back([&, t] {
      for (size_t i = t; i < pairs_.size() && !failed; i += threads) {
        std::string why;
        if (SignUp(*pairs_[i], 0, &why) && SignUp(*pairs_[i], 1, &why) && Create(*pairs_[i], &(*first_games)[i], &why))
          continue;
        std::lock_guard lock(error_mutex);
        if (!failed.exchange(true)) *error = why;
      }
    });
  for (std::thread& setter : setters) setter.join();
  setup_seconds_ = std::chrono::duration<double>(Clock::now() - start).count();
  created_ = static_cast<int64_t>(pairs_.size());
  return !failed;
}

void RatedGames::StartRematches(std::function<bool()> may_create,
                                std::function<void(size_t pair, const CreatedGame&)> on_created) {
  may_create_ = std::move(may_create);
  on_created_ = std::move(on_created);
  // A pair's games follow one another, so a pair is in the queue once at most; a few
  // workers keep the pairs' blocking calls from waiting on one another.
  for (int i = 0; i < 4; ++i)
    workers_.emplace_back([this] {
      for (;;) {
        Ended ended;
        {
          std::unique_lock lock(mutex_);
          queued_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
          if (stopping_) return;
          ended = queue_.front();
          queue_.pop_front();
        }
        Rematch(ended);
      }
    });
}

void RatedGames::Finished(size_t pair, Clock::time_point seen_at) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back({pair, seen_at});
  }
  queued_.notify_one();
}

void RatedGames::StopRematches() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  queued_.notify_all();
  for (std::thread& worker : workers_) worker.join();
  workers_.clear();
}

void RatedGames::Rematch(const Ended& ended) {
  Pair& pair = *pairs_[ended.pair];
  ++pair.ended;
  for (;;) {
    HttpReply me = pair.http[0]->Call(http::verb::get, "/api/me", "");
    const auto now = Clock::now();
    if (GamesCounted(me.body) >= pair.ended) {
      std::lock_guard lock(mutex_);
      visible_ms_.push_back(std::chrono::duration<double, std::milli>(now - ended.seen_at).count());
      break;
    }
    if (now - ended.seen_at > kVisibleWithin) {
      std::lock_guard lock(mutex_);
      ++visible_late_;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (!may_create_()) return;
  CreatedGame game;
  std::string why;
  if (!Create(pair, &game, &why)) {
    std::lock_guard lock(mutex_);
    if (setup_errors_++ == 0) first_setup_error_ = why;
    return;
  }
  {
    std::lock_guard lock(mutex_);
    ++created_;
  }
  on_created_(ended.pair, game);
}

void RatedGames::Check(const std::vector<std::vector<std::string>>& finished_by_pair, RatedReport* report) {
  for (size_t i = 0; i < pairs_.size(); ++i) {
    const std::vector<std::string> none;
    const std::vector<std::string>& finished = i < finished_by_pair.size() ? finished_by_pair[i] : none;
    report->games_finished += static_cast<int64_t>(finished.size());
    const std::set<std::string> finished_set(finished.begin(), finished.end());
    for (int seat = 0; seat < 2; ++seat) {
      ++report->accounts;
      report->ratings_checked += static_cast<int64_t>(finished.size());
      // A client of its own: the pair's kept-alive ones may have been closed meanwhile.
      HttpClient http(ioc_, pairs_[i]->place.servers[0], pairs_[i]->place.source);
      HttpReply profile = CallPatiently(http, http::verb::get, "/api/players/" + pairs_[i]->names[seat], "");
      const Json* ratings = Field(profile.body, "ratings");
      if (profile.status != 200 || ratings == nullptr || !ratings->is_object()) {
        ++report->profiles_unread;
        report->ratings_missing += static_cast<int64_t>(finished.size());
        continue;
      }
      std::map<std::string, int64_t> in_history;
      int64_t history_rows = 0;
      for (const auto& [pool, rating] : ratings->items()) {
        const Json* history = Field(rating, "history");
        if (history == nullptr || !history->is_array()) continue;
        for (const Json& point : *history) {
          ++in_history[StringOr(point, "game")];
          ++history_rows;
        }
      }
      for (const std::string& id : finished_set) {
        auto it = in_history.find(id);
        if (it == in_history.end()) ++report->ratings_missing;
        else if (it->second > 1) report->ratings_double += it->second - 1;
      }
      for (const auto& [id, times] : in_history)
        if (finished_set.count(id) == 0) report->ratings_unexpected += times;
      if (GamesCounted(profile.body) != history_rows) ++report->counts_wrong;
    }
  }
  std::lock_guard lock(mutex_);
  std::sort(visible_ms_.begin(), visible_ms_.end());
  report->visible_samples = static_cast<int64_t>(visible_ms_.size());
  report->visible_late = visible_late_;
  report->visible_p50_ms = Quantile(visible_ms_, 0.50);
  report->visible_p99_ms = Quantile(visible_ms_, 0.99);
  report->visible_max_ms = visible_ms_.empty() ? 0.0 : visible_ms_.back();
  report->setup_errors = setup_errors_;
  report->first_setup_error = first_setup_error_;
  report->games_created = created_;
  report->setup_seconds = setup_seconds_;
}

}  // namespace souk::loadtest::load
