// A whole game's review (review.h): the plies are independent jobs, shared by the
// threads; each writes its own slots, seeded by its ply, so the threads' number and
// order change nothing.
#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <thread>

#include "ai/bot.h"
#include "review/review.h"
#include "review/review_seeds.h"
#include "review/win_chance.h"

namespace souk::review {
namespace {

// Deals of the mover's view tried to tell whether a move brought hidden things to
// light: a draw the mover could not foresee shows in what everyone sees after it.
constexpr int kRevealDeals = 8;

bool RevealsHidden(const GameState& before, const std::string& move, const GameState& after, int mover,
                   uint64_t seed) {
  const std::string seen = DumpJson(after.ViewJson(GameState::kSpectator));
  for (int i = 0; i < kRevealDeals; ++i) {
    std::unique_ptr<GameState> world = DealForObserver(before, mover, MixSeed(seed, static_cast<uint64_t>(i)));
    if (!world->Apply(move).ok()) continue;
    if (DumpJson(world->ViewJson(GameState::kSpectator)) != seen) return true;
  }
  return false;
}

// What one ply's job finds. Ply index k also stands for the state after k moves
// (k = 0: the new game), whose win chances it estimates.
struct PlyResult {
  std::vector<double> win_chance;
  std::optional<DecisionReview> decision;
  bool chance = false;
  std::vector<double> before_draw;  // a decision that drew: each seat's chance before the draw was seen
  Status error;
};

class GameReviewer {
 public:
  GameReviewer(const std::vector<std::unique_ptr<GameState>>& states, const GameRecord& record,
               const ReviewOptions& options)
      : states_(states), record_(record), options_(options),
        series_{*ai::ParseBotSpec(options.playout), options.samples, MixSeed(options.seed, kSeriesSalt)} {}

  PlyResult Run(size_t k) const {
    PlyResult result;
    const GameState& state = *states_[k];
    result.win_chance = EstimateWinChances(state, series_);
    if (k == record_.moves.size()) return result;
    const std::string& move = record_.moves[k];
    const int mover = state.current_player();
    if (mover == GameState::kChance) {
      result.chance = true;
      return result;
    }
    auto decision = ReviewDecision(state, move, options_, static_cast<int>(k));
    if (!decision.ok()) {
      result.error = decision.status();
      return result;
    }
    result.decision = std::move(*decision);
    const uint64_t reveal_seed = MixSeed(MixSeed(options_.seed, kRevealSalt), k);
    if (RevealsHidden(state, move, *states_[k + 1], mover, reveal_seed)) {
      result.chance = true;
      result.before_draw = EstimateWinChancesAfter(state, move, series_);
    }
    return result;
  }

 private:
  const std::vector<std::unique_ptr<GameState>>& states_;
  const GameRecord& record_;
  const ReviewOptions& options_;
  const Playouts series_;
};

std::vector<PlyResult> RunPlies(const GameReviewer& reviewer, size_t count, int threads, const Progress& progress) {
  std::vector<PlyResult> results(count);
  std::atomic<size_t> next{0};
  std::mutex progress_mutex;
  int done = 0;
  auto work = [&] {
    for (size_t k = next++; k < count; k = next++) {
      results[k] = reviewer.Run(k);
      if (progress) {
        std::lock_guard lock(progress_mutex);
        progress(++done, static_cast<int>(count));
      }
    }
  };
  const size_t workers = std::min(count, static_cast<size_t>(std::max(1, threads)));
  std::vector<std::thread> pool;
  for (size_t i = 1; i < workers; ++i) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  return results;
}

std::vector<PlayerSummary> Summarise(const GameReview& review, int players) {
  std::vector<PlayerSummary> summary(static_cast<size_t>(players));
  std::vector<double> accuracy_sum(static_cast<size_t>(players), 0);
  for (int s = 0; s < players; ++s) summary[static_cast<size_t>(s)].seat = s;
  for (const DecisionReview& d : review.decisions) {
    PlayerSummary& p = summary[static_cast<size_t>(d.seat)];
    p.skill -= d.loss;
    p.inaccuracies += d.flag == Flag::kInaccuracy;
    p.mistakes += d.flag == Flag::kMistake;
    p.blunders += d.flag == Flag::kBlunder;
    if (d.forced) continue;
    ++p.decisions;
    accuracy_sum[static_cast<size_t>(d.seat)] += d.accuracy;
  }
  for (const ChanceEvent& e : review.chance_events)
    for (int s = 0; s < players; ++s) summary[static_cast<size_t>(s)].luck += e.swing[static_cast<size_t>(s)];
  for (PlayerSummary& p : summary)
    if (p.decisions > 0) p.accuracy = accuracy_sum[static_cast<size_t>(p.seat)] / p.decisions;
  return summary;
}

}  // namespace

Result<GameReview> ReviewGame(const GameRecord& record, const ReviewOptions& options, const Progress& progress) {
  if (Status valid = CheckOptions(options); !valid.ok()) return valid;
  std::vector<std::unique_ptr<GameState>> states;
  auto final_state = Replay(record, [&states](const GameState& s) { states.push_back(s.Clone()); });
  if (!final_state.ok()) return final_state.status();
  if (!(*final_state)->is_over())
    return Status::Coded(ErrorCode::kGameNotOver, "the game is not finished after the record's " +
                                                      std::to_string(record.moves.size()) +
                                                      " moves: only a finished game can be reviewed");

  const int threads = options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
  const GameReviewer reviewer(states, record, options);
  std::vector<PlyResult> plies = RunPlies(reviewer, states.size(), threads, progress);

  GameReview review;
  review.game = record.options;
  review.game.players = (*final_state)->num_players();
  review.options = options;
  review.moves = record.moves;
  review.winners = (*final_state)->Winners();
  for (size_t k = 0; k < plies.size(); ++k) {
    PlyResult& ply = plies[k];
    if (!ply.error.ok()) return ply.error;
    review.win_chance.push_back(ply.win_chance);
    if (ply.decision) review.decisions.push_back(std::move(*ply.decision));
    if (!ply.chance) continue;
    ChanceEvent event;
    event.ply = static_cast<int>(k);
    event.move = record.moves[k];
    event.within_decision = !ply.before_draw.empty();
    const std::vector<double>& before = event.within_decision ? ply.before_draw : ply.win_chance;
    const std::vector<double>& after = plies[k + 1].win_chance;
    for (size_t s = 0; s < after.size(); ++s) event.swing.push_back(after[s] - before[s]);
    review.chance_events.push_back(std::move(event));
  }
  review.players = Summarise(review, review.game.players);
  return review;
}

}  // namespace souk::review
