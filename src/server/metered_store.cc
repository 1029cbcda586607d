#include "server/metered_store.h"

#include <chrono>
#include <string_view>
#include <utility>

#include "server/server_metrics.h"

namespace souk::server {
namespace {

// "Not found" and "aborted" (another instance first) are answers, not the store failing.
bool Failed(const Status& s) {
  return !s.ok() && s.code() != StatusCode::kNotFound && s.code() != StatusCode::kAborted;
}
template <typename T>
bool Failed(const Result<T>& r) {
  return !r.ok() && r.code() != StatusCode::kNotFound && r.code() != StatusCode::kAborted;
}

class Metered final : public Store {
  // Defined before the calls that deduce its type.
  template <typename Call>
  auto Timed(std::string_view op, Call&& call) {
    const auto started = std::chrono::steady_clock::now();
    auto out = call();
    server_metrics::StoreCall(op, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
                              Failed(out));
    return out;
  }

 public:
  explicit Metered(Store& inner) : inner_(inner) {}

  Status CreateGame(const StoredGame& game) override {
    return Timed("create_game", [&] { return inner_.CreateGame(game); });
  }
  Status AppendMove(const std::string& id, size_t index, const std::string& move, bool finished, int64_t now_ms,
                    bool bot_to_move) override {
    return Timed("append_move", [&] { return inner_.AppendMove(id, index, move, finished, now_ms, bot_to_move); });
  }
  Status ClaimSeat(const std::string& id, int seat, const StoredSeat& value) override {
    return Timed("claim_seat", [&] { return inner_.ClaimSeat(id, seat, value); });
  }
  Status AttachSeat(const std::string& id, int seat, const std::string& token_hash, int64_t account_id,
                    const std::string& name) override {
    return Timed("attach_seat", [&] { return inner_.AttachSeat(id, seat, token_hash, account_id, name); });
  }
  Result<StoredGame> LoadGame(const std::string& id) override {
    return Timed("load_game", [&] { return inner_.LoadGame(id); });
  }
  Status MarkAbandoned(const std::string& id, int64_t now_ms) override {
    return Timed("mark_abandoned", [&] { return inner_.MarkAbandoned(id, now_ms); });
  }
  Result<std::vector<StoredGame>> LoadUnfinished() override {
    return Timed("load_unfinished", [&] { return inner_.LoadUnfinished(); });
  }
  Result<std::vector<StoredGame>> ListGames(const GameFilter& filter) override {
    return Timed("list_games", [&] { return inner_.ListGames(filter); });
  }
  Result<std::vector<std::string>> GamesOfTokens(const std::vector<std::string>& token_hashes) override {
    return Timed("games_of_tokens", [&] { return inner_.GamesOfTokens(token_hashes); });
  }
  Status Probe() override {
    return Timed("probe", [&] { return inner_.Probe(); });
  }
  bool Shared() const override { return inner_.Shared(); }
  void Watch(std::function<void(const StoreChange&)> on_change) override { inner_.Watch(std::move(on_change)); }
  void StopWatching() override { inner_.StopWatching(); }
  Result<bool> TakeBotTurn(const std::string& id, size_t index, int64_t now_ms) override {
    return Timed("take_bot_turn", [&] { return inner_.TakeBotTurn(id, index, now_ms); });
  }
  Status RenewBotTurns(const std::vector<std::string>& ids, int64_t now_ms) override {
    return Timed("renew_bot_turns", [&] { return inner_.RenewBotTurns(ids, now_ms); });
  }
  Status ReleaseBotTurns(const std::vector<std::string>& ids) override {
    return Timed("release_bot_turns", [&] { return inner_.ReleaseBotTurns(ids); });
  }
  Result<std::vector<std::string>> UnattendedBotTurns(int64_t now_ms) override {
    return Timed("unattended_bot_turns", [&] { return inner_.UnattendedBotTurns(now_ms); });
  }

 private:
  Store& inner_;
};

}  // namespace

std::unique_ptr<Store> MeteredStore(Store& inner) { return std::make_unique<Metered>(inner); }

}  // namespace souk::server
