// Finished games' reviews on the server (docs/review.md): `GET /api/games/ID/review`
// and the game's WebSocket `{"type": "review"}`. A review is computed once per game
// (and per budget), on the bots' heavy workers in the client's turn with the bots'
// searches, then kept in the store and served to everyone alike: the players, and
// spectators. A game in play has none: it would judge moves with what the other
// seats hold (a review's figures come from each mover's view, but a player may not
// learn them while the game goes on).
//
// Knows games through GameService only (their stored moves), accounts not at all.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/status.h"
#include "format/json.h"
#include "review/review.h"
#include "server/game_service.h"
#include "server/rate_limit.h"
#include "server/reviews/review_store.h"

namespace souk::server::reviews {

// The library's defaults, and the bot's line after each flagged move's better one,
// six plies, which the web app shows when that move is picked.
inline review::ReviewOptions ServerReviewOptions() {
  review::ReviewOptions options;
  options.line_plies = 6;
  return options;
}

struct ReviewServiceOptions {
  // The review's budget, samples and seed (`souk serve --review-budget`); its
  // `threads` is set to 1: a review takes one heavy worker, as a bot's search does.
  review::ReviewOptions review = ServerReviewOptions();
  // Reviews a client may start (one already computed or under way costs nothing):
  // 3 at once, then one every 6 minutes.
  RateLimit per_client{10.0 / 3600, 3};
  RateLimiter::Now limit_clock = LimitClock::now;
  // Reviews queued or computing on this instance at once; past it, `busy`.
  int max_pending = 16;
  std::function<int64_t()> now_ms;  // empty: the system clock
};

class ReviewService {
 public:
  using Listener = std::function<void(const std::string& message)>;

  ReviewService(ReviewStore& store, GameService& games, ReviewServiceOptions options);
  // Waits for the review being computed, if any; a review queued starts no more.
  ~ReviewService();
  ReviewService(const ReviewService&) = delete;
  ReviewService& operator=(const ReviewService&) = delete;

  // {"state": "ready", "review": REVIEW}, or {"state": "computing", "done", "total"}
  // after starting it if nobody had. game_not_over for a game in play or abandoned;
  // rate_limited (`wait` set) past the client's quota; busy past max_pending.
  Result<Json> Review(const std::string& game_id, const std::string& client, std::chrono::milliseconds* wait = nullptr);
  // As Review, and `listener` hears, from another thread, {"type": "review_progress",
  // "done", "total"} as the review goes, then {"type": "review", "review": REVIEW}
  // or {"type": "error", "error", "code"}; at once if it is ready.
  Status Watch(const std::string& game_id, const std::string& client, Listener listener,
               std::chrono::milliseconds* wait = nullptr);

  // What the stored reviews are kept by: the options that change a review's figures.
  std::string OptionsKey() const;

 private:
  struct Pending {
    int done = 0, total = 0;
    std::vector<Listener> listeners;
  };
  // What a queued job holds: alive while the service is.
  struct Shared {
    std::mutex mutex;
    std::condition_variable idle;
    bool alive = true;
    int running = 0;
    std::map<std::string, Pending> pending;  // by game id
  };

  Result<Json> Start(const std::string& game_id, const std::string& client, Listener listener,
                     std::chrono::milliseconds* wait);
  void Compute(const std::string& game_id);
  // The review computed and stored, as JSON text.
  Result<std::string> Reviewed(const std::string& game_id);
  void Finish(const std::string& game_id, const std::string& message);
  int64_t Now() const;

  ReviewStore& store_;
  GameService& games_;
  ReviewServiceOptions options_;
  RateLimiter per_client_;
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
};

}  // namespace souk::server::reviews
