// The hint button's searches (GameService::Hint checks who may ask; this runs them).
//
// Each search runs on a thread of its own, a few at a time at most, so that a crowd
// asking for hints cannot take the cores the bots' workers and the network need; and
// each is waited for on shutdown, since it tells a listener whose network then goes
// away. Its own lock: a search is started and ends under no game's lock.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>

#include "core/any_view.h"
#include "format/json.h"

namespace souk::server {

class Hints {
 public:
  Hints() = default;
  ~Hints() { Stop(); }
  Hints(const Hints&) = delete;
  Hints& operator=(const Hints&) = delete;

  // Searches `view`, a seat's view of a game of `game`, and calls `done` on another
  // thread with {"type": "hint", "bot", "moves": [best first…]} or an error message;
  // on this one with Refusal("busy…") when as many search as may, or after Stop.
  void Ask(AnyView view, std::string game, std::function<void(Json)> done);
  // The error message `done` hears when no hint is given: {"type": "error", "error":
  // "hint: " + why, "code": "hint_refused"}.
  static Json Refusal(const std::string& why);
  // Waits for the searches under way; none starts after.
  void Stop();

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int running_ = 0;
  bool stopping_ = false;
};

}  // namespace souk::server
