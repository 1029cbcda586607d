#include "server/reviews/review_service.h"

#include <chrono>

#include "format/record.h"
#include "server/server_log.h"

namespace souk::server::reviews {
namespace {

Json Progress(int done, int total) { return {{"type", "review_progress"}, {"done", done}, {"total", total}}; }

Json ErrorMessage(const Status& s) {
  return {{"type", "error"}, {"error", "review: " + s.message()}, {"code", std::string(ErrorCodeName(s.error_code()))}};
}

}  // namespace

ReviewService::ReviewService(ReviewStore& store, GameService& games, ReviewServiceOptions options)
    : store_(store),
      games_(games),
      options_(std::move(options)),
      per_client_(options_.per_client, RateLimiter::kDefaultMaxKeys, options_.limit_clock) {
  options_.review.threads = 1;
}

ReviewService::~ReviewService() {
  std::unique_lock lock(shared_->mutex);
  shared_->alive = false;
  shared_->idle.wait(lock, [this] { return shared_->running == 0; });
}

int64_t ReviewService::Now() const {
  if (options_.now_ms) return options_.now_ms();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string ReviewService::OptionsKey() const {
  const review::ReviewOptions& o = options_.review;
  return "budget=" + std::to_string(o.budget) + " samples=" + std::to_string(o.samples) +
         " seed=" + std::to_string(o.seed) + " playout=" + o.playout + " line=" + std::to_string(o.line_plies);
}

Result<Json> ReviewService::Review(const std::string& game_id, const std::string& client,
                                   std::chrono::milliseconds* wait) {
  return Start(game_id, client, nullptr, wait);
}

Status ReviewService::Watch(const std::string& game_id, const std::string& client, Listener listener,
                            std::chrono::milliseconds* wait) {
  auto started = Start(game_id, client, listener, wait);
  if (!started.ok()) return started.status();
  if ((*started)["state"] == "ready")
    listener(DumpJson({{"type", "review"}, {"review", std::move((*started)["review"])}}, false));
  return Status::Ok();
}

Result<Json> ReviewService::Start(const std::string& game_id, const std::string& client, Listener listener,
                                  std::chrono::milliseconds* wait) {
  auto game = games_.Stored(game_id);
  if (!game.ok()) return game.status();
  if (game->abandoned)
    return Status::Coded(ErrorCode::kGameAbandoned, "game " + game_id + " was abandoned before its end: only a "
                                                    "finished game has a review");
  if (!game->finished)
    return Status::Coded(ErrorCode::kGameNotOver, "game " + game_id + " is being played: its review opens at its end");
  auto stored = store_.Get(game_id, OptionsKey());
  if (!stored.ok()) return stored.status();
  if (*stored) {
    auto review = ParseJson(**stored);
    if (!review.ok()) return Status::Internal("the stored review of game " + game_id + " is not JSON");
    return Json{{"state", "ready"}, {"review", std::move(*review)}};
  }
  std::lock_guard lock(shared_->mutex);
  auto pending = shared_->pending.find(game_id);
  if (pending == shared_->pending.end()) {
    if (static_cast<int>(shared_->pending.size()) >= options_.max_pending)
      return Status::Unavailable(std::to_string(options_.max_pending) +
                                 " reviews are being computed on this server: ask again in a minute");
    if (const auto left = per_client_.Take(client); left > left.zero()) {
      if (wait) *wait = std::chrono::ceil<std::chrono::milliseconds>(left);
      return Status::Coded(ErrorCode::kRateLimited, "too many reviews asked from your address lately; try again later");
    }
    // A step per position, the start and after each move, as ReviewGame counts them.
    const int steps = static_cast<int>(game->moves.size()) + 1;
    pending = shared_->pending.emplace(game_id, Pending{0, steps, {}}).first;
    games_.SubmitHeavy(client, [this, shared = shared_, game_id] {
      {
        std::lock_guard held(shared->mutex);
        if (!shared->alive) return;
        ++shared->running;
      }
      Compute(game_id);
      std::lock_guard held(shared->mutex);
      --shared->running;
      shared->idle.notify_all();
    });
  }
  if (listener) pending->second.listeners.push_back(std::move(listener));
  return Json{{"state", "computing"}, {"done", pending->second.done}, {"total", pending->second.total}};
}

void ReviewService::Compute(const std::string& game_id) {
  auto reviewed = Reviewed(game_id);
  if (!reviewed.ok()) {
    server_log::Write(server_log::Level::kWarning, "review_failed", "review not made: " + reviewed.message(),
                      {{"game", game_id}});
    return Finish(game_id, DumpJson(ErrorMessage(reviewed.status()), false));
  }
  Finish(game_id, "{\"type\":\"review\",\"review\":" + *reviewed + "}");
}

Result<std::string> ReviewService::Reviewed(const std::string& game_id) {
  auto game = games_.Stored(game_id);
  if (!game.ok()) return game.status();
  auto progress = [this, &game_id](int done, int total) {
    std::vector<Listener> listeners;
    {
      std::lock_guard lock(shared_->mutex);
      Pending& p = shared_->pending[game_id];
      p.done = done;
      p.total = total;
      listeners = p.listeners;
    }
    const std::string message = DumpJson(Progress(done, total), false);
    for (const Listener& l : listeners) l(message);
  };
  const auto started = std::chrono::steady_clock::now();
  auto reviewed = review::ReviewGame(GameRecord{game->options, game->moves}, options_.review, progress);
  if (!reviewed.ok()) return reviewed.status();
  std::string text = DumpJson(review::ReviewJson(*reviewed), false);
  if (Status put = store_.Put(game_id, OptionsKey(), text, Now()); !put.ok()) return put;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  server_log::Write(server_log::Level::kInfo, "review", "game reviewed",
                    {{"game", game_id}, server_log::Number("seconds", seconds)});
  return text;
}

void ReviewService::Finish(const std::string& game_id, const std::string& message) {
  std::vector<Listener> listeners;
  {
    std::lock_guard lock(shared_->mutex);
    auto pending = shared_->pending.find(game_id);
    if (pending == shared_->pending.end()) return;
    listeners = std::move(pending->second.listeners);
    shared_->pending.erase(pending);
  }
  for (const Listener& l : listeners) l(message);
}

}  // namespace souk::server::reviews
