// TD(λ) training of the learned evaluation; the method is described in
// jaipur_value_training.h.
#include "ai/jaipur/jaipur_value_training.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <charconv>
#include <cmath>
#include <memory>
#include <span>
#include <thread>

#include "ai/jaipur/jaipur_bots.h"
#include "ai/jaipur/jaipur_heuristic.h"
#include "ai/jaipur/jaipur_internal.h"
#include "ai/jaipur/jaipur_mcts.h"
#include "ai/jaipur/jaipur_value.h"
#include "core/jaipur/jaipur.h"
#include "core/prng.h"

namespace souk::ai::jaipur_bots {

using jaipur::State;

namespace {

constexpr double kHandSetScale = 6.0;  // MctsConfig::cap_scale, the search's old judge

// One round's positions from one player's side, and the seal that player won.
struct Side {
  std::vector<ValueFeatures> positions;
  std::vector<double> hand_set;  // the hand-set evaluation of each position
  double outcome = 0;
};

// How rounds are played: the rollout policy, or MCTS bots judging by `search_weights`.
struct SelfPlay {
  const ValueTrainingConfig* config;
  std::span<const float> search_weights;
};

// Plays round 1 of the game dealt by `deal_seed`, every draw from `policy_seed`.
std::array<Side, 2> PlayRound(const SelfPlay& play, uint64_t deal_seed, uint64_t policy_seed) {
  const ValueTrainingConfig& config = *play.config;
  std::array<Side, 2> sides;
  State state = State::NewGame(deal_seed);
  Prng policy(policy_seed);
  jaipur::MoveList scratch;
  std::array<std::unique_ptr<Bot>, 2> bots;
  if (config.search) {
    MctsConfig search_config;
    search_config.value_weights = play.search_weights;
    for (auto& bot : bots) bot = MakeMctsBot(*config.search, search_config, policy.Next());
  }
  // The bots' share of moves as a 32-bit threshold, as RolloutMove draws its epsilon.
  const auto rollout_share = static_cast<uint32_t>(config.epsilon * 4294967295.0);
  while (!state.game_over && state.round == 1) {
    for (int p = 0; p < 2; ++p) {
      Side& side = sides[static_cast<size_t>(p)];
      side.positions.emplace_back();
      ExtractValueFeatures(state, p, &side.positions.back());
      side.hand_set.push_back(
          Sigmoid((PositionValue(state, p) - PositionValue(state, 1 - p)) / kHandSetScale));
    }
    if (config.search && static_cast<uint32_t>(policy.Next()) >= rollout_share) {
      state.ApplyMove(bots[static_cast<size_t>(state.to_move)]->ChooseMove(state.ViewFor(state.to_move)));
    } else {
      state.ApplyMove(RolloutMove(state, policy, config.epsilon, &scratch));
    }
  }
  const int seal = state.last_round->seal;
  for (int p = 0; p < 2; ++p) sides[static_cast<size_t>(p)].outcome = seal < 0 ? 0.5 : (seal == p ? 1.0 : 0.0);
  return sides;
}

// Rounds [first, first + count) of a stream: round i dealt by deals[i - first], its
// policy seeded by mixing the stream's seed with i. Played `threads` at once, each
// into its own slot, so the result does not depend on the threads.
std::vector<std::array<Side, 2>> PlayRounds(const SelfPlay& play, const std::vector<uint64_t>& deals,
                                            uint64_t policy_stream, int64_t first) {
  std::vector<std::array<Side, 2>> rounds(deals.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < deals.size();) {
      Prng mix(policy_stream ^ (static_cast<uint64_t>(first) + i) * 0x9e3779b97f4a7c15ULL);
      rounds[i] = PlayRound(play, deals[i], mix.Next());
    }
  };
  const int threads = std::clamp(play.config->threads, 1, static_cast<int>(std::max<size_t>(1, deals.size())));
  std::vector<std::thread> helpers;
  for (int t = 1; t < threads; ++t) helpers.emplace_back(work);
  work();
  for (std::thread& helper : helpers) helper.join();
  return rounds;
}

std::vector<uint64_t> NextDeals(Prng& deals, int64_t count) {
  std::vector<uint64_t> seeds(static_cast<size_t>(count));
  for (uint64_t& seed : seeds) seed = deals.Next();
  return seeds;
}

struct Scored {
  double loss = 0;
  double correct = 0;
  int64_t n = 0;
  void Add(double predicted, double outcome) {
    const double p = std::clamp(predicted, 1e-9, 1 - 1e-9);
    loss -= outcome * std::log(p) + (1 - outcome) * std::log(1 - p);
    if (outcome != 0.5) correct += (p > 0.5) == (outcome > 0.5);
    ++n;
  }
  ValueTrainingPoint Point(int64_t rounds) const {
    return {rounds, loss / static_cast<double>(n), correct / static_cast<double>(n)};
  }
};

}  // namespace

