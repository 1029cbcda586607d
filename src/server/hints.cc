#include "server/hints.h"

#include <cmath>
#include <exception>
#include <stdexcept>
#include <thread>
#include <utility>

#include "ai/bot.h"
#include "core/status.h"

namespace souk::server {
namespace {

// The hint button's search: the medium level, one thread, at most a few at once.
constexpr const char* kHintBot = "medium";
constexpr int kMaxHintsRunning = 2;

}  // namespace

Json Hints::Refusal(const std::string& why) {
  return Json{{"type", "error"}, {"error", "hint: " + why}, {"code", std::string(ErrorCodeName(ErrorCode::kHintRefused))}};
}

void Hints::Ask(AnyView view, std::string game, std::function<void(Json)> done) {
  {
    std::lock_guard lock(mutex_);
    // Each hint is a search on a thread of its own: a few at a time at most, so
    // the bots' workers and the network keep their cores.
    if (stopping_ || running_ >= kMaxHintsRunning) return done(Refusal("busy, ask again in a moment"));
    ++running_;
  }
  std::thread([this, view = std::move(view), game = std::move(game), done = std::move(done)] {
    Json reply;
    try {
      auto bot = ai::MakeBot(game, kHintBot, 1);
      if (!bot.ok()) throw std::runtime_error(bot.message());
      ai::TextAnalysis analysis = (*bot)->Analyse(view);
      Json moves = Json::array();
      for (size_t i = 0; i < analysis.moves.size() && i < 5; ++i) {
        const auto& m = analysis.moves[i];
        moves.push_back({{"move", m.move}, {"visits", m.visits}, {"win_rate", std::round(m.win_rate * 1000) / 1000},
                         {"score", std::round(m.score * 100) / 100}});
      }
      reply = {{"type", "hint"}, {"bot", kHintBot}, {"moves", moves}};
    } catch (const std::exception& e) {
      reply = Refusal(e.what());
    }
    try {
      done(reply);
    } catch (...) {
      // The listener's connection is gone: nobody to tell.
    }
    std::lock_guard lock(mutex_);
    --running_;
    changed_.notify_all();
  }).detach();
}

void Hints::Stop() {
  std::unique_lock lock(mutex_);
  stopping_ = true;
  changed_.wait(lock, [this] { return running_ == 0; });
}

}  // namespace souk::server
