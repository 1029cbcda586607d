// One decision judged from its mover's view (review.h), and the per-move figures.
#include <algorithm>
#include <cmath>

#include "ai/bot.h"
#include "review/review.h"
#include "review/review_seeds.h"
#include "review/win_chance.h"

namespace souk::review {
namespace {

ai::BotSpec SearchSpec(const ReviewOptions& options) {
  ai::BotSpec spec;
  spec.kind = ai::BotKind::kMcts;
  spec.iterations = options.budget;
  spec.threads = 1;  // one thread: a search's result is then a function of its seed
  return spec;
}

// The bot's continuation after `best`, in a deal of the mover's view: what it
// expects, not what the others held.
std::vector<std::string> BotLine(const GameState& world, const std::string& best, const ReviewOptions& options,
                                 uint64_t decision_seed) {
  std::vector<std::string> line;
  std::unique_ptr<GameState> next = world.Clone();
  if (!next->Apply(best).ok()) return line;
  auto bot = ai::MakeBot(next->game(), SearchSpec(options), MixSeed(decision_seed, kLineSalt));
  if (!bot.ok()) return line;
  while (static_cast<int>(line.size()) < options.line_plies && !next->is_over()) {
    const int mover = next->current_player();
    std::string move = mover == GameState::kChance ? next->SampleChance() : (*bot)->ChooseMove(next->PlayerView(mover));
    if (move.empty() || !next->Apply(move).ok()) break;
    line.push_back(std::move(move));
  }
  return line;
}

// A game without an MCTS (a registered game of the tests) has its legal moves all
// valued instead, up to this many.
constexpr size_t kMaxCandidatesWithoutSearch = 8;

// The moves to value against the one played: the search's first only, since the
// maximum of several noisy estimates would overstate the loss.
std::vector<std::string> Candidates(const GameState& world, int mover, const std::vector<std::string>& legal,
                                    const ReviewOptions& options, uint64_t decision_seed) {
  auto bot = ai::MakeBot(world.game(), SearchSpec(options), MixSeed(decision_seed, kSearchSalt));
  if (!bot.ok()) {
    const size_t count = std::min(legal.size(), kMaxCandidatesWithoutSearch);
    return std::vector<std::string>(legal.begin(), legal.begin() + static_cast<ptrdiff_t>(count));
  }
  const ai::TextAnalysis analysis = (*bot)->Analyse(world.PlayerView(mover));
  if (analysis.moves.empty()) return {};
  return {analysis.moves.front().move};
}

}  // namespace

Status CheckOptions(const ReviewOptions& options) {
  if (options.budget < 1 || options.budget > 1000000)
    return Status::Error("budget must be from 1 to 1000000 iterations, not " + std::to_string(options.budget));
  if (options.samples < 1 || options.samples > 10000)
    return Status::Error("samples must be from 1 to 10000, not " + std::to_string(options.samples));
  if (options.threads < 0 || options.threads > 256)
    return Status::Error("threads must be from 0 to 256, not " + std::to_string(options.threads));
  if (options.line_plies < 0 || options.line_plies > 40)
    return Status::Error("line must be from 0 to 40 plies, not " + std::to_string(options.line_plies));
  auto policy = ai::ParseBotSpec(options.playout);
  if (!policy.ok()) return Status::Error("playout: " + policy.message());
  return Status::Ok();
}

Flag FlagForLoss(double loss) {
  if (loss >= kBlunderLoss) return Flag::kBlunder;
  if (loss >= kMistakeLoss) return Flag::kMistake;
  if (loss >= kInaccuracyLoss) return Flag::kInaccuracy;
  return Flag::kNone;
}

std::string_view FlagName(Flag flag) {
  switch (flag) {
    case Flag::kNone: return "";
    case Flag::kInaccuracy: return "inaccuracy";
    case Flag::kMistake: return "mistake";
    case Flag::kBlunder: return "blunder";
  }
  return "";
}

double MoveAccuracy(double loss) {
  const double points = 100.0 * std::max(0.0, loss);
  return std::clamp(103.1668 * std::exp(-0.04354 * points) - 3.1669, 0.0, 100.0);
}

Result<DecisionReview> ReviewDecision(const GameState& at_decision, std::string_view played,
                                      const ReviewOptions& options, int ply) {
  if (Status valid = CheckOptions(options); !valid.ok()) return valid;
  const std::string where = "move " + std::to_string(ply + 1) + " ('" + std::string(played) + "'): ";
  if (at_decision.is_over()) return Status::Coded(ErrorCode::kGameOver, where + "the game is already over");
  const int mover = at_decision.current_player();
  if (mover == GameState::kChance) return Status::Error(where + "a chance move, not a player's decision");

  const uint64_t decision_seed = MixSeed(options.seed, static_cast<uint64_t>(ply));
  // First of all: nothing the mover could not see survives into the review.
  const std::unique_ptr<GameState> world = DealForObserver(at_decision, mover, MixSeed(decision_seed, kDealSalt));
  const std::vector<std::string> legal = world->LegalMoves();
  if (std::find(legal.begin(), legal.end(), played) == legal.end())
    return Status::Illegal(where + "not a legal move for player " + std::to_string(mover));

  DecisionReview review;
  review.ply = ply;
  review.seat = mover;
  review.played = std::string(played);
  const Playouts playouts{*ai::ParseBotSpec(options.playout), options.samples, MixSeed(decision_seed, kSamplesSalt)};
  review.played_value = EstimateWinChanceAfter(*world, played, mover, playouts);
  review.best = review.played;
  review.best_value = review.played_value;
  if (legal.size() == 1) {
    review.forced = true;
    return review;
  }

  for (const std::string& candidate : Candidates(*world, mover, legal, options, decision_seed)) {
    if (candidate == review.played) continue;
    const double candidate_value = EstimateWinChanceAfter(*world, candidate, mover, playouts);
    if (candidate_value > review.best_value) {
      review.best = candidate;
      review.best_value = candidate_value;
    }
  }
  review.loss = review.best_value - review.played_value;
  review.flag = FlagForLoss(review.loss);
  review.accuracy = MoveAccuracy(review.loss);
  if (options.line_plies > 0 && review.flag != Flag::kNone)
    review.line = BotLine(*world, review.best, options, decision_seed);
  return review;
}

}  // namespace souk::review