ValueTrainingResult TrainValue(const ValueTrainingConfig& config,
                               const std::function<void(const ValueTrainingPoint&)>& progress) {
  assert(config.initial_weights.empty() || static_cast<int>(config.initial_weights.size()) == ValueFeatureCount());
  assert(!config.search || (config.search->budget.iterations > 0 && config.search->budget.time_ms == 0));
  ValueTrainingResult result;
  result.weights = config.initial_weights;
  result.weights.resize(static_cast<size_t>(ValueFeatureCount()), 0.0f);
  std::vector<float>& w = result.weights;
  // The search judges by a copy of the starting weights: what it plays stays fixed
  // while they learn, so rounds can be played ahead in batches.
  const std::vector<float> search_weights = config.initial_weights;
  const SelfPlay play{&config, search_weights.empty() ? LearnedValueWeights() : std::span<const float>(search_weights)};

  // The held-out rounds: deals and policy from their own streams.
  std::vector<Side> holdout;
  Prng holdout_deals(config.seed ^ 0x686f6c646f7574ULL);
  Scored hand_set;
  for (auto& round : PlayRounds(play, NextDeals(holdout_deals, config.holdout_rounds), config.seed ^ 0x706f6c696379ULL, 0)) {
    for (Side& side : round) {
      for (double h : side.hand_set) hand_set.Add(h, side.outcome);
      holdout.push_back(std::move(side));
    }
  }
  result.hand_set = hand_set.Point(0);
  result.holdout_positions = hand_set.n;
  auto measure = [&](int64_t rounds) {
    Scored scored;
    for (const Side& side : holdout)
      for (const ValueFeatures& f : side.positions) scored.Add(Sigmoid(ValueLogit(w, f)), side.outcome);
    result.curve.push_back(scored.Point(rounds));
    if (progress) progress(result.curve.back());
  };
  measure(0);

  Prng deals(config.seed);
  const uint64_t policy_stream = config.seed ^ 0x7472616e6eULL;
  const int64_t batch = 64 * static_cast<int64_t>(std::max(1, config.threads));
  std::vector<double> values;
  for (int64_t first = 0; first < config.rounds;) {
    // A batch ends at the next point of the curve.
    const int64_t next_report = (first / config.report_every + 1) * config.report_every;
    const int64_t count = std::min({batch, config.rounds - first, next_report - first});
    const auto rounds = PlayRounds(play, NextDeals(deals, count), policy_stream, first);
    for (int64_t i = 0; i < count; ++i) {
      const int64_t r = first + i;
      const double rate =
          config.learning_rate * (1.0 - 0.9 * static_cast<double>(r) / static_cast<double>(config.rounds));
      for (const Side& side : rounds[static_cast<size_t>(i)]) {
        const size_t n = side.positions.size();
        values.resize(n);
        for (size_t t = 0; t < n; ++t) values[t] = Sigmoid(ValueLogit(w, side.positions[t]));
        double target = side.outcome;  // G_T
        for (size_t t = n; t-- > 0;) {
          if (t + 1 < n) target = (1 - config.lambda) * values[t + 1] + config.lambda * target;
          const double step = rate * (target - values[t]);
          const ValueFeatures& f = side.positions[t];
          for (int k = 0; k < f.size; ++k)
            w[f.index[static_cast<size_t>(k)]] += static_cast<float>(step * f.value[static_cast<size_t>(k)]);
        }
      }
    }
    first += count;
    if (first % config.report_every == 0 || first == config.rounds) measure(first);
  }
  return result;
}

