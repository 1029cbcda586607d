// The vectorised environments' engine (vector_env.h), one template over each game's
// core State: the loop that plays the learner's actions, the opponents' moves and the
// chance outcomes, and writes observations and legal ids.
#include <algorithm>
#include <utility>

#include "ai/bot.h"
#include "python/vector_env.h"
#include "python/vector_env_scores.h"

namespace souk::python {
namespace {

// The arena's seed mixing (src/match/arena.cc): independent streams per index.
uint64_t Mix(uint64_t a, uint64_t b) { return Prng(a ^ (b * 0x9e3779b97f4a7c15ULL)).Next(); }

constexpr uint64_t kBotStream = 0xb07b07b07b07b07bULL;
constexpr uint64_t kSampleStream = 0x5a3b1e5a3b1e5a3bULL;

template <typename S>
class Engine final : public VectorEnvEngine {
  using O = Ops<S>;

  struct Env {
    S state;
    uint64_t episodes = 0;  // games begun
    int decisions = 0;      // in the current game
    int steps = 0;          // step() calls in the current game
    int learner = 0;
    int actor = 0;          // the seat that played the last step's action
    std::vector<std::unique_ptr<ai::Bot>> bots;  // by seat, with an opponent
    // reward="score": each seat's score difference at its last reward.
    ScoreKeeper<S> keeper;
    std::array<int, kMaxSeats> last_difference{};
  };

 public:
  explicit Engine(const VectorEnvOptions& options)
      : VectorEnvEngine(options),
        envs_(static_cast<size_t>(options.num_envs)),
        num_actions_(options.game.NumDistinctActions()),
        scored_(options.reward != RewardMode::kWin),
        win_rewarded_(options.reward != RewardMode::kScore) {}

  int max_legal() const override { return O::kMaxLegal; }

  // A bot per seat of every environment (the learner's unused), seeded apart.
  Status MakeBots() {
    if (!options_.opponent) return Status::Ok();
    for (size_t i = 0; i < envs_.size(); ++i) {
      envs_[i].bots.clear();
      for (int seat = 0; seat < options_.game.players; ++seat) {
        auto bot = ai::MakeBot(options_.game.type->name, *options_.opponent,
                               Mix(Mix(options_.seed ^ kBotStream, i), static_cast<uint64_t>(seat)));
        if (!bot.ok()) return bot.status();
        envs_[i].bots.push_back(std::move(*bot));
      }
    }
    return Status::Ok();
  }

  Status Reset(std::optional<uint64_t> seed, const StepOutputs& out) override {
    if (seed) {
      options_.seed = *seed;
      sampler_ = Prng(Mix(*seed, kSampleStream));
      for (Env& env : envs_) env.episodes = 0;
      Status bots = MakeBots();
      if (!bots.ok()) return bots;
    }
    legal_.clear();
    offsets_.assign(1, 0);
    ClearEnded();
    Status result;
    for (size_t i = 0; i < envs_.size(); ++i) {
      NewEpisode(i);
      Status advanced = Advance(i, out);
      if (!advanced.ok() && result.ok()) result = advanced;
      Emit(i, out);
    }
    return result;
  }

  Status Validate(std::span<const int64_t> actions) const override {
    for (size_t i = 0; i < envs_.size(); ++i) {
      const int64_t a = actions[i];
      const int32_t* first = legal_.data() + offsets_[i];
      const int32_t* last = legal_.data() + offsets_[i + 1];
      if (a >= 0 && a < num_actions_ && std::binary_search(first, last, static_cast<int32_t>(a))) continue;
      const std::string where = "environment " + std::to_string(i) + ": ";
      Status why = Play<S>::Check(envs_[i].state, a);  // its code kept (illegal_move, bad id)
      return why.ok() ? Status::Error(where + "action " + std::to_string(a) + " is not legal now") : why.Prefixed(where);
    }
    return Status::Ok();
  }