std::string WeightsInclude(const ValueTrainingResult& result, const std::string& command,
                           const std::vector<std::string>& ancestry) {
  auto fixed = [](double x, int digits) {
    char buffer[32];
    auto end = std::to_chars(buffer, buffer + sizeof buffer, x, std::chars_format::fixed, digits).ptr;
    return std::string(buffer, end);
  };
  std::string one_line = command;  // a newline in it would end the comment
  std::replace(one_line.begin(), one_line.end(), '\n', ' ');
  std::replace(one_line.begin(), one_line.end(), '\r', ' ');
  std::string text = "// Generated by `" + one_line + "`: do not edit.\n";
  // The runs before, most recent first, so that replaying them in reverse rebuilds this.
  for (const std::string& before : ancestry) text += "// Started from weights generated by `" + before + "`.\n";
  const ValueTrainingPoint& last = result.curve.back();
  text += "// Held-out positions: " + std::to_string(result.holdout_positions) + "; log loss " +
          fixed(last.log_loss, 4) + " (hand-set " + fixed(result.hand_set.log_loss, 4) + "), accuracy " +
          fixed(last.accuracy, 4) + " (hand-set " + fixed(result.hand_set.accuracy, 4) + ").\n";
  for (size_t i = 0; i < result.weights.size(); ++i) {
    char buffer[32];
    auto end = std::to_chars(buffer, buffer + sizeof buffer, result.weights[i]).ptr;
    std::string number(buffer, end);
    if (number.find_first_of(".e") == std::string::npos) number += ".0";  // 3f is no float literal
    text += number + "f,";
    text += (i % 8 == 7 || i + 1 == result.weights.size()) ? "\n" : " ";
  }
  return text;
}

Result<WeightsFile> ParseWeightsInclude(std::string_view text) {
  WeightsFile file;
  int line_number = 0;
  while (!text.empty()) {
    const size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    ++line_number;
    const std::string where = "line " + std::to_string(line_number) + ": ";
    if (line.starts_with("//")) {
      // The command between the first pair of backquotes, of each "Generated by" line.
      for (std::string_view lead : {"// Generated by `", "// Started from weights generated by `"}) {
        if (!line.starts_with(lead)) continue;
        const size_t close = line.find('`', lead.size());
        if (close == std::string_view::npos) return Status::Error(where + "a \"Generated by\" line without its closing `");
        file.generated_by.emplace_back(line.substr(lead.size(), close - lead.size()));
      }
      continue;
    }
    while (!line.empty()) {
      const size_t comma = line.find(',');
      std::string_view item = line.substr(0, comma);
      line.remove_prefix(comma == std::string_view::npos ? line.size() : comma + 1);
      while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
      while (!item.empty() && (item.back() == ' ' || item.back() == '\t' || item.back() == '\r')) item.remove_suffix(1);
      if (item.empty()) {
        if (comma == std::string_view::npos) break;  // a line's end
        return Status::Error(where + "an empty weight between two commas");
      }
      if (item.back() == 'f') item.remove_suffix(1);
      float value = 0;
      const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
      if (ec != std::errc() || ptr != item.data() + item.size() || !std::isfinite(value))
        return Status::Error(where + "\"" + std::string(item.substr(0, 40)) + "\" is not a weight");
      file.weights.push_back(value);
    }
  }
  if (static_cast<int>(file.weights.size()) != ValueFeatureCount()) {
    return Status::Error("it holds " + std::to_string(file.weights.size()) + " weights; the model has " +
                         std::to_string(ValueFeatureCount()) + " (a file from another version of the features?)");
  }
  return file;
}

}  // namespace souk::ai::jaipur_bots