  Status Step(std::span<const int64_t> actions, const StepOutputs& out) override {
    legal_.clear();
    offsets_.assign(1, 0);
    ClearEnded();
    Status result;
    const size_t width = static_cast<size_t>(reward_width());
    std::fill(out.rewards, out.rewards + envs_.size() * width, 0.0f);
    for (size_t i = 0; i < envs_.size(); ++i) {
      Env& env = envs_[i];
      out.terminated[i] = 0;
      out.truncated[i] = 0;
      env.actor = O::CurrentPlayer(env.state);
      Play<S>::Apply(env.state, static_cast<int>(actions[i]));
      ++env.decisions;
      ++env.steps;
      if (scored_) env.keeper.AfterMove(env.state);
      const size_t ended_before = ended_.size();
      Status advanced = Advance(i, out);
      if (!advanced.ok() && result.ok()) result = advanced;
      // A game that ended was given its last reward in Advance; the new one's starts
      // from its first deal.
      if (scored_ && ended_.size() == ended_before) AddScoreRewards(env, out.rewards + i * width);
      Emit(i, out);
    }
    return result;
  }

  void SampleLegal(std::span<int64_t> out) override {
    for (size_t i = 0; i < envs_.size(); ++i) {
      const int64_t first = offsets_[i], count = offsets_[i + 1] - first;
      out[i] = legal_[static_cast<size_t>(first + sampler_.Below(static_cast<uint32_t>(count)))];
    }
  }

  AnyState StateOf(int env) const override { return envs_[static_cast<size_t>(env)].state; }

 private:
  void NewEpisode(size_t i) {
    Env& env = envs_[i];
    const uint64_t game_seed = Mix(Mix(options_.seed, i), env.episodes);
    env.state = std::get<S>(NewState(options_.game, game_seed));
    env.decisions = 0;
    env.steps = 0;
    const int n = options_.game.players;
    env.learner = options_.seat >= 0 ? options_.seat : static_cast<int>((i + env.episodes) % static_cast<uint64_t>(n));
    ++env.episodes;
    if (scored_) {
      env.keeper.Start(env.state);
      for (int p = 0; p < n; ++p) env.last_difference[static_cast<size_t>(p)] = ScoreDifference(env.keeper, env.state, n, p);
    }
  }

  void ClearEnded() {
    ended_.clear();
    ended_observations_.clear();
  }

  // The change of each rewarded seat's score difference since its last reward, added
  // to its reward.
  void AddScoreRewards(Env& env, float* row) {
    const int n = options_.game.players;
    auto change = [&](int seat) {
      const int now = ScoreDifference(env.keeper, env.state, n, seat);
      const int before = std::exchange(env.last_difference[static_cast<size_t>(seat)], now);
      return static_cast<float>(now - before);
    };
    if (options_.opponent) {
      row[0] += change(env.learner);
    } else {
      for (int p = 0; p < n; ++p) row[p] += change(p);
    }
  }

  // Environment i's game as it ended, before it is dealt anew.
  void RecordEnd(size_t i, bool truncated) {
    const Env& env = envs_[i];
    const int n = O::NumPlayers(env.state);
    EndedGame game;
    game.env = static_cast<int>(i);
    game.seat = options_.opponent ? env.learner : env.actor;
    game.length = env.decisions;
    game.steps = env.steps;
    game.truncated = truncated;
    game.winner_bits = truncated ? 0 : O::WinnerBits(env.state);
    Returns(n, game.winner_bits, !truncated, std::span<double>(game.returns.data(), static_cast<size_t>(n)));
    for (int p = 0; p < n; ++p) game.scores[static_cast<size_t>(p)] = env.state.Score(p);
    ended_.push_back(game);
    const size_t size = static_cast<size_t>(O::kObservationSize);
    ended_observations_.resize(ended_observations_.size() + size);
    O::Observe(env.state, game.seat, ended_observations_.data() + ended_observations_.size() - size);
  }

  // Plays chance outcomes and the opponents' moves, and deals finished or truncated
  // games anew, until the environment waits on its learner (on anyone without an
  // opponent).
  Status Advance(size_t i, const StepOutputs& out) {
    Env& env = envs_[i];
    const size_t width = static_cast<size_t>(reward_width());
    while (true) {
      if (O::IsOver(env.state)) {
        RecordEnd(i, false);
        const EndedGame& game = ended_.back();
        float* row = out.rewards ? out.rewards + i * width : nullptr;
        if (row && win_rewarded_ && options_.opponent) row[0] = static_cast<float>(game.returns[static_cast<size_t>(env.learner)]);
        if (row && win_rewarded_ && !options_.opponent)
          for (int p = 0; p < options_.game.players; ++p) row[p] = static_cast<float>(game.returns[static_cast<size_t>(p)]);
        if (row && scored_) AddScoreRewards(env, row);
        if (out.terminated) out.terminated[i] = 1;
        NewEpisode(i);
        continue;
      }
      if (env.decisions >= options_.game.MaxGameLength()) {
        RecordEnd(i, true);
        if (out.rewards && scored_) AddScoreRewards(env, out.rewards + i * width);
        if (out.truncated) out.truncated[i] = 1;
        NewEpisode(i);
        continue;
      }
      const int mover = O::CurrentPlayer(env.state);
      if (mover == kChance) {
        Play<S>::Apply(env.state, O::SampleChance(env.state));
        if (scored_) env.keeper.AfterMove(env.state);
        continue;
      }
      if (!options_.opponent || mover == env.learner) return Status::Ok();
      const std::string text = env.bots[static_cast<size_t>(mover)]->ChooseMove(env.state.ViewFor(mover));
      auto move = O::ParseMove(text);
      Status legal = move.ok() ? env.state.CheckMove(*move) : move.status();
      if (!legal.ok()) {
        // Never seen: a bot's move is legal. Deal a new game rather than loop on it.
        NewEpisode(i);
        return Status::Internal("environment " + std::to_string(i) + ": the opponent played a refused move: " +
                                legal.message());
      }
      env.state.ApplyMove(*move);
      ++env.decisions;
      if (scored_) env.keeper.AfterMove(env.state);
    }
  }

  // Environment i's observation, seat and legal ids, appended to the outputs.
  void Emit(size_t i, const StepOutputs& out) {
    const S& s = envs_[i].state;
    const int player = O::CurrentPlayer(s);
    if (out.current_player) out.current_player[i] = player;
    O::Observe(s, player, out.observations + i * O::kObservationSize);
    int32_t ids[O::kMaxLegal];  // uninitialised: resizing the vector first would zero it
    const int n = O::LegalIds(s, ids);
    legal_.insert(legal_.end(), ids, ids + n);
    offsets_.push_back(static_cast<int64_t>(legal_.size()));
  }

  std::vector<Env> envs_;
  int num_actions_;
  bool scored_;        // reward="score" or "score+win"
  bool win_rewarded_;  // reward="win" or "score+win"
  Prng sampler_;
};

}  // namespace

Result<std::unique_ptr<VectorEnvEngine>> VectorEnvEngine::Make(const VectorEnvOptions& options) {
  constexpr int kMaxEnvs = VectorEnvOptions::kMaxEnvs;
  if (options.num_envs < 1 || options.num_envs > kMaxEnvs)
    return Status::Error("num_envs must be from 1 to " + std::to_string(kMaxEnvs) + ", got " +
                         std::to_string(options.num_envs));
  if (options.seat < -1 || options.seat >= options.game.players)
    return Status::Error("seat must be a seat from 0 to " + std::to_string(options.game.players - 1) + ", or None");
  const bool scores_kept = WithStateOf(options.game.type, [](auto t) { return ScoreKeeper<typename decltype(t)::type>::kSupported; });
  if (options.reward != RewardMode::kWin && !scores_kept)
    return Status::Error("reward 'score' is for jaipur and marrakech, not " + std::string(options.game.type->name));
  if (options.opponent) {
    auto probe = ai::MakeBot(options.game.type->name, *options.opponent, 0);
    if (!probe.ok()) return probe.status();
  }
  return WithStateOf(options.game.type, [&](auto t) -> std::unique_ptr<VectorEnvEngine> {
    return std::make_unique<Engine<typename decltype(t)::type>>(options);
  });
}

}  // namespace souk::python
